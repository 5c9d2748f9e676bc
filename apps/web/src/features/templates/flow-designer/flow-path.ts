import { chooseLink, deptPathOf, type Dept, type RuleInput, type RuleScalar } from '@osp/shared';
import type { Block, Branch, ConditionBlock, FlowTree } from './flow-tree';

export interface TreePath {
  nodeIds: Set<string>;
  branchIds: Set<string>;
  /** The route ran from start to end through the tree. */
  isComplete: boolean;
}

function firstNodeId(branch: Branch): string | undefined {
  const first = branch.blocks[0];
  return first?.kind === 'node' ? first.node.id : undefined;
}

/**
 * Marks the nodes and branches a route (computeRoute's, or the server preview's node ids) passes. Only
 * empty branches are ambiguous (several may lead straight to the same continuation); the rule input then
 * decides as the engine does, else the first by priority is taken.
 */
export function pathInTree(tree: FlowTree, route: readonly string[], input?: RuleInput): TreePath {
  const path: TreePath = { nodeIds: new Set(), branchIds: new Set(), isComplete: false };
  if (route[0] !== tree.start.id) return path;
  path.nodeIds.add(tree.start.id);
  let i = 1;
  const pick = (block: ConditionBlock, candidates: Branch[]): Branch | undefined => {
    if (candidates.length <= 1 || !input) return candidates[0];
    const links = block.branches.map((br, priority) => ({
      id: br.id,
      from: block.id,
      to: br.id,
      priority,
      isDefault: br.isDefault,
      rules: br.rules,
    }));
    const chosen = chooseLink(links, block.id, input);
    return candidates.find((c) => c.id === chosen?.id) ?? candidates[0];
  };
  const walk = (blocks: readonly Block[]): boolean => {
    for (const block of blocks) {
      if (block.kind === 'node') {
        if (route[i] !== block.node.id) return false;
        path.nodeIds.add(block.node.id);
        i++;
        continue;
      }
      const next = route[i];
      const direct = block.branches.filter((br) => firstNodeId(br) === next);
      const branch = pick(block, direct.length > 0 ? direct : block.branches.filter((br) => br.blocks.length === 0));
      if (!branch) return false;
      path.branchIds.add(branch.id);
      if (!walk(branch.blocks)) return false;
    }
    return true;
  };
  if (walk(tree.blocks) && route[i] === tree.end.id) {
    path.nodeIds.add(tree.end.id);
    path.isComplete = i === route.length - 1;
  }
  return path;
}

/**
 * What the 预览's own route gives the shared rules: the sample values and the sample initiator's department with
 * every department above it (from the directory's tree, as the engine reads it), so that 属于 技术部 takes in
 * 研发组. The initiator's jobs are not known here: job rules count as unmet until the server answers.
 */
export function previewRuleInput(
  form: Readonly<Record<string, RuleScalar | readonly RuleScalar[]>>,
  deptId: number,
  depts: readonly Dept[],
): RuleInput {
  const parents = new Map<number, number | null>();
  const visit = (list: readonly Dept[]) => {
    for (const d of list) {
      parents.set(d.id, d.parent_id);
      visit(d.children);
    }
  };
  visit(depts);
  return { form, initiator: { deptId, deptPath: deptPathOf(deptId, (id) => parents.get(id)), jobIds: [] } };
}
