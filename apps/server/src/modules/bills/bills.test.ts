import {
  ApprovalMessages,
  EngineMessages,
  type BillDetail,
  type BillFlowView,
  type BillHistoryEntry,
  type BillListRow,
  type BillRecordNode,
  type DashboardCounts,
  type FlowTaskView,
  type Paged,
  type TemplateSummary,
} from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { expenseForm, idOf, pendingTask, snapshotOf, Tokens } from './test-support';

let server: TestServer;
let tokens: Tokens;
let expenseId: number;

beforeAll(async () => {
  server = await startTestServer();
  tokens = new Tokens(server);
  const row = await server.db.selectFrom('templates').select('id').where('name', '=', '费用报销').executeTakeFirstOrThrow();
  expenseId = row.id;
});
afterAll(async () => server.close());

async function call<T>(user: string, method: string, url: string, body?: unknown) {
  return server.call<T>(method, url, { token: await tokens.get(user), ...(body !== undefined ? { body } : {}) });
}

describe('the demo data', () => {
  it('holds the eight templates and bills of zhangsan in every status, with work waiting for lisi and wangwu', async () => {
    const list = await call<Paged<TemplateSummary>>('zhangsan', 'GET', '/api/templates');
    expect(list.body.data.list.map((t) => t.name).sort()).toEqual(
      ['请假申请', '外出申请', '费用报销', '采购申请', '用章申请', '报修', '工单', '会议室预定'].sort(),
    );
    expect(list.body.data.list.every((t) => t.startable)).toBe(true);
    const zhangsan = await idOf(server, 'zhangsan');
    const statuses = await server.db.selectFrom('bills').select('status').where('initiator_id', '=', zhangsan).execute();
    expect(new Set(statuses.map((s) => s.status))).toEqual(new Set(['draft', 'doing', 'done', 'rejected', 'returned', 'abandoned']));
    for (const user of ['lisi', 'wangwu']) {
      const todo = await call<Paged<BillListRow>>(user, 'GET', '/api/bills?box=todo');
      expect(todo.body.data.total, user).toBeGreaterThan(0);
    }
    const dashboard = await call<DashboardCounts>('wangwu', 'GET', '/api/dashboard');
    expect(dashboard.body.data.todo).toBeGreaterThanOrEqual(3);
  });
});

describe('ids beyond the integer columns', () => {
  it('are refused as not found, never answered with a 500', async () => {
    for (const url of ['/api/bills/99999999999', '/api/templates/99999999999']) {
      const answer = await call('admin', 'GET', url);
      expect(answer.status, url).toBe(200);
      expect(answer.body.status_code, url).toBe(422);
    }
  });
});

describe('a bill from draft to done (费用报销 of 6,000 with two items)', () => {
  it('saves, releases, is agreed, rejected by finance, edited, resubmitted and completed', async () => {
    const created = await call<BillDetail>('zhangsan', 'POST', '/api/bills', {
      template_id: expenseId,
      form: expenseForm(['2500.00', '3500']),
    });
    expect(created.body.status_code, created.body.message).toBe(0);
    const bill = created.body.data;
    expect(bill).toMatchObject({ status: 'draft', status_text: '草稿', title: '张三的费用报销', totals: { expense_items: '6000.00' } });
    expect(bill.form.expense_items).toHaveLength(2);
    expect(bill.abilities).toMatchObject({ edit: true, delete: true, release: true, withdraw: false, agree: false });

    const drafts = await call<Paged<BillListRow>>('zhangsan', 'GET', '/api/bills?box=draft&per_page=100');
    expect(drafts.body.data.list.some((b) => b.id === bill.id)).toBe(true);

    const released = await call<BillDetail>('zhangsan', 'POST', `/api/bills/${bill.id}/release`, {});
    expect(released.body).toMatchObject({
      status_code: 0,
      message: ApprovalMessages.released,
      data: { status: 'doing', current_node: '部门负责人审批' },
    });

    // The popover: start, the leader's step waiting for 李四, finance waiting, archive and end without approval-mode labels.
    const flow = await call<BillFlowView>('zhangsan', 'GET', `/oa/flow/${bill.id}`);
    expect(flow.body.data.flowNodes.map((n) => [n.flowNodeType, n.flowNodeLabel])).toEqual([
      ['start', '发起审批'],
      ['approve', ''],
      ['approve', ''],
      ['archive', ''],
      ['end', '结束审批'],
    ]);
    const leaderStep = flow.body.data.flowNodes[1]?.flowNodeSteps[0];
    expect(leaderStep).toMatchObject({
      stepStatus: 'doing',
      stepStatusText: '等待李四审批',
      approvalMode: 0,
      approvalModeLabel: '或签',
      handlerCount: 1,
    });
    expect(leaderStep?.handlers[0]).toMatchObject({ name: '李四', dept_name: '技术部', operation: 0 });
    const financeStep = flow.body.data.flowNodes[2]?.flowNodeSteps[0];
    expect(financeStep).toMatchObject({ stepStatus: 'waiting', stepStatusText: '待审批' });

    const lisi = await idOf(server, 'lisi');
    const lisiTodo = await call<Paged<BillListRow>>('lisi', 'GET', '/api/bills?box=todo&per_page=100');
    expect(lisiTodo.body.data.list.find((b) => b.id === bill.id)).toMatchObject({ initiator_name: '张三', current_node: '部门负责人审批' });
    const lisiView = await call<BillDetail>('lisi', 'GET', `/api/bills/${bill.id}`);
    expect(lisiView.body.data.abilities).toMatchObject({ agree: true, reject: true, back: false, edit: false });
    const taskId = lisiView.body.data.my_task?.id ?? '';
    expect(taskId).toBe(await pendingTask(server, bill.id, lisi));
    const task = await call<FlowTaskView>('lisi', 'GET', `/api/bills/flownode/${taskId}`);
    expect(task.body.data).toMatchObject({
      status: 'pending',
      operation: 0,
      node_name: '部门负责人审批',
      can: { agree: true, back: false },
    });

    const agreed = await call('lisi', 'POST', `/api/bills/flownode/${taskId}/agree`, { comment: '同意' });
    expect(agreed.body).toMatchObject({ status_code: 0, message: ApprovalMessages.agreed, data: { status: 'doing' } });

    // Over 5,000: the finance job (王五, 孙浩) — either may decide.
    const afterLeader = await call<BillFlowView>('zhangsan', 'GET', `/oa/flow/${bill.id}`);
    expect(afterLeader.body.data.flowNodes[2]?.flowNodeSteps[0]?.stepStatusText).toBe('等待王五、孙浩等人审批');
    const wangwu = await idOf(server, 'wangwu');
    const financeTask = await pendingTask(server, bill.id, wangwu);
    const noComment = await call('wangwu', 'POST', `/api/bills/flownode/${financeTask}/reject`, { comment: '  ' });
    expect(noComment.body).toMatchObject({
      status_code: 422,
      message: EngineMessages.commentRequired,
      data: { errors: { comment: [EngineMessages.commentRequired] } },
    });
    const rejected = await call('wangwu', 'POST', `/api/bills/flownode/${financeTask}/reject`, { comment: '住宿超标，请按标准重新填写' });
    expect(rejected.body).toMatchObject({ status_code: 0, message: ApprovalMessages.rejected, data: { status: 'rejected' } });
    // 孙浩's sibling task was cancelled with the step, not lost.
    const sunhao = await idOf(server, 'sunhao');
    const tasks = (await snapshotOf(server, bill.id)).tasks;
    expect(tasks.find((t) => t.acting_handler === sunhao)?.status).toBe('cancelled');
    expect(tasks.filter((t) => t.status === 'pending')).toHaveLength(0);

    const edited = await call<BillDetail>('zhangsan', 'PUT', `/api/bills/${bill.id}`, { form: expenseForm(['2500.00', '3600.00']) });
    expect(edited.body.data).toMatchObject({ status: 'rejected', totals: { expense_items: '6100.00' } });
    const resubmitted = await call<BillDetail>('zhangsan', 'POST', `/api/bills/${bill.id}/release`, {});
    expect(resubmitted.body).toMatchObject({ status_code: 0, message: ApprovalMessages.resubmitted, data: { status: 'doing' } });

    await call('lisi', 'POST', `/api/bills/flownode/${await pendingTask(server, bill.id, lisi)}/agree`, {});
    const done = await call('wangwu', 'POST', `/api/bills/flownode/${await pendingTask(server, bill.id, wangwu)}/agree`, {
      comment: '已核对',
    });
    expect(done.body.data).toMatchObject({ status: 'done' });

    const history = await call<BillHistoryEntry[]>('zhangsan', 'GET', `/api/bills/${bill.id}/history`);
    expect(history.body.data.map((h) => [h.action_text, h.actor_name])).toEqual([
      ['提交', '张三'],
      ['同意', '李四'],
      ['驳回', '王五'],
      ['重新提交', '张三'],
      ['同意', '李四'],
      ['同意', '王五'],
      // The flow files the approved bill (its archive node); the number is the entry's comment.
      ['归档', null],
    ]);
    expect(history.body.data.at(-2)).toMatchObject({ before: 'doing', after: 'done', node_name: '财务审核' });
    expect(history.body.data.at(-1)?.comment).toMatch(/^归档编号：GD\d{10}$/);
    // 耗时 (issue 15): a handler's own decision says when its task reached them; the release and the filing do not.
    expect(history.body.data.map((h) => h.task_arrived_at !== null)).toEqual([false, true, true, false, true, true, false]);
    for (const h of history.body.data) {
      if (h.task_arrived_at !== null) expect(Date.parse(h.task_arrived_at)).toBeLessThanOrEqual(Date.parse(h.at));
    }
    const record = await call<BillRecordNode[]>('zhangsan', 'GET', `/api/bills/${bill.id}/histories`);
    expect(record.body.data.filter((n) => n.node_id === 'finance').map((n) => n.status)).toEqual(['rejected', 'done']);

    const finished = await call<BillFlowView>('zhangsan', 'GET', `/oa/flow/${bill.id}`);
    expect(finished.body.data).toMatchObject({ status: 'done', status_text: '已完成' });
    const finance = finished.body.data.flowNodes[2]?.flowNodeSteps[0];
    expect(finance?.stepStatusText).toBe('已审批');
    // 孙浩 did not act: operation 0 on a done step (SPEC §4's greyed avatar).
    expect(finance?.handlers.map((h) => [h.name, h.operation])).toEqual([
      ['王五', 1],
      ['孙浩', 0],
    ]);
    // Both were asked (their tasks arrived); only 王五 decided, no earlier than his task reached him.
    const [wangwuHandler, sunhaoHandler] = finance?.handlers ?? [];
    expect(Date.parse(wangwuHandler?.arrived_at ?? '')).toBeLessThanOrEqual(Date.parse(wangwuHandler?.time ?? ''));
    expect(sunhaoHandler?.arrived_at).not.toBeNull();

    const lisiDone = await call<Paged<BillListRow>>('lisi', 'GET', '/api/bills?box=done&per_page=100');
    expect(lisiDone.body.data.list.some((b) => b.id === bill.id)).toBe(true);
    const mine = await call<Paged<BillListRow>>('zhangsan', 'GET', `/api/bills?box=mine&status=done&template_id=${expenseId}`);
    expect(mine.body.data.list.map((b) => b.id)).toContain(bill.id);
  });

  it('a small claim skips the finance step', async () => {
    const created = await call<BillDetail>('zhangsan', 'POST', '/api/bills', { template_id: expenseId, form: expenseForm(['120.00']) });
    await call('zhangsan', 'POST', `/api/bills/${created.body.data.id}/release`, {});
    const lisi = await idOf(server, 'lisi');
    const done = await call('lisi', 'POST', `/api/bills/flownode/${await pendingTask(server, created.body.data.id, lisi)}/agree`, {});
    expect(done.body.data).toMatchObject({ status: 'done' });
  });
});

describe('bad input: a message naming the field, nothing changed', () => {
  it('refuses a malformed amount and an unknown field on save', async () => {
    const before = await server.db
      .selectFrom('bills')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    const bad = await call('zhangsan', 'POST', '/api/bills', {
      template_id: expenseId,
      form: { ...expenseForm(['12.345']), hacker: 'x' },
    });
    expect(bad.body.status_code).toBe(422);
    const errors = (bad.body.data as { errors: Record<string, string[]> }).errors;
    expect(errors['form.expense_items.0.amount']).toEqual(['「金额（元）」须为金额，如 1234.56（最多两位小数）']);
    expect(errors['form.hacker']).toEqual(['表单中没有字段「hacker」']);
    const after = await server.db
      .selectFrom('bills')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses to release an incomplete form and leaves the draft as it was', async () => {
    const created = await call<BillDetail>('zhangsan', 'POST', '/api/bills', { template_id: expenseId, form: { remark: '还没填完' } });
    expect(created.body.status_code).toBe(0);
    const before = await snapshotOf(server, created.body.data.id);
    const release = await call('zhangsan', 'POST', `/api/bills/${created.body.data.id}/release`, {});
    expect(release.body).toMatchObject({
      status_code: 422,
      message: '请选择「报销类别」',
      data: { errors: { 'form.category': ['请选择「报销类别」'], 'form.expense_items': ['「费用明细」至少需要一行明细'] } },
    });
    expect(await snapshotOf(server, created.body.data.id)).toEqual(before);
  });

  it('answers clear messages for a bad box, sort field and id', async () => {
    expect((await call('zhangsan', 'GET', '/api/bills?box=all')).body).toMatchObject({
      status_code: 422,
      message: '列表类型须为 todo、done、mine、draft、tracked 或 shared',
    });
    expect((await call('zhangsan', 'GET', '/api/bills?sort=password')).body.status_code).toBe(422);
    expect((await call('zhangsan', 'GET', '/api/bills/abc')).body).toMatchObject({
      status_code: 422,
      message: ApprovalMessages.billNotFound,
    });
    expect((await call('zhangsan', 'GET', '/api/bills/999999')).body).toMatchObject({
      status_code: 403,
      message: ApprovalMessages.billUnavailable,
    });
  });

  it('returns the same draft for a repeated client key', async () => {
    const body = { template_id: expenseId, form: expenseForm(['10.00']), client_key: 'page-key-123456' };
    const [a, b] = await Promise.all([
      call<BillDetail>('zhangsan', 'POST', '/api/bills', body),
      call<BillDetail>('zhangsan', 'POST', '/api/bills', body),
    ]);
    expect(a.body.data.id).toBe(b.body.data.id);
  });
});

describe('who may do what', () => {
  it('refuses strangers (403) exactly as it answers a bill that does not exist, and changes nothing', async () => {
    const created = await call<BillDetail>('zhangsan', 'POST', '/api/bills', { template_id: expenseId, form: expenseForm(['6000.00']) });
    const id = created.body.data.id;
    // A draft is its initiator's alone.
    expect((await call('lisi', 'GET', `/api/bills/${id}`)).status).toBe(403);
    await call('zhangsan', 'POST', `/api/bills/${id}/release`, {});
    const lisi = await idOf(server, 'lisi');
    const taskId = await pendingTask(server, id, lisi);
    const before = await snapshotOf(server, id);

    for (const [method, url, body] of [
      ['GET', `/api/bills/${id}`, undefined],
      ['GET', `/api/bills/${id}/history`, undefined],
      ['GET', `/api/bills/${id}/histories`, undefined],
      ['GET', `/api/bills/${id}/items`, undefined],
      ['GET', `/oa/flow/${id}`, undefined],
      ['GET', `/api/bills/flownode/${taskId}`, undefined],
      ['POST', `/api/bills/flownode/${taskId}/agree`, {}],
      ['POST', `/api/bills/flownode/${taskId}/reject`, { comment: '不行' }],
      ['PATCH', `/api/bills/${id}/returned`, {}],
      ['PATCH', `/api/bills/${id}/abandon`, {}],
      ['PUT', `/api/bills/${id}`, { title: '改' }],
      ['DELETE', `/api/bills/${id}`, undefined],
      ['POST', `/api/bills/${id}/release`, {}],
      ['PATCH', `/api/bills/${id}/replication`, {}],
      ['PATCH', `/api/bills/${id}/track`, {}],
      ['PATCH', `/api/bills/${id}/untrack`, {}],
      ['PATCH', `/api/bills/${id}/share`, { user_ids: [lisi] }],
      ['PATCH', `/api/bills/${id}/close`, { comment: '关闭' }],
    ] as const) {
      const result = await call('zhaoliu', method, url, body);
      expect(result.status, `${method} ${url}`).toBe(403);
      // ASVS V4.2.1 (issue 11, item 11): the answer for someone else's bill or task is the answer for one
      // that does not exist, so probing ids tells nothing.
      const missingUrl = url.replace(taskId, '999999-t1').replace(`/${id}`, '/999999');
      const missing = await call('zhaoliu', method, missingUrl, body);
      expect({ status: missing.status, body: missing.body }, `${method} ${missingUrl}`).toEqual({
        status: result.status,
        body: result.body,
      });
    }
    // The handler may read and operate, but not withdraw or edit.
    expect((await call('lisi', 'GET', `/api/bills/${id}`)).status).toBe(200);
    expect((await call('lisi', 'PATCH', `/api/bills/${id}/returned`, {})).body).toMatchObject({
      status_code: 403,
      message: ApprovalMessages.notInitiator,
    });
    expect((await call('lisi', 'PUT', `/api/bills/${id}`, { title: '改' })).status).toBe(403);
    // The initiator may not act on the handler's task.
    expect((await call('zhangsan', 'POST', `/api/bills/flownode/${taskId}/agree`, {})).body).toMatchObject({
      status_code: 403,
      message: EngineMessages.notHandler,
    });
    expect(await snapshotOf(server, id)).toEqual(before);

    // bill_admin reads everything (admin holds every permission).
    expect((await call('admin', 'GET', `/api/bills/${id}`)).status).toBe(200);
    // A past handler keeps read access.
    await call('lisi', 'POST', `/api/bills/flownode/${taskId}/agree`, {});
    expect((await call('lisi', 'GET', `/oa/flow/${id}`)).status).toBe(200);
  });

  it('lets the initiator withdraw, abandon, and delete only drafts', async () => {
    const created = await call<BillDetail>('zhangsan', 'POST', '/api/bills', { template_id: expenseId, form: expenseForm(['100.00']) });
    const id = created.body.data.id;
    await call('zhangsan', 'POST', `/api/bills/${id}/release`, {});
    expect((await call('zhangsan', 'DELETE', `/api/bills/${id}`)).body).toMatchObject({
      status_code: 409,
      message: ApprovalMessages.notDeletable,
    });
    expect((await call('zhangsan', 'PATCH', `/api/bills/${id}/abandon`, {})).body).toMatchObject({
      status_code: 409,
      message: EngineMessages.notAbandonable,
    });
    const withdrawn = await call<BillDetail>('zhangsan', 'PATCH', `/api/bills/${id}/returned`, { comment: '填错了' });
    expect(withdrawn.body).toMatchObject({
      status_code: 0,
      message: ApprovalMessages.withdrawn,
      data: { status: 'returned', status_text: '已撤回' },
    });
    // lisi's task went with the withdraw: his todo box no longer lists the bill.
    const todo = await call<Paged<BillListRow>>('lisi', 'GET', '/api/bills?box=todo&per_page=100');
    expect(todo.body.data.list.some((b) => b.id === id)).toBe(false);
    const abandoned = await call<BillDetail>('zhangsan', 'PATCH', `/api/bills/${id}/abandon`, {});
    expect(abandoned.body.data.status).toBe('abandoned');

    const draft = await call<BillDetail>('zhangsan', 'POST', '/api/bills', { template_id: expenseId, form: {} });
    expect((await call('zhangsan', 'DELETE', `/api/bills/${draft.body.data.id}`)).body.status_code).toBe(0);
    expect(await server.db.selectFrom('bills').select('id').where('id', '=', draft.body.data.id).executeTakeFirst()).toBeUndefined();
  });

  it('transfers a task, recorded as 代 X 审批', async () => {
    const created = await call<BillDetail>('zhangsan', 'POST', '/api/bills', { template_id: expenseId, form: expenseForm(['80.00']) });
    const id = created.body.data.id;
    await call('zhangsan', 'POST', `/api/bills/${id}/release`, {});
    const lisi = await idOf(server, 'lisi');
    const hanbing = await idOf(server, 'hanbing');
    const noTarget = await call('lisi', 'POST', `/api/bills/flownode/${await pendingTask(server, id, lisi)}/transfer`, {});
    expect(noTarget.body).toMatchObject({ status_code: 422, data: { errors: { to_user_id: [ApprovalMessages.transferTarget] } } });
    const moved = await call('lisi', 'POST', `/api/bills/flownode/${await pendingTask(server, id, lisi)}/transfer`, {
      to_user_id: hanbing,
      comment: '我出差，请韩冰处理',
    });
    expect(moved.body.status_code).toBe(0);
    const todo = await call<Paged<BillListRow>>('hanbing', 'GET', '/api/bills?box=todo&per_page=100');
    expect(todo.body.data.list.find((b) => b.id === id)?.on_behalf_of).toBe('代李四审批');
    const flow = await call<BillFlowView>('zhangsan', 'GET', `/oa/flow/${id}`);
    expect(flow.body.data.flowNodes[1]?.flowNodeSteps[0]?.handlers).toMatchObject([
      { name: '韩冰', on_behalf_of: '代李四审批', operation: 0 },
    ]);
    const bad = await call('hanbing', 'POST', `/api/bills/flownode/${await pendingTask(server, id, hanbing)}/nonsense`, {});
    expect(bad.body).toMatchObject({ status_code: 422, message: ApprovalMessages.operTypeInvalid });
  });
});

describe('back and sequential steps over HTTP', () => {
  it('sends a bill back to the previous approve node with fresh tasks, and keeps a 依次 handler waiting for his turn', async () => {
    // Demo: 张三's 采购申请 waits at the 依次 step (王五 first, 陈七 after him).
    const purchase = await server.db.selectFrom('bills').select('id').where('title', '=', '张三的采购申请').executeTakeFirstOrThrow();
    const [wangwu, chenqi, lisi] = [await idOf(server, 'wangwu'), await idOf(server, 'chenqi'), await idOf(server, 'lisi')];
    const waiting = await server.db
      .selectFrom('bill_tasks')
      .select('id')
      .where('bill_id', '=', purchase.id)
      .where('acting_handler', '=', chenqi)
      .where('status', '=', 'waiting')
      .executeTakeFirstOrThrow();
    expect((await call('chenqi', 'POST', `/api/bills/flownode/${waiting.id}/agree`, {})).body).toMatchObject({
      status_code: 409,
      message: EngineMessages.notYourTurn,
    });
    const detail = await call<BillDetail>('wangwu', 'GET', `/api/bills/${purchase.id}`);
    expect(detail.body.data.abilities.back).toBe(true);
    const backed = await call('wangwu', 'POST', `/api/bills/flownode/${await pendingTask(server, purchase.id, wangwu)}/back`, {
      comment: '请补充报价单',
    });
    expect(backed.body).toMatchObject({ status_code: 0, message: ApprovalMessages.backed, data: { status: 'doing' } });
    const after = await snapshotOf(server, purchase.id);
    // 陈七's waiting task was cancelled with the step; 李四 has a new task in a new activation of the leader node.
    expect(after.tasks.find((t) => t.id === waiting.id)?.status).toBe('cancelled');
    expect(after.activations.filter((a) => a.node_id === 'leader').map((a) => [a.cause, a.status])).toEqual([
      ['forward', 'done'],
      ['back', 'active'],
    ]);
    expect(after.tasks.filter((t) => t.status === 'pending').map((t) => t.acting_handler)).toEqual([lisi]);
    expect(after.bill?.current_node_name).toBe('部门负责人审批');
  });
});
