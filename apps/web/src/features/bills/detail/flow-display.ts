import {
  BILL_BOXES,
  FlowViewTexts,
  handlerCountText,
  handlerState,
  HANDLER_STATE_LABELS,
  STEP_TYPE_HINTS,
  STEP_TYPE_LABELS,
  STEP_TYPES,
  type BillBox,
  type BillStatus,
  type FlowHandler,
  type FlowNodeView,
  type FlowStepView,
  type HandlerState,
  type StepType,
  type StepStatus,
} from '@osp/shared';

/** How the popover, the node dialog and the lists colour what the API reports. */

export type Tone = 'finished' | 'current' | 'rejected' | 'waiting';

/** A node's dot: where the bill waits now, where it was sent back, what it has passed, what lies ahead. */
export function nodeTone(node: Pick<FlowNodeView, 'entered' | 'current' | 'flowNodeSteps'>): Tone {
  if (node.current) return 'current';
  if (node.flowNodeSteps.some((step) => step.stepStatus === 'rejected')) return 'rejected';
  return node.entered ? 'finished' : 'waiting';
}

export function stepTone(status: StepStatus): Tone {
  switch (status) {
    case 'done':
      return 'finished';
    case 'doing':
      return 'current';
    case 'rejected':
      return 'rejected';
    case 'waiting':
      return 'waiting';
  }
}

/**
 * The node dialog's 审批方式: the step type as the designer's 审批方式 select names it, with what it means (联签 and
 * 组内或签 are the designer's own words). '' for a step without an approval mode (archive, change) or an unknown type.
 */
export function approvalWayText(step: Pick<FlowStepView, 'stepType' | 'approvalModeLabel'>): string {
  if (step.approvalModeLabel === '') return '';
  if (!(STEP_TYPES as readonly string[]).includes(step.stepType)) return step.approvalModeLabel;
  const type = step.stepType as StepType;
  return `${STEP_TYPE_LABELS[type]}（${STEP_TYPE_HINTS[type]}）`;
}

/** antd Tag colours per bill status (the text is the API's status_text, SPEC labels). */
export function billStatusColor(status: BillStatus): string {
  switch (status) {
    case 'doing':
      return 'processing';
    case 'done':
      return 'success';
    case 'rejected':
      return 'error';
    case 'returned':
      return 'warning';
    case 'draft':
    case 'abandoned':
    case 'closed':
      return 'default';
  }
}

// The bill pages' addresses live in utils/ (the notifications page links to bills too); re-exported for the bill pages.
export { DETAIL_PATH, EDIT_PATH, PRINT_PATH, detailPath, editPath, printPath } from '../../../utils/bill-paths';

const BOXES: readonly string[] = BILL_BOXES;

/** The list a detail page returns to: the box named by `from`, else 我发起的 / 待我审批 by role. */
export function backPath(from: string | null, fallback: BillBox): string {
  const box = from !== null && BOXES.includes(from) ? from : fallback;
  return `/office/approval/${box}`;
}

/** A positive integer query parameter, or undefined. */
export function idParam(value: string | null): number | undefined {
  if (value === null || !/^\d{1,15}$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 ? id : undefined;
}

/** The dot colour of one history event (GET /api/bills/{id}/history `action`). */
export function historyColor(action: string): 'blue' | 'green' | 'red' | 'gray' {
  switch (action) {
    case 'agree':
    case 'auto_agree':
    case 'archive':
      return 'green';
    case 'reject':
    case 'back':
    case 'abandon':
    case 'close':
      return 'red';
    case 'withdraw':
    case 'skip':
      return 'gray';
    default:
      return 'blue';
  }
}

/** SPEC §4: each step shows its handler count; a step not reached yet counts whom it would ask, marked 预计. */
export function stepCountText(step: Pick<FlowStepView, 'handlerCount' | 'predicted'>): string {
  const count = handlerCountText(step.handlerCount);
  return step.predicted ? `${FlowViewTexts.predicted} ${count}` : count;
}

/** How a handler shows: their SPEC §4 state in the step, or 预计 when the step has not reached them yet. */
export type ShownHandlerState = HandlerState | 'predicted';

export const SHOWN_HANDLER_LABELS: Record<ShownHandlerState, string> = { ...HANDLER_STATE_LABELS, predicted: FlowViewTexts.predicted };

export function shownHandlerState(stepStatus: StepStatus, handler: Pick<FlowHandler, 'operation' | 'predicted'>): ShownHandlerState {
  return handler.predicted ? 'predicted' : handlerState(stepStatus, handler.operation);
}

/** A handler's label (avatar tooltip and accessible name): name and state, and on whose behalf. */
export function handlerLabel(
  stepStatus: StepStatus,
  handler: Pick<FlowHandler, 'name' | 'operation' | 'predicted' | 'on_behalf_of'>,
): string {
  const label = `${handler.name} ${SHOWN_HANDLER_LABELS[shownHandlerState(stepStatus, handler)]}`;
  return handler.on_behalf_of ? `${label}（${handler.on_behalf_of}）` : label;
}

/** Where a history event happened: the node, and the step when it is named otherwise. */
export function placeOf(entry: { node_name: string | null; step_name: string | null }): string {
  const { node_name: node, step_name: step } = entry;
  if (node && step && step !== node) return `${node} · ${step}`;
  return node ?? step ?? '';
}
