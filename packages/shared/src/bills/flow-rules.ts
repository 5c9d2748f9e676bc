import { isRuleGroup, type Condition, type FlowGraph, type FlowLink, type RuleGroup } from './flow';
import { EngineMessages } from './messages';

/**
 * Link rules (SPEC `grouprules`), shared so that the flow designer's 预览 takes the path the server's
 * engine takes (apps/server/src/flow re-exports these). Values compare as numbers when both sides are numeric (amounts are
 * decimal strings), otherwise as strings (ISO dates then compare in time order). A missing field matches
 * only `ne`. The initiator's department counts with the departments above it (`RuleInitiator.deptPath`).
 */

export type RuleScalar = string | number | boolean | null;
export type RuleValue = RuleScalar | readonly RuleScalar[];
export type RuleValues = Readonly<Record<string, RuleValue>>;

/** What link rules may read of the initiator. */
export interface RuleInitiator {
  deptId: number;
  /**
   * The initiator's department and every department above it up to the root, nearest first (`deptPathOf`):
   * a department rule's 属于 takes in the departments below, as a template's starters do. Every caller that
   * knows the tree passes it (the engine, the designer's 预览 on both sides); without it only `deptId` counts.
   */
  deptPath?: readonly number[];
  jobIds: readonly number[];
}

export interface RuleInput {
  form: RuleValues;
  initiator: RuleInitiator;
}

type Operand = RuleScalar | readonly RuleScalar[];

function asNumber(v: RuleScalar): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.trim() !== '' && /^-?\d+(\.\d+)?$/.test(v.trim())) return Number(v);
  return null;
}

/** -1, 0, 1, or null when the two cannot be ordered. */
function compare(a: RuleScalar, b: RuleScalar): number | null {
  if (a === null || b === null) return null;
  const na = asNumber(a);
  const nb = asNumber(b);
  if (na !== null && nb !== null) return Math.sign(na - nb);
  // A number against text has no order (and is never equal).
  if (typeof a === 'number' || typeof b === 'number') return null;
  if (typeof a === 'boolean' || typeof b === 'boolean') return a === b ? 0 : null;
  const sa = String(a);
  const sb = String(b);
  return sa === sb ? 0 : sa < sb ? -1 : 1;
}

function equals(a: RuleScalar, b: RuleScalar): boolean {
  return compare(a, b) === 0;
}

function list(v: Operand): readonly RuleScalar[] {
  return Array.isArray(v) ? (v as readonly RuleScalar[]) : [v as RuleScalar];
}

/** One scalar field value against one operator. */
function testScalar(actual: RuleScalar, op: Condition['op'], expected: Operand): boolean {
  switch (op) {
    case 'eq':
      return !Array.isArray(expected) && equals(actual, expected as RuleScalar);
    case 'ne':
      return Array.isArray(expected) || !equals(actual, expected as RuleScalar);
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte': {
      if (Array.isArray(expected)) return false;
      const c = compare(actual, expected as RuleScalar);
      if (c === null) return false;
      return op === 'gt' ? c > 0 : op === 'gte' ? c >= 0 : op === 'lt' ? c < 0 : c <= 0;
    }
    case 'in':
      return list(expected).some((e) => equals(actual, e));
    case 'contains':
      return !Array.isArray(expected) && actual !== null && String(actual).includes(String(expected));
  }
}

function testField(actual: RuleValue | undefined, op: Condition['op'], expected: Operand): boolean {
  if (actual === undefined || actual === null || actual === '') return op === 'ne';
  if (Array.isArray(actual)) {
    const values = actual as readonly RuleScalar[];
    // A multi-choice field: contains/in/eq mean "one of the chosen values", ne means "none of them".
    if (op === 'contains') return list(expected).every((e) => values.some((v) => equals(v, e)));
    if (op === 'ne') return values.every((v) => testScalar(v, 'ne', expected));
    return values.some((v) => testScalar(v, op, expected));
  }
  return testScalar(actual as RuleScalar, op, expected);
}

/**
 * The department `deptId` and every one above it, nearest first, by `parentOf` (null or undefined at the
 * root or for an unknown department); a loop in bad data ends the walk.
 */
export function deptPathOf(deptId: number, parentOf: (id: number) => number | null | undefined): number[] {
  const path: number[] = [];
  for (let at: number | null | undefined = deptId; at != null && !path.includes(at); at = parentOf(at)) path.push(at);
  return path;
}

/**
 * Department and job rules: eq/in "is one of", ne "is none of". The initiator may hold several jobs; they
 * are in every department on their path, so 属于 技术部 takes in 研发组 under it and 不属于 leaves it out.
 */
function testMembership(held: readonly number[], op: 'eq' | 'ne' | 'in', expected: number | readonly number[]): boolean {
  const wanted = typeof expected === 'number' ? [expected] : expected;
  const hit = held.some((h) => wanted.includes(h));
  return op === 'ne' ? !hit : hit;
}

export function evaluateCondition(c: Condition, input: RuleInput): boolean {
  switch (c.on) {
    case 'field':
      return testField(input.form[c.field], c.op, c.value);
    case 'dept':
      return testMembership(input.initiator.deptPath ?? [input.initiator.deptId], c.op, c.value);
    case 'job':
      return testMembership(input.initiator.jobIds, c.op, c.value);
  }
}

export function evaluateRules(group: RuleGroup, input: RuleInput): boolean {
  if (group.rules.length === 0) return true;
  const test = (r: Condition | RuleGroup) => (isRuleGroup(r) ? evaluateRules(r, input) : evaluateCondition(r, input));
  return group.logic === 'and' ? group.rules.every(test) : group.rules.some(test);
}

/** The link taken out of a node: the first matching non-default link by priority (then list order), else the default. */
export function chooseLink(links: readonly FlowLink[], nodeId: string, input: RuleInput): FlowLink | null {
  const out = links
    .map((link, i) => ({ link, i }))
    .filter(({ link }) => link.from === nodeId)
    .sort((a, b) => a.link.priority - b.link.priority || a.i - b.i);
  const hit = out.find(({ link }) => !link.isDefault && evaluateRules(link.rules, input));
  return (hit ?? out.find(({ link }) => link.isDefault))?.link ?? null;
}

export type RouteResult = { ok: true; route: string[] } | { ok: false; message: string };

/** The node ids from start to end for this form and initiator; a dead end answers with the node's name. */
export function computeRoute(flow: Pick<FlowGraph, 'nodes' | 'links'>, input: RuleInput): RouteResult {
  const start = flow.nodes.find((n) => n.type === 'start');
  if (!start) return { ok: false, message: EngineMessages.noRoute('开始') };
  const route = [start.id];
  let current = start;
  while (current.type !== 'end') {
    const link = chooseLink(flow.links, current.id, input);
    const next = link ? flow.nodes.find((n) => n.id === link.to) : undefined;
    if (!next) return { ok: false, message: EngineMessages.noRoute(current.name) };
    if (route.includes(next.id)) return { ok: false, message: EngineMessages.routeTooLong };
    route.push(next.id);
    current = next;
  }
  return { ok: true, route };
}
