import { PointMessages, type PointTrend } from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';

/** GET /api/points/trend (issue 15): my points per Asia/Shanghai month and my running total, against a plain sum. */

let server: TestServer;
let userId: number;
let adminId: number;
beforeAll(async () => {
  server = await startTestServer();
  const users = await server.db.selectFrom('users').select(['id', 'username']).where('username', 'in', ['zhangsan', 'admin']).execute();
  userId = users.find((u) => u.username === 'zhangsan')?.id ?? 0;
  adminId = users.find((u) => u.username === 'admin')?.id ?? 0;
});
afterAll(async () => server.close());

const HOUR = 3600_000;
const shanghaiMonthOf = (iso: string) => new Date(new Date(iso).getTime() + 8 * HOUR).toISOString().slice(0, 7);
/** The first instant of the Shanghai month `back` months before this one. */
function monthStart(back: number): number {
  const now = new Date(Date.now() + 8 * HOUR);
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1) - 8 * HOUR;
}

const trend = async (query: string, username = 'zhangsan') =>
  server.call<PointTrend>('GET', `/api/points/trend${query}`, { token: await server.signIn(username) });

describe('my points over time', () => {
  const rows: { points: number; created_at: string }[] = [];
  beforeAll(async () => {
    const at = (ms: number) => new Date(ms).toISOString();
    rows.push(
      // Long before any window: only in the running total.
      { points: 40, created_at: at(monthStart(40) + 5 * 24 * HOUR) },
      { points: 7, created_at: at(monthStart(13) + 2 * HOUR) },
      { points: 5, created_at: at(monthStart(11) + 10 * 24 * HOUR) },
      // The first half-hour of a Shanghai month, still the month before in UTC.
      { points: 3, created_at: at(monthStart(4) + HOUR / 2) },
      // The last half-hour of the month before it.
      { points: -2, created_at: at(monthStart(4) - HOUR / 2) },
      { points: 6, created_at: at(monthStart(0) + HOUR) },
      { points: 4, created_at: at(Date.now() - 60_000) },
    );
    await server.db
      .insertInto('point_ledger')
      .values(rows.map((r) => ({ ...r, user_id: userId, reason: '测试', source_kind: 'adjust', source_id: null, created_by: adminId })))
      .execute();
    // Someone else's points are not mine.
    await server.db
      .insertInto('point_ledger')
      .values({
        user_id: adminId,
        points: 99,
        reason: '测试',
        source_kind: 'adjust',
        source_id: null,
        created_by: userId,
        created_at: at(Date.now() - 60_000),
      })
      .execute();
  });

  /** The plain reading: each month's sum, and the sum of every row up to that month's end. */
  const expected = (months: string[]) =>
    months.map((month) => ({
      month,
      points: rows.filter((r) => shanghaiMonthOf(r.created_at) === month).reduce((s, r) => s + r.points, 0),
      total: rows.filter((r) => shanghaiMonthOf(r.created_at) <= month).reduce((s, r) => s + r.points, 0),
    }));
  const lastMonths = (count: number) =>
    Array.from({ length: count }, (_, i) => shanghaiMonthOf(new Date(monthStart(count - 1 - i) + HOUR).toISOString()));

  it('answers twelve months by default, oldest first, empty months as 0, with my running total', async () => {
    const { body } = await trend('');
    expect(body.status_code).toBe(0);
    expect(body.data.months).toHaveLength(12);
    expect(body.data.months).toEqual(expected(lastMonths(12)));
    // The running total starts from everything before the window (40 + 7) and ends at my whole ledger.
    expect(body.data.months[0]?.total).toBe(47 + (body.data.months[0]?.points ?? 0));
    expect(body.data.months.at(-1)?.total).toBe(63);
    expect(body.data.months.at(-1)?.points).toBe(10);
    expect(body.data.months.filter((m) => m.points === 0).length).toBeGreaterThanOrEqual(8);
  });

  it('answers 1 and 36 months', async () => {
    expect((await trend('?months=1')).body.data.months).toEqual(expected(lastMonths(1)));
    const long = (await trend('?months=36')).body.data.months;
    expect(long).toEqual(expected(lastMonths(36)));
    expect(long[0]?.total).toBe(40);
  });

  it('answers someone without points with zeros', async () => {
    const { body } = await trend('?months=3', 'lisi');
    expect(body.data.months.map((m) => [m.points, m.total])).toEqual([
      [0, 0],
      [0, 0],
      [0, 0],
    ]);
  });

  it('refuses bad months with 422 and a Chinese message', async () => {
    for (const query of ['?months=0', '?months=37', '?months=abc', '?months=1.5', '?months=-3', '?months=', '?months=1&months=2']) {
      const { status, body } = await trend(query);
      expect([status, body.status_code, body.message], query).toEqual([200, 422, PointMessages.monthsInvalid]);
    }
  });

  it('refuses without point_rank (403) and without a token (401)', async () => {
    await server.db
      .deleteFrom('user_roles')
      .where(
        'user_id',
        '=',
        (await server.db.selectFrom('users').select('id').where('username', '=', 'hulin').executeTakeFirstOrThrow()).id,
      )
      .execute();
    await server.accessChanged();
    expect((await trend('', 'hulin')).status).toBe(403);
    expect((await server.call('GET', '/api/points/trend')).status).toBe(401);
  });
});
