import { isRuleGroup, type Condition, type FlowGraph, type RuleGroup } from './flow';
import { FieldAccessMessages } from './change';
import { FlowMessages } from './messages';

/**
 * Shared so the flow designer can mark faulty nodes as the administrator edits; the server runs the same
 * check on every save. Saving a flow checks its meaning (the zod schema has checked its shape): one start, an end, every
 * node reachable from the start, an end reachable from every node, no cycles, every approve node has a
 * step, rules name existing form fields. Every problem is reported (STYLE: errors), each naming its node,
 * so the service can answer 422 with the first one and the designer can mark them all.
 */

export interface FlowIssue {
  /** The faulty node, or null for a problem of the whole flow (no start, no end). */
  nodeId: string | null;
  message: string;
}

function checkFieldAccess(
  node: FlowGraph['nodes'][number],
  fields: readonly { key: string; changeable: boolean }[] | undefined,
  add: (nodeId: string, message: string) => void,
): void {
  const access = Object.entries(node.fieldAccess ?? {});
  if (access.length === 0) return;
  if (node.type !== 'change') {
    add(node.id, FieldAccessMessages.notOnChangeNode(node.name));
    return;
  }
  if (!fields) return;
  for (const [key, what] of access) {
    const field = fields.find((f) => f.key === key);
    if (!field) add(node.id, FieldAccessMessages.unknownField(node.name, key));
    else if (what === 'edit' && !field.changeable) add(node.id, FieldAccessMessages.notChangeable(node.name, key));
  }
}

function fieldsOf(group: RuleGroup): string[] {
  return group.rules.flatMap((r: Condition | RuleGroup) => (isRuleGroup(r) ? fieldsOf(r) : r.on === 'field' ? [r.field] : []));
}

/** Nodes reachable from `from` following `edges`. */
function reach(from: readonly string[], edges: ReadonlyMap<string, readonly string[]>): Set<string> {
  const seen = new Set(from);
  const queue = [...from];
  for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
    for (const next of edges.get(id) ?? []) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen;
}

/** A node on a cycle (the target of the first back edge found by depth-first search), or null. */
function findCycle(ids: readonly string[], edges: ReadonlyMap<string, readonly string[]>): string | null {
  const state = new Map<string, 'open' | 'closed'>();
  const visit = (id: string): string | null => {
    state.set(id, 'open');
    for (const next of edges.get(id) ?? []) {
      const s = state.get(next);
      if (s === 'open') return next;
      if (s === undefined) {
        const hit = visit(next);
        if (hit !== null) return hit;
      }
    }
    state.set(id, 'closed');
    return null;
  };
  for (const id of ids) {
    if (state.has(id)) continue;
    const hit = visit(id);
    if (hit !== null) return hit;
  }
  return null;
}

/**
 * `formFields`: the keys link rules may name. `accessFields`: the fields a change node's permissions may name
 * (`fieldAccessFields`); left out, those permissions are not checked against the form.
 */
export function validateFlow(
  graph: FlowGraph,
  formFields: readonly string[],
  accessFields?: readonly { key: string; changeable: boolean }[],
): FlowIssue[] {
  const issues: FlowIssue[] = [];
  const add = (nodeId: string | null, message: string) => issues.push({ nodeId, message });
  const byId = new Map<string, FlowGraph['nodes'][number]>();
  for (const node of graph.nodes) {
    if (byId.has(node.id)) add(node.id, FlowMessages.duplicateNode(node.id));
    else byId.set(node.id, node);
  }
  const name = (id: string) => byId.get(id)?.name ?? id;

  const starts = graph.nodes.filter((n) => n.type === 'start');
  if (starts.length === 0) add(null, FlowMessages.noStart);
  for (const extra of starts.slice(1)) add(extra.id, FlowMessages.multipleStart(extra.name));
  const ends = graph.nodes.filter((n) => n.type === 'end');
  if (ends.length === 0) add(null, FlowMessages.noEnd);

  const out = new Map<string, string[]>();
  const into = new Map<string, string[]>();
  const defaults = new Map<string, number>();
  const fields = new Set(formFields);
  for (const link of graph.links) {
    if (!byId.has(link.from) || !byId.has(link.to)) {
      add(byId.has(link.from) ? link.from : link.to, FlowMessages.danglingLink(name(byId.has(link.from) ? link.from : link.to)));
      continue;
    }
    out.set(link.from, [...(out.get(link.from) ?? []), link.to]);
    into.set(link.to, [...(into.get(link.to) ?? []), link.from]);
    if (link.isDefault) defaults.set(link.from, (defaults.get(link.from) ?? 0) + 1);
    for (const field of new Set(fieldsOf(link.rules))) {
      if (!fields.has(field)) add(link.from, FlowMessages.unknownField(name(link.from), field));
    }
  }

  for (const node of byId.values()) {
    if (node.type === 'start' && (into.get(node.id)?.length ?? 0) > 0) add(node.id, FlowMessages.startHasIncoming(node.name));
    if (node.type === 'end' && (out.get(node.id)?.length ?? 0) > 0) add(node.id, FlowMessages.endHasOutgoing(node.name));
    if ((defaults.get(node.id) ?? 0) > 1) add(node.id, FlowMessages.multipleDefault(node.name));
    if (node.type === 'approve' && node.steps.length === 0) add(node.id, FlowMessages.noSteps(node.name));
    // A change node is a person's turn to edit: without a step nobody would, and the node would pass unseen.
    if (node.type === 'change' && node.steps.length === 0) add(node.id, FieldAccessMessages.noSteps(node.name));
    if (node.type !== 'approve' && node.type !== 'change' && node.steps.length > 0) add(node.id, FlowMessages.stepsNotAllowed(node.name));
    checkFieldAccess(node, accessFields, add);
    for (const step of node.steps) {
      if (step.source.kind === 'users' && step.source.userIds.length === 0) add(node.id, FlowMessages.emptyUsers(node.name, step.name));
    }
  }

  const ids = [...byId.keys()];
  const start = starts[0];
  if (start) {
    const reached = reach([start.id], out);
    // An extra start is reported as such, not again as unreachable.
    for (const id of ids) if (!reached.has(id) && byId.get(id)?.type !== 'start') add(id, FlowMessages.unreachable(name(id)));
  }
  if (ends.length > 0) {
    const toEnd = reach(
      ends.map((e) => e.id),
      into,
    );
    for (const id of ids) if (!toEnd.has(id)) add(id, FlowMessages.deadEnd(name(id)));
  }
  const cyclic = findCycle(ids, out);
  if (cyclic !== null) add(cyclic, FlowMessages.cycle(name(cyclic)));
  return issues;
}
