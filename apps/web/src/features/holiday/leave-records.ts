import { HALF_DAY_LABELS, LeaveRecordsTexts, type BillStatus, type LeaveRecord, type LeaveStatus } from '@osp/shared';

/** 请假时间 as the records read it: `2026-12-01 上午 至 2026-12-02 下午`. */
export function leavePeriod(record: Pick<LeaveRecord, 'start_day' | 'start_half' | 'end_day' | 'end_half'>): string {
  return LeaveRecordsTexts.period(record.start_day, HALF_DAY_LABELS[record.start_half], record.end_day, HALF_DAY_LABELS[record.end_half]);
}

/**
 * The status of a leave's bill, guessed from the leave's own (the request follows its bill): only the detail link's
 * `status` hint, the detail page reads the bill as it is.
 */
export const BILL_STATUS_OF_LEAVE: Record<LeaveStatus, BillStatus> = {
  draft: 'draft',
  applying: 'doing',
  approved: 'done',
  rejected: 'rejected',
  withdrawn: 'returned',
  abandoned: 'abandoned',
  closed: 'closed',
};

/** The colour of each status's tag: on its way, through, refused, or no longer on. */
export const LEAVE_STATUS_COLORS: Record<LeaveStatus, string> = {
  draft: 'default',
  applying: 'processing',
  approved: 'success',
  rejected: 'error',
  withdrawn: 'warning',
  abandoned: 'default',
  closed: 'default',
};

/** The years the records are filtered by: next year back to five years ago, and the chosen one if it lies outside. */
export function recordYears(current: number, chosen?: number): number[] {
  const years = new Set([...Array(6).keys()].map((back) => current + 1 - back));
  if (chosen !== undefined) years.add(chosen);
  return [...years].sort((a, b) => b - a);
}
