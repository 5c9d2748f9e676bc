import { z } from 'zod';
import { escapeHtml } from '../common/html';

/**
 * The work calendar (issue 17): which days are working days in the company's time zone (Asia/Shanghai), and the
 * lengths of leave measured on it. A day is a working day when it is Monday to Friday and not a public holiday, or
 * when it is a make-up workday (调休上班, a Saturday or Sunday worked in exchange for a longer holiday). Pure, so the
 * leave form shows while the person types exactly the days the server will book.
 *
 * Days are `YYYY-MM-DD` strings in Shanghai time throughout; instants only enter through `shanghaiDay` and
 * `oneWorkingDayAfter`.
 */

export interface WorkCalendar {
  /** Public holidays (法定节假日 and the days off around them), Monday to Friday ones being the ones that matter. */
  holidays: ReadonlySet<string>;
  /** Make-up workdays (调休上班) on a Saturday or Sunday. */
  workdays: ReadonlySet<string>;
}

/** A calendar without holidays: Monday to Friday. What an installation has before HR enters a year. */
export const WEEKDAYS_CALENDAR: WorkCalendar = { holidays: new Set(), workdays: new Set() };

export const WORK_CALENDAR_KINDS = ['holiday', 'workday'] as const;
export type WorkCalendarKind = (typeof WORK_CALENDAR_KINDS)[number];

/** Half days of leave: 上午 and 下午. A span from an afternoon to a morning covers the days between. */
export const HALF_DAYS = ['am', 'pm'] as const;
export type HalfDay = (typeof HALF_DAYS)[number];

export const WorkCalendarMessages = {
  dayInvalid: '日期须为有效的日期，格式 YYYY-MM-DD（如 2026-10-01）',
  kindInvalid: '类型须为 holiday（节假日）或 workday（调休上班）',
  nameTooLong: '名称不能超过 30 个字',
  spanReversed: '结束时间不能早于开始时间',
  spanTooLong: (days: number) => `一次请假的时间跨度不能超过 ${escapeHtml(days)} 天`,
  halfInvalid: '半天须为 am（上午）或 pm（下午）',
  /** A make-up workday that is already a weekday, or a holiday on a weekend: almost always a typo. */
  workdayOnWeekday: (day: string) => `${escapeHtml(day)} 本来就是工作日，不能设为调休上班`,
  yearInvalid: '年份须为 2000 到 2100 之间的整数',
  dayOutsideYear: (day: string, year: number) => `${escapeHtml(day)} 不在 ${escapeHtml(year)} 年内`,
  dayDuplicate: (day: string) => `${escapeHtml(day)} 重复填写`,
  tooManyEntries: (max: number) => `一年最多填写 ${escapeHtml(max)} 天`,
  saved: '工作日历已保存',
} as const;

/** Entries of one year, at most: about 30 holidays and 10 make-up days a year in practice. */
export const WORK_CALENDAR_YEAR_MAX = 120;

export const WorkCalendarYearZ = z.object({
  year: z.coerce
    .number({ error: WorkCalendarMessages.yearInvalid })
    .int(WorkCalendarMessages.yearInvalid)
    .min(2000, WorkCalendarMessages.yearInvalid)
    .max(2100, WorkCalendarMessages.yearInvalid),
});

const SHANGHAI_OFFSET_MS = 8 * 3600_000;
const DAY_MS = 24 * 3600_000;
/** The longest leave span the form and the server measure: over a year is a mistake, and it bounds the loop. */
export const LEAVE_SPAN_DAYS_MAX = 366;

/** A real calendar day: the pattern alone would accept 2026-02-30. */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

export const CalendarDayZ = z.string({ error: WorkCalendarMessages.dayInvalid }).refine(isCalendarDay, WorkCalendarMessages.dayInvalid);

/** One row HR enters or imports for a year: a holiday or a make-up workday, with its name (国庆节, 国庆调休). */
export const WorkCalendarEntryZ = z.object({
  day: CalendarDayZ,
  kind: z.enum(WORK_CALENDAR_KINDS, { error: WorkCalendarMessages.kindInvalid }),
  name: z.string().trim().max(30, WorkCalendarMessages.nameTooLong).default(''),
});
export type WorkCalendarEntry = z.infer<typeof WorkCalendarEntryZ>;

/** GET /api/holiday/calendar?year= and PUT /api/holiday/calendar/{year}: one year's entries in day order. */
export interface WorkCalendarYear {
  year: number;
  entries: WorkCalendarEntry[];
}

/** PUT /api/holiday/calendar/{year}: the year's entries, replacing what it had. */
export const WorkCalendarInputZ = z.object({
  entries: z.array(WorkCalendarEntryZ).max(WORK_CALENDAR_YEAR_MAX, WorkCalendarMessages.tooManyEntries(WORK_CALENDAR_YEAR_MAX)),
});

export function calendarOf(entries: readonly Pick<WorkCalendarEntry, 'day' | 'kind'>[]): WorkCalendar {
  const holidays = new Set<string>();
  const workdays = new Set<string>();
  for (const entry of entries) (entry.kind === 'holiday' ? holidays : workdays).add(entry.day);
  return { holidays, workdays };
}

/** 0 Sunday … 6 Saturday, of a calendar day (no time zone: the day is already Shanghai's). */
export function dayOfWeek(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

export function isWeekend(day: string): boolean {
  const weekday = dayOfWeek(day);
  return weekday === 0 || weekday === 6;
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The Shanghai calendar day of an instant. */
export function shanghaiDay(instant: Date): string {
  return new Date(instant.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);
}

export function isWorkingDay(day: string, calendar: WorkCalendar): boolean {
  // A make-up workday wins over a holiday on the same day: both entered means HR moved the holiday away from it.
  if (calendar.workdays.has(day)) return true;
  return !isWeekend(day) && !calendar.holidays.has(day);
}

/** Checks a calendar year's entries beyond their shape: a make-up workday must fall on a weekend. */
export function workCalendarProblems(entries: readonly WorkCalendarEntry[]): { day: string; message: string }[] {
  return entries
    .filter((entry) => entry.kind === 'workday' && !isWeekend(entry.day))
    .map((entry) => ({ day: entry.day, message: WorkCalendarMessages.workdayOnWeekday(entry.day) }));
}

export interface LeaveSpan {
  startDay: string;
  startHalf: HalfDay;
  endDay: string;
  endHalf: HalfDay;
}

export type LeaveSpanCheck = { ok: true; days: number } | { ok: false; message: string };

/**
 * The length of a leave in days on the calendar: every working day inside the span counts 1, its first day 0.5 when
 * the leave starts in the afternoon, its last day 0.5 when it ends at noon (a one-day span from morning to noon is
 * 0.5). Days off inside the span (weekends, holidays) count nothing; a make-up workday counts. Refused when the end
 * comes before the start or the span is longer than LEAVE_SPAN_DAYS_MAX.
 */
export function leaveDays(span: LeaveSpan, calendar: WorkCalendar): LeaveSpanCheck {
  if (!isCalendarDay(span.startDay) || !isCalendarDay(span.endDay)) return { ok: false, message: WorkCalendarMessages.dayInvalid };
  if (!HALF_DAYS.includes(span.startHalf) || !HALF_DAYS.includes(span.endHalf))
    return { ok: false, message: WorkCalendarMessages.halfInvalid };
  const length = daysBetween(span.startDay, span.endDay);
  if (length < 0 || (length === 0 && span.startHalf === 'pm' && span.endHalf === 'am')) {
    return { ok: false, message: WorkCalendarMessages.spanReversed };
  }
  if (length >= LEAVE_SPAN_DAYS_MAX) return { ok: false, message: WorkCalendarMessages.spanTooLong(LEAVE_SPAN_DAYS_MAX) };
  let halves = 0;
  for (let offset = 0; offset <= length; offset += 1) {
    const day = addDays(span.startDay, offset);
    if (!isWorkingDay(day, calendar)) continue;
    const morning = offset > 0 || span.startHalf === 'am';
    const afternoon = offset < length || span.endHalf === 'pm';
    halves += (morning ? 1 : 0) + (afternoon ? 1 : 0);
  }
  return { ok: true, days: halves / 2 };
}

/**
 * The latest instant still "within one working day" of `from` (及时审批, issue 15): the same Shanghai clock time on the
 * next working day. Something that arrives on a Friday afternoon before a holiday week is timely until the same time
 * on the first working day after it.
 */
export function oneWorkingDayAfter(from: Date, calendar: WorkCalendar): Date {
  const start = shanghaiDay(from);
  let day = addDays(start, 1);
  // Bounded: no calendar has a year without a working day, and a wrong one must not hang a decision.
  for (let guard = 0; guard < LEAVE_SPAN_DAYS_MAX && !isWorkingDay(day, calendar); guard += 1) day = addDays(day, 1);
  return new Date(from.getTime() + daysBetween(start, day) * DAY_MS);
}
