import {
  availableDays,
  HOLIDAY_DAYS_MAX,
  HolidayAdminMessages,
  HolidayChangeZ,
  HolidayStatsQueryZ,
  HolidayUserIdZ,
  HolidayYearQueryZ,
  type HolidayStatsDetail,
  type HolidayStatsRow,
  type Paged,
} from '@osp/shared';
import type { Actor, AppContext, Caller } from '../../context';
import { nowIso } from '../../db/index';
import { NotFoundError, ValidationError } from '../../http/errors';
import { parse } from '../../http/validate';
import { loadDeptIndex } from '../directory/dept-index';
import { recordOperation } from '../syslog/syslog.service';
import { authorizeHolidayAdmin } from './holiday.policy';
import { currentYear } from './holiday.service';
import * as repo from './holiday-admin.repo';

/**
 * HR's view of leave balances (issue 17, docs/holiday.md "Balances"): every active person with their balance of a
 * year, and adjustments of the total with a reason kept in the person's history and the operation log.
 */

type StatsRow = Awaited<ReturnType<typeof repo.findPersonStats>>;

/** A person's balance row as HR's list and export show it. */
export function presented(
  row: Pick<NonNullable<StatsRow>, 'user_id' | 'username' | 'name' | 'dept_name' | 'total_day' | 'used_day' | 'applying_day'>,
  year: number,
): HolidayStatsRow {
  const stats = {
    year,
    total_day: Number(row.total_day ?? 0),
    used_day: Number(row.used_day ?? 0),
    applying_day: Number(row.applying_day ?? 0),
  };
  return {
    user_id: row.user_id,
    username: row.username,
    name: row.name,
    dept_name: row.dept_name ?? '',
    ...stats,
    available_day: availableDays(stats),
  };
}

export async function listHolidayStats(ctx: AppContext, caller: Caller, query: unknown): Promise<Paged<HolidayStatsRow>> {
  authorizeHolidayAdmin(caller);
  const input = parse(HolidayStatsQueryZ, query);
  const year = input.year ?? currentYear();
  let deptIds: number[] | undefined;
  if (input.dept_id !== undefined) {
    const depts = await loadDeptIndex(ctx);
    if (!depts.has(input.dept_id)) throw new ValidationError({ dept_id: [HolidayAdminMessages.deptMissing] });
    deptIds = depts.subtree(input.dept_id);
  }
  const { rows, total } = await repo.listStats(ctx.db, {
    year,
    ...(deptIds ? { deptIds } : {}),
    ...(input.keyword ? { keyword: input.keyword } : {}),
    limit: input.per_page,
    offset: (input.page - 1) * input.per_page,
  });
  return { list: rows.map((row) => presented(row, year)), total, page: input.page, per_page: input.per_page };
}

export async function getHolidayStats(ctx: AppContext, caller: Caller, params: unknown, query: unknown): Promise<HolidayStatsDetail> {
  authorizeHolidayAdmin(caller);
  const { id } = parse(HolidayUserIdZ, params);
  const year = parse(HolidayYearQueryZ, query).year ?? currentYear();
  const row = await repo.findPersonStats(ctx.db, id, year);
  if (!row) throw new NotFoundError(HolidayAdminMessages.userNotFound);
  const changes = await repo.listChanges(ctx.db, id, year);
  return {
    ...presented(row, year),
    changes: changes.map((c) => ({
      id: c.id,
      year: c.year,
      delta: Number(c.delta),
      total_before: Number(c.total_before),
      total_after: Number(c.total_after),
      reason: c.reason,
      changed_by_name: c.changed_by_name,
      changed_at: c.changed_at,
    })),
  };
}

/**
 * PATCH /api/holiday/stats/{id}/change: adds `delta` days (negative takes away) to the person's total of the year.
 * The total never drops below what is used and applied for, nor rises above a year; a refusal says the numbers.
 */
export async function changeHolidayStats(ctx: AppContext, actor: Actor, params: unknown, body: unknown): Promise<HolidayStatsDetail> {
  authorizeHolidayAdmin(actor.caller);
  const { id } = parse(HolidayUserIdZ, params);
  const change = parse(HolidayChangeZ, body);
  await ctx.db.transaction().execute(async (trx) => {
    const person = await repo.findPersonStats(trx, id, change.year);
    if (!person) throw new NotFoundError(HolidayAdminMessages.userNotFound);
    await repo.ensureStatsRow(trx, id, change.year);
    const after = await repo.addToTotal(trx, id, change.year, change.delta, HOLIDAY_DAYS_MAX);
    if (after === undefined) {
      const now = await repo.findStatsRow(trx, id, change.year);
      const total = Number(now?.total_day ?? 0) + change.delta;
      if (total > HOLIDAY_DAYS_MAX) throw new ValidationError({ delta: [HolidayAdminMessages.aboveMax] });
      throw new ValidationError({
        delta: [HolidayAdminMessages.belowUsed(total, Number(now?.used_day ?? 0), Number(now?.applying_day ?? 0))],
      });
    }
    const before = after - change.delta;
    await repo.insertChange(trx, {
      userId: id,
      year: change.year,
      delta: change.delta,
      before,
      after,
      reason: change.reason,
      changedBy: actor.caller.userId,
      at: nowIso(),
    });
    await recordOperation(trx, actor, {
      itemType: 'holiday',
      itemId: id,
      action: 'update',
      summary: `调整 ${person.name}（${person.username}）${change.year} 年假期总天数：${before} → ${after}（${change.delta > 0 ? '+' : ''}${change.delta}），原因：${change.reason}`,
      before: { year: change.year, total_day: before },
      after: { year: change.year, total_day: after, reason: change.reason },
    });
  });
  return getHolidayStats(ctx, actor.caller, { id }, { year: change.year });
}
