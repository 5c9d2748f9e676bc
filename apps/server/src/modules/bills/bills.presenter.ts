import {
  approvalModeLabel,
  approvalModeOf,
  BILL_STATUS_LABELS,
  FLOW_NODE_LABELS,
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
} from '@osp/shared';
import type { Caller } from '../../context';
import { handlerOperationOf, pendingTaskOf, stepStatusOf } from '../../flow/present';
import { computeRoute } from '../../flow/rules';
import type { BillState, FlowSnapshot, StepRun, Task } from '../../flow/types';
import type { UserCard } from '../directory/directory.service';
import { canShareBill, CLOSABLE, EDITABLE, isBillAdmin } from './bills.policy';
import type { BillRow } from './bills.repo';

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
  const routeIndex = active ? state.route.indexOf(active.nodeId) : -1;
  const canBack = state.route.slice(0, Math.max(routeIndex, 0)).some((id) => flow.nodes.find((n) => n.id === id)?.type === 'approve');
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
  };
}

/** Every user id a bill's presentation names, for one look-up of names. */
const nameOf = (cards: ReadonlyMap<number, UserCard>, id: number | null) => (id === null ? null : (cards.get(id)?.name ?? `#${id}`));
const behalfOf = (cards: ReadonlyMap<number, UserCard>, id: number | null) => (id === null ? null : onBehalfLabel(nameOf(cards, id) ?? ''));

export function presentHistory(state: BillState, flow: FlowSnapshot | null, cards: ReadonlyMap<number, UserCard>): BillHistoryEntry[] {
  const nodes = new Map(flow?.nodes.map((n) => [n.id, n.name]));
  const steps = new Map(state.steps.map((s) => [s.id, s.name]));
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
    is_auto: task.isAuto,
  };
}

/** A transferred task is replaced by its successor, which shows 代 X 审批; the original no longer counts. */
const shownTasks = (state: BillState, stepRunId: string) =>
  state.tasks.filter((t) => t.stepRunId === stepRunId && t.status !== 'transferred');

function stepView(
  node: FlowNode,
  flow: FlowSnapshot,
  run: Pick<StepRun, 'id' | 'stepId' | 'name' | 'type' | 'status'>,
  tasks: Task[],
  cards: ReadonlyMap<number, UserCard>,
): FlowStepView {
  const status = stepStatusOf(run.status);
  const waiting = tasks.filter((t) => t.status === 'pending').map((t) => nameOf(cards, t.actingHandler) ?? '');
  const type = run.type;
  return {
    stepID: run.stepId,
    stepName: run.name,
    stepDisplayName: stepDisplayName(run.name, flow.name),
    stepType: type,
    stepStatus: status,
    stepStatusText: stepStatusText(status, waiting),
    stepProcess: flow.name,
    approvalMode: approvalModeOf(type),
    approvalModeLabel: approvalModeLabel(node.type, type),
    reviewLabel: node.type === 'approve' ? REVIEW_KIND_LABELS[STEP_REVIEW_KIND[type]] : '',
    handlerCount: tasks.length,
    handlers: tasks.map((t) => handlerOf(t, cards)),
  };
}

/** The nodes a bill passes: its route once released; before that, the route its form would take, else every node. */
function nodeIds(state: BillState, flow: FlowSnapshot, deptId: number | null): string[] {
  if (state.route.length > 0) return [...state.route];
  const routed = computeRoute(flow, { form: state.form, initiator: { deptId: deptId ?? 0, jobIds: [] } });
  return routed.ok ? [...routed.route] : flow.nodes.map((n) => n.id);
}

/** GET /oa/flow/{id}: nodes, steps and handlers with SPEC §3 field names (the popover and node dialog). */
export function presentFlow(bill: BillRow, state: BillState, flow: FlowSnapshot, cards: ReadonlyMap<number, UserCard>): BillFlowView {
  const flowNodes: FlowNodeView[] = [];
  for (const id of nodeIds(state, flow, bill.dept_id)) {
    const node = flow.nodes.find((n) => n.id === id);
    if (!node) continue;
    const activation = state.activations.filter((a) => a.nodeId === id).at(-1);
    const steps: FlowStepView[] = activation
      ? state.steps
          .filter((s) => s.activationId === activation.id)
          .sort((a, b) => a.index - b.index)
          .map((s) => stepView(node, flow, s, shownTasks(state, s.id), cards))
      : node.steps.map((def) =>
          stepView(node, flow, { id: def.id, stepId: def.id, name: def.name, type: def.type, status: 'waiting' }, [], cards),
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
