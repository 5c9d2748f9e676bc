import type { HolidayStats } from '@osp/shared';
import type { AppContext, Caller } from '../../context';
import { findStats } from './holiday.repo';

/** The calendar year in Asia/Shanghai, where the company's leave year turns. */
export function currentYear(now = new Date()): number {
  return Number(new Intl.DateTimeFormat('en', { timeZone: 'Asia/Shanghai', year: 'numeric' }).format(now));
}

export async function getMyStats(ctx: AppContext, caller: Caller): Promise<HolidayStats> {
  const year = currentYear();
  const row = await findStats(ctx.db, caller.userId, year);
  // A user with no allotment yet has none: zeros, not an error, so the profile dialog still opens.
  return row ?? { year, total_day: 0, used_day: 0, applying_day: 0 };
}
