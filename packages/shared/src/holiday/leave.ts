import { z } from 'zod';
import { escapeHtml } from '../common/html';
import { PageQueryZ } from '../common/paging';
import { ATTACHMENT_ID_PATTERN, ATTACHMENTS_MAX } from '../bills/form';
import { HolidayAdminMessages, HolidayYearZ } from './holiday-admin';
import { CalendarDayZ, daysBetween, HALF_DAYS, type HalfDay, type LeaveSpan } from './work-calendar';

/*
 * Leave requests (issue 17, docs/holiday.md "Leave"): a person asks for leave of a type over a span of half days; the
 * holiday module keeps the request and starts a 请假 bill for it through the bills module's public API
 * (`startApproval`). The request's status follows its bill, and the annual balance moves in the bill's transaction:
 * applying on release, used on approval, back on rejection, withdrawal, abandonment or closing.
 */

/** A leave request's status. `draft` only lives while its bill is being started; nobody ever sees one. */
export const LEAVE_STATUSES = ['draft', 'applying', 'approved', 'rejected', 'withdrawn', 'abandoned', 'closed'] as const;
export type LeaveStatus = (typeof LEAVE_STATUSES)[number];

export const LEAVE_STATUS_LABELS: Record<LeaveStatus, string> = {
  draft: '草稿',
  applying: '审批中',
  approved: '已通过',
  rejected: '已驳回',
  withdrawn: '已撤回',
  abandoned: '已废弃',
  closed: '已关闭',
};

/** The statuses of a leave that is on, or may still be: the team calendar shows these. */
export const LEAVE_AWAY_STATUSES: readonly LeaveStatus[] = ['applying', 'approved'];

export const HALF_DAY_LABELS: Record<HalfDay, string> = { am: '上午', pm: '下午' };
/** The bill form's radio options for the halves, in HALF_DAYS order. */
export const HALF_DAY_OPTIONS = HALF_DAYS.map((half) => HALF_DAY_LABELS[half]);

export function halfOfLabel(label: unknown): HalfDay | undefined {
  return HALF_DAYS.find((half) => HALF_DAY_LABELS[half] === label);
}

/** A leave type and its rules (table leave_types, migration 0035). */
export interface LeaveType {
  id: number;
  name: string;
  /** Whether its days come out of the annual balance (年假). */
  counts_balance: boolean;
  /** Whether it may start or end at noon. */
  half_day: boolean;
  /** Over this many days an attachment (a certificate) is required; null: never. */
  attachment_over_days: number | null;
}

/**
 * The keys of the 请假 template's form the holiday module fills (docs/holiday.md "The 请假 template"). A template is
 * bound to leave by `templates.subject_kind = 'leave'`; it must hold these fields.
 */
export const LEAVE_FORM_KEYS = {
  type: 'leave_type',
  period: 'period',
  startHalf: 'start_half',
  endHalf: 'end_half',
  days: 'days',
  reason: 'reason',
  files: 'files',
} as const;

/** The subject kind of leave requests in the bills module (bill_subjects.kind, templates.subject_kind). */
export const LEAVE_SUBJECT_KIND = 'leave';

export const LEAVE_REASON_MAX = 500;

export const LeaveMessages = {
  typeRequired: '请选择请假类型',
  typeMissing: '请假类型不存在或已停用',
  reasonRequired: '请填写请假事由',
  reasonTooLong: `请假事由不能超过 ${LEAVE_REASON_MAX} 个字`,
  filesInvalid: '附件不正确，请重新上传',
  tooManyFiles: `附件最多 ${ATTACHMENTS_MAX} 个`,
  halfNotAllowed: (type: string) => `${escapeHtml(type)}须按整天请，开始选上午、结束选下午`,
  attachmentRequired: (type: string, days: number) =>
    days === 0 ? `${escapeHtml(type)}须上传证明附件` : `${escapeHtml(type)}超过 ${escapeHtml(days)} 天须上传证明附件`,
  noWorkingDay: '所选时间内没有工作日，无需请假',
  /** A request over the available annual balance, with the numbers. */
  overBalance: (type: string, days: number, available: number, total: number, used: number, applying: number) =>
    `${escapeHtml(type)}余额不足：本次请假 ${escapeHtml(days)} 天，可用 ${escapeHtml(available)} 天（共 ${escapeHtml(total)} 天，已用 ${escapeHtml(used)} 天，申请中 ${escapeHtml(applying)} 天）`,
  noTemplate: '尚未设置请假审批流程，请联系管理员',
  overlaps: (start: string, end: string) => `与已有的请假（${escapeHtml(start)} 至 ${escapeHtml(end)}）时间重叠`,
  /** A 请假 bill's form changed by hand so that its days no longer match its period. */
  daysMismatch: (days: number) => `按工作日历，请假天数应为 ${escapeHtml(days)} 天`,
  formBroken: '请假单的请假类型或时间不完整，请检查后再提交',
  started: '请假申请已提交',
  scopeForbidden: '没有查看该范围请假记录的权限',
  statusInvalid: '请假状态不正确',
  rangeInvalid: '查询的结束日期不能早于开始日期',
  rangeTooLong: '一次最多查看 62 天', // LEAVE_AWAY_DAYS_MAX
} as const;

/** A row id from a query or body: a positive integer the database's integer column holds, else `message`. */
const RowIdZ = (message: string, missing = message) =>
  z.coerce.number({ error: missing }).int(message).positive(message).max(2_147_483_647, message);

/** POST /api/holiday/leave: what the leave form sends. */
export const LeaveStartZ = z.object({
  leave_type_id: RowIdZ(LeaveMessages.typeMissing, LeaveMessages.typeRequired),
  start_day: CalendarDayZ,
  start_half: z.enum(HALF_DAYS, { error: '请选择开始时段' }),
  end_day: CalendarDayZ,
  end_half: z.enum(HALF_DAYS, { error: '请选择结束时段' }),
  reason: z
    .string({ error: LeaveMessages.reasonRequired })
    .trim()
    .min(1, LeaveMessages.reasonRequired)
    .max(LEAVE_REASON_MAX, LeaveMessages.reasonTooLong),
  files: z
    .array(z.string().regex(ATTACHMENT_ID_PATTERN, LeaveMessages.filesInvalid), { error: LeaveMessages.filesInvalid })
    .max(ATTACHMENTS_MAX, LeaveMessages.tooManyFiles)
    .default([]),
});
export type LeaveStartInput = z.input<typeof LeaveStartZ>;

export function spanOf(input: Pick<z.infer<typeof LeaveStartZ>, 'start_day' | 'start_half' | 'end_day' | 'end_half'>): LeaveSpan {
  return { startDay: input.start_day, startHalf: input.start_half, endDay: input.end_day, endHalf: input.end_half };
}

/**
 * The type's own rules on a measured span: whole days only, a certificate over n days. Shared so the form refuses
 * what the server will.
 */
export function leaveTypeProblem(
  type: LeaveType,
  span: LeaveSpan,
  days: number,
  fileCount: number,
): { on: 'span' | 'files'; message: string } | undefined {
  if (!type.half_day && (span.startHalf !== 'am' || span.endHalf !== 'pm'))
    return { on: 'span', message: LeaveMessages.halfNotAllowed(type.name) };
  if (type.attachment_over_days !== null && days > type.attachment_over_days && fileCount === 0) {
    return { on: 'files', message: LeaveMessages.attachmentRequired(type.name, type.attachment_over_days) };
  }
  return undefined;
}

/** A half day's place in time, for comparing spans: the morning of a day before its afternoon. */
function halfKey(day: string, half: HalfDay): string {
  return `${day}${half === 'am' ? 0 : 1}`;
}

/** Whether two spans share a half day. */
export function spansOverlap(a: LeaveSpan, b: LeaveSpan): boolean {
  return (
    halfKey(a.startDay, a.startHalf) <= halfKey(b.endDay, b.endHalf) && halfKey(b.startDay, b.startHalf) <= halfKey(a.endDay, a.endHalf)
  );
}

/** Who sees which leave records: their own, their departments' as a leader, everyone's with holiday_admin. */
export const LEAVE_SCOPES = ['mine', 'team', 'all'] as const;
export type LeaveScope = (typeof LEAVE_SCOPES)[number];

/** GET /api/holiday/details. */
export const LeaveDetailsQueryZ = PageQueryZ.extend({
  scope: z.enum(LEAVE_SCOPES, { error: LeaveMessages.scopeForbidden }).default('mine'),
  year: HolidayYearZ.optional(),
  status: z.enum(LEAVE_STATUSES, { error: LeaveMessages.statusInvalid }).optional(),
  leave_type_id: RowIdZ(LeaveMessages.typeMissing).optional(),
  dept_id: RowIdZ(HolidayAdminMessages.deptMissing).optional(),
  keyword: z.string().trim().max(50, HolidayAdminMessages.keywordTooLong).optional(),
});

export const LEAVE_AWAY_DAYS_MAX = 62;

/** GET /api/holiday/away: who is away in a span of at most 62 days (a month view with its edges). */
export const LeaveAwayQueryZ = z
  .object({
    from: CalendarDayZ,
    to: CalendarDayZ,
    dept_id: RowIdZ(HolidayAdminMessages.deptMissing).optional(),
  })
  .refine((q) => q.from <= q.to, { path: ['to'], error: LeaveMessages.rangeInvalid })
  .refine((q) => q.from > q.to || daysBetween(q.from, q.to) < LEAVE_AWAY_DAYS_MAX, { path: ['to'], error: LeaveMessages.rangeTooLong });

export interface LeaveRecord {
  id: number;
  user_id: number;
  user_name: string;
  dept_name: string;
  leave_type_id: number;
  leave_type: string;
  start_day: string;
  start_half: HalfDay;
  end_day: string;
  end_half: HalfDay;
  days: number;
  status: LeaveStatus;
  /** The 请假 bill; the newest when a rejected one was resubmitted. */
  bill_id: number | null;
  reason: string;
  /** The year whose balance it counts against (its start's year). */
  year: number;
  created_at: string;
}

/** One absence on the team calendar. The type shows to leaders and HR only; colleagues see that someone is away. */
export interface LeaveAway {
  id: number;
  user_id: number;
  user_name: string;
  dept_name: string;
  leave_type: string | null;
  start_day: string;
  start_half: HalfDay;
  end_day: string;
  end_half: HalfDay;
  days: number;
  status: LeaveStatus;
}

export interface LeaveStartResult {
  leave: LeaveRecord;
  bill_id: number;
}

/** What the details page may show the caller, so it offers only the scopes the server answers. */
export interface LeaveScopes {
  scopes: LeaveScope[];
}
