import { FlowDesignerTexts as T, type FlowNode, type FlowSettings, type RuleGroup, type StepDef } from '@osp/shared';
import {
  ALWAYS,
  blockId,
  branchLabel,
  findNode,
  leaderStep,
  locateBlock,
  locateBranch,
  sequenceOf,
  sequences,
  type AddableNodeType,
  type AddKind,
  type Block,
  type Branch,
  type ConditionBlock,
  type FlowTree,
  type Position,
} from './flow-tree';

/*
 * Editing the builder tree. Every edit returns a new tree and keeps the structural rule (a condition
 * block follows a node of its sequence); an edit that is not allowed returns the same tree object —
 * callers disable the action with the matching `can…` check, so this is a safety net.
 */

const NODE_KINDS: readonly AddableNodeType[] = ['approve', 'archive', 'change'];

// ---------- the structural rule ----------

/** A condition block follows a node (at the top level, start is that node). */
export function isSequenceValid(blocks: readonly Block[], isTopLevel: boolean): boolean {
  return blocks.every((b, i) => b.kind !== 'condition' || (i === 0 ? isTopLevel : blocks[i - 1]?.kind === 'node'));
}

/** What the add menu offers at a position: nodes anywhere, a condition block only right after a node and not before another condition block. */
export function allowedKinds(tree: FlowTree, at: Position): AddKind[] {
  const blocks = sequenceOf(tree, at.branchId);
  if (!blocks || at.index < 0 || at.index > blocks.length) return [];
  const before = at.index === 0 ? (at.branchId === null ? 'start' : 'none') : blocks[at.index - 1]?.kind;
  const after = blocks[at.index]?.kind;
  const canCondition = (before === 'start' || before === 'node') && after !== 'condition';
  return canCondition ? [...NODE_KINDS, 'condition'] : [...NODE_KINDS];
}

export interface InsertionPoint {
  at: Position;
  /** The item the point follows, for the button's label (「在「X」之后添加」). */
  afterLabel: string;
  allowed: AddKind[];
}

/** Every place a "+" appears, in display order: after start, after each block, at the head of each branch. */
export function insertionPoints(tree: FlowTree): InsertionPoint[] {
  const points: InsertionPoint[] = [];
  const walk = (branchId: string | null, blocks: readonly Block[], headLabel: string) => {
    const point = (index: number, afterLabel: string) => {
      const at = { branchId, index };
      points.push({ at, afterLabel, allowed: allowedKinds(tree, at) });
    };
    point(0, headLabel);
    blocks.forEach((block, i) => {
      if (block.kind === 'condition') for (const br of block.branches) walk(br.id, br.blocks, branchLabel(block, br));
      point(i + 1, block.kind === 'node' ? block.node.name : T.conditionBlock);
    });
  };
  walk(null, tree.blocks, T.initiator);
  return points;
}

// ---------- ids ----------

function usedIds(tree: FlowTree): Set<string> {
  const used = new Set<string>([tree.start.id, tree.end.id]);
  for (const seq of sequences(tree)) {
    if (seq.branchId !== null) used.add(seq.branchId);
    for (const b of seq.blocks) {
      used.add(blockId(b));
      if (b.kind === 'node') for (const s of b.node.steps) used.add(s.id);
    }
  }
  return used;
}

/** `<prefix><n>` with the smallest n ≥ 1 not in use: deterministic, so tests and reviews see stable ids. */
function freshId(used: Set<string>, prefix: string): string {
  let n = 1;
  while (used.has(`${prefix}${n}`)) n++;
  const id = `${prefix}${n}`;
  used.add(id);
  return id;
}

// ---------- edits ----------

function mapSequences(blocks: readonly Block[], branchId: string | null, edit: (blocks: Block[]) => Block[], isHere: boolean): Block[] {
  const here = isHere ? edit([...blocks]) : [...blocks];
  return here.map((b) =>
    b.kind === 'condition'
      ? {
          ...b,
          branches: b.branches.map((br) => ({ ...br, blocks: mapSequences(br.blocks, branchId, edit, br.id === branchId) })),
        }
      : b,
  );
}

/** Applies `edit` to one sequence. */
function editSequence(tree: FlowTree, branchId: string | null, edit: (blocks: Block[]) => Block[]): FlowTree {
  return { ...tree, blocks: mapSequences(tree.blocks, branchId, edit, branchId === null) };
}

/** Applies `edit` to the condition block holding `branchId`. */
function editBlockOf(tree: FlowTree, branchId: string, edit: (block: ConditionBlock) => ConditionBlock | null): FlowTree {
  const seq = sequences(tree).find((s) => s.blocks.some((b) => b.kind === 'condition' && b.branches.some((br) => br.id === branchId)));
  if (!seq) return tree;
  return editSequence(tree, seq.branchId, (blocks) =>
    blocks.flatMap((b) => {
      if (b.kind !== 'condition' || !b.branches.some((br) => br.id === branchId)) return [b];
      const next = edit(b);
      return next ? [next] : [];
    }),
  );
}

function newNode(tree: FlowTree, type: AddableNodeType): FlowNode {
  const used = usedIds(tree);
  const id = freshId(used, 'node');
  switch (type) {
    case 'approve':
      return { id, type, name: '审批人', steps: [leaderStep(freshId(used, `${id}-`))] };
    case 'archive':
      return { id, type, name: '归档', steps: [] };
    case 'change':
      // Someone must hold the node to edit the form; the administrator picks the fields in its drawer.
      return { id, type, name: '变更', steps: [leaderStep(freshId(used, `${id}-`))], fieldAccess: {} };
  }
}

export function canInsert(tree: FlowTree, at: Position, kind: AddKind): boolean {
  return allowedKinds(tree, at).includes(kind);
}

export function addNode(tree: FlowTree, at: Position, type: AddableNodeType): FlowTree {
  if (!canInsert(tree, at, type)) return tree;
  const node = newNode(tree, type);
  return editSequence(tree, at.branchId, (blocks) => [...blocks.slice(0, at.index), { kind: 'node', node }, ...blocks.slice(at.index)]);
}

/** A condition block with 条件1 (no rules yet) and the default 其他情况, both empty: the flow goes on after the block. */
export function addConditionBlock(tree: FlowTree, at: Position): FlowTree {
  if (!canInsert(tree, at, 'condition')) return tree;
  const used = usedIds(tree);
  const block: ConditionBlock = {
    kind: 'condition',
    id: freshId(used, 'cond'),
    branches: [
      { id: freshId(used, 'branch'), rules: ALWAYS, isDefault: false, blocks: [] },
      { id: freshId(used, 'branch'), rules: ALWAYS, isDefault: true, blocks: [] },
    ],
  };
  return editSequence(tree, at.branchId, (blocks) => [...blocks.slice(0, at.index), block, ...blocks.slice(at.index)]);
}

/** A new branch without rules, placed before the default branch (which stays last). */
export function addBranch(tree: FlowTree, conditionBlockId: string): FlowTree {
  const loc = locateBlock(tree, conditionBlockId);
  if (loc?.block.kind !== 'condition') return tree;
  const branch: Branch = { id: freshId(usedIds(tree), 'branch'), rules: ALWAYS, isDefault: false, blocks: [] };
  return editSequence(tree, loc.branchId, (blocks) =>
    blocks.map((b) => {
      if (blockId(b) !== conditionBlockId || b.kind !== 'condition') return b;
      const at = b.branches.findIndex((br) => br.isDefault);
      const branches = at === -1 ? [...b.branches, branch] : [...b.branches.slice(0, at), branch, ...b.branches.slice(at)];
      return { ...b, branches };
    }),
  );
}

/**
 * Removes a branch with its nodes. The last branch takes its block along (a condition block without
 * branches means nothing); a block left with one branch stays, since that branch's rules still guard the way.
 */
export function removeBranch(tree: FlowTree, branchId: string): FlowTree {
  return editBlockOf(tree, branchId, (block) => {
    const branches = block.branches.filter((br) => br.id !== branchId);
    return branches.length === 0 ? null : { ...block, branches };
  });
}

export function canMoveBranch(tree: FlowTree, branchId: string, direction: -1 | 1): boolean {
  const loc = locateBranch(tree, branchId);
  if (!loc) return false;
  const other = loc.block.branches[loc.index + direction];
  return other !== undefined && !other.isDefault && !loc.branch.isDefault;
}

/** Raises (-1) or lowers (+1) a branch's priority; the default branch stays last. */
export function moveBranch(tree: FlowTree, branchId: string, direction: -1 | 1): FlowTree {
  if (!canMoveBranch(tree, branchId, direction)) return tree;
  return editBlockOf(tree, branchId, (block) => {
    const branches = [...block.branches];
    const i = branches.findIndex((br) => br.id === branchId);
    const [a, b] = [branches[i], branches[i + direction]];
    if (!a || !b) return block;
    branches[i] = b;
    branches[i + direction] = a;
    return { ...block, branches };
  });
}

/**
 * Makes a branch the block's default (any other default becomes a plain branch) or a plain branch again.
 * The default's rules are cleared: the engine never evaluates them, so showing them would mislead.
 */
export function setDefaultBranch(tree: FlowTree, branchId: string, isDefault: boolean): FlowTree {
  return editBlockOf(tree, branchId, (block) => {
    const target = block.branches.find((br) => br.id === branchId);
    if (!target) return block;
    if (!isDefault) return { ...block, branches: block.branches.map((br) => (br.id === branchId ? { ...br, isDefault: false } : br)) };
    const others = block.branches.filter((br) => br.id !== branchId).map((br) => ({ ...br, isDefault: false }));
    return { ...block, branches: [...others, { ...target, isDefault: true, rules: ALWAYS }] };
  });
}

export function updateBranchRules(tree: FlowTree, branchId: string, rules: RuleGroup): FlowTree {
  return editBlockOf(tree, branchId, (block) => ({
    ...block,
    branches: block.branches.map((br) => (br.id === branchId ? { ...br, rules } : br)),
  }));
}

/** Removing a node must not leave a condition block without the node it follows. */
export function canRemoveBlock(tree: FlowTree, id: string): boolean {
  const loc = locateBlock(tree, id);
  if (!loc) return false;
  const blocks = sequenceOf(tree, loc.branchId) ?? [];
  return isSequenceValid(
    blocks.filter((b) => blockId(b) !== id),
    loc.branchId === null,
  );
}

/** Removes a node, or a condition block with all its branches. */
export function removeBlock(tree: FlowTree, id: string): FlowTree {
  if (!canRemoveBlock(tree, id)) return tree;
  const loc = locateBlock(tree, id);
  if (!loc) return tree;
  return editSequence(tree, loc.branchId, (blocks) => blocks.filter((b) => blockId(b) !== id));
}

function swapped(blocks: readonly Block[], index: number, direction: -1 | 1): Block[] | null {
  const a = blocks[index];
  const b = blocks[index + direction];
  if (!a || !b) return null;
  const next = [...blocks];
  next[index] = b;
  next[index + direction] = a;
  return next;
}

/** Up (-1) or down (+1) within the sequence, unless a condition block would lose the node it follows. */
export function canMoveBlock(tree: FlowTree, id: string, direction: -1 | 1): boolean {
  const loc = locateBlock(tree, id);
  if (!loc) return false;
  const next = swapped(sequenceOf(tree, loc.branchId) ?? [], loc.index, direction);
  return next !== null && isSequenceValid(next, loc.branchId === null);
}

export function moveBlock(tree: FlowTree, id: string, direction: -1 | 1): FlowTree {
  if (!canMoveBlock(tree, id, direction)) return tree;
  const loc = locateBlock(tree, id);
  if (!loc) return tree;
  return editSequence(tree, loc.branchId, (blocks) => swapped(blocks, loc.index, direction) ?? blocks);
}

export type NodePatch = Partial<Pick<FlowNode, 'name' | 'steps' | 'fieldAccess'>>;

export function updateNode(tree: FlowTree, nodeId: string, patch: NodePatch): FlowTree {
  const loc = locateBlock(tree, nodeId);
  if (loc?.block.kind !== 'node') return tree;
  return editSequence(tree, loc.branchId, (blocks) =>
    blocks.map((b) => (b.kind === 'node' && b.node.id === nodeId ? { kind: 'node', node: { ...b.node, ...patch } } : b)),
  );
}

/** Appends a step (直属主管, 或签) to an approve or change node. */
export function addStep(tree: FlowTree, nodeId: string): FlowTree {
  const node = findNode(tree, nodeId);
  if (node?.type !== 'approve' && node?.type !== 'change') return tree;
  const step = leaderStep(freshId(usedIds(tree), `${nodeId}-`));
  return updateNode(tree, nodeId, { steps: [...node.steps, step] });
}

export function updateStep(tree: FlowTree, nodeId: string, stepId: string, patch: Partial<Omit<StepDef, 'id'>>): FlowTree {
  const node = findNode(tree, nodeId);
  if (!node) return tree;
  return updateNode(tree, nodeId, { steps: node.steps.map((s) => (s.id === stepId ? { ...s, ...patch } : s)) });
}

export function removeStep(tree: FlowTree, nodeId: string, stepId: string): FlowTree {
  const node = findNode(tree, nodeId);
  if (!node) return tree;
  return updateNode(tree, nodeId, { steps: node.steps.filter((s) => s.id !== stepId) });
}

export function moveStep(tree: FlowTree, nodeId: string, stepId: string, direction: -1 | 1): FlowTree {
  const node = findNode(tree, nodeId);
  if (!node) return tree;
  const i = node.steps.findIndex((s) => s.id === stepId);
  const [a, b] = [node.steps[i], node.steps[i + direction]];
  if (!a || !b) return tree;
  const steps = [...node.steps];
  steps[i] = b;
  steps[i + direction] = a;
  return updateNode(tree, nodeId, { steps });
}

export function updateSettings(tree: FlowTree, patch: Partial<FlowSettings>): FlowTree {
  return { ...tree, settings: { ...tree.settings, ...patch } };
}
