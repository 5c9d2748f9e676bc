import {
  ApprovalMessages,
  CommonMessages,
  HandoverMessages,
  TaskMoveSkipLabels,
  type BillDetail,
  type BillListRow,
  type HandoverResult,
  type HandoverSummary,
  type Paged,
} from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { linearGraph, makeTemplate, releasedBill, snapshotOf } from '../bills/test-support';
import { createPerson, disable, failHistoryOf, historyOf, logRows, openTasks, todoOf, type Person } from './test-support';

/**
 * 离职交接 (issue 13): POST /api/admin/users/{id}/handover {to_user_id} moves a person's open tasks, drafts and the
 * entrusts they received to a colleague in one transaction, for sys_user holders only, within their reach.
 */

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signIn('admin');
});
afterAll(async () => server.close());

const hours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

const handover = (token: string, leaverId: number, body: unknown) =>
  server.call<HandoverResult>('POST', `/api/admin/users/${leaverId}/handover`, { token, body });
const summary = (token: string, leaverId: number) =>
  server.call<HandoverSummary>('GET', `/api/admin/users/${leaverId}/handover`, { token });

async function draftOf(person: Person, templateId: number): Promise<number> {
  const draft = await server.call<BillDetail>('POST', '/api/bills', {
    token: person.token,
    body: { template_id: templateId, form: { reason: '草稿' } },
  });
  expect(draft.body.status_code, draft.body.message).toBe(0);
  return draft.body.data.id;
}

async function entrustOf(owner: Person, delegate: Person, start: number, end: number): Promise<number> {
  const created = await server.call<{ id: number }>('POST', '/api/users/billEntrust', {
    token: owner.token,
    body: { delegate_id: delegate.id, start_at: hours(start), end_at: hours(end) },
  });
  expect(created.body.status_code, created.body.message).toBe(0);
  return created.body.data.id;
}

/** Everything a handover of `person` could change. */
async function stateOf(person: Person, billIds: number[]) {
  return {
    bills: await Promise.all(billIds.map((id) => snapshotOf(server, id))),
    drafts: await server.db
      .selectFrom('bills')
      .select(['id', 'initiator_id', 'version'])
      .where('status', '=', 'draft')
      .orderBy('id')
      .execute(),
    entrusts: await server.db.selectFrom('bill_entrusts').selectAll().orderBy('id').execute(),
    logs: await logRows(server),
    person: person.id,
  };
}

describe('离职交接', () => {
  it('moves open tasks, drafts and received entrusts to the receiver, reports the receiver’s own bills, and logs it', async () => {
    const [leaver, receiver, initiator, owner, first] = [
      await createPerson(server, admin, '离职人甲'),
      await createPerson(server, admin, '接收人乙'),
      await createPerson(server, admin, '发起人丙'),
      await createPerson(server, admin, '委托人丁'),
      await createPerson(server, admin, '审批人戊'),
    ];
    const single = await makeTemplate(server, admin, linearGraph([[{ type: 'orsign', userIds: [leaver.id] }]]));
    const ordered = await makeTemplate(server, admin, linearGraph([[{ type: 'ordersign', userIds: [first.id, leaver.id] }]]));
    const moved = await releasedBill(server, initiator.token, single);
    const receiversOwn = await releasedBill(server, receiver.token, single);
    const waiting = await releasedBill(server, initiator.token, ordered);
    const draft = await draftOf(leaver, single);
    const received = await entrustOf(owner, leaver, -1, 48);
    const toReceiver = await entrustOf(receiver, leaver, -1, 48);
    const leaversOwn = await entrustOf(leaver, first, -1, 48);

    expect((await summary(admin, leaver.id)).body.data).toEqual({
      user_id: leaver.id,
      open_tasks: 3,
      open_bills: 3,
      drafts: 1,
      entrusts: 2,
    });
    await disable(server, admin, leaver.id);
    const logsBefore = await logRows(server);

    const result = await handover(admin, leaver.id, { to_user_id: receiver.id });
    expect(result.body).toMatchObject({ status_code: 0, message: HandoverMessages.done('接收人乙', 2, 1, 2) });
    expect(result.body.data).toEqual({
      user_id: leaver.id,
      to_user_id: receiver.id,
      to_name: '接收人乙',
      tasks: {
        moved: [
          { bill_id: moved.id, title: moved.title, tasks: 1 },
          { bill_id: waiting.id, title: waiting.title, tasks: 1 },
        ],
        skipped: [{ bill_id: receiversOwn.id, title: receiversOwn.title, reason: 'initiator', reason_text: TaskMoveSkipLabels.initiator }],
      },
      drafts: 1,
      entrusts: 2,
    });

    // Tasks: in the receiver's 待我审批 for the leaver, the history naming the administrator's 离职交接.
    expect((await todoOf(server, receiver)).get(moved.id)).toBe('代离职人甲审批');
    expect(await openTasks(server, waiting.id)).toEqual([
      [first.id, 'pending'],
      [receiver.id, 'waiting'],
    ]);
    expect(await openTasks(server, receiversOwn.id)).toEqual([[leaver.id, 'pending']]);
    const history = await historyOf(server, initiator.token, moved.id);
    expect(history.at(-1)).toMatchObject({
      action: 'handover',
      action_text: '离职交接',
      actor_name: '系统管理员',
      to_user: '接收人乙',
      comment: HandoverMessages.taskComment('离职人甲', '接收人乙'),
    });

    // The draft is the receiver's now, editable and submittable by them.
    const drafts = await server.call<Paged<BillListRow>>('GET', '/api/bills?box=draft&per_page=100', { token: receiver.token });
    expect(drafts.body.data.list.map((b) => b.id)).toEqual([draft]);
    const released = await server.call<BillDetail>('POST', `/api/bills/${draft}/release`, { token: receiver.token, body: {} });
    expect(released.body.status_code, released.body.message).toBe(0);

    // Entrusts: one received now names the receiver; the receiver's own to the leaver ended; the leaver's own untouched.
    const entrusts = new Map(
      (await server.db.selectFrom('bill_entrusts').selectAll().where('id', 'in', [received, toReceiver, leaversOwn]).execute()).map((e) => [
        e.id,
        e,
      ]),
    );
    expect(entrusts.get(received)?.delegate_id).toBe(receiver.id);
    expect(entrusts.get(toReceiver)).toMatchObject({ delegate_id: leaver.id });
    expect(new Date(entrusts.get(toReceiver)?.end_at ?? '').getTime()).toBeLessThanOrEqual(Date.now());
    expect(entrusts.get(leaversOwn)).toMatchObject({ delegate_id: first.id, user_id: leaver.id });

    // One row in the leaver's 操作日志 (and one per entrust changed).
    const rows = await server.db
      .selectFrom('operation_logs')
      .selectAll()
      .where('action', '=', 'handover')
      .where('item_id', '=', String(leaver.id))
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ item_type: 'user', username: 'admin' });
    expect(rows[0]?.summary).toContain('移交给 接收人乙');
    expect(rows[0]?.summary).toContain(`#${receiversOwn.id}`);
    expect((await logRows(server)) - logsBefore).toBe(3);

    // What was left goes to someone else with a second call; nothing is left after it.
    const second = await handover(admin, leaver.id, { to_user_id: first.id });
    expect(second.body.data.tasks.moved.map((b) => b.bill_id)).toEqual([receiversOwn.id]);
    expect((await summary(admin, leaver.id)).body.data).toMatchObject({ open_tasks: 0, drafts: 0, entrusts: 0 });
    expect((await handover(admin, leaver.id, { to_user_id: first.id })).body).toMatchObject({
      status_code: 0,
      message: HandoverMessages.nothing,
    });
  });

  it('is refused with 403 to staff and to a user administrator over an account beyond them, moving nothing', async () => {
    const [leaver, receiver, initiator] = [
      // No role: nothing the user administrator below lacks (staff carries point_rank, which they do not hold).
      await createPerson(server, admin, '离职人己', []),
      await createPerson(server, admin, '接收人庚'),
      await createPerson(server, admin, '发起人辛'),
    ];
    const created = await server.call('POST', '/api/admin/roles', {
      token: admin,
      body: { key: 'handover_user_admin', name: '仅用户管理（交接）', permissions: ['sys_user'] },
    });
    expect(created.body.status_code, created.body.message).toBe(0);
    const userAdmin = await createPerson(server, admin, '用户管理员壬', ['handover_user_admin']);
    // A person holding a permission the user administrator lacks is beyond them (grants.policy).
    const outranking = await createPerson(server, admin, '模板管理员癸', ['staff', 'admin']);
    const template = await makeTemplate(server, admin, linearGraph([[{ type: 'orsign', userIds: [leaver.id, outranking.id] }]]));
    const bill = await releasedBill(server, initiator.token, template);
    const before = await stateOf(leaver, [bill.id]);

    const staff = await server.signIn('zhangsan');
    expect((await handover(staff, leaver.id, { to_user_id: receiver.id })).status).toBe(403);
    expect((await summary(staff, leaver.id)).status).toBe(403);
    expect((await handover(receiver.token, leaver.id, { to_user_id: receiver.id })).status).toBe(403);
    const beyond = await handover(userAdmin.token, outranking.id, { to_user_id: receiver.id });
    expect(beyond.status).toBe(403);
    expect(beyond.body.message).toContain('模板管理员癸');
    expect((await summary(userAdmin.token, outranking.id)).status).toBe(403);
    expect((await server.call('POST', `/api/admin/users/${leaver.id}/handover`, { body: { to_user_id: receiver.id } })).status).toBe(401);
    expect(await stateOf(leaver, [bill.id])).toEqual(before);

    // Within their reach, the user administrator may.
    expect((await handover(userAdmin.token, leaver.id, { to_user_id: receiver.id })).body.status_code).toBe(0);
    expect((await todoOf(server, receiver)).has(bill.id)).toBe(true);
  });

  it('refuses bad input with its message and moves nothing', async () => {
    const [leaver, gone, initiator] = [
      await createPerson(server, admin, '离职人子'),
      await createPerson(server, admin, '已离职丑'),
      await createPerson(server, admin, '发起人寅'),
    ];
    await disable(server, admin, gone.id);
    const template = await makeTemplate(server, admin, linearGraph([[{ type: 'orsign', userIds: [leaver.id] }]]));
    const bill = await releasedBill(server, initiator.token, template);
    const before = await stateOf(leaver, [bill.id]);

    const field = async (body: unknown) => (await handover(admin, leaver.id, body)).body;
    expect(await field({})).toMatchObject({ status_code: 422, data: { errors: { to_user_id: [HandoverMessages.receiverRequired] } } });
    expect(await field({ to_user_id: 'x' })).toMatchObject({
      status_code: 422,
      data: { errors: { to_user_id: [HandoverMessages.receiverRequired] } },
    });
    expect(await field({ to_user_id: leaver.id })).toMatchObject({ status_code: 422, message: HandoverMessages.receiverSelf });
    expect(await field({ to_user_id: gone.id })).toMatchObject({ status_code: 422, message: ApprovalMessages.userMissing });
    expect(await field({ to_user_id: 99999999 })).toMatchObject({ status_code: 422, message: ApprovalMessages.userMissing });
    expect((await handover(admin, 99999999, { to_user_id: initiator.id })).body).toMatchObject({
      status_code: 404,
      message: CommonMessages.notFound,
    });
    expect((await handover(admin, Number.NaN, { to_user_id: initiator.id })).body.status_code).toBe(404);
    expect(await stateOf(leaver, [bill.id])).toEqual(before);
  });

  it('a failure in the middle leaves every task, draft and entrust where it was', async () => {
    const [leaver, receiver, initiator, owner] = [
      await createPerson(server, admin, '离职人卯'),
      await createPerson(server, admin, '接收人辰'),
      await createPerson(server, admin, '发起人巳'),
      await createPerson(server, admin, '委托人午'),
    ];
    const template = await makeTemplate(server, admin, linearGraph([[{ type: 'orsign', userIds: [leaver.id] }]]));
    const bills = [await releasedBill(server, initiator.token, template), await releasedBill(server, initiator.token, template)];
    await draftOf(leaver, template);
    await entrustOf(owner, leaver, -1, 24);
    const before = await stateOf(
      leaver,
      bills.map((b) => b.id),
    );

    const restore = await failHistoryOf(server, bills[1]?.id ?? 0);
    try {
      expect((await handover(admin, leaver.id, { to_user_id: receiver.id })).status).toBe(500);
    } finally {
      await restore();
    }
    expect(
      await stateOf(
        leaver,
        bills.map((b) => b.id),
      ),
    ).toEqual(before);
    expect((await todoOf(server, receiver)).size).toBe(0);

    const retried = await handover(admin, leaver.id, { to_user_id: receiver.id });
    expect(retried.body).toMatchObject({ status_code: 0, message: HandoverMessages.done('接收人辰', 2, 1, 1) });
  });
});
