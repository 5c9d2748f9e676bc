import { ApprovalMessages, EngineMessages, type BillDetail, type BillPathPreview, type FlowGraph } from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { idOf, linearGraph, makeTemplate, pendingHandlers, pendingTask, releasedBill, snapshotOf, Tokens } from './test-support';

/**
 * POST /api/bills/path-preview (issue 14: the bill form shows who will approve before 提交): the route the typed form
 * takes, each step's handlers as release would find them, 发起人自选 steps waiting for a pick, auto-agree of a repeated
 * approver; only for someone who may submit it, and it writes nothing.
 */

let server: TestServer;
let tokens: Tokens;

beforeAll(async () => {
  server = await startTestServer();
  tokens = new Tokens(server);
});
afterAll(async () => server.close());

async function call<T>(user: string, body: unknown) {
  return server.call<T>('POST', '/api/bills/path-preview', { token: await tokens.get(user), body });
}

async function preview(user: string, body: unknown): Promise<BillPathPreview> {
  const answer = await call<BillPathPreview>(user, body);
  expect(answer.body.status_code, answer.body.message).toBe(0);
  return answer.body.data;
}

const names = (p: BillPathPreview) => p.nodes.map((n) => [n.name, n.steps.map((s) => [s.note, ...s.handlers.map((h) => h.name)])]);

/** 审批1 李四; 审批2 (陈七) only when 金额 > 1000; 审批3 chosen by the initiator. */
async function conditionalFlow(settings: Partial<FlowGraph['settings']> = {}): Promise<FlowGraph> {
  const [lisi, chenqi] = [await idOf(server, 'lisi'), await idOf(server, 'chenqi')];
  const graph = linearGraph(
    [[{ type: 'orsign', userIds: [lisi] }], [{ type: 'orsign', userIds: [chenqi] }], [{ type: 'orsign', userIds: [] }]],
    settings,
  );
  const n3 = graph.nodes[3]?.steps[0];
  if (!n3) throw new Error('linearGraph changed shape');
  n3.source = { kind: 'chosen' };
  // n1 → n2 when 金额 > 1000, else straight to n3.
  graph.links = [
    { id: 'a', from: 'start', to: 'n1', priority: 0, isDefault: false, rules: { logic: 'and', rules: [] } },
    {
      id: 'b',
      from: 'n1',
      to: 'n2',
      priority: 0,
      isDefault: false,
      rules: { logic: 'and', rules: [{ on: 'field', field: 'amount', op: 'gt', value: 1000 }] },
    },
    { id: 'c', from: 'n1', to: 'n3', priority: 1, isDefault: true, rules: { logic: 'and', rules: [] } },
    { id: 'd', from: 'n2', to: 'n3', priority: 0, isDefault: false, rules: { logic: 'and', rules: [] } },
    { id: 'e', from: 'n3', to: 'end', priority: 0, isDefault: false, rules: { logic: 'and', rules: [] } },
  ];
  return graph;
}

async function billCount(): Promise<number> {
  const row = await server.db
    .selectFrom('bills')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('POST /api/bills/path-preview', () => {
  it('follows the typed form across a condition, names each step’s handlers and the steps still to choose, and writes nothing', async () => {
    const templateId = await makeTemplate(server, await tokens.get('admin'), await conditionalFlow());
    const before = await billCount();

    const small = await preview('zhangsan', { template_id: templateId, form: { reason: '差旅', amount: '500' } });
    expect(small.ok).toBe(true);
    expect(names(small)).toEqual([
      ['发起', []],
      ['审批1', [[null, '李四']]],
      ['审批3', [['choose']]],
      ['结束', []],
    ]);
    expect(small.nodes[1]?.steps[0]).toMatchObject({
      approvalModeLabel: '或签',
      handlers: [{ name: '李四', on_behalf_of: null, auto_agree: null }],
    });

    const wangwu = await idOf(server, 'wangwu');
    const large = await preview('zhangsan', { template_id: templateId, form: { amount: '5000' }, chosen_handlers: { n3s1: [wangwu] } });
    expect(names(large)).toEqual([
      ['发起', []],
      ['审批1', [[null, '李四']]],
      ['审批2', [[null, '陈七']]],
      ['审批3', [[null, '王五']]],
      ['结束', []],
    ]);
    expect(await billCount()).toBe(before);
  });

  it('shows a repeated approver as agreed for when the flow says so, and the initiator left out by 发起人审批时', async () => {
    const [lisi, zhangsan] = [await idOf(server, 'lisi'), await idOf(server, 'zhangsan')];
    const steps = [
      [{ type: 'orsign' as const, userIds: [lisi] }],
      [{ type: 'orsign' as const, userIds: [lisi] }],
      [{ type: 'orsign' as const, userIds: [zhangsan] }],
    ];
    const on = await makeTemplate(server, await tokens.get('admin'), linearGraph(steps, { approverDedup: 'consecutive' }));
    const off = await makeTemplate(server, await tokens.get('admin'), linearGraph(steps));

    const withSetting = await preview('zhangsan', { template_id: on, form: {} });
    expect(withSetting.nodes.map((n) => n.steps.map((s) => [s.note, s.handlers.map((h) => h.auto_agree)]))).toEqual([
      [],
      [[null, [null]]],
      [[null, ['consecutive']]],
      [['initiator_skipped', []]],
      [],
    ]);
    const without = await preview('zhangsan', { template_id: off, form: {} });
    expect(without.nodes[2]?.steps[0]?.handlers.map((h) => h.auto_agree)).toEqual([null]);

    // The engine agrees as foreseen: the bill waits at 审批1 only, and after 李四 agrees it is done.
    const bill = await releasedBill(server, await tokens.get('zhangsan'), on);
    const task = await pendingTask(server, bill.id, lisi);
    const agreed = await server.call('POST', `/api/bills/flownode/${task}/agree`, { token: await tokens.get('lisi'), body: {} });
    expect(agreed.body.status_code, agreed.body.message).toBe(0);
    const after = await server.call<BillDetail>('GET', `/api/bills/${bill.id}`, { token: await tokens.get('zhangsan') });
    expect(after.body.data.status).toBe('done');
  });

  it('审批人去重 仅审批第一次 foresees the agreement of someone who agreed any step before, and the engine agrees so; a flow saved with the old switch reads as 仅连续', async () => {
    const [lisi, wangwu, chenqi] = [await idOf(server, 'lisi'), await idOf(server, 'wangwu'), await idOf(server, 'chenqi')];
    const steps = [
      [{ type: 'orsign' as const, userIds: [lisi] }],
      [{ type: 'orsign' as const, userIds: [wangwu] }],
      [{ type: 'joinsign' as const, userIds: [lisi, chenqi] }],
    ];
    const admin = await tokens.get('admin');
    const first = await makeTemplate(server, admin, linearGraph(steps, { approverDedup: 'first' }));
    const handlersOf = (path: BillPathPreview) => path.nodes.map((n) => n.steps.map((s) => s.handlers.map((h) => [h.name, h.auto_agree])));
    expect(handlersOf(await preview('zhangsan', { template_id: first, form: {} }))).toEqual([
      [],
      [[['李四', null]]],
      [[['王五', null]]],
      [
        [
          ['李四', 'first'],
          ['陈七', null],
        ],
      ],
      [],
    ]);
    // The flow as an older designer stored it: the switch, no 审批人去重. 李四 is not right after himself: asked again.
    const legacy = linearGraph(steps);
    const { approverDedup: _dropped, ...oldSettings } = legacy.settings;
    // Not a FlowGraph any more: the stored shape of before, which the template API still reads.
    const stored = { ...legacy, settings: { ...oldSettings, autoAgreeSameHandler: true } } as unknown as FlowGraph;
    const legacyPath = await preview('zhangsan', { template_id: await makeTemplate(server, admin, stored), form: {} });
    expect(handlersOf(legacyPath)[3]).toEqual([
      [
        ['李四', null],
        ['陈七', null],
      ],
    ]);

    // The engine agrees as foreseen: after 李四 and 王五, only 陈七 is asked, and his agreement ends the bill.
    const bill = await releasedBill(server, await tokens.get('zhangsan'), first);
    for (const [user, username] of [
      [lisi, 'lisi'],
      [wangwu, 'wangwu'],
    ] as const) {
      const task = await pendingTask(server, bill.id, user);
      const agreed = await server.call('POST', `/api/bills/flownode/${task}/agree`, { token: await tokens.get(username), body: {} });
      expect(agreed.body.status_code, agreed.body.message).toBe(0);
    }
    expect(await pendingHandlers(server, bill.id)).toEqual([chenqi]);
    const last = await pendingTask(server, bill.id, chenqi);
    await server.call('POST', `/api/bills/flownode/${last}/agree`, { token: await tokens.get('chenqi'), body: {} });
    const after = await server.call<BillDetail>('GET', `/api/bills/${bill.id}`, { token: await tokens.get('zhangsan') });
    expect(after.body.data.status).toBe('done');
  });

  it('names the delegate of an entrusted approver as the task would go', async () => {
    const [chenqi, sunhao] = [await idOf(server, 'chenqi'), await idOf(server, 'sunhao')];
    const templateId = await makeTemplate(server, await tokens.get('admin'), linearGraph([[{ type: 'orsign', userIds: [chenqi] }]]));
    const entrust = await server.call('POST', '/api/users/billEntrust', {
      token: await tokens.get('chenqi'),
      body: {
        delegate_id: sunhao,
        start_at: new Date(Date.now() - 3_600_000).toISOString(),
        end_at: new Date(Date.now() + 48 * 3_600_000).toISOString(),
        reason: '休假',
        template_ids: [templateId],
      },
    });
    expect(entrust.body.status_code, entrust.body.message).toBe(0);
    const path = await preview('zhangsan', { template_id: templateId, form: {} });
    expect(path.nodes[1]?.steps[0]?.handlers).toEqual([
      expect.objectContaining({ name: '孙浩', on_behalf_of: { id: chenqi, name: '陈七' } }),
    ]);
  });

  it('says where no link matches, as 提交 would', async () => {
    const graph = await conditionalFlow();
    // Only the conditional link leaves 审批1.
    graph.links = graph.links.filter((l) => l.id !== 'c');
    const templateId = await makeTemplate(server, await tokens.get('admin'), graph);
    const path = await preview('zhangsan', { template_id: templateId, form: { amount: '10' } });
    expect(path).toEqual({ ok: false, message: EngineMessages.noRoute('审批1'), nodes: [] });
  });

  it('starts a resumed resubmit where the bill was sent back', async () => {
    const [lisi, chenqi] = [await idOf(server, 'lisi'), await idOf(server, 'chenqi')];
    const templateId = await makeTemplate(
      server,
      await tokens.get('admin'),
      linearGraph([[{ type: 'orsign', userIds: [lisi] }], [{ type: 'orsign', userIds: [chenqi] }]], { resubmit: 'resume' }),
    );
    const bill = await releasedBill(server, await tokens.get('zhangsan'), templateId);
    await server.call('POST', `/api/bills/flownode/${await pendingTask(server, bill.id, lisi)}/agree`, {
      token: await tokens.get('lisi'),
      body: {},
    });
    const rejected = await server.call('POST', `/api/bills/flownode/${await pendingTask(server, bill.id, chenqi)}/reject`, {
      token: await tokens.get('chenqi'),
      body: { comment: '请补充' },
    });
    expect(rejected.body.status_code, rejected.body.message).toBe(0);
    const path = await preview('zhangsan', { bill_id: bill.id, form: { reason: '补充说明' } });
    expect(path.nodes.map((n) => n.name)).toEqual(['发起', '审批2', '结束']);
  });

  it('answers only someone who may submit: not another starter’s template, not another person’s bill, not a bill in approval', async () => {
    const lisi = await idOf(server, 'lisi');
    const graph = linearGraph([[{ type: 'orsign', userIds: [lisi] }]]);
    const open = await makeTemplate(server, await tokens.get('admin'), graph);
    const groups = await server.call<{ id: number }[]>('GET', '/api/template/groups', { token: await tokens.get('admin') });
    const made = await server.call<{ id: number }>('POST', '/api/templates', {
      token: await tokens.get('admin'),
      body: {
        group_id: groups.body.data[0]?.id,
        name: `仅李四可发起${Date.now() % 100000}`,
        form_schema: { fields: [] },
        flow: graph,
        starters: { user_ids: [lisi] },
      },
    });
    expect(made.body.status_code, made.body.message).toBe(0);
    const forbidden = await call('zhangsan', { template_id: made.body.data.id, form: {} });
    expect(forbidden.body.status_code).toBe(403);
    expect((await call('lisi', { template_id: made.body.data.id, form: {} })).body.status_code).toBe(0);

    const draft = await server.call<BillDetail>('POST', '/api/bills', {
      token: await tokens.get('zhangsan'),
      body: { template_id: open, form: {} },
    });
    const snapshot = await snapshotOf(server, draft.body.data.id);
    const others = await call('wangwu', { bill_id: draft.body.data.id, form: {} });
    expect([403, 404]).toContain(others.body.status_code);
    expect(await snapshotOf(server, draft.body.data.id)).toEqual(snapshot);

    const released = await releasedBill(server, await tokens.get('zhangsan'), open);
    const moving = await call('zhangsan', { bill_id: released.id, form: {} });
    expect(moving.body.status_code).toBe(409);
    expect(moving.body.message).toBe(ApprovalMessages.notEditable);
  });

  it('refuses a malformed request with the field and a Chinese message', async () => {
    const templateId = await makeTemplate(
      server,
      await tokens.get('admin'),
      linearGraph([[{ type: 'orsign', userIds: [await idOf(server, 'lisi')] }]]),
    );
    const badAmount = await call<{ errors: Record<string, string[]> }>('zhangsan', { template_id: templateId, form: { amount: '一百' } });
    expect(badAmount.body.status_code).toBe(422);
    expect(Object.keys(badAmount.body.data.errors)).toEqual(['form.amount']);
    for (const body of [
      {},
      { template_id: 'abc' },
      { template_id: 99_999_999 },
      { template_id: templateId, chosen_handlers: { x: ['a'] } },
      'x',
    ]) {
      const answer = await call('zhangsan', body);
      expect(answer.body.status_code, JSON.stringify(body)).toBe(422);
      expect(answer.body.message).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it('refuses a 外出天数 over the days of 外出时间 at its field, on save and at 提交, and writes nothing', async () => {
    const templates = await server.call<{ list: { id: number; name: string }[] }>('GET', '/api/templates?per_page=100', {
      token: await tokens.get('zhangsan'),
    });
    // The demo 外出申请 counts 外出天数 from 外出时间 (daysOf); 请假 is measured on the work calendar instead (docs/leave.md).
    const leave = templates.body.data.list.find((t) => t.name === '外出申请');
    if (!leave) throw new Error('demo 外出申请 missing');
    const before = await billCount();
    const form = { out_type: '外勤', period: ['2026-12-05', '2026-12-06'], days: 3, reason: '客户现场' };
    const saved = await server.call<{ errors: Record<string, string[]> }>('POST', '/api/bills', {
      token: await tokens.get('zhangsan'),
      body: { template_id: leave.id, form },
    });
    expect(saved.body.status_code).toBe(422);
    expect(saved.body.data.errors).toEqual({ 'form.days': ['「外出天数」不能超过「外出时间」的天数（共 2 天）'] });
    expect(await billCount()).toBe(before);

    const draft = await server.call<BillDetail>('POST', '/api/bills', {
      token: await tokens.get('zhangsan'),
      body: { template_id: leave.id, form: { ...form, days: 2 } },
    });
    expect(draft.body.status_code, draft.body.message).toBe(0);
    const snapshot = await snapshotOf(server, draft.body.data.id);
    const released = await server.call<{ errors: Record<string, string[]> }>('POST', `/api/bills/${draft.body.data.id}/release`, {
      token: await tokens.get('zhangsan'),
      body: { form: { ...form, days: 2.5 } },
    });
    expect(released.body.status_code).toBe(422);
    expect(Object.keys(released.body.data.errors)).toEqual(['form.days']);
    expect(await snapshotOf(server, draft.body.data.id)).toEqual(snapshot);
  });
});
