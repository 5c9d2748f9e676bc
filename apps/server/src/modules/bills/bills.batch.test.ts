import {
  ApprovalMessages,
  BATCH_APPROVE_MAX,
  BatchApproveMessages,
  CommonMessages,
  EngineMessages,
  StatusCode,
  type BatchApproveResult,
  type BillDetail,
  type BillHistoryEntry,
  type BillListRow,
  type Paged,
} from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_ENGINE, type TestServer } from '../../../test/harness';
import type { AppContext } from '../../context';
import { ConflictError } from '../../http/errors';
import { AccessCache } from '../auth/access-cache';
import { authenticate } from '../auth/auth.service';
import { onApprovalOutcome, startApproval } from './bills.approvals';
import { idOf, linearGraph, makeTemplate, pendingTask, releasedBill, snapshotOf, Tokens } from './test-support';

/**
 * 批量同意 (issue 13), POST /api/bills/batch/approve, over real HTTP on SQLite and PostgreSQL: each bill is the
 * detail page's single 同意 in its own transaction; what that decision refuses is reported per bill and leaves the
 * bill as it was; nothing about a bill the caller may not read is told.
 */

let server: TestServer;
let tokens: Tokens;
let ctx: AppContext;
let lisiId: number;
let wangwuId: number;
let zhangsanId: number;
/** One 或签 step for 李四. */
let lisiTemplate: number;
/** The same, marked 同意时须填写审批意见. */
let commentTemplate: number;

const REFUSED = '额度不足，不能批准';

beforeAll(async () => {
  server = await startTestServer();
  tokens = new Tokens(server);
  ctx = { db: server.db, engine: TEST_ENGINE, config: server.config, log: server.app.log, access: new AccessCache(false) };
  lisiId = await idOf(server, 'lisi');
  wangwuId = await idOf(server, 'wangwu');
  zhangsanId = await idOf(server, 'zhangsan');
  lisiTemplate = await makeTemplate(server, await tokens.get('admin'), linearGraph([[{ type: 'orsign', userIds: [lisiId] }]]));
  commentTemplate = await makeTemplate(
    server,
    await tokens.get('admin'),
    linearGraph([[{ type: 'orsign', userIds: [lisiId], commentRequired: true }]]),
  );
  // A module that listens for the outcome and refuses the approval: a business refusal (409) of the single 同意.
  onApprovalOutcome('batch-refuse', async (_trx, event) => {
    if (event.outcome === 'approved') throw new ConflictError(REFUSED);
  });
});
afterAll(async () => server.close());

async function batch(user: string, body: unknown) {
  return server.call<BatchApproveResult>('POST', '/api/bills/batch/approve', { token: await tokens.get(user), body });
}

async function billsFor(templateId: number, count: number, user = 'zhangsan'): Promise<BillDetail[]> {
  const token = await tokens.get(user);
  const bills: BillDetail[] = [];
  for (let i = 0; i < count; i++) bills.push(await releasedBill(server, token, templateId, { reason: `批量${i + 1}` }));
  return bills;
}

const snapshots = (ids: readonly number[]) => Promise.all(ids.map((id) => snapshotOf(server, id)));

async function todoIds(user: string): Promise<number[]> {
  const page = await server.call<Paged<BillListRow>>('GET', '/api/bills?box=todo&per_page=100', { token: await tokens.get(user) });
  return page.body.data.list.map((b) => b.id);
}

describe('POST /api/bills/batch/approve', () => {
  it('agrees five bills in one call, each with its own history entry and the comment, and empties the todo box of them', async () => {
    const bills = await billsFor(lisiTemplate, 5);
    const ids = bills.map((b) => b.id);
    expect(await todoIds('lisi')).toEqual(expect.arrayContaining(ids));

    const answer = await batch('lisi', { bill_ids: ids, comment: '  同意，按制度报销  ' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      status_code: 0,
      message: BatchApproveMessages.summary({ approved: 5, skipped: 0, failed: 0 }),
      data: { approved: 5, skipped: 0, failed: 0 },
    });
    expect(answer.body.data.items).toEqual(
      bills.map((b) => ({ id: b.id, title: b.title, result: 'approved', message: ApprovalMessages.agreed })),
    );

    for (const bill of bills) {
      const after = await snapshotOf(server, bill.id);
      expect(after.bill).toMatchObject({ status: 'done', version: bill.version + 1 });
      const agrees = after.events.filter((e) => e.action === 'agree');
      expect(agrees).toHaveLength(1);
      expect(agrees[0]).toMatchObject({ actor: lisiId, comment: '同意，按制度报销', before_status: 'doing', after_status: 'done' });
      const history = await server.call<BillHistoryEntry[]>('GET', `/api/bills/${bill.id}/history`, {
        token: await tokens.get('zhangsan'),
      });
      expect(history.body.data.at(-1)).toMatchObject({ action: 'agree', actor_id: lisiId, comment: '同意，按制度报销' });
    }
    for (const id of ids) expect(await todoIds('lisi')).not.toContain(id);

    // Sent again, every bill is reported as no longer in the todo box; nothing is decided twice.
    const again = await batch('lisi', { bill_ids: ids });
    expect(again.body.data).toMatchObject({ approved: 0, skipped: 5, failed: 0 });
    for (const item of again.body.data.items) expect(item).toMatchObject({ result: 'skipped', message: BatchApproveMessages.notInTodo });
    for (const after of await snapshots(ids)) expect(after.events.filter((e) => e.action === 'agree')).toHaveLength(1);
  });

  it('skips a bill whose step needs a comment and fails one its module refuses, both untouched, and goes on with the others', async () => {
    const zhangsan = await authenticate(ctx, `Bearer ${await tokens.get('zhangsan')}`);
    const [first, last] = await billsFor(lisiTemplate, 2);
    const [needsInput] = await billsFor(commentTemplate, 1);
    if (!needsInput) throw new Error('no bill');
    const refused = await startApproval(ctx, zhangsan, {
      templateId: lisiTemplate,
      subject: { kind: 'batch-refuse', id: 1 },
      form: { reason: '超额' },
    });
    const [needsBefore, refusedBefore] = await snapshots([needsInput.id, refused.id]);

    const answer = await batch('lisi', { bill_ids: [first?.id, needsInput.id, refused.id, last?.id] });
    expect(answer.body).toMatchObject({
      status_code: 0,
      message: BatchApproveMessages.summary({ approved: 2, skipped: 1, failed: 1 }),
      data: { approved: 2, skipped: 1, failed: 1 },
    });
    expect(answer.body.data.items).toEqual([
      { id: first?.id, title: first?.title, result: 'approved', message: ApprovalMessages.agreed },
      {
        id: needsInput.id,
        title: needsInput.title,
        result: 'skipped',
        message: BatchApproveMessages.needsInput(EngineMessages.commentRequired),
      },
      { id: refused.id, title: refused.title, result: 'failed', message: REFUSED },
      { id: last?.id, title: last?.title, result: 'approved', message: ApprovalMessages.agreed },
    ]);
    expect(await snapshots([needsInput.id, refused.id])).toEqual([needsBefore, refusedBefore]);
    const todo = await todoIds('lisi');
    expect(todo).toEqual(expect.arrayContaining([needsInput.id, refused.id]));
    expect(todo).not.toContain(first?.id);
    expect(todo).not.toContain(last?.id);
  });

  it('agrees a bill whose step needs a comment when the batch gives one, with that comment, as the single 同意 would', async () => {
    const [plain] = await billsFor(lisiTemplate, 1);
    const [needsComment] = await billsFor(commentTemplate, 1);
    // The detail tells the handler, and the single 同意 without a comment is refused at the field.
    const lisi = await tokens.get('lisi');
    const detail = await server.call<BillDetail>('GET', `/api/bills/${needsComment?.id}`, { token: lisi });
    expect(detail.body.data.my_task).toMatchObject({ comment_required: true });
    const plainDetail = await server.call<BillDetail>('GET', `/api/bills/${plain?.id}`, { token: lisi });
    expect(plainDetail.body.data.my_task).toMatchObject({ comment_required: false });
    const single = await server.call('POST', `/api/bills/flownode/${detail.body.data.my_task?.id}/agree`, { token: lisi, body: {} });
    expect(single.body).toMatchObject({
      status_code: StatusCode.invalid,
      message: EngineMessages.commentRequired,
      data: { errors: { comment: [EngineMessages.commentRequired] } },
    });

    const answer = await batch('lisi', { bill_ids: [plain?.id, needsComment?.id], comment: '已核对发票' });
    expect(answer.body.data).toMatchObject({ approved: 2, skipped: 0, failed: 0 });
    const after = await snapshotOf(server, needsComment?.id ?? 0);
    expect(after.bill?.status).toBe('done');
    expect(after.events.filter((e) => e.action === 'agree')).toEqual([expect.objectContaining({ actor: lisiId, comment: '已核对发票' })]);

    // A blank comment is none: the step still asks for one.
    const [blank] = await billsFor(commentTemplate, 1);
    const before = await snapshotOf(server, blank?.id ?? 0);
    const skipped = await batch('lisi', { bill_ids: [blank?.id], comment: '   ' });
    expect(skipped.body.data.items).toEqual([
      { id: blank?.id, title: blank?.title, result: 'skipped', message: BatchApproveMessages.needsInput(EngineMessages.commentRequired) },
    ]);
    expect(await snapshotOf(server, blank?.id ?? 0)).toEqual(before);
  });

  it('skips bills the caller holds no task on — another handler’s, a finished one, a draft, a missing id, a withdrawn one — untouched, titles only where readable', async () => {
    const wangwuTemplate = await makeTemplate(server, await tokens.get('admin'), linearGraph([[{ type: 'orsign', userIds: [wangwuId] }]]));
    const [atWangwu] = await billsFor(wangwuTemplate, 1);
    const [finished] = await billsFor(lisiTemplate, 1);
    const finishedTask = await pendingTask(server, finished?.id ?? 0, lisiId);
    await server.call('POST', `/api/bills/flownode/${finishedTask}/agree`, { token: await tokens.get('lisi'), body: {} });
    const draft = await server.call<BillDetail>('POST', '/api/bills', {
      token: await tokens.get('zhangsan'),
      body: { template_id: lisiTemplate, form: { reason: '草稿' } },
    });
    const [withdrawn] = await billsFor(lisiTemplate, 1);
    const back = await server.call('PATCH', `/api/bills/${withdrawn?.id}/returned`, {
      token: await tokens.get('zhangsan'),
      body: { version: withdrawn?.version },
    });
    expect(back.body.status_code).toBe(0);
    const ids = [atWangwu?.id ?? 0, finished?.id ?? 0, draft.body.data.id, 999_999_999, withdrawn?.id ?? 0];
    const before = await snapshots(ids);

    const answer = await batch('lisi', { bill_ids: ids });
    expect(answer.body).toMatchObject({ status_code: 0, data: { approved: 0, skipped: 5, failed: 0 } });
    expect(answer.body.data.items).toEqual([
      // Not 李四's to read: told by id only, exactly as an id that is no bill.
      { id: atWangwu?.id, title: null, result: 'skipped', message: BatchApproveMessages.noAccess },
      // 李四 decided it and still reads it.
      { id: finished?.id, title: finished?.title, result: 'skipped', message: BatchApproveMessages.notInTodo },
      { id: draft.body.data.id, title: null, result: 'skipped', message: BatchApproveMessages.noAccess },
      { id: 999_999_999, title: null, result: 'skipped', message: BatchApproveMessages.noAccess },
      // Withdrawn by its initiator: 李四's task was cancelled with it.
      { id: withdrawn?.id, title: withdrawn?.title, result: 'skipped', message: BatchApproveMessages.notInTodo },
    ]);
    expect(await snapshots(ids)).toEqual(before);
  });

  it('lets a staff user without tasks approve nothing, and a bill administrator who reads every bill neither', async () => {
    const bills = await billsFor(lisiTemplate, 3);
    const ids = bills.map((b) => b.id);
    const before = await snapshots(ids);
    expect(await todoIds('liuyang')).toEqual([]);

    const staff = await batch('liuyang', { bill_ids: ids, comment: '同意' });
    expect(staff.body).toMatchObject({ status_code: 0, data: { approved: 0, skipped: 3, failed: 0 } });
    for (const item of staff.body.data.items)
      expect(item).toMatchObject({ title: null, result: 'skipped', message: BatchApproveMessages.noAccess });

    const admin = await batch('admin', { bill_ids: ids });
    expect(admin.body.data.items).toEqual(
      bills.map((b) => ({ id: b.id, title: b.title, result: 'skipped', message: BatchApproveMessages.notInTodo })),
    );
    // The initiator holds no task on their own bills either (发起人审批时 defaults to skipping them).
    const own = await batch('zhangsan', { bill_ids: ids });
    expect(own.body.data).toMatchObject({ approved: 0, skipped: 3 });
    expect(await snapshots(ids)).toEqual(before);
    expect(await todoIds('lisi')).toEqual(expect.arrayContaining(ids));
  });

  it('handles a bill of the caller’s own as the single decision does: agreed only where the flow gives them the task', async () => {
    const admin = await tokens.get('admin');
    // 发起人审批时 = 由发起人审批: the initiator keeps their place among the step's handlers, and 同意 is theirs.
    const selfTemplate = await makeTemplate(
      server,
      admin,
      linearGraph([[{ type: 'orsign', userIds: [zhangsanId, lisiId] }]], { initiatorApproves: 'self' }),
    );
    // The default (跳过发起人): the initiator is left out of the same step.
    const skipTemplate = await makeTemplate(server, admin, linearGraph([[{ type: 'orsign', userIds: [zhangsanId, lisiId] }]]));
    const [ownSelf, twinSelf] = await billsFor(selfTemplate, 2);
    const [ownSkip] = await billsFor(skipTemplate, 1);
    const skipBefore = await snapshotOf(server, ownSkip?.id ?? 0);

    // The single decision on the twin: allowed to the initiator under this flow.
    const single = await server.call('POST', `/api/bills/flownode/${await pendingTask(server, twinSelf?.id ?? 0, zhangsanId)}/agree`, {
      token: await tokens.get('zhangsan'),
      body: {},
    });
    expect(single.body.status_code).toBe(0);

    const answer = await batch('zhangsan', { bill_ids: [ownSelf?.id, ownSkip?.id] });
    expect(answer.body.data.items).toEqual([
      { id: ownSelf?.id, title: ownSelf?.title, result: 'approved', message: ApprovalMessages.agreed },
      { id: ownSkip?.id, title: ownSkip?.title, result: 'skipped', message: BatchApproveMessages.notInTodo },
    ]);
    const [selfAfter, twinAfter] = await snapshots([ownSelf?.id ?? 0, twinSelf?.id ?? 0]);
    expect(selfAfter?.bill?.status).toBe('done');
    expect(selfAfter?.events.map((e) => [e.action, e.actor])).toEqual(twinAfter?.events.map((e) => [e.action, e.actor]));
    expect(await snapshotOf(server, ownSkip?.id ?? 0)).toEqual(skipBefore);
  });

  it('says so when the bill stays in the todo box: the caller also handles the next step', async () => {
    const twice = await makeTemplate(
      server,
      await tokens.get('admin'),
      linearGraph([[{ type: 'orsign', userIds: [lisiId] }], [{ type: 'orsign', userIds: [lisiId] }]]),
    );
    const [bill] = await billsFor(twice, 1);
    const answer = await batch('lisi', { bill_ids: [bill?.id] });
    expect(answer.body.data.items).toEqual([
      { id: bill?.id, title: bill?.title, result: 'approved', message: BatchApproveMessages.agreedMore },
    ]);
    const after = await snapshotOf(server, bill?.id ?? 0);
    expect(after.events.filter((e) => e.action === 'agree')).toHaveLength(1);
    expect(after.tasks.filter((t) => t.acting_handler === lisiId && t.status === 'pending')).toHaveLength(1);
    expect(await todoIds('lisi')).toContain(bill?.id);
  });

  // Releasing 100 bills over HTTP first takes most of the time: more than the default allowance on a busy machine.
  it('takes a full list of 100, the todo list’s largest page, and agrees every bill', { timeout: 60_000 }, async () => {
    const bills = await billsFor(lisiTemplate, BATCH_APPROVE_MAX);
    const answer = await batch('lisi', { bill_ids: bills.map((b) => b.id) });
    expect(answer.body).toMatchObject({ status_code: 0, data: { approved: BATCH_APPROVE_MAX, skipped: 0, failed: 0 } });
    for (const after of await snapshots(bills.map((b) => b.id))) expect(after.bill?.status).toBe('done');
  });

  it('refuses a bad list with 422 and a clear message, deciding nothing', async () => {
    const [bill] = await billsFor(lisiTemplate, 1);
    const id = bill?.id ?? 0;
    const before = await snapshotOf(server, id);
    const tooMany = [id, ...Array.from({ length: BATCH_APPROVE_MAX }, (_, i) => 900_000_000 + i)];
    const cases: [unknown, string, string][] = [
      [{ bill_ids: [] }, 'bill_ids', BatchApproveMessages.billsRequired],
      [{}, 'bill_ids', BatchApproveMessages.billsRequired],
      [{ bill_ids: 'all' }, 'bill_ids', BatchApproveMessages.billsRequired],
      [{ bill_ids: tooMany }, 'bill_ids', BatchApproveMessages.tooMany],
      [{ bill_ids: [id, 1.5] }, 'bill_ids.1', BatchApproveMessages.idInvalid],
      [{ bill_ids: [String(id)] }, 'bill_ids.0', BatchApproveMessages.idInvalid],
      [{ bill_ids: [id, -3] }, 'bill_ids.1', BatchApproveMessages.idInvalid],
      [{ bill_ids: [id, 7, id, 7] }, 'bill_ids', BatchApproveMessages.duplicated([id, 7])],
      [{ bill_ids: [id], comment: '意'.repeat(501) }, 'comment', BatchApproveMessages.commentTooLong],
      [{ bill_ids: [id], comment: 5 }, 'comment', BatchApproveMessages.commentInvalid],
    ];
    for (const [body, field, message] of cases) {
      const answer = await batch('lisi', body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(200);
      expect(answer.body, JSON.stringify(body).slice(0, 80)).toMatchObject({
        status_code: StatusCode.invalid,
        message,
        data: { errors: { [field]: [message] } },
      });
    }
    expect(tooMany).toHaveLength(BATCH_APPROVE_MAX + 1);
    expect(await snapshotOf(server, id)).toEqual(before);

    const anonymous = await server.call('POST', '/api/bills/batch/approve', { body: { bill_ids: [id] } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ status_code: 401, message: CommonMessages.sessionTimeout });
    expect(await snapshotOf(server, id)).toEqual(before);
  });

  it('a bill decided by the other handler meanwhile is reported with the 409, never decided twice, and the call goes on', async () => {
    const both = await makeTemplate(server, await tokens.get('admin'), linearGraph([[{ type: 'orsign', userIds: [lisiId, wangwuId] }]]));
    const bills = await billsFor(both, 20);
    const ids = bills.map((b) => b.id);
    const wangwu = await tokens.get('wangwu');
    const tasks = await Promise.all([...ids].reverse().map((id) => pendingTask(server, id, wangwuId)));

    // 李四 sends the batch while 王五 agrees the same bills one by one from the other end.
    const [answer, singles] = await Promise.all([
      batch('lisi', { bill_ids: ids }),
      (async () => {
        const results: number[] = [];
        for (const task of tasks) {
          results.push((await server.call('POST', `/api/bills/flownode/${task}/agree`, { token: wangwu, body: {} })).body.status_code);
        }
        return results;
      })(),
    ]);
    expect(answer.body.status_code).toBe(0);
    const { items } = answer.body.data;
    expect(items.map((i) => i.id)).toEqual(ids);
    for (const [i, item] of items.entries()) {
      const after = await snapshotOf(server, ids[i] ?? 0);
      const agreed = after.tasks.filter((t) => t.status === 'agreed');
      // Exactly one decision per bill, whoever made it, and the answer says whose.
      expect(after.bill?.status).toBe('done');
      expect(agreed).toHaveLength(1);
      if (agreed[0]?.acting_handler === lisiId) expect(item).toMatchObject({ result: 'approved', message: ApprovalMessages.agreed });
      else {
        expect(item.result).toBe('skipped');
        expect([BatchApproveMessages.notInTodo, EngineMessages.taskHandled]).toContain(item.message);
      }
    }
    expect(answer.body.data.approved + answer.body.data.skipped).toBe(20);
    expect(answer.body.data.approved + singles.filter((code) => code === 0).length).toBe(20);
  });
});
