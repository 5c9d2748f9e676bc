import { HANDLER_OPERATIONS, type FlowNode, type HandlerOperation, type StepDef, type StepStatus } from '@osp/shared';
import type { BillState, StepRunStatus, Task, TaskStatus } from './types';

/**
 * The internal statuses as SPEC §4 shows them. The engine keeps more (cancelled, transferred, skipped,
 * waiting) so that history stays exact; the API shows only 0 pending, 1 agreed, 2 rejected or returned.
 */

export function handlerOperationOf(status: TaskStatus): HandlerOperation {
  switch (status) {
    case 'agreed':
      return HANDLER_OPERATIONS.agreed;
    case 'rejected':
    case 'returned':
      return HANDLER_OPERATIONS.rejected;
    case 'waiting':
    case 'pending':
    case 'cancelled':
    case 'transferred':
    case 'skipped':
      return HANDLER_OPERATIONS.pending;
  }
}

/** A skipped step (nobody to ask) counts as passed; a step ended by a withdraw or close was never decided. */
export function stepStatusOf(status: StepRunStatus): StepStatus {
  switch (status) {
    case 'waiting':
    case 'cancelled':
      return 'waiting';
    case 'doing':
      return 'doing';
    case 'done':
    case 'skipped':
      return 'done';
    case 'rejected':
      return 'rejected';
  }
}

/** The acting handlers a doing step still waits for, in order (for SPEC's 等人 text). */
export function waitingHandlers(state: BillState, stepRunId: string): number[] {
  return state.tasks.filter((t) => t.stepRunId === stepRunId && t.status === 'pending').map((t) => t.actingHandler);
}

/** The task `userId` may act on now, if any (drives the service's `abilities`). */
export function pendingTaskOf(state: BillState, userId: number): string | null {
  return state.tasks.find((t) => t.status === 'pending' && t.actingHandler === userId)?.id ?? null;
}

/** The flow's definition of the step a task belongs to (undefined only for a state the flow does not match). */
export function stepDefOf(
  state: BillState,
  nodes: readonly Pick<FlowNode, 'id' | 'steps'>[],
  task: Pick<Task, 'stepRunId' | 'activationId'>,
): StepDef | undefined {
  const step = state.steps.find((st) => st.id === task.stepRunId);
  const nodeId = state.activations.find((a) => a.id === task.activationId)?.nodeId;
  return step && nodes.find((n) => n.id === nodeId)?.steps.find((d) => d.id === step.stepId);
}

/**
 * The approve nodes before `nodeId` on the bill's route that people decided (the node's latest activation has a
 * step that ended done, not skipped), nearest first: where 退回 may go. The engine further passes over a node
 * that, entered again now, would ask nobody or the sender alone (engine.ts backTarget); the detail's 退回 button
 * shows when this list is not empty, which needs no directory.
 */
export function decidedApproveNodesBefore(state: BillState, nodes: readonly Pick<FlowNode, 'id' | 'type'>[], nodeId: string): string[] {
  const found: string[] = [];
  for (let i = state.route.indexOf(nodeId) - 1; i >= 0; i--) {
    const id = state.route[i];
    if (id === undefined || nodes.find((n) => n.id === id)?.type !== 'approve') continue;
    const last = state.activations.filter((a) => a.nodeId === id).at(-1);
    if (last !== undefined && state.steps.some((st) => st.activationId === last.id && st.status === 'done')) found.push(id);
  }
  return found;
}
