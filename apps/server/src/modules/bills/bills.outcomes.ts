import type { BillStatus } from '@osp/shared';
import type { Db } from '../../db/index';
import * as repo from './bills.repo';

/**
 * What a module that started a bill for one of its objects is told when the bill's status changes
 * (bills.approvals.ts is the public side). The listener runs inside the transaction that changes the
 * bill: what it writes commits with the bill's change, and if it throws, the bill's change is undone
 * and the user gets its error.
 */

/**
 * The bill's change, in the words of the business object's module. `released`: the bill went into approval for the
 * first time (a module that reserves something while a request is open — leave days — does it here).
 */
export type ApprovalOutcome = 'released' | 'approved' | 'rejected' | 'withdrawn' | 'abandoned' | 'closed' | 'resubmitted';

export interface ApprovalOutcomeEvent {
  billId: number;
  kind: string;
  subjectId: number;
  outcome: ApprovalOutcome;
  /** The event's time (ISO). */
  at: string;
}

export type ApprovalOutcomeListener = (trx: Db, event: ApprovalOutcomeEvent) => Promise<void>;

const OUTCOME_OF: Partial<Record<BillStatus, ApprovalOutcome>> = {
  done: 'approved',
  rejected: 'rejected',
  returned: 'withdrawn',
  abandoned: 'abandoned',
  closed: 'closed',
  doing: 'resubmitted',
};

const listeners = new Map<string, ApprovalOutcomeListener>();

export function isListenedKind(kind: string): boolean {
  return listeners.has(kind);
}

/** One listener per kind, registered once when its module loads; a second one is a programming error. */
export function registerOutcomeListener(kind: string, listener: ApprovalOutcomeListener): void {
  if (listeners.has(kind) && listeners.get(kind) !== listener) throw new Error(`approval outcome listener for "${kind}" registered twice`);
  listeners.set(kind, listener);
}

/**
 * Called by the engine runner after every event. A release into approval is `released`; a release that finishes at
 * once (every step skipped) is `approved` straight from the draft.
 */
export async function tellOutcome(trx: Db, billId: number, from: BillStatus, to: BillStatus, at: string): Promise<void> {
  if (from === to) return;
  const outcome = from === 'draft' && to === 'doing' ? 'released' : OUTCOME_OF[to];
  if (outcome === undefined || listeners.size === 0) return;
  const subject = await repo.subjectOf(trx, billId);
  if (!subject) return;
  const listener = listeners.get(subject.kind);
  // A subject whose module no longer listens (removed or renamed kind) is a fault worth failing on.
  if (!listener) throw new Error(`no approval outcome listener for "${subject.kind}" (bill ${billId})`);
  await listener(trx, { billId, kind: subject.kind, subjectId: subject.subject_id, outcome, at });
}
