import { EngineMessages, initiatorApprovesOf, type FlowNode, type StepDef } from '@osp/shared';
import { applyInitiatorRule, assign, resolveSource, type Assignment } from './handlers';
import { initialTaskStatus, isStepAgreed, nextInOrder } from './steps';
import type {
  BillState,
  Directory,
  Effect,
  EngineContext,
  FlowSnapshot,
  HistoryEntry,
  NodeActivation,
  StepRun,
  Task,
  TaskStatus,
  UserId,
} from './types';

/**
 * Moving a bill through its route: entering nodes, starting steps, deciding them, leaving nodes.
 * Everything here mutates `run.state`, a private copy made by `applyEvent`.
 */

export interface Run {
  ctx: EngineContext;
  state: BillState;
  effects: Effect[];
  at: string;
}

export function nodeOf(run: Run, nodeId: string): FlowNode {
  const node = run.ctx.flow.nodes.find((n) => n.id === nodeId);
  if (!node) throw new Error(`flow snapshot has no node ${nodeId}`);
  return node;
}

export function activeActivation(state: BillState): NodeActivation | null {
  return state.activations.find((a) => a.status === 'active') ?? null;
}

export function tasksOf(state: BillState, stepRunId: string): Task[] {
  return state.tasks.filter((t) => t.stepRunId === stepRunId);
}

export type EntryInput = Partial<Omit<HistoryEntry, 'seq' | 'at' | 'before' | 'after'>> & Pick<HistoryEntry, 'action'>;

/** Appends a history entry; `applyEvent` fills in the bill status before and after the whole event. */
export function record(run: Run, entry: EntryInput): void {
  const s = run.state;
  s.history.push({
    actor: null,
    nodeId: null,
    stepRunId: null,
    taskId: null,
    onBehalfOf: null,
    toUser: null,
    comment: null,
    ...entry,
    seq: s.history.length,
    at: run.at,
    before: s.status,
    after: s.status,
  });
}

/** Ends every open task of the bill with `status` (reject, back, withdraw, close). */
export function closeOpenTasks(run: Run, status: TaskStatus): void {
  const ids: string[] = [];
  for (const t of run.state.tasks) {
    if (t.status === 'pending' || t.status === 'waiting') {
      t.status = status;
      t.decidedAt = run.at;
      ids.push(t.id);
    }
  }
  if (ids.length > 0) run.effects.push({ kind: 'tasks_cancelled', taskIds: ids });
}

/** Ends the active activation and its doing step. */
export function endActivation(run: Run, status: NodeActivation['status'], stepStatus: StepRun['status']): NodeActivation | null {
  const act = activeActivation(run.state);
  if (!act) return null;
  for (const s of run.state.steps) {
    if (s.activationId === act.id && s.status === 'doing') {
      s.status = stepStatus;
      s.endedAt = run.at;
    }
  }
  act.status = status;
  act.leftAt = run.at;
  return act;
}

/** Nodes whose steps give people tasks: approve nodes, and change nodes (their handlers edit the form, then agree). */
export function hasHandlers(node: Pick<FlowNode, 'type'>): boolean {
  return node.type === 'approve' || node.type === 'change';
}

/**
 * Creates an activation of `nodeId`; an approve or change node gets its steps (waiting), any other node passes at
 * once. A change node without steps (flows saved before change nodes had handlers) stays active with none, and
 * `advance` passes it at once.
 */
export function enterNode(run: Run, nodeId: string, cause: NodeActivation['cause']): NodeActivation {
  const node = nodeOf(run, nodeId);
  const passes = !hasHandlers(node);
  const act: NodeActivation = {
    id: run.ctx.newId('activation'),
    nodeId,
    cause,
    status: passes ? 'done' : 'active',
    enteredAt: run.at,
    leftAt: passes ? run.at : null,
  };
  run.state.activations.push(act);
  node.steps.forEach((def, index) => {
    if (passes) return;
    run.state.steps.push({
      id: run.ctx.newId('step'),
      activationId: act.id,
      stepId: def.id,
      name: def.name,
      type: def.type,
      index,
      status: 'waiting',
      endedAt: null,
    });
  });
  if (node.type === 'archive' || node.type === 'change') run.effects.push({ kind: node.type, nodeId });
  if (node.type === 'archive') record(run, { action: 'archive', nodeId });
  if (node.type === 'end') {
    run.state.status = 'done';
    run.effects.push({ kind: 'bill_done' });
  }
  return act;
}

/** Enters the nodes after `nodeId` on the route until an approve node or the end is reached. */
export function enterAfter(run: Run, nodeId: string): void {
  const route = run.state.route;
  for (let i = route.indexOf(nodeId) + 1; i < route.length; i++) {
    const id = route[i];
    if (id === undefined) break;
    const act = enterNode(run, id, 'forward');
    if (act.status === 'active' || run.state.status === 'done') return;
  }
}

/**
 * What starting a step of `def` would do now: pass it because 发起人审批时 waived the initiator, pass it because
 * the source found nobody and `emptyHandler` is skip, or give these people tasks.
 */
export type StepStart = { kind: 'initiator_skipped' } | { kind: 'nobody' } | { kind: 'assign'; assignments: Assignment[] };

/**
 * The same, for a bill and directory given apart from a run: the flow popover's predicted handlers
 * (modules/bills/bills.predict.ts) ask the engine's own question.
 */
export function planStepOf(flow: FlowSnapshot, directory: Directory, state: BillState, at: string, def: StepDef): StepStart {
  const initiator = state.initiator;
  if (!initiator) throw new Error(`step ${def.id} runs on a bill without an initiator`);
  const named = resolveSource(def.source, directory, initiator, state.chosenHandlers[def.id]);
  const rule = initiatorApprovesOf(flow.settings);
  const { users, outcome } = applyInitiatorRule(def.source, named, rule, directory, initiator);
  if (outcome === 'skipped' && users.length === 0) return { kind: 'initiator_skipped' };
  const admin = flow.settings.emptyHandler === 'admin' ? flow.settings.adminUserId : null;
  const assignments = assign(users, directory, flow.templateId, at, admin, rule === 'self' ? null : initiator.userId);
  return assignments.length === 0 ? { kind: 'nobody' } : { kind: 'assign', assignments };
}

function planStep(run: Run, def: StepDef): StepStart {
  return planStepOf(run.ctx.flow, run.ctx.directory, run.state, run.at, def);
}

/**
 * Who would be asked first were `nodeId` entered now: the acting handlers of the first pending tasks of its
 * first step that finds someone ([] when every step would pass by itself). 退回 uses it to choose its target.
 */
export function firstHandlers(run: Run, nodeId: string): UserId[] {
  for (const def of nodeOf(run, nodeId).steps) {
    const start = planStep(run, def);
    if (start.kind !== 'assign') continue;
    return start.assignments.filter((_, order) => initialTaskStatus(def.type, order) === 'pending').map((a) => a.actingHandler);
  }
  return [];
}

function startStep(run: Run, step: StepRun): void {
  const s = run.state;
  const act = s.activations.find((a) => a.id === step.activationId);
  const def = act ? nodeOf(run, act.nodeId).steps.find((d) => d.id === step.stepId) : undefined;
  if (!act || !def) throw new Error(`step ${step.id} has no definition`);
  const start = planStep(run, def);
  if (start.kind !== 'assign') {
    // initiator_skipped: the source found someone, the initiator, whose approval the flow waives: the step
    // passes, whatever emptyHandler says (that setting is for a source that finds nobody), and the history says why.
    step.status = 'skipped';
    step.endedAt = run.at;
    const comment = start.kind === 'initiator_skipped' ? EngineMessages.initiatorSkipped : null;
    record(run, { action: 'skip', nodeId: act.nodeId, stepRunId: step.id, comment });
    return;
  }
  step.status = 'doing';
  start.assignments.forEach((a, order) => {
    const task: Task = {
      id: run.ctx.newId('task'),
      stepRunId: step.id,
      activationId: act.id,
      ...a,
      transferredFrom: null,
      order,
      status: initialTaskStatus(def.type, order),
      comment: null,
      createdAt: run.at,
      decidedAt: null,
      isAuto: false,
    };
    s.tasks.push(task);
    if (task.status === 'pending') run.effects.push({ kind: 'task_assigned', taskId: task.id, userId: task.actingHandler });
  });
}

/**
 * Who agreed a step decided just before `step` (skipped steps are passed over; nobody when it was not agreed):
 * 审批人去重 `consecutive`.
 */
function previousAgreers(state: BillState, step: StepRun): Set<number> {
  const before = state.steps.slice(0, state.steps.indexOf(step));
  for (let i = before.length - 1; i >= 0; i--) {
    const prev = before[i];
    if (!prev || prev.status === 'skipped' || prev.status === 'waiting') continue;
    return prev.status === 'done' ? new Set(agreersOf(state, prev)) : new Set();
  }
  return new Set();
}

/**
 * Whose agreement still stands before `step`: 审批人去重 `first`. A node's agreement stands while its latest
 * activation is done and the node comes before this one on the bill's route. A 退回 re-enters the node it goes
 * back to (what was agreed there is decided again), a restarted resubmission re-enters every node, and a resumed
 * one keeps what came before the rejecting node. Earlier steps of this node count too.
 */
function standingAgreers(state: BillState, step: StepRun, act: NodeActivation): Set<number> {
  const latest = new Map<string, NodeActivation>();
  for (const a of state.activations) latest.set(a.nodeId, a);
  const here = state.route.indexOf(act.nodeId);
  const isBefore = (nodeId: string) => {
    const at = state.route.indexOf(nodeId);
    // A node the route no longer takes (the resubmitted form went another way) stands for nothing.
    return at >= 0 && at < here;
  };
  const standing = new Set([...latest.values()].filter((a) => a.status === 'done' && isBefore(a.nodeId)).map((a) => a.id));
  const decided = state.steps.filter(
    (s) => s.status === 'done' && (standing.has(s.activationId) || (s.activationId === act.id && s.index < step.index)),
  );
  return new Set(decided.flatMap((s) => agreersOf(state, s)));
}

function agreersOf(state: BillState, step: StepRun): UserId[] {
  return tasksOf(state, step.id)
    .filter((t) => t.status === 'agreed')
    .map((t) => t.actingHandler);
}

/** Agrees for pending handlers the flow's 审批人去重 asks no second decision of. */
function autoAgree(run: Run, step: StepRun, act: NodeActivation): void {
  const dedup = run.ctx.flow.settings.approverDedup;
  if (dedup === 'none' || act.cause !== 'forward') return;
  const agreers = dedup === 'first' ? standingAgreers(run.state, step, act) : previousAgreers(run.state, step);
  for (const t of tasksOf(run.state, step.id)) {
    if (t.status !== 'pending' || !agreers.has(t.actingHandler)) continue;
    t.status = 'agreed';
    t.isAuto = true;
    t.comment = dedup === 'first' ? EngineMessages.autoAgreedEarlier : EngineMessages.autoAgreed;
    t.decidedAt = run.at;
    record(run, {
      action: 'auto_agree',
      actor: t.actingHandler,
      nodeId: act.nodeId,
      stepRunId: step.id,
      taskId: t.id,
      onBehalfOf: t.onBehalfOf,
      // The history says why nobody was asked: the two choices of 审批人去重 read differently.
      comment: t.comment,
    });
    if (isStepAgreed(step.type, tasksOf(run.state, step.id))) return;
  }
}

function completeStep(run: Run, step: StepRun): void {
  step.status = 'done';
  step.endedAt = run.at;
  const ids: string[] = [];
  for (const t of tasksOf(run.state, step.id)) {
    if (t.status === 'pending' || t.status === 'waiting') {
      t.status = 'skipped';
      t.decidedAt = run.at;
      ids.push(t.id);
    }
  }
  if (ids.length > 0) run.effects.push({ kind: 'tasks_cancelled', taskIds: ids });
}

/** Runs the bill forward until it waits for a person or reaches the end. */
export function advance(run: Run): void {
  for (let guard = 0; guard < 10_000; guard++) {
    const act = activeActivation(run.state);
    if (!act || run.state.status !== 'doing') return;
    const steps = run.state.steps.filter((s) => s.activationId === act.id).sort((a, b) => a.index - b.index);
    const doing = steps.find((s) => s.status === 'doing');
    if (doing) {
      autoAgree(run, doing, act);
      const tasks = tasksOf(run.state, doing.id);
      if (isStepAgreed(doing.type, tasks)) {
        completeStep(run, doing);
        continue;
      }
      if (tasks.some((t) => t.status === 'pending')) return;
      const next = nextInOrder(tasks);
      if (!next) throw new Error(`step ${doing.id} has no open task`);
      next.status = 'pending';
      run.effects.push({ kind: 'task_assigned', taskId: next.id, userId: next.actingHandler });
      continue;
    }
    const waiting = steps.find((s) => s.status === 'waiting');
    if (waiting) {
      startStep(run, waiting);
      continue;
    }
    act.status = 'done';
    act.leftAt = run.at;
    enterAfter(run, act.nodeId);
  }
  throw new Error('flow did not settle');
}
