import { z } from 'zod';
import { escapeHtml } from '../common/html';
import { HOLIDAY_DAYS_MAX, HolidayAdminMessages } from './holiday-admin';
import { isCalendarDay } from './work-calendar';

/*
 * The yearly annual-leave entitlement (issue 17, docs/holiday.md "Yearly entitlement"), for holders of
 * `holiday_admin`: at the start of a year every active person gets the statutory days of their years of work
 * (累计工作年限, counted from 参加工作日期 to January 1st of the year) and the unused days of last year up to a limit,
 * usable until a day of the year. HR previews every change and applies the preview as it was; a carry-over left
 * unused after its day is taken away by a second run (结转过期), previewed the same way.
 *
 * The computation is pure and lives here, so that it is tested on its own and the browser could show the same.
 */

/** One step of the statutory scale: from `years` of work on, `days` a year. */
export interface HolidayTier {
  years: number;
  days: number;
}

export interface HolidayEntitlementRules {
  /** Ascending by years; under the first tier's years, no days. */
  tiers: HolidayTier[];
  /** At most this many unused days of last year move into the year (0: no carry-over). */
  carry_max_days: number;
  /** `MM-DD`: the carried days are usable until this day of the year, included. */
  carry_until: string;
}

/**
 * 《职工带薪年休假条例》 Article 3: 累计工作已满 1 年不满 10 年的 5 天，已满 10 年不满 20 年的 10 天，已满 20 年的 15 天.
 * Carry-over: 5 days at most, until March 31st (a common company rule; the law leaves it to the employer).
 */
export const STATUTORY_ENTITLEMENT_RULES: HolidayEntitlementRules = {
  tiers: [
    { years: 1, days: 5 },
    { years: 10, days: 10 },
    { years: 20, days: 15 },
  ],
  carry_max_days: 5,
  carry_until: '03-31',
};

export const HOLIDAY_TIERS_MAX = 10;
export const HOLIDAY_TIER_YEARS_MAX = 60;
/** 参加工作日期 earlier than this is a typo. */
export const WORK_START_DAY_MIN = '1940-01-01';

/** The reasons kept in people's histories (holiday_changes). */
export const HOLIDAY_ENTITLEMENT_REASON = '年度发放';
export const holidayCarryOutReason = (year: number) => `结转至 ${year} 年`;
export const HOLIDAY_CARRY_EXPIRY_REASON = '结转过期';

export const HolidayEntitlementMessages = {
  yearInvalid: HolidayAdminMessages.yearInvalid,
  tiersRequired: '请至少填写一档工龄与天数',
  tiersTooMany: `最多填写 ${HOLIDAY_TIERS_MAX} 档`,
  tierYearsInvalid: `工龄须为 0 到 ${HOLIDAY_TIER_YEARS_MAX} 之间的整数`,
  tierYearsOrder: '工龄须逐档递增',
  tierDaysInvalid: `天数须为 0 到 ${HOLIDAY_DAYS_MAX} 之间的整数或半天（如 5、7.5）`,
  carryMaxInvalid: `结转上限须为 0 到 ${HOLIDAY_DAYS_MAX} 之间的整数或半天，0 表示不结转`,
  carryUntilInvalid: '结转有效期须为一年中的月-日，格式 MM-DD（如 03-31，不能是 02-29）',
  workStartInvalid: `参加工作日期须为 ${WORK_START_DAY_MIN} 之后的有效日期，格式 YYYY-MM-DD`,
  fingerprintRequired: '请先预览再确认',
  rulesSaved: '发放规则已保存',
  workStartSaved: '参加工作日期已保存',

  /** Preview problems: the first is a warning (the row applies), the others refuse the row. */
  noWorkStart: '未填写参加工作日期，法定天数按 0 天计算',
  belowUsed: (total: number, used: number, applying: number) =>
    `发放后总天数 ${escapeHtml(total)} 天少于已用 ${escapeHtml(used)} 天与申请中 ${escapeHtml(applying)} 天之和，本行不发放`,
  aboveMax: `发放后总天数超过 ${HOLIDAY_DAYS_MAX} 天，本行不发放`,
  carryFrozen: (day: string) => `上年结转已做过期处理（有效期至 ${escapeHtml(day)}），结转天数不再重算`,

  /** Apply: the preview no longer describes the data (someone's leave, a balance, a date or the rules changed). */
  stale: '预览之后人员、额度、参加工作日期或规则已有变化，未做任何发放，请重新预览后再确认',
  applied: (year: number, changed: number, refused: number) =>
    `已完成 ${escapeHtml(year)} 年度发放：${escapeHtml(changed)} 人的额度有变化` +
    (refused > 0 ? `，${escapeHtml(refused)} 人因有问题未发放` : ''),

  /** The expiry run. */
  notDue: (day: string) => `结转可用至 ${escapeHtml(day)}，尚未到期`,
  expiryApplied: (year: number, expired: number) => `已完成 ${escapeHtml(year)} 年结转过期处理：${escapeHtml(expired)} 人`,
} as const;

const YearZ = z.coerce
  .number({ error: HolidayEntitlementMessages.yearInvalid })
  .int(HolidayEntitlementMessages.yearInvalid)
  .min(2000, HolidayEntitlementMessages.yearInvalid)
  .max(2100, HolidayEntitlementMessages.yearInvalid);

/** A non-negative multiple of a half day up to a year. */
const isHalfDays = (value: number) => value >= 0 && value <= HOLIDAY_DAYS_MAX && Number.isInteger(value * 2);

/** `MM-DD` of a day every year has (02-29 is not one). */
export function isMonthDay(value: string): boolean {
  return /^\d{2}-\d{2}$/.test(value) && isCalendarDay(`2001-${value}`);
}

const TierZ = z.object({
  years: z
    .number({ error: HolidayEntitlementMessages.tierYearsInvalid })
    .int(HolidayEntitlementMessages.tierYearsInvalid)
    .min(0, HolidayEntitlementMessages.tierYearsInvalid)
    .max(HOLIDAY_TIER_YEARS_MAX, HolidayEntitlementMessages.tierYearsInvalid),
  days: z.number({ error: HolidayEntitlementMessages.tierDaysInvalid }).refine(isHalfDays, HolidayEntitlementMessages.tierDaysInvalid),
});

/** PUT /api/holiday/entitlement/rules: every bad field reported at its place (`tiers.1.years`). */
export const HolidayEntitlementRulesZ = z.object({
  tiers: z
    .array(TierZ, { error: HolidayEntitlementMessages.tiersRequired })
    .min(1, HolidayEntitlementMessages.tiersRequired)
    .max(HOLIDAY_TIERS_MAX, HolidayEntitlementMessages.tiersTooMany)
    .superRefine((tiers, ctx) => {
      tiers.forEach((tier, index) => {
        const before = tiers[index - 1];
        if (before && tier.years <= before.years) {
          ctx.addIssue({ code: 'custom', path: [index, 'years'], message: HolidayEntitlementMessages.tierYearsOrder });
        }
      });
    }),
  carry_max_days: z
    .number({ error: HolidayEntitlementMessages.carryMaxInvalid })
    .refine(isHalfDays, HolidayEntitlementMessages.carryMaxInvalid),
  carry_until: z
    .string({ error: HolidayEntitlementMessages.carryUntilInvalid })
    .refine(isMonthDay, HolidayEntitlementMessages.carryUntilInvalid),
});

/** GET /api/holiday/entitlement/rules: the rules and who saved them last (null: the statutory defaults, never saved). */
export interface HolidayEntitlementRulesView extends HolidayEntitlementRules {
  updated_at: string | null;
  updated_by_name: string | null;
}

/** PUT /api/holiday/profiles/{userId}: the day the person started working (null clears it). */
export const HolidayProfileZ = z.object({
  work_start_day: z
    .string({ error: HolidayEntitlementMessages.workStartInvalid })
    .refine((day) => isCalendarDay(day) && day >= WORK_START_DAY_MIN, HolidayEntitlementMessages.workStartInvalid)
    .nullable(),
});
export type HolidayProfileInput = z.infer<typeof HolidayProfileZ>;

export interface HolidayProfile {
  user_id: number;
  work_start_day: string | null;
}

/** POST /api/holiday/entitlement/preview and /expiry/preview. */
export const HolidayEntitlementYearZ = z.object({ year: YearZ });

/** POST /api/holiday/entitlement/apply and /expiry/apply: the preview's fingerprint, to apply what HR saw. */
export const HolidayEntitlementApplyZ = z.object({
  year: YearZ,
  fingerprint: z
    .string({ error: HolidayEntitlementMessages.fingerprintRequired })
    .regex(/^[0-9a-f]{64}$/, HolidayEntitlementMessages.fingerprintRequired),
});
export type HolidayEntitlementApply = z.infer<typeof HolidayEntitlementApplyZ>;

// ---------- the computation ----------

/** Days come in halves; two decimals keep 0.1 + 0.2-style sums honest. */
const days = (value: number) => Math.round(value * 100) / 100;

/** Whole years of work from `workStartDay` to January 1st of `year` (0 when it is later). */
export function yearsOfService(workStartDay: string, year: number): number {
  const startYear = Number(workStartDay.slice(0, 4));
  // A start after January 1st has not completed its year by the next January 1st.
  const years = year - startYear - (workStartDay.slice(5) > '01-01' ? 1 : 0);
  return Math.max(0, years);
}

/** The days of the last tier reached by `years`; none under the first. */
export function statutoryDays(years: number, tiers: readonly HolidayTier[]): number {
  let found = 0;
  for (const tier of tiers) if (years >= tier.years) found = tier.days;
  return found;
}

/** What of last year's unused days moves: at most `carryMax`, in whole half days, never negative. */
export function carryDays(unused: number, carryMax: number): number {
  return Math.max(0, Math.floor(Math.min(unused, carryMax) * 2) / 2);
}

export interface BalanceNumbers {
  total_day: number;
  used_day: number;
  applying_day: number;
}

/** What an earlier run granted the person for the year (holiday_entitlements), if any. */
export interface EntitlementGranted {
  statutory_day: number;
  carried_day: number;
  /** The carry-over was taken away after its day: it stays as it was. */
  is_carry_expired: boolean;
  carry_expires_on: string | null;
}

export interface EntitlementInput {
  year: number;
  workStartDay: string | null;
  /** The balance of the year and of the year before (zeros without a row). */
  current: BalanceNumbers;
  previous: BalanceNumbers;
  granted: EntitlementGranted | null;
}

export interface EntitlementOutcome {
  /** Null without a 参加工作日期. */
  years: number | null;
  statutory: number;
  carry: number;
  carryExpiresOn: string | null;
  /** Last year's unused days before any carry-over of this run (what a carry is taken from). */
  previousUnused: number;
  /** The change of the year's total and its result. */
  delta: number;
  newTotal: number;
  /** The change of last year's total (the carried days leave it) and its result. */
  previousDelta: number;
  newPreviousTotal: number;
  /** Refused rows change nothing; a warning does not refuse. */
  isRefused: boolean;
  problems: string[];
  /** Whether applying writes anything: a total or the record of what was granted. */
  hasChanges: boolean;
}

/**
 * One person's entitlement for a year. The run keeps what it granted (statutory and carried days), so that running
 * it again gives only the difference: with nothing changed, nothing; with a new 参加工作日期 or new rules, the new
 * days minus the old; HR's own adjustments stay as they are. The carried days move: they leave last year's total and
 * join this year's, so they cannot be spent twice. A carry-over already expired stays as it was.
 */
export function entitlementOf(input: EntitlementInput, rules: HolidayEntitlementRules): EntitlementOutcome {
  const granted = input.granted ?? { statutory_day: 0, carried_day: 0, is_carry_expired: false, carry_expires_on: null };
  const problems: string[] = [];
  const years = input.workStartDay === null ? null : yearsOfService(input.workStartDay, input.year);
  if (years === null) problems.push(HolidayEntitlementMessages.noWorkStart);
  const statutory = years === null ? 0 : statutoryDays(years, rules.tiers);
  // Last year's unused days as they were before this run's earlier carry took some away.
  const previousUnused = days(
    Math.max(0, input.previous.total_day - input.previous.used_day - input.previous.applying_day + granted.carried_day),
  );
  let carry: number;
  let carryExpiresOn: string | null;
  if (granted.is_carry_expired) {
    carry = granted.carried_day;
    carryExpiresOn = granted.carry_expires_on;
    problems.push(HolidayEntitlementMessages.carryFrozen(carryExpiresOn ?? ''));
  } else {
    carry = carryDays(previousUnused, rules.carry_max_days);
    carryExpiresOn = carry > 0 ? `${input.year}-${rules.carry_until}` : null;
  }
  const delta = days(statutory + carry - granted.statutory_day - granted.carried_day);
  const newTotal = days(input.current.total_day + delta);
  const previousDelta = days(granted.carried_day - carry);
  const newPreviousTotal = days(input.previous.total_day + previousDelta);

  let isRefused = false;
  if (newTotal > HOLIDAY_DAYS_MAX) {
    isRefused = true;
    problems.push(HolidayEntitlementMessages.aboveMax);
  } else if (newTotal < input.current.used_day + input.current.applying_day) {
    isRefused = true;
    problems.push(HolidayEntitlementMessages.belowUsed(newTotal, input.current.used_day, input.current.applying_day));
  }
  const isRecordChanged =
    input.granted === null
      ? statutory !== 0 || carry !== 0
      : granted.statutory_day !== statutory || granted.carried_day !== carry || granted.carry_expires_on !== carryExpiresOn;
  return {
    years,
    statutory,
    carry,
    carryExpiresOn,
    previousUnused,
    delta: isRefused ? 0 : delta,
    newTotal: isRefused ? input.current.total_day : newTotal,
    previousDelta: isRefused ? 0 : previousDelta,
    newPreviousTotal: isRefused ? input.previous.total_day : newPreviousTotal,
    isRefused,
    problems,
    hasChanges: !isRefused && (delta !== 0 || previousDelta !== 0 || isRecordChanged),
  };
}

export interface CarryExpiryInput {
  carried: number;
  expiresOn: string;
  isExpired: boolean;
  current: BalanceNumbers;
  /** Today in Shanghai. */
  today: string;
}

export interface CarryExpiryOutcome {
  state: HolidayCarryState;
  /** Days taken away by this run. */
  expire: number;
  newTotal: number;
}

export const HOLIDAY_CARRY_STATES = ['due', 'not_due', 'expired'] as const;
export type HolidayCarryState = (typeof HOLIDAY_CARRY_STATES)[number];

/**
 * The carried days left after their day. Leave of the year spends the carried days first: what is used and applied
 * for when the run happens counts against them, and only the rest goes — never more than is available. Run it soon
 * after the day: leave taken later still counts as spending the carry (in the person's favour).
 */
export function carryExpiryOf(input: CarryExpiryInput): CarryExpiryOutcome {
  if (input.isExpired) return { state: 'expired', expire: 0, newTotal: input.current.total_day };
  if (input.today <= input.expiresOn) return { state: 'not_due', expire: 0, newTotal: input.current.total_day };
  const spent = input.current.used_day + input.current.applying_day;
  const available = input.current.total_day - spent;
  const expire = days(Math.max(0, Math.min(input.carried - spent, available)));
  return { state: 'due', expire, newTotal: days(input.current.total_day - expire) };
}

// ---------- the API's answers ----------

/** One person of an entitlement preview (POST /api/holiday/entitlement/preview). */
export interface HolidayEntitlementRow {
  user_id: number;
  username: string;
  name: string;
  dept_name: string;
  work_start_day: string | null;
  /** 工龄 at January 1st of the year; null without a 参加工作日期. */
  years: number | null;
  statutory_day: number;
  /** 结转: last year's unused days moving into the year. */
  carry_day: number;
  carry_expires_on: string | null;
  /** Last year's unused days the carry is taken from. */
  previous_unused: number;
  /** The balance of the year now. */
  total_day: number;
  used_day: number;
  applying_day: number;
  /** The total after applying, and its change. */
  new_total: number;
  delta: number;
  /** The change of last year's total (the carried days leave it). */
  previous_delta: number;
  /** An earlier run granted this year already; this one gives the difference. */
  is_granted: boolean;
  is_refused: boolean;
  has_changes: boolean;
  problems: string[];
}

export interface HolidayEntitlementPreview {
  year: number;
  rules: HolidayEntitlementRules;
  rows: HolidayEntitlementRow[];
  /** Sent back with the apply: it applies only while nothing has changed since. */
  fingerprint: string;
  summary: { people: number; changed: number; refused: number; flagged: number };
}

export interface HolidayEntitlementResult {
  year: number;
  changed: number;
  refused: number;
}

/** One carry-over of the expiry run (POST /api/holiday/entitlement/expiry/preview). */
export interface HolidayCarryExpiryRow {
  user_id: number;
  username: string;
  name: string;
  dept_name: string;
  carried_day: number;
  expires_on: string;
  state: HolidayCarryState;
  /** Taken away before (state expired) or by this run (due). */
  expire_day: number;
  expired_at: string | null;
  total_day: number;
  used_day: number;
  applying_day: number;
  new_total: number;
  problems: string[];
}

export interface HolidayCarryExpiryPreview {
  year: number;
  today: string;
  rows: HolidayCarryExpiryRow[];
  fingerprint: string;
  summary: { due: number; notDue: number; expired: number };
}

export interface HolidayCarryExpiryResult {
  year: number;
  expired: number;
}

/** The words of 年度发放 on 假期额度 (HolidayEntitlementDialog and its parts). */
export const HolidayEntitlementTexts = {
  open: '年度发放',
  title: '年度发放',
  help: '按工龄（参加工作日期至当年 1 月 1 日）发放法定年假，并把上年未用的天数按上限结转到当年。先预览每人的变化，确认后一次发放；再次发放只补差额。',
  year: '发放年度',
  preview: '预览',
  apply: '确认发放',
  applyConfirm: (year: number, changed: number) => `确认发放 ${year} 年假期额度？共 ${changed} 人的额度将有变化，变化记入各人的调整记录。`,
  rules: '发放规则',
  editRules: '修改规则',
  rulesLine: (rules: HolidayEntitlementRules) =>
    `${rules.tiers.map((t) => `满 ${t.years} 年 ${t.days} 天`).join('，')}；结转上限 ${rules.carry_max_days} 天，有效期至当年 ${rules.carry_until}`,
  rulesTitle: '年度发放规则',
  rulesHelp:
    '工龄按参加工作日期至发放年度 1 月 1 日的整年数计算，不满第一档的为 0 天。法定标准：满 1 年 5 天，满 10 年 10 天，满 20 年 15 天。',
  tierYears: '工龄满（年）',
  tierDays: '天数',
  addTier: '添加一档',
  removeTier: '删除',
  carryMax: '结转上限（天）',
  carryMaxHelp: '上年未用完的天数最多结转这么多，0 表示不结转',
  carryUntil: '结转有效期至（MM-DD）',
  carryUntilHelp: '结转的天数在当年此日（含）之前可用，之后可做过期处理',
  statutory: '恢复法定标准',
  save: '保存规则',
  filter: '姓名或用户名',
  onlyChanges: '只看有变化或有问题的',
  summary: (people: number, changed: number, refused: number, flagged: number) =>
    `共 ${people} 人：${changed} 人有变化，${refused} 人不能发放，${flagged} 人有提示`,
  nothingToApply: '没有需要变化的额度',
  columns: {
    name: '姓名',
    dept: '部门',
    workStart: '参加工作日期',
    years: '工龄',
    statutory: '法定天数',
    carry: '结转',
    current: '当前总天数',
    after: '发放后',
    delta: '变化',
    problems: '提示',
  },
  yearsValue: (years: number) => `${years} 年`,
  carryValue: (carry: number, until: string | null) => (carry > 0 && until ? `${carry}（至 ${until}）` : `${carry}`),
  none: '未填写',
  setWorkStart: '设置',
  workStartTitle: (name: string) => `${name} 的参加工作日期`,
  workStart: '参加工作日期',
  workStartHelp: '用于计算累计工作年限（工龄），含在其他单位的工作年限',
  clearWorkStart: '清除',
  saveWorkStart: '保存',

  expiryTab: '结转过期',
  issueTab: '年度发放',
  expiryHelp: (year: number) =>
    `${year} 年结转的天数过了有效期后，未用完的部分从总天数中扣除：当年已用与申请中的天数先抵扣结转天数，剩余部分扣除（不超过可用天数）。`,
  expiryApply: '确认过期处理',
  expiryConfirm: (year: number, due: number) => `确认扣除 ${year} 年已过期的结转天数？共 ${due} 人，记入各人的调整记录。`,
  expirySummary: (due: number, notDue: number, expired: number) => `到期待处理 ${due} 人，未到期 ${notDue} 人，已处理 ${expired} 人`,
  expiryEmpty: '该年度没有结转的天数',
  expiryColumns: {
    carried: '结转天数',
    expiresOn: '有效期至',
    spent: '已用与申请中',
    expire: '过期扣除',
    state: '状态',
  },
  states: { due: '到期待处理', not_due: '未到期', expired: '已处理' } satisfies Record<HolidayCarryState, string>,
} as const;
