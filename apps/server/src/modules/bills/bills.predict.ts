import type { StepDef } from '@osp/shared';
import { hasHandlers, planStepOf } from '../../flow/navigate';
import type { BillState, Directory, FlowSnapshot, UserId } from '../../flow/types';

/**
 * The flow popover's way ahead (SPEC §2: each step with its approvers): whom the steps a bill in progress has not
 * reached yet would ask, were each started now. Pure: the caller (bills.detail `getFlow`) loads the directory.
 *
 * The bill's **pass** is the run of its route it is on: the node of its latest activation is where it stands; the
 * nodes behind that show what happened, the nodes after it what lies ahead — even when an earlier pass entered them
 * (a bill sent back, or resubmitted from the start, will ask their people again).
 */

/** A step not reached yet: the people it would ask (in order, with 代 X 审批), none when it would pass by itself. */
export interface PredictedStep {
  handlers: { userId: UserId; onBehalfOf: UserId | null }[];
}

export const predictionKey = (nodeId: string, stepId: string) => `${nodeId}/${stepId}`;

/** The index on the route of the node the bill's latest activation entered (-1 before its release). */
export function routePosition(state: BillState): number {
  const last = state.activations.at(-1);
  return last ? state.route.indexOf(last.nodeId) : -1;
}

/** The steps a bill in progress has not reached: the waiting ones of the node it waits at, then all of every node after it. */
export function stepsAhead(state: BillState, flow: FlowSnapshot): { nodeId: string; step: StepDef }[] {
  if (state.status !== 'doing') return [];
  const position = routePosition(state);
  const ahead: { nodeId: string; step: StepDef }[] = [];
  const active = state.activations.find((a) => a.status === 'active');
  if (active) {
    const waiting = new Set(state.steps.filter((s) => s.activationId === active.id && s.status === 'waiting').map((s) => s.stepId));
    const node = flow.nodes.find((n) => n.id === active.nodeId);
    for (const step of node?.steps ?? []) if (waiting.has(step.id)) ahead.push({ nodeId: active.nodeId, step });
  }
  for (const nodeId of state.route.slice(position + 1)) {
    const node = flow.nodes.find((n) => n.id === nodeId);
    if (node && hasHandlers(node)) for (const step of node.steps) ahead.push({ nodeId, step });
  }
  return ahead;
}

/**
 * The engine's own resolution of one step (flow/navigate.ts `planStepOf`, what `startStep` runs) at `at`: the source
 * (disabled people count as nobody), 发起人审批时, then entrusts and the empty-source setting. Not foreseen: auto-agree
 * (it depends on who agrees the step before) and changes to the directory or entrusts before the step is reached.
 */
function predictStep(state: BillState, flow: FlowSnapshot, directory: Directory, at: string, step: StepDef): PredictedStep {
  if (!state.initiator) return { handlers: [] };
  const start = planStepOf(flow, directory, state, at, step);
  if (start.kind !== 'assign') return { handlers: [] };
  return { handlers: start.assignments.map((a) => ({ userId: a.actingHandler, onBehalfOf: a.onBehalfOf })) };
}

/** Predictions for every step ahead of a bill in progress, by `predictionKey`. */
export function predictSteps(state: BillState, flow: FlowSnapshot, directory: Directory, at: string): Map<string, PredictedStep> {
  const predictions = new Map<string, PredictedStep>();
  for (const { nodeId, step } of stepsAhead(state, flow)) {
    predictions.set(predictionKey(nodeId, step.id), predictStep(state, flow, directory, at, step));
  }
  return predictions;
}

/** Everyone the predictions name, for one look-up of names. */
export function peopleOfPredictions(predictions: ReadonlyMap<string, PredictedStep>): number[] {
  return [...predictions.values()].flatMap((p) =>
    p.handlers.flatMap((h) => (h.onBehalfOf === null ? [h.userId] : [h.userId, h.onBehalfOf])),
  );
}
