import { z } from 'zod';
import { escapeHtml } from '../common/html';
import type { Paged } from '../common/envelope';
import { PageQueryZ } from '../common/paging';

/*
 * The point ranking (积分排行, issue 15, SPEC §2 /point/rank): a ledger of points per person, awarded once per
 * source action (confirming a forced-read article, handling an approval task within a working day) and adjusted by holders of `point_admin`, ranked by month,
 * quarter or year in the Asia/Shanghai calendar (docs/points-api.md).
 */

export const POINT_REASON_MAX = 200;
/** One adjustment moves at most this many points either way: a typo of 100000 is refused, not recorded. */
export const POINT_ADJUST_MAX = 10_000;

/** GET /api/points/trend: how many months back the chart reaches by default, and at most. */
export const POINT_TREND_MONTHS_DEFAULT = 12;
export const POINT_TREND_MONTHS_MAX = 36;

/** An automatic award (a setting) gives at most this many points. */
export const POINT_AWARD_MAX = 100;

export const POINT_PERIODS = ['month', 'quarter', 'year'] as const;
export type PointPeriod = (typeof POINT_PERIODS)[number];

/** Where a ledger row came from. `adjust` rows carry the administrator who made them. */
export const POINT_SOURCES = {
  article_confirm: '确认阅读文章',
  approval_timely: '及时审批',
  survey_answer: '填写问卷',
  adjust: '管理员调整',
} as const;
export type PointSource = keyof typeof POINT_SOURCES;

export const PointMessages = {
  periodInvalid: '统计周期须为 month、quarter 或 year',
  atInvalid: '月份格式须为 YYYY-MM',
  monthsInvalid: `月数须为 1 到 ${POINT_TREND_MONTHS_MAX} 的整数`,
  deptUnknown: '部门不存在',
  userRequired: '请选择要调整积分的人员',
  userUnknown: '人员不存在或已停用',
  pointsRequired: '请填写调整的积分',
  pointsInteger: '积分须为整数',
  pointsZero: '调整的积分不能为 0',
  pointsRange: `单次调整不能超过 ±${POINT_ADJUST_MAX} 分`,
  reasonRequired: '请填写调整原因',
  reasonTooLong: `调整原因不能超过 ${POINT_REASON_MAX} 个字`,
  awardRange: `积分奖励须为 0 到 ${POINT_AWARD_MAX} 的整数`,
  selfAdjust: '不能调整自己的积分',
  adjusted: (name: string, points: number) => `已为「${escapeHtml(name)}」${points > 0 ? '增加' : '扣减'} ${Math.abs(points)} 分`,
} as const;

/** The texts of the 积分排行 page and its header icon. The server's answers are PointMessages. */
export const PointTexts = {
  title: '积分排行',
  /** SPEC §2: the page's address (the header's icon and the dashboard's 我的积分 card link to it). */
  rankPath: '/point/rank',
  headerIcon: '积分排行',
  periods: { month: '本月', quarter: '本季度', year: '本年' } satisfies Record<PointPeriod, string>,
  dept: '部门',
  deptAll: '全部部门',
  rank: '名次',
  name: '姓名',
  deptName: '部门',
  points: '积分',
  myPlace: '我的排名',
  myRank: (rank: number) => `第 ${rank} 名`,
  myPoints: (points: number) => `${points} 分`,
  notRanked: '本期暂无积分',
  empty: '本期还没有人获得积分',
  topMark: { 1: '第一', 2: '第二', 3: '第三' } as Record<number, string>,
  me: '我',
  adjust: '调整积分',
  adjustUser: '人员',
  adjustPoints: '积分',
  adjustPointsHelp: '正数为增加，负数为扣减',
  adjustReason: '原因',
  adjustReasonPlaceholder: '如 季度优秀员工、违反考勤制度',
  adjustOk: '确定调整',
  trendTitle: '我的积分走势',
  trendMonthly: '当月积分',
  trendTotal: '累计积分',
  trendMonthAxis: '月份',
  trendEmpty: '近一年还没有获得积分，确认阅读公告、及时审批都可以获得积分',
  ledgerTitle: '我的积分明细',
  ledgerEmpty: '还没有积分记录',
  cardTitle: '我的积分',
  cardThisMonth: '本月积分',
  cardPlace: '本月排名',
  cardNotRanked: '本月暂未上榜',
  cardMore: '查看积分排行',
  cardEmpty: '本月还没有积分，确认阅读公告、及时审批都能获得积分',
} as const;

const AtZ = z
  .string({ error: PointMessages.atInvalid })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, PointMessages.atInvalid)
  .optional();

/** GET /api/points/rank: `at` is any month of the period (default: this month in Asia/Shanghai). */
export const PointRankQueryZ = PageQueryZ.extend({
  period: z.enum(POINT_PERIODS, { error: PointMessages.periodInvalid }).default('month'),
  at: AtZ,
  dept_id: z.coerce
    .number({ error: PointMessages.deptUnknown })
    .int(PointMessages.deptUnknown)
    .positive(PointMessages.deptUnknown)
    .optional(),
});
export type PointRankQuery = z.infer<typeof PointRankQueryZ>;

/** GET /api/points/trend: `months` back from this month, this month included. */
export const PointTrendQueryZ = z.object({
  months: z.coerce
    .number({ error: PointMessages.monthsInvalid })
    .int(PointMessages.monthsInvalid)
    .min(1, PointMessages.monthsInvalid)
    .max(POINT_TREND_MONTHS_MAX, PointMessages.monthsInvalid)
    .default(POINT_TREND_MONTHS_DEFAULT),
});

/** POST /api/points/adjust. */
export const PointAdjustZ = z.object({
  user_id: z.number({ error: PointMessages.userRequired }).int(PointMessages.userRequired).positive(PointMessages.userRequired),
  points: z
    .number({ error: PointMessages.pointsRequired })
    .int(PointMessages.pointsInteger)
    .min(-POINT_ADJUST_MAX, PointMessages.pointsRange)
    .max(POINT_ADJUST_MAX, PointMessages.pointsRange)
    .refine((v) => v !== 0, PointMessages.pointsZero),
  reason: z
    .string({ error: PointMessages.reasonRequired })
    .trim()
    .min(1, PointMessages.reasonRequired)
    .max(POINT_REASON_MAX, PointMessages.reasonTooLong),
});
export type PointAdjust = z.infer<typeof PointAdjustZ>;

export interface PointRankEntry {
  /** Equal points share a place, and the next place skips (1, 1, 3). */
  rank: number;
  user_id: number;
  name: string;
  dept_name: string;
  points: number;
  /** Places 1 to 3: the page marks them. */
  top: boolean;
}

export interface PointRank extends Paged<PointRankEntry> {
  period: PointPeriod;
  /** The first and last month of the period, YYYY-MM. */
  from: string;
  to: string;
  /** The caller's own place in the same ranking; rank null when the caller has no points in it. */
  me: { rank: number | null; points: number };
  /** What the caller may do from the page: 调整积分 for holders of point_admin. */
  abilities: { adjust: boolean };
}

export interface PointLedgerEntry {
  id: number;
  points: number;
  reason: string;
  source: PointSource;
  source_label: string;
  created_at: string;
}

/** One Asia/Shanghai month of my points: earned in it, and my running total to its end. */
export interface PointTrendMonth {
  month: string;
  points: number;
  total: number;
}

export interface PointTrend {
  months: PointTrendMonth[];
}

export interface PointAdjustResult {
  id: number;
  user_id: number;
  points: number;
}
