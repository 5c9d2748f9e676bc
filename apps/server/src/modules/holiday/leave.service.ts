import {
  HALF_DAY_LABELS,
  LEAVE_FORM_KEYS,
  LEAVE_SUBJECT_KIND,
  LeaveMessages,
  LeaveStartZ,
  leaveDays,
  leaveTypeProblem,
  spanOf,
  spansOverlap,
  type HalfDay,
  type LeaveRecord,
  type LeaveSpan,
  type LeaveStartResult,
  type LeaveStatus,
  type LeaveType,
} from '@osp/shared';
import type { AppContext, Caller } from '../../context';
import type { Db } from '../../db/index';
import { nowIso } from '../../db/index';
import { ConflictError, ValidationError } from '../../http/errors';
import { parse } from '../../http/validate';
import { startApproval, templateForSubject } from '../bills/bills.approvals';
import { findStatsRow } from './holiday-admin.repo';
import * as repo from './leave.repo';
import { loadWorkCalendar } from './work-calendar.service';

/**
 * Asking for leave (issue 17, docs/holiday.md "Leave"): the leave form's types, the measure of a span on the work
 * calendar, and the start of a request with its 请假 bill. What happens to the balance as the bill moves is in
 * leave.outcomes.ts.
 */

type TypeRow = Awaited<ReturnType<typeof repo.listEnabledTypes>>[number];

export function leaveTypeOf(row: TypeRow): LeaveType {
  return {
    id: row.id,
    name: row.name,
    counts_balance: row.counts_balance === 1,
    half_day: row.half_day === 1,
    attachment_over_days: row.attachment_over_days === null ? null : Number(row.attachment_over_days),
  };
}

export async function listLeaveTypes(ctx: AppContext): Promise<LeaveType[]> {
  return (await repo.listEnabledTypes(ctx.db)).map(leaveTypeOf);
}

/** The year whose balance a leave counts against: the year it starts in (docs/leave.md). */
export function leaveYear(startDay: string): number {
  return Number(startDay.slice(0, 4));
}

/** The span measured on the calendar and checked against the type's rules; `fields` name where each refusal belongs. */
export async function measureLeave(
  db: Db,
  type: LeaveType,
  span: LeaveSpan,
  fileCount: number,
  fields: { span: string; files: string },
): Promise<number> {
  const measured = leaveDays(span, await loadWorkCalendar(db, span.startDay, span.endDay));
  if (!measured.ok) throw new ValidationError({ [fields.span]: [measured.message] });
  if (measured.days === 0) throw new ValidationError({ [fields.span]: [LeaveMessages.noWorkingDay] });
  const problem = leaveTypeProblem(type, span, measured.days, fileCount);
  if (problem) throw new ValidationError({ [fields[problem.on]]: [problem.message] });
  return measured.days;
}

/** Refuses a span sharing a half day with the person's other leave that is on or may be. */
export async function checkNoOverlap(db: Db, userId: number, span: LeaveSpan, exceptId: number | null, field: string): Promise<void> {
  const touching = await repo.activeTouching(db, userId, span.startDay, span.endDay, exceptId);
  const clash = touching.find((other) =>
    spansOverlap(span, {
      startDay: other.start_day,
      startHalf: other.start_half as HalfDay,
      endDay: other.end_day,
      endHalf: other.end_half as HalfDay,
    }),
  );
  if (clash) throw new ValidationError({ [field]: [LeaveMessages.overlaps(clash.start_day, clash.end_day)] });
}

/** The refusal of a request over the available annual balance, with the numbers. */
export async function overBalance(db: Db, userId: number, year: number, typeName: string, days: number): Promise<string> {
  const stats = await findStatsRow(db, userId, year);
  const total = Number(stats?.total_day ?? 0);
  const used = Number(stats?.used_day ?? 0);
  const applying = Number(stats?.applying_day ?? 0);
  const available = Math.round((total - used - applying) * 100) / 100;
  return LeaveMessages.overBalance(typeName, days, available, total, used, applying);
}

/** The 请假 bill's form for a request, keyed as the bound template's form (LEAVE_FORM_KEYS). */
function billForm(type: LeaveType, span: LeaveSpan, days: number, reason: string, files: string[]): Record<string, unknown> {
  return {
    [LEAVE_FORM_KEYS.type]: type.name,
    [LEAVE_FORM_KEYS.period]: [span.startDay, span.endDay],
    [LEAVE_FORM_KEYS.startHalf]: HALF_DAY_LABELS[span.startHalf],
    [LEAVE_FORM_KEYS.endHalf]: HALF_DAY_LABELS[span.endHalf],
    [LEAVE_FORM_KEYS.days]: days,
    [LEAVE_FORM_KEYS.reason]: reason,
    ...(files.length > 0 ? { [LEAVE_FORM_KEYS.files]: files } : {}),
  };
}

/**
 * POST /api/holiday/leave: measures the span, checks the type's rules and (for a type that counts) the balance, keeps
 * the request and starts its bill from the template bound to leave. The balance moves when the bill is released, in
 * its transaction (leave.outcomes.ts), which checks the balance again against requests released meanwhile; a refused
 * start leaves neither request nor bill.
 */
export async function startLeave(ctx: AppContext, caller: Caller, body: unknown): Promise<LeaveStartResult> {
  const input = parse(LeaveStartZ, body);
  const typeRow = await repo.findType(ctx.db, input.leave_type_id);
  if (!typeRow || typeRow.enabled !== 1) throw new ValidationError({ leave_type_id: [LeaveMessages.typeMissing] });
  const type = leaveTypeOf(typeRow);
  const span = spanOf(input);
  const days = await measureLeave(ctx.db, type, span, input.files.length, { span: 'end_day', files: 'files' });
  await checkNoOverlap(ctx.db, caller.userId, span, null, 'start_day');
  const year = leaveYear(span.startDay);
  if (type.counts_balance) {
    const stats = await findStatsRow(ctx.db, caller.userId, year);
    const available = stats ? Number(stats.total_day) - Number(stats.used_day) - Number(stats.applying_day) : 0;
    if (available < days) throw new ValidationError({ days: [await overBalance(ctx.db, caller.userId, year, type.name, days)] });
  }
  const template = await templateForSubject(ctx.db, LEAVE_SUBJECT_KIND);
  if (!template) throw new ConflictError(LeaveMessages.noTemplate);

  const now = nowIso();
  const requestId = await repo.insertRequest(ctx.db, {
    user_id: caller.userId,
    leave_type_id: type.id,
    year,
    start_day: span.startDay,
    start_half: span.startHalf,
    end_day: span.endDay,
    end_half: span.endHalf,
    days,
    counts_balance: type.counts_balance ? 1 : 0,
    reason: input.reason,
    created_at: now,
  });
  let billId: number;
  try {
    const bill = await startApproval(ctx, caller, {
      templateId: template.id,
      subject: { kind: LEAVE_SUBJECT_KIND, id: requestId },
      form: billForm(type, span, days, input.reason, input.files),
    });
    billId = bill.id;
  } catch (error) {
    await repo.deleteDraftRequest(ctx.db, requestId);
    throw error;
  }
  const record = await repo.findRecord(ctx.db, requestId);
  if (!record) throw new Error(`leave request ${requestId} vanished after its bill ${billId} started`);
  return { leave: presentRecord(record), bill_id: billId };
}

type RecordRow = Awaited<ReturnType<typeof repo.listRecords>>['rows'][number];

export function presentRecord(row: RecordRow): LeaveRecord {
  return {
    id: row.id,
    user_id: row.user_id,
    user_name: row.user_name,
    dept_name: row.dept_name ?? '',
    leave_type_id: row.leave_type_id,
    leave_type: row.leave_type,
    start_day: row.start_day,
    start_half: row.start_half as HalfDay,
    end_day: row.end_day,
    end_half: row.end_half as HalfDay,
    days: Number(row.days),
    status: row.status as LeaveStatus,
    bill_id: row.bill_id,
    reason: row.reason,
    year: row.year,
    created_at: row.created_at,
  };
}
