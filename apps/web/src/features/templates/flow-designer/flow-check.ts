import {
  FlowDesignerMessages as M,
  FlowMessages,
  fieldAccessFields,
  ruleFieldKeys,
  validateFlow,
  type FlowGraph,
  type FormSchema,
} from '@osp/shared';
import { branchLabel, fromGraph, sequences, toGraph, type FlowTree } from './flow-model';
import { conditionsOf, isConditionComplete, subjectOf } from './rule-model';
import { messageText } from '../../../components/HtmlMessage';

/*
 * What the designer marks while the administrator edits: the shared validateFlow (the server's own
 * check on save) plus what that check does not see but a save or a bill would trip on — empty names,
 * a job step without a job, a condition without a value, a branch that hides the ones after it.
 */

export interface DesignerIssues {
  /** By node id: validateFlow's messages and the designer's own. */
  nodes: Map<string, string[]>;
  /** By branch id (shown on the branch card). */
  branches: Map<string, string[]>;
  /** Problems of the whole flow. */
  flow: string[];
  /** Branch issues that a save should still refuse, keyed by the node the branch leaves. */
  blocking: Map<string, string[]>;
}

function push(map: Map<string, string[]>, key: string, message: string): void {
  const list = map.get(key) ?? [];
  if (!list.includes(message)) map.set(key, [...list, message]);
}

export function designerIssues(tree: FlowTree, schema: FormSchema): DesignerIssues {
  const issues: DesignerIssues = { nodes: new Map(), branches: new Map(), flow: [], blocking: new Map() };
  const graph = toGraph(tree);
  for (const issue of validateFlow(graph, ruleFieldKeys(schema), fieldAccessFields(schema))) {
    // Shown as text beside the node: the names the shared messages escape read as typed.
    if (issue.nodeId === null) issues.flow.push(messageText(issue.message));
    else push(issues.nodes, issue.nodeId, messageText(issue.message));
  }
  // The settings' own rule (FlowSettingsZ) the server checks on save; validateFlow looks at the graph only.
  if (tree.settings.emptyHandler === 'admin' && tree.settings.adminUserId === null) issues.flow.push(FlowMessages.adminRequired);
  const leaving = new Map(graph.links.map((l) => [l.id, l.from]));
  for (const seq of sequences(tree)) {
    for (const block of seq.blocks) {
      if (block.kind === 'node') {
        const { node } = block;
        if (node.name.trim() === '') push(issues.nodes, node.id, M.nodeNameRequired);
        if (node.steps.some((s) => s.name.trim() === '')) push(issues.nodes, node.id, M.stepNameRequired(node.name));
        for (const step of node.steps) {
          if (step.source.kind === 'job' && !(step.source.jobId > 0)) push(issues.nodes, node.id, M.jobRequired(node.name, step.name));
        }
        continue;
      }
      block.branches.forEach((branch, i) => {
        const label = branchLabel(block, branch);
        const blocking = (message: string) => {
          push(issues.branches, branch.id, message);
          const from = leaving.get(branch.id);
          if (from !== undefined) push(issues.blocking, from, message);
        };
        for (const { condition } of conditionsOf(branch.rules)) {
          const subject = subjectOf(condition, schema);
          if (!subject) {
            if (condition.on === 'field') blocking(M.conditionUnknownField(label, condition.field));
          } else if (!isConditionComplete(condition, subject)) blocking(M.conditionIncomplete(label, subject.label));
        }
        const isShadowing = !branch.isDefault && branch.rules.rules.length === 0 && i < block.branches.length - 1;
        if (isShadowing) push(issues.branches, branch.id, M.branchShadows(label));
      });
    }
  }
  return issues;
}

/**
 * The designer's check of a flow before saving, keyed like the API's 422 ('flow.<nodeId>', 'flow'):
 * empty when the server's validation would pass and every condition has a value. For the design page.
 */
export function checkFlow(graph: FlowGraph, schema: FormSchema): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (key: string, message: string) => {
    const list = (errors[key] ??= []);
    if (!list.includes(message)) list.push(message);
  };
  const parsed = fromGraph(graph);
  if (!parsed.ok) {
    for (const issue of validateFlow(graph, ruleFieldKeys(schema), fieldAccessFields(schema)))
      add(issue.nodeId === null ? 'flow' : `flow.${issue.nodeId}`, messageText(issue.message));
    return errors;
  }
  const issues = designerIssues(parsed.tree, schema);
  for (const message of issues.flow) add('flow', message);
  for (const [nodeId, messages] of issues.nodes) for (const m of messages) add(`flow.${nodeId}`, m);
  for (const [nodeId, messages] of issues.blocking) for (const m of messages) add(`flow.${nodeId}`, m);
  return errors;
}
