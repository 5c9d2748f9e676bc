import { ApprovalMessages, ChangeMessages, deptPathOf, EngineMessages, initiatorApprovesOf } from '@osp/shared';
import {
  activeActivation,
  advance,
  closeOpenTasks,
  endActivation,
  enterAfter,
  enterNode,
  firstHandlers,
  nodeOf,
  record,
  type EntryInput,
  type Run,
} from './navigate';
import { decidedApproveNodesBefore, stepDefOf } from './present';
import { reassign } from './reassign';
import { computeRoute } from './rules';
import { needsComment } from './steps';
import type {
  BillState,
  EngineContext,
  EngineFailure,
  EngineField,
  EngineResult,
  FlowEvent,
  FormValues,
  Initiator,
  Task,
  UserId,
} from './types';

/**
 * The approval engine: `(flow snapshot, bill state, event) → (new state, effects)` or a typed failure.
 * The input state is never changed; a failure leaves nothing to persist.
 */

const fail = (code: EngineFailure['code'], message: string, field?: EngineField): EngineFailure =>
  field === undefined ? { ok: false, code, message } : { ok: false, code, message, field };

/** A bill before release. */
export function draftBill(): BillState {
  return {
    status: 'draft',
    version: 0,
    flowVersionId: null,
    initiator: null,
    form: {},
    chosenHandlers: {},
    route: [],
    activations: [],
    steps: [],
    tasks: [],
    history: [],
    rejectedNodeId: null,
  };
}

/**
 * Routes the form and checks that every chosen-handler step on the route has someone chosen who may approve.
 * Department rules read the initiator's department with every one above it, from the directory's tree.
 */
function plan(run: Run, initiator: Initiator, form: FormValues, chosen: Readonly<Record<string, readonly UserId[]>>): EngineFailure | null {
  const { directory } = run.ctx;
  const deptPath = deptPathOf(initiator.deptId, (id) => directory.deptParent(id));
  const routed = computeRoute(run.ctx.flow, { form, initiator: { ...initiator, deptPath } });
  if (!routed.ok) return fail(422, routed.message, 'form');
  for (const nodeId of routed.route) {
    for (const step of nodeOf(run, nodeId).steps) {
      if (step.source.kind !== 'chosen') continue;
      const picked = chosen[step.id] ?? [];
      if (picked.length === 0) return fail(422, EngineMessages.chosenMissing(step.name), 'chosen_handlers');
      // Choosing oneself is never an approval, whatever 发起人审批时 says: refused rather than silently dropped.
      if (picked.includes(initiator.userId)) return fail(422, EngineMessages.chosenInitiator(step.name), 'chosen_handlers');
      // Someone disabled since they were chosen (a resubmission keeps the earlier choice): choose again.
      if (picked.some((u) => !directory.isActive(u))) return fail(422, EngineMessages.chosenDisabled(step.name), 'chosen_handlers');
    }
  }
  const s = run.state;
  s.initiator = initiator;
  s.form = form;
  s.chosenHandlers = chosen;
  s.route = routed.route;
  s.status = 'doing';
  return null;
}

function start(run: Run): void {
  const startId = run.state.route[0];
  if (startId === undefined) throw new Error('empty route');
  enterNode(run, startId, 'forward');
  enterAfter(run, startId);
}

/** Finds the task and checks that `actor` may act on it now. */
function actionableTask(run: Run, taskId: string, actor: UserId): Task | EngineFailure {
  if (run.state.status !== 'doing') return fail(409, EngineMessages.notDoing);
  const task = run.state.tasks.find((t) => t.id === taskId);
  if (!task) return fail(404, EngineMessages.taskNotFound);
  if (task.actingHandler !== actor) return fail(403, EngineMessages.notHandler);
  if (task.status === 'waiting') return fail(409, EngineMessages.notYourTurn);
  if (task.status !== 'pending' || task.activationId !== activeActivation(run.state)?.id) return fail(409, EngineMessages.taskHandled);
  return task;
}

function requireInitiator(run: Run, actor: UserId): EngineFailure | null {
  // A draft has no initiator yet: the service's policy decides who owns it.
  if (run.state.initiator === null) return null;
  return run.state.initiator.userId === actor ? null : fail(403, EngineMessages.notInitiator);
}

/**
 * Where 退回 from `nodeId` by `sender` goes: the last approve node before it on the route that people decided
 * (its latest activation has a step that was not skipped) and that, entered again now, asks someone besides the
 * sender. A node that found nobody or whose only handler 发起人审批时 waived is passed over, and so is one that
 * would now find nobody (its people disabled since) or ask the sender alone: re-entered, it would pass by itself
 * and the bill would come straight back to the sender. Null when there is none (refused: use reject).
 */
function backTarget(run: Run, nodeId: string, sender: UserId): string | null {
  const decided = decidedApproveNodesBefore(run.state, run.ctx.flow.nodes, nodeId);
  return decided.find((id) => firstHandlers(run, id).some((u) => u !== sender)) ?? null;
}

function dispatch(run: Run, event: FlowEvent): EngineFailure | null {
  const s = run.state;
  switch (event.type) {
    case 'release': {
      if (s.status !== 'draft') return fail(409, EngineMessages.notDraft);
      const failure = plan(run, event.initiator, event.form, event.chosenHandlers ?? {});
      if (failure) return failure;
      s.flowVersionId = run.ctx.flow.versionId;
      record(run, { action: 'release', actor: event.initiator.userId, nodeId: s.route[0] ?? null });
      start(run);
      advance(run);
      return null;
    }
    case 'agree':
    case 'reject':
    case 'back':
    case 'transfer': {
      const task = actionableTask(run, event.taskId, event.actor);
      if ('ok' in task) return task;
      const comment = event.comment?.trim() || null;
      if (needsComment(event.type, stepDefOf(s, run.ctx.flow.nodes, task)) && comment === null)
        return fail(422, EngineMessages.commentRequired, 'comment');
      const act = activeActivation(s);
      if (!act) throw new Error('pending task without an active node');
      const base = {
        actor: event.actor,
        nodeId: act.nodeId,
        stepRunId: task.stepRunId,
        taskId: task.id,
        onBehalfOf: task.onBehalfOf,
        comment,
      };
      if (event.type === 'transfer') return transfer(run, task, event.to, base);
      let target: string | null = null;
      if (event.type === 'back') {
        target = backTarget(run, act.nodeId, event.actor);
        if (target === null) return fail(422, EngineMessages.noBackTarget, 'comment');
      }
      task.comment = comment;
      task.decidedAt = run.at;
      task.status = event.type === 'agree' ? 'agreed' : event.type === 'reject' ? 'rejected' : 'returned';
      record(run, { ...base, action: event.type });
      if (event.type === 'agree') {
        advance(run);
        return null;
      }
      // reject and back end the whole activation: every sibling's open task is cancelled, none is lost.
      closeOpenTasks(run, 'cancelled');
      endActivation(run, event.type === 'reject' ? 'rejected' : 'returned', 'rejected');
      if (target === null) {
        s.status = 'rejected';
        s.rejectedNodeId = act.nodeId;
        if (s.initiator) run.effects.push({ kind: 'bill_rejected', notify: s.initiator.userId });
        return null;
      }
      enterNode(run, target, 'back');
      run.effects.push({ kind: 'bill_sent_back', nodeId: target });
      advance(run);
      return null;
    }
    case 'change': {
      const task = actionableTask(run, event.taskId, event.actor);
      if ('ok' in task) return task;
      const act = activeActivation(s);
      if (!act) throw new Error('pending task without an active node');
      if (nodeOf(run, act.nodeId).type !== 'change') return fail(409, ChangeMessages.notChangeNode);
      if (event.changes.length === 0) return fail(422, ChangeMessages.nothingChanged, 'form');
      // The route was fixed at release (README): an edited field does not send the bill down another path.
      s.form = event.form;
      record(run, {
        action: 'change',
        actor: event.actor,
        nodeId: act.nodeId,
        stepRunId: task.stepRunId,
        taskId: task.id,
        onBehalfOf: task.onBehalfOf,
        comment: event.comment?.trim() || null,
        changes: event.changes,
      });
      return null;
    }
    case 'withdraw': {
      const denied = requireInitiator(run, event.actor);
      if (denied) return denied;
      if (s.status !== 'doing') return fail(409, EngineMessages.notDoing);
      record(run, { action: 'withdraw', actor: event.actor, nodeId: activeActivation(s)?.nodeId ?? null, comment: event.comment ?? null });
      closeOpenTasks(run, 'cancelled');
      endActivation(run, 'withdrawn', 'cancelled');
      s.status = 'returned';
      s.rejectedNodeId = null;
      return null;
    }
    case 'resubmit': {
      const denied = requireInitiator(run, event.actor);
      if (denied) return denied;
      if (s.status !== 'rejected' && s.status !== 'returned') return fail(409, EngineMessages.notResubmittable);
      const initiator = s.initiator;
      if (!initiator) throw new Error('resubmit without an initiator');
      const resumeAt = s.status === 'rejected' && run.ctx.flow.settings.resubmit === 'resume' ? s.rejectedNodeId : null;
      const failure = plan(run, initiator, event.form, event.chosenHandlers ?? s.chosenHandlers);
      if (failure) return failure;
      s.rejectedNodeId = null;
      record(run, { action: 'resubmit', actor: event.actor, nodeId: resumeAt ?? s.route[0] ?? null });
      // Resume only when the rejecting node is still on the route the new form takes; otherwise restart.
      if (resumeAt !== null && s.route.includes(resumeAt)) enterNode(run, resumeAt, 'resume');
      else start(run);
      advance(run);
      return null;
    }
    case 'abandon': {
      const denied = requireInitiator(run, event.actor);
      if (denied) return denied;
      if (s.status !== 'draft' && s.status !== 'rejected' && s.status !== 'returned') return fail(409, EngineMessages.notAbandonable);
      record(run, { action: 'abandon', actor: event.actor, comment: event.comment ?? null });
      s.status = 'abandoned';
      return null;
    }
    case 'reassign':
      // Who may move someone's tasks is the service's policy (the person themselves, or a user administrator).
      return reassign(run, event);
    case 'close': {
      // Who may close is the service's policy (an administrator); the engine only ends the flow cleanly.
      if (s.status !== 'doing' && s.status !== 'rejected' && s.status !== 'returned') return fail(409, EngineMessages.notDoing);
      record(run, { action: 'close', actor: event.actor, nodeId: activeActivation(s)?.nodeId ?? null, comment: event.comment ?? null });
      closeOpenTasks(run, 'cancelled');
      endActivation(run, 'closed', 'cancelled');
      s.status = 'closed';
      return null;
    }
  }
}

/** Whether the task belongs to a step whose source is the initiator (发起人本人). */
function isInitiatorStep(run: Run, task: Task): boolean {
  return stepDefOf(run.state, run.ctx.flow.nodes, task)?.source.kind === 'initiator';
}

function transfer(run: Run, task: Task, to: UserId, base: Omit<EntryInput, 'action'>): EngineFailure | null {
  if (to === task.actingHandler) return fail(422, EngineMessages.transferToSelf, 'to_user_id');
  if (!run.ctx.directory.isActive(to)) return fail(422, ApprovalMessages.userMissing, 'to_user_id');
  // A transfer must not open the hole 发起人审批时 closes (a 发起人本人 step aside: that step is theirs anyway).
  if (to === run.state.initiator?.userId && initiatorApprovesOf(run.ctx.flow.settings) !== 'self' && !isInitiatorStep(run, task))
    return fail(422, EngineMessages.transferToInitiator, 'to_user_id');
  const open = run.state.tasks.filter((t) => t.stepRunId === task.stepRunId && (t.status === 'pending' || t.status === 'waiting'));
  if (open.some((t) => t.actingHandler === to)) return fail(422, EngineMessages.transferToHandler, 'to_user_id');
  task.status = 'transferred';
  task.comment = base.comment ?? null;
  task.decidedAt = run.at;
  const next: Task = {
    ...task,
    id: run.ctx.newId('task'),
    actingHandler: to,
    onBehalfOf: task.originalHandler,
    via: 'transfer',
    transferredFrom: task.id,
    status: 'pending',
    comment: null,
    createdAt: run.at,
    decidedAt: null,
    isAuto: false,
  };
  run.state.tasks.push(next);
  record(run, { ...base, action: 'transfer', toUser: to });
  run.effects.push({ kind: 'task_assigned', taskId: next.id, userId: to });
  return null;
}

/** Applies one event. The service persists the returned state in one transaction, writing `version` conditionally. */
export function applyEvent(ctx: EngineContext, state: BillState, event: FlowEvent): EngineResult {
  if (event.expectedVersion !== undefined && event.expectedVersion !== state.version) return fail(409, EngineMessages.staleVersion);
  if (state.flowVersionId !== null && state.flowVersionId !== ctx.flow.versionId) return fail(409, EngineMessages.flowVersionMismatch);
  const run: Run = { ctx, state: structuredClone(state), effects: [], at: event.at };
  const firstEntry = run.state.history.length;
  const before = state.status;
  const failure = dispatch(run, event);
  if (failure) return failure;
  run.state.version = state.version + 1;
  // The event's own entry carries the bill's transition; the entries it caused (skips, auto-agrees) follow it.
  run.state.history.slice(firstEntry).forEach((entry, i) => {
    entry.before = i === 0 ? before : run.state.status;
    entry.after = run.state.status;
  });
  return { ok: true, state: run.state, effects: run.effects };
}
