import type { BillDetail } from '@osp/shared';
import type { AppContext, Caller } from '../../context';
import type { Db } from '../../db/index';
import { isListenedKind, registerOutcomeListener, type ApprovalOutcomeListener } from './bills.outcomes';
import * as repo from './bills.repo';
import { createBill, deleteBill } from './bills.drafts';
import { releaseBill } from './bills.release';

/**
 * Approval as a service: the bills module's public API for other modules (STYLE "A new area moves in").
 * A leave request, an IPTV record change or any later object that needs approval starts a bill from a
 * template through here and is told of the bill's outcome in the transaction that decides it; there is
 * one engine, one set of boxes and one history for every approval in the product (docs/decisions.md).
 *
 * Usage, from the owning module:
 *   onApprovalOutcome('leave', async (trx, e) => { … update the leave request by e.subjectId … });
 *   const bill = await startApproval(ctx, caller, { templateId, subject: { kind: 'leave', id }, form });
 */

export type { ApprovalOutcome, ApprovalOutcomeEvent, ApprovalOutcomeListener } from './bills.outcomes';

/** The business object a bill is started for: its module's kind and its id. */
export interface ApprovalSubject {
  kind: string;
  id: number;
}

export interface StartApprovalInput {
  templateId: number;
  subject: ApprovalSubject;
  title?: string;
  /** The bill's form values, keyed as the template's form schema. */
  form: Record<string, unknown>;
  /** 发起人自选 steps: step id → chosen user ids. */
  chosenHandlers?: Record<string, number[]>;
}

/**
 * Registers what the module of `kind` does when one of its bills is approved, rejected, withdrawn,
 * abandoned, closed or resubmitted. Called once, when the module's routes are registered; the listener
 * runs inside the deciding transaction (throwing undoes the decision).
 */
export function onApprovalOutcome(kind: string, listener: ApprovalOutcomeListener): void {
  registerOutcomeListener(kind, listener);
}

/**
 * Starts a bill for the subject as the caller, with every rule of 发起审批: who may start the template,
 * the form's checks, the flow's handlers. Answers the released bill (it may already be finished when
 * every step was skipped; the listener has then been told). When the release is refused, the draft is
 * removed again, so a refused start leaves nothing behind, and the refusal (a 4xx with its message and
 * field) reaches the caller.
 */
export async function startApproval(ctx: AppContext, caller: Caller, input: StartApprovalInput): Promise<BillDetail> {
  // A kind nobody listens for would never hear of its outcome: a programming error, not a user's.
  if (!isListenedKind(input.subject.kind)) throw new Error(`startApproval: nothing listens for "${input.subject.kind}" outcomes`);
  const draft = await createBill(
    ctx,
    caller,
    { template_id: input.templateId, form: input.form, ...(input.title !== undefined ? { title: input.title } : {}) },
    input.subject.kind,
  );
  await repo.linkSubject(ctx.db, draft.id, input.subject.kind, input.subject.id);
  try {
    return await releaseBill(ctx, caller, { id: draft.id }, input.chosenHandlers ? { chosen_handlers: input.chosenHandlers } : {});
  } catch (error) {
    await deleteBill(ctx, caller, { id: draft.id }).catch((cleanup: unknown) =>
      ctx.log.warn({ err: cleanup, billId: draft.id }, 'startApproval: the refused draft could not be removed'),
    );
    throw error;
  }
}

/** The enabled, published template bound to a module's kind (templates.subject_kind), the first by order; or undefined. */
export function templateForSubject(db: Db, kind: string): Promise<{ id: number; name: string } | undefined> {
  return repo.templateForSubject(db, kind);
}

/**
 * A bill's stored form values, read inside the caller's transaction: what a listener checks when the initiator edited
 * a returned bill before resubmitting it. Missing bill: undefined.
 */
export async function billFormOf(db: Db, billId: number): Promise<Record<string, unknown> | undefined> {
  return (await repo.findBill(db, billId))?.form;
}

/** The bills started for a subject, oldest first (a rejected request may be started again). */
export function billIdsOf(ctx: AppContext, subject: ApprovalSubject): Promise<number[]> {
  return repo.billIdsOfSubject(ctx.db, subject.kind, subject.id);
}
