import { STEP_REVIEW_KIND, type StepDef, type StepType } from '@osp/shared';
import type { Task } from './types';

/**
 * The rule of each step type (SPEC §4): single (orsign, group_only, check) — one agreement decides;
 * joint (group_all, joinsign) — every handler must agree; sequential (ordersign) — every handler, one
 * after another. A transferred task is replaced by its successor and no longer counts.
 */

/** Tasks that still count towards the step's decision. */
export function liveTasks(tasks: readonly Task[]): Task[] {
  return tasks.filter((t) => t.status !== 'transferred');
}

/** Whether the agreements so far complete the step. */
export function isStepAgreed(type: StepType, tasks: readonly Task[]): boolean {
  const live = liveTasks(tasks);
  if (live.length === 0) return false;
  if (STEP_REVIEW_KIND[type] === 'single') return live.some((t) => t.status === 'agreed');
  return live.every((t) => t.status === 'agreed');
}

/** For a sequential step, the next handler in order whose turn has not come; null when none is left. */
export function nextInOrder(tasks: readonly Task[]): Task | null {
  const waiting = tasks.filter((t) => t.status === 'waiting').sort((a, b) => a.order - b.order);
  return waiting[0] ?? null;
}

/** The initial status of the task at `order` for a step of this type. */
export function initialTaskStatus(type: StepType, order: number): 'pending' | 'waiting' {
  return STEP_REVIEW_KIND[type] === 'sequential' && order > 0 ? 'waiting' : 'pending';
}

/**
 * Whether the operation needs a comment: a reject or back always; an agree on a step marked 同意时须填写审批意见
 * (`commentRequired`); a transfer never.
 */
export function needsComment(op: 'agree' | 'reject' | 'back' | 'transfer', def?: Pick<StepDef, 'commentRequired'>): boolean {
  return op === 'reject' || op === 'back' || (op === 'agree' && def?.commentRequired === true);
}
