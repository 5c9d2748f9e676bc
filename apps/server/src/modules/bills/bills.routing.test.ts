import {
  ApprovalMessages,
  EngineMessages,
  type BillDetail,
  type BillFlowView,
  type BillHistoryEntry,
  type Condition,
  type FlowGraph,
  type StepDef,
} from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { idOf, makeTemplate, pendingHandlers, pendingTask, releasedBill, snapshotOf, Tokens } from './test-support';

/**
 * Issue 13 over HTTP, on both databases: a department rule takes in the departments below; a disabled person
 * named by a step, leading a department or chosen at release gets no task; 退回 over a node that found nobody
 * lands on someone who decided, never back on the sender. The demo company: 技术部 (李四) holds 研发组 (周九),
 * where 刘洋 works; 张三 is in 技术部 itself, 王五 in 财务部; 孙八 and 陈七 lead 综合管理部 and 星河科技.
 */

let server: TestServer;
let tokens: Tokens;
let ids: Record<'sunba' | 'chenqi' | 'hejun' | 'zhoujiu' | 'admin' | 'zhangsan' | 'linxue', number>;
let techDept: number;

beforeAll(async () => {
  server = await startTestServer();
  tokens = new Tokens(server);
  const names = ['sunba', 'chenqi', 'hejun', 'zhoujiu', 'admin', 'zhangsan', 'linxue'] as const;
  ids = Object.fromEntries(await Promise.all(names.map(async (n) => [n, await idOf(server, n)] as const))) as typeof ids;
  techDept = (await server.db.selectFrom('depts').select('id').where('name', '=', '技术部').executeTakeFirstOrThrow()).id;
});
afterAll(async () => server.close());

async function call<T>(user: string, method: string, url: string, body?: unknown) {
  return server.call<T>(method, url, { token: await tokens.get(user), ...(body !== undefined ? { body } : {}) });
}

/** Disables `userId` while `fn` runs (as 系统管理 would), then enables them again for the other tests. */
async function whileDisabled<T>(userId: number, fn: () => Promise<T>): Promise<T> {
  await server.db.updateTable('users').set({ status: 0 }).where('id', '=', userId).execute();
  try {
    return await fn();
  } finally {
    await server.db.updateTable('users').set({ status: 1 }).where('id', '=', userId).execute();
  }
}

const step = (id: string, name: string, source: StepDef['source']): StepDef => ({ id, name, type: 'orsign', source });
const always = { logic: 'and' as const, rules: [] };

/** start → each node in order → end; `settings` over skip / no admin / restart. */
function chain(nodes: { id: string; name: string; source: StepDef['source'] }[], settings: Partial<FlowGraph['settings']> = {}): FlowGraph {
  const all = ['start', ...nodes.map((n) => n.id), 'end'];
  return {
    nodes: [
      { id: 'start', type: 'start', name: '发起', steps: [] },
      ...nodes.map((n) => ({ id: n.id, type: 'approve' as const, name: n.name, steps: [step(`${n.id}-1`, n.name, n.source)] })),
      { id: 'end', type: 'end', name: '结束', steps: [] },
    ],
    links: all.slice(1).map((to, i) => ({ id: `l${i}`, from: all[i] ?? '', to, priority: 0, isDefault: false, rules: always })),
    settings: {
      emptyHandler: 'skip',
      adminUserId: null,
      resubmit: 'restart',
      approverDedup: 'none',
      initiatorApproves: 'skip',
      ...settings,
    },
  };
}

describe('发起人部门 rules take in the departments below', () => {
  /** start → 技术审批 (孙八) when the rule holds, else 其他审批 (陈七) → end. */
  function deptFlow(rule: Condition): FlowGraph {
    return {
      nodes: [
        { id: 'start', type: 'start', name: '发起', steps: [] },
        { id: 'tech', type: 'approve', name: '技术审批', steps: [step('tech-1', '技术审批', { kind: 'users', userIds: [ids.sunba] })] },
        { id: 'other', type: 'approve', name: '其他审批', steps: [step('other-1', '其他审批', { kind: 'users', userIds: [ids.chenqi] })] },
        { id: 'end', type: 'end', name: '结束', steps: [] },
      ],
      links: [
        { id: 'a', from: 'start', to: 'tech', priority: 0, isDefault: false, rules: { logic: 'and', rules: [rule] } },
        { id: 'b', from: 'start', to: 'other', priority: 1, isDefault: true, rules: always },
        { id: 'c', from: 'tech', to: 'end', priority: 0, isDefault: false, rules: always },
        { id: 'd', from: 'other', to: 'end', priority: 0, isDefault: false, rules: always },
      ],
      settings: { emptyHandler: 'skip', adminUserId: null, resubmit: 'restart', approverDedup: 'none', initiatorApproves: 'skip' },
    };
  }

  it('属于 技术部 routes 刘洋 (研发组) and 张三 (技术部) there, not 王五 (财务部); 不属于 the opposite', async () => {
    const admin = await tokens.get('admin');
    const inTech = await makeTemplate(server, admin, deptFlow({ on: 'dept', op: 'eq', value: techDept }));
    const notInTech = await makeTemplate(server, admin, deptFlow({ on: 'dept', op: 'ne', value: techDept }));
    const nodeOf = async (user: string, templateId: number) =>
      (await releasedBill(server, await tokens.get(user), templateId)).current_node;
    expect([await nodeOf('liuyang', inTech), await nodeOf('zhangsan', inTech), await nodeOf('wangwu', inTech)]).toEqual([
      '技术审批',
      '技术审批',
      '其他审批',
    ]);
    expect([await nodeOf('liuyang', notInTech), await nodeOf('zhangsan', notInTech), await nodeOf('wangwu', notInTech)]).toEqual([
      '其他审批',
      '其他审批',
      '技术审批',
    ]);
  });

  it('a draft of 刘洋 (研发组) shows the route through 技术审批 before its release too', async () => {
    const templateId = await makeTemplate(server, await tokens.get('admin'), deptFlow({ on: 'dept', op: 'eq', value: techDept }));
    const draft = await call<BillDetail>('liuyang', 'POST', '/api/bills', { template_id: templateId, form: {} });
    expect(draft.body.status_code, draft.body.message).toBe(0);
    const flow = await call<BillFlowView>('liuyang', 'GET', `/oa/flow/${draft.body.data.id}`);
    expect(flow.body.data.flowNodes.map((n) => n.name)).toEqual(['发起', '技术审批', '结束']);
  });
});

describe('a disabled person gets no task: nobody found', () => {
  it('a named handler: the step is skipped, or goes to the flow administrator', async () => {
    const admin = await tokens.get('admin');
    const nodes = [
      { id: 'n1', name: '行政审批', source: { kind: 'users' as const, userIds: [ids.hejun] } },
      { id: 'n2', name: '经理审批', source: { kind: 'users' as const, userIds: [ids.sunba] } },
    ];
    const skip = await makeTemplate(server, admin, chain(nodes));
    const toAdmin = await makeTemplate(server, admin, chain(nodes, { emptyHandler: 'admin', adminUserId: ids.admin }));
    await whileDisabled(ids.hejun, async () => {
      const skipped = await releasedBill(server, await tokens.get('zhangsan'), skip);
      expect(skipped.current_node).toBe('经理审批');
      expect(await pendingHandlers(server, skipped.id)).toEqual([ids.sunba]);
      const history = await call<BillHistoryEntry[]>('zhangsan', 'GET', `/api/bills/${skipped.id}/history`);
      expect(history.body.data.map((e) => [e.action, e.step_name])).toEqual([
        ['release', null],
        ['skip', '行政审批'],
      ]);
      const sent = await releasedBill(server, await tokens.get('zhangsan'), toAdmin);
      expect(sent.current_node).toBe('行政审批');
      expect(await pendingHandlers(server, sent.id)).toEqual([ids.admin]);
    });
  });

  it('a disabled department leader: 刘洋’s 直属主管 step (周九) finds nobody', async () => {
    const templateId = await makeTemplate(
      server,
      await tokens.get('admin'),
      chain([
        { id: 'n1', name: '主管审批', source: { kind: 'leader', levels: 1 } },
        { id: 'n2', name: '经理审批', source: { kind: 'users', userIds: [ids.sunba] } },
      ]),
    );
    await whileDisabled(ids.zhoujiu, async () => {
      const bill = await releasedBill(server, await tokens.get('liuyang'), templateId);
      expect(await pendingHandlers(server, bill.id)).toEqual([ids.sunba]);
    });
    const later = await releasedBill(server, await tokens.get('liuyang'), templateId);
    expect(await pendingHandlers(server, later.id)).toEqual([ids.zhoujiu]);
  });

  it('发起人自选 of a disabled person is refused at release, naming the step and the person; nothing changes', async () => {
    const templateId = await makeTemplate(
      server,
      await tokens.get('admin'),
      chain([{ id: 'n1', name: '部门审批', source: { kind: 'chosen' } }]),
    );
    const draft = await call<BillDetail>('zhangsan', 'POST', '/api/bills', { template_id: templateId, form: { reason: '采购' } });
    const billId = draft.body.data.id;
    const before = await snapshotOf(server, billId);
    await whileDisabled(ids.linxue, async () => {
      const refused = await call('zhangsan', 'POST', `/api/bills/${billId}/release`, {
        chosen_handlers: { 'n1-1': [ids.sunba, ids.linxue] },
      });
      const message = ApprovalMessages.chosenUnavailable('部门审批', ['林雪']);
      expect(refused.body).toMatchObject({ status_code: 422, message, data: { errors: { chosen_handlers: [message] } } });
      expect(await snapshotOf(server, billId)).toEqual(before);
    });
  });
});

describe('退回 over a node that found nobody', () => {
  it('is refused when no node before was decided by someone: no fresh task for the sender, nothing changes', async () => {
    // 复核 names only the initiator, whom 发起人审批时 (skip) leaves out: the node passes by itself.
    const templateId = await makeTemplate(
      server,
      await tokens.get('admin'),
      chain([
        { id: 'n1', name: '复核', source: { kind: 'users', userIds: [ids.zhangsan] } },
        { id: 'n2', name: '经理审批', source: { kind: 'users', userIds: [ids.sunba] } },
      ]),
    );
    const bill = await releasedBill(server, await tokens.get('zhangsan'), templateId);
    expect(await pendingHandlers(server, bill.id)).toEqual([ids.sunba]);
    // The handler is not offered 退回 …
    const seen = await call<BillDetail>('sunba', 'GET', `/api/bills/${bill.id}`);
    expect(seen.body.data.abilities).toMatchObject({ agree: true, reject: true, back: false });
    const before = await snapshotOf(server, bill.id);
    const task = await pendingTask(server, bill.id, ids.sunba);
    // … and the API refuses it.
    const refused = await call('sunba', 'POST', `/api/bills/flownode/${task}/back`, { comment: '请再核对' });
    expect(refused.body).toMatchObject({
      status_code: 422,
      message: EngineMessages.noBackTarget,
      data: { errors: { comment: [EngineMessages.noBackTarget] } },
    });
    expect(await snapshotOf(server, bill.id)).toEqual(before);
  });

  it('goes past it to the last node someone decided', async () => {
    const templateId = await makeTemplate(
      server,
      await tokens.get('admin'),
      chain([
        { id: 'n1', name: '行政审批', source: { kind: 'users', userIds: [ids.hejun] } },
        { id: 'n2', name: '复核', source: { kind: 'users', userIds: [ids.zhangsan] } },
        { id: 'n3', name: '经理审批', source: { kind: 'users', userIds: [ids.sunba] } },
      ]),
    );
    const bill = await releasedBill(server, await tokens.get('zhangsan'), templateId);
    const agreed = await call('hejun', 'POST', `/api/bills/flownode/${await pendingTask(server, bill.id, ids.hejun)}/agree`, {
      comment: '同意',
    });
    expect(agreed.body.status_code, agreed.body.message).toBe(0);
    expect(await pendingHandlers(server, bill.id)).toEqual([ids.sunba]);
    expect((await call<BillDetail>('sunba', 'GET', `/api/bills/${bill.id}`)).body.data.abilities.back).toBe(true);
    const back = await call('sunba', 'POST', `/api/bills/flownode/${await pendingTask(server, bill.id, ids.sunba)}/back`, {
      comment: '请再核对',
    });
    expect(back.body.status_code, back.body.message).toBe(0);
    expect(await pendingHandlers(server, bill.id)).toEqual([ids.hejun]);
    const detail = await call<BillDetail>('zhangsan', 'GET', `/api/bills/${bill.id}`);
    expect(detail.body.data.current_node).toBe('行政审批');
  });
});
