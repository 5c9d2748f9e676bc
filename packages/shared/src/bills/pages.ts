import type { BillBox, BillOperType } from './api';
import { HANDLER_OPERATIONS, type HandlerOperation, type StepStatus } from './status';

/**
 * Texts of the approval pages (lists, detail, flow popover and node dialog, print). SPEC §4's own texts
 * (发起审批, 待审批, 或签 …) stay in status.ts and reach the pages through the API's flow view.
 */

/** The four boxes, as the menu names them (apps/server/src/db/seed/menus.ts). */
export const BILL_BOX_TITLES: Record<BillBox, string> = {
  todo: '待我审批',
  done: '我已审批',
  mine: '我发起的',
  draft: '草稿箱',
  tracked: '我关注的',
  shared: '抄送我的',
};

export const BILL_BOX_DESCRIPTIONS: Record<BillBox, string> = {
  todo: '等待您处理的审批，点击打开详情后同意、驳回、退回或转交。',
  done: '您处理过的审批，可随时查看它们现在走到了哪一步。',
  mine: '您提交的审批：查看进度，撤回审批中的单据，修改后重新提交被驳回或已撤回的单据。',
  draft: '已保存但尚未提交的单据，点击继续填写。',
  tracked: '您在详情页关注的单据，随时查看它们的进度。',
  shared: '发起人或单据管理员分享给您的单据，您可以查看但不能处理。',
};

/** The filters above each box's list; on a phone all but the search fold behind 筛选. */
export const BillListTexts = {
  searchPlaceholder: '标题 / 模板 / 单据编号',
  searchLabel: '搜索单据',
  allTemplates: '全部模板',
  byTemplate: '按模板筛选',
  allStatuses: '全部状态',
  byStatus: '按状态筛选',
  allReadStates: '全部阅读状态',
  byReadState: '按阅读状态筛选',
  byDates: '按创建日期筛选',
  datesPlaceholder: ['创建日期起', '创建日期止'] as [string, string],
  /** The phone's button that unfolds the filters, with how many of them are set. */
  moreFilters: (active: number) => (active > 0 ? `筛选（${active}）` : '筛选'),
} as const;

/** The actions of the detail page; the operation names follow OPERATION_LABELS. */
export const BILL_ACTION_LABELS = {
  agree: '同意',
  reject: '驳回',
  back: '退回',
  transfer: '转交',
  withdraw: '撤回',
  abandon: '作废',
  edit: '编辑',
  resubmit: '重新提交',
  editResubmit: '修改后重新提交',
  print: '打印',
  flow: '审批流程',
  replicate: '复制',
  close: '关闭',
  track: '关注',
  untrack: '取消关注',
  share: '分享',
  /** PATCH /api/bills/{id}/ignore, per row of 我关注的 and 抄送我的. */
  ignore: '移出',
  /** PATCH /api/bills/{id}/urge: the initiator reminds the current handlers. */
  urge: '催办',
  unshare: '取消分享',
} as const;

/** What each of a handler's operations does, shown in its dialog. */
export const BILL_OPERATION_HINTS: Record<BillOperType, string> = {
  agree: '同意后单据流转到下一步。',
  reject: '驳回后单据退回发起人，发起人可修改后重新提交。',
  back: '退回后单据回到上一个审批节点重新审批。',
  transfer: '转交后由对方处理这一步审批，记录中会保留转交信息。',
};

export const BillPageMessages = {
  commentLabel: '审批意见',
  commentOptional: '审批意见（选填）',
  commentPlaceholder: '填写审批意见',
  transferTo: '转交给',
  transferPlaceholder: '搜索姓名或部门',
  confirmWithdraw: '撤回后单据回到您手中，可修改后重新提交。确定撤回吗？',
  confirmAbandon: '作废后单据不能再提交，也不能恢复。确定作废吗？',
  withdrawReason: '撤回原因（选填）',
  confirmClose: '关闭后单据结束审批，待处理的审批任务全部取消，不能恢复。',
  closeReason: '关闭原因',
  closeReasonPlaceholder: '填写关闭原因（必填）',
  shareHint: '分享后对方可以查看这张单据及其审批进度，但不能处理。',
  shareTo: '分享给',
  shareToDepts: '分享给部门',
  shareDeptsHint: '部门包含其下级部门的所有在职人员。',
  sharedWith: '已分享',
  noShares: '还没有分享给任何人',
  confirmUrge: '将提醒当前审批人尽快处理。每张单据一小时内只能催办一次。',
  noActions: '当前没有需要您处理的操作',
  flowUnavailable: '审批流程暂时无法获取',
  emptyBox: (box: BillBox) => `「${BILL_BOX_TITLES[box]}」中暂无单据`,
  total: (n: number) => `共 ${n} 条`,
  onBehalfOfTask: (label: string) => `本次为${label}`,
  printRecord: '审批记录',
  printedAt: (time: string) => `打印时间：${time}`,
} as const;

/** The approver's way on after deciding (issue 14): the next bill in 待我审批, and back to the one just handled. */
export const NextBillTexts = {
  handled: (action: string, title: string) => `已${action}「${title}」，这是待我审批的下一张单据`,
  backToHandled: '返回刚才的单据',
  toTodo: '返回待我审批',
  allDone: '待我审批中的单据已全部处理',
} as const;

/** How one handler of a step shows: decided, waiting for them, or not needed any more. */
export type HandlerState = 'agreed' | 'rejected' | 'pending' | 'skipped' | 'idle';

export const HANDLER_STATE_LABELS: Record<HandlerState, string> = {
  agreed: '已同意',
  rejected: '已退回',
  pending: '待处理',
  skipped: '无需处理',
  idle: '未处理',
};

/**
 * SPEC §4 operation 0 pending, 1 approved, 2 rejected or returned, read with the step's status: a
 * handler still at 0 in a decided step was not needed (another one decided); in a step that is not
 * running (not reached, or ended by a withdraw) they simply have not acted.
 */
export function handlerState(stepStatus: StepStatus, operation: HandlerOperation): HandlerState {
  if (operation === HANDLER_OPERATIONS.agreed) return 'agreed';
  if (operation === HANDLER_OPERATIONS.rejected) return 'rejected';
  if (stepStatus === 'doing') return 'pending';
  return stepStatus === 'waiting' ? 'idle' : 'skipped';
}

/** SPEC §4: the 'done' status with operation 0 shows a greyed avatar. */
export function isAvatarGreyed(stepStatus: StepStatus, operation: HandlerOperation): boolean {
  return stepStatus === 'done' && operation === HANDLER_OPERATIONS.pending;
}

/** SPEC §4: each step shows its handler count. */
export function handlerCountText(count: number): string {
  return `${count}人`;
}
