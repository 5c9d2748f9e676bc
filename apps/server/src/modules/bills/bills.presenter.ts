import {
  approvalModeLabel,
  approvalModeOf,
  BILL_STATUS_LABELS,
  FLOW_NODE_LABELS,
  FlowViewTexts,
  HANDLER_OPERATIONS,
  handlerSourceLabel,
  onBehalfLabel,
  OPERATION_LABELS,
  REVIEW_KIND_LABELS,
  STEP_REVIEW_KIND,
  stepDisplayName,
  stepStatusText,
  type BillAbilities,
  type BillFlowView,
  type BillHistoryEntry,
  type BillRecordNode,
  type FlowHandler,
  type FlowNode,
  type FlowNodeView,
  type FlowStepView,
  type StepStatus,
} from '@osp/shared';
import type { Caller } from '../../context';
import { decidedApproveNodesBefore, handlerOperationOf, pendingTaskOf, stepStatusOf } from '../../flow/present';
import { computeRoute, type RuleInitiator } from '../../flow/rules';
import type { BillState, FlowSnapshot, HistoryAction, NodeActivation, StepRun, Task } from '../../flow/types';
import type { UserCard } from '../directory/directory.service';
import { canReadAccessLog, canShareBill, CLOSABLE, EDITABLE, isBillAdmin } from './bills.policy';
import { predictionKey, routePosition, type PredictedStep } from './bills.predict';
import type { BillRow } from './bills.repo';
import { changeAccessOf } from './bills.field-access';

/** The name of the node the bill is at, as `bills.current_node_name` keeps it and the detail shows it. */
export function activeNodeName(state: BillState, flow: FlowSnapshot): string | null {
  const active = state.activations.find((a) => a.status === 'active');
  return active ? (flow.nodes.find((n) => n.id === active.nodeId)?.name ?? null) : null;
}

/** What the caller may do next with the bill: the web app shows its buttons from this (STYLE, abilities to buttons). */
export function abilitiesOf(caller: Caller, bill: BillRow, state: BillState, flow: FlowSnapshot, templateStartable = false): BillAbilities {
  const mine = bill.initiator_id === caller.userId;
  const task = pendingTaskOf(state, caller.userId);
  const active = state.activations.find((a) => a.status === 'active');
  // Shown when some earlier node was decided by people; the engine may still refuse (422) one whose people would now
  // be the sender alone or nobody, which takes the directory to know.
  const canBack = active !== undefined && decidedApproveNodesBefore(state, flow.nodes, active.nodeId).length > 0;
  const editable = mine && EDITABLE.includes(state.status);
  return {
    agree: task !== null,
    reject: task !== null,
    back: task !== null && canBack,
    transfer: task !== null,
    edit: editable,
    delete: mine && state.status === 'draft' && state.history.length === 0,
    release: editable,
    withdraw: mine && state.status === 'doing',
    abandon: editable,
    replicate: mine && state.status !== 'draft' && templateStartable,
    close: isBillAdmin(caller) && CLOSABLE.includes(state.status),
    track: state.status !== 'draft',
    share: canShareBill(caller, { initiator_id: bill.initiator_id, status: state.status }),
    // Shown while someone else holds a task; the once-an-hour rule is the server's to tell (bills.urge.ts).
    urge: mine && state.status === 'doing' && state.tasks.some((t) => t.status === 'pending' && t.actingHandler !== caller.userId),
    view_access_log: canReadAccessLog(caller, bill),
    change: changeAccessOf(state, flow, caller.userId) !== null,
  };
}

/** Every user id a bill's presentation names, for one look-up of names. */
const nameOf = (cards: ReadonlyMap<number, UserCard>, id: number | null) => (id === null ? null : (cards.get(id)?.name ?? `#${id}`));
const behalfOf = (cards: ReadonlyMap<number, UserCard>, id: number | null) => (id === null ? null : onBehalfLabel(nameOf(cards, id) ?? ''));

/** The history entries in which a handler decided their own task: the ones whose 耗时 the detail page shows. */
const HANDLER_DECISIONS: ReadonlySet<HistoryAction> = new Set(['agree', 'reject', 'back', 'transfer']);

export function presentHistory(state: BillState, flow: FlowSnapshot | null, cards: ReadonlyMap<number, UserCard>): BillHistoryEntry[] {
  const nodes = new Map(flow?.nodes.map((n) => [n.id, n.name]));
  const steps = new Map(state.steps.map((s) => [s.id, s.name]));
  const arrivals = new Map(state.tasks.map((t) => [t.id, t.createdAt]));
  return state.history.map((h) => ({
    seq: h.seq,
    at: h.at,
    action: h.action,
    action_text: OPERATION_LABELS[h.action],
    actor_id: h.actor,
    actor_name: nameOf(cards, h.actor),
    on_behalf_of: behalfOf(cards, h.onBehalfOf),
    to_user: nameOf(cards, h.toUser),
    node_id: h.nodeId,
    node_name: h.nodeId === null ? null : (nodes.get(h.nodeId) ?? h.nodeId),
    step_name: h.stepRunId === null ? null : (steps.get(h.stepRunId) ?? null),
    comment: h.comment,
    before: h.before,
    after: h.after,
    changes: h.changes ? [...h.changes] : null,
    task_arrived_at: h.taskId !== null && HANDLER_DECISIONS.has(h.action) ? (arrivals.get(h.taskId) ?? null) : null,
  }));
}

function handlerOf(task: Task, cards: ReadonlyMap<number, UserCard>): FlowHandler {
  const card = cards.get(task.actingHandler);
  return {
    id: task.actingHandler,
    name: card?.name ?? `#${task.actingHandler}`,
    dept: card?.dept_name ?? null,
    dept_name: card?.dept_name ?? null,
    mobile: card?.mobile ?? '',
    operation: handlerOperationOf(task.status),
    on_behalf_of: behalfOf(cards, task.onBehalfOf),
    comment: task.comment,
    time: task.decidedAt,
    arrived_at: task.createdAt,
    is_auto: task.isAuto,
    predicted: false,
  };
}

/** A handler a step not reached yet would ask: nobody has asked them anything yet. */
function predictedHandlerOf(handler: PredictedStep['handlers'][number], cards: ReadonlyMap<number, UserCard>): FlowHandler {
  const card = cards.get(handler.userId);
  return {
    id: handler.userId,
    name: card?.name ?? `#${handler.userId}`,
    dept: card?.dept_name ?? null,
    dept_name: card?.dept_name ?? null,
    mobile: card?.mobile ?? '',
    operation: HANDLER_OPERATIONS.pending,
    on_behalf_of: behalfOf(cards, handler.onBehalfOf),
    comment: null,
    time: null,
    arrived_at: null,
    is_auto: false,
    predicted: true,
  };
}

/** A transferred task is replaced by its successor, which shows 代 X 审批; the original no longer counts. */
const shownTasks = (state: BillState, stepRunId: string) =>
  state.tasks.filter((t) => t.stepRunId === stepRunId && t.status !== 'transferred');

/** What a step shows besides its definition: status, handlers, and a text other than SPEC's status label. */
interface StepShown {
  status: StepStatus;
  handlers: FlowHandler[];
  /** The names a doing step waits for (SPEC's 等待X、Y等人审批). */
  waiting?: string[];
  text?: string;
  predicted?: boolean;
}

/** A step run names its definition by id; the snapshot's definition says where its handlers come from. */
function sourceLabelOf(node: FlowNode, stepId: string): string {
  const source = node.steps.find((s) => s.id === stepId)?.source;
  return source ? handlerSourceLabel(source) : '';
}

function stepView(node: FlowNode, flow: FlowSnapshot, def: Pick<StepRun, 'stepId' | 'name' | 'type'>, shown: StepShown): FlowStepView {
  const type = def.type;
  return {
    stepID: def.stepId,
    stepName: def.name,
    stepDisplayName: stepDisplayName(def.name, flow.name),
    stepType: type,
    stepStatus: shown.status,
    stepStatusText: shown.text ?? stepStatusText(shown.status, shown.waiting ?? []),
    stepProcess: flow.name,
    approvalMode: approvalModeOf(type),
    approvalModeLabel: approvalModeLabel(node.type, type),
    reviewLabel: node.type === 'approve' ? REVIEW_KIND_LABELS[STEP_REVIEW_KIND[type]] : '',
    sourceLabel: sourceLabelOf(node, def.stepId),
    handlerCount: shown.handlers.length,
    handlers: shown.handlers,
    predicted: shown.predicted ?? false,
  };
}

/**
 * The nodes a bill passes: its route once released; before that, the route its form would take for its initiator
 * (department with the ones above it, jobs), else every node.
 */
function nodeIds(state: BillState, flow: FlowSnapshot, draftInitiator: RuleInitiator): string[] {
  if (state.route.length > 0) return [...state.route];
  const routed = computeRoute(flow, { form: state.form, initiator: draftInitiator });
  return routed.ok ? [...routed.route] : flow.nodes.map((n) => n.id);
}

/**
 * A step the bill has not reached in this pass. In progress: whom it would ask (predicted), or that it would pass by
 * itself. A draft: SPEC's 待审批 with nobody yet (the draft's popover is not shown). A bill that stopped before it
 * (rejected, withdrawn, closed, abandoned): 未审批, never 待审批, since nothing waits for it now.
 */
function unreachedStep(state: BillState, predicted: PredictedStep | undefined, cards: ReadonlyMap<number, UserCard>): StepShown {
  if (state.status === 'doing' && predicted) {
    const handlers = predicted.handlers.map((h) => predictedHandlerOf(h, cards));
    return { status: 'waiting', handlers, predicted: true, ...(handlers.length === 0 ? { text: FlowViewTexts.predictedSkip } : {}) };
  }
  return {
    status: 'waiting',
    handlers: [],
    ...(state.status === 'draft' || state.status === 'doing' ? {} : { text: FlowViewTexts.notReached }),
  };
}

/** A step run of an activation the bill has entered in this pass. */
function runStep(
  state: BillState,
  run: StepRun,
  activation: NodeActivation,
  predictions: ReadonlyMap<string, PredictedStep>,
  cards: ReadonlyMap<number, UserCard>,
): StepShown {
  if (run.status === 'waiting') return unreachedStep(state, predictions.get(predictionKey(activation.nodeId, run.stepId)), cards);
  const tasks = shownTasks(state, run.id);
  const shown: StepShown = {
    status: stepStatusOf(run.status),
    handlers: tasks.map((t) => handlerOf(t, cards)),
    waiting: tasks.filter((t) => t.status === 'pending').map((t) => nameOf(cards, t.actingHandler) ?? ''),
  };
  // Ended by a withdraw or a close: its open tasks were cancelled, nobody decided, nothing waits (not 待审批).
  if (run.status === 'cancelled') {
    shown.text =
      activation.status === 'withdrawn'
        ? FlowViewTexts.withdrawn
        : activation.status === 'closed'
          ? FlowViewTexts.closed
          : FlowViewTexts.notReached;
  }
  return shown;
}

/**
 * GET /oa/flow/{id}: nodes, steps and handlers with SPEC §3 field names (the popover and node dialog). The nodes the
 * bill has passed in this pass (bills.predict.ts) show their latest activation; the ones ahead of a bill in progress
 * the handlers `predictions` foresee, marked `predicted`; every step its handler count.
 */
export function presentFlow(
  bill: BillRow,
  state: BillState,
  flow: FlowSnapshot,
  cards: ReadonlyMap<number, UserCard>,
  predictions: ReadonlyMap<string, PredictedStep> = new Map(),
  draftInitiator: RuleInitiator = { deptId: bill.dept_id ?? 0, jobIds: [] },
): BillFlowView {
  const position = routePosition(state);
  const flowNodes: FlowNodeView[] = [];
  for (const [index, id] of nodeIds(state, flow, draftInitiator).entries()) {
    const node = flow.nodes.find((n) => n.id === id);
    if (!node) continue;
    const activation = index > position ? undefined : state.activations.filter((a) => a.nodeId === id).at(-1);
    const steps: FlowStepView[] = activation
      ? state.steps
          .filter((s) => s.activationId === activation.id)
          .sort((a, b) => a.index - b.index)
          .map((s) => stepView(node, flow, s, runStep(state, s, activation, predictions, cards)))
      : node.steps.map((def) =>
          stepView(
            node,
            flow,
            { stepId: def.id, name: def.name, type: def.type },
            unreachedStep(state, predictions.get(predictionKey(node.id, def.id)), cards),
          ),
        );
    flowNodes.push({
      flowNodeID: node.id,
      name: node.name,
      flowNodeName: node.name,
      flowNodeType: node.type,
      flowNodeLabel: FLOW_NODE_LABELS[node.type],
      entered: activation !== undefined,
      current: activation?.status === 'active',
      flowNodeSteps: steps,
    });
  }
  return { billID: bill.id, name: flow.name, status: state.status, status_text: BILL_STATUS_LABELS[state.status], flowNodes };
}

/** GET /api/bills/{id}/histories: every node activation with its steps and handlers, in order. */
export function presentRecord(state: BillState, flow: FlowSnapshot | null, cards: ReadonlyMap<number, UserCard>): BillRecordNode[] {
  return state.activations.map((a) => {
    const node = flow?.nodes.find((n) => n.id === a.nodeId);
    return {
      activation_id: a.id,
      node_id: a.nodeId,
      node_name: node?.name ?? a.nodeId,
      node_type: node?.type ?? 'approve',
      cause: a.cause,
      status: a.status,
      entered_at: a.enteredAt,
      left_at: a.leftAt,
      steps: state.steps
        .filter((s) => s.activationId === a.id)
        .sort((x, y) => x.index - y.index)
        .map((s) => {
          const status = stepStatusOf(s.status);
          const tasks = state.tasks.filter((t) => t.stepRunId === s.id);
          return {
            id: s.id,
            name: s.name,
            type: s.type,
            status,
            status_text: stepStatusText(
              status,
              tasks.filter((t) => t.status === 'pending').map((t) => nameOf(cards, t.actingHandler) ?? ''),
            ),
            tasks: tasks.map((t) => ({
              id: t.id,
              handler: nameOf(cards, t.actingHandler) ?? '',
              handler_id: t.actingHandler,
              on_behalf_of: behalfOf(cards, t.onBehalfOf),
              via: t.via,
              status: t.status,
              operation: handlerOperationOf(t.status),
              comment: t.comment,
              decided_at: t.decidedAt,
              is_auto: t.isAuto,
            })),
          };
        }),
    };
  });
}
