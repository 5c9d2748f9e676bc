import type { Caller } from '../../context';
import type { Db } from '../../db/index';
import { authorizeInitiatorGiven, billUnavailable, readDecision } from './bills.policy';
import * as repo from './bills.repo';

/**
 * Who may read a bill, with the look-ups the pure rule (bills.policy.ts) needs: whether the caller is one
 * of its handlers or had it shared, asked only when the bill row alone does not decide. Other modules
 * (files: attachments of a bill) ask through `readableBillIds`.
 */

export async function canReadBill(db: Db, caller: Caller, bill: Pick<repo.BillRow, 'id' | 'initiator_id' | 'status'>): Promise<boolean> {
  const decision = readDecision(caller, bill);
  if (decision !== 'related') return decision === 'allowed';
  return (await repo.isHandlerOf(db, bill.id, caller.userId)) || repo.isSharedWith(db, bill.id, caller.userId);
}

export async function authorizeRead(db: Db, caller: Caller, bill: Pick<repo.BillRow, 'id' | 'initiator_id' | 'status'>): Promise<void> {
  if (!(await canReadBill(db, caller, bill))) throw billUnavailable();
}

export async function authorizeInitiator(
  db: Db,
  caller: Caller,
  bill: Pick<repo.BillRow, 'id' | 'initiator_id' | 'status'>,
): Promise<void> {
  if (bill.initiator_id === caller.userId) return;
  authorizeInitiatorGiven(caller, bill, await canReadBill(db, caller, bill));
}

/** Which of these bills the caller may read; an id that is no bill is not among them. */
export async function readableBillIds(db: Db, caller: Caller, billIds: Iterable<number>): Promise<Set<number>> {
  const readable = new Set<number>();
  for (const id of new Set(billIds)) {
    const bill = await repo.findBill(db, id);
    if (bill !== undefined && (await canReadBill(db, caller, bill))) readable.add(id);
  }
  return readable;
}
