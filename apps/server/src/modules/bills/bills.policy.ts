import { ApprovalMessages, type BillStatus } from '@osp/shared';
import type { Caller } from '../../context';
import { ForbiddenError } from '../../http/errors';
import type { BillState } from '../../flow/types';
import type { BillRow } from './bills.repo';
import type { BillView } from './bills-view.repo';

/**
 * Who may do what with a bill (issue 4):
 * - read: its initiator, its past and current handlers (acting, original, or represented), the users it was
 *   shared with, and holders of `bill_admin`; everyone else gets `billUnavailable()`, the very answer a
 *   bill that does not exist gets, so that the answer tells nobody which ids exist (docs/security.md);
 * - operate (agree, reject, back, transfer): only the current acting handler of the task (checked again by
 *   the engine inside the transaction);
 * - edit, delete, release/resubmit, withdraw, abandon, replicate: only the initiator;
 * - share a submitted bill: its initiator and `bill_admin`; close: only `bill_admin`;
 * - read its access log (who opened it): its initiator and `bill_admin`.
 */

/** The statuses in which the initiator edits, releases (resubmits) or abandons a bill. */
export const EDITABLE: readonly BillStatus[] = ['draft', 'rejected', 'returned'];
/** Bills still in the flow, which a bill administrator may close (the engine's `close` accepts these). */
export const CLOSABLE: readonly BillStatus[] = ['doing', 'rejected', 'returned'];

/** The one answer for "no such bill" and "not your bill" (HTTP 403, ApprovalMessages.billUnavailable). */
export function billUnavailable(): ForbiddenError {
  return new ForbiddenError(ApprovalMessages.billUnavailable);
}

export function isBillAdmin(caller: Caller): boolean {
  return caller.permissions.includes('bill_admin');
}

/**
 * The part of the read rule that needs nothing but the bill row: `related` means the answer depends on
 * whether the caller is one of its handlers or had it shared.
 */
export function readDecision(caller: Caller, bill: Pick<BillRow, 'initiator_id' | 'status'>): 'allowed' | 'denied' | 'related' {
  if (bill.initiator_id === caller.userId || isBillAdmin(caller)) return 'allowed';
  // A draft has no handlers yet: it is its initiator's alone.
  if (bill.status === 'draft') return 'denied';
  return 'related';
}

/** A handler of a bill: acting, original, or the one a task was held for (the rule `isHandlerOf` asks in SQL). */
export function isHandlerIn(state: Pick<BillState, 'tasks'>, userId: number): boolean {
  return state.tasks.some((t) => t.actingHandler === userId || t.originalHandler === userId || t.onBehalfOf === userId);
}

/** The read rule on a bill loaded whole (bills-view.repo `loadBillView`), which already tells handlers and shares. */
export function authorizeReadOfView(caller: Caller, view: Pick<BillView, 'bill' | 'state' | 'shared'>): void {
  const decision = readDecision(caller, view.bill);
  const allowed = decision === 'allowed' || (decision === 'related' && (view.shared || isHandlerIn(view.state, caller.userId)));
  if (!allowed) throw billUnavailable();
}

/** Sharing widens who reads a bill, so only those answerable for it may: its initiator and bill administrators. */
export function canShareBill(caller: Caller, bill: Pick<BillRow, 'initiator_id' | 'status'>): boolean {
  return bill.status !== 'draft' && (bill.initiator_id === caller.userId || isBillAdmin(caller));
}

/** 关联审批 are the initiator's references: only they change them, and not once the bill is voided. */
export function mayEditRelations(caller: Caller, bill: Pick<BillRow, 'initiator_id' | 'status'>): boolean {
  return bill.initiator_id === caller.userId && bill.status !== 'abandoned';
}

/** A share is taken back by the one who made it, or by a bill administrator (who answers for every bill). */
export function mayUnshare(caller: Caller, sharedBy: number): boolean {
  return sharedBy === caller.userId || isBillAdmin(caller);
}

/**
 * Who opened a bill (访问记录) tells about its readers, so only those answerable for the bill read it: its initiator
 * and bill administrators, the same two who may widen its readers by sharing.
 */
export function canReadAccessLog(caller: Caller, bill: Pick<BillRow, 'initiator_id'>): boolean {
  return bill.initiator_id === caller.userId || isBillAdmin(caller);
}

/**
 * Only the initiator edits, releases, withdraws, abandons or replicates. A reader of the bill (a handler)
 * is told so; anyone else gets the answer of a bill that does not exist.
 */
export function authorizeInitiatorGiven(caller: Caller, bill: Pick<BillRow, 'initiator_id'>, canRead: boolean): void {
  if (bill.initiator_id === caller.userId) return;
  if (!canRead) throw billUnavailable();
  throw new ForbiddenError(ApprovalMessages.notInitiator);
}
