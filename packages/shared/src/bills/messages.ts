import { escapeHtml } from '../common/html';
/**
 * Messages of the approval engine and of flow validation. SPEC gives none of these; the wording follows
 * 钉钉/飞书审批 and names the node or step the user has to look at.
 */

/** Saving a flow (422, naming the faulty node). */
export const FlowMessages = {
  noStart: '流程缺少开始节点',
  multipleStart: (node: string) => `流程只能有一个开始节点，「${escapeHtml(node)}」是多余的开始节点`,
  noEnd: '流程缺少结束节点',
  duplicateNode: (id: string) => `节点编号「${escapeHtml(id)}」重复`,
  danglingLink: (node: string) => `节点「${escapeHtml(node)}」的连线指向不存在的节点`,
  startHasIncoming: (node: string) => `开始节点「${escapeHtml(node)}」不能有进入的连线`,
  endHasOutgoing: (node: string) => `结束节点「${escapeHtml(node)}」不能有流出的连线`,
  multipleDefault: (node: string) => `节点「${escapeHtml(node)}」只能有一条默认连线`,
  unreachable: (node: string) => `节点「${escapeHtml(node)}」无法从开始节点到达`,
  deadEnd: (node: string) => `节点「${escapeHtml(node)}」无法到达结束节点`,
  cycle: (node: string) => `节点「${escapeHtml(node)}」处的连线形成了循环`,
  noSteps: (node: string) => `审批节点「${escapeHtml(node)}」至少需要一个审批步骤`,
  stepsNotAllowed: (node: string) => `节点「${escapeHtml(node)}」不能设置审批步骤`,
  unknownField: (node: string, field: string) => `节点「${escapeHtml(node)}」的流转条件引用了不存在的表单字段「${escapeHtml(field)}」`,
  adminRequired: '无人审批时转交管理员，需指定流程管理员',
  emptyUsers: (node: string, step: string) => `节点「${escapeHtml(node)}」的步骤「${escapeHtml(step)}」没有指定审批人`,
} as const;

/** The engine's answers to a release or a handler's operation. */
export const EngineMessages = {
  noRoute: (node: string) => `节点「${escapeHtml(node)}」没有满足条件的流转路径，请检查表单内容或联系流程管理员`,
  chosenMissing: (step: string) => `请选择「${escapeHtml(step)}」的审批人`,
  noHandler: (step: string) => `「${escapeHtml(step)}」找不到审批人，请联系流程管理员`,
  commentRequired: '请填写审批意见',
  taskNotFound: '审批任务不存在',
  taskHandled: '该审批已被他人处理，请刷新后查看',
  notHandler: '您不是该审批的处理人',
  notYourTurn: '尚未轮到您审批',
  notInitiator: '只有发起人可以执行此操作',
  staleVersion: '单据已被他人更新，请刷新后重试',
  flowVersionMismatch: '单据的流程版本与当前版本不一致',
  notDraft: '单据已提交，不能重复提交',
  notDoing: '单据不在审批中',
  notResubmittable: '只有被驳回或已撤回的单据可以重新提交',
  notAbandonable: '只有草稿、被驳回或已撤回的单据可以废弃',
  /** Back from the first approve node, or when every one before it found nobody (or would ask only the sender again). */
  noBackTarget: '没有可以退回的上一审批节点，请使用驳回',
  transferToSelf: '不能转交给自己',
  transferToHandler: '该用户已是本步骤的审批人',
  /** The history comment of a task agreed for by 审批人去重: 仅连续出现时 (the step before) or 仅审批第一次 (any before). */
  autoAgreed: '与上一步骤审批人相同，自动同意',
  autoAgreedEarlier: '已在前面的步骤审批同意，自动同意',
  /** The history comment of a step that passed because its only handler was the initiator (发起人审批时: 自动跳过). */
  initiatorSkipped: '审批人是发起人本人，按流程设置自动跳过',
  /** 发起人自选 naming the initiator; starts with 请选择 like chosenMissing, so both land at chosen_handlers. */
  chosenInitiator: (step: string) => `请选择其他审批人：「${escapeHtml(step)}」不能由发起人本人审批`,
  /** 发起人自选 naming someone disabled (a resubmission keeping an old choice); lands at chosen_handlers as the two above. */
  chosenDisabled: (step: string) => `请重新选择「${escapeHtml(step)}」的审批人：所选人员已停用`,
  transferToInitiator: '不能转交给发起人本人：发起人不能审批自己的单据',
  routeTooLong: '流程路径过长，请检查流程是否存在循环',
} as const;

/** History (bill_events) wording for each operation. */
export const OPERATION_LABELS = {
  release: '提交',
  agree: '同意',
  reject: '驳回',
  back: '退回',
  transfer: '转交',
  /** Open tasks moved to a delegate when an entrust is made with 同时移交当前待办. */
  entrust: '委托移交',
  /** Open tasks moved to a colleague by an administrator (离职交接). */
  handover: '离职交接',
  withdraw: '撤回',
  resubmit: '重新提交',
  abandon: '废弃',
  archive: '归档',
  /** A change node's handler edited fields (变更节点); the entry lists each old → new. */
  change: '变更',
  close: '关闭',
  auto_agree: '自动同意',
  skip: '跳过',
} as const;

/** How a task's acting handler shows when someone else's task was handled: 代 X 审批. */
export function onBehalfLabel(name: string): string {
  return `代${name}审批`;
}
