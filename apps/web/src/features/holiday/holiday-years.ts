import { HolidayAdminTexts } from '@osp/shared';

/** This year in Asia/Shanghai, where the leave year turns (as the server's currentYear). */
export function shanghaiYear(now = new Date()): number {
  return Number(new Intl.DateTimeFormat('en', { timeZone: 'Asia/Shanghai', year: 'numeric' }).format(now));
}

/** The years HR picks from: last year to next year around this one, and the chosen one if it lies outside. */
export function yearOptions(chosen: number, now = new Date()): { value: number; label: string }[] {
  const current = shanghaiYear(now);
  const years = new Set([current - 1, current, current + 1, chosen]);
  return [...years].sort((a, b) => a - b).map((value) => ({ value, label: `${value}${HolidayAdminTexts.yearSuffix}` }));
}
