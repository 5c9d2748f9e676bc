/** SPEC §3 holiday stats of one user and year. */
export interface HolidayStats {
  year: number;
  total_day: number;
  used_day: number;
  applying_day: number;
}

/** SPEC §2: available days = total_day - used_day - applying_day. */
export function availableDays(stats: HolidayStats): number {
  // Days come in halves; rounding to 2 places avoids 0.30000000000000004-style displays.
  return Math.round((stats.total_day - stats.used_day - stats.applying_day) * 100) / 100;
}
