import { calendarOf, leaveDays, LeaveMessages, type HalfDay, type LeaveSpan, type WorkCalendarEntry } from '@osp/shared';
import { useWorkCalendar } from '../../api/holiday';

/**
 * The leave form's days, measured as the person types on the work calendar of the years the span touches — the same
 * pure rule (`leaveDays`) the server books with, so the form shows what will be booked.
 */

export interface LeaveMeasureInput {
  startDay: string | undefined;
  startHalf: HalfDay;
  endDay: string | undefined;
  endHalf: HalfDay;
  fileCount: number;
}

export type LeaveMeasure = { year: number } & (
  | { state: 'empty' }
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'refused'; message: string }
  | { state: 'measured'; days: number; span: LeaveSpan; fileCount: number }
);

/** Pure: the measure of a span given the entries of the years it touches (undefined while they load). */
export function measureSpan(input: LeaveMeasureInput, entries: readonly WorkCalendarEntry[] | undefined, year: number): LeaveMeasure {
  if (!input.startDay || !input.endDay) return { state: 'empty', year };
  if (entries === undefined) return { state: 'loading', year };
  const span: LeaveSpan = { startDay: input.startDay, startHalf: input.startHalf, endDay: input.endDay, endHalf: input.endHalf };
  const measured = leaveDays(span, calendarOf(entries));
  if (!measured.ok) return { state: 'refused', message: measured.message, year };
  if (measured.days === 0) return { state: 'refused', message: LeaveMessages.noWorkingDay, year };
  return { state: 'measured', days: measured.days, span, fileCount: input.fileCount, year };
}

const yearOf = (day: string | undefined, fallback: number) => (day ? Number(day.slice(0, 4)) : fallback);

export function useLeaveMeasure(input: LeaveMeasureInput): LeaveMeasure {
  const thisYear = new Date().getFullYear();
  const startYear = yearOf(input.startDay, thisYear);
  const endYear = yearOf(input.endDay, startYear);
  const first = useWorkCalendar(startYear);
  // A span within one year asks once: the same query.
  const second = useWorkCalendar(endYear);
  if (first.isError || second.isError)
    return input.startDay && input.endDay ? { state: 'failed', year: startYear } : { state: 'empty', year: startYear };
  const entries = first.data && second.data ? [...first.data.entries, ...(endYear === startYear ? [] : second.data.entries)] : undefined;
  return measureSpan(input, entries, startYear);
}
