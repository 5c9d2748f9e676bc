import {
  ApprovalMessages,
  CommonMessages,
  BatchApproveMessages,
  BatchApproveZ,
  ChangeMessages,
  editableFieldKeys,
  EngineMessages,
  type BatchApproveItem,
  type BatchApproveResult,
  type BillStatus,
} from '@osp/shared';
import type { AppContext, Caller } from '../../context';
import { isDatabaseUnavailable } from '../../db/index';
import { pendingTaskOf } from '../../flow/present';
import { AppError, ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../http/errors';
import { parse } from '../../http/validate';
import { changeAccessOf } from './bills.field-access';
import { versionOf } from './bills.forms';
import { operate } from './bills.operations';
import { authorizeReadOfView } from './bills.policy';
import { loadBillView, type BillView } from './bills-view.repo';

/**
 * 批量同意 (issue 13; docs/approval-api.md, "Batch approval"): the caller's pending task on each listed bill is
 * agreed by the very call the detail page's 同意 makes (bills.operations `operate`), one bill after another, each
 * in its own transaction, so one bill's refusal or failure leaves the others as they went. The batch holds no
 * approval rule of its own: whatever the single decision refuses, it refuses here too, and the refusal becomes
 * that bill's result.
 */

/** 409s that say the task is no longer the caller's to decide: someone else decided, or the bill left the flow. */
const DECIDED_MEANWHILE: readonly string[] = [EngineMessages.taskHandled, EngineMessages.notYourTurn, EngineMessages.notDoing];

function titleFor(caller: Caller, view: BillView | undefined): string | null {
  if (!view) return null;
  try {
    authorizeReadOfView(caller, view);
    return view.bill.title;
  } catch {
    // Not theirs to read: the answer names the id they sent and nothing else.
    return null;
  }
}

/**
 * What a refusal or failure of the single decision means for this bill. A 422 is the decision asking for input
 * the batch does not give (a step marked 同意时须填写审批意见 and no comment in the batch; the engine names the
 * field), so the bill is left for its detail page; 403/404 is a task that is no longer the caller's; a 409 of a
 * task decided meanwhile is reported with its own message. Anything else failed, and the transaction it ran in
 * left the bill as it was.
 */
function resultOfError(ctx: AppContext, billId: number, error: unknown): Pick<BatchApproveItem, 'result' | 'message'> {
  if (error instanceof ValidationError) return { result: 'skipped', message: BatchApproveMessages.needsInput(error.message) };
  if (error instanceof ForbiddenError || error instanceof NotFoundError)
    return { result: 'skipped', message: BatchApproveMessages.notInTodo };
  if (error instanceof ConflictError && DECIDED_MEANWHILE.includes(error.message)) return { result: 'skipped', message: error.message };
  if (error instanceof AppError) return { result: 'failed', message: error.message };
  if (isDatabaseUnavailable(error)) return { result: 'failed', message: CommonMessages.serviceUnavailable };
  ctx.log.error({ err: error, billId }, 'batch approve: the single agree failed');
  return { result: 'failed', message: BatchApproveMessages.failed };
}

async function approveOne(ctx: AppContext, caller: Caller, billId: number, comment: string | null): Promise<BatchApproveItem> {
  const view = await loadBillView(ctx.db, billId, caller.userId);
  const title = titleFor(caller, view);
  // Not readable and not there answer alike (docs/security.md); a handler always reads the bill they hold a task on.
  if (view === undefined || title === null) return { id: billId, title: null, result: 'skipped', message: BatchApproveMessages.noAccess };
  // The task the detail page's 同意 would decide (its `my_task`).
  const taskId = pendingTaskOf(view.state, caller.userId);
  if (taskId === null) return { id: billId, title, result: 'skipped', message: BatchApproveMessages.notInTodo };
  // A change node that lets its handler edit fields asks for them to look at the form: its detail page's business.
  const pinned = await versionOf(ctx, ctx.db, view.bill, view.template?.current_version_id ?? null);
  const access = changeAccessOf(view.state, pinned.flow, caller.userId);
  if (access !== null && editableFieldKeys(pinned.formSchema, access).length > 0)
    return { id: billId, title, result: 'skipped', message: BatchApproveMessages.needsInput(ChangeMessages.batchSkipped) };
  let status: BillStatus;
  try {
    ({ status } = (await operate(ctx, caller, { id: taskId, operType: 'agree' }, comment === null ? {} : { comment })).result);
  } catch (error) {
    // The batch stops trying once the database is gone (approveBills).
    if (isDatabaseUnavailable(error)) throw error;
    return { id: billId, title, ...resultOfError(ctx, billId, error) };
  }
  // A bill that left the flow holds no task of anyone's: no second read for the usual one-step case.
  const isTaskLeft = status === 'doing' && (await hasTaskLeft(ctx, caller, billId));
  return { id: billId, title, result: 'approved', message: isTaskLeft ? BatchApproveMessages.agreedMore : ApprovalMessages.agreed };
}

/** Whether the bill stays in the caller's 待我审批 after their agree (a task held for a colleague, or the next step's). */
async function hasTaskLeft(ctx: AppContext, caller: Caller, billId: number): Promise<boolean> {
  try {
    const view = await loadBillView(ctx.db, billId, caller.userId);
    return view !== undefined && pendingTaskOf(view.state, caller.userId) !== null;
  } catch (error) {
    // The agree is committed: a failed second look only loses the note.
    ctx.log.warn({ err: error, billId }, 'batch approve: could not re-read the bill after the agree');
    return false;
  }
}

/**
 * POST /api/bills/batch/approve `{bill_ids, comment?}`. A bad list (empty, over 100, not positive integers,
 * repeated ids) is one 422 and nothing is decided. Bills run one after another: on SQLite writers queue anyway,
 * and on PostgreSQL a caller's batch should not take a hundred connections from everyone else.
 */
export async function approveBills(
  ctx: AppContext,
  caller: Caller,
  body: unknown,
): Promise<{ result: BatchApproveResult; message: string }> {
  const input = parse(BatchApproveZ, body);
  const comment = input.comment?.trim() || null;
  const items: BatchApproveItem[] = [];
  let isDatabaseDown = false;
  for (const billId of input.bill_ids) {
    if (isDatabaseDown) {
      // Each further bill would wait for the pool's time-out only to fail the same way: reported, not tried.
      items.push({ id: billId, title: null, result: 'failed', message: CommonMessages.serviceUnavailable });
      continue;
    }
    items.push(
      await approveOne(ctx, caller, billId, comment).catch((error: unknown) => {
        isDatabaseDown = isDatabaseUnavailable(error);
        // Nothing was decided (a failed decision rolled back), and nothing about the bill is told.
        return { id: billId, title: null, ...resultOfError(ctx, billId, error) };
      }),
    );
  }
  const count = (result: BatchApproveItem['result']) => items.filter((item) => item.result === result).length;
  const result: BatchApproveResult = { items, approved: count('approved'), skipped: count('skipped'), failed: count('failed') };
  return { result, message: BatchApproveMessages.summary(result) };
}
