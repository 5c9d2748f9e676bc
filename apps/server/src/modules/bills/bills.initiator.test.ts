import {
  EngineMessages,
  type BillDetail,
  type BillFlowView,
  type BillHistoryEntry,
  type FlowGraph,
  type InitiatorApproves,
  type StepDef,
} from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { idOf, makeTemplate, pendingHandlers, pendingTask, releasedBill, snapshotOf, Tokens } from './test-support';

/**
 * 发起人审批时 (issue 11, item 3) over HTTP. Before it, 王五 (财务部 leader, member of the 财务审核 job) got a task
 * at 财务审核 on his own 费用报销, and 发起人自选 accepted the initiator. 王五's direct leader is 陈七 (星河科技).
 */

let server: TestServer;
let tokens: Tokens;
let expenseId: number;
let sunba: number;

beforeAll(async () => {
  server = await startTestServer();
  tokens = new Tokens(server);
  sunba = await idOf(server, 'sunba');
  expenseId = (await server.db.selectFrom('templates').select('id').where('name', '=', '费用报销').executeTakeFirstOrThrow()).id;
});
afterAll(async () => server.close());

async function call<T>(user: string, method: string, url: string, body?: unknown) {
  return server.call<T>(method, url, { token: await tokens.get(user), ...(body !== undefined ? { body } : {}) });
}

const step = (id: string, name: string, source: StepDef['source']): StepDef => ({ id, name, type: 'orsign', source });

/** start → 复核 (the given source) → 行政 (孙八) → end. */
function reviewFlow(source: StepDef['source'], initiatorApproves?: InitiatorApproves): FlowGraph {
  return {
    nodes: [
      { id: 'start', type: 'start', name: '发起', steps: [] },
      { id: 'review', type: 'approve', name: '复核', steps: [step('review-1', '财务复核', source)] },
      { id: 'office', type: 'approve', name: '行政', steps: [step('office-1', '行政确认', { kind: 'users', userIds: [sunba] })] },
      { id: 'end', type: 'end', name: '结束', steps: [] },
    ],
    links: [
      { id: 'a', from: 'start', to: 'review', priority: 0, isDefault: false, rules: { logic: 'and', rules: [] } },
      { id: 'b', from: 'review', to: 'office', priority: 0, isDefault: false, rules: { logic: 'and', rules: [] } },
      { id: 'c', from: 'office', to: 'end', priority: 0, isDefault: false, rules: { logic: 'and', rules: [] } },
    ],
    // Left out, the setting is the default (skip), as for every flow stored before it existed.
    settings: {
      emptyHandler: 'skip',
      adminUserId: null,
      resubmit: 'restart',
      approverDedup: 'none',
      ...(initiatorApproves ? { initiatorApproves } : {}),
    },
  } as FlowGraph;
}

describe('发起人审批时', () => {
  it('王五’s own 费用报销 never reaches him at 财务审核 (demo flow, default skip): 孙浩 decides', async () => {
    const [wangwu, sunhao, chenqi] = [await idOf(server, 'wangwu'), await idOf(server, 'sunhao'), await idOf(server, 'chenqi')];
    const created = await call<BillDetail>('wangwu', 'POST', '/api/bills', {
      template_id: expenseId,
      form: { category: '差旅费', expense_items: [{ desc: '机票', date: '2026-11-02', amount: '6000' }], remark: '出差' },
    });
    expect(created.body.status_code, created.body.message).toBe(0);
    const billId = created.body.data.id;
    const released = await call<BillDetail>('wangwu', 'POST', `/api/bills/${billId}/release`, {});
    expect(released.body.status_code, released.body.message).toBe(0);
    // He leads 财务部: his 部门负责人 step goes one level up, as before.
    expect(await pendingHandlers(server, billId)).toEqual([chenqi]);
    await call('chenqi', 'POST', `/api/bills/flownode/${await pendingTask(server, billId, chenqi)}/agree`, { comment: '同意' });

    expect(await pendingHandlers(server, billId)).toEqual([sunhao]);
    const flow = await call<BillFlowView>('wangwu', 'GET', `/oa/flow/${billId}`);
    const finance = flow.body.data.flowNodes.find((n) => n.name === '财务审核')?.flowNodeSteps[0];
    expect(finance?.stepStatusText).toBe('等待孙浩审批');
    expect(finance?.handlers.map((h) => h.name)).toEqual(['孙浩']);
    const ever = await server.db
      .selectFrom('bill_tasks')
      .select('id')
      .where('bill_id', '=', billId)
      .where('acting_handler', '=', wangwu)
      .execute();
    expect(ever).toEqual([]);
  });

  it('a step whose only handler is the initiator passes by itself, and the history says why', async () => {
    const wangwu = await idOf(server, 'wangwu');
    const templateId = await makeTemplate(server, await tokens.get('admin'), reviewFlow({ kind: 'users', userIds: [wangwu] }));
    const bill = await releasedBill(server, await tokens.get('wangwu'), templateId);
    expect(bill.current_node).toBe('行政');
    expect(await pendingHandlers(server, bill.id)).toEqual([sunba]);
    const history = await call<BillHistoryEntry[]>('wangwu', 'GET', `/api/bills/${bill.id}/history`);
    expect(history.body.data.map((e) => [e.action, e.step_name, e.comment])).toEqual([
      ['release', null, null],
      ['skip', '财务复核', EngineMessages.initiatorSkipped],
    ]);
    const flow = await call<BillFlowView>('wangwu', 'GET', `/oa/flow/${bill.id}`);
    expect(flow.body.data.flowNodes.find((n) => n.name === '复核')?.flowNodeSteps[0]).toMatchObject({
      stepStatus: 'done',
      handlerCount: 0,
    });
  });

  it('self keeps him as the handler; leader hands his place to his direct leader', async () => {
    const [wangwu, chenqi] = [await idOf(server, 'wangwu'), await idOf(server, 'chenqi')];
    const admin = await tokens.get('admin');
    const self = await releasedBill(
      server,
      await tokens.get('wangwu'),
      await makeTemplate(server, admin, reviewFlow({ kind: 'job', jobId: await financeJob() }, 'self')),
    );
    expect(await pendingHandlers(server, self.id)).toEqual([wangwu, await idOf(server, 'sunhao')]);
    const leader = await releasedBill(
      server,
      await tokens.get('wangwu'),
      await makeTemplate(server, admin, reviewFlow({ kind: 'users', userIds: [wangwu] }, 'leader')),
    );
    expect(await pendingHandlers(server, leader.id)).toEqual([chenqi]);
    // Another initiator's bill on the same flow still goes to 王五.
    const other = await releasedBill(
      server,
      await tokens.get('zhangsan'),
      await makeTemplate(server, admin, reviewFlow({ kind: 'users', userIds: [wangwu] }, 'leader')),
    );
    expect(await pendingHandlers(server, other.id)).toEqual([wangwu]);
  });

  it('choosing oneself at 发起人自选 is refused at chosen_handlers and changes nothing', async () => {
    const [wangwu, sunhao] = [await idOf(server, 'wangwu'), await idOf(server, 'sunhao')];
    const templateId = await makeTemplate(server, await tokens.get('admin'), reviewFlow({ kind: 'chosen' }, 'self'));
    const draft = await call<BillDetail>('wangwu', 'POST', '/api/bills', { template_id: templateId, form: { reason: '复核' } });
    const billId = draft.body.data.id;
    const before = await snapshotOf(server, billId);
    const refused = await call('wangwu', 'POST', `/api/bills/${billId}/release`, { chosen_handlers: { 'review-1': [sunhao, wangwu] } });
    expect(refused.body).toMatchObject({
      status_code: 422,
      message: EngineMessages.chosenInitiator('财务复核'),
      data: { errors: { chosen_handlers: [EngineMessages.chosenInitiator('财务复核')] } },
    });
    expect(await snapshotOf(server, billId)).toEqual(before);
    const released = await call<BillDetail>('wangwu', 'POST', `/api/bills/${billId}/release`, {
      chosen_handlers: { 'review-1': [sunhao] },
    });
    expect(released.body.status_code, released.body.message).toBe(0);
    expect(await pendingHandlers(server, billId)).toEqual([sunhao]);
  });

  it('a handler cannot transfer the initiator’s bill to the initiator', async () => {
    const wangwu = await idOf(server, 'wangwu');
    const templateId = await makeTemplate(server, await tokens.get('admin'), reviewFlow({ kind: 'users', userIds: [sunba] }));
    const bill = await releasedBill(server, await tokens.get('wangwu'), templateId);
    const before = await snapshotOf(server, bill.id);
    const task = await pendingTask(server, bill.id, sunba);
    const refused = await call('sunba', 'POST', `/api/bills/flownode/${task}/transfer`, { to_user_id: wangwu });
    expect(refused.body).toMatchObject({ status_code: 422, data: { errors: { to_user_id: [EngineMessages.transferToInitiator] } } });
    expect(await snapshotOf(server, bill.id)).toEqual(before);
  });
});

async function financeJob(): Promise<number> {
  return (await server.db.selectFrom('jobs').select('id').where('name', '=', '财务审核').executeTakeFirstOrThrow()).id;
}
