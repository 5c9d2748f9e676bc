import {
  ApprovalMessages,
  BILL_OPER_TYPES,
  EngineMessages,
  FlowOperationZ,
  TaskOperationBodyZ,
  onBehalfLabel,
  type BillOperType,
  type BillStatus,
  type FlowTaskView,
} from '@osp/shared';
import { z } from 'zod';
import type { AppContext, Caller } from '../../context';
import { nowIso } from '../../db/index';
import { handlerOperationOf } from '../../flow/present';
import type { FlowEvent, Task } from '../../flow/types';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../http/errors';
import { parse } from '../../http/validate';
import { activeUserIds } from '../directory/directory.service';
import { awardTimelyApproval, awardValue } from '../points/points.service';
import { loadForRead } from './bills.detail';
import { versionOf } from './bills.forms';
import { abilitiesOf } from './bills.presenter';
import { loadState } from './bills-state.repo';
import { mutate, runEngine } from './bills.transactions';

/**
 * A handler's task (SPEC's flownode): what it is and what its handler may do with it, and the four
 * operations on it: agree, reject, back (to an earlier node) and transfer (to another user).
 */

const TASK_ID = /^(\d{1,12})-t(\d{1,6})$/;
const TaskParamsZ = z.object({ id: z.string().regex(TASK_ID, EngineMessages.taskNotFound) });
const OperParamsZ = TaskParamsZ.extend({ operType: z.enum(BILL_OPER_TYPES, { error: ApprovalMessages.operTypeInvalid }) });

function billIdOfTask(taskId: string): number {
  return Number(TASK_ID.exec(taskId)?.[1]);
}

export async function getTask(ctx: AppContext, caller: Caller, params: unknown): Promise<FlowTaskView> {
  const { id } = parse(TaskParamsZ, params);
  const { bill, state, pinned, cards } = await loadForRead(ctx, caller, billIdOfTask(id));
  const task = state.tasks.find((t) => t.id === id);
  if (!task) throw new NotFoundError(EngineMessages.taskNotFound);
  const step = state.steps.find((s) => s.id === task.stepRunId);
  const activation = state.activations.find((a) => a.id === task.activationId);
  const open =
    state.status === 'doing' && task.status === 'pending' && task.actingHandler === caller.userId && activation?.status === 'active';
  const abilities = abilitiesOf(caller, bill, state, pinned.flow);
  return {
    id: task.id,
    bill_id: bill.id,
    status: task.status,
    operation: handlerOperationOf(task.status),
    node_name: pinned.flow.nodes.find((n) => n.id === activation?.nodeId)?.name ?? '',
    step_name: step?.name ?? '',
    on_behalf_of: task.onBehalfOf === null ? null : onBehalfLabel(cards.get(task.onBehalfOf)?.name ?? ''),
    can: { agree: open, reject: open, back: open && abilities.back, transfer: open },
  };
}

/** When a task became its handler's to decide: its creation, or in a 依次 step the decision of the handler before. */
function arrivalOf(tasks: readonly Task[], task: Task): string {
  let at = task.createdAt;
  for (const t of tasks) {
    if (t.stepRunId === task.stepRunId && t.order < task.order && t.decidedAt !== null && t.decidedAt > at) at = t.decidedAt;
  }
  return at;
}

const OPERATION_MESSAGES: Record<BillOperType, string> = {
  agree: ApprovalMessages.agreed,
  reject: ApprovalMessages.rejected,
  back: ApprovalMessages.backed,
  transfer: ApprovalMessages.transferred,
};

/**
 * agree, reject, back or transfer one task. The task's own status decides whether the operation still
 * applies: a client version is not asked for, so the handlers of a 会签 step never refuse each other,
 * while the other handlers of a 或签 step find their task skipped (409) once one of them decided.
 */
export async function operate(
  ctx: AppContext,
  caller: Caller,
  params: unknown,
  body: unknown,
): Promise<{ result: { id: number; status: BillStatus; version: number }; message: string }> {
  const { id: taskId, operType } = parse(OperParamsZ, params);
  const input = parse(FlowOperationZ, body);
  if (operType === 'transfer') {
    if (input.to_user_id === undefined) throw new ValidationError({ to_user_id: [ApprovalMessages.transferTarget] });
    if (!(await activeUserIds(ctx.db, [input.to_user_id])).has(input.to_user_id)) {
      throw new ValidationError({ to_user_id: [ApprovalMessages.userMissing] });
    }
  }
  // 及时审批 (points): read before the transaction, as SQLite has one connection. A transfer decides nothing.
  const timelyPoints = operType === 'transfer' ? 0 : await awardValue(ctx, 'approval_timely');
  // No such task and someone else's task get one answer, so task ids (predictable: `{bill}-t{n}`) tell nothing.
  const notYours = () => new ForbiddenError(EngineMessages.notHandler);
  const result = await mutate(
    ctx,
    billIdOfTask(taskId),
    async (trx, bill) => {
      const state = await loadState(trx, bill, []);
      const task = state.tasks.find((t) => t.id === taskId);
      // Someone else's task: refused before anything about the bill is told.
      if (!task || task.actingHandler !== caller.userId) throw notYours();
      // Decided already (by this handler or, for 或签, by another): the same answer whatever the bill's status now.
      if (task.status !== 'pending' && task.status !== 'waiting') throw new ConflictError(EngineMessages.taskHandled);
      const pinned = await versionOf(ctx, trx, bill);
      const base = { at: nowIso(), taskId, actor: caller.userId, comment: input.comment ?? null };
      const event: FlowEvent =
        operType === 'transfer' ? { ...base, type: 'transfer', to: input.to_user_id ?? 0 } : { ...base, type: operType };
      const next = await runEngine(ctx, trx, bill, state, pinned, event);
      if (operType !== 'transfer') {
        const handled = {
          taskId,
          billTitle: bill.title,
          userId: caller.userId,
          arrivedAt: arrivalOf(state.tasks, task),
          decidedAt: base.at,
        };
        await awardTimelyApproval(trx, timelyPoints, handled);
      }
      return { id: bill.id, status: next.status, version: next.version };
    },
    notYours,
  );
  return { result, message: OPERATION_MESSAGES[operType] };
}

/**
 * POST|PUT|PATCH /api/bills/flownode/{id} (SPEC §7 "any method"): the operation named in the body as `operType`, the
 * rest of the body as the path form takes it; one code path with /api/bills/flownode/{id}/{operType}.
 */
export async function operateNamedInBody(ctx: AppContext, caller: Caller, params: unknown, body: unknown) {
  const { id } = parse(TaskParamsZ, params);
  const { operType } = parse(TaskOperationBodyZ, body ?? {});
  return operate(ctx, caller, { id, operType }, body);
}
