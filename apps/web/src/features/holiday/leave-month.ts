import {
  addDays,
  calendarOf,
  dayOfWeek,
  isWorkingDay,
  LeaveRecordsTexts,
  type HalfDay,
  type LeaveAway,
  type WorkCalendar,
  type WorkCalendarEntry,
} from '@osp/shared';

/*
 * The team calendar's month (请假记录 → 团队日历): the weeks shown, Monday first, and who is away on each working
 * day, by half day. Pure, so the grid and the phone's list by day read the same answer.
 */

/** A month as `YYYY-MM`. */
export type Month = string;

export interface MonthDay {
  /** `YYYY-MM-DD`. */
  day: string;
  /** Whether it belongs to the month (the first and last weeks show days of the months around it). */
  isInMonth: boolean;
  /** 0 Monday … 6 Sunday. */
  weekday: number;
}

export function monthOf(day: string): Month {
  return day.slice(0, 7);
}

export function shiftMonth(month: Month, by: number): Month {
  const [year = 0, number = 1] = month.split('-').map(Number);
  const index = year * 12 + (number - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The year and the month's number (1–12). */
export function monthParts(month: Month): { year: number; month: number } {
  const [year = 0, number = 1] = month.split('-').map(Number);
  return { year, month: number };
}

/** Monday 0 … Sunday 6 (shared dayOfWeek counts from Sunday). */
function mondayIndex(day: string): number {
  return (dayOfWeek(day) + 6) % 7;
}

/** The weeks that show the month, Monday to Sunday: four to six of them, at most 42 days (under the 62 the server reads). */
export function monthWeeks(month: Month): MonthDay[][] {
  const first = `${month}-01`;
  const last = addDays(`${shiftMonth(month, 1)}-01`, -1);
  const weeks: MonthDay[][] = [];
  for (let start = addDays(first, -mondayIndex(first)); start <= last; start = addDays(start, 7)) {
    weeks.push(
      [...Array(7).keys()].map((weekday) => {
        const day = addDays(start, weekday);
        return { day, isInMonth: monthOf(day) === month, weekday };
      }),
    );
  }
  return weeks;
}

/** The first and last day the month's grid shows: what GET /api/holiday/away is asked for. */
export function monthSpan(month: Month): { from: string; to: string } {
  const weeks = monthWeeks(month);
  return { from: weeks[0]?.[0]?.day ?? `${month}-01`, to: weeks.at(-1)?.[6]?.day ?? `${month}-01` };
}

export interface AwayOnDay {
  away: LeaveAway;
  /** The half the person is away; null: the whole day. */
  half: HalfDay | null;
}

/** Whether the leave covers the day, and which part of it: a span starts at its start half and ends at its end half. */
export function awayPart(
  away: Pick<LeaveAway, 'start_day' | 'start_half' | 'end_day' | 'end_half'>,
  day: string,
): HalfDay | null | undefined {
  if (day < away.start_day || day > away.end_day) return undefined;
  const hasMorning = !(day === away.start_day && away.start_half === 'pm');
  const hasAfternoon = !(day === away.end_day && away.end_half === 'am');
  if (hasMorning && hasAfternoon) return null;
  if (hasMorning) return 'am';
  if (hasAfternoon) return 'pm';
  return undefined;
}

/**
 * Who is away on each of the days, in the order the server gave (by start). Only working days list anyone: a
 * weekend or a holiday inside a leave is no day off taken (the days are measured on the work calendar too).
 */
export function awayByDay(aways: readonly LeaveAway[], days: readonly string[], calendar: WorkCalendar): Map<string, AwayOnDay[]> {
  const byDay = new Map<string, AwayOnDay[]>();
  for (const day of days) {
    if (!isWorkingDay(day, calendar)) continue;
    const here: AwayOnDay[] = [];
    for (const away of aways) {
      const half = awayPart(away, day);
      if (half !== undefined) here.push({ away, half });
    }
    if (here.length > 0) byDay.set(day, here);
  }
  return byDay;
}

/** What a day of the grid shows: who is away, and whether it is a day off (a weekend or HR's holiday). */
export interface DayView extends MonthDay {
  isRestDay: boolean;
  /** HR's word for the day in the work calendar: a holiday's name (or 休), 班 on a make-up workday. */
  mark: string | undefined;
  aways: AwayOnDay[];
}

/** The month's weeks with who is away each day, read on the work calendar of its years (HR's entries). */
export function monthView(month: Month, aways: readonly LeaveAway[], entries: readonly WorkCalendarEntry[]): DayView[][] {
  const calendar = calendarOf(entries);
  const holidayNames = new Map(entries.filter((entry) => entry.kind === 'holiday').map((entry) => [entry.day, entry.name.trim()]));
  const weeks = monthWeeks(month);
  const byDay = awayByDay(
    aways,
    weeks.flat().map((day) => day.day),
    calendar,
  );
  const markOf = (day: string): string | undefined => {
    if (calendar.workdays.has(day)) return LeaveRecordsTexts.makeUpDay;
    if (calendar.holidays.has(day)) return holidayNames.get(day) || LeaveRecordsTexts.restDay;
    return undefined;
  };
  return weeks.map((week) =>
    week.map((day) => ({
      ...day,
      isRestDay: !isWorkingDay(day.day, calendar),
      mark: markOf(day.day),
      aways: byDay.get(day.day) ?? [],
    })),
  );
}
