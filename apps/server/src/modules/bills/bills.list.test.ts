import { BillListMessages, type BillListRow, type DashboardCounts, type Paged } from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { idOf, linearGraph, makeTemplate, pendingTask, releasedBill, Tokens } from './test-support';

/**
 * The boxes against a reference: every list the API pages through must equal what a plain reading of
 * the tables gives, for each box, sort and filter. The list query is tuned for speed (bills.list.ts);
 * this is what keeps the tuning honest.
 */

let server: TestServer;
let tokens: Tokens;

beforeAll(async () => {
  server = await startTestServer();
  tokens = new Tokens(server);
});
afterAll(async () => server.close());

async function call<T>(user: string, method: string, url: string, body?: unknown) {
  return server.call<T>(method, url, { token: await tokens.get(user), ...(body !== undefined ? { body } : {}) });
}

type Box = 'todo' | 'done' | 'mine' | 'draft' | 'tracked' | 'shared';
type SortField = 'received_at' | 'updated_at' | 'created_at' | 'released_at' | 'id';
interface Filters {
  template_id?: number;
  status?: string;
  keyword?: string;
  date_from?: string;
  date_to?: string;
}

/** Every page of a box, 7 a page, with the total each page reported. */
async function walk(user: string, box: Box, query: Record<string, string | number> = {}) {
  const ids: number[] = [];
  const totals = new Set<number>();
  const rows: BillListRow[] = [];
  for (let page = 1; page < 100; page++) {
    const params = new URLSearchParams({
      box,
      page: String(page),
      per_page: '7',
      ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    });
    const answer = await call<Paged<BillListRow>>(user, 'GET', `/api/bills?${params.toString()}`);
    expect(answer.body.status_code, answer.body.message).toBe(0);
    totals.add(answer.body.data.total);
    rows.push(...answer.body.data.list);
    ids.push(...answer.body.data.list.map((r) => r.id));
    if (answer.body.data.list.length < 7) break;
  }
  return { ids, totals: [...totals], rows };
}

const DECIDED = ['agreed', 'rejected', 'returned', 'transferred'];

async function templateOf(billId: number): Promise<number | undefined> {
  return (await server.db.selectFrom('bills').select('template_id').where('id', '=', billId).executeTakeFirst())?.template_id;
}

/** The box read plainly from the tables, filtered and sorted in JavaScript. */
async function reference(user: string, box: Box, sortBy?: SortField, order: 'asc' | 'desc' = 'desc', filters: Filters = {}) {
  const sort = sortBy ?? (box === 'todo' ? 'received_at' : 'updated_at');
  const me = await idOf(server, user);
  const [bills, tasks, tracks, shares, templates] = await Promise.all([
    server.db
      .selectFrom('bills')
      .select(['id', 'title', 'template_id', 'status', 'initiator_id', 'created_at', 'updated_at', 'released_at'])
      .execute(),
    server.db.selectFrom('bill_tasks').select(['bill_id', 'status', 'created_at']).where('acting_handler', '=', me).execute(),
    server.db.selectFrom('bill_tracks').select('bill_id').where('user_id', '=', me).execute(),
    server.db.selectFrom('bill_shares').select(['bill_id', 'ignored_at']).where('user_id', '=', me).execute(),
    server.db.selectFrom('templates').select(['id', 'name']).execute(),
  ]);
  const templateName = new Map(templates.map((t) => [t.id, t.name]));
  const pending = new Set(tasks.filter((t) => t.status === 'pending').map((t) => t.bill_id));
  // 到达时间 of a bill: the latest of my pending tasks on it.
  const arrival = new Map<number, string>();
  for (const t of tasks) {
    if (t.status !== 'pending') continue;
    const known = arrival.get(t.bill_id);
    if (known === undefined || t.created_at > known) arrival.set(t.bill_id, t.created_at);
  }
  const decided = new Set(tasks.filter((t) => DECIDED.includes(t.status)).map((t) => t.bill_id));
  const tracked = new Set(tracks.map((t) => t.bill_id));
  const shared = new Set(shares.filter((s) => s.ignored_at === null).map((s) => s.bill_id));
  const inBox = (b: (typeof bills)[number]) =>
    box === 'todo'
      ? pending.has(b.id)
      : box === 'done'
        ? decided.has(b.id)
        : box === 'mine'
          ? b.initiator_id === me && b.status !== 'draft'
          : box === 'draft'
            ? b.initiator_id === me && b.status === 'draft'
            : box === 'tracked'
              ? tracked.has(b.id)
              : shared.has(b.id);
  const shanghaiDay = (iso: string) => new Date(new Date(iso).getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
  const kept = bills.filter(
    (b) =>
      inBox(b) &&
      (filters.template_id === undefined || b.template_id === filters.template_id) &&
      (filters.status === undefined || b.status === filters.status) &&
      (filters.keyword === undefined ||
        b.title.includes(filters.keyword) ||
        (templateName.get(b.template_id) ?? '').includes(filters.keyword) ||
        String(b.id) === filters.keyword) &&
      (filters.date_from === undefined || shanghaiDay(b.created_at) >= filters.date_from) &&
      (filters.date_to === undefined || shanghaiDay(b.created_at) <= filters.date_to),
  );
  const key = (b: (typeof bills)[number]) => (sort === 'id' ? b.id : sort === 'received_at' ? (arrival.get(b.id) ?? null) : b[sort]);
  const direction = order === 'asc' ? 1 : -1;
  kept.sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    // Never-submitted bills (released_at NULL) come last in either direction.
    if (x === null || y === null) return x === y ? (a.id - b.id) * direction : x === null ? 1 : -1;
    if (x !== y) return (x < y ? -1 : 1) * direction;
    return (a.id - b.id) * direction;
  });
  return kept.map((b) => b.id);
}

describe('the boxes', () => {
  it('page through exactly what the tables hold, for every box of every demo user, with a steady total', async () => {
    for (const user of ['zhangsan', 'lisi', 'wangwu', 'hanbing', 'admin']) {
      for (const box of ['todo', 'done', 'mine', 'draft', 'tracked', 'shared'] as const) {
        const expected = await reference(user, box);
        const { ids, totals } = await walk(user, box);
        expect(ids, `${user} ${box}`).toEqual(expected);
        expect(totals, `${user} ${box}`).toEqual([expected.length]);
        // A page past the end is empty and still tells the total.
        const past = await call<Paged<BillListRow>>(user, 'GET', `/api/bills?box=${box}&page=50&per_page=7`);
        expect(past.body.data, `${user} ${box}`).toMatchObject({ list: [], total: expected.length, page: 50 });
      }
    }
    // The dashboard's counts (the header's 待我审批 badge among them) are the boxes' totals.
    for (const user of ['zhangsan', 'lisi', 'wangwu', 'hanbing', 'admin']) {
      const counts = (await call<DashboardCounts>(user, 'GET', '/api/dashboard')).body.data;
      const doing = await call<Paged<BillListRow>>(user, 'GET', '/api/bills?box=mine&status=doing');
      const unread = await call<Paged<BillListRow>>(user, 'GET', '/api/bills?box=shared&share_state=unread');
      expect(counts, user).toEqual({
        todo: (await reference(user, 'todo')).length,
        done: (await reference(user, 'done')).length,
        draft: (await reference(user, 'draft')).length,
        doing: doing.body.data.total,
        shared_unread: unread.body.data.total,
      });
    }
    // The demo data makes the comparison meaningful: real boxes with more than one page.
    expect((await reference('lisi', 'todo')).length).toBeGreaterThan(0);
    expect((await reference('wangwu', 'todo')).length).toBeGreaterThan(0);
    expect((await reference('zhangsan', 'mine')).length).toBeGreaterThan(7);
  });

  it('sort the todo box by arrival (its default) or by any bill time, both ways; arrival sorts nothing else', async () => {
    // Bill A waits for lisi and wangwu (会签); B arrives later; then wangwu agrees on A. A changed last, B arrived last.
    const [lisi, wangwu] = [await idOf(server, 'lisi'), await idOf(server, 'wangwu')];
    const templateId = await makeTemplate(
      server,
      await tokens.get('admin'),
      linearGraph([[{ type: 'joinsign', userIds: [lisi, wangwu] }]]),
    );
    const a = await releasedBill(server, await tokens.get('zhangsan'), templateId, { reason: '先到' });
    const b = await releasedBill(server, await tokens.get('zhangsan'), templateId, { reason: '后到' });
    const agreed = await call('wangwu', 'POST', `/api/bills/flownode/${await pendingTask(server, a.id, wangwu)}/agree`, {});
    expect(agreed.body.status_code, agreed.body.message).toBe(0);
    const todo = (await walk('lisi', 'todo')).ids;
    expect(todo.indexOf(b.id)).toBeLessThan(todo.indexOf(a.id));
    const byChange = (await walk('lisi', 'todo', { sort: 'updated_at' })).ids;
    expect(byChange.indexOf(a.id)).toBeLessThan(byChange.indexOf(b.id));

    for (const user of ['lisi', 'wangwu']) {
      for (const sort of ['received_at', 'updated_at', 'created_at', 'id'] as const) {
        for (const order of ['asc', 'desc'] as const) {
          expect((await walk(user, 'todo', { sort, order })).ids, `${user} ${sort} ${order}`).toEqual(
            await reference(user, 'todo', sort, order),
          );
        }
      }
    }
    const refused = await call('lisi', 'GET', '/api/bills?box=done&sort=received_at');
    expect(refused.body).toMatchObject({
      status_code: 422,
      message: BillListMessages.receivedOnlyTodo,
      data: { errors: { sort: [BillListMessages.receivedOnlyTodo] } },
    });
    const unknown = await call('lisi', 'GET', '/api/bills?box=todo&sort=title');
    expect(unknown.body).toMatchObject({ status_code: 422, data: { errors: { sort: [BillListMessages.sortField] } } });
  });

  it('sort by each whitelisted field, both ways', async () => {
    for (const sort of ['updated_at', 'created_at', 'released_at', 'id'] as const) {
      for (const order of ['asc', 'desc'] as const) {
        expect((await walk('zhangsan', 'mine', { sort, order })).ids, `${sort} ${order}`).toEqual(
          await reference('zhangsan', 'mine', sort, order),
        );
        expect((await walk('lisi', 'done', { sort, order })).ids, `${sort} ${order}`).toEqual(await reference('lisi', 'done', sort, order));
      }
    }
    // released_at is NULL for a bill abandoned before it was ever submitted: the order of those is checked too.
    const zhangsan = await idOf(server, 'zhangsan');
    const unreleased = await server.db
      .selectFrom('bills')
      .select('id')
      .where('initiator_id', '=', zhangsan)
      .where('status', '<>', 'draft')
      .where('released_at', 'is', null)
      .execute();
    expect(unreleased.length).toBeGreaterThan(0);
  });

  it('filter by template, status, keyword (title, template name, number) and Shanghai dates, with the filtered total', async () => {
    const zhangsan = await idOf(server, 'zhangsan');
    const sample = await server.db
      .selectFrom('bills')
      .innerJoin('templates', 'templates.id', 'bills.template_id')
      .select(['bills.id', 'bills.template_id', 'bills.title', 'bills.created_at', 'templates.name'])
      .where('bills.initiator_id', '=', zhangsan)
      .where('bills.status', '<>', 'draft')
      .orderBy('bills.id')
      .executeTakeFirstOrThrow();
    const day = new Date(new Date(sample.created_at).getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
    const cases: Filters[] = [
      { template_id: sample.template_id },
      { status: 'doing' },
      { status: 'done' },
      { keyword: sample.name.slice(0, 2) },
      { keyword: sample.title.slice(-3) },
      { keyword: String(sample.id) },
      { date_from: day, date_to: day },
      { date_from: day },
      { date_to: day },
      { template_id: sample.template_id, status: 'doing', keyword: sample.name.slice(0, 1) },
    ];
    for (const filters of cases) {
      for (const [user, box] of [
        ['zhangsan', 'mine'],
        ['lisi', 'todo'],
        ['lisi', 'done'],
      ] as const) {
        const expected = await reference(user, box, undefined, 'desc', filters);
        const { ids, totals } = await walk(user, box, filters as Record<string, string | number>);
        expect(ids, `${user} ${box} ${JSON.stringify(filters)}`).toEqual(expected);
        expect(totals, `${user} ${box} ${JSON.stringify(filters)}`).toEqual([expected.length]);
      }
    }
    expect((await reference('zhangsan', 'mine', undefined, 'desc', { keyword: String(sample.id) })).length).toBeGreaterThan(0);
  });

  it('page through 抄送我的: the bills shared with me, less the ones I took out, with filters', async () => {
    const [lisi, zhangsan] = [await idOf(server, 'lisi'), await idOf(server, 'zhangsan')];
    const mine = await server.db
      .selectFrom('bills')
      .select('id')
      .where('initiator_id', '=', zhangsan)
      .where('status', '<>', 'draft')
      .orderBy('id')
      .limit(12)
      .execute();
    expect(mine).toHaveLength(12);
    const shared = await call('zhangsan', 'POST', '/api/bills/shares', {
      bill_ids: mine.map((b) => b.id),
      user_ids: [await idOf(server, 'hanbing')],
    });
    expect(shared.body.status_code, shared.body.message).toBe(0);
    // lisi handles most of them anyway; a share to him is still a share.
    await call('zhangsan', 'POST', '/api/bills/shares', { bill_ids: mine.slice(0, 9).map((b) => b.id), user_ids: [lisi] });
    for (const bill of mine.slice(0, 3)) {
      expect((await call('hanbing', 'PATCH', `/api/bills/${bill.id}/ignore`)).body.status_code).toBe(0);
    }
    for (const user of ['hanbing', 'lisi']) {
      const expected = await reference(user, 'shared');
      const { ids, totals } = await walk(user, 'shared');
      expect(ids, user).toEqual(expected);
      expect(totals, user).toEqual([expected.length]);
    }
    expect((await reference('hanbing', 'shared')).length).toBe(9);
    for (const filters of [
      { status: 'done' },
      { keyword: '张三' },
      { template_id: (await templateOf(mine[5]?.id ?? 0)) ?? 0 },
    ] as Filters[]) {
      const expected = await reference('hanbing', 'shared', undefined, 'desc', filters);
      const { ids, totals } = await walk('hanbing', 'shared', filters as Record<string, string | number>);
      expect(ids, JSON.stringify(filters)).toEqual(expected);
      expect(totals, JSON.stringify(filters)).toEqual([expected.length]);
    }
    for (const sort of ['created_at', 'id'] as const) {
      expect((await walk('hanbing', 'shared', { sort, order: 'asc' })).ids, sort).toEqual(
        await reference('hanbing', 'shared', sort, 'asc'),
      );
    }
  });

  it('list a bill once when it holds two of my pending tasks (my own and one I hold for a colleague), as the later one, in every order', async () => {
    const [zhaoliu, hanbing] = [await idOf(server, 'zhaoliu'), await idOf(server, 'hanbing')];
    const entrust = await call('zhaoliu', 'POST', '/api/users/billEntrust', {
      delegate_id: hanbing,
      start_at: new Date(Date.now() - 3_600_000).toISOString(),
      end_at: new Date(Date.now() + 48 * 3_600_000).toISOString(),
      reason: '休假',
    });
    expect(entrust.body.status_code, entrust.body.message).toBe(0);
    const templateId = await makeTemplate(
      server,
      await tokens.get('admin'),
      linearGraph([[{ type: 'joinsign', userIds: [hanbing, zhaoliu] }]]),
    );
    const bill = await releasedBill(server, await tokens.get('zhangsan'), templateId);
    const pendingOfHanbing = await server.db
      .selectFrom('bill_tasks')
      .select('on_behalf_of')
      .where('bill_id', '=', bill.id)
      .where('acting_handler', '=', hanbing)
      .where('status', '=', 'pending')
      .execute();
    expect(pendingOfHanbing.map((t) => t.on_behalf_of).sort()).toEqual([zhaoliu, null].sort());

    // Both arrived with the release; the later task is the one held for 赵六 (created after hanbing's own).
    const later = await server.db
      .selectFrom('bill_tasks')
      .select(['created_at', 'on_behalf_of'])
      .where('bill_id', '=', bill.id)
      .where('acting_handler', '=', hanbing)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(later.on_behalf_of).toBe(zhaoliu);
    for (const sort of ['received_at', 'updated_at', 'created_at'] as const) {
      const { ids, totals, rows } = await walk('hanbing', 'todo', { sort });
      expect(
        ids.filter((id) => id === bill.id),
        sort,
      ).toHaveLength(1);
      expect(new Set(ids).size, sort).toBe(ids.length);
      expect(totals, sort).toEqual([ids.length]);
      const listed = rows.find((r) => r.id === bill.id);
      expect(listed?.on_behalf_of, sort).toBe('代赵六审批');
      expect(listed?.received_at && new Date(listed.received_at).toISOString(), sort).toBe(new Date(later.created_at).toISOString());
    }
    // The header badge and the dashboard count bills, as the list does: the bill holding two of my tasks counts once.
    const dashboard = await call<DashboardCounts>('hanbing', 'GET', '/api/dashboard');
    const { totals } = await walk('hanbing', 'todo');
    expect(totals).toHaveLength(1);
    expect(dashboard.body.data.todo).toBe(totals[0]);
  });
});
