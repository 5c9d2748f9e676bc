import {
  ApprovalMessages,
  BillListMessages,
  ShareMessages,
  StatusCode,
  type BillDetail,
  type BillListRow,
  type BillShareEntry,
  type BillShareResult,
  type BillUnshareResult,
  type DashboardCounts,
  type Paged,
} from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { idOf, linearGraph, makeTemplate, releasedBill, Tokens } from './test-support';

/**
 * 抄送我的 (issue 13): shares by person and by department, their read state (待阅 → 已阅 on opening), the unread count,
 * who a bill is shared with, and taking a share back (its sharer or a bill administrator only).
 */
let server: TestServer;
let tokens: Tokens;
let templateId: number;
let techDept: number;

beforeAll(async () => {
  server = await startTestServer();
  tokens = new Tokens(server);
  const lisi = await idOf(server, 'lisi');
  templateId = await makeTemplate(server, await tokens.get('admin'), linearGraph([[{ type: 'orsign', userIds: [lisi] }]]));
  techDept = (await server.db.selectFrom('depts').select('id').where('name', '=', '技术部').executeTakeFirstOrThrow()).id;
});
afterAll(async () => server.close());

async function call<T>(user: string, method: string, url: string, body?: unknown) {
  return server.call<T>(method, url, { token: await tokens.get(user), ...(body !== undefined ? { body } : {}) });
}

const sharesOf = (billId: number) =>
  server.db.selectFrom('bill_shares').selectAll().where('bill_id', '=', billId).orderBy('user_id').execute();
const release = async () => releasedBill(server, await tokens.get('zhangsan'), templateId, { reason: '抄送测试' });
const unread = async (user: string) => (await call<DashboardCounts>(user, 'GET', '/api/dashboard')).body.data.shared_unread;
const sharedBox = async (user: string, state?: 'unread' | 'read') =>
  (await call<Paged<BillListRow>>(user, 'GET', `/api/bills?box=shared&per_page=100${state ? `&share_state=${state}` : ''}`)).body.data.list;

/** Active people of 技术部 and every department below it, read from the tables. */
async function techPeople(): Promise<number[]> {
  const depts = await server.db.selectFrom('depts').select(['id', 'parent_id']).execute();
  const under = new Set([techDept]);
  for (let grew = true; grew;) {
    grew = false;
    for (const d of depts) {
      if (d.parent_id !== null && under.has(d.parent_id) && !under.has(d.id)) {
        under.add(d.id);
        grew = true;
      }
    }
  }
  expect(under.size, '技术部 has departments below it').toBeGreaterThan(1);
  const rows = await server.db
    .selectFrom('users')
    .select('id')
    .where('dept_id', 'in', [...under])
    .where('status', '=', 1)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

describe('read state of 抄送我的', () => {
  it('is 待阅 until the colleague opens the bill, then 已阅; the unread count follows', async () => {
    const bill = await release();
    const zhaoliu = await idOf(server, 'zhaoliu');
    const before = await unread('zhaoliu');
    expect((await call('zhangsan', 'PATCH', `/api/bills/${bill.id}/share`, { user_ids: [zhaoliu] })).body.status_code).toBe(0);
    expect(await unread('zhaoliu')).toBe(before + 1);
    const row = (await sharedBox('zhaoliu', 'unread')).find((r) => r.id === bill.id);
    expect(row?.share).toMatchObject({ shared_by_name: '张三', read_at: null });
    expect((await sharedBox('zhaoliu', 'read')).map((r) => r.id)).not.toContain(bill.id);

    // Listing is not reading; opening the bill is.
    expect((await sharedBox('zhaoliu')).map((r) => r.id)).toContain(bill.id);
    expect(await unread('zhaoliu')).toBe(before + 1);
    expect((await call<BillDetail>('zhaoliu', 'GET', `/api/bills/${bill.id}`)).body.status_code).toBe(0);
    expect(await unread('zhaoliu')).toBe(before);
    const read = (await sharedBox('zhaoliu', 'read')).find((r) => r.id === bill.id);
    expect(read?.share?.read_at).toEqual(expect.any(String));
    const firstRead = (await sharesOf(bill.id))[0]?.read_at;
    // Opening again keeps the first time.
    await call('zhaoliu', 'GET', `/api/bills/${bill.id}`);
    expect((await sharesOf(bill.id))[0]?.read_at).toBe(firstRead);

    // Taken out of the box and shared again: a new share, unread again.
    await call('zhaoliu', 'PATCH', `/api/bills/${bill.id}/ignore`);
    await call('zhangsan', 'PATCH', `/api/bills/${bill.id}/share`, { user_ids: [zhaoliu] });
    expect((await sharesOf(bill.id))[0]).toMatchObject({ read_at: null, ignored_at: null });
    expect(await unread('zhaoliu')).toBe(before + 1);
  });

  it('refuses a read state on another box', async () => {
    expect((await call('zhaoliu', 'GET', '/api/bills?box=mine&share_state=unread')).body).toMatchObject({
      status_code: StatusCode.invalid,
      data: { errors: { share_state: [BillListMessages.shareStateOnlyShared] } },
    });
    expect((await call('zhaoliu', 'GET', '/api/bills?box=shared&share_state=later')).body).toMatchObject({
      status_code: StatusCode.invalid,
      data: { errors: { share_state: [BillListMessages.shareState] } },
    });
  });
});

describe('sharing with departments', () => {
  it('reaches the active people of the department and of those below it, not the initiator, and tells each', async () => {
    const bill = await release();
    const zhangsan = await idOf(server, 'zhangsan');
    const expected = (await techPeople()).filter((id) => id !== zhangsan);
    expect(expected.length).toBeGreaterThan(1);
    const shared = await call<BillShareResult>('zhangsan', 'PATCH', `/api/bills/${bill.id}/share`, { dept_ids: [techDept] });
    expect(shared.body).toMatchObject({ status_code: 0, data: { bill_id: bill.id, user_ids: expected } });
    const told = await server.db
      .selectFrom('notifications')
      .select('user_id')
      .where('bill_id', '=', bill.id)
      .where('kind', '=', 'share')
      .orderBy('user_id')
      .execute();
    expect(told.map((n) => n.user_id)).toEqual(expected);
  });

  it('refuses an unknown department or one with nobody to share with, writing nothing', async () => {
    const bill = await release();
    expect((await call('zhangsan', 'PATCH', `/api/bills/${bill.id}/share`, { dept_ids: [techDept, 987654] })).body).toMatchObject({
      status_code: StatusCode.invalid,
      data: { errors: { dept_ids: [ApprovalMessages.shareDeptsMissing([987654])] } },
    });
    const empty = await server.db
      .insertInto('depts')
      .values({ name: '空部门', parent_id: null, sort: 999, created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await call('zhangsan', 'PATCH', `/api/bills/${bill.id}/share`, { dept_ids: [empty.id] })).body).toMatchObject({
      status_code: StatusCode.invalid,
      data: { errors: { dept_ids: [ApprovalMessages.shareNobodyInDepts] } },
    });
    expect((await call('zhangsan', 'PATCH', `/api/bills/${bill.id}/share`, { dept_ids: ['x'] })).body.status_code).toBe(StatusCode.invalid);
    expect((await call('zhangsan', 'PATCH', `/api/bills/${bill.id}/share`, { user_ids: [], dept_ids: [] })).body).toMatchObject({
      status_code: StatusCode.invalid,
      data: { errors: { user_ids: [ApprovalMessages.shareUsersRequired] } },
    });
    expect(await sharesOf(bill.id)).toEqual([]);
    expect(
      await server.db.selectFrom('notifications').select('id').where('bill_id', '=', bill.id).where('kind', '=', 'share').execute(),
    ).toEqual([]);
  });
});

describe('GET /api/bills/{id}/shares and PATCH /api/bills/{id}/unshare', () => {
  it('shows the sharer who reads it, and lets them take back their own shares only', async () => {
    const bill = await release();
    const [zhaoliu, wangwu] = [await idOf(server, 'zhaoliu'), await idOf(server, 'wangwu')];
    await call('zhangsan', 'PATCH', `/api/bills/${bill.id}/share`, { user_ids: [zhaoliu] });
    await call('admin', 'PATCH', `/api/bills/${bill.id}/share`, { user_ids: [wangwu] });
    await call('zhaoliu', 'GET', `/api/bills/${bill.id}`);

    const list = await call<BillShareEntry[]>('zhangsan', 'GET', `/api/bills/${bill.id}/shares`);
    expect(typeof list.body.data[0]?.read_at).toBe('string');
    expect(list.body.data).toMatchObject([
      { user_id: zhaoliu, user_name: '赵六', shared_by_name: '张三', may_unshare: true },
      { user_id: wangwu, user_name: '王五', shared_by_name: '系统管理员', read_at: null, may_unshare: false },
    ]);
    // A colleague it is shared with reads the bill, not who else reads it.
    expect((await call('zhaoliu', 'GET', `/api/bills/${bill.id}/shares`)).body).toMatchObject({
      status_code: 403,
      message: ApprovalMessages.shareForbidden,
    });
    expect((await call('hanbing', 'GET', `/api/bills/${bill.id}/shares`)).body).toMatchObject({
      status_code: 403,
      message: ApprovalMessages.billUnavailable,
    });

    // The initiator cannot take back the administrator's share: the whole call is refused.
    const before = await sharesOf(bill.id);
    expect((await call('zhangsan', 'PATCH', `/api/bills/${bill.id}/unshare`, { user_ids: [zhaoliu, wangwu] })).body).toMatchObject({
      status_code: 403,
      message: ShareMessages.unshareForbidden,
    });
    expect((await call('zhaoliu', 'PATCH', `/api/bills/${bill.id}/unshare`, { user_ids: [zhaoliu] })).body.status_code).toBe(403);
    expect((await call('zhangsan', 'PATCH', `/api/bills/${bill.id}/unshare`, { user_ids: [] })).body).toMatchObject({
      status_code: StatusCode.invalid,
      data: { errors: { user_ids: [ShareMessages.unshareUsersRequired] } },
    });
    expect(await sharesOf(bill.id)).toEqual(before);

    const taken = await call<BillUnshareResult>('zhangsan', 'PATCH', `/api/bills/${bill.id}/unshare`, { user_ids: [zhaoliu, 987654] });
    expect(taken.body).toMatchObject({ status_code: 0, message: ShareMessages.unshared, data: { removed: [zhaoliu], user_ids: [wangwu] } });
    // The colleague no longer reads it, and it left their box.
    expect((await call('zhaoliu', 'GET', `/api/bills/${bill.id}`)).body.status_code).toBe(403);
    expect((await sharedBox('zhaoliu')).map((r) => r.id)).not.toContain(bill.id);

    // A bill administrator takes back any share.
    const byAdmin = await call<BillUnshareResult>('admin', 'PATCH', `/api/bills/${bill.id}/unshare`, { user_ids: [wangwu] });
    expect(byAdmin.body).toMatchObject({ status_code: 0, data: { removed: [wangwu], user_ids: [] } });
  });
});
