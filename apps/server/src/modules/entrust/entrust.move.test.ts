import { ApprovalMessages, EntrustMessages, TaskMoveSkipLabels, type EntrustCreated } from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { linearGraph, makeTemplate, releasedBill, snapshotOf } from '../bills/test-support';
import { createPerson, disable, failHistoryOf, historyOf, logRows, openTasks, todoOf, type Person } from '../handover/test-support';

/**
 * 同时移交当前待办 (issue 13): POST /api/users/billEntrust with `move_open_tasks` moves the caller's open tasks on the
 * entrust's templates to the delegate in the entrust's transaction, recorded 委托移交 in each bill's history; bills the
 * delegate initiated, and steps the delegate already holds, stay with the caller and are reported.
 */

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signIn('admin');
});
afterAll(async () => server.close());

const hours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
const entrustCount = async () =>
  Number(
    (
      await server.db
        .selectFrom('bill_entrusts')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function entrust(person: Person, body: Record<string, unknown>) {
  return server.call<EntrustCreated>('POST', '/api/users/billEntrust', {
    token: person.token,
    body: { start_at: hours(-1), end_at: hours(48), reason: '出差', ...body },
  });
}

describe('同时移交当前待办', () => {
  it('moves the open tasks on the chosen templates to the delegate, leaves bills they initiated, and reports', async () => {
    const [owner, delegate, initiator, first] = [
      await createPerson(server, admin, '委托人甲'),
      await createPerson(server, admin, '受托人乙'),
      await createPerson(server, admin, '发起人丙'),
      await createPerson(server, admin, '审批人丁'),
    ];
    const single = await makeTemplate(server, admin, linearGraph([[{ type: 'orsign', userIds: [owner.id] }]]));
    const other = await makeTemplate(server, admin, linearGraph([[{ type: 'orsign', userIds: [owner.id] }]]));
    const joint = await makeTemplate(server, admin, linearGraph([[{ type: 'joinsign', userIds: [owner.id, delegate.id] }]]));
    const ordered = await makeTemplate(server, admin, linearGraph([[{ type: 'ordersign', userIds: [first.id, owner.id] }]]));

    const moved = await releasedBill(server, initiator.token, single);
    const ownBill = await releasedBill(server, delegate.token, single);
    const outside = await releasedBill(server, initiator.token, other);
    const sameStep = await releasedBill(server, initiator.token, joint);
    const waiting = await releasedBill(server, initiator.token, ordered);
    expect(await openTasks(server, waiting.id)).toEqual([
      [first.id, 'pending'],
      [owner.id, 'waiting'],
    ]);
    const outsideBefore = await snapshotOf(server, outside.id);

    const created = await entrust(owner, { delegate_id: delegate.id, template_ids: [single, joint, ordered], move_open_tasks: true });
    expect(created.body).toMatchObject({ status_code: 0, message: EntrustMessages.savedAndMoved(2, 2) });
    expect(created.body.data).toMatchObject({ state: 'active', delegate_id: delegate.id });
    expect(created.body.data.moved_tasks?.moved).toEqual([
      { bill_id: moved.id, title: moved.title, tasks: 1 },
      { bill_id: waiting.id, title: waiting.title, tasks: 1 },
    ]);
    expect(created.body.data.moved_tasks?.skipped).toEqual([
      { bill_id: ownBill.id, title: ownBill.title, reason: 'initiator', reason_text: TaskMoveSkipLabels.initiator },
      { bill_id: sameStep.id, title: sameStep.title, reason: 'same_step', reason_text: TaskMoveSkipLabels.same_step },
    ]);

    // The delegate's 待我审批 has the moved bill as 代 X 审批; the owner keeps only what was not moved.
    const delegateTodo = await todoOf(server, delegate);
    expect(delegateTodo.get(moved.id)).toBe('代委托人甲审批');
    const ownerTodo = await todoOf(server, owner);
    expect([...ownerTodo.keys()].sort()).toEqual([ownBill.id, outside.id, sameStep.id].sort());
    expect(await snapshotOf(server, outside.id)).toEqual(outsideBefore);
    expect(await openTasks(server, waiting.id)).toEqual([
      [first.id, 'pending'],
      [delegate.id, 'waiting'],
    ]);

    // Each moved bill's history says so: the owner's 委托移交 to the delegate, with the period.
    const history = await historyOf(server, initiator.token, moved.id);
    expect(history.at(-1)).toMatchObject({ action: 'entrust', action_text: '委托移交', actor_name: '委托人甲', to_user: '受托人乙' });
    expect(history.at(-1)?.comment).toMatch(/^委托 受托人乙 代为审批（.+ 至 .+），当前待办一并移交$/);

    // The delegate decides; the decision reads 代委托人甲审批, and the ordersign task opens for them in turn.
    const task = await server.db
      .selectFrom('bill_tasks')
      .select('id')
      .where('bill_id', '=', moved.id)
      .where('acting_handler', '=', delegate.id)
      .executeTakeFirstOrThrow();
    expect((await server.call('POST', `/api/bills/flownode/${task.id}/agree`, { token: delegate.token, body: {} })).body.status_code).toBe(
      0,
    );
    expect((await historyOf(server, initiator.token, moved.id)).at(-1)).toMatchObject({ action: 'agree', on_behalf_of: '代委托人甲审批' });
    const firstTask = await server.db
      .selectFrom('bill_tasks')
      .select('id')
      .where('bill_id', '=', waiting.id)
      .where('acting_handler', '=', first.id)
      .executeTakeFirstOrThrow();
    await server.call('POST', `/api/bills/flownode/${firstTask.id}/agree`, { token: first.token, body: {} });
    expect((await todoOf(server, delegate)).get(waiting.id)).toBe('代委托人甲审批');
  });

  it('moves nothing without the option, and refuses self-entrust and a disabled delegate, changing nothing', async () => {
    const [owner, delegate, initiator, gone] = [
      await createPerson(server, admin, '委托人戊'),
      await createPerson(server, admin, '受托人己'),
      await createPerson(server, admin, '发起人庚'),
      await createPerson(server, admin, '离职人辛'),
    ];
    await disable(server, admin, gone.id);
    const template = await makeTemplate(server, admin, linearGraph([[{ type: 'orsign', userIds: [owner.id] }]]));
    const bill = await releasedBill(server, initiator.token, template);
    const before = await snapshotOf(server, bill.id);
    const [entrusts, logs] = [await entrustCount(), await logRows(server)];

    expect((await entrust(owner, { delegate_id: owner.id, move_open_tasks: true })).body).toMatchObject({
      status_code: 422,
      data: { errors: { delegate_id: [ApprovalMessages.entrustSelf] } },
    });
    expect((await entrust(owner, { delegate_id: gone.id, move_open_tasks: true })).body).toMatchObject({
      status_code: 422,
      data: { errors: { delegate_id: [ApprovalMessages.userMissing] } },
    });
    expect((await entrust(owner, { delegate_id: delegate.id, move_open_tasks: 'yes' })).body.status_code).toBe(422);
    // An entrust that starts later cannot take today's to-dos: the delegate would hold them before it begins.
    expect((await entrust(owner, { delegate_id: delegate.id, start_at: hours(2), move_open_tasks: true })).body).toMatchObject({
      status_code: 422,
      data: { errors: { move_open_tasks: [EntrustMessages.moveNotStarted] } },
    });
    expect(await snapshotOf(server, bill.id)).toEqual(before);
    expect([await entrustCount(), await logRows(server)]).toEqual([entrusts, logs]);

    const plain = await entrust(owner, { delegate_id: delegate.id });
    expect(plain.body).toMatchObject({ status_code: 0, message: ApprovalMessages.entrustSaved, data: { moved_tasks: null } });
    expect(await snapshotOf(server, bill.id)).toEqual(before);
  });

  it('a failure while moving leaves no entrust, no moved task and no log', async () => {
    const [owner, delegate, initiator] = [
      await createPerson(server, admin, '委托人壬'),
      await createPerson(server, admin, '受托人癸'),
      await createPerson(server, admin, '发起人子'),
    ];
    const template = await makeTemplate(server, admin, linearGraph([[{ type: 'orsign', userIds: [owner.id] }]]));
    const bills = [await releasedBill(server, initiator.token, template), await releasedBill(server, initiator.token, template)];
    const before = await Promise.all(bills.map((b) => snapshotOf(server, b.id)));
    const [entrusts, logs] = [await entrustCount(), await logRows(server)];

    // The second bill's history write fails after the first bill's tasks were written in the same transaction.
    const restore = await failHistoryOf(server, bills[1]?.id ?? 0);
    try {
      const failed = await entrust(owner, { delegate_id: delegate.id, move_open_tasks: true });
      expect(failed.status).toBe(500);
    } finally {
      await restore();
    }
    expect(await Promise.all(bills.map((b) => snapshotOf(server, b.id)))).toEqual(before);
    expect([await entrustCount(), await logRows(server)]).toEqual([entrusts, logs]);
    expect((await todoOf(server, delegate)).size).toBe(0);

    // Nothing was left half done: the same request now succeeds and moves both.
    const retried = await entrust(owner, { delegate_id: delegate.id, move_open_tasks: true });
    expect(retried.body).toMatchObject({ status_code: 0, message: EntrustMessages.savedAndMoved(2, 0) });
    expect([...(await todoOf(server, delegate)).keys()].sort()).toEqual(bills.map((b) => b.id).sort());
  });
});
