import type { ApproverDedup, ConditionOperator, HandlerSource, INITIATOR_OPERATORS, InitiatorApproves } from './flow';
import { REVIEW_KIND_LABELS, type FlowNodeType, type StepType } from './status';

/**
 * Texts of the template designer's form and flow designers (the designer page itself is
 * TemplateDesignTexts in template-texts.ts). The form schema's messages are FormSchemaMessages and
 * the field types' names FORM_FIELD_TYPE_LABELS (form.ts); the engine's and the server's flow
 * messages are FlowMessages / EngineMessages (messages.ts).
 */

/**
 * Each step type as the 审批方式 select names it. The plain form of a review kind takes that kind's
 * label (或签, 会签, 依次审批); the others are the designer's own.
 */
export const STEP_TYPE_LABELS: Record<StepType, string> = {
  orsign: REVIEW_KIND_LABELS.single,
  group_all: REVIEW_KIND_LABELS.joint,
  ordersign: REVIEW_KIND_LABELS.sequential,
  joinsign: '联签',
  group_only: '组内或签',
  check: '审核确认',
};

/** What each step type does, beside its label in the 审批方式 select. */
export const STEP_TYPE_HINTS: Record<StepType, string> = {
  orsign: '一人同意即可',
  group_all: '须所有人同意',
  ordersign: '按顺序逐一审批',
  joinsign: '须所有人同意',
  group_only: '组内一人同意即可',
  check: '一人确认即可',
};

/**
 * The node types by name, as the designer's read-only view lists them. Not FLOW_NODE_LABELS
 * (status.ts): that is SPEC §4's text on a bill's flow, which names approve nodes by their status.
 */
export const FLOW_NODE_TYPE_LABELS: Record<FlowNodeType, string> = {
  start: '开始',
  approve: '审批',
  archive: '归档',
  change: '变更',
  end: '结束',
};

/** The comparison of a branch condition, as the rule builder's select offers it. */
export const CONDITION_OPERATOR_LABELS: Record<ConditionOperator, string> = {
  eq: '等于',
  ne: '不等于',
  gt: '大于',
  gte: '大于等于',
  lt: '小于',
  lte: '小于等于',
  in: '属于其中之一',
  contains: '包含',
};

/**
 * 发起人部门's operators: the initiator is in their department and every one above it, so 属于 技术部 matches
 * someone in 研发组 under it (as a template's starters do), and 不属于 leaves the whole branch out.
 */
export const INITIATOR_DEPT_OPERATOR_LABELS: Record<(typeof INITIATOR_OPERATORS)[number], string> = {
  eq: '属于（含下级部门）',
  ne: '不属于（含下级部门）',
  in: '属于其中之一（含下级部门）',
};

/** 发起人审批时: the three choices of the flow settings, as 钉钉/飞书 name them. */
export const INITIATOR_APPROVES_LABELS: Record<InitiatorApproves, string> = {
  skip: '自动跳过',
  self: '由发起人审批',
  leader: '转交直属上级',
};

/** 审批人去重: the three choices of the flow settings (APPROVER_DEDUP), as 钉钉 offers them. */
export const APPROVER_DEDUP_LABELS: Record<ApproverDedup, string> = {
  none: '不去重，每个步骤都审批',
  consecutive: '仅连续出现时自动同意',
  first: '多次出现时仅审批第一次',
};

/** The ordering captions both designers put on a list entry (fields, branches, options, columns). */
const LIST_CAPTIONS = {
  moveUp: '上移',
  moveDown: '下移',
  remove: '删除',
} as const;

/** The flow designer's words: canvas, node and branch drawers, rule builder, flow settings, preview. */
export const FlowDesignerTexts = {
  initiator: '发起人',
  initiatorBody: '有权发起的员工提交审批',
  end: '流程结束',
  approve: '审批节点',
  archive: '归档节点',
  change: '变更节点',
  condition: '条件分支',
  conditionBlock: '条件分支',
  addAfter: (label: string) => `在「${label}」之后添加`,
  addBranch: '添加条件',
  branchLabel: (index: number) => `条件${index + 1}`,
  defaultBranch: '其他情况',
  defaultBranchText: '其他情况（默认）',
  priority: (index: number) => `优先级${index + 1}`,
  noConditions: '未设置条件，总是满足',
  moveLeft: '左移（提高优先级）',
  moveRight: '右移（降低优先级）',
  ...LIST_CAPTIONS,
  removeBranchConfirm: (label: string, isLast: boolean) =>
    isLast ? `删除「${label}」？这是最后一个分支，整个条件分支会一起删除，分支里的节点也会删除。` : `删除「${label}」及其中的节点？`,
  removeNodeConfirm: (name: string) => `删除节点「${name}」？`,
  removeBlockConfirm: '删除整个条件分支及其中所有节点？',
  removeBlocked: '条件分支须跟在一个节点之后：请先删除或移走紧随其后的条件分支',
  archiveBody: '流程到此自动归档，无需审批',
  /** A change node's card when none of its fields is editable yet. */
  changeBody: '办理人可修改的字段：未设置',
  changeEditable: (labels: readonly string[]) =>
    labels.length > 3 ? `办理人可修改：${labels.slice(0, 3).join('、')}等${labels.length}个字段` : `办理人可修改：${labels.join('、')}`,
  changeSteps: '办理步骤',
  noSteps: '未设置审批步骤',
  settings: '流程设置',
  preview: '预览',
  readOnlyTitle: '这个流程无法在设计器中编辑',
  readOnlyNodes: '节点',
  redesign: '放弃这个结构，从默认流程重新设计',
  redesignConfirm: '将用「发起人 → 直属主管审批 → 流程结束」替换当前流程（保存后生效），继续？',
  readOnlyLinks: '连线',
  readOnlyDefault: '默认',
  readOnlyAlways: '无条件',
  flowErrors: '流程有问题，保存前请修改：',
  // node drawer
  nodeDrawer: (name: string) => `编辑节点 · ${name}`,
  nodeName: '节点名称',
  steps: '审批步骤',
  step: (index: number) => `步骤 ${index + 1}`,
  addStep: '添加步骤',
  stepName: '步骤名称',
  stepType: '审批方式',
  source: '审批人来源',
  sourceUsers: '指定人员',
  sourceJob: '审批岗位',
  sourceLeader: '部门主管',
  sourceChosen: '发起人自选',
  sourceInitiator: '发起人本人',
  users: '指定人员',
  job: '岗位',
  onlyCovering: '仅限覆盖发起人部门的成员',
  commentRequired: '同意时须填写审批意见',
  /** The node card's summary of such a step. */
  commentRequiredShort: '须填意见',
  commentRequiredHint: '审批人同意时也须填写意见；批量同意未填意见时，停在此步骤的单据会被跳过',
  leaderLevel: '主管级别',
  leaderLevelLabel: (levels: number) => (levels === 1 ? '直属主管' : `第${levels}级主管`),
  chosenHint: '发起人提交时从人员中选择审批人',
  initiatorHint: '由发起人自己审批（如验收、确认）',
  nodeIsAuto: '归档节点自动通过，无需设置审批人。',
  // branch drawer
  branchDrawer: (label: string) => `编辑分支 · ${label}`,
  isDefault: '设为默认分支',
  defaultHint: '其他分支的条件都不满足时走默认分支；默认分支总是最后判断，不需要条件。',
  logic: '条件关系',
  logicAnd: '同时满足（且）',
  logicOr: '满足任一（或）',
  and: '且',
  or: '或',
  addCondition: '添加条件',
  addGroup: '添加条件组',
  group: '条件组',
  removeCondition: '删除条件',
  conditionField: '条件字段',
  conditionOp: '条件',
  conditionValue: '值',
  initiatorDept: '发起人部门',
  initiatorJob: '发起人岗位',
  noRuleFields: '表单中还没有可用作条件的字段（数字、金额、日期、选项、文字、人员、部门，或有合计的明细）。',
  unknownField: (key: string) => `已删除的字段「${key}」`,
  // settings drawer
  emptyHandler: '审批人为空时',
  emptySkip: '自动跳过',
  emptyAdmin: '转交流程管理员',
  adminUser: '流程管理员',
  resubmit: '驳回后重新提交',
  resubmitRestart: '从头开始审批',
  resubmitResume: '从驳回的节点继续',
  approverDedup: '审批人去重',
  approverDedupHint:
    '同一人是多个步骤的审批人时：「仅连续出现时」在紧接着的下一步骤自动同意；「仅审批第一次」在之后的所有步骤自动同意（退回或重新提交后重新计算）。',
  initiatorApproves: '发起人审批时',
  initiatorApprovesHint: '审批人（指定人员、岗位成员、部门主管）中包含发起人本人时如何处理；「发起人本人」步骤不受影响。',
  // preview
  previewTitle: '流程预览',
  previewHint: '填入示例值，查看单据会经过哪些节点、由谁审批（不会保存）。',
  previewInitiator: '发起人',
  previewLocal: '按条件计算的路径（正在查询审批人…）',
  previewServer: '审批路径',
  previewBlocked: '流程还有问题（见画布上的标记），改好后才能查询审批人；下面是按条件计算的路径。',
  previewJobRuleHint: '流程含发起人岗位条件：路径以服务器的结果为准。',
  noteChosen: '发起人自选',
  noteSkip: '找不到审批人，自动跳过',
  noteAdmin: '找不到审批人，转交管理员',
  noteInitiatorSkipped: '发起人本人，自动跳过',
  noteInitiatorLeader: '发起人本人，转交直属上级',
  noteStepPasses: '此步骤自动通过',
  noHandlers: '找不到审批人',
  autoNode: '自动通过',
} as const;

/**
 * A step's 审批类型 on a bill (the node dialog): where its handlers come from, in the designer's words, beside its
 * 审批方式 (或签, 会签, 依次审批…: how they decide).
 */
export function handlerSourceLabel(source: HandlerSource): string {
  switch (source.kind) {
    case 'users':
      return FlowDesignerTexts.sourceUsers;
    case 'job':
      return FlowDesignerTexts.sourceJob;
    case 'leader':
      return `${FlowDesignerTexts.sourceLeader}（${FlowDesignerTexts.leaderLevelLabel(source.levels)}）`;
    case 'chosen':
      return FlowDesignerTexts.sourceChosen;
    case 'initiator':
      return FlowDesignerTexts.sourceInitiator;
  }
}

/** Checks of the flow designer itself, beyond the shared validateFlow: things a save would refuse or a bill would trip on. */
export const FlowDesignerMessages = {
  nodeNameRequired: '请填写节点名称',
  stepNameRequired: (node: string) => `节点「${node}」有步骤未填写名称`,
  jobRequired: (node: string, step: string) => `节点「${node}」的步骤「${step}」未选择审批岗位`,
  conditionIncomplete: (branch: string, subject: string) => `「${branch}」的条件「${subject}」未填写比较值`,
  conditionUnknownField: (branch: string, key: string) => `「${branch}」的条件引用了已删除的字段「${key}」`,
  branchShadows: (branch: string) => `「${branch}」未设置条件，总是满足，排在它后面的分支永远不会被选中`,
  // why a stored flow cannot be shown as a builder tree
  notEditable: '这个流程的结构无法用设计器表示，只能查看。可以删除后重新设计，或联系开发人员修改。',
  noStart: '流程没有开始节点',
  manyStarts: '流程有多个开始节点',
  noEnd: '流程没有结束节点',
  manyEnds: (names: readonly string[]) => `流程有 ${names.length} 个结束节点（${names.join('、')}），设计器只能表示一个结束节点`,
  duplicateNode: (id: string) => `节点编号「${id}」重复`,
  danglingLink: '有连线指向不存在的节点',
  intoStart: '有连线指向开始节点',
  fromEnd: '结束节点有流出的连线',
  cycle: (name: string) => `节点「${name}」处的连线形成了循环，设计器不能表示回退的连线`,
  unreachable: (name: string) => `节点「${name}」无法从开始节点到达`,
  deadEnd: (name: string) => `节点「${name}」无法到达结束节点`,
  manyDefaults: (name: string) => `节点「${name}」有多条默认连线`,
  crossing: (name: string) => `节点「${name}」被多个条件分支共用（分支交叉），设计器无法表示`,
  notStructured: '流程的连线无法拆成逐层嵌套的条件分支',
} as const;

/** The form designer's words. */
export const FormDesignerTexts = {
  palette: '字段',
  paletteHint: '点击添加，或拖入画布中的位置',
  paletteAdd: (type: string) => `添加「${type}」`,
  addField: '添加字段',
  canvas: '表单字段',
  canvasEmpty: '从左侧点击或拖入字段，开始设计表单',
  canvasEmptyMobile: '点击「添加字段」开始设计表单',
  modeDesign: '设计',
  modePreview: '表单预览',
  previewTitle: '填写内容',
  previewHint: '与发起人填写单据时看到的一致；可试填以检查必填、默认值和合计。',
  previewHasErrors: '表单还有需要修改的地方（见「设计」中标红的字段）；标识无效或重复的字段不在预览中显示。',
  noFields: '暂无字段',
  dragHandle: (label: string) => `拖动排序：${label}`,
  moveUp: LIST_CAPTIONS.moveUp,
  moveDown: LIST_CAPTIONS.moveDown,
  duplicate: '复制',
  remove: LIST_CAPTIONS.remove,
  removeConfirm: (label: string) => `删除字段「${label}」？`,
  removeOk: '删除',
  cancel: '取消',
  required: '必填',
  computed: '自动计算',
  defaultPrefix: '默认：',
  optionsCount: (n: number) => `${n} 个选项`,
  columnsSummary: (labels: string[]) => `列：${labels.join('、')}`,
  totalSummary: (label: string) => `合计：${label}`,
  sumOfSummary: (label: string) => `= 明细表「${label}」的合计`,
  descriptionEmpty: '（尚未填写说明内容）',
  properties: '字段属性',
  propertiesEmpty: '选择画布中的字段，在这里编辑它的属性',
  close: '完成',
  propLabel: '字段名称',
  propKey: '字段标识',
  propKeyHint: '保存在单据中并供流程条件引用；修改后，流程中引用旧标识的条件需重新设置。',
  propRequired: '必填',
  propPlaceholder: '占位提示',
  propHelp: '说明',
  propHelpHint: '显示在字段下方的帮助文字',
  propOptions: '选项',
  optionLabel: (n: number) => `选项 ${n}`,
  optionAdd: '添加选项',
  optionRemove: (n: number) => `删除选项 ${n}`,
  optionUp: (n: number) => `上移选项 ${n}`,
  optionDown: (n: number) => `下移选项 ${n}`,
  propMin: '最小值',
  propMax: '最大值',
  propMoneyMinHint: '不填则为 0（金额不能为负）',
  propPrecision: '小数位数',
  propPrecisionHint: '不填则不限；0 表示只能填整数',
  propMaxLength: '最多字数',
  propMultiple: '可选多个',
  propContent: '说明内容',
  propDefault: '默认值',
  propDefaultHint: '新建单据时预先填入，发起人可修改',
  clearDefault: '清除默认值',
  propColumns: '明细列',
  columnTitle: (n: number) => `第 ${n} 列`,
  columnKey: '列标识',
  columnLabel: '列名称',
  columnType: '列类型',
  columnRequired: '必填',
  columnOptions: '列选项',
  columnAdd: '添加列',
  columnRemove: (label: string) => `删除列「${label}」`,
  columnUp: (label: string) => `上移列「${label}」`,
  columnDown: (label: string) => `下移列「${label}」`,
  propTotalOf: '合计列',
  noTotal: '不合计',
  propDaysOf: '天数来源',
  propDaysOfHint: '选择日期范围后，此数字按该范围的工作日自动填入（可改为半天），且不能超过范围的天数',
  noDaysOf: '无（手动填写）',
  propSumOf: '合计来源',
  propSumOfHint: '选择明细表后，此金额由该表的合计自动计算，发起人不能修改',
  noSumOf: '手动填写',
  propType: '字段类型',
  // Screen-reader words of a drag (dnd-kit announces them).
  dragInstructions: '按空格键拿起字段，用上下方向键移动，再按空格键放下；按 Esc 取消。',
  dragPicked: (label: string) => `已拿起「${label}」`,
  dragOver: (label: string, position: number) => `「${label}」移到第 ${position} 位`,
  dragDropped: (label: string, position: number) => `「${label}」已放在第 ${position} 位`,
  dragCancelled: (label: string) => `已取消移动「${label}」`,
} as const;
