import {
  HOLIDAY_CARRY_EXPIRY_REASON,
  HOLIDAY_ENTITLEMENT_REASON,
  holidayCarryOutReason,
  HolidayAdminMessages,
  HolidayEntitlementMessages,
  STATUTORY_ENTITLEMENT_RULES,
  type HolidayCarryExpiryPreview,
  type HolidayCarryExpiryResult,
  type HolidayEntitlementPreview,
  type HolidayEntitlementResult,
  type HolidayEntitlementRow,
  type HolidayEntitlementRulesView,
  type HolidayProfile,
  type LeaveStartResult,
  type LeaveType,
  type OperationLogEntry,
  type Paged,
} from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor, AppContext } from '../../context';
import type { Db } from '../../db/index';
import { AppError } from '../../http/errors';
import { startTestServer, TEST_ENGINE, type TestServer } from '../../../test/harness';
import { AccessCache } from '../auth/access-cache';
import { authenticate } from '../auth/auth.service';
import { Tokens } from '../bills/test-support';
import { applyEntitlement } from './holiday-entitlement.service';

/**
 * The yearly entitlement (issue 17, docs/holiday.md "Yearly entitlement"), for holders of holiday_admin: the rules
 * (statutory scale, carry-over limit and day), people's 参加工作日期, a preview of every person's change and its apply —
 * only as previewed (a fingerprint), in one transaction, kept in people's histories and once in the log; running
 * it twice changes nothing; leave applied for between preview and apply makes the apply refuse rather than lose days.
 * Then the carry-over's expiry after its day. Each test works in years of its own.
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

async function setStats(username: string, year: number, stats: { total_day: number; used_day?: number; applying_day?: number }) {
  await server.db
    .insertInto('holiday_stats')
    .values({ user_id: await idOf(username), year, used_day: 0, applying_day: 0, ...stats })
    .execute();
}

const statsOf = async (username: string, year: number) => {
  const row = await server.db
    .selectFrom('holiday_stats')
    .select(['total_day', 'used_day', 'applying_day'])
    .where('user_id', '=', await idOf(username))
    .where('year', '=', year)
    .executeTakeFirst();
  return row && [Number(row.total_day), Number(row.used_day), Number(row.applying_day)];
};

async function setWorkStart(username: string, day: string | null) {
  const answer = await call<HolidayProfile>('admin', 'PUT', `/api/holiday/profiles/${await idOf(username)}`, { work_start_day: day });
  expect(answer.body.status_code, answer.body.message).toBe(0);
}

async function preview(year: number) {
  const answer = await call<HolidayEntitlementPreview>('admin', 'POST', '/api/holiday/entitlement/preview', { year });
  expect(answer.body.status_code, answer.body.message).toBe(0);
  return answer.body.data;
}

const apply = (year: number, fingerprint: string) =>
  call<HolidayEntitlementResult>('admin', 'POST', '/api/holiday/entitlement/apply', { year, fingerprint });

const rowOf = (data: HolidayEntitlementPreview, username: string): HolidayEntitlementRow => {
  const row = data.rows.find((r) => r.username === username);
  if (!row) throw new Error(`${username} is not in the preview`);
  return row;
};

/** Everything a run could change, to prove that a refused one changed nothing. */
async function snapshot(db: Db) {
  const [stats, changes, grants, logs] = await Promise.all([
    db.selectFrom('holiday_stats').selectAll().orderBy('id').execute(),
    db.selectFrom('holiday_changes').selectAll().orderBy('id').execute(),
    db.selectFrom('holiday_entitlements').selectAll().orderBy('user_id').orderBy('year').execute(),
    db.selectFrom('operation_logs').select('id').orderBy('id').execute(),
  ]);
  return { stats, changes, grants, logs: logs.length };
}

const historyOf = async (username: string, year: number) =>
  (
    await server.db
      .selectFrom('holiday_changes')
      .select(['delta', 'total_before', 'total_after', 'reason'])
      .where('user_id', '=', await idOf(username))
      .where('year', '=', year)
      .orderBy('id')
      .execute()
  ).map((c) => [Number(c.delta), Number(c.total_before), Number(c.total_after), c.reason]);

describe('who may', () => {
  it('answers 401 without a token and 403 to someone without holiday_admin, changing nothing', async () => {
    expect((await server.call('POST', '/api/holiday/entitlement/preview', { body: { year: 2048 } })).status).toBe(401);
    const before = await snapshot(server.db);
    const lisi = await idOf('lisi');
    const refused = await Promise.all([
      call('zhangsan', 'GET', '/api/holiday/entitlement/rules'),
      call('zhangsan', 'PUT', '/api/holiday/entitlement/rules', STATUTORY_ENTITLEMENT_RULES),
      call('zhangsan', 'PUT', `/api/holiday/profiles/${lisi}`, { work_start_day: '2001-01-01' }),
      call('zhangsan', 'POST', '/api/holiday/entitlement/preview', { year: 2048 }),
      call('zhangsan', 'POST', '/api/holiday/entitlement/apply', { year: 2048, fingerprint: '0'.repeat(64) }),
      call('zhangsan', 'POST', '/api/holiday/entitlement/expiry/preview', { year: 2048 }),
      call('zhangsan', 'POST', '/api/holiday/entitlement/expiry/apply', { year: 2048, fingerprint: '0'.repeat(64) }),
    ]);
    expect(refused.map((r) => r.status)).toEqual([403, 403, 403, 403, 403, 403, 403]);
    expect(await snapshot(server.db)).toEqual(before);
    expect(await server.db.selectFrom('holiday_profiles').selectAll().execute()).toEqual([]);
  });
});

describe('rules and 参加工作日期', () => {
  it('starts with the statutory rules, refuses bad ones at every field with nothing saved, and logs a change', async () => {
    const start = await call<HolidayEntitlementRulesView>('admin', 'GET', '/api/holiday/entitlement/rules');
    expect(start.body.data).toEqual({ ...STATUTORY_ENTITLEMENT_RULES, updated_at: null, updated_by_name: null });

    const logs = (await snapshot(server.db)).logs;
    const bad = await call<{ errors: Record<string, string[]> }>('admin', 'PUT', '/api/holiday/entitlement/rules', {
      tiers: [
        { years: 1, days: 5 },
        { years: 1, days: 0.3 },
      ],
      carry_max_days: 'five',
      carry_until: '02-30',
    });
    expect(bad.body.status_code).toBe(422);
    expect(bad.body.data.errors).toEqual({
      'tiers.1.years': [HolidayEntitlementMessages.tierYearsOrder],
      'tiers.1.days': [HolidayEntitlementMessages.tierDaysInvalid],
      carry_max_days: [HolidayEntitlementMessages.carryMaxInvalid],
      carry_until: [HolidayEntitlementMessages.carryUntilInvalid],
    });
    const none = await call<{ errors: Record<string, string[]> }>('admin', 'PUT', '/api/holiday/entitlement/rules', { tiers: [] });
    expect(none.body.data.errors.tiers).toEqual([HolidayEntitlementMessages.tiersRequired]);
    expect((await call<HolidayEntitlementRulesView>('admin', 'GET', '/api/holiday/entitlement/rules')).body.data).toEqual(start.body.data);
    expect((await snapshot(server.db)).logs).toBe(logs);

    const company = {
      tiers: [{ years: 0, days: 5 }, ...STATUTORY_ENTITLEMENT_RULES.tiers.slice(1)],
      carry_max_days: 3,
      carry_until: '06-30',
    };
    const saved = await call<HolidayEntitlementRulesView>('admin', 'PUT', '/api/holiday/entitlement/rules', company);
    expect(saved.body).toMatchObject({
      status_code: 0,
      message: HolidayEntitlementMessages.rulesSaved,
      data: { ...company, updated_by_name: '系统管理员' },
    });
    const log = await call<Paged<OperationLogEntry>>('admin', 'GET', '/api/syslog?item_type=holiday&item_id=0');
    expect(log.body.data.list[0]?.summary).toBe(
      '修改年度发放规则：满 0 年 5 天，满 10 年 10 天，满 20 年 15 天；结转上限 3 天，有效期至当年 06-30',
    );
    // Back to the statutory rules for the other tests.
    await call('admin', 'PUT', '/api/holiday/entitlement/rules', STATUTORY_ENTITLEMENT_RULES);
  });

  it('keeps a 参加工作日期, refuses a bad one or an unknown person, and logs the change', async () => {
    const id = await idOf('sunhao');
    const bad = await call<{ errors: Record<string, string[]> }>('admin', 'PUT', `/api/holiday/profiles/${id}`, {
      work_start_day: '2010-02-30',
    });
    expect(bad.body.data.errors.work_start_day).toEqual([HolidayEntitlementMessages.workStartInvalid]);
    const missing = await call('admin', 'PUT', '/api/holiday/profiles/999999', { work_start_day: '2010-02-01' });
    expect(missing.body).toMatchObject({ status_code: 404, message: HolidayAdminMessages.userNotFound });
    const saved = await call<HolidayProfile>('admin', 'PUT', `/api/holiday/profiles/${id}`, { work_start_day: '2010-02-01' });
    expect(saved.body).toMatchObject({
      status_code: 0,
      message: HolidayEntitlementMessages.workStartSaved,
      data: { user_id: id, work_start_day: '2010-02-01' },
    });
    const log = await call<Paged<OperationLogEntry>>('admin', 'GET', `/api/syslog?item_type=holiday&item_id=${id}`);
    expect(log.body.data.list[0]?.summary).toBe('设置 孙浩（sunhao）的参加工作日期：未填写 → 2010-02-01');
    expect(rowOf(await preview(2048), 'sunhao')).toMatchObject({ work_start_day: '2010-02-01', years: 37, statutory_day: 15 });
  });
});

describe('the entitlement run', () => {
  it('previews each person by seniority and carry-over, applies it with history and one log entry, and twice changes nothing', async () => {
    const year = 2049;
    await setWorkStart('chenjing', '2039-01-01'); // 10 years at 2049-01-01: 10 days
    await setWorkStart('yangfan', '2047-06-01'); // 1 year: 5 days
    await setWorkStart('huangli', '2029-01-02'); // 19 years: 10 days
    await setWorkStart('zhaolei', '2048-06-01'); // under a year: none
    await setStats('chenjing', year - 1, { total_day: 8, used_day: 2 }); // 6 unused, 5 carried
    await setStats('huangli', year - 1, { total_day: 3, used_day: 1, applying_day: 0.5 }); // 1.5 carried
    await setStats('huangli', year, { total_day: 2 }); // HR gave 2 days already: kept
    await setStats('xumin', year - 1, { total_day: 2 }); // no 参加工作日期: flagged, still carries

    const first = await preview(year);
    expect(first.rules).toEqual(STATUTORY_ENTITLEMENT_RULES);
    const pick = (r: HolidayEntitlementRow) => [
      r.work_start_day,
      r.years,
      r.statutory_day,
      r.carry_day,
      r.carry_expires_on,
      r.total_day,
      r.new_total,
      r.delta,
      r.problems,
    ];
    expect(pick(rowOf(first, 'chenjing'))).toEqual(['2039-01-01', 10, 10, 5, '2049-03-31', 0, 15, 15, []]);
    expect(pick(rowOf(first, 'yangfan'))).toEqual(['2047-06-01', 1, 5, 0, null, 0, 5, 5, []]);
    expect(pick(rowOf(first, 'huangli'))).toEqual(['2029-01-02', 19, 10, 1.5, '2049-03-31', 2, 13.5, 11.5, []]);
    expect(pick(rowOf(first, 'zhaolei'))).toEqual(['2048-06-01', 0, 0, 0, null, 0, 0, 0, []]);
    expect(pick(rowOf(first, 'xumin'))).toEqual([null, null, 0, 2, '2049-03-31', 0, 2, 2, [HolidayEntitlementMessages.noWorkStart]]);
    expect(rowOf(first, 'chenjing')).toMatchObject({ previous_unused: 6, previous_delta: -5, is_granted: false, has_changes: true });
    expect(rowOf(first, 'zhaolei').has_changes).toBe(false);
    expect(first.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    // Nothing is written by a preview.
    expect(await statsOf('chenjing', year)).toBeUndefined();

    const applied = await apply(year, first.fingerprint);
    const changed = first.rows.filter((r) => r.has_changes).length;
    expect(applied.body).toMatchObject({
      status_code: 0,
      message: HolidayEntitlementMessages.applied(year, changed, 0),
      data: { year, changed, refused: 0 },
    });
    expect(await statsOf('chenjing', year)).toEqual([15, 0, 0]);
    expect(await statsOf('chenjing', year - 1)).toEqual([3, 2, 0]);
    expect(await statsOf('huangli', year)).toEqual([13.5, 0, 0]);
    expect(await statsOf('huangli', year - 1)).toEqual([1.5, 1, 0.5]);
    expect(await statsOf('xumin', year)).toEqual([2, 0, 0]);
    expect(await statsOf('zhaolei', year)).toBeUndefined();
    expect(await historyOf('chenjing', year)).toEqual([[15, 0, 15, HOLIDAY_ENTITLEMENT_REASON]]);
    expect(await historyOf('chenjing', year - 1)).toEqual([[-5, 8, 3, holidayCarryOutReason(year)]]);
    expect(await historyOf('huangli', year)).toEqual([[11.5, 2, 13.5, HOLIDAY_ENTITLEMENT_REASON]]);
    const log = await call<Paged<OperationLogEntry>>('admin', 'GET', '/api/syslog?item_type=holiday&item_id=0');
    expect(log.body.data.list[0]?.summary).toMatch(new RegExp(`^年度发放 ${year} 年假期额度：${changed} 人有变化`));

    // Again: the preview shows no change, and applying it writes nothing.
    const second = await preview(year);
    expect(second.summary.changed).toBe(0);
    expect(second.rows.every((r) => r.delta === 0 && r.previous_delta === 0)).toBe(true);
    expect(rowOf(second, 'chenjing')).toMatchObject({ statutory_day: 10, carry_day: 5, total_day: 15, new_total: 15, is_granted: true });
    const before = await snapshot(server.db);
    const again = await apply(year, second.fingerprint);
    expect(again.body.data).toEqual({ year, changed: 0, refused: 0 });
    expect(await snapshot(server.db)).toEqual(before);

    // A 参加工作日期 corrected afterwards: the next run gives the difference only.
    await setWorkStart('yangfan', '2028-06-01'); // 20 years: 15 days, 10 more
    const third = await preview(year);
    expect(rowOf(third, 'yangfan')).toMatchObject({ statutory_day: 15, total_day: 5, new_total: 15, delta: 10 });
    expect(third.summary.changed).toBe(1);
    expect((await apply(year, third.fingerprint)).body.data).toEqual({ year, changed: 1, refused: 0 });
    expect(await historyOf('yangfan', year)).toEqual([
      [5, 0, 5, HOLIDAY_ENTITLEMENT_REASON],
      [10, 5, 15, HOLIDAY_ENTITLEMENT_REASON],
    ]);
  });

  it('refuses a row whose new total would be below what is used and applied for, and applies the others', async () => {
    const year = 2050;
    await setWorkStart('majuan', '2045-01-01'); // 5 years: 5 days
    const id = await idOf('majuan');
    // An earlier run granted 15 (the date was wrong); 12 days are used since.
    await setStats('majuan', year, { total_day: 15, used_day: 12 });
    await server.db
      .insertInto('holiday_entitlements')
      .values({
        user_id: id,
        year,
        statutory_day: 15,
        carried_day: 0,
        carry_expires_on: null,
        granted_at: new Date().toISOString(),
        granted_by: null,
      })
      .execute();
    await setWorkStart('guoqiang', '2040-01-01'); // 10 years: 10 days

    const data = await preview(year);
    expect(rowOf(data, 'majuan')).toMatchObject({
      statutory_day: 5,
      delta: 0,
      new_total: 15,
      is_refused: true,
      has_changes: false,
      problems: [HolidayEntitlementMessages.belowUsed(5, 12, 0)],
    });
    expect(data.summary.refused).toBeGreaterThanOrEqual(1);
    const applied = await apply(year, data.fingerprint);
    expect(applied.body.data.refused).toBe(data.summary.refused);
    expect(applied.body.message).toBe(HolidayEntitlementMessages.applied(year, data.summary.changed, data.summary.refused));
    expect(await statsOf('majuan', year)).toEqual([15, 12, 0]);
    expect(await statsOf('guoqiang', year)).toEqual([10, 0, 0]);
  });

  it('refuses a stale fingerprint with 409 and changes nothing', async () => {
    const year = 2051;
    await setWorkStart('linxue', '2030-01-01');
    const first = await preview(year);
    await setWorkStart('linxue', '2020-01-01');
    const before = await snapshot(server.db);
    for (const fingerprint of [first.fingerprint, 'f'.repeat(64)]) {
      const refused = await apply(year, fingerprint);
      expect(refused.body).toMatchObject({ status_code: 409, message: HolidayEntitlementMessages.stale });
    }
    const malformed = await call<{ errors: Record<string, string[]> }>('admin', 'POST', '/api/holiday/entitlement/apply', { year });
    expect(malformed.body.data.errors.fingerprint).toEqual([HolidayEntitlementMessages.fingerprintRequired]);
    const badYear = await call<{ errors: Record<string, string[]> }>('admin', 'POST', '/api/holiday/entitlement/preview', { year: 1999 });
    expect(badYear.body.data.errors.year).toEqual([HolidayEntitlementMessages.yearInvalid]);
    expect(await snapshot(server.db)).toEqual(before);
  });

  it('refuses to apply when leave was applied for between the preview and the apply, and loses no day', async () => {
    const year = 2052;
    await setWorkStart('hejun', '2042-01-01'); // 10 years: 10 days
    const granted = await preview(year);
    expect((await apply(year, granted.fingerprint)).body.status_code).toBe(0);
    // HR lowers the scale and previews; meanwhile 何军 applies for 8 of his 10 days.
    await call('admin', 'PUT', '/api/holiday/entitlement/rules', { ...STATUTORY_ENTITLEMENT_RULES, tiers: [{ years: 1, days: 3 }] });
    const lowered = await preview(year);
    expect(rowOf(lowered, 'hejun')).toMatchObject({ statutory_day: 3, new_total: 3, delta: -7, is_refused: false });
    const types = (await call<LeaveType[]>('hejun', 'GET', '/api/holiday/leave-types')).body.data;
    const leave = await call<LeaveStartResult>('hejun', 'POST', '/api/holiday/leave', {
      leave_type_id: types.find((t) => t.name === '年假')?.id,
      start_day: `${year}-03-04`,
      start_half: 'am',
      end_day: `${year}-03-13`,
      end_half: 'pm',
      reason: '探亲',
    });
    expect(leave.body.status_code, leave.body.message).toBe(0);
    expect(await statsOf('hejun', year)).toEqual([10, 0, 8]);

    const before = await snapshot(server.db);
    const refused = await apply(year, lowered.fingerprint);
    expect(refused.body).toMatchObject({ status_code: 409, message: HolidayEntitlementMessages.stale });
    expect(await snapshot(server.db)).toEqual(before);
    // Previewed again, the row is refused with the numbers; the leave keeps its days.
    expect(rowOf(await preview(year), 'hejun')).toMatchObject({
      is_refused: true,
      problems: [HolidayEntitlementMessages.belowUsed(3, 0, 8)],
    });
    await call('admin', 'PUT', '/api/holiday/entitlement/rules', STATUTORY_ENTITLEMENT_RULES);
  });

  it('computes again inside its transaction: leave slipping in after the check of the request is not lost', async () => {
    const year = 2053;
    await setWorkStart('gaoyan', '2043-01-01'); // 10 years
    await setStats('gaoyan', year, { total_day: 10 });
    await server.db
      .insertInto('holiday_entitlements')
      .values({
        user_id: await idOf('gaoyan'),
        year,
        statutory_day: 10,
        carried_day: 0,
        carry_expires_on: null,
        granted_at: new Date().toISOString(),
        granted_by: null,
      })
      .execute();
    await call('admin', 'PUT', '/api/holiday/entitlement/rules', { ...STATUTORY_ENTITLEMENT_RULES, tiers: [{ years: 1, days: 4 }] });
    const data = await preview(year);
    expect(rowOf(data, 'gaoyan')).toMatchObject({ new_total: 4, delta: -6 });

    const ctx: AppContext = {
      db: server.db,
      engine: TEST_ENGINE,
      config: server.config,
      log: server.app.log,
      access: new AccessCache(false),
    };
    const actor: Actor = { caller: await authenticate(ctx, `Bearer ${await tokens.get('admin')}`), service: 'holiday' };
    const gaoyan = await idOf('gaoyan');
    // As the apply's transaction begins, 高岩 applies for 7 days (what a leave bill's release does).
    const racing = new Proxy(server.db, {
      get(target, prop) {
        if (prop === 'transaction') {
          return () => ({
            execute: async <T>(work: (trx: Db) => Promise<T>) => {
              await target
                .updateTable('holiday_stats')
                .set({ applying_day: 7 })
                .where('user_id', '=', gaoyan)
                .where('year', '=', year)
                .execute();
              return target.transaction().execute(work);
            },
          });
        }
        const value: unknown = Reflect.get(target, prop);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const before = await snapshot(server.db);
    const refused = await applyEntitlement({ ...ctx, db: racing }, actor, { year, fingerprint: data.fingerprint }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect([(refused as AppError).code, (refused as AppError).message]).toEqual([409, HolidayEntitlementMessages.stale]);
    const after = await snapshot(server.db);
    expect([after.changes, after.grants, after.logs]).toEqual([before.changes, before.grants, before.logs]);
    expect(await statsOf('gaoyan', year)).toEqual([10, 0, 7]);
    await call('admin', 'PUT', '/api/holiday/entitlement/rules', STATUTORY_ENTITLEMENT_RULES);
  });
});

describe('the carry-over’s expiry', () => {
  const expiryPreview = async (year: number) => {
    const answer = await call<HolidayCarryExpiryPreview>('admin', 'POST', '/api/holiday/entitlement/expiry/preview', { year });
    expect(answer.body.status_code, answer.body.message).toBe(0);
    return answer.body.data;
  };

  it('takes away what leave has not spent of the carry after its day, once, and leaves a carry not yet due', async () => {
    const year = 2012; // its 03-31 is past
    await setWorkStart('luopeng', '2000-01-01'); // 12 years: 10 days
    await setStats('luopeng', year - 1, { total_day: 10, used_day: 6 }); // 4 carried
    await setWorkStart('liangyu', '2000-01-01');
    await setStats('liangyu', year - 1, { total_day: 10, used_day: 7 }); // 3 carried
    const granted = await preview(year);
    expect(rowOf(granted, 'luopeng')).toMatchObject({ carry_day: 4, new_total: 14, carry_expires_on: '2012-03-31' });
    expect((await apply(year, granted.fingerprint)).body.status_code).toBe(0);
    // 罗鹏 used 1 day and applies for 0.5: 2.5 of the 4 carried days go. 梁雨 used 5: none goes.
    await server.db
      .updateTable('holiday_stats')
      .set({ used_day: 1, applying_day: 0.5 })
      .where('user_id', '=', await idOf('luopeng'))
      .where('year', '=', year)
      .execute();
    await server.db
      .updateTable('holiday_stats')
      .set({ used_day: 5 })
      .where('user_id', '=', await idOf('liangyu'))
      .where('year', '=', year)
      .execute();

    const data = await expiryPreview(year);
    const luopeng = data.rows.find((r) => r.username === 'luopeng');
    expect(luopeng).toMatchObject({
      carried_day: 4,
      expires_on: '2012-03-31',
      state: 'due',
      expire_day: 2.5,
      total_day: 14,
      new_total: 11.5,
      problems: [],
    });
    expect(data.rows.find((r) => r.username === 'liangyu')).toMatchObject({ state: 'due', expire_day: 0, new_total: 13 });

    const applied = await call<HolidayCarryExpiryResult>('admin', 'POST', '/api/holiday/entitlement/expiry/apply', {
      year,
      fingerprint: data.fingerprint,
    });
    expect(applied.body).toMatchObject({ status_code: 0, data: { year, expired: data.summary.due } });
    expect(await statsOf('luopeng', year)).toEqual([11.5, 1, 0.5]);
    expect(await statsOf('liangyu', year)).toEqual([13, 5, 0]);
    expect((await historyOf('luopeng', year)).at(-1)).toEqual([-2.5, 14, 11.5, HOLIDAY_CARRY_EXPIRY_REASON]);
    expect(await historyOf('liangyu', year)).toEqual([[13, 0, 13, HOLIDAY_ENTITLEMENT_REASON]]);

    // Once: a second run has nothing due; the entitlement keeps the expired carry as it was.
    const second = await expiryPreview(year);
    expect(second.rows.find((r) => r.username === 'luopeng')).toMatchObject({ state: 'expired', expire_day: 2.5 });
    expect(second.summary.due).toBe(0);
    const before = await snapshot(server.db);
    expect(
      (await call('admin', 'POST', '/api/holiday/entitlement/expiry/apply', { year, fingerprint: second.fingerprint })).body.status_code,
    ).toBe(0);
    expect((await apply(year, (await preview(year)).fingerprint)).body.data).toMatchObject({ changed: 0 });
    expect(await snapshot(server.db)).toEqual(before);
    expect(rowOf(await preview(year), 'luopeng')).toMatchObject({
      carry_day: 4,
      delta: 0,
      problems: [HolidayEntitlementMessages.carryFrozen('2012-03-31')],
    });
    // A stale expiry preview is refused like the entitlement's.
    expect(
      (await call('admin', 'POST', '/api/holiday/entitlement/expiry/apply', { year, fingerprint: data.fingerprint })).body,
    ).toMatchObject({
      status_code: 409,
      message: HolidayEntitlementMessages.stale,
    });
  });

  it('leaves a carry-over before its day alone', async () => {
    const year = 2049; // carried in the first run test; its day is ahead
    const data = await expiryPreview(year);
    expect(data.rows.find((r) => r.username === 'chenjing')).toMatchObject({
      state: 'not_due',
      expire_day: 0,
      problems: [HolidayEntitlementMessages.notDue('2049-03-31')],
    });
    expect(data.summary.due).toBe(0);
  });
});
