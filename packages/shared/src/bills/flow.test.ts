import { describe, expect, it } from 'vitest';
import { FlowGraphZ, FlowSettingsZ, initiatorApprovesOf, RuleGroupZ } from './flow';

describe('flow graph schemas', () => {
  it('parses a graph with nested rules and fills defaults', () => {
    const graph = FlowGraphZ.parse({
      nodes: [
        { id: 's', type: 'start', name: '开始' },
        {
          id: 'a',
          type: 'approve',
          name: '主管审批',
          steps: [{ id: 'x', name: '主管', type: 'joinsign', source: { kind: 'leader', levels: 1 } }],
        },
        { id: 'e', type: 'end', name: '结束' },
      ],
      links: [
        {
          id: 'l1',
          from: 's',
          to: 'a',
          rules: {
            logic: 'or',
            rules: [
              { on: 'field', field: 'amount', op: 'gt', value: 1000 },
              { logic: 'and', rules: [{ on: 'job', op: 'in', value: [3, 4] }] },
            ],
          },
        },
        { id: 'l2', from: 'a', to: 'e' },
      ],
      settings: {},
    });
    expect(graph.nodes[0]?.steps).toEqual([]);
    expect(graph.links[1]).toMatchObject({ priority: 0, isDefault: false, rules: { logic: 'and', rules: [] } });
    expect(graph.settings).toEqual({
      emptyHandler: 'skip',
      adminUserId: null,
      resubmit: 'restart',
      approverDedup: 'none',
      initiatorApproves: 'skip',
    });
  });

  it('reads 审批人去重 from flows saved with the old switch, and writes only the new setting', () => {
    expect(FlowSettingsZ.parse({ autoAgreeSameHandler: true }).approverDedup).toBe('consecutive');
    expect(FlowSettingsZ.parse({ autoAgreeSameHandler: false }).approverDedup).toBe('none');
    // Set since: the choice stands, whatever the old switch said.
    expect(FlowSettingsZ.parse({ autoAgreeSameHandler: true, approverDedup: 'first' }).approverDedup).toBe('first');
    expect(FlowSettingsZ.parse({ autoAgreeSameHandler: true, approverDedup: 'none' }).approverDedup).toBe('none');
    expect(Object.keys(FlowSettingsZ.parse({ autoAgreeSameHandler: true }))).not.toContain('autoAgreeSameHandler');
    expect(FlowSettingsZ.safeParse({ approverDedup: 'last' }).success).toBe(false);
  });

  it('refuses unknown operators, step types and department rules with text operators', () => {
    expect(RuleGroupZ.safeParse({ logic: 'and', rules: [{ on: 'field', field: 'a', op: 'like', value: 1 }] }).success).toBe(false);
    expect(RuleGroupZ.safeParse({ logic: 'and', rules: [{ on: 'dept', op: 'contains', value: 1 }] }).success).toBe(false);
    expect(RuleGroupZ.safeParse({ logic: 'xor', rules: [] }).success).toBe(false);
  });

  it('needs an administrator when empty steps go to the administrator', () => {
    const result = FlowSettingsZ.safeParse({ emptyHandler: 'admin' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['adminUserId'], message: '无人审批时转交管理员，需指定流程管理员' });
    expect(FlowSettingsZ.safeParse({ emptyHandler: 'admin', adminUserId: 9 }).success).toBe(true);
  });

  it('发起人审批时: skip by default, also for a stored flow saved before the setting; unknown choices refused', () => {
    expect(FlowSettingsZ.parse({}).initiatorApproves).toBe('skip');
    expect(FlowSettingsZ.parse({ initiatorApproves: 'leader' }).initiatorApproves).toBe('leader');
    expect(FlowSettingsZ.safeParse({ initiatorApproves: 'nobody' }).success).toBe(false);
    expect(initiatorApprovesOf({})).toBe('skip');
    expect(initiatorApprovesOf({ initiatorApproves: 'self' })).toBe('self');
  });
});
