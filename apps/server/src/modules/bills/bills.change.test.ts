import {
  ApprovalMessages,
  BatchApproveMessages,
  type BatchApproveResult,
  ChangeMessages,
  FieldAccessMessages,
  FormValueMessages,
  type BillDetail,
  type BillHistoryEntry,
  type FlowGraph,
  type FormSchema,
  type TemplateDetail,
} from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { idOf, linearGraph, makeTemplate, pendingTask, releasedBill, snapshotOf, Tokens } from './test-support';

/**
 * 变更节点 (issue 13): at a change node its handler edits the fields the node opens, and only those; every save is one
 * history entry listing old → new; hidden fields are left out of what the handler reads; a refused change writes nothing.
 */
let server: TestServer;
let tokens: Tokens;
let templateId: number;
let lisi: number;
let wangwu: number;
let zhaoliu: number;

const FORM: FormSchema = {
  fields: [
    { key: 'reason', type: 'text', label: '事由', required: true },
    { key: 'amount', type: 'money', label: '金额', required: true },
    { key: 'payee', type: 'user', label: '收款人', required: false },
    { key: 'secret', type: 'text', label: '内部备注', required: false },
    {
      key: 'lines',
      type: 'items',
      label: '明细',
      required: false,
      columns: [{ key: 'amount', type: 'money', label: '金额', required: true }],
      totalOf: 'amount',
    },
  ],
};

/** start → 审批1 (李四) → 财务变更 (王五: 金额 and 收款人 editable, 内部备注 hidden) → end. */
function withChangeNode(graph: FlowGraph, handler: number): FlowGraph {
  const end = graph.nodes.find((node) => node.type === 'end');
  if (!end) throw new Error('a graph without an end');
  return {
    ...graph,
    nodes: [
      ...graph.nodes.filter((node) => node !== end),
      {
        id: 'chg',
        type: 'change',
        name: '财务变更',
        steps: [{ id: 'chg-1', name: '财务核对', type: 'orsign', source: { kind: 'users', userIds: [handler] } }],
        fieldAccess: { amount: 'edit', payee: 'edit', secret: 'hidden', reason: 'read' },
      },
      end,
    ],
    links: [
      ...graph.links.map((link) => (link.to === end.id ? { ...link, to: 'chg' } : link)),
      { id: 'l-chg', from: 'chg', to: end.id, priority: 0, isDefault: false, rules: { logic: 'and', rules: [] } },
    ],
  };
}

beforeAll(async () => {
  server = await startTestServer();
  tokens = new Tokens(server);
  [lisi, wangwu, zhaoliu] = await Promise.all([idOf(server, 'lisi'), idOf(server, 'wangwu'), idOf(server, 'zhaoliu')]);
  templateId = await makeTemplate(
    server,
    await tokens.get('admin'),
    withChangeNode(linearGraph([[{ type: 'orsign', userIds: [lisi] }]]), wangwu),
    FORM,
  );
});
afterAll(async () => server.close());

async function agree(billId: number, username: string, userId: number) {
  const task = await pendingTask(server, billId, userId);
  const answer = await server.call('POST', `/api/bills/flownode/${task}/agree`, {
    token: await tokens.get(username),
    body: { comment: '同意' },
  });
  expect(answer.body.status_code, answer.body.message).toBe(0);
}

/** A bill of 张三 waiting at the change node for 王五. */
async function atChangeNode(reason = '差旅报销'): Promise<BillDetail> {
  const bill = await releasedBill(server, await tokens.get('zhangsan'), templateId, {
    reason,
    amount: '100.00',
    secret: '仅发起人可见',
    lines: [{ amount: '100.00' }],
  });
  await agree(bill.id, 'lisi', lisi);
  return bill;
}

const detailAs = async (username: string, billId: number) =>
  (await server.call<BillDetail>('GET', `/api/bills/${billId}`, { token: await tokens.get(username) })).body.data;
const change = async (username: string, billId: number, body: unknown) =>
  server.call<BillDetail>('PATCH', `/api/bills/${billId}/change`, { token: await tokens.get(username), body });

describe('PATCH /api/bills/{id}/change', () => {
  it('lets the change node handler edit an allowed field, recorded old → new, then pass the bill on', async () => {
    const bill = await atChangeNode();
    const seen = await detailAs('wangwu', bill.id);
    expect(seen.abilities.change).toBe(true);
    expect(seen.my_task?.field_access).toEqual({ amount: 'edit', payee: 'edit', secret: 'hidden', reason: 'read' });

    const saved = await change('wangwu', bill.id, { form: { amount: '80.50', payee: zhaoliu }, comment: '按发票金额调整' });
    expect(saved.body.status_code, saved.body.message).toBe(0);
    expect(saved.body.message).toBe(ChangeMessages.saved);
    expect(saved.body.data.form.amount).toBe('80.50');
    expect(saved.body.data.status).toBe('doing');

    const history = (await server.call<BillHistoryEntry[]>('GET', `/api/bills/${bill.id}/history`, { token: await tokens.get('zhangsan') }))
      .body.data;
    const entry = history.find((h) => h.action === 'change');
    expect(entry).toMatchObject({ action_text: '变更', actor_name: '王五', node_name: '财务变更', comment: '按发票金额调整' });
    expect(entry?.changes).toEqual([
      { key: 'amount', label: '金额', before: '100.00', after: '80.50' },
      { key: 'payee', label: '收款人', before: ChangeMessages.empty, after: '赵六' },
    ]);

    await agree(bill.id, 'wangwu', wangwu);
    const done = await detailAs('zhangsan', bill.id);
    expect(done.status).toBe('done');
    expect(done.form.amount).toBe('80.50');
    expect(done.form.secret).toBe('仅发起人可见');
  });

  it('hides the fields the node hides from its handler, and only from them', async () => {
    const bill = await atChangeNode();
    const handler = await detailAs('wangwu', bill.id);
    expect(handler.form_schema.fields.map((f) => f.key)).not.toContain('secret');
    expect(handler.form.secret).toBeUndefined();
    const items = await server.call<Record<string, unknown>>('GET', `/api/bills/${bill.id}/items`, { token: await tokens.get('wangwu') });
    expect(Object.keys(items.body.data)).toEqual(['lines']);
    const initiator = await detailAs('zhangsan', bill.id);
    expect(initiator.form.secret).toBe('仅发起人可见');
    expect(initiator.abilities.change).toBe(false);
    expect(initiator.my_task).toBeNull();
  });

  it('refuses read-only, hidden, unknown and line-item fields by name, and changes nothing', async () => {
    const bill = await atChangeNode();
    const before = await snapshotOf(server, bill.id);
    const refused = await change('wangwu', bill.id, { form: { reason: '改事由', secret: 'x', nope: 1, amount: '90.00' } });
    expect(refused.body.status_code).toBe(422);
    expect(refused.body.data).toMatchObject({
      errors: {
        'form.reason': [ChangeMessages.fieldNotEditable('事由')],
        'form.secret': [ChangeMessages.fieldNotEditable('内部备注')],
        'form.nope': [ChangeMessages.unknownField('nope')],
      },
    });
    const lines = await change('wangwu', bill.id, { form: { lines: [{ amount: '1.00' }] } });
    expect(lines.body.status_code).toBe(422);
    expect(lines.body.data).toMatchObject({ errors: { 'form.lines': [ChangeMessages.fieldNotEditable('明细')] } });
    expect(await snapshotOf(server, bill.id)).toEqual(before);
  });

  it('refuses a value the form refuses, a change that changes nothing, and a stale version, changing nothing', async () => {
    const bill = await atChangeNode();
    const before = await snapshotOf(server, bill.id);
    const bad = await change('wangwu', bill.id, { form: { amount: '十块' } });
    expect(bad.body.status_code).toBe(422);
    expect(bad.body.data).toMatchObject({ errors: { 'form.amount': [FormValueMessages.money('金额')] } });
    const emptied = await change('wangwu', bill.id, { form: { amount: '' } });
    expect(emptied.body.status_code).toBe(422);
    const same = await change('wangwu', bill.id, { form: { amount: '100.00' } });
    expect(same.body.status_code).toBe(422);
    expect(same.body.data).toMatchObject({ errors: { form: [ChangeMessages.nothingChanged] } });
    const stale = await change('wangwu', bill.id, { form: { amount: '90.00' }, version: before.bill!.version - 1 });
    expect(stale.body.status_code).toBe(409);
    const malformed = await change('wangwu', bill.id, { form: 'amount=1' });
    expect(malformed.body.status_code).toBe(422);
    expect(await snapshotOf(server, bill.id)).toEqual(before);
  });

  it('is for the change node handler alone: others get 403 or the unknown-bill answer, and nothing changes', async () => {
    const bill = await atChangeNode();
    const before = await snapshotOf(server, bill.id);
    // The initiator and the earlier approver read the bill but hold no task at the change node.
    expect((await change('zhangsan', bill.id, { form: { amount: '1.00' } })).status).toBe(403);
    expect((await change('lisi', bill.id, { form: { amount: '1.00' } })).status).toBe(403);
    // Someone who cannot read it learns nothing about it: the answer of a bill that does not exist.
    const stranger = await change('zhaoliu', bill.id, { form: { amount: '1.00' } });
    const missing = await change('wangwu', 99999999, { form: { amount: '1.00' } });
    expect(stranger.status).toBe(403);
    expect(stranger.body.message).toBe(ApprovalMessages.billUnavailable);
    expect(missing.body).toEqual(stranger.body);
    expect(await snapshotOf(server, bill.id)).toEqual(before);
  });

  it('refuses a change while the bill is at an approve node, and after it left the change node', async () => {
    const bill = await releasedBill(server, await tokens.get('zhangsan'), templateId, { reason: '未到变更', amount: '5.00' });
    const early = await change('lisi', bill.id, { form: { amount: '6.00' } });
    expect(early.body.status_code).toBe(409);
    expect(early.body.message).toBe(ChangeMessages.notChangeNode);
    await agree(bill.id, 'lisi', lisi);
    await agree(bill.id, 'wangwu', wangwu);
    const late = await change('wangwu', bill.id, { form: { amount: '6.00' } });
    expect(late.body.status_code).toBe(409);
    expect((await detailAs('zhangsan', bill.id)).form.amount).toBe('5.00');
  });
});

describe('批量同意 at a change node', () => {
  it('leaves a bill whose change node opens fields to its detail page, and agrees the others', async () => {
    const atChange = await atChangeNode('批量变更');
    const atApprove = await releasedBill(server, await tokens.get('zhangsan'), templateId, { reason: '批量审批', amount: '3.00' });
    const before = await snapshotOf(server, atChange.id);
    const batch = await server.call<BatchApproveResult>('POST', '/api/bills/batch/approve', {
      token: await tokens.get('wangwu'),
      body: { bill_ids: [atChange.id] },
    });
    expect(batch.body.data.items).toEqual([
      { id: atChange.id, title: atChange.title, result: 'skipped', message: BatchApproveMessages.needsInput(ChangeMessages.batchSkipped) },
    ]);
    expect(await snapshotOf(server, atChange.id)).toEqual(before);
    const lisiBatch = await server.call<BatchApproveResult>('POST', '/api/bills/batch/approve', {
      token: await tokens.get('lisi'),
      body: { bill_ids: [atApprove.id] },
    });
    expect(lisiBatch.body.data.approved).toBe(1);
  });
});

describe('field permissions in the flow designer', () => {
  const save = async (flow: FlowGraph) =>
    server.call('POST', '/api/templates', {
      token: await tokens.get('admin'),
      body: {
        group_id: (await server.call<{ id: number }[]>('GET', '/api/template/groups', { token: await tokens.get('admin') })).body.data[0]
          ?.id,
        name: `权限${Date.now() % 100000}`,
        form_schema: FORM,
        flow,
      },
    });

  it('keeps the permissions in the working copy the designer reads back, the same as the published version', async () => {
    const detail = await server.call<TemplateDetail>('GET', `/api/templates/${templateId}`, { token: await tokens.get('admin') });
    expect(detail.body.data.flow?.nodes.find((n) => n.id === 'chg')?.fieldAccess).toEqual({
      amount: 'edit',
      payee: 'edit',
      secret: 'hidden',
      reason: 'read',
    });
    expect(detail.body.data.has_unpublished).toBe(false);
  });

  it('refuses a change node without a handler step, permissions on an approve node, and impossible permissions', async () => {
    const base = withChangeNode(linearGraph([[{ type: 'orsign', userIds: [lisi] }]]), wangwu);
    const stepless = { ...base, nodes: base.nodes.map((n) => (n.id === 'chg' ? { ...n, steps: [] } : n)) };
    const a = await save(stepless);
    expect(a.body.status_code).toBe(422);
    expect(JSON.stringify(a.body)).toContain(FieldAccessMessages.noSteps('财务变更'));

    const onApprove = { ...base, nodes: base.nodes.map((n) => (n.id === 'n1' ? { ...n, fieldAccess: { amount: 'edit' as const } } : n)) };
    const b = await save(onApprove);
    expect(b.body.status_code).toBe(422);
    expect(JSON.stringify(b.body)).toContain(FieldAccessMessages.notOnChangeNode('审批1'));

    const itemsEditable = {
      ...base,
      nodes: base.nodes.map((n) => (n.id === 'chg' ? { ...n, fieldAccess: { lines: 'edit' as const } } : n)),
    };
    const c = await save(itemsEditable);
    expect(c.body.status_code).toBe(422);
    expect(JSON.stringify(c.body)).toContain(FieldAccessMessages.notChangeable('财务变更', 'lines'));

    const unknown = { ...base, nodes: base.nodes.map((n) => (n.id === 'chg' ? { ...n, fieldAccess: { ghost: 'read' as const } } : n)) };
    const d = await save(unknown);
    expect(d.body.status_code).toBe(422);
    expect(JSON.stringify(d.body)).toContain(FieldAccessMessages.unknownField('财务变更', 'ghost'));
  });
});
