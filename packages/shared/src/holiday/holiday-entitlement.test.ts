import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toFieldErrors } from '../common/validation';
import {
  carryDays,
  carryExpiryOf,
  entitlementOf,
  HolidayEntitlementMessages,
  HolidayEntitlementRulesZ,
  HolidayProfileZ,
  isMonthDay,
  STATUTORY_ENTITLEMENT_RULES,
  statutoryDays,
  yearsOfService,
  type BalanceNumbers,
  type EntitlementGranted,
  type EntitlementInput,
  type EntitlementOutcome,
  type HolidayEntitlementRules,
} from './holiday-entitlement';

/**
 * The yearly entitlement's computation (issue 17, docs/holiday.md "Yearly entitlement"): years of work at January 1st,
 * the statutory scale, the carry-over moving from last year, and running again giving only the difference.
 */

const zero: BalanceNumbers = { total_day: 0, used_day: 0, applying_day: 0 };
const rules = STATUTORY_ENTITLEMENT_RULES;

describe('yearsOfService', () => {
  it('counts whole years to January 1st of the year', () => {
    expect(yearsOfService('2037-01-01', 2047)).toBe(10);
    expect(yearsOfService('2037-01-02', 2047)).toBe(9);
    expect(yearsOfService('2036-12-31', 2047)).toBe(10);
    expect(yearsOfService('2046-01-01', 2047)).toBe(1);
    expect(yearsOfService('2046-06-30', 2047)).toBe(0);
    expect(yearsOfService('2047-01-01', 2047)).toBe(0);
    expect(yearsOfService('2050-03-01', 2047)).toBe(0);
    expect(yearsOfService('2020-02-29', 2047)).toBe(26);
  });

  it('agrees with counting anniversaries one by one', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1950-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.integer({ min: 2000, max: 2100 }),
        (date, year) => {
          const start = date.toISOString().slice(0, 10);
          const newYear = Date.UTC(year, 0, 1);
          let count = 0;
          // The k-th anniversary (Feb 29th falls on March 1st in other years) on or before January 1st.
          while (Date.UTC(date.getUTCFullYear() + count + 1, date.getUTCMonth(), date.getUTCDate()) <= newYear) count += 1;
          expect(yearsOfService(start, year)).toBe(count);
        },
      ),
    );
  });
});

describe('statutoryDays and carryDays', () => {
  it('follows the statutory scale: under 1 year none, then 5, 10 and 15 days', () => {
    expect([0, 1, 9, 10, 19, 20, 45].map((years) => statutoryDays(years, rules.tiers))).toEqual([0, 5, 5, 10, 10, 15, 15]);
  });

  it('carries at most the limit, in half days, never negative', () => {
    expect(carryDays(3, 5)).toBe(3);
    expect(carryDays(7.5, 5)).toBe(5);
    expect(carryDays(2.5, 5)).toBe(2.5);
    expect(carryDays(0, 5)).toBe(0);
    expect(carryDays(3, 0)).toBe(0);
  });
});

describe('HolidayEntitlementRulesZ', () => {
  it('accepts the statutory rules and reports every bad field at its place', () => {
    expect(HolidayEntitlementRulesZ.parse(rules)).toEqual(rules);
    const bad = HolidayEntitlementRulesZ.safeParse({
      tiers: [
        { years: 1, days: 5 },
        { years: 1, days: 5.3 },
        { years: 61, days: 400 },
      ],
      carry_max_days: -1,
      carry_until: '02-29',
    });
    expect(bad.success).toBe(false);
    expect(bad.error && toFieldErrors(bad.error)).toEqual({
      'tiers.1.days': [HolidayEntitlementMessages.tierDaysInvalid],
      'tiers.1.years': [HolidayEntitlementMessages.tierYearsOrder],
      'tiers.2.years': [HolidayEntitlementMessages.tierYearsInvalid],
      'tiers.2.days': [HolidayEntitlementMessages.tierDaysInvalid],
      carry_max_days: [HolidayEntitlementMessages.carryMaxInvalid],
      carry_until: [HolidayEntitlementMessages.carryUntilInvalid],
    });
    const empty = HolidayEntitlementRulesZ.safeParse({ tiers: [], carry_max_days: 0, carry_until: '12-31' });
    expect(empty.error && toFieldErrors(empty.error)).toEqual({ tiers: [HolidayEntitlementMessages.tiersRequired] });
  });

  it('knows the month-days of every year', () => {
    expect(['01-01', '03-31', '12-31', '02-28'].map(isMonthDay)).toEqual([true, true, true, true]);
    expect(['02-29', '04-31', '3-31', '13-01', '00-10', ''].map(isMonthDay)).toEqual([false, false, false, false, false, false]);
  });

  it('takes a real 参加工作日期 or none', () => {
    expect(HolidayProfileZ.safeParse({ work_start_day: '2001-07-01' }).success).toBe(true);
    expect(HolidayProfileZ.safeParse({ work_start_day: null }).success).toBe(true);
    for (const day of ['2001-02-30', '1939-12-31', '2001/07/01', '']) {
      expect(HolidayProfileZ.safeParse({ work_start_day: day }).error?.issues[0]?.message).toBe(
        HolidayEntitlementMessages.workStartInvalid,
      );
    }
  });
});

const input = (over: Partial<EntitlementInput>): EntitlementInput => ({
  year: 2047,
  workStartDay: '2030-05-01',
  current: zero,
  previous: zero,
  granted: null,
  ...over,
});

/** What applying an outcome leaves: the two totals moved and the record of the grant. */
function applied(before: EntitlementInput, outcome: EntitlementOutcome): EntitlementInput {
  if (outcome.isRefused) return before;
  return {
    ...before,
    current: { ...before.current, total_day: outcome.newTotal },
    previous: { ...before.previous, total_day: outcome.newPreviousTotal },
    granted: {
      statutory_day: outcome.statutory,
      carried_day: outcome.carry,
      is_carry_expired: before.granted?.is_carry_expired ?? false,
      carry_expires_on: outcome.carryExpiresOn,
    },
  };
}

describe('entitlementOf', () => {
  it('grants the statutory days and moves last year’s unused days up to the limit', () => {
    const outcome = entitlementOf(
      input({ previous: { total_day: 10, used_day: 2, applying_day: 1 }, current: { total_day: 1, used_day: 0, applying_day: 0 } }),
      rules,
    );
    expect(outcome).toMatchObject({
      years: 16,
      statutory: 10,
      carry: 5,
      carryExpiresOn: '2047-03-31',
      previousUnused: 7,
      delta: 15,
      newTotal: 16,
      previousDelta: -5,
      newPreviousTotal: 5,
      isRefused: false,
      problems: [],
      hasChanges: true,
    });
  });

  it('gives nothing more when run again, and only the difference after a change', () => {
    const first = input({ previous: { total_day: 5, used_day: 3, applying_day: 0 } });
    const once = entitlementOf(first, rules);
    expect([once.statutory, once.carry, once.delta, once.previousDelta]).toEqual([10, 2, 12, -2]);
    const again = entitlementOf(applied(first, once), rules);
    expect([again.delta, again.previousDelta, again.hasChanges, again.carry]).toEqual([0, 0, false, 2]);
    // HR enters an earlier 参加工作日期: 20 years, 5 days more; the carry stays.
    const older = entitlementOf({ ...applied(first, once), workStartDay: '2026-12-31' }, rules);
    expect([older.years, older.statutory, older.delta, older.previousDelta]).toEqual([20, 15, 5, 0]);
  });

  it('flags a person without a 参加工作日期 but still carries, and refuses a total below what is used', () => {
    const none = entitlementOf(input({ workStartDay: null, previous: { total_day: 2, used_day: 0, applying_day: 0 } }), rules);
    expect(none).toMatchObject({
      years: null,
      statutory: 0,
      carry: 2,
      delta: 2,
      isRefused: false,
      problems: [HolidayEntitlementMessages.noWorkStart],
    });
    // Granted 10 before; the rules now give 5 and the person has 8 used: refused, nothing moves.
    const lowered = { ...rules, tiers: [{ years: 1, days: 5 }] };
    const refused = entitlementOf(
      input({
        current: { total_day: 10, used_day: 8, applying_day: 0 },
        granted: { statutory_day: 10, carried_day: 0, is_carry_expired: false, carry_expires_on: null },
      }),
      lowered,
    );
    expect(refused).toMatchObject({
      delta: 0,
      newTotal: 10,
      isRefused: true,
      hasChanges: false,
      problems: [HolidayEntitlementMessages.belowUsed(5, 8, 0)],
    });
  });

  it('keeps an expired carry-over as it was', () => {
    const outcome = entitlementOf(
      input({
        previous: { total_day: 9, used_day: 0, applying_day: 0 },
        current: { total_day: 8, used_day: 0, applying_day: 0 },
        granted: { statutory_day: 10, carried_day: 3, is_carry_expired: true, carry_expires_on: '2047-03-31' },
      }),
      rules,
    );
    expect([outcome.carry, outcome.delta, outcome.previousDelta, outcome.hasChanges]).toEqual([3, 0, 0, false]);
    expect(outcome.problems).toEqual([HolidayEntitlementMessages.carryFrozen('2047-03-31')]);
  });
});

const halfDays = (max: number) => fc.integer({ min: 0, max: max * 2 }).map((n) => n / 2);
const balance = fc
  .tuple(halfDays(30), halfDays(30), halfDays(30))
  .map(([used, applying, spare]): BalanceNumbers => ({ total_day: used + applying + spare, used_day: used, applying_day: applying }));
const tiersOf = fc
  .uniqueArray(fc.integer({ min: 0, max: 40 }), { minLength: 1, maxLength: 5 })
  .chain((years) =>
    fc.tuple(fc.constant([...years].sort((a, b) => a - b)), fc.array(halfDays(20), { minLength: years.length, maxLength: years.length })),
  )
  .map(([years, days]) => years.map((y, i) => ({ years: y, days: days[i] ?? 0 })));
const rulesOf = fc.record({ tiers: tiersOf, carry_max_days: halfDays(10), carry_until: fc.constantFrom('03-31', '06-30', '12-31') });
const inputOf = fc.record({
  year: fc.integer({ min: 2000, max: 2100 }),
  workStartDay: fc.option(
    fc
      .date({ min: new Date('1960-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10)),
  ),
  current: balance,
  previous: balance,
  granted: fc.constant<EntitlementGranted | null>(null),
});
const sum = (i: EntitlementInput) => i.current.total_day + i.previous.total_day;

describe('entitlementOf (properties)', () => {
  it('is idempotent: applying a preview and previewing again changes nothing', () => {
    fc.assert(
      fc.property(inputOf, rulesOf, (start, someRules: HolidayEntitlementRules) => {
        const outcome = entitlementOf(start, someRules);
        const next = entitlementOf(applied(start, outcome), someRules);
        if (!outcome.isRefused) expect([next.delta, next.previousDelta, next.hasChanges]).toEqual([0, 0, false]);
      }),
    );
  });

  it('keeps balances sound: totals cover what is used, the carry is within the limit and last year’s unused days', () => {
    fc.assert(
      fc.property(inputOf, rulesOf, (start, someRules: HolidayEntitlementRules) => {
        const o = entitlementOf(start, someRules);
        expect(o.carry).toBeLessThanOrEqual(someRules.carry_max_days);
        expect(o.carry).toBeLessThanOrEqual(o.previousUnused);
        expect(o.newPreviousTotal).toBeGreaterThanOrEqual(start.previous.used_day + start.previous.applying_day);
        expect(o.newTotal).toBeGreaterThanOrEqual(Math.min(start.current.total_day, start.current.used_day + start.current.applying_day));
        // The carried days move: the two years together gain the statutory days only.
        if (!o.isRefused) expect(sum(applied(start, o)) - sum(start)).toBeCloseTo(o.statutory, 9);
      }),
    );
  });

  it('does not depend on the way: rules A then rules B leave what rules B alone leaves', () => {
    fc.assert(
      fc.property(inputOf, rulesOf, rulesOf, (start, a: HolidayEntitlementRules, b: HolidayEntitlementRules) => {
        const viaA = entitlementOf(start, a);
        const middle = applied(start, viaA);
        const thenB = entitlementOf(middle, b);
        const direct = entitlementOf(start, b);
        fc.pre(!viaA.isRefused && !thenB.isRefused && !direct.isRefused);
        const end = applied(middle, thenB);
        const straight = applied(start, direct);
        expect(end.current.total_day).toBeCloseTo(straight.current.total_day, 9);
        expect(end.previous.total_day).toBeCloseTo(straight.previous.total_day, 9);
      }),
    );
  });
});

describe('carryExpiryOf', () => {
  const current = { total_day: 13, used_day: 1, applying_day: 0.5 };
  it('waits until after the day, then takes away what the year’s leave has not spent', () => {
    expect(carryExpiryOf({ carried: 5, expiresOn: '2047-03-31', isExpired: false, current, today: '2047-03-31' })).toEqual({
      state: 'not_due',
      expire: 0,
      newTotal: 13,
    });
    expect(carryExpiryOf({ carried: 5, expiresOn: '2047-03-31', isExpired: false, current, today: '2047-04-01' })).toEqual({
      state: 'due',
      expire: 3.5,
      newTotal: 9.5,
    });
    expect(carryExpiryOf({ carried: 5, expiresOn: '2047-03-31', isExpired: true, current, today: '2047-04-01' }).state).toBe('expired');
  });

  it('never takes more than was carried or is available', () => {
    fc.assert(
      fc.property(halfDays(10), balance, (carried, stats) => {
        const o = carryExpiryOf({ carried, expiresOn: '2047-03-31', isExpired: false, current: stats, today: '2047-04-02' });
        expect(o.expire).toBeGreaterThanOrEqual(0);
        expect(o.expire).toBeLessThanOrEqual(carried);
        expect(o.newTotal).toBeGreaterThanOrEqual(stats.used_day + stats.applying_day);
      }),
    );
  });
});
