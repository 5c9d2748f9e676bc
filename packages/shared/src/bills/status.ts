/**
 * SPEC §4 statuses of bills, flow nodes, steps and handlers, with their Chinese labels.
 * The approval engine (apps/server/src/flow) keeps finer internal statuses; the presenter maps them
 * onto these with `handlerOperationOf` and `stepStatusOf` (apps/server/src/flow/present.ts).
 */

/** DESIGN §6 bill status. `returned` is a bill withdrawn by its initiator (撤回). */
export const BILL_STATUSES = ['draft', 'doing', 'done', 'rejected', 'returned', 'abandoned', 'closed'] as const;
export type BillStatus = (typeof BILL_STATUSES)[number];

export const BILL_STATUS_LABELS: Record<BillStatus, string> = {
  draft: '草稿',
  doing: '审批中',
  done: '已完成',
  rejected: '已驳回',
  returned: '已撤回',
  abandoned: '已废弃',
  closed: '已关闭',
};

/** SPEC §4 flow node types. */
export const FLOW_NODE_TYPES = ['start', 'approve', 'archive', 'change', 'end'] as const;
export type FlowNodeType = (typeof FLOW_NODE_TYPES)[number];

/** SPEC §4: start shows 发起审批, end 结束审批, archive and change no text; approve nodes show their step status. */
export const FLOW_NODE_LABELS: Record<FlowNodeType, string> = {
  start: '发起审批',
  approve: '',
  archive: '',
  change: '',
  end: '结束审批',
};

/** SPEC §4 step status as the API shows it. */
export const STEP_STATUSES = ['waiting', 'doing', 'done', 'rejected'] as const;
export type StepStatus = (typeof STEP_STATUSES)[number];

export const STEP_STATUS_LABELS: Record<StepStatus, string> = {
  waiting: '待审批',
  doing: '审批中',
  rejected: '已退回',
  done: '已审批',
};

/** SPEC §4 handler operation: 0 pending, 1 approved, 2 rejected or returned. */
export const HANDLER_OPERATIONS = { pending: 0, agreed: 1, rejected: 2 } as const;
export type HandlerOperation = (typeof HANDLER_OPERATIONS)[keyof typeof HANDLER_OPERATIONS];

/** SPEC §4 step types. */
export const STEP_TYPES = ['orsign', 'group_only', 'check', 'group_all', 'joinsign', 'ordersign'] as const;
export type StepType = (typeof STEP_TYPES)[number];

/** How a step's handlers decide: one of them (single), all of them (joint), one after another (sequential). */
export type ReviewKind = 'single' | 'joint' | 'sequential';

export const STEP_REVIEW_KIND: Record<StepType, ReviewKind> = {
  orsign: 'single',
  group_only: 'single',
  check: 'single',
  group_all: 'joint',
  joinsign: 'joint',
  ordersign: 'sequential',
};

export const REVIEW_KIND_LABELS: Record<ReviewKind, string> = {
  single: '或签',
  joint: '会签',
  sequential: '依次审批',
};

/** SPEC §4 approval mode: 0 either one signs (或签, default), 1 all must sign (会签). */
export const APPROVAL_MODES = { either: 0, all: 1 } as const;
export type ApprovalMode = (typeof APPROVAL_MODES)[keyof typeof APPROVAL_MODES];

export const APPROVAL_MODE_LABELS: Record<ApprovalMode, string> = { 0: '或签', 1: '会签' };

/** A sequential step needs every handler's agreement, so it counts as 会签 (mode 1). */
export function approvalModeOf(type: StepType): ApprovalMode {
  return STEP_REVIEW_KIND[type] === 'single' ? APPROVAL_MODES.either : APPROVAL_MODES.all;
}

/** SPEC §4: a step whose name equals the process name shows as 审批组. */
export function stepDisplayName(stepName: string, processName: string): string {
  return stepName === processName ? '审批组' : stepName;
}

/** SPEC §4: no approval-mode label on archive nodes (nor on start, change and end, which have no handlers). */
export function approvalModeLabel(nodeType: FlowNodeType, stepType: StepType): string {
  return nodeType === 'approve' ? APPROVAL_MODE_LABELS[approvalModeOf(stepType)] : '';
}

/**
 * SPEC §4 step status text. A doing step names the handlers it waits for; with more than one handler the
 * first two are listed followed by 等人.
 */
export function stepStatusText(status: StepStatus, waitingFor: readonly string[]): string {
  if (status !== 'doing') return STEP_STATUS_LABELS[status];
  if (waitingFor.length === 0) return STEP_STATUS_LABELS.doing;
  if (waitingFor.length === 1) return `等待${waitingFor[0]}审批`;
  return `等待${waitingFor.slice(0, 2).join('、')}等人审批`;
}

/** 归档编号: GD, the year (Asia/Shanghai) and that year's six-digit sequence, e.g. GD2026000123. */
export function archiveNumber(year: number, seq: number): string {
  return `GD${year}${String(seq).padStart(6, '0')}`;
}

/** The comment of a bill's 归档 history entry. */
export function archiveComment(archiveNo: string): string {
  return `归档编号：${archiveNo}`;
}

export const ArchiveTexts = {
  archiveNo: '归档编号',
} as const;
