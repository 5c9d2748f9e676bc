import type { BillListRow, DashboardCounts, Paged } from '@osp/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_ENGINE, type TestServer } from '../../../test/harness';
import type { AppContext } from '../../context';
import { readBoxStamp } from './bills-box.repo';
import { BillBoxCache } from './bills.box-cache';
import { idOf, linearGraph, makeTemplate, pendingTask, releasedBill, Tokens } from './test-support';

/**
 * The 待办 box and the dashboard counts are answered from memory while the person's box stamp has not moved
 * (bills.box-cache.ts, migration 0039). Every kind of write that changes what they show must move it — through the API
 * and straight in the tables alike — and a stamp that has not moved must really be answered from memory.
 */

let server: TestServer;
let tokens: Tokens;
let admin: string;
let lisi: number;
let wangwu: number;
let zhaoliu: number;

beforeAll(async () => {
  server = await startTestServer();
  tokens = new Tokens(server);
  admin = await tokens.get('admin');
  [lisi, wangwu, zhaoliu] = await Promise.all([idOf(server, 'lisi'), idOf(server, 'wangwu'), idOf(server, 'zhaoliu')]);
});
afterAll(async () => server.close());

async function call<T>(user: string, method: string, url: string, body?: unknown) {
  const answer = await server.call<T>(method, url, { token: await tokens.get(user), ...(body !== undefined ? { body } : {}) });
  expect(answer.body.status_code, answer.body.message).toBe(0);
  return answer.body.data;
}

/** What the cache asks of the app's context: its database and its access cache. */
const contextOf = () => ({ db: server.db, access: server.app.accessCache }) as unknown as AppContext;

const todo = (user: string) => call<Paged<BillListRow>>(user, 'GET', '/api/bills?box=todo&page=1&per_page=20');
const counts = (user: string) => call<DashboardCounts>(user, 'GET', '/api/dashboard');

/** What the todo box must show, read plainly from the tables: the bills with a pending task of mine, newest arrival first. */
async function todoFromTables(userId: number) {
  const tasks = await server.db
    .selectFrom('bill_tasks as t')
    .innerJoin('bills as b', 'b.id', 't.bill_id')
    .innerJoin('templates as tpl', 'tpl.id', 'b.template_id')
    .innerJoin('users as u', 'u.id', 'b.initiator_id')
    .select(['t.bill_id', 't.created_at', 'b.title', 'tpl.name as template_name', 'u.name as initiator_name'])
    .where('t.acting_handler', '=', userId)
    .where('t.status', '=', 'pending')
    .execute();
  const latest = new Map<number, (typeof tasks)[number]>();
  for (const task of tasks) {
    const seen = latest.get(task.bill_id);
    if (!seen || new Date(task.created_at) >= new Date(seen.created_at)) latest.set(task.bill_id, task);
  }
  const rows = [...latest.values()].sort(
    (a, b) => new Date(b.created_at).getTime() - new Date(a.created_at).getTime() || b.bill_id - a.bill_id,
  );
  return {
    total: rows.length,
    list: rows
      .slice(0, 20)
      .map((r) => ({ id: r.bill_id, title: r.title, template_name: r.template_name, initiator_name: r.initiator_name })),
  };
}

async function expectTodoAsInTables(user: string, userId: number) {
  const page = await todo(user);
  expect({
    total: page.total,
    list: page.list.map((r) => ({ id: r.id, title: r.title, template_name: r.template_name, initiator_name: r.initiator_name })),
  }).toEqual(await todoFromTables(userId));
  return page;
}

describe('the todo box and the dashboard kept per person', () => {
  it('shows each kind of change on the next read', async () => {
    const single = await makeTemplate(server, admin, linearGraph([[{ type: 'orsign', userIds: [lisi] }]]));
    const joint = await makeTemplate(server, admin, linearGraph([[{ type: 'joinsign', userIds: [lisi, wangwu] }]]));
    await expectTodoAsInTables('lisi', lisi);
    const before = await counts('lisi');

    // A task arrives.
    const first = await releasedBill(server, await tokens.get('zhangsan'), single);
    expect((await expectTodoAsInTables('lisi', lisi)).list[0]?.id).toBe(first.id);
    expect((await counts('lisi')).todo).toBe(before.todo + 1);

    // A co-handler decides on a joint step: lisi's task is untouched, the bill moves on (its updated_at).
    const together = await releasedBill(server, await tokens.get('zhangsan'), joint);
    const shownBefore = (await todo('lisi')).list.find((r) => r.id === together.id);
    // Times are kept to the millisecond: the agree below must stamp a later one for the change to show.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await call('wangwu', 'POST', `/api/bills/flownode/${await pendingTask(server, together.id, wangwu)}/agree`, {});
    const bill = await server.db.selectFrom('bills').select('updated_at').where('id', '=', together.id).executeTakeFirstOrThrow();
    const shownAfter = (await todo('lisi')).list.find((r) => r.id === together.id);
    expect(shownAfter?.updated_at).not.toBe(shownBefore?.updated_at);
    expect(new Date(shownAfter?.updated_at ?? 0).getTime()).toBe(new Date(bill.updated_at).getTime());

    // lisi decides: the bill leaves his box, and 已办 counts it.
    await call('lisi', 'POST', `/api/bills/flownode/${await pendingTask(server, first.id, lisi)}/agree`, {});
    expect((await expectTodoAsInTables('lisi', lisi)).list.map((r) => r.id)).not.toContain(first.id);
    expect(await counts('lisi')).toMatchObject({ todo: before.todo + 1, done: before.done + 1 });

    // The names a row shows: the template's, the initiator's, the department's — written straight in the tables.
    await server.db
      .updateTable('templates')
      .set({ name: `改名模板${Date.now() % 1000}` })
      .where('id', '=', joint)
      .execute();
    await server.db.updateTable('users').set({ name: '张三丰' }).where('username', '=', 'zhangsan').execute();
    await server.accessChanged();
    const renamed = await expectTodoAsInTables('lisi', lisi);
    expect(renamed.list.find((r) => r.id === together.id)).toMatchObject({ initiator_name: '张三丰' });
    const deptId = (await server.db.selectFrom('bills').select('dept_id').where('id', '=', together.id).executeTakeFirstOrThrow()).dept_id;
    if (deptId !== null) {
      await server.db.updateTable('depts').set({ name: '改名部门' }).where('id', '=', deptId).execute();
      await server.accessChanged();
      expect((await todo('lisi')).list.find((r) => r.id === together.id)?.dept_name).toBe('改名部门');
    }

    // A task moved to someone else by a plain update (a handover, a tool): both boxes move.
    const zhaoliuBefore = (await counts('zhaoliu')).todo;
    await server.db
      .updateTable('bill_tasks')
      .set({ acting_handler: zhaoliu })
      .where('bill_id', '=', together.id)
      .where('acting_handler', '=', lisi)
      .where('status', '=', 'pending')
      .execute();
    expect((await expectTodoAsInTables('lisi', lisi)).list.map((r) => r.id)).not.toContain(together.id);
    expect((await expectTodoAsInTables('zhaoliu', zhaoliu)).list.map((r) => r.id)).toContain(together.id);
    expect((await counts('zhaoliu')).todo).toBe(zhaoliuBefore + 1);

    // My own bill moves (我的 审批中), and a share to me counts as unread.
    const mine = await counts('zhangsan');
    const another = await releasedBill(server, await tokens.get('zhangsan'), single);
    expect((await counts('zhangsan')).doing).toBe(mine.doing + 1);
    const unread = (await counts('wangwu')).shared_unread;
    await call('zhangsan', 'PATCH', `/api/bills/${another.id}/share`, { user_ids: [wangwu] });
    expect((await counts('wangwu')).shared_unread).toBe(unread + 1);
  });

  it('reading stamps: answers from memory while the stamp stands, and computes again once it moves', async () => {
    // A cache that reads the database's stamps (SQLite; PostgreSQL while its channel is down).
    const cache = new BillBoxCache(true);
    let asked = 0;
    const answer = async () => String(await cache.answer(contextOf(), wangwu, 'k', async () => Buffer.from(String(++asked))));
    expect(await answer()).toBe('1');
    expect(await answer()).toBe('1');
    // Only the database moves a stamp; nothing watches the stamps' own table.
    await server.db
      .insertInto('bill_box_stamps')
      .values({ user_id: wangwu, stamp: 1 })
      .onConflict((oc) => oc.column('user_id').doUpdateSet((eb) => ({ stamp: eb('bill_box_stamps.stamp', '+', 1) })))
      .execute();
    expect(await answer()).toBe('2');
    expect(await answer()).toBe('2');
  });

  it('never keeps an answer under a stamp read before a change that the answer may have missed', async () => {
    const cache = new BillBoxCache(true);
    const db = server.db;
    // The change commits while the answer is being computed: what was read is stale, and must not be kept.
    const first = await cache.answer(contextOf(), zhaoliu, 'k', async () => {
      await db
        .insertInto('bill_box_stamps')
        .values({ user_id: zhaoliu, stamp: 1 })
        .onConflict((oc) => oc.column('user_id').doUpdateSet((eb) => ({ stamp: eb('bill_box_stamps.stamp', '+', 1) })))
        .execute();
      return Buffer.from('read before the change');
    });
    expect(first.toString()).toBe('read before the change');
    const after = async (text: string) => (await cache.answer(contextOf(), zhaoliu, 'k', async () => Buffer.from(text))).toString();
    expect(await after('read after the change')).toBe('read after the change');
    expect(await after('not asked')).toBe('read after the change');
  });

  it('keeps within its bound, dropping the person used longest ago', async () => {
    const cache = new BillBoxCache(true, 10);
    const asked: string[] = [];
    const answer = (userId: number, json: string) =>
      cache.answer(contextOf(), userId, 'k', async () => {
        asked.push(json);
        return Buffer.from(json);
      });
    await answer(lisi, 'aaaa');
    await answer(wangwu, 'bbbb');
    await answer(lisi, 'xxxx'); // kept: lisi is now the most recent
    await answer(zhaoliu, 'cccc'); // over 10: wangwu goes
    await answer(lisi, 'yyyy');
    await answer(wangwu, 'dddd');
    expect(asked).toEqual(['aaaa', 'bbbb', 'cccc', 'dddd']);
  });

  it('is off with the access cache: every answer computed', async () => {
    const cache = new BillBoxCache(false);
    let asked = 0;
    const compute = async () => Buffer.from(String(++asked));
    await cache.answer(contextOf(), lisi, 'k', compute);
    expect((await cache.answer(contextOf(), lisi, 'k', compute)).toString()).toBe('2');
  });
});

describe('the box stamps of migration 0039', () => {
  it('moves only for what a person is shown: a stranger to the bill keeps their stamp', async () => {
    const single = await makeTemplate(server, admin, linearGraph([[{ type: 'orsign', userIds: [lisi] }]]));
    const stranger = await idOf(server, 'admin');
    const before = await readBoxStamp(server.db, stranger);
    const lisiBefore = await readBoxStamp(server.db, lisi);
    await releasedBill(server, await tokens.get('zhangsan'), single);
    expect(await readBoxStamp(server.db, stranger)).toBe(before);
    expect(await readBoxStamp(server.db, lisi)).not.toBe(lisiBefore);
  });

  it('a write rolled back moves nothing', async () => {
    const before = await readBoxStamp(server.db, lisi);
    await expect(
      server.db.transaction().execute(async (trx) => {
        await trx.updateTable('bill_tasks').set({ acting_handler: lisi }).where('acting_handler', '=', lisi).execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await readBoxStamp(server.db, lisi)).toBe(before);
  });

  it.runIf(TEST_ENGINE === 'postgres')('two transactions noting the same two people in opposite orders both commit', async () => {
    // Bumped at once, T1 would hold lisi's row and wait for wangwu's while T2 held wangwu's and waited for lisi's.
    // Two bills of zhaoliu's, each shared in its own transaction: the rows written never meet, only the stamps.
    const single = await makeTemplate(server, admin, linearGraph([[{ type: 'orsign', userIds: [lisi] }]]));
    const [x, y] = [
      await releasedBill(server, await tokens.get('zhaoliu'), single),
      await releasedBill(server, await tokens.get('zhaoliu'), single),
    ];
    const shareTo = (trx: typeof server.db, billId: number, userId: number) =>
      trx
        .insertInto('bill_shares')
        .values({
          bill_id: billId,
          user_id: userId,
          shared_by: zhaoliu,
          created_at: new Date().toISOString(),
          ignored_at: null,
          read_at: null,
        })
        .execute();
    const [lisiBefore, wangwuBefore] = [await readBoxStamp(server.db, lisi), await readBoxStamp(server.db, wangwu)];
    let release: () => void = () => {};
    const bothNoted = new Promise<void>((resolve) => (release = resolve));
    let noted = 0;
    const noteThenWait = async () => {
      if (++noted === 2) release();
      await bothNoted;
    };
    await Promise.all([
      server.db.transaction().execute(async (trx) => {
        await shareTo(trx, x.id, lisi);
        await noteThenWait();
        await shareTo(trx, x.id, wangwu);
      }),
      server.db.transaction().execute(async (trx) => {
        await shareTo(trx, y.id, wangwu);
        await noteThenWait();
        await shareTo(trx, y.id, lisi);
      }),
    ]);
    expect(await readBoxStamp(server.db, lisi)).not.toBe(lisiBefore);
    expect(await readBoxStamp(server.db, wangwu)).not.toBe(wangwuBefore);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock'`.execute(
      server.db,
    );
    expect(rows[0]?.n).toBe(0);
  });
});

describe.runIf(TEST_ENGINE === 'postgres')('PostgreSQL: a process hearing the channel', () => {
  const until = async (condition: () => Promise<boolean>) => {
    for (let i = 0; i < 200 && !(await condition()); i++) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(await condition()).toBe(true);
  };
  /**
   * A share to `userId` written with the triggers off and the stamp moved by hand, in raw SQL (which the write watch
   * does not read, so this process sends no marker of its own either): nobody is told.
   */
  const shareUntold = async (billId: number, userId: number) =>
    server.db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await sql`insert into bill_shares (bill_id, user_id, shared_by, created_at) values (${billId}, ${userId}, ${zhaoliu}, now())`.execute(
        trx,
      );
      await sql`insert into bill_box_stamps (user_id, stamp) values (${userId}, 1)
                on conflict (user_id) do update set stamp = bill_box_stamps.stamp + 1`.execute(trx);
    });

  it('answers from memory with no statement, and computes again for the people a commit names', async () => {
    await until(async () => server.app.accessCache.isActive);
    const single = await makeTemplate(server, admin, linearGraph([[{ type: 'orsign', userIds: [lisi] }]]));
    const bill = await releasedBill(server, await tokens.get('zhaoliu'), single);
    const before = (await counts('wangwu')).shared_unread;
    // The database's stamp moved but nobody was told: a process reading stamps would compute again; this one does not.
    await shareUntold(bill.id, wangwu);
    expect((await counts('wangwu')).shared_unread).toBe(before);
    await sql`select pg_notify('osp_access', ${`box:${lisi},${wangwu}`})`.execute(server.db);
    await until(async () => (await counts('wangwu')).shared_unread === before + 1);
  });

  it('hears a commit through the triggers, and box:* and the names row for everyone', async () => {
    const single = await makeTemplate(server, admin, linearGraph([[{ type: 'orsign', userIds: [lisi] }]]));
    const before = (await counts('lisi')).todo;
    await releasedBill(server, await tokens.get('zhaoliu'), single);
    await until(async () => (await counts('lisi')).todo === before + 1);

    for (const payload of ['box:*', 'box:0']) {
      const bill = await releasedBill(server, await tokens.get('zhaoliu'), single);
      const unread = (await counts('wangwu')).shared_unread;
      await shareUntold(bill.id, wangwu);
      expect((await counts('wangwu')).shared_unread).toBe(unread);
      await sql`select pg_notify('osp_access', ${payload})`.execute(server.db);
      await until(async () => (await counts('wangwu')).shared_unread === unread + 1);
    }
  });
});

describe('a process hearing whose stamps moved (PostgreSQL’s channel), kept apart from the channel', () => {
  it('runs no statement while it hears, and reads stamps after its own commit until its marker comes back', async () => {
    const cache = new BillBoxCache(true);
    const markers: string[] = [];
    cache.hearChanges(async (marker) => {
      markers.push(marker);
    });
    const access = { isActive: true, currentGeneration: 0 };
    // A database that fails any statement: hearing, the cache must not need one.
    const noDatabase = { access, db: undefined } as unknown as AppContext;
    const withDatabase = { access, db: server.db } as unknown as AppContext;
    let asked = 0;
    const answer = async (ctx: AppContext) => String(await cache.answer(ctx, wangwu, 'k', async () => Buffer.from(String(++asked))));

    expect(await answer(noDatabase)).toBe('1');
    expect(await answer(noDatabase)).toBe('1');
    // Another person named, a stranger's marker: nothing of wangwu's moved.
    expect(cache.heard(`box:${lisi}`)).toBe(true);
    expect(cache.heard('box-sync:someone-else:7')).toBe(true);
    expect(await answer(noDatabase)).toBe('1');

    // This process commits: until its marker is heard back, the stamp comes from the database.
    await cache.afterLocalWrite();
    expect(markers).toHaveLength(1);
    await expect(answer(noDatabase)).rejects.toThrow();
    expect(await answer(withDatabase)).toBe('2');
    expect(cache.heard(markers[0] ?? '')).toBe(true);
    expect(await answer(noDatabase)).toBe('3'); // heard again: a stamp of the other kind, computed once
    expect(await answer(noDatabase)).toBe('3');

    // wangwu named, everyone named, the channel down and up again (the access cache's generation): computed again.
    cache.heard(`box:${lisi},${wangwu}`);
    expect(await answer(noDatabase)).toBe('4');
    cache.heard('box:*');
    expect(await answer(noDatabase)).toBe('5');
    access.currentGeneration += 1;
    expect(await answer(noDatabase)).toBe('6');
    expect(cache.heard('menus changed')).toBe(false);
  });
});
