import { z } from 'zod';
import { escapeHtml } from '../common/html';
import { PageQueryZ } from '../common/paging';

/*
 * HR's leave balances (issue 17, SPEC §7 Holiday: /api/holiday/stats[/{id}], PATCH /api/holiday/stats/{id}/change),
 * for holders of `holiday_admin`. `{id}` is the person's user id and the year a query or body field: HR sees every
 * active person, also those who have no balance for the year yet (zeros), and an adjustment creates the row
 * (docs/holiday.md "Balances").
 */

export const HOLIDAY_REASON_MAX = 200;
/** The largest single adjustment and the largest total: a year has 366 days. */
export const HOLIDAY_DAYS_MAX = 366;

export const HolidayAdminMessages = {
  userNotFound: '人员不存在或已停用',
  yearInvalid: '年份须为 2000 到 2100 之间的整数',
  deltaInvalid: '调整天数须为非零的整数或半天（如 1、-0.5）',
  deltaTooLarge: `单次调整不能超过 ${HOLIDAY_DAYS_MAX} 天`,
  reasonRequired: '请填写调整原因',
  reasonTooLong: `调整原因不能超过 ${HOLIDAY_REASON_MAX} 个字`,
  keywordTooLong: '搜索关键字不能超过 50 个字',
  deptMissing: '部门不存在或已被删除',
  /** An adjustment that would leave less than what is used and applied for. */
  belowUsed: (total: number, used: number, applying: number) =>
    `调整后总天数为 ${escapeHtml(total)} 天，少于已用 ${escapeHtml(used)} 天与申请中 ${escapeHtml(applying)} 天之和，不能调整`,
  aboveMax: `调整后总天数不能超过 ${HOLIDAY_DAYS_MAX} 天`,
  changed: '假期额度已调整',
} as const;

/** A leave year (shared by the holiday area's queries and bodies). */
export const HolidayYearZ = z.coerce
  .number({ error: HolidayAdminMessages.yearInvalid })
  .int(HolidayAdminMessages.yearInvalid)
  .min(2000, HolidayAdminMessages.yearInvalid)
  .max(2100, HolidayAdminMessages.yearInvalid);

export const HolidayUserIdZ = z.object({
  id: z.coerce
    .number({ error: HolidayAdminMessages.userNotFound })
    .int(HolidayAdminMessages.userNotFound)
    .positive(HolidayAdminMessages.userNotFound)
    .max(2_147_483_647, HolidayAdminMessages.userNotFound),
});

/** GET /api/holiday/stats: year (default this year in Shanghai), department with its sub-departments, name. */
export const HolidayStatsQueryZ = PageQueryZ.extend({
  year: HolidayYearZ.optional(),
  dept_id: z.coerce.number().int().positive(HolidayAdminMessages.deptMissing).optional(),
  keyword: z.string().trim().max(50, HolidayAdminMessages.keywordTooLong).optional(),
});

export const HolidayYearQueryZ = z.object({ year: HolidayYearZ.optional() });

export interface HolidayStatsRow {
  user_id: number;
  username: string;
  name: string;
  dept_name: string;
  year: number;
  total_day: number;
  used_day: number;
  applying_day: number;
  /** total − used − applying (SPEC §2). */
  available_day: number;
}

/** A multiple of a half day, not zero. */
const isHalfDays = (value: number) => value !== 0 && Number.isInteger(value * 2);

/** PATCH /api/holiday/stats/{id}/change: add (or take away) days of a year's total, with the reason kept. */
export const HolidayChangeZ = z.object({
  year: HolidayYearZ,
  delta: z
    .number({ error: HolidayAdminMessages.deltaInvalid })
    .refine(isHalfDays, HolidayAdminMessages.deltaInvalid)
    .refine((value) => Math.abs(value) <= HOLIDAY_DAYS_MAX, HolidayAdminMessages.deltaTooLarge),
  reason: z
    .string({ error: HolidayAdminMessages.reasonRequired })
    .trim()
    .min(1, HolidayAdminMessages.reasonRequired)
    .max(HOLIDAY_REASON_MAX, HolidayAdminMessages.reasonTooLong),
});
export type HolidayChange = z.infer<typeof HolidayChangeZ>;

/** One adjustment in a person's history (GET /api/holiday/stats/{id}?year=). */
export interface HolidayChangeEntry {
  id: number;
  year: number;
  delta: number;
  total_before: number;
  total_after: number;
  reason: string;
  changed_by_name: string | null;
  changed_at: string;
}

/** GET /api/holiday/stats/{id}?year=: one person's balance and its adjustments, newest first. */
export interface HolidayStatsDetail extends HolidayStatsRow {
  changes: HolidayChangeEntry[];
}
