import { createHash } from 'node:crypto';
import {
  entitlementOf,
  HOLIDAY_DAYS_MAX,
  HOLIDAY_ENTITLEMENT_REASON,
  holidayCarryOutReason,
  HolidayAdminMessages,
  HolidayEntitlementApplyZ,
  HolidayEntitlementMessages,
  HolidayEntitlementRulesZ,
  HolidayEntitlementTexts,
  HolidayEntitlementYearZ,
  HolidayProfileZ,
  HolidayUserIdZ,
  STATUTORY_ENTITLEMENT_RULES,
  type EntitlementInput,
  type EntitlementOutcome,
  type HolidayEntitlementPreview,
  type HolidayEntitlementResult,
  type HolidayEntitlementRow,
  type HolidayEntitlementRules,
  type HolidayEntitlementRulesView,
  type HolidayProfile,
} from '@osp/shared';
import type { Actor, AppContext, Caller } from '../../context';
import { nowIso, type Db } from '../../db/index';
import { ConflictError, NotFoundError } from '../../http/errors';
import { parse } from '../../http/validate';
import { recordOperation } from '../syslog/syslog.service';
import { authorizeHolidayAdmin } from './holiday.policy';
import { addToTotal } from './holiday-admin.repo';
import { ensureStatsRows, insertChanges, type ChangeRow } from './holiday-import.repo';
import * as repo from './holiday-entitlement.repo';

/**
 * The yearly annual-leave entitlement (issue 17, docs/holiday.md "Yearly entitlement"): its rules, people's
 * 参加工作日期, and the run — a preview of every person's change with a fingerprint of what it was computed from, and
 * the apply, which computes again under lock and refuses when the fingerprint differs, so that HR applies exactly
 * what they saw. The computation itself is packages/shared `entitlementOf`; the carry-over's expiry is
 * holiday-entitlement-expiry.service.ts.
 */

/** SHA-256 of a value's JSON: what a preview was computed from. */
export function fingerprintOf(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

const num = (value: number | string | null | undefined) => Number(value ?? 0);
const round = (value: number) => Math.round(value * 100) / 100;

/** The stored rules; a row that no longer reads as rules (edited by hand) counts as the statutory ones. */
export async function loadRules(db: Db): Promise<HolidayEntitlementRulesView> {
  const row = await repo.findRules(db);
  if (!row) return { ...STATUTORY_ENTITLEMENT_RULES, updated_at: null, updated_by_name: null };
  let tiers: unknown;
  try {
    tiers = JSON.parse(row.tiers);
  } catch {
    tiers = null;
  }
  const parsed = HolidayEntitlementRulesZ.safeParse({ tiers, carry_max_days: num(row.carry_max_days), carry_until: row.carry_until });
  return {
    ...(parsed.success ? parsed.data : STATUTORY_ENTITLEMENT_RULES),
    updated_at: row.updated_at,
    updated_by_name: row.updated_by_name,
  };
}

const rulesOnly = ({ tiers, carry_max_days, carry_until }: HolidayEntitlementRules): HolidayEntitlementRules => ({
  tiers,
  carry_max_days,
  carry_until,
});

export async function getEntitlementRules(ctx: AppContext, caller: Caller): Promise<HolidayEntitlementRulesView> {
  authorizeHolidayAdmin(caller);
  return loadRules(ctx.db);
}

/** PUT /api/holiday/entitlement/rules: every bad field answered at its place, nothing saved. */
export async function putEntitlementRules(ctx: AppContext, actor: Actor, body: unknown): Promise<HolidayEntitlementRulesView> {
  authorizeHolidayAdmin(actor.caller);
  const rules = parse(HolidayEntitlementRulesZ, body);
  await ctx.db.transaction().execute(async (trx) => {
    // A run in progress finishes with the rules it previewed.
    await repo.lockRules(trx);
    const before = rulesOnly(await loadRules(trx));
    await repo.saveRules(
      trx,
      { tiers: JSON.stringify(rules.tiers), carry_max_days: rules.carry_max_days, carry_until: rules.carry_until },
      actor.caller.userId,
      nowIso(),
    );
    await recordOperation(trx, actor, {
      itemType: 'holiday',
      itemId: 0,
      action: 'update',
      summary: `修改年度发放规则：${HolidayEntitlementTexts.rulesLine(rules)}`,
      before: { ...before },
      after: { ...rules },
    });
  });
  return loadRules(ctx.db);
}

/** PUT /api/holiday/profiles/{id}: a person's 参加工作日期 (null clears it), logged when it changes. */
export async function putHolidayProfile(ctx: AppContext, actor: Actor, params: unknown, body: unknown): Promise<HolidayProfile> {
  authorizeHolidayAdmin(actor.caller);
  const { id } = parse(HolidayUserIdZ, params);
  const { work_start_day: day } = parse(HolidayProfileZ, body);
  await ctx.db.transaction().execute(async (trx) => {
    const person = await repo.findActivePerson(trx, id);
    if (!person) throw new NotFoundError(HolidayAdminMessages.userNotFound);
    if (person.work_start_day === day) return;
    await repo.saveProfile(trx, id, day, actor.caller.userId, nowIso());
    const none = HolidayEntitlementTexts.none;
    await recordOperation(trx, actor, {
      itemType: 'holiday',
      itemId: id,
      action: 'update',
      summary: `设置 ${person.name}（${person.username}）的参加工作日期：${person.work_start_day ?? none} → ${day ?? none}`,
      before: { work_start_day: person.work_start_day },
      after: { work_start_day: day },
    });
  });
  return { user_id: id, work_start_day: day };
}

type Person = Awaited<ReturnType<typeof repo.entitlementPeople>>[number];

interface Computed {
  person: Person;
  input: EntitlementInput;
  outcome: EntitlementOutcome;
}

/** Every active person's entitlement of the year, and the fingerprint of everything it was computed from. */
async function computeEntitlement(db: Db, year: number) {
  const rules = rulesOnly(await loadRules(db));
  const people = await repo.entitlementPeople(db, year);
  const rows: Computed[] = people.map((person) => {
    const input: EntitlementInput = {
      year,
      workStartDay: person.work_start_day,
      current: { total_day: num(person.total_day), used_day: num(person.used_day), applying_day: num(person.applying_day) },
      previous: {
        total_day: num(person.previous_total_day),
        used_day: num(person.previous_used_day),
        applying_day: num(person.previous_applying_day),
      },
      granted:
        person.statutory_day === null || person.carried_day === null
          ? null
          : {
              statutory_day: num(person.statutory_day),
              carried_day: num(person.carried_day),
              is_carry_expired: person.carry_expired_at !== null,
              carry_expires_on: person.carry_expires_on,
            },
    };
    return { person, input, outcome: entitlementOf(input, rules) };
  });
  const inputs = rows.map((r) => [r.person.user_id, r.input] as const).sort((a, b) => a[0] - b[0]);
  return { rules, rows, fingerprint: fingerprintOf({ year, rules, inputs }) };
}

function presented({ person, input, outcome }: Computed): HolidayEntitlementRow {
  return {
    user_id: person.user_id,
    username: person.username,
    name: person.name,
    dept_name: person.dept_name ?? '',
    work_start_day: person.work_start_day,
    years: outcome.years,
    statutory_day: outcome.statutory,
    carry_day: outcome.carry,
    carry_expires_on: outcome.carryExpiresOn,
    previous_unused: outcome.previousUnused,
    total_day: input.current.total_day,
    used_day: input.current.used_day,
    applying_day: input.current.applying_day,
    new_total: outcome.newTotal,
    delta: outcome.delta,
    previous_delta: outcome.previousDelta,
    is_granted: input.granted !== null,
    is_refused: outcome.isRefused,
    has_changes: outcome.hasChanges,
    problems: outcome.problems,
  };
}

/** POST /api/holiday/entitlement/preview {year}: every active person's change, nothing written. */
export async function previewEntitlement(ctx: AppContext, caller: Caller, body: unknown): Promise<HolidayEntitlementPreview> {
  authorizeHolidayAdmin(caller);
  const { year } = parse(HolidayEntitlementYearZ, body);
  const { rules, rows, fingerprint } = await computeEntitlement(ctx.db, year);
  return {
    year,
    rules,
    rows: rows.map(presented),
    fingerprint,
    summary: {
      people: rows.length,
      changed: rows.filter((r) => r.outcome.hasChanges).length,
      refused: rows.filter((r) => r.outcome.isRefused).length,
      flagged: rows.filter((r) => !r.outcome.isRefused && r.outcome.problems.length > 0).length,
    },
  };
}

/**
 * POST /api/holiday/entitlement/apply {year, fingerprint}: the preview, applied in one transaction — or nothing, with a
 * 409, when anything it was computed from changed since (leave applied for, a balance, a 参加工作日期, the rules, an
 * earlier apply). Under lock the numbers cannot move again before the writes, which are conditional besides.
 */
export async function applyEntitlement(ctx: AppContext, actor: Actor, body: unknown): Promise<HolidayEntitlementResult> {
  authorizeHolidayAdmin(actor.caller);
  const { year, fingerprint } = parse(HolidayEntitlementApplyZ, body);
  return ctx.db.transaction().execute(async (trx) => {
    await repo.lockRules(trx);
    await repo.lockStatsOfYears(trx, [year - 1, year]);
    const computed = await computeEntitlement(trx, year);
    if (computed.fingerprint !== fingerprint) throw new ConflictError(HolidayEntitlementMessages.stale);
    const changing = computed.rows.filter((r) => r.outcome.hasChanges);
    const refused = computed.rows.filter((r) => r.outcome.isRefused).length;
    const by = actor.caller.userId;
    const at = nowIso();
    await ensureStatsRows(trx, [
      ...changing.filter((r) => r.outcome.delta !== 0).map((r) => ({ userId: r.person.user_id, year })),
      ...changing.filter((r) => r.outcome.previousDelta !== 0).map((r) => ({ userId: r.person.user_id, year: year - 1 })),
    ]);
    const granted: ChangeRow[] = [];
    const carriedOut: ChangeRow[] = [];
    const move = async (userId: number, ofYear: number, delta: number, into: ChangeRow[]) => {
      if (delta === 0) return;
      const after = await addToTotal(trx, userId, ofYear, delta, HOLIDAY_DAYS_MAX);
      // Cannot happen under the locks; should it, everything written so far is rolled back.
      if (after === undefined) throw new ConflictError(HolidayEntitlementMessages.stale);
      into.push({ userId, year: ofYear, before: round(after - delta), after });
    };
    for (const { person, outcome } of changing) {
      await move(person.user_id, year - 1, outcome.previousDelta, carriedOut);
      await move(person.user_id, year, outcome.delta, granted);
      await repo.saveGrant(
        trx,
        { userId: person.user_id, year, statutory: outcome.statutory, carried: outcome.carry, carryExpiresOn: outcome.carryExpiresOn },
        by,
        at,
      );
    }
    await insertChanges(trx, carriedOut, holidayCarryOutReason(year), by, at);
    await insertChanges(trx, granted, HOLIDAY_ENTITLEMENT_REASON, by, at);
    if (changing.length > 0) {
      const added = round(granted.reduce((sum, c) => sum + c.after - c.before, 0));
      await recordOperation(trx, actor, {
        itemType: 'holiday',
        itemId: 0,
        action: 'update',
        summary:
          `${HOLIDAY_ENTITLEMENT_REASON} ${year} 年假期额度：${changing.length} 人有变化（总天数合计 ${added > 0 ? '+' : ''}${added} 天，` +
          `其中自 ${year - 1} 年结转 ${carriedOut.length} 人），${refused} 人未发放；规则：${HolidayEntitlementTexts.rulesLine(computed.rules)}`,
        after: { year, changed: changing.length, refused, rules: computed.rules },
      });
    }
    return { year, changed: changing.length, refused };
  });
}
