import { EngineMessages, type Condition, type RuleGroup } from '@osp/shared';
import { describe, expect, it } from 'vitest';
import { approve, Harness, link, memoryDirectory, node, snapshot, step } from '../../test/flow-fixtures';
import { chooseLink, computeRoute, evaluateCondition, evaluateRules } from './rules';
import type { FormValues } from './types';

const initiator = { userId: 1, deptId: 10, deptPath: [10, 1], jobIds: [5, 6] };
const form: FormValues = { amount: '1200.50', days: 3, type: '差旅', tags: ['紧急', '外地'], date: '2026-03-01', flag: true, empty: '' };
const field = (f: string, op: Condition['op'], value: Condition['value']): Condition => ({ on: 'field', field: f, op, value });
const test = (c: Condition) => evaluateCondition(c, { form, initiator });

describe('conditions', () => {
  it.each<[string, Condition, boolean]>([
    ['eq number string', field('amount', 'eq', 1200.5), true],
    ['eq string', field('type', 'eq', '差旅'), true],
    ['eq miss', field('type', 'eq', '采购'), false],
    ['eq boolean', field('flag', 'eq', true), true],
    ['ne', field('type', 'ne', '采购'), true],
    ['ne same', field('days', 'ne', 3), false],
    ['gt amount', field('amount', 'gt', 1000), true],
    ['gt equal', field('days', 'gt', 3), false],
    ['gte equal', field('days', 'gte', 3), true],
    ['lt', field('days', 'lt', 5), true],
    ['lte', field('days', 'lte', 2), false],
    ['lt date', field('date', 'lt', '2026-04-01'), true],
    ['gt text vs number', field('type', 'gt', 5), false],
    ['in', field('type', 'in', ['采购', '差旅']), true],
    ['in miss', field('days', 'in', [1, 2]), false],
    ['contains text', field('type', 'contains', '差'), true],
    ['contains multi-choice', field('tags', 'contains', '紧急'), true],
    ['contains multi-choice miss', field('tags', 'contains', '本地'), false],
    ['eq multi-choice: one of the chosen', field('tags', 'eq', '外地'), true],
    ['ne multi-choice: none of the chosen', field('tags', 'ne', '外地'), false],
    ['missing field eq', field('nope', 'eq', 1), false],
    ['missing field ne', field('nope', 'ne', 1), true],
    ['empty field gt', field('empty', 'gt', 0), false],
    ['dept eq', { on: 'dept', op: 'eq', value: 10 }, true],
    ['dept in', { on: 'dept', op: 'in', value: [11, 12] }, false],
    ['dept ne', { on: 'dept', op: 'ne', value: 11 }, true],
    ['dept eq an ancestor on the path', { on: 'dept', op: 'eq', value: 1 }, true],
    ['dept in with an ancestor', { on: 'dept', op: 'in', value: [12, 1] }, true],
    ['dept ne an ancestor', { on: 'dept', op: 'ne', value: 1 }, false],
    ['job eq (one of several)', { on: 'job', op: 'eq', value: 6 }, true],
    ['job ne', { on: 'job', op: 'ne', value: [5] }, false],
    ['job in', { on: 'job', op: 'in', value: [7, 5] }, true],
  ])('%s', (_name, condition, expected) => {
    expect(test(condition)).toBe(expected);
  });
});

describe('and/or groups', () => {
  const yes = field('days', 'eq', 3);
  const no = field('days', 'eq', 4);
  it.each<[string, RuleGroup, boolean]>([
    ['empty group matches', { logic: 'and', rules: [] }, true],
    ['and all', { logic: 'and', rules: [yes, yes] }, true],
    ['and one false', { logic: 'and', rules: [yes, no] }, false],
    ['or one true', { logic: 'or', rules: [no, yes] }, true],
    ['or none', { logic: 'or', rules: [no, no] }, false],
    ['nested and(or(no, yes), yes)', { logic: 'and', rules: [{ logic: 'or', rules: [no, yes] }, yes] }, true],
    [
      'nested or(and(yes, no), and(no))',
      {
        logic: 'or',
        rules: [
          { logic: 'and', rules: [yes, no] },
          { logic: 'and', rules: [no] },
        ],
      },
      false,
    ],
  ])('%s', (_name, group, expected) => {
    expect(evaluateRules(group, { form, initiator })).toBe(expected);
  });
});

describe('link choice and routes', () => {
  const big: RuleGroup = { logic: 'and', rules: [field('amount', 'gt', 10000)] };
  const mid: RuleGroup = { logic: 'and', rules: [field('amount', 'gt', 1000)] };
  const links = [
    link('n1', 'c', { priority: 2, rules: mid }),
    link('n1', 'd', { isDefault: true }),
    link('n1', 'b', { priority: 1, rules: big }),
    link('n1', 'e', { priority: 2, rules: mid }),
  ];
  const choose = (amount: number) => chooseLink(links, 'n1', { form: { amount }, initiator })?.to;

  it('tries links by priority, then list order, and falls back to the default', () => {
    expect([choose(20000), choose(5000), choose(10)]).toEqual(['b', 'c', 'd']);
  });

  it('answers no link when nothing matches and there is no default', () => {
    expect(chooseLink(links.slice(0, 1), 'n1', { form: { amount: 1 }, initiator })).toBeNull();
  });

  const flow = snapshot(
    [node('start', 'start'), approve('n1', step('a', 'orsign', [2])), approve('n2', step('b', 'orsign', [3])), node('end', 'end')],
    [link('start', 'n1'), link('n1', 'n2', { rules: mid }), link('n2', 'end')],
  );

  it('computes the route from start to end', () => {
    expect(computeRoute(flow, { form: { amount: 5000 }, initiator })).toEqual({ ok: true, route: ['start', 'n1', 'n2', 'end'] });
  });

  it('refuses a release with no matching link, naming the node', () => {
    expect(computeRoute(flow, { form: { amount: 5 }, initiator })).toEqual({ ok: false, message: EngineMessages.noRoute('节点n1') });
    const h = new Harness(flow);
    expect(h.tryApply({ type: 'release', initiator, form: { amount: 5 } })).toEqual({
      ok: false,
      code: 422,
      message: EngineMessages.noRoute('节点n1'),
      field: 'form',
    });
    expect(h.state.status).toBe('draft');
  });

  it('routes on the initiator department', () => {
    const byDept = snapshot(
      [node('start', 'start'), approve('n1', step('a', 'orsign', [2])), approve('n2', step('b', 'orsign', [3])), node('end', 'end')],
      [
        link('start', 'n1', { rules: { logic: 'and', rules: [{ on: 'dept', op: 'eq', value: 10 }] } }),
        link('start', 'n2', { isDefault: true }),
        link('n1', 'end'),
        link('n2', 'end'),
      ],
    );
    const routeOf = (deptId: number) => computeRoute(byDept, { form: {}, initiator: { ...initiator, deptId, deptPath: [deptId] } });
    expect(routeOf(10)).toEqual({ ok: true, route: ['start', 'n1', 'end'] });
    expect(routeOf(11)).toEqual({ ok: true, route: ['start', 'n2', 'end'] });
  });

  it('属于 a department takes in the departments below it (issue 13): the engine reads the tree for the rule', () => {
    // 1 星河科技 ⊃ 10 技术部 ⊃ 11 研发组; 12 财务部 beside 技术部.
    const depts = {
      1: { parent: null, leader: 90 },
      10: { parent: 1, leader: 91 },
      11: { parent: 10, leader: 92 },
      12: { parent: 1, leader: 93 },
    };
    const tech = (op: 'eq' | 'ne' | 'in', value: number | number[]) =>
      snapshot(
        [node('start', 'start'), approve('n1', step('a', 'orsign', [2])), approve('n2', step('b', 'orsign', [3])), node('end', 'end')],
        [
          link('start', 'n1', { rules: { logic: 'and', rules: [{ on: 'dept', op, value }] } }),
          link('start', 'n2', { isDefault: true }),
          link('n1', 'end'),
          link('n2', 'end'),
        ],
      );
    const routeOf = (flow: ReturnType<typeof tech>, deptId: number) => {
      const h = new Harness(flow, memoryDirectory({ depts }));
      h.apply({ type: 'release', initiator: { userId: 1, deptId, jobIds: [] }, form: {} });
      return h.state.route[1];
    };
    // A person in 研发组 is in 技术部; one in 财务部 is not; 技术部 itself is.
    expect([11, 10, 12].map((d) => routeOf(tech('eq', 10), d))).toEqual(['n1', 'n1', 'n2']);
    expect([11, 10, 12].map((d) => routeOf(tech('in', [12, 10]), d))).toEqual(['n1', 'n1', 'n1']);
    // 不属于: neither that department nor any below it.
    expect([11, 10, 12].map((d) => routeOf(tech('ne', 10), d))).toEqual(['n2', 'n2', 'n1']);
    // A rule on the lower department does not take in the one above.
    expect([11, 10].map((d) => routeOf(tech('eq', 11), d))).toEqual(['n1', 'n2']);
  });

  it('passes archive and change nodes on the way, with their effects', () => {
    const withArchive = snapshot(
      [node('start', 'start'), approve('n1', step('a', 'orsign', [2])), node('ar', 'archive'), node('ch', 'change'), node('end', 'end')],
      [link('start', 'n1'), link('n1', 'ar'), link('ar', 'ch'), link('ch', 'end')],
    );
    const h = new Harness(withArchive);
    h.release();
    const result = h.act('agree', 2);
    expect(result.ok && result.effects).toEqual(
      expect.arrayContaining([{ kind: 'archive', nodeId: 'ar' }, { kind: 'change', nodeId: 'ch' }, { kind: 'bill_done' }]),
    );
    expect(h.state.status).toBe('done');
  });
});
