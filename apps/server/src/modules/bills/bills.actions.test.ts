import {
  ApprovalMessages,
  EngineMessages,
  type BillDetail,
  type BillHistoryEntry,
  type BillIgnoreResult,
  type BillListRow,
  type BillShareResult,
  type Paged,
  type TemplateDetail,
} from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { idOf, linearGraph, makeTemplate, releasedBill, snapshotOf, Tokens } from './test-support';

/** SPEC §4 bill actions beyond the flow: replicate, close, track and untrack (docs/approval-api.md). */

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

const expenseForm = (amounts: string[]) => ({
  category: '差旅费',
  expense_items: amounts.map((amount, i) => ({ desc: `费用${i + 1}`, date: '2026-11-02', amount })),
  remark: '出差',
});

async function releasedExpense(amounts: string[] = ['120.00', '80.50']): Promise<BillDetail> {
  return releasedBill(server, await tokens.get('zhangsan'), expenseId, expenseForm(amounts));
}

const billCount = async () =>
  Number(
    (
      await server.db
        .selectFrom('bills')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('PATCH /api/bills/{id}/replication', () => {
  it('copies a submitted bill into a new draft of the initiator with the form and item rows, leaving the original as it was', async () => {
    const bill = await releasedExpense();
    expect(bill.abilities.replicate).toBe(true);
    const before = await snapshotOf(server, bill.id);
    const copied = await call<BillDetail>('zhangsan', 'PATCH', `/api/bills/${bill.id}/replication`);
    expect(copied.body).toMatchObject({
      status_code: 0,
      message: ApprovalMessages.replicated,
      data: { status: 'draft', title: bill.title, template_version_id: null, totals: { expense_items: '200.50' } },
    });
    const draft = copied.body.data;
    expect(draft.id).not.toBe(bill.id);
    expect(draft.form).toMatchObject({ category: '差旅费', remark: '出差' });
    expect(draft.form.expense_items).toMatchObject([
      { desc: '费用1', amount: '120.00' },
      { desc: '费用2', amount: '80.50' },
    ]);
    expect(draft.abilities).toMatchObject({ edit: true, release: true, replicate: false, track: false });
    expect(await snapshotOf(server, bill.id)).toEqual(before);
    const drafts = await call<Paged<BillListRow>>('zhangsan', 'GET', '/api/bills?box=draft&per_page=100');
    expect(drafts.body.data.list.some((b) => b.id === draft.id)).toBe(true);
    // The copy is a draft like any other: it can be submitted.
    const released = await call<BillDetail>('zhangsan', 'POST', `/api/bills/${draft.id}/release`, {});
    expect(released.body).toMatchObject({ status_code: 0, data: { status: 'doing' } });
    // A repeated client key returns the first copy (double-click guard).
    const key = 'copy-key-0001';
    const first = await call<BillDetail>('zhangsan', 'PATCH', `/api/bills/${bill.id}/replication`, { client_key: key, title: '再来一张' });
    const second = await call<BillDetail>('zhangsan', 'PATCH', `/api/bills/${bill.id}/replication`, { client_key: key });
    expect(first.body.data.title).toBe('再来一张');
    expect(second.body.data.id).toBe(first.body.data.id);
  });

  it('refuses everyone but the initiator with 403, and a draft, a disabled template or a bad title without writing anything', async () => {
    const bill = await releasedExpense();
    const before = await snapshotOf(server, bill.id);
    const count = await billCount();
    // lisi handles the bill (may read it) but did not start it; zhaoliu may not even read it.
    const lisi = await call('lisi', 'PATCH', `/api/bills/${bill.id}/replication`);
    expect(lisi.status).toBe(403);
    expect(lisi.body).toMatchObject({ status_code: 403, message: ApprovalMessages.notInitiator });
    expect((await call<BillDetail>('lisi', 'GET', `/api/bills/${bill.id}`)).body.data.abilities.replicate).toBe(false);
    expect((await call('zhaoliu', 'PATCH', `/api/bills/${bill.id}/replication`)).status).toBe(403);
    expect((await call('admin', 'PATCH', `/api/bills/${bill.id}/replication`)).status).toBe(403);
    const long = await call('zhangsan', 'PATCH', `/api/bills/${bill.id}/replication`, { title: '长'.repeat(101) });
    expect(long.body).toMatchObject({ status_code: 422, data: { errors: { title: ['标题不能超过 100 个字'] } } });
    expect((await call('zhangsan', 'PATCH', '/api/bills/999999/replication')).body).toMatchObject({
      status_code: 403,
      message: ApprovalMessages.billUnavailable,
    });

    const draft = await call<BillDetail>('zhangsan', 'POST', '/api/bills', { template_id: expenseId, form: {} });
    expect((await call('zhangsan', 'PATCH', `/api/bills/${draft.body.data.id}/replication`)).body).toMatchObject({
      status_code: 409,
      message: ApprovalMessages.replicateDraft,
    });

    const zhangsan = await tokens.get('zhangsan');
    const lisiId = await idOf(server, 'lisi');
    const templateId = await makeTemplate(server, await tokens.get('admin'), linearGraph([[{ type: 'orsign', userIds: [lisiId] }]]));
    const other = await releasedBill(server, zhangsan, templateId);
    await server.db.updateTable('templates').set({ status: 0 }).where('id', '=', templateId).execute();
    expect((await call<BillDetail>('zhangsan', 'GET', `/api/bills/${other.id}`)).body.data.abilities.replicate).toBe(false);
    const otherBefore = await snapshotOf(server, other.id);
    const countNow = await billCount();
    expect((await call('zhangsan', 'PATCH', `/api/bills/${other.id}/replication`)).body).toMatchObject({
      status_code: 409,
      message: ApprovalMessages.templateDisabled,
    });
    expect(await billCount()).toBe(countNow);
    expect(await snapshotOf(server, other.id)).toEqual(otherBefore);

    expect(await snapshotOf(server, bill.id)).toEqual(before);
    expect(await billCount()).toBe(count + 2); // the draft and the template's bill made above
  });

  it("follows the template's current version: fields that still fit are carried, the others dropped", async () => {
    const admin = await tokens.get('admin');
    const lisiId = await idOf(server, 'lisi');
    const templateId = await makeTemplate(server, admin, linearGraph([[{ type: 'orsign', userIds: [lisiId] }]]));
    const bill = await releasedBill(server, await tokens.get('zhangsan'), templateId, { reason: '出差', amount: '99.5' });
    const template = (await call<TemplateDetail>('admin', 'GET', `/api/templates/${templateId}`)).body.data;
    const changed = await call('admin', 'PUT', `/api/templates/${templateId}`, {
      group_id: template.group_id,
      name: template.name,
      form_schema: {
        fields: [
          { key: 'reason', type: 'text', label: '事由', required: true },
          { key: 'amount', type: 'number', label: '数量', required: false },
          { key: 'place', type: 'text', label: '地点', required: false },
        ],
      },
    });
    expect(changed.body.status_code, changed.body.message).toBe(0);
    const copied = await call<BillDetail>('zhangsan', 'PATCH', `/api/bills/${bill.id}/replication`);
    expect(copied.body.status_code, copied.body.message).toBe(0);
    expect(copied.body.data.form).toEqual({ reason: '出差' });
    expect(copied.body.data.form_schema.fields.map((f) => f.key)).toEqual(['reason', 'amount', 'place']);
  });
});

describe('PATCH /api/bills/{id}/close', () => {
  it('lets a bill administrator close a doing bill: open tasks cancelled, status 已关闭, recorded with the reason', async () => {
    const bill = await releasedExpense();
    expect((await call<BillDetail>('admin', 'GET', `/api/bills/${bill.id}`)).body.data.abilities.close).toBe(true);
    expect(bill.abilities.close).toBe(false);
    const closed = await call<BillDetail>('admin', 'PATCH', `/api/bills/${bill.id}/close`, { comment: '重复提交', version: bill.version });
    expect(closed.body).toMatchObject({
      status_code: 0,
      message: ApprovalMessages.closed,
      data: { status: 'closed', status_text: '已关闭', current_node: null, abilities: { close: false } },
    });
    expect(closed.body.data.finished_at).not.toBeNull();
    const after = await snapshotOf(server, bill.id);
    expect(after.tasks.some((t) => t.status === 'pending' || t.status === 'waiting')).toBe(false);
    expect(after.tasks.some((t) => t.status === 'cancelled')).toBe(true);
    const todo = await call<Paged<BillListRow>>('lisi', 'GET', '/api/bills?box=todo&per_page=100');
    expect(todo.body.data.list.some((b) => b.id === bill.id)).toBe(false);
    const history = await call<BillHistoryEntry[]>('zhangsan', 'GET', `/api/bills/${bill.id}/history`);
    expect(history.body.data.at(-1)).toMatchObject({
      action: 'close',
      action_text: '关闭',
      actor_name: '系统管理员',
      comment: '重复提交',
      before: 'doing',
      after: 'closed',
    });
    // Closed is final.
    expect((await call('admin', 'PATCH', `/api/bills/${bill.id}/close`, { comment: '再关一次' })).body).toMatchObject({
      status_code: 409,
      message: ApprovalMessages.notClosable,
    });
  });

  it('closes rejected and withdrawn bills too, but not drafts or finished ones', async () => {
    const bill = await releasedExpense();
    await call('zhangsan', 'PATCH', `/api/bills/${bill.id}/returned`, {});
    expect((await call('admin', 'PATCH', `/api/bills/${bill.id}/close`, { comment: '不再需要' })).body).toMatchObject({
      status_code: 0,
      data: { status: 'closed' },
    });
    const draft = await call<BillDetail>('zhangsan', 'POST', '/api/bills', { template_id: expenseId, form: {} });
    const done = await server.db.selectFrom('bills').select('id').where('status', '=', 'done').executeTakeFirstOrThrow();
    for (const id of [draft.body.data.id, done.id]) {
      const before = await snapshotOf(server, id);
      expect((await call('admin', 'PATCH', `/api/bills/${id}/close`, { comment: '关闭' })).body).toMatchObject({
        status_code: 409,
        message: ApprovalMessages.notClosable,
      });
      expect(await snapshotOf(server, id)).toEqual(before);
    }
  });

  it('refuses the initiator and handlers with 403, and a missing reason or a stale version, changing nothing', async () => {
    const bill = await releasedExpense();
    const before = await snapshotOf(server, bill.id);
    for (const user of ['zhangsan', 'lisi', 'zhaoliu']) {
      const result = await call(user, 'PATCH', `/api/bills/${bill.id}/close`, { comment: '关闭' });
      expect(result.status, user).toBe(403);
      expect(result.body, user).toMatchObject({ status_code: 403, message: ApprovalMessages.closeForbidden });
    }
    for (const body of [undefined, {}, { comment: '   ' }]) {
      expect((await call('admin', 'PATCH', `/api/bills/${bill.id}/close`, body)).body).toMatchObject({
        status_code: 422,
        message: ApprovalMessages.closeReasonRequired,
        data: { errors: { comment: [ApprovalMessages.closeReasonRequired] } },
      });
    }
    expect(
      (await call('admin', 'PATCH', `/api/bills/${bill.id}/close`, { comment: '关闭', version: bill.version + 5 })).body,
    ).toMatchObject({
      status_code: 409,
      message: EngineMessages.staleVersion,
    });
    expect(await snapshotOf(server, bill.id)).toEqual(before);
  });
});

describe('PATCH /api/bills/{id}/track and /untrack', () => {
  const tracked = async (user: string) =>
    (await call<Paged<BillListRow>>(user, 'GET', '/api/bills?box=tracked&per_page=100')).body.data.list.map((b) => b.id);

  it('lets any reader follow and unfollow a bill, idempotently, listed in box=tracked', async () => {
    const bill = await releasedExpense();
    expect(bill).toMatchObject({ tracked: false, abilities: { track: true } });
    for (let i = 0; i < 2; i++) {
      expect((await call('lisi', 'PATCH', `/api/bills/${bill.id}/track`, {})).body).toMatchObject({
        status_code: 0,
        message: ApprovalMessages.tracked,
        data: { tracked: true },
      });
    }
    const lisi = await idOf(server, 'lisi');
    const rows = await server.db.selectFrom('bill_tracks').selectAll().where('bill_id', '=', bill.id).execute();
    expect(rows.map((r) => r.user_id)).toEqual([lisi]);
    expect((await call<BillDetail>('lisi', 'GET', `/api/bills/${bill.id}`)).body.data.tracked).toBe(true);
    expect((await call<BillDetail>('zhangsan', 'GET', `/api/bills/${bill.id}`)).body.data.tracked).toBe(false);
    expect(await tracked('lisi')).toContain(bill.id);
    expect(await tracked('zhangsan')).not.toContain(bill.id);
    // The box takes the usual filters.
    const filtered = await call<Paged<BillListRow>>('lisi', 'GET', `/api/bills?box=tracked&keyword=${bill.id}`);
    expect(filtered.body.data.list.map((b) => b.id)).toEqual([bill.id]);

    for (let i = 0; i < 2; i++) {
      expect((await call('lisi', 'PATCH', `/api/bills/${bill.id}/untrack`, {})).body).toMatchObject({
        status_code: 0,
        message: ApprovalMessages.untracked,
        data: { tracked: false },
      });
    }
    expect(await tracked('lisi')).not.toContain(bill.id);
    // Tracking leaves the bill itself alone.
    const before = await snapshotOf(server, bill.id);
    await call('zhangsan', 'PATCH', `/api/bills/${bill.id}/track`);
    expect(await snapshotOf(server, bill.id)).toEqual(before);
    expect(await tracked('zhangsan')).toContain(bill.id);
  });

  it('refuses a user who may not read the bill with 403 and a draft with 409, writing nothing', async () => {
    const bill = await releasedExpense();
    for (const action of ['track', 'untrack']) {
      const result = await call('zhaoliu', 'PATCH', `/api/bills/${bill.id}/${action}`, {});
      expect(result.status).toBe(403);
      expect(result.body).toMatchObject({ status_code: 403, message: ApprovalMessages.billUnavailable });
    }
    const draft = await call<BillDetail>('zhangsan', 'POST', '/api/bills', { template_id: expenseId, form: {} });
    expect(draft.body.data.abilities.track).toBe(false);
    expect((await call('zhangsan', 'PATCH', `/api/bills/${draft.body.data.id}/track`, {})).body).toMatchObject({
      status_code: 409,
      message: ApprovalMessages.trackDraft,
    });
    const rows = await server.db.selectFrom('bill_tracks').selectAll().where('bill_id', 'in', [bill.id, draft.body.data.id]).execute();
    expect(rows).toEqual([]);
    expect((await call('zhangsan', 'GET', '/api/bills?box=nonsense')).body).toMatchObject({
      status_code: 422,
      data: { errors: { box: ['列表类型须为 todo、done、mine、draft、tracked 或 shared'] } },
    });
  });
});

describe('PATCH /api/bills/{id}/share and POST /api/bills/shares', () => {
  it('lets the initiator share a bill: the users it is shared with may read it, everyone else still gets 403', async () => {
    const bill = await releasedExpense();
    expect(bill.abilities.share).toBe(true);
    const [zhaoliu, hanbing] = [await idOf(server, 'zhaoliu'), await idOf(server, 'hanbing')];
    expect((await call('zhaoliu', 'GET', `/api/bills/${bill.id}`)).status).toBe(403);
    const before = await snapshotOf(server, bill.id);
    const shared = await call<BillShareResult>('zhangsan', 'PATCH', `/api/bills/${bill.id}/share`, { user_ids: [zhaoliu, zhaoliu] });
    expect(shared.body).toMatchObject({
      status_code: 0,
      message: ApprovalMessages.shared,
      data: { bill_id: bill.id, user_ids: [zhaoliu] },
    });
    // A repeat changes nothing; a second user is added to the first.
    await call('zhangsan', 'PATCH', `/api/bills/${bill.id}/share`, { user_ids: [zhaoliu] });
    const again = await call<BillShareResult>('zhangsan', 'PATCH', `/api/bills/${bill.id}/share`, { user_ids: [hanbing] });
    expect(again.body.data.user_ids.sort()).toEqual([zhaoliu, hanbing].sort());
    const read = await call<BillDetail>('zhaoliu', 'GET', `/api/bills/${bill.id}`);
    expect(read.body).toMatchObject({
      status_code: 0,
      data: { id: bill.id, abilities: { share: false, agree: false, replicate: false, track: true } },
    });
    expect((await call('zhaoliu', 'GET', `/oa/flow/${bill.id}`)).status).toBe(200);
    // Reading is all a share gives.
    expect((await call('zhaoliu', 'PATCH', `/api/bills/${bill.id}/returned`, {})).status).toBe(403);
    expect((await call('zhaoliu', 'PATCH', `/api/bills/${bill.id}/share`, { user_ids: [hanbing] })).body).toMatchObject({
      status_code: 403,
      message: ApprovalMessages.shareForbidden,
    });
    expect((await call('wangwu', 'GET', `/api/bills/${bill.id}`)).status).toBe(403);
    // The bill itself is untouched.
    expect(await snapshotOf(server, bill.id)).toEqual(before);
    // A bill administrator may share any submitted bill.
    expect(
      (await call('admin', 'PATCH', `/api/bills/${bill.id}/share`, { user_ids: [await idOf(server, 'wangwu')] })).body.status_code,
    ).toBe(0);
    expect((await call('wangwu', 'GET', `/api/bills/${bill.id}`)).status).toBe(200);
  });

  it('refuses handlers and strangers with 403, drafts with 409, bad users with 422, writing nothing', async () => {
    const bill = await releasedExpense();
    const zhaoliu = await idOf(server, 'zhaoliu');
    const shares = () => server.db.selectFrom('bill_shares').selectAll().where('bill_id', '=', bill.id).execute();
    for (const user of ['lisi', 'zhaoliu']) {
      const result = await call(user, 'PATCH', `/api/bills/${bill.id}/share`, { user_ids: [zhaoliu] });
      expect(result.status, user).toBe(403);
    }
    for (const body of [undefined, {}, { user_ids: [] }, { user_ids: 'x' }]) {
      expect((await call('zhangsan', 'PATCH', `/api/bills/${bill.id}/share`, body)).body).toMatchObject({
        status_code: 422,
        data: { errors: { user_ids: [ApprovalMessages.shareUsersRequired] } },
      });
    }
    expect((await call('zhangsan', 'PATCH', `/api/bills/${bill.id}/share`, { user_ids: [zhaoliu, 987654] })).body).toMatchObject({
      status_code: 422,
      data: { errors: { user_ids: [ApprovalMessages.usersMissing([987654])] } },
    });
    // A disabled user is named, so that the sharer knows whom to leave out.
    const { id: _zhaoliuId, ...zhaoliuRow } = await server.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', zhaoliu)
      .executeTakeFirstOrThrow();
    const disabled = await server.db
      .insertInto('users')
      .values({
        ...zhaoliuRow,
        username: 'share_disabled',
        name: '停用的同事',
        mobile: '13900000077',
        mail: 'share.disabled@osp.local',
        status: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await call('zhangsan', 'PATCH', `/api/bills/${bill.id}/share`, { user_ids: [disabled.id, 987654] })).body).toMatchObject({
      status_code: 422,
      data: { errors: { user_ids: [ApprovalMessages.usersMissing(['停用的同事', 987654])] } },
    });
    const draft = await call<BillDetail>('zhangsan', 'POST', '/api/bills', { template_id: expenseId, form: {} });
    expect(draft.body.data.abilities.share).toBe(false);
    expect((await call('zhangsan', 'PATCH', `/api/bills/${draft.body.data.id}/share`, { user_ids: [zhaoliu] })).body).toMatchObject({
      status_code: 409,
      message: ApprovalMessages.shareDraft,
    });
    expect(await shares()).toEqual([]);
  });

  it('shares several bills at once, all or nothing', async () => {
    const [first, second] = [await releasedExpense(), await releasedExpense()];
    const zhaoliu = await idOf(server, 'zhaoliu');
    // wangwu's own bill is not zhangsan's to share: the whole call is refused.
    const foreign = await releasedBill(server, await tokens.get('wangwu'), expenseId, expenseForm(['10.00']));
    const refused = await call('zhangsan', 'POST', '/api/bills/shares', { bill_ids: [first.id, foreign.id], user_ids: [zhaoliu] });
    expect(refused.status).toBe(403);
    expect(await server.db.selectFrom('bill_shares').selectAll().where('bill_id', 'in', [first.id, foreign.id]).execute()).toEqual([]);
    expect((await call('zhangsan', 'POST', '/api/bills/shares', { user_ids: [zhaoliu] })).body).toMatchObject({
      status_code: 422,
      data: { errors: { bill_ids: [ApprovalMessages.shareBillsRequired] } },
    });
    const done = await call<BillShareResult[]>('zhangsan', 'POST', '/api/bills/shares', {
      bill_ids: [first.id, second.id],
      user_ids: [zhaoliu],
    });
    expect(done.body).toMatchObject({
      status_code: 0,
      data: [
        { bill_id: first.id, user_ids: [zhaoliu] },
        { bill_id: second.id, user_ids: [zhaoliu] },
      ],
    });
    for (const id of [first.id, second.id]) expect((await call('zhaoliu', 'GET', `/api/bills/${id}`)).status).toBe(200);
  });
});

describe('PATCH /api/bills/{id}/ignore', () => {
  const boxOf = async (user: string, box: 'tracked' | 'shared') =>
    (await call<Paged<BillListRow>>(user, 'GET', `/api/bills?box=${box}&per_page=100`)).body.data.list.map((b) => b.id);
  const rowsOf = async (billId: number) => ({
    tracks: await server.db.selectFrom('bill_tracks').selectAll().where('bill_id', '=', billId).orderBy('user_id').execute(),
    shares: await server.db.selectFrom('bill_shares').selectAll().where('bill_id', '=', billId).orderBy('user_id').execute(),
  });

  it("takes a bill out of the caller's 抄送我的 and 我关注的, leaving the bill, their reading and everyone else's boxes alone", async () => {
    const bill = await releasedExpense();
    const [zhaoliu, hanbing] = [await idOf(server, 'zhaoliu'), await idOf(server, 'hanbing')];
    expect((await call('zhangsan', 'PATCH', `/api/bills/${bill.id}/share`, { user_ids: [zhaoliu, hanbing] })).body.status_code).toBe(0);
    for (const user of ['zhaoliu', 'hanbing', 'lisi']) {
      expect((await call(user, 'PATCH', `/api/bills/${bill.id}/track`)).body.status_code, user).toBe(0);
    }
    for (const user of ['zhaoliu', 'hanbing']) {
      expect(await boxOf(user, 'shared'), user).toContain(bill.id);
      expect(await boxOf(user, 'tracked'), user).toContain(bill.id);
    }
    const before = await snapshotOf(server, bill.id);

    const ignored = await call<BillIgnoreResult>('zhaoliu', 'PATCH', `/api/bills/${bill.id}/ignore`);
    expect(ignored.body).toMatchObject({
      status_code: 0,
      message: ApprovalMessages.ignored,
      data: { bill_id: bill.id, removed_from: ['tracked', 'shared'] },
    });
    expect(await boxOf('zhaoliu', 'shared')).not.toContain(bill.id);
    expect(await boxOf('zhaoliu', 'tracked')).not.toContain(bill.id);
    // Out of the boxes, not out of reach: the share still lets them read it.
    const read = await call<BillDetail>('zhaoliu', 'GET', `/api/bills/${bill.id}`);
    expect(read.body).toMatchObject({ status_code: 0, data: { id: bill.id, tracked: false } });
    // Nobody else's boxes move, and the bill itself is untouched (no version, no history).
    expect(await boxOf('hanbing', 'shared')).toContain(bill.id);
    expect(await boxOf('hanbing', 'tracked')).toContain(bill.id);
    expect(await boxOf('lisi', 'tracked')).toContain(bill.id);
    expect(await snapshotOf(server, bill.id)).toEqual(before);

    // Idempotent: a repeat succeeds and changes nothing.
    const rows = await rowsOf(bill.id);
    const again = await call<BillIgnoreResult>('zhaoliu', 'PATCH', `/api/bills/${bill.id}/ignore`);
    expect(again.body).toMatchObject({
      status_code: 0,
      message: ApprovalMessages.ignoredNothing,
      data: { bill_id: bill.id, removed_from: [] },
    });
    expect(await rowsOf(bill.id)).toEqual(rows);

    // A handler who only follows it: out of 我关注的, and still the handler.
    expect((await call<BillIgnoreResult>('lisi', 'PATCH', `/api/bills/${bill.id}/ignore`)).body.data.removed_from).toEqual(['tracked']);
    expect(await boxOf('lisi', 'tracked')).not.toContain(bill.id);
    expect((await call<BillDetail>('lisi', 'GET', `/api/bills/${bill.id}`)).body.data.abilities.agree).toBe(true);

    // A new share shows it again in 抄送我的 (only there), as a new follow does in 我关注的.
    const reshared = await call<BillShareResult>('admin', 'PATCH', `/api/bills/${bill.id}/share`, { user_ids: [zhaoliu] });
    expect(reshared.body.data.user_ids.sort()).toEqual([zhaoliu, hanbing].sort());
    expect(await boxOf('zhaoliu', 'shared')).toContain(bill.id);
    expect(await boxOf('zhaoliu', 'tracked')).not.toContain(bill.id);
    await call('zhaoliu', 'PATCH', `/api/bills/${bill.id}/track`);
    expect(await boxOf('zhaoliu', 'tracked')).toContain(bill.id);
    // Sharing again with someone whose share is in their box changes nothing for them.
    const hanbingShare = (await rowsOf(bill.id)).shares.find((s) => s.user_id === hanbing);
    await call('zhangsan', 'PATCH', `/api/bills/${bill.id}/share`, { user_ids: [hanbing] });
    expect((await rowsOf(bill.id)).shares.find((s) => s.user_id === hanbing)).toEqual(hanbingShare);
    expect(await snapshotOf(server, bill.id)).toEqual(before);
  });

  it('answers a bill the caller may not read as a missing one, and a bad id with its message, writing nothing', async () => {
    const bill = await releasedExpense();
    await call('lisi', 'PATCH', `/api/bills/${bill.id}/track`);
    const rows = await rowsOf(bill.id);
    const before = await snapshotOf(server, bill.id);
    for (const url of [`/api/bills/${bill.id}/ignore`, '/api/bills/999999/ignore']) {
      const refused = await call('wangwu', 'PATCH', url);
      expect(refused.status, url).toBe(403);
      expect(refused.body, url).toMatchObject({ status_code: 403, message: ApprovalMessages.billUnavailable });
    }
    for (const id of ['abc', '0', '-3']) {
      expect((await call('zhaoliu', 'PATCH', `/api/bills/${id}/ignore`)).body, id).toMatchObject({
        status_code: 422,
        message: ApprovalMessages.billNotFound,
      });
    }
    expect((await server.call('PATCH', `/api/bills/${bill.id}/ignore`)).status).toBe(401);
    expect(await rowsOf(bill.id)).toEqual(rows);
    expect(await snapshotOf(server, bill.id)).toEqual(before);
  });

  it('lets a follower who can no longer read the bill take it out of 我关注的, and tells them nothing more', async () => {
    const bill = await releasedExpense();
    const wangwu = await idOf(server, 'wangwu');
    // As for a bill administrator who followed it and has since lost the permission (docs/approval-api.md, Track).
    await server.db.insertInto('bill_tracks').values({ user_id: wangwu, bill_id: bill.id, created_at: new Date().toISOString() }).execute();
    expect(await boxOf('wangwu', 'tracked')).toContain(bill.id);
    expect((await call('wangwu', 'GET', `/api/bills/${bill.id}`)).status).toBe(403);
    const ignored = await call<BillIgnoreResult>('wangwu', 'PATCH', `/api/bills/${bill.id}/ignore`);
    expect(ignored.body).toMatchObject({ status_code: 0, data: { bill_id: bill.id, removed_from: ['tracked'] } });
    expect(await boxOf('wangwu', 'tracked')).not.toContain(bill.id);
    // Once out of the box, the bill is as any other they may not read.
    expect((await call('wangwu', 'PATCH', `/api/bills/${bill.id}/ignore`)).status).toBe(403);
  });
});
