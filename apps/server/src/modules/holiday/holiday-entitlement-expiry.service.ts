import {
  carryExpiryOf,
  HOLIDAY_CARRY_EXPIRY_REASON,
  HOLIDAY_DAYS_MAX,
  HolidayEntitlementApplyZ,
  HolidayEntitlementMessages,
  HolidayEntitlementYearZ,
  shanghaiDay,
  type CarryExpiryOutcome,
  type HolidayCarryExpiryPreview,
  type HolidayCarryExpiryResult,
  type HolidayCarryExpiryRow,
} from '@osp/shared';
import type { Actor, AppContext, Caller } from '../../context';
import { nowIso, type Db } from '../../db/index';
import { ConflictError } from '../../http/errors';
import { parse } from '../../http/validate';
import { recordOperation } from '../syslog/syslog.service';
import { authorizeHolidayAdmin } from './holiday.policy';
import { addToTotal } from './holiday-admin.repo';
import { insertChanges, type ChangeRow } from './holiday-import.repo';
import { fingerprintOf } from './holiday-entitlement.service';
import * as repo from './holiday-entitlement.repo';

/**
 * 结转过期 (issue 17, docs/holiday.md "Yearly entitlement"): after its last day, what is left of a year's carry-over
 * is taken away from the total — previewed, then applied as previewed or refused (409) like the entitlement. Each
 * carry-over expires once; the days taken are kept in the person's history (reason 结转过期).
 */

type Carry = Awaited<ReturnType<typeof repo.carriesOfYear>>[number];

const num = (value: number | string | null | undefined) => Number(value ?? 0);

interface Computed {
  carry: Carry;
  outcome: CarryExpiryOutcome;
}

async function computeExpiry(db: Db, year: number, today: string) {
  const carries = await repo.carriesOfYear(db, year);
  const rows: Computed[] = carries.map((carry) => ({
    carry,
    outcome: carryExpiryOf({
      carried: num(carry.carried_day),
      expiresOn: carry.carry_expires_on ?? '',
      isExpired: carry.carry_expired_at !== null,
      current: { total_day: num(carry.total_day), used_day: num(carry.used_day), applying_day: num(carry.applying_day) },
      today,
    }),
  }));
  const inputs = rows
    .map(
      ({ carry, outcome }) =>
        [carry.user_id, num(carry.carried_day), carry.carry_expires_on, outcome, num(carry.used_day), num(carry.applying_day)] as const,
    )
    .sort((a, b) => a[0] - b[0]);
  return { rows, fingerprint: fingerprintOf({ year, inputs }) };
}

function presented({ carry, outcome }: Computed): HolidayCarryExpiryRow {
  const expiresOn = carry.carry_expires_on ?? '';
  return {
    user_id: carry.user_id,
    username: carry.username,
    name: carry.name,
    dept_name: carry.dept_name ?? '',
    carried_day: num(carry.carried_day),
    expires_on: expiresOn,
    state: outcome.state,
    expire_day: outcome.state === 'expired' ? num(carry.carry_expired_day) : outcome.expire,
    expired_at: carry.carry_expired_at,
    total_day: num(carry.total_day),
    used_day: num(carry.used_day),
    applying_day: num(carry.applying_day),
    new_total: outcome.newTotal,
    problems: outcome.state === 'not_due' ? [HolidayEntitlementMessages.notDue(expiresOn)] : [],
  };
}

/** POST /api/holiday/entitlement/expiry/preview {year}: every carry-over of the year and what its expiry takes. */
export async function previewCarryExpiry(ctx: AppContext, caller: Caller, body: unknown): Promise<HolidayCarryExpiryPreview> {
  authorizeHolidayAdmin(caller);
  const { year } = parse(HolidayEntitlementYearZ, body);
  const today = shanghaiDay(new Date());
  const { rows, fingerprint } = await computeExpiry(ctx.db, year, today);
  const count = (state: string) => rows.filter((r) => r.outcome.state === state).length;
  return {
    year,
    today,
    rows: rows.map(presented),
    fingerprint,
    summary: { due: count('due'), notDue: count('not_due'), expired: count('expired') },
  };
}

/** POST /api/holiday/entitlement/expiry/apply {year, fingerprint}: the due carry-overs expire, in one transaction. */
export async function applyCarryExpiry(ctx: AppContext, actor: Actor, body: unknown): Promise<HolidayCarryExpiryResult> {
  authorizeHolidayAdmin(actor.caller);
  const { year, fingerprint } = parse(HolidayEntitlementApplyZ, body);
  return ctx.db.transaction().execute(async (trx) => {
    await repo.lockRules(trx);
    await repo.lockStatsOfYears(trx, [year]);
    const computed = await computeExpiry(trx, year, shanghaiDay(new Date()));
    if (computed.fingerprint !== fingerprint) throw new ConflictError(HolidayEntitlementMessages.stale);
    const due = computed.rows.filter((r) => r.outcome.state === 'due');
    const at = nowIso();
    const changes: ChangeRow[] = [];
    for (const { carry, outcome } of due) {
      if (outcome.expire > 0) {
        const after = await addToTotal(trx, carry.user_id, year, -outcome.expire, HOLIDAY_DAYS_MAX);
        if (after === undefined) throw new ConflictError(HolidayEntitlementMessages.stale);
        changes.push({ userId: carry.user_id, year, before: Math.round((after + outcome.expire) * 100) / 100, after });
      }
      if (!(await repo.markCarryExpired(trx, carry.user_id, year, outcome.expire, at))) {
        throw new ConflictError(HolidayEntitlementMessages.stale);
      }
    }
    await insertChanges(trx, changes, HOLIDAY_CARRY_EXPIRY_REASON, actor.caller.userId, at);
    if (due.length > 0) {
      const taken = Math.round(changes.reduce((sum, c) => sum + c.before - c.after, 0) * 100) / 100;
      await recordOperation(trx, actor, {
        itemType: 'holiday',
        itemId: 0,
        action: 'update',
        summary: `${HOLIDAY_CARRY_EXPIRY_REASON} ${year} 年：${due.length} 人的结转到期，其中 ${changes.length} 人共扣除 ${taken} 天`,
        after: { year, expired: due.length, changed: changes.length, taken },
      });
    }
    return { year, expired: due.length };
  });
}
