import {
  FlowDesignerMessages as M,
  FlowDesignerTexts as T,
  type FlowGraph,
  type FlowLink,
  type FlowNode,
  type FlowSettings,
  type RuleGroup,
  type StepDef,
} from '@osp/shared';

/*
 * The builder tree of the flow designer: start, a sequence of blocks, end. A block is a node (approve,
 * archive, change) or a condition block whose branches each hold rules, a default flag and their own
 * sequence. The stored model stays the general graph; `toGraph` compiles a tree into it and `fromGraph`
 * decompiles a graph back, refusing (with the reason) what a tree cannot say.
 *
 * The one structural rule: a condition block follows a node of its own sequence (start counts at the top
 * level), because its branches are the links leaving that node. So a branch never starts with a condition
 * block and two condition blocks are never adjacent; the edits (flow-edit.ts) keep it.
 *
 * Pure: no React, no I/O.
 */

export type AddableNodeType = 'approve' | 'archive' | 'change';
export type AddKind = AddableNodeType | 'condition';

export interface NodeBlock {
  kind: 'node';
  node: FlowNode;
}

export interface Branch {
  /** Becomes the id of the link that enters the branch. */
  id: string;
  rules: RuleGroup;
  /** 其他情况: tried after every other branch; at most one per block, always the last. */
  isDefault: boolean;
  blocks: Block[];
}

export interface ConditionBlock {
  kind: 'condition';
  id: string;
  /** In priority order: the first is tried first. */
  branches: Branch[];
}

export type Block = NodeBlock | ConditionBlock;

export interface FlowTree {
  start: FlowNode;
  end: FlowNode;
  blocks: Block[];
  settings: FlowSettings;
}

/** A place in the tree: a sequence (null: the top level, else the branch's id) and an index in it. */
export interface Position {
  branchId: string | null;
  index: number;
}

export type FromGraphResult = { ok: true; tree: FlowTree } | { ok: false; reason: string };

/** An empty rule group: always matches (a plain link). */
export const ALWAYS: RuleGroup = { logic: 'and', rules: [] };

export const DEFAULT_SETTINGS: FlowSettings = {
  emptyHandler: 'skip',
  adminUserId: null,
  resubmit: 'restart',
  approverDedup: 'none',
  initiatorApproves: 'skip',
};

export function blockId(block: Block): string {
  return block.kind === 'node' ? block.node.id : block.id;
}

// ---------- defaults ----------

/** 直属主管, 或签: the step a new approve node starts with. */
export function leaderStep(id: string): StepDef {
  return { id, name: '直属主管', type: 'orsign', source: { kind: 'leader', levels: 1 } };
}

/** A template without a flow yet: start → 直属主管审批 (the initiator's leader) → end. */
export function defaultTree(): FlowTree {
  return {
    start: { id: 'start', type: 'start', name: '发起', steps: [] },
    end: { id: 'end', type: 'end', name: '结束', steps: [] },
    blocks: [{ kind: 'node', node: { id: 'node1', type: 'approve', name: '直属主管审批', steps: [leaderStep('node1-1')] } }],
    settings: { ...DEFAULT_SETTINGS },
  };
}

// ---------- compile ----------

/** The first node of a sequence, or `cont` when it is empty. A sequence never starts with a condition block except at the top. */
function entryOf(blocks: readonly Block[], index: number, cont: string): string {
  const block = blocks[index];
  if (block === undefined) return cont;
  if (block.kind === 'node') return block.node.id;
  throw new Error('flow tree: a condition block must follow a node');
}

/**
 * Emits the links of one sequence. `from` is the node whose outgoing links are still to be written
 * (null at the head of a branch: the branch's own link enters it); `cont` is where the sequence continues.
 */
function emitSequence(blocks: readonly Block[], from: string | null, cont: string, nodes: FlowNode[], links: FlowLink[]): void {
  let pending = from;
  blocks.forEach((block, i) => {
    if (block.kind === 'node') {
      nodes.push(block.node);
      if (pending !== null) links.push(plainLink(pending, block.node.id));
      pending = block.node.id;
      return;
    }
    if (pending === null) throw new Error('flow tree: a condition block must follow a node');
    const source = pending;
    const next = entryOf(blocks, i + 1, cont);
    block.branches.forEach((branch, priority) => {
      links.push({
        id: branch.id,
        from: source,
        to: entryOf(branch.blocks, 0, next),
        priority,
        isDefault: branch.isDefault,
        rules: branch.rules,
      });
      emitSequence(branch.blocks, null, next, nodes, links);
    });
    pending = null;
  });
  if (pending !== null) links.push(plainLink(pending, cont));
}

function plainLink(from: string, to: string): FlowLink {
  return { id: `${from}>${to}`, from, to, priority: 0, isDefault: false, rules: ALWAYS };
}

/**
 * The graph of a tree. Deterministic: nodes in display order (start, depth first, end); a branch's link
 * keeps the branch id, a plain link is `<from>><to>`; priorities are the branch order (0 first).
 */
export function toGraph(tree: FlowTree): FlowGraph {
  const nodes: FlowNode[] = [tree.start];
  const links: FlowLink[] = [];
  emitSequence(tree.blocks, tree.start.id, tree.end.id, nodes, links);
  nodes.push(tree.end);
  // Ids from an edited graph could in theory meet a generated one; a suffix keeps them unique.
  const used = new Set<string>();
  const unique = links.map((link) => {
    let id = link.id;
    for (let n = 2; used.has(id); n++) id = `${link.id}#${n}`;
    used.add(id);
    return id === link.id ? link : { ...link, id };
  });
  return { nodes, links: unique, settings: tree.settings };
}

// ---------- decompile ----------

type Outgoing = ReadonlyMap<string, readonly FlowLink[]>;

/** A node's links in the order chooseLink tries them: by priority, then list order; the default last. */
function sortedOut(graph: FlowGraph): Map<string, FlowLink[]> {
  const out = new Map<string, { link: FlowLink; i: number }[]>();
  graph.links.forEach((link, i) => out.set(link.from, [...(out.get(link.from) ?? []), { link, i }]));
  return new Map(
    [...out].map(([from, list]) => [
      from,
      list
        .sort((a, b) => Number(a.link.isDefault) - Number(b.link.isDefault) || a.link.priority - b.link.priority || a.i - b.i)
        .map((x) => x.link),
    ]),
  );
}

function isPlain(link: FlowLink): boolean {
  return !link.isDefault && link.rules.rules.length === 0;
}

/** Topological order, or the first node left on a cycle. */
function topoOrder(ids: readonly string[], out: Outgoing): { order: string[] } | { cycleAt: string } {
  const indegree = new Map(ids.map((id) => [id, 0]));
  for (const links of out.values()) for (const l of links) indegree.set(l.to, (indegree.get(l.to) ?? 0) + 1);
  const queue = ids.filter((id) => indegree.get(id) === 0);
  const order: string[] = [];
  for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
    order.push(id);
    for (const l of out.get(id) ?? []) {
      const left = (indegree.get(l.to) ?? 0) - 1;
      indegree.set(l.to, left);
      if (left === 0) queue.push(l.to);
    }
  }
  if (order.length === ids.length) return { order };
  return { cycleAt: ids.find((id) => !order.includes(id)) ?? ids[0] ?? '' };
}

/** Immediate post-dominators of an acyclic graph with one end: where the branches leaving a node meet again. */
function postDominators(order: readonly string[], out: Outgoing, endId: string): Map<string, string> {
  const ipdom = new Map<string, string>();
  const depth = new Map<string, number>([[endId, 0]]);
  const meet = (a: string, b: string): string => {
    let x = a;
    let y = b;
    while (x !== y) {
      const dx = depth.get(x) ?? 0;
      const dy = depth.get(y) ?? 0;
      if (dx >= dy) x = ipdom.get(x) ?? endId;
      if (dy >= dx) y = ipdom.get(y) ?? endId;
    }
    return x;
  };
  for (const id of [...order].reverse()) {
    if (id === endId) continue;
    const targets = (out.get(id) ?? []).map((l) => l.to);
    const first = targets[0];
    if (first === undefined) continue;
    const join = targets.slice(1).reduce(meet, first);
    ipdom.set(id, join);
    depth.set(id, (depth.get(join) ?? 0) + 1);
  }
  return ipdom;
}

function reachable(from: string, next: (id: string) => readonly string[]): Set<string> {
  const seen = new Set([from]);
  const queue = [from];
  for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
    for (const n of next(id)) {
      if (!seen.has(n)) {
        seen.add(n);
        queue.push(n);
      }
    }
  }
  return seen;
}

class NotExpressible extends Error {}

/** What a graph means to the engine, independent of ids, priorities' values and node order. */
function signature(graph: FlowGraph): string {
  const out = sortedOut(graph);
  const nodes = [...graph.nodes].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return JSON.stringify({
    nodes,
    links: nodes.map((n) => (out.get(n.id) ?? []).map((l) => [l.to, l.isDefault, l.rules])),
    settings: graph.settings,
  });
}

/**
 * The builder tree of a graph, or why there is none: one start, one end, no cycle, every node on a
 * path from start to end, and branches that nest (a branch's nodes are nobody else's). The branches
 * leaving a node meet again at its immediate post-dominator, which is where the condition block ends.
 */
export function fromGraph(graph: FlowGraph): FromGraphResult {
  const byId = new Map<string, FlowNode>();
  for (const node of graph.nodes) {
    if (byId.has(node.id)) return { ok: false, reason: M.duplicateNode(node.id) };
    byId.set(node.id, node);
  }
  const name = (id: string) => byId.get(id)?.name ?? id;
  const starts = graph.nodes.filter((n) => n.type === 'start');
  const ends = graph.nodes.filter((n) => n.type === 'end');
  const start = starts[0];
  const end = ends[0];
  if (!start) return { ok: false, reason: M.noStart };
  if (starts.length > 1) return { ok: false, reason: M.manyStarts };
  if (!end) return { ok: false, reason: M.noEnd };
  if (ends.length > 1)
    return {
      ok: false,
      reason: M.manyEnds(ends.map((e) => e.name)),
    };
  if (graph.links.some((l) => !byId.has(l.from) || !byId.has(l.to))) return { ok: false, reason: M.danglingLink };
  if (graph.links.some((l) => l.to === start.id)) return { ok: false, reason: M.intoStart };
  if (graph.links.some((l) => l.from === end.id)) return { ok: false, reason: M.fromEnd };

  const out = sortedOut(graph);
  const ids = graph.nodes.map((n) => n.id);
  const topo = topoOrder(ids, out);
  if ('cycleAt' in topo) return { ok: false, reason: M.cycle(name(topo.cycleAt)) };
  const fromStart = reachable(start.id, (id) => (out.get(id) ?? []).map((l) => l.to));
  const into = new Map<string, string[]>();
  for (const l of graph.links) into.set(l.to, [...(into.get(l.to) ?? []), l.from]);
  const toEnd = reachable(end.id, (id) => into.get(id) ?? []);
  for (const id of ids) {
    if (!fromStart.has(id)) return { ok: false, reason: M.unreachable(name(id)) };
    if (!toEnd.has(id)) return { ok: false, reason: M.deadEnd(name(id)) };
    if ((out.get(id) ?? []).filter((l) => l.isDefault).length > 1) return { ok: false, reason: M.manyDefaults(name(id)) };
  }

  const ipdom = postDominators(topo.order, out, end.id);
  const visited = new Set<string>();

  /** The blocks leaving `id` (a condition block, or nothing for a plain link); answers where the sequence goes on. */
  const follow = (id: string, blocks: Block[]): string => {
    const links = out.get(id) ?? [];
    const only = links[0];
    if (links.length === 1 && only && isPlain(only)) return only.to;
    const join = ipdom.get(id) ?? end.id;
    blocks.push({
      kind: 'condition',
      id: `cond-${id}`,
      branches: links.map((link) => ({ id: link.id, rules: link.rules, isDefault: link.isDefault, blocks: sequence(link.to, join) })),
    });
    return join;
  };
  const sequence = (entry: string, stop: string): Block[] => {
    const blocks: Block[] = [];
    for (let id = entry; id !== stop;) {
      const node = byId.get(id);
      if (!node || node.type === 'start' || node.type === 'end') throw new NotExpressible(M.notStructured);
      if (visited.has(id)) throw new NotExpressible(M.crossing(node.name));
      visited.add(id);
      blocks.push({ kind: 'node', node });
      id = follow(id, blocks);
    }
    return blocks;
  };

  try {
    const blocks: Block[] = [];
    const first = follow(start.id, blocks);
    blocks.push(...sequence(first, end.id));
    const tree: FlowTree = { start, end, blocks, settings: graph.settings };
    // The parse follows the post-dominators; what it built must mean exactly what the graph means.
    if (signature(toGraph(tree)) !== signature(graph)) return { ok: false, reason: M.notStructured };
    return { ok: true, tree };
  } catch (error) {
    if (error instanceof NotExpressible) return { ok: false, reason: error.message };
    throw error;
  }
}

// ---------- look-ups ----------

export interface SequenceRef {
  branchId: string | null;
  blocks: Block[];
}

/** Every sequence of the tree, top level first, depth first. */
export function sequences(tree: FlowTree): SequenceRef[] {
  const all: SequenceRef[] = [];
  const walk = (branchId: string | null, blocks: Block[]) => {
    all.push({ branchId, blocks });
    for (const b of blocks) if (b.kind === 'condition') for (const br of b.branches) walk(br.id, br.blocks);
  };
  walk(null, tree.blocks);
  return all;
}

export function sequenceOf(tree: FlowTree, branchId: string | null): Block[] | undefined {
  return sequences(tree).find((s) => s.branchId === branchId)?.blocks;
}

export interface BlockLocation {
  branchId: string | null;
  index: number;
  block: Block;
}

export function locateBlock(tree: FlowTree, id: string): BlockLocation | undefined {
  for (const seq of sequences(tree)) {
    const index = seq.blocks.findIndex((b) => blockId(b) === id);
    const block = seq.blocks[index];
    if (block) return { branchId: seq.branchId, index, block };
  }
  return undefined;
}

export interface BranchLocation {
  block: ConditionBlock;
  index: number;
  branch: Branch;
}

export function locateBranch(tree: FlowTree, branchId: string): BranchLocation | undefined {
  for (const seq of sequences(tree)) {
    for (const b of seq.blocks) {
      if (b.kind !== 'condition') continue;
      const index = b.branches.findIndex((br) => br.id === branchId);
      const branch = b.branches[index];
      if (branch) return { block: b, index, branch };
    }
  }
  return undefined;
}

export function findNode(tree: FlowTree, nodeId: string): FlowNode | undefined {
  if (tree.start.id === nodeId) return tree.start;
  if (tree.end.id === nodeId) return tree.end;
  const hit = locateBlock(tree, nodeId)?.block;
  return hit?.kind === 'node' ? hit.node : undefined;
}

/** 条件1, 条件2 … by position; the default branch is 其他情况. */
export function branchLabel(block: ConditionBlock, branch: Branch): string {
  return branch.isDefault ? T.defaultBranch : T.branchLabel(block.branches.indexOf(branch));
}
