import type { BillStatus, LeaveStatus } from '@osp/shared';

/** A leave's status in colour, as the bill lists colour their bills. */
export const LEAVE_STATUS_COLORS: Record<LeaveStatus, string> = {
  draft: 'default',
  applying: 'processing',
  approved: 'success',
  rejected: 'error',
  withdrawn: 'warning',
  abandoned: 'default',
  closed: 'default',
};

const BILL_STATUS_OF: Record<LeaveStatus, BillStatus> = {
  draft: 'draft',
  applying: 'doing',
  approved: 'done',
  rejected: 'rejected',
  withdrawn: 'returned',
  abandoned: 'abandoned',
  closed: 'closed',
};

/** The bill's status a leave's status follows: the hint a link to the bill carries (the bill page shows the bill as it is). */
export function billStatusOfLeave(status: LeaveStatus): BillStatus {
  return BILL_STATUS_OF[status];
}
