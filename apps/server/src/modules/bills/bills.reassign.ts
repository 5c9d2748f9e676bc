import { TaskMoveSkipLabels, type TaskMoveReport, type TaskMoveSkipReason } from '@osp/shared';
import type { AppContext } from '../../context';
import type { Db } from '../../db/index';
import { openTasksOf, reassignRefusal } from '../../flow/reassign';
import { versionOf } from './bills.forms';
import { lockBill } from './bills.repo';
import * as reassignRepo from './bills-reassign.repo';
import { loadState } from './bills-state.repo';
import { runEngine } from './bills.transactions';

/**
 * Moving a person's work to someone else, for other modules (issue 13): the entrust module's 同时移交当前待办 and the
 * handover module's 离职交接. Everything runs inside the caller's transaction, so the move commits with the entrust
 * or the handover it belongs to, or not at all. Each bill is locked (in id order, so two moves cannot deadlock),
 * its state read under the lock, and its tasks moved by the engine's `reassign` event with the usual versioned
 * write; what the engine would refuse (the receiver initiated the bill, or already holds a task of that step) is
 * left with its holder and reported instead.
 */

export interface OpenTaskMove {
  reason: 'entrust' | 'handover';
  /** Who makes the move: the person themselves (entrust) or the administrator (handover). */
  actorId: number;
  from: number;
  to: number;
  /** Only bills of these templates; empty: every template. */
  templateIds: readonly number[];
  /** The comment each moved task's history entry carries. */
  comment: string;
}

export async function moveOpenTasks(ctx: AppContext, trx: Db, move: OpenTaskMove): Promise<TaskMoveReport> {
  const report: TaskMoveReport = { moved: [], skipped: [] };
  const at = new Date().toISOString();
  for (const billId of await reassignRepo.billsWithOpenTasks(trx, move.from, move.templateIds)) {
    const bill = await lockBill(trx, ctx.engine, billId);
    if (!bill) continue;
    const state = await loadState(trx, bill, []);
    const open = openTasksOf(state, move.from);
    if (open.length === 0) continue;
    const pinned = await versionOf(ctx, trx, bill);
    const refusals = new Map<string, TaskMoveSkipReason>();
    for (const task of open) {
      const refusal = reassignRefusal(pinned.flow, state, task, move.to, open);
      if (refusal) refusals.set(task.id, refusal);
    }
    const [firstRefusal] = refusals.values();
    if (firstRefusal) {
      report.skipped.push({ bill_id: bill.id, title: bill.title, reason: firstRefusal, reason_text: TaskMoveSkipLabels[firstRefusal] });
    }
    const moving = open.filter((t) => !refusals.has(t.id));
    if (moving.length === 0) continue;
    await runEngine(ctx, trx, bill, state, pinned, {
      type: 'reassign',
      at,
      reason: move.reason,
      actor: move.actorId,
      from: move.from,
      to: move.to,
      taskIds: moving.map((t) => t.id),
      comment: move.comment,
    });
    report.moved.push({ bill_id: bill.id, title: bill.title, tasks: moving.length });
  }
  return report;
}

/** Open tasks a person holds on bills in progress, and on how many bills (the disable confirmation's count). */
export function openTaskCounts(db: Db, userId: number): Promise<{ tasks: number; bills: number }> {
  return reassignRepo.openTaskCounts(db, userId);
}

export function draftCount(db: Db, userId: number): Promise<number> {
  return reassignRepo.draftCount(db, userId);
}

/** Gives `from`'s drafts (never submitted) to `to`, who becomes their initiator. Answers how many. */
export function moveDrafts(db: Db, from: number, to: number, toDeptId: number | null): Promise<number> {
  return reassignRepo.moveDrafts(db, from, to, toDeptId, new Date().toISOString());
}
