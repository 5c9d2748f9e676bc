import { ApprovalMessages, EngineMessages, initiatorApprovesOf } from '@osp/shared';
import { activeActivation, record, type Run } from './navigate';
import type { BillState, EngineFailure, FlowEvent, FlowSnapshot, Task, UserId } from './types';

/**
 * `reassign`: open tasks of one person move to another without anyone deciding anything (issue 13). Two callers:
 * a person who entrusts their approvals hands their current to-dos to the delegate (`entrust`), and an
 * administrator hands a leaver's to-dos to a colleague (`handover`). Modelled as a transfer is: the task becomes
 * `transferred` and a successor in the same order slot and status (pending, or waiting for its ordersign turn, which
 * a transfer cannot move) goes to the receiver, acting for the person it was taken from (`onBehalfOf`, 代 X 审批).
 * One history entry per task, whose action names why.
 *
 * The receiver must be someone the engine would give the task to: active, not already holding an open task of the
 * same step (they would decide twice), and not the bill's initiator unless the flow lets the initiator approve
 * (发起人审批时 = self) or the step is the initiator's own — the rule an entrust and a transfer follow too.
 */

export type ReassignRefusal = 'initiator' | 'same_step';

const isOpen = (task: Task) => task.status === 'pending' || task.status === 'waiting';

/** The tasks of `userId` that are theirs to decide now or later in the current node. */
export function openTasksOf(state: BillState, userId: UserId): Task[] {
  const active = activeActivation(state);
  if (state.status !== 'doing' || !active) return [];
  return state.tasks.filter((t) => t.actingHandler === userId && isOpen(t) && t.activationId === active.id);
}

function isInitiatorStepTask(flow: FlowSnapshot, state: BillState, task: Task): boolean {
  const step = state.steps.find((s) => s.id === task.stepRunId);
  const activation = state.activations.find((a) => a.id === task.activationId);
  const node = flow.nodes.find((n) => n.id === activation?.nodeId);
  return node?.steps.find((d) => d.id === step?.stepId)?.source.kind === 'initiator';
}

/**
 * Why `to` may not take over `task` (one of `moving`, the tasks moved together), or null when they may. Pure, so the
 * service asks it first to report what it leaves, and the engine asks it again before it moves anything.
 */
export function reassignRefusal(
  flow: FlowSnapshot,
  state: BillState,
  task: Task,
  to: UserId,
  moving: readonly Task[] = [task],
): ReassignRefusal | null {
  if (to === state.initiator?.userId && initiatorApprovesOf(flow.settings) !== 'self' && !isInitiatorStepTask(flow, state, task)) {
    return 'initiator';
  }
  const staying = state.tasks.filter((t) => t.stepRunId === task.stepRunId && isOpen(t) && !moving.some((m) => m.id === t.id));
  return staying.some((t) => t.actingHandler === to) ? 'same_step' : null;
}

const fail = (code: EngineFailure['code'], message: string, toField = false): EngineFailure =>
  toField ? { ok: false, code, message, field: 'to_user_id' } : { ok: false, code, message };

export function reassign(run: Run, event: Extract<FlowEvent, { type: 'reassign' }>): EngineFailure | null {
  const s = run.state;
  if (s.status !== 'doing') return fail(409, EngineMessages.notDoing);
  if (event.to === event.from) return fail(422, EngineMessages.transferToSelf, true);
  if (!run.ctx.directory.isActive(event.to)) return fail(422, ApprovalMessages.userMissing, true);
  if (event.taskIds.length === 0) return fail(409, EngineMessages.taskHandled);
  const open = openTasksOf(s, event.from);
  const moving: Task[] = [];
  for (const id of new Set(event.taskIds)) {
    const task = open.find((t) => t.id === id);
    if (!task) return fail(409, EngineMessages.taskHandled);
    moving.push(task);
  }
  for (const task of moving) {
    const refusal = reassignRefusal(run.ctx.flow, s, task, event.to, moving);
    if (refusal === 'initiator') return fail(422, EngineMessages.transferToInitiator, true);
    if (refusal === 'same_step') return fail(422, EngineMessages.transferToHandler, true);
  }
  const act = activeActivation(s);
  if (!act) throw new Error('open task without an active node');
  const comment = event.comment?.trim() || null;
  for (const task of moving) {
    const status = task.status;
    task.status = 'transferred';
    task.comment = comment;
    task.decidedAt = run.at;
    const next: Task = {
      ...task,
      id: run.ctx.newId('task'),
      actingHandler: event.to,
      onBehalfOf: event.from,
      // A handover is an administrator's transfer; an entrust's move is the entrust applied late.
      via: event.reason === 'entrust' ? 'entrust' : 'transfer',
      transferredFrom: task.id,
      status,
      comment: null,
      createdAt: run.at,
      decidedAt: null,
      isAuto: false,
    };
    s.tasks.push(next);
    record(run, {
      action: event.reason,
      actor: event.actor,
      nodeId: act.nodeId,
      stepRunId: task.stepRunId,
      taskId: task.id,
      toUser: event.to,
      comment,
    });
    if (status === 'pending') run.effects.push({ kind: 'task_assigned', taskId: next.id, userId: event.to });
  }
  return null;
}
