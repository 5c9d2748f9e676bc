import {
  calendarOf,
  WorkCalendarInputZ,
  WorkCalendarMessages,
  workCalendarProblems,
  WorkCalendarYearZ,
  type FieldErrors,
  type WorkCalendar,
  type WorkCalendarEntry,
  type WorkCalendarYear,
} from '@osp/shared';
import type { Actor, AppContext, Caller } from '../../context';
import type { Db } from '../../db/index';
import { nowIso } from '../../db/index';
import { ValidationError } from '../../http/errors';
import { parse } from '../../http/validate';
import { recordOperation } from '../syslog/syslog.service';
import { authorizeHolidayAdmin } from './holiday.policy';
import * as repo from './work-calendar.repo';

/**
 * The work calendar (issue 17, docs/holiday.md "Work calendar"): HR enters each year's public holidays and make-up
 * workdays; every signed-in person reads it (the leave form measures days on it), and other modules load the part
 * they need through `loadWorkCalendar`.
 */

export async function getCalendarYear(ctx: AppContext, _caller: Caller, query: unknown): Promise<WorkCalendarYear> {
  const { year } = parse(WorkCalendarYearZ, query);
  const rows = await repo.listCalendarDays(ctx.db, `${year}-01-01`, `${year}-12-31`);
  return { year, entries: rows.map((row) => ({ day: row.day, kind: row.kind === 'workday' ? 'workday' : 'holiday', name: row.name })) };
}

/** Every problem of a year's entries beyond their shape, keyed at the entry, as the editor shows them. */
function yearProblems(year: number, entries: readonly WorkCalendarEntry[]): FieldErrors {
  const errors: FieldErrors = {};
  const add = (index: number, message: string) => (errors[`entries.${index}.day`] ??= []).push(message);
  const seen = new Set<string>();
  entries.forEach((entry, index) => {
    if (!entry.day.startsWith(`${year}-`)) add(index, WorkCalendarMessages.dayOutsideYear(entry.day, year));
    if (seen.has(entry.day)) add(index, WorkCalendarMessages.dayDuplicate(entry.day));
    seen.add(entry.day);
  });
  for (const problem of workCalendarProblems(entries))
    add(
      entries.findIndex((e) => e.day === problem.day),
      problem.message,
    );
  return errors;
}

/** Replaces one year's calendar; the whole year or nothing. */
export async function putCalendarYear(ctx: AppContext, actor: Actor, params: unknown, body: unknown): Promise<WorkCalendarYear> {
  authorizeHolidayAdmin(actor.caller);
  const { year } = parse(WorkCalendarYearZ, params);
  const { entries } = parse(WorkCalendarInputZ, body);
  const problems = yearProblems(year, entries);
  if (Object.keys(problems).length > 0) throw new ValidationError(problems);
  const sorted = [...entries].sort((a, b) => a.day.localeCompare(b.day));
  await ctx.db.transaction().execute(async (trx) => {
    const before = await repo.listCalendarDays(trx, `${year}-01-01`, `${year}-12-31`);
    await repo.replaceCalendarYear(trx, year, sorted, actor.caller.userId, nowIso());
    const count = (kind: string, list: readonly { kind: string }[]) => list.filter((e) => e.kind === kind).length;
    await recordOperation(trx, actor, {
      itemType: 'work_calendar',
      itemId: year,
      action: 'update',
      summary: `修改 ${year} 年工作日历：节假日 ${count('holiday', sorted)} 天，调休上班 ${count('workday', sorted)} 天`,
      before: { entries: before.map((e) => `${e.day} ${e.kind} ${e.name}`.trim()) },
      after: { entries: sorted.map((e) => `${e.day} ${e.kind} ${e.name}`.trim()) },
    });
  });
  return { year, entries: sorted };
}

/** The calendar between two days (inclusive), for measuring leave or deadlines in that span. */
export async function loadWorkCalendar(db: Db, from: string, to: string): Promise<WorkCalendar> {
  const rows = await repo.listCalendarDays(db, from, to);
  return calendarOf(rows.map((row) => ({ day: row.day, kind: row.kind === 'workday' ? 'workday' : 'holiday' })));
}
