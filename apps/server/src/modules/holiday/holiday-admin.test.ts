import { HolidayAdminMessages, type HolidayStatsDetail, type HolidayStatsRow, type OperationLogEntry, type Paged } from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { Tokens } from '../bills/test-support';

/**
 * HR's leave balances (issue 17): /api/holiday/stats for holders of holiday_admin — every active person with their
 * balance of a year (zeros without one), by department with its sub-departments and by name; adjustments with a
 * reason, kept in the person's history and the operation log, never below what is used and applied for, safe when two
 * arrive at once; a refusal changes nothing.
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

const idOf = async (username: string) =>
  (await server.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
const deptId = async (name: string) =>
  (await server.db.selectFrom('depts').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const statsOf = (userId: number, year: number) =>
  server.db
    .selectFrom('holiday_stats')
    .select(['total_day', 'used_day', 'applying_day'])
    .where('user_id', '=', userId)
    .where('year', '=', year)
    .executeTakeFirst();
const changesOf = (userId: number) => server.db.selectFrom('holiday_changes').selectAll().where('user_id', '=', userId).execute();

describe('GET /api/holiday/stats', () => {
  it('lists a department with its sub-departments, zeros for a year without balances, and searches by name', async () => {
    const tech = await deptId('技术部');
    const { body } = await call<Paged<HolidayStatsRow>>('admin', 'GET', `/api/holiday/stats?dept_id=${tech}&per_page=100`);
    expect(body.status_code, body.message).toBe(0);
    const depts = new Set(body.data.list.map((r) => r.dept_name));
    expect(depts).toEqual(new Set(['技术部', '研发组', '运维组']));
    const people = await server.db
      .selectFrom('users as u')
      .innerJoin('depts as d', 'd.id', 'u.dept_id')
      .select('u.username')
      .where('d.name', 'in', ['技术部', '研发组', '运维组'])
      .where('u.status', '=', 1)
      .execute();
    expect(body.data.total).toBe(people.length);
    for (const row of body.data.list) expect(row.available_day).toBe(row.total_day - row.used_day - row.applying_day);

    const future = await call<Paged<HolidayStatsRow>>('admin', 'GET', `/api/holiday/stats?year=2040&keyword=张三`);
    expect(future.body.data.list).toEqual([
      expect.objectContaining({ username: 'zhangsan', year: 2040, total_day: 0, used_day: 0, applying_day: 0, available_day: 0 }),
    ]);
  });

  it('gives another user 403 and refuses malformed filters with a message', async () => {
    expect((await call('zhangsan', 'GET', '/api/holiday/stats')).status).toBe(403);
    expect((await call('zhangsan', 'GET', `/api/holiday/stats/${await idOf('lisi')}`)).status).toBe(403);
    expect((await call('admin', 'GET', '/api/holiday/stats?year=1999')).body).toMatchObject({
      status_code: 422,
      message: HolidayAdminMessages.yearInvalid,
    });
    expect((await call('admin', 'GET', '/api/holiday/stats?dept_id=999999')).body).toMatchObject({
      status_code: 422,
      message: HolidayAdminMessages.deptMissing,
    });
    expect((await call('admin', 'GET', '/api/holiday/stats/abc')).body).toMatchObject({
      status_code: 422,
      message: HolidayAdminMessages.userNotFound,
    });
    expect((await call('admin', 'GET', '/api/holiday/stats/999999')).body).toMatchObject({
      status_code: 404,
      message: HolidayAdminMessages.userNotFound,
    });
  });
});

describe('PATCH /api/holiday/stats/{id}/change', () => {
  it('adds and takes away days with a reason, creates a missing balance, and keeps the history and the log', async () => {
    const id = await idOf('chenjing');
    const year = 2041;
    const added = await call<HolidayStatsDetail>('admin', 'PATCH', `/api/holiday/stats/${id}/change`, {
      year,
      delta: 5,
      reason: '入职满一年',
    });
    expect(added.body).toMatchObject({ status_code: 0, message: HolidayAdminMessages.changed });
    const taken = await call<HolidayStatsDetail>('admin', 'PATCH', `/api/holiday/stats/${id}/change`, {
      year,
      delta: -1.5,
      reason: '额度录入有误',
    });
    expect(taken.body.data).toMatchObject({ total_day: 3.5, available_day: 3.5 });
    expect(taken.body.data.changes.map((c) => [c.delta, c.total_before, c.total_after, c.reason, c.changed_by_name])).toEqual([
      [-1.5, 5, 3.5, '额度录入有误', '系统管理员'],
      [5, 0, 5, '入职满一年', '系统管理员'],
    ]);
    expect(await statsOf(id, year)).toEqual({ total_day: 3.5, used_day: 0, applying_day: 0 });
    const log = await call<Paged<OperationLogEntry>>('admin', 'GET', `/api/syslog?item_type=holiday&item_id=${id}`);
    expect(log.body.data.list[0]?.summary).toBe('调整 陈静（chenjing）2041 年假期总天数：5 → 3.5（-1.5），原因：额度录入有误');
  });

  it('refuses to go below what is used and applied for, naming the numbers, and changes nothing', async () => {
    const id = await idOf('yangfan');
    const year = 2042;
    await server.db.insertInto('holiday_stats').values({ user_id: id, year, total_day: 10, used_day: 4, applying_day: 2.5 }).execute();
    const refused = await call<{ errors: Record<string, string[]> }>('admin', 'PATCH', `/api/holiday/stats/${id}/change`, {
      year,
      delta: -4,
      reason: '调整',
    });
    expect(refused.body.status_code).toBe(422);
    expect(refused.body.data.errors.delta).toEqual([HolidayAdminMessages.belowUsed(6, 4, 2.5)]);
    expect(await statsOf(id, year)).toEqual({ total_day: 10, used_day: 4, applying_day: 2.5 });
    expect(await changesOf(id)).toEqual([]);
    const exact = await call<HolidayStatsDetail>('admin', 'PATCH', `/api/holiday/stats/${id}/change`, {
      year,
      delta: -3.5,
      reason: '调整',
    });
    expect(exact.body.data.available_day).toBe(0);
  });

  it('applies two adjustments that arrive at once, both', async () => {
    const id = await idOf('huangli');
    const year = 2043;
    const results = await Promise.all(
      [1, 2, 3, 4].map(() => call('admin', 'PATCH', `/api/holiday/stats/${id}/change`, { year, delta: 0.5, reason: '并发' })),
    );
    expect(results.map((r) => r.body.status_code)).toEqual([0, 0, 0, 0]);
    expect((await statsOf(id, year))?.total_day).toBe(2);
    expect((await changesOf(id)).map((c) => c.total_after).sort()).toEqual([0.5, 1, 1.5, 2]);
  });

  it.each([
    ['a delta that is not a half day', { year: 2044, delta: 0.3, reason: 'x' }, 'delta', HolidayAdminMessages.deltaInvalid],
    ['a zero delta', { year: 2044, delta: 0, reason: 'x' }, 'delta', HolidayAdminMessages.deltaInvalid],
    ['a delta as text', { year: 2044, delta: '1', reason: 'x' }, 'delta', HolidayAdminMessages.deltaInvalid],
    ['no reason', { year: 2044, delta: 1, reason: '  ' }, 'reason', HolidayAdminMessages.reasonRequired],
    ['a year out of range', { year: 3000, delta: 1, reason: 'x' }, 'year', HolidayAdminMessages.yearInvalid],
    ['a total over a year', { year: 2044, delta: 366.5, reason: 'x' }, 'delta', HolidayAdminMessages.deltaTooLarge],
  ])('refuses %s with the message at its field, and changes nothing', async (_name, body, field, message) => {
    const id = await idOf('zhaolei');
    const refused = await call<{ errors: Record<string, string[]> }>('admin', 'PATCH', `/api/holiday/stats/${id}/change`, body);
    expect(refused.body.status_code).toBe(422);
    expect(refused.body.data.errors[field]).toContain(message);
    expect(await statsOf(id, 2044)).toBeUndefined();
    expect(await changesOf(id)).toEqual([]);
  });

  it('gives another user 403, an unknown person 404, and changes nothing', async () => {
    const id = await idOf('xumin');
    expect((await call('zhangsan', 'PATCH', `/api/holiday/stats/${id}/change`, { year: 2045, delta: 1, reason: 'x' })).status).toBe(403);
    expect((await call('admin', 'PATCH', '/api/holiday/stats/999999/change', { year: 2045, delta: 1, reason: 'x' })).body).toMatchObject({
      status_code: 404,
      message: HolidayAdminMessages.userNotFound,
    });
    expect(await statsOf(id, 2045)).toBeUndefined();
  });
});
