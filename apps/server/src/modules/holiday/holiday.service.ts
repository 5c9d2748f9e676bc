import { HolidayYearQueryZ, type HolidayStats } from '@osp/shared';
import { parse } from '../../http/validate';
import type { AppContext, Caller } from '../../context';
import { findStats } from './holiday.repo';

/** The calendar year in Asia/Shanghai, where the company's leave year turns. */
export function currentYear(now = new Date()): number {
  return Number(new Intl.DateTimeFormat('en', { timeZone: 'Asia/Shanghai', year: 'numeric' }).format(now));
}

/** GET /api/holiday/my/stats[?year]: the caller's balance of a year (this year by default) — the leave form asks the year it starts in. */
export async function getMyStats(ctx: AppContext, caller: Caller, query: unknown = {}): Promise<HolidayStats> {
  const year = parse(HolidayYearQueryZ, query).year ?? currentYear();
  const row = await findStats(ctx.db, caller.userId, year);
  // A user with no allotment yet has none: zeros, not an error, so the profile dialog still opens.
  return row ?? { year, total_day: 0, used_day: 0, applying_day: 0 };
}
