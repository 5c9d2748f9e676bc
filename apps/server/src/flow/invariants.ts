import { STEP_REVIEW_KIND } from '@osp/shared';
import { isStepAgreed, liveTasks } from './steps';
import type { BillState, HistoryAction, TaskStatus } from './types';

/**
 * What must hold for every bill state the engine returns. The property tests check it after every
 * event; the service may run it in development to catch a corrupt row early. Returns the violations.
 */

/** The history a task's end must have; a transferred task was handed on by a transfer or a reassign. */
const DECISION_ACTIONS: Partial<Record<TaskStatus, readonly HistoryAction[]>> = {
  agreed: ['agree'],
  rejected: ['reject'],
  returned: ['back'],
  transferred: ['transfer', 'entrust', 'handover'],
};

export function checkInvariants(state: BillState): string[] {
  const problems: string[] = [];
  const active = state.activations.filter((a) => a.status === 'active');
  if (state.status === 'doing' && active.length !== 1) problems.push(`doing bill has ${active.length} active nodes`);
  if (state.status !== 'doing' && active.length !== 0) problems.push(`${state.status} bill has an active node`);
  for (const a of state.activations) {
    if (a.status !== 'active' && a.leftAt === null) problems.push(`activation ${a.id} ended without leftAt`);
  }

  const current = active[0];
  const doingSteps = state.steps.filter((s) => s.status === 'doing');
  if (current) {
    const here = doingSteps.filter((s) => s.activationId === current.id);
    if (here.length !== 1) problems.push(`active node ${current.nodeId} has ${here.length} doing steps`);
    for (const s of here) {
      // The 会签 + 退回 bug class: a doing step that nobody can act on.
      if (!state.tasks.some((t) => t.stepRunId === s.id && t.status === 'pending')) problems.push(`doing step ${s.id} has no pending task`);
    }
  }
  for (const s of doingSteps) {
    if (s.activationId !== current?.id) problems.push(`step ${s.id} is doing outside the active node`);
  }

  for (const t of state.tasks) {
    const step = state.steps.find((s) => s.id === t.stepRunId);
    if (!step || step.activationId !== t.activationId) problems.push(`task ${t.id} is not under its step's node`);
    if ((t.status === 'pending' || t.status === 'waiting') && step?.status !== 'doing')
      problems.push(`open task ${t.id} under a ${step?.status} step`);
    const actions: readonly HistoryAction[] | undefined = t.isAuto ? ['auto_agree'] : DECISION_ACTIONS[t.status];
    if (actions && !state.history.some((h) => h.taskId === t.id && actions.includes(h.action)))
      problems.push(`task ${t.id} ${t.status} has no ${actions.join('/')} history`);
  }

  for (const s of state.steps) {
    if (s.status !== 'done') continue;
    const tasks = state.tasks.filter((t) => t.stepRunId === s.id);
    if (!isStepAgreed(s.type, tasks)) problems.push(`done step ${s.id} (${s.type}) lacks a required agreement`);
    if (STEP_REVIEW_KIND[s.type] !== 'single' && liveTasks(tasks).some((t) => t.status !== 'agreed')) {
      problems.push(`done joint step ${s.id} has a handler who did not agree`);
    }
  }

  state.history.forEach((h, i) => {
    if (h.seq !== i) problems.push(`history entry ${i} has seq ${h.seq}`);
    const prev = state.history[i - 1];
    if (prev && prev.at > h.at) problems.push(`history entry ${i} is earlier than the one before`);
    if (prev && prev.after !== h.before) problems.push(`history entry ${i} starts from ${h.before}, previous ended ${prev.after}`);
  });
  const last = state.history[state.history.length - 1];
  if (last && last.after !== state.status) problems.push(`history ends at ${last.after}, bill is ${state.status}`);
  return problems;
}
