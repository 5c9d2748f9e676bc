import { ApprovalMessages, NoticeMessages, StatusCode, type BillDetail, type NoticeCount, type NoticeRow, type Paged } from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_ENGINE, type TestServer } from '../../../test/harness';
import type { AppContext } from '../../context';
import { ConflictError } from '../../http/errors';
import { AccessCache } from '../auth/access-cache';
import { authenticate } from '../auth/auth.service';
import { onApprovalOutcome, startApproval } from '../bills/bills.approvals';
import { idOf, linearGraph, makeTemplate, pendingTask, releasedBill, snapshotOf, Tokens } from '../bills/test-support';

/**
 * In-app notifications (docs/notifications.md) on both engines: written from the engine's effects in the deciding
 * transaction (a refused decision tells nobody), read and marked by their own person only; 催办 (urge) with its
 * once-an-hour rule.
 */
let server: TestServer;
let tokens: Tokens;
let ctx: AppContext;
let twoStepTemplate: number;
let oneStepTemplate: number;
let ids: Record<'zhangsan' | 'lisi' | 'wangwu' | 'zhaoliu' | 'hanbing' | 'admin', number>;

beforeAll(async () => {
  server = await startTestServer();
  tokens = new Tokens(server);
  ctx = { db: server.db, engine: TEST_ENGINE, config: server.config, log: server.app.log, access: new AccessCache(false) };
  ids = {
    zhangsan: await idOf(server, 'zhangsan'),
    lisi: await idOf(server, 'lisi'),
    wangwu: await idOf(server, 'wangwu'),
    zhaoliu: await idOf(server, 'zhaoliu'),
    hanbing: await idOf(server, 'hanbing'),
    admin: await idOf(server, 'admin'),
  };
  const admin = await tokens.get('admin');
  twoStepTemplate = await makeTemplate(
    server,
    admin,
    linearGraph([[{ type: 'orsign', userIds: [ids.lisi] }], [{ type: 'orsign', userIds: [ids.wangwu] }]]),
  );
  oneStepTemplate = await makeTemplate(server, admin, linearGraph([[{ type: 'orsign', userIds: [ids.lisi] }]]));
  onApprovalOutcome('test-notice-refuse', async (_trx, event) => {
    if (event.outcome === 'approved') throw new ConflictError('预算不足，不能批准');
  });
});
afterAll(async () => server.close());

async function call<T>(user: string, method: string, url: string, body?: unknown) {
  return server.call<T>(method, url, { token: await tokens.get(user), ...(body !== undefined ? { body } : {}) });
}

const noticesOf = (userId: number, billId: number) =>
  server.db.selectFrom('notifications').selectAll().where('user_id', '=', userId).where('bill_id', '=', billId).orderBy('id').execute();
const allNoticesOf = (billId: number) =>
  server.db.selectFrom('notifications').selectAll().where('bill_id', '=', billId).orderBy('id').execute();

async function agree(username: keyof typeof ids, billId: number) {
  const task = await pendingTask(server, billId, ids[username]);
  return call<BillDetail>(username, 'POST', `/api/bills/flownode/${task}/agree`, { comment: '同意' });
}

async function release(title: string, template = twoStepTemplate): Promise<BillDetail> {
  return releasedBill(server, await tokens.get('zhangsan'), template, { reason: title });
}

describe('notifications from the approval engine', () => {
  it('tells each handler of a new task, the initiator of the result and followers of every move; nobody of their own doing', async () => {
    const bill = await release('出差申请');
    expect(await noticesOf(ids.lisi, bill.id)).toMatchObject([{ kind: 'task', actor_id: ids.zhangsan, detail: '审批1', read_at: null }]);
    // The initiator released it: they are told nothing.
    expect(await noticesOf(ids.zhangsan, bill.id)).toEqual([]);
    expect((await call('admin', 'PATCH', `/api/bills/${bill.id}/track`)).body.status_code).toBe(0);

    expect((await agree('lisi', bill.id)).body.status_code).toBe(0);
    expect(await noticesOf(ids.wangwu, bill.id)).toMatchObject([{ kind: 'task', actor_id: ids.lisi, detail: '审批2' }]);
    expect(await noticesOf(ids.admin, bill.id)).toMatchObject([{ kind: 'tracked', detail: '到达「审批2」' }]);

    expect((await agree('wangwu', bill.id)).body.status_code).toBe(0);
    expect(await noticesOf(ids.zhangsan, bill.id)).toMatchObject([{ kind: 'result', detail: 'done', actor_id: ids.wangwu }]);
    expect((await noticesOf(ids.admin, bill.id)).map((n) => n.detail)).toEqual(['到达「审批2」', '已完成']);
    // The deciders are told nothing of their own decisions.
    expect((await noticesOf(ids.wangwu, bill.id)).map((n) => n.kind)).toEqual(['task']);

    const list = await call<Paged<NoticeRow>>('zhangsan', 'GET', '/api/notifications?state=unread&per_page=100');
    expect(list.body.data.list.find((n) => n.bill_id === bill.id)).toMatchObject({
      kind: 'result',
      kind_text: '审批结果',
      text: `您的「${bill.title}」已通过`,
      actor_name: '王五',
      read_at: null,
    });
  });

  it('writes nothing when the decision is undone (the outbox rolls back with the bill)', async () => {
    const zhangsan = await authenticate(ctx, `Bearer ${await tokens.get('zhangsan')}`);
    const bill = await startApproval(ctx, zhangsan, {
      templateId: oneStepTemplate,
      subject: { kind: 'test-notice-refuse', id: 1 },
      form: { reason: '超额' },
    });
    expect((await call('admin', 'PATCH', `/api/bills/${bill.id}/track`)).body.status_code).toBe(0);
    const before = { notices: await allNoticesOf(bill.id), bill: await snapshotOf(server, bill.id) };
    const refused = await agree('lisi', bill.id);
    expect(refused.body).toMatchObject({ status_code: StatusCode.conflict, message: '预算不足，不能批准' });
    expect(await allNoticesOf(bill.id)).toEqual(before.notices);
    expect(await snapshotOf(server, bill.id)).toEqual(before.bill);
  });
});

describe('GET /api/notifications, count, read and read-all', () => {
  it('lets each person read and mark only their own', async () => {
    const bill = await release('采购申请');
    const [mine] = await noticesOf(ids.lisi, bill.id);
    if (!mine) throw new Error('lisi was not told of the task');
    const before = (await call<NoticeCount>('lisi', 'GET', '/api/notifications/count')).body.data.unread;
    expect(before).toBeGreaterThan(0);

    // Someone else's notification is answered as one that does not exist, and stays unread.
    expect((await call('hanbing', 'PATCH', `/api/notifications/${mine.id}/read`)).body).toMatchObject({
      status_code: StatusCode.notFound,
      message: NoticeMessages.notFound,
    });
    expect((await noticesOf(ids.lisi, bill.id))[0]?.read_at).toBeNull();
    const theirs = await call<Paged<NoticeRow>>('hanbing', 'GET', '/api/notifications?per_page=100');
    expect(theirs.body.data.list.map((n) => n.id)).not.toContain(mine.id);

    const read = await call<NoticeCount>('lisi', 'PATCH', `/api/notifications/${mine.id}/read`);
    expect(read.body).toMatchObject({ status_code: 0, message: NoticeMessages.read, data: { unread: before - 1 } });
    expect((await noticesOf(ids.lisi, bill.id))[0]?.read_at).not.toBeNull();
    // Reading it again changes nothing.
    expect((await call<NoticeCount>('lisi', 'PATCH', `/api/notifications/${mine.id}/read`)).body.data.unread).toBe(before - 1);
    const readList = await call<Paged<NoticeRow>>('lisi', 'GET', '/api/notifications?state=read&per_page=100');
    expect(readList.body.data.list.map((n) => n.id)).toContain(mine.id);

    expect((await call<NoticeCount>('lisi', 'PATCH', '/api/notifications/read-all')).body).toMatchObject({
      status_code: 0,
      message: NoticeMessages.allRead,
      data: { unread: 0 },
    });
    expect((await call<NoticeCount>('lisi', 'GET', '/api/notifications/count')).body.data.unread).toBe(0);
    // Another person's unread ones are untouched by lisi's read-all.
    const other = await release('另一张', oneStepTemplate);
    expect((await noticesOf(ids.lisi, other.id))[0]?.read_at).toBeNull();
  });

  it('answers bad input with a message and a stranger with 401', async () => {
    expect((await call('lisi', 'GET', '/api/notifications?state=maybe')).body).toMatchObject({
      status_code: StatusCode.invalid,
      data: { errors: { state: [NoticeMessages.state] } },
    });
    expect((await call('lisi', 'PATCH', '/api/notifications/abc/read')).body.status_code).toBe(StatusCode.invalid);
    expect((await server.call('GET', '/api/notifications/count')).body.status_code).toBe(401);
  });
});

describe('PATCH /api/bills/{id}/urge (催办)', () => {
  it('lets the initiator urge the current handlers once an hour; each is told', async () => {
    const bill = await release('请尽快');
    expect(bill.abilities.urge).toBe(true);
    const urged = await call<{ urged: number }>('zhangsan', 'PATCH', `/api/bills/${bill.id}/urge`);
    expect(urged.body).toMatchObject({ status_code: 0, message: NoticeMessages.urged, data: { bill_id: bill.id, urged: 1 } });
    const told = (await noticesOf(ids.lisi, bill.id)).filter((n) => n.kind === 'urge');
    expect(told).toMatchObject([{ actor_id: ids.zhangsan }]);
    const text = (await call<Paged<NoticeRow>>('lisi', 'GET', '/api/notifications?per_page=100')).body.data.list.find(
      (n) => n.id === told[0]?.id,
    );
    expect(text?.text).toBe(`张三 催办「${bill.title}」，请尽快审批`);

    // Again within the hour: refused with the time it is allowed again, and nothing written.
    const before = {
      urges: await server.db.selectFrom('bill_urges').selectAll().where('bill_id', '=', bill.id).execute(),
      notices: await allNoticesOf(bill.id),
    };
    const again = await call('zhangsan', 'PATCH', `/api/bills/${bill.id}/urge`);
    expect(again.body.status_code).toBe(StatusCode.tooMany);
    expect(again.body.message).toMatch(/^每张单据一小时内只能催办一次，请于 \d\d:\d\d 后再试$/);
    expect(await server.db.selectFrom('bill_urges').selectAll().where('bill_id', '=', bill.id).execute()).toEqual(before.urges);
    expect(await allNoticesOf(bill.id)).toEqual(before.notices);

    // An hour later it is allowed (the last urge moved back in time).
    const anHourAgo = new Date(Date.now() - 3600_000 - 1000).toISOString();
    await server.db.updateTable('bill_urges').set({ urged_at: anHourAgo }).where('bill_id', '=', bill.id).execute();
    expect((await call('zhangsan', 'PATCH', `/api/bills/${bill.id}/urge`)).body.status_code).toBe(0);
    expect((await noticesOf(ids.lisi, bill.id)).filter((n) => n.kind === 'urge')).toHaveLength(2);
  });

  it('refuses anyone but the initiator, and a bill not in approval, changing nothing', async () => {
    const bill = await release('不可催办');
    const urges = () => server.db.selectFrom('bill_urges').selectAll().where('bill_id', '=', bill.id).execute();
    // A handler reads the bill but is not its initiator; a stranger gets the answer of a bill that does not exist.
    expect((await call('lisi', 'PATCH', `/api/bills/${bill.id}/urge`)).body).toMatchObject({
      status_code: 403,
      message: NoticeMessages.urgeNotInitiator,
    });
    expect((await call('zhaoliu', 'PATCH', `/api/bills/${bill.id}/urge`)).body).toMatchObject({
      status_code: 403,
      message: ApprovalMessages.billUnavailable,
    });
    expect((await call('zhangsan', 'PATCH', '/api/bills/abc/urge')).body.status_code).toBe(StatusCode.invalid);
    expect(await urges()).toEqual([]);

    expect((await agree('lisi', bill.id)).body.status_code).toBe(0);
    expect((await agree('wangwu', bill.id)).body.status_code).toBe(0);
    const done = await call<BillDetail>('zhangsan', 'GET', `/api/bills/${bill.id}`);
    expect(done.body.data.abilities.urge).toBe(false);
    expect((await call('zhangsan', 'PATCH', `/api/bills/${bill.id}/urge`)).body).toMatchObject({
      status_code: StatusCode.conflict,
      message: NoticeMessages.urgeNotDoing,
    });
    expect(await urges()).toEqual([]);
  });
});
