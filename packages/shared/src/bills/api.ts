import { escapeHtml } from '../common/html';
import { z } from 'zod';
import { PageQueryZ } from '../common/paging';
import { CalendarDateZ, DateTimeZ } from '../common/validation';
import type { BillFieldChange, FieldAccess } from './change';
import type { FormSchema, ItemRow, StoredValue } from './form';
import { BILL_STATUSES, type BillStatus, type FlowNodeType, type HandlerOperation, type StepStatus } from './status';
import type { ApproverDedup } from './flow';
import type { FileCard } from '../files/files';
import { SHARE_READ_STATES, type BillListShare } from './shares-api';

/*
 * Request schemas, response shapes and messages of the approval API (issue 4): bills, flow operations and
 * bill entrusts; template groups, templates (and their IPTV variant) and jobs are in templates-api.ts.
 * The server parses every input with these; docs/approval-api.md lists the endpoints.
 */

/** A positive integer id, with the message of the field it fills: shared by the approval API files. */
export const IdZ = (message: string) =>
  // At most what the integer id columns hold: PostgreSQL refuses a larger one with an error, not an empty answer.
  z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);

export const TEMPLATE_NAME_MAX = 50;
export const BILL_TITLE_MAX = 100;
export const COMMENT_MAX = 500;

export const ApprovalMessages = {
  groupNotFound: '模板分组不存在或已被删除',
  groupNameRequired: '请填写分组名称',
  groupNameTaken: (name: string) => `已有名为「${escapeHtml(name)}」的分组，请换一个名称`,
  groupNotEmpty: (count: number) => `该分组下还有 ${count} 个模板，请先移走或删除后再删除分组`,
  templateNotFound: '审批模板不存在或已被删除',
  /** A template bound to a module (templates.subject_kind): 请假 is asked for on the leave form, which keeps the balance. */
  templateBound: '该审批须从业务页面发起：请假请到「假期 → 我的假期」点击「申请请假」',
  templateNameRequired: '请填写模板名称',
  templateNameTaken: (name: string) => `已有名为「${escapeHtml(name)}」的模板，请换一个名称`,
  templateInUse: (count: number) => `已有 ${count} 张单据使用该模板，不能删除；不再使用请停用`,
  templateDisabled: '该审批模板已停用，不能发起新的审批',
  templateNoFlow: '该审批模板尚未设置审批流程，请联系流程管理员',
  iptvOnly: 'IPTV 模板请在 IPTV 业务中管理',
  notIptv: '该模板不是 IPTV 模板',
  nodeNotFound: '流程节点不存在或已被删除',
  nodeIdTaken: (id: string) => `节点编号「${escapeHtml(id)}」已存在`,
  linkNotFound: '节点连线不存在或已被删除',
  sortInvalid: '排序须为模板编号的列表',
  sortUnknown: (ids: readonly number[]) => `模板不存在：${ids.join('、')}`,
  favorited: '已收藏',
  unfavorited: '已取消收藏',
  jobNotFound: '岗位不存在或已被删除',
  jobNameRequired: '请填写岗位名称',
  jobNameTaken: (name: string) => `已有名为「${escapeHtml(name)}」的岗位，请换一个名称`,
  /** `hidden`: IPTV templates among them, counted but not named to someone who may not see IPTV templates. */
  jobInUse: (names: readonly string[], hidden = 0) =>
    `岗位正被审批模板使用（${[...names.map(escapeHtml), ...(hidden > 0 ? [`另有${hidden}个IPTV模板`] : [])].join('、')}），请先在流程中移除后再删除`,
  jobUnknownInFlow: (ids: readonly number[]) => `流程引用了不存在的岗位：${ids.join('、')}`,
  memberNotFound: '岗位成员不存在或已被删除',
  memberExists: '该用户已是岗位成员',
  userMissing: '用户不存在或已停用，请从人员列表中选择',
  /** Disabled users by name, unknown ones by the id that was sent. */
  usersMissing: (who: readonly (number | string)[]) => `用户不存在或已停用：${who.map(escapeHtml).join('、')}`,
  /**
   * 发起人自选 naming someone unknown or disabled: the step named as EngineMessages.chosenMissing names it (the bill
   * editor puts the message at that step's picker), the people by name as usersMissing does.
   */
  chosenUnavailable: (step: string, who: readonly (number | string)[]) =>
    `请重新选择「${escapeHtml(step)}」的审批人：${who.map(escapeHtml).join('、')} 不存在或已停用`,
  deptsMissing: (ids: readonly number[]) => `部门不存在：${ids.join('、')}`,
  billNotFound: '单据不存在或已被删除',
  /**
   * A bill the caller may not see answers exactly as one that does not exist (ASVS 4.0 V4.2.1, issue 11):
   * one message, one status (403), so nobody learns which ids exist. docs/security.md.
   */
  billUnavailable: '单据不存在或您无权查看',
  notInitiator: '只有发起人可以执行此操作',
  notHandler: '您当前没有需要处理的审批任务',
  notEditable: '只有草稿、被驳回或已撤回的单据可以修改',
  notDeletable: '只有草稿可以删除，已提交过的单据请使用废弃',
  billConflict: '单据已被他人处理，请刷新后查看',
  itemsFieldRequired: '请指定明细表字段',
  itemRowRequired: '请填写要添加的明细行',
  itemRowMissing: '明细行不存在，请刷新后重试',
  itemsFieldUnknown: (key: string) => `表单中没有明细表「${escapeHtml(key)}」`,
  saved: '已保存',
  deleted: '已删除',
  released: '已提交审批',
  resubmitted: '已重新提交审批',
  withdrawn: '已撤回',
  abandoned: '已废弃',
  agreed: '已同意',
  rejected: '已驳回',
  backed: '已退回上一审批节点',
  transferred: '已转交',
  operTypeInvalid: '操作类型须为 agree、reject、back 或 transfer',
  transferTarget: '请选择转交给谁',
  replicated: '已复制为新草稿，请修改后提交',
  replicateDraft: '草稿不需要复制，请直接编辑',
  closed: '已关闭',
  closeForbidden: '只有审批单据管理员可以关闭单据',
  closeReasonRequired: '请填写关闭原因',
  notClosable: '只有审批中、被驳回或已撤回的单据可以关闭',
  tracked: '已关注',
  untracked: '已取消关注',
  trackDraft: '草稿不能关注',
  shared: '已分享',
  shareForbidden: '只有发起人或审批单据管理员可以分享单据',
  shareDraft: '草稿不能分享，请先提交',
  shareUsersRequired: '请选择要分享给的人',
  shareDeptsInvalid: '请选择要分享给的部门',
  /** A share to departments that have nobody active in them (or only the bill's initiator). */
  shareNobodyInDepts: '所选部门没有可分享的在职人员',
  shareDeptsMissing: (ids: readonly number[]) => `部门不存在：${ids.join('、')}`,
  shareBillsRequired: '请选择要分享的单据',
  entrustNotFound: '审批委托不存在或已被删除',
  entrustSelf: '不能委托给自己',
  entrustPeriod: '结束时间须晚于开始时间',
  entrustEnded: '结束时间须晚于当前时间',
  entrustOverlap: (start: string, end: string) => `与已有的委托时间段（${start} 至 ${end}）重叠，同一时间只能委托给一个人`,
  entrustTemplatesMissing: (ids: readonly number[]) => `审批模板不存在：${ids.join('、')}`,
  entrustSaved: '审批委托已保存',
  entrustDeleted: '审批委托已删除',
  groupSortInvalid: '排序须为分组编号的列表',
  groupSortUnknown: (ids: readonly number[]) => `模板分组不存在：${ids.join('、')}`,
  templateCopied: (name: string) => `已复制为「${name}」，新模板已停用，检查后请启用`,
  templatePublished: '已发布，新发起的单据将使用新版本',
  draftSaved: '已保存，尚未发布；发布后新发起的单据才使用新版本',
  publishNoFlow: '请先设计审批流程再发布',
  notStarter: '您不在该模板的发起范围内，不能发起此审批',
  startersRolesMissing: (ids: readonly number[]) => `角色不存在：${ids.join('、')}`,
  iptvFlagFixed: '模板创建后不能更改 IPTV 标记，如需另一种请新建模板',
  previewInitiatorMissing: '请选择预览用的发起人',
  /** PATCH /api/bills/{id}/ignore: the bill left the caller's 抄送我的 and 我关注的 boxes (the bill itself is untouched). */
  ignored: '已移出列表，单据本身不受影响',
  /** The same call on a bill in neither box: nothing to do, and no failure (the call is idempotent). */
  ignoredNothing: '该单据不在您的抄送或关注列表中',
} as const;

// ---------- bills ----------

/**
 * tracked: bills the caller follows (PATCH /api/bills/{id}/track); shared: bills shared with the caller (抄送我的,
 * PATCH /api/bills/{id}/share). PATCH /api/bills/{id}/ignore takes a bill out of both for the caller.
 */
export const BILL_BOXES = ['todo', 'done', 'mine', 'draft', 'tracked', 'shared'] as const;
export type BillBox = (typeof BILL_BOXES)[number];
/** received_at (到达时间, when my task arrived) sorts the todo box only, and is its default. */
export const BILL_SORT_FIELDS = ['received_at', 'updated_at', 'created_at', 'released_at', 'id'] as const;
export type BillSortField = (typeof BILL_SORT_FIELDS)[number];
export const BillListMessages = {
  sortField: '排序字段须为 received_at、updated_at、created_at、released_at 或 id',
  receivedOnlyTodo: '按到达时间排序仅适用于待我审批',
  shareState: '阅读状态须为 unread 或 read',
  shareStateOnlyShared: '阅读状态仅适用于抄送我的',
} as const;
/** The default order of a box: the todo box by arrival (newest first), the others by last change. */
export function defaultBillSort(box: BillBox): BillSortField {
  return box === 'todo' ? 'received_at' : 'updated_at';
}

export const BillIdZ = z.object({ id: IdZ(ApprovalMessages.billNotFound) });

/** Calendar days that exist: 2026-13-45 passes a pattern but is no day (issue 11, item 6). */
const DateZ = CalendarDateZ();

export const BillListQueryZ = PageQueryZ.extend({
  box: z.enum(BILL_BOXES, { error: '列表类型须为 todo、done、mine、draft、tracked 或 shared' }).default('todo'),
  template_id: z.coerce.number().int().positive().optional(),
  status: z.enum(BILL_STATUSES, { error: '单据状态不正确' }).optional(),
  keyword: z.string().trim().max(50).optional(),
  date_from: DateZ.optional(),
  date_to: DateZ.optional(),
  sort: z.enum(BILL_SORT_FIELDS, { error: BillListMessages.sortField }).optional(),
  order: z.enum(['asc', 'desc'], { error: '排序方向须为 asc 或 desc' }).default('desc'),
  /** 抄送我的 only: 待阅 (not opened since shared) or 已阅. */
  share_state: z.enum(SHARE_READ_STATES, { error: BillListMessages.shareState }).optional(),
})
  .refine((query) => query.sort !== 'received_at' || query.box === 'todo', { path: ['sort'], error: BillListMessages.receivedOnlyTodo })
  .refine((query) => query.share_state === undefined || query.box === 'shared', {
    path: ['share_state'],
    error: BillListMessages.shareStateOnlyShared,
  });
export type BillListQuery = z.infer<typeof BillListQueryZ>;

const ChosenHandlersZ = z.record(z.string(), z.array(z.number().int().positive()).max(50));

export const BillCreateZ = z.object({
  template_id: IdZ(ApprovalMessages.templateNotFound),
  title: z.string().trim().max(BILL_TITLE_MAX).optional(),
  form: z.record(z.string(), z.unknown()).default({}),
  /** A random key per "new bill" page: a double click cannot create two bills (DESIGN §5a). */
  client_key: z.string().trim().min(8).max(64).optional(),
});

export const BillUpdateZ = z.object({
  title: z.string().trim().max(BILL_TITLE_MAX).optional(),
  form: z.record(z.string(), z.unknown()).optional(),
  /** The version the initiator edited; a stale one is refused with 409. */
  version: z.number().int().min(0).optional(),
});

export const BillItemsInputZ = z.object({
  field: z.string().min(1, ApprovalMessages.itemsFieldRequired),
  rows: z.array(z.record(z.string(), z.unknown())),
  version: z.number().int().min(0).optional(),
});

/** POST /api/bills/{id}/items: one row appended to an items table (the table's total recomputed). */
export const BillItemAddZ = z.object({
  field: z.string({ error: ApprovalMessages.itemsFieldRequired }).min(1, ApprovalMessages.itemsFieldRequired),
  row: z.record(z.string(), z.unknown(), { error: ApprovalMessages.itemRowRequired }),
  version: z.number().int().min(0).optional(),
});

/** DELETE /api/bills/{id}/items?field&index&version: one row taken out (`index` counts from 0, as `rows` are listed). */
export const BillItemRemoveZ = z.object({
  field: z.string({ error: ApprovalMessages.itemsFieldRequired }).min(1, ApprovalMessages.itemsFieldRequired),
  index: z.coerce
    .number({ error: ApprovalMessages.itemRowMissing })
    .int(ApprovalMessages.itemRowMissing)
    .min(0, ApprovalMessages.itemRowMissing),
  version: z.coerce.number().int().min(0).optional(),
});

export const BillReleaseZ = z.object({
  /** Optional last edit sent with the submit. */
  title: z.string().trim().max(BILL_TITLE_MAX).optional(),
  form: z.record(z.string(), z.unknown()).optional(),
  chosen_handlers: ChosenHandlersZ.optional(),
  version: z.number().int().min(0).optional(),
});

/**
 * POST /api/bills/path-preview: the path a bill being written would take and whom each step would ask, were it
 * submitted now (the form's 审批流程 card). A new bill names its template; a saved one its id (its pinned version,
 * and a resumed resubmit starts where it was sent back).
 */
export const BillPathPreviewZ = z
  .object({
    template_id: IdZ(ApprovalMessages.templateNotFound).optional(),
    bill_id: IdZ(ApprovalMessages.billNotFound).optional(),
    form: z.record(z.string(), z.unknown()).default({}),
    chosen_handlers: ChosenHandlersZ.default({}),
  })
  .refine((input) => input.template_id !== undefined || input.bill_id !== undefined, {
    message: ApprovalMessages.templateNotFound,
    path: ['template_id'],
  });
export type BillPathPreviewInput = z.input<typeof BillPathPreviewZ>;

export interface BillPathHandler {
  id: number;
  name: string;
  dept_name: string | null;
  /** 代 X 审批: the delegator whose task an entrust hands to this person. */
  on_behalf_of: { id: number; name: string } | null;
  /**
   * The flow's 审批人去重 will agree for this person, who agrees a step before (they are asked once): why —
   * `consecutive`, the step just before; `first`, an earlier step. null when they decide here, or when it is not
   * certain who agrees the step before (a 或签 of several).
   */
  auto_agree: Exclude<ApproverDedup, 'none'> | null;
}

export interface BillPathStep {
  id: string;
  name: string;
  /** 或签 / 会签 …, as the flow view labels it. */
  approvalModeLabel: string;
  handlers: BillPathHandler[];
  /**
   * Why a step has nobody: `choose` — a 发起人自选 step still waiting for the initiator's pick; `skip` — nobody found,
   * it passes by itself; `initiator_skipped` — 发起人审批时 leaves the initiator out and nobody else is asked.
   */
  note: 'choose' | 'skip' | 'initiator_skipped' | null;
}

export interface BillPathNode {
  id: string;
  name: string;
  type: FlowNodeType;
  steps: BillPathStep[];
}

export interface BillPathPreview {
  /** false: no link matched at some node; `message` says which (as 提交 would refuse). */
  ok: boolean;
  message: string | null;
  nodes: BillPathNode[];
}

export const BILL_OPER_TYPES = ['agree', 'reject', 'back', 'transfer'] as const;
export type BillOperType = (typeof BILL_OPER_TYPES)[number];

export const FlowOperationZ = z.object({
  comment: z.string().trim().max(COMMENT_MAX).optional().nullable(),
  /** transfer: the user who takes over the task. */
  to_user_id: z.number().int().positive().optional(),
});

/**
 * POST|PUT|PATCH /api/bills/flownode/{id}: the task's operation named in the body, as the path form
 * /api/bills/flownode/{id}/{operType} names it in the path.
 */
export const TaskOperationBodyZ = z.object({
  operType: z.enum(BILL_OPER_TYPES, { error: ApprovalMessages.operTypeInvalid }),
});

export const InitiatorOperationZ = z.object({
  comment: z.string().trim().max(COMMENT_MAX).optional().nullable(),
  version: z.number().int().min(0).optional(),
});

/** PATCH /api/bills/{id}/replication: a new draft of the caller, on the template's current version. */
export const BillReplicateZ = z.object({
  title: z.string({ error: '标题须为文字' }).trim().max(BILL_TITLE_MAX, `标题不能超过 ${BILL_TITLE_MAX} 个字`).optional(),
  /** As on POST /api/bills: a repeated key returns the first copy (double-click guard). */
  client_key: z.string().trim().min(8).max(64).optional(),
});

/** PATCH /api/bills/{id}/close: a bill administrator ends a bill that is still in the flow. */
export const BillCloseZ = z.object({
  comment: z
    .string({ error: ApprovalMessages.closeReasonRequired })
    .trim()
    .min(1, ApprovalMessages.closeReasonRequired)
    .max(COMMENT_MAX, `关闭原因不能超过 ${COMMENT_MAX} 个字`),
  version: z.number().int().min(0).optional(),
});

const ShareUserIdsZ = z
  .array(z.number({ error: ApprovalMessages.shareUsersRequired }).int().positive(), { error: ApprovalMessages.shareUsersRequired })
  .max(50, '一次最多分享给 50 人');

const ShareDeptIdsZ = z
  .array(z.number({ error: ApprovalMessages.shareDeptsInvalid }).int().positive(), { error: ApprovalMessages.shareDeptsInvalid })
  .max(20, '一次最多分享给 20 个部门');

/**
 * PATCH /api/bills/{id}/share: the users who may read the bill from now on (added to those it was shared with), named
 * one by one or by department (its active people and those of the departments below it, as they are at the share).
 */
export const BillShareZ = z
  .object({ user_ids: ShareUserIdsZ.optional(), dept_ids: ShareDeptIdsZ.optional() })
  .refine((input) => (input.user_ids?.length ?? 0) + (input.dept_ids?.length ?? 0) > 0, {
    path: ['user_ids'],
    error: ApprovalMessages.shareUsersRequired,
  });

/** POST /api/bills/shares: several bills shared with the same users at once, all or nothing. */
export const BillSharesZ = z.object({
  bill_ids: z
    .array(z.number({ error: ApprovalMessages.shareBillsRequired }).int().positive(), { error: ApprovalMessages.shareBillsRequired })
    .min(1, ApprovalMessages.shareBillsRequired)
    .max(100, '一次最多分享 100 张单据'),
  user_ids: ShareUserIdsZ.min(1, ApprovalMessages.shareUsersRequired),
});

/**
 * What PATCH /api/bills/{id}/ignore answers: the caller's boxes the bill left (empty when it was in neither,
 * e.g. a repeated call). Afterwards it is in neither `tracked` nor `shared` for the caller.
 */
export interface BillIgnoreResult {
  bill_id: number;
  removed_from: ('tracked' | 'shared')[];
}

/** What a share answers: every user the bill is shared with now. */
export interface BillShareResult {
  bill_id: number;
  user_ids: number[];
}

export interface BillListRow {
  id: number;
  billID: number;
  title: string;
  template_id: number;
  template_name: string;
  status: BillStatus;
  status_text: string;
  initiator_id: number;
  initiator_name: string;
  dept_name: string | null;
  current_node: string | null;
  created_at: string;
  updated_at: string;
  released_at: string | null;
  /** todo box: when the caller's task arrived, and on whose behalf it is (代 X 审批). */
  received_at?: string;
  on_behalf_of?: string | null;
  /** shared box (抄送我的): who shared it, when, and when I first opened it since (null: 待阅). */
  share?: BillListShare;
}

export interface BillAbilities {
  agree: boolean;
  reject: boolean;
  back: boolean;
  transfer: boolean;
  edit: boolean;
  delete: boolean;
  release: boolean;
  withdraw: boolean;
  abandon: boolean;
  /** The initiator copies a submitted bill into a new draft (template still startable). */
  replicate: boolean;
  /** A bill administrator closes a bill still in the flow (doing, rejected, withdrawn). */
  close: boolean;
  /** Any reader follows or unfollows a submitted bill; `BillDetail.tracked` says which. */
  track: boolean;
  /** The initiator or a bill administrator shares a submitted bill with other users, who may then read it. */
  share: boolean;
  /** The initiator urges the current handlers of a bill in approval (催办), at most once an hour. */
  urge: boolean;
  /** The initiator or a bill administrator reads who opened the bill (访问记录, GET /api/bills/access/log). */
  view_access_log: boolean;
  /** The caller handles the change node the bill is at: they may edit its 可编辑 fields (PATCH /api/bills/{id}/change). */
  change: boolean;
}

export interface BillDetail {
  id: number;
  billID: number;
  title: string;
  status: BillStatus;
  status_text: string;
  version: number;
  template: { id: number; name: string; group_id: number; is_iptv: number };
  template_version_id: number | null;
  form_schema: FormSchema;
  form: Record<string, StoredValue | ItemRow[]>;
  items: Record<string, ItemRow[]>;
  totals: Record<string, string>;
  initiator: { id: number; name: string; dept_id: number | null; dept_name: string | null };
  current_node: string | null;
  /** Steps of the flow that ask the initiator to choose handlers at release. */
  chosen_steps: { stepId: string; stepName: string; nodeName: string }[];
  chosen_handlers: Record<string, number[]>;
  created_at: string;
  updated_at: string;
  released_at: string | null;
  finished_at: string | null;
  /** 归档编号 and when it was filed: set when the bill first passed an archive node. */
  archive_no: string | null;
  archived_at: string | null;
  abilities: BillAbilities;
  /** Whether the caller follows the bill (box=tracked). */
  tracked: boolean;
  /**
   * The caller's pending task, when they are a current handler; `comment_required`: its step is marked
   * 同意时须填写审批意见, so an agree needs a comment too.
   */
  my_task: {
    id: string;
    on_behalf_of: string | null;
    node_name: string;
    step_name: string;
    comment_required: boolean;
    /**
     * At a change node (变更节点): what each field is to this handler (a field not named is 只读). The fields 隐藏 to
     * them are already left out of `form_schema`, `form`, `items` and `totals`. Null at an approve node.
     */
    field_access: Record<string, FieldAccess> | null;
  } | null;
  /** The files the form's attachment fields name, by id (names for the read-only view and the editor). */
  attachments?: Record<string, FileCard>;
}

export interface BillHistoryEntry {
  seq: number;
  at: string;
  action: string;
  action_text: string;
  actor_id: number | null;
  actor_name: string | null;
  on_behalf_of: string | null;
  to_user: string | null;
  node_id: string | null;
  node_name: string | null;
  step_name: string | null;
  comment: string | null;
  before: BillStatus;
  after: BillStatus;
  /** A `change` entry (变更): each field the change node's handler edited, old → new as text. Null otherwise. */
  changes: BillFieldChange[] | null;
  /**
   * A handler's own decision on their task (同意, 驳回, 退回, 转交): when that task reached them, so the history can say
   * how long they took (耗时). Null for every other entry, an automatic one included.
   */
  task_arrived_at: string | null;
}

/** SPEC §3 handler of a step, as the flow popover and node dialog show it. */
export interface FlowHandler {
  id: number;
  name: string;
  dept: string | null;
  dept_name: string | null;
  mobile: string;
  operation: HandlerOperation;
  /** 代 X 审批 when acting for someone else. */
  on_behalf_of: string | null;
  comment: string | null;
  time: string | null;
  /** When the task reached this handler (耗时 is from here to `time`); null for a predicted handler. */
  arrived_at: string | null;
  is_auto: boolean;
  /**
   * Not asked yet: the step has not been reached, and this is whom it would ask were it started now (the
   * engine's own resolution over today's directory and entrusts). The web app shows such a handler apart (预计).
   */
  predicted: boolean;
}

export interface FlowStepView {
  stepID: string;
  stepName: string;
  stepDisplayName: string;
  stepType: string;
  stepStatus: StepStatus;
  stepStatusText: string;
  stepProcess: string;
  approvalMode: 0 | 1;
  approvalModeLabel: string;
  reviewLabel: string;
  /** 审批类型: where the step's handlers come from (指定人员, 审批岗位, 部门主管…; handlerSourceLabel); '' if unknown. */
  sourceLabel: string;
  /** How many handlers the step has (or, predicted, would have). */
  handlerCount: number;
  handlers: FlowHandler[];
  /** The step is not reached yet on a bill in progress: its handlers are predicted (see FlowHandler.predicted). */
  predicted: boolean;
}

/**
 * Step texts of the flow view beyond SPEC §4's four statuses (docs/approval-api.md, GET /oa/flow/{id}): a step a
 * withdraw or close ended, a step the bill never reached and no longer will in this pass, a step that would pass
 * by itself when reached, and the web app's mark of a predicted handler.
 */
export const FlowViewTexts = {
  /** A step ended by the initiator's withdraw (its open tasks were cancelled, nobody decided). */
  withdrawn: '已撤回',
  /** A step ended by a bill administrator's close. */
  closed: '已关闭',
  /** A step of a bill that stopped (rejected, withdrawn, closed, abandoned) before reaching it. */
  notReached: '未审批',
  /** A step not reached yet that, as things stand, finds nobody to ask and passes by itself. */
  predictedSkip: '无需审批，到达时自动跳过',
  /** The web app's mark on a predicted handler. */
  predicted: '预计',
  predictedHint: '尚未到达，按当前组织架构和委托预计的审批人',
} as const;

export interface FlowNodeView {
  flowNodeID: string;
  name: string;
  flowNodeName: string;
  flowNodeType: string;
  flowNodeLabel: string;
  /** entered: the node has been reached at least once; current: the node the bill waits at. */
  entered: boolean;
  current: boolean;
  flowNodeSteps: FlowStepView[];
}

export interface BillFlowView {
  billID: number;
  name: string;
  status: BillStatus;
  status_text: string;
  flowNodes: FlowNodeView[];
}

export interface DashboardCounts {
  todo: number;
  doing: number;
  draft: number;
  done: number;
  /** 抄送我的 not yet read (待阅), shown on the menu entry. */
  shared_unread: number;
}

// ---------- entrust ----------

const IsoZ = DateTimeZ();

export const EntrustInputZ = z.object({
  delegate_id: IdZ('请选择受托人'),
  /** Empty or absent: every template. */
  template_ids: z.array(z.number().int().positive()).max(200).default([]),
  start_at: IsoZ,
  end_at: IsoZ,
  reason: z.string().trim().max(200).default(''),
});
export const EntrustIdZ = z.object({ id: IdZ(ApprovalMessages.entrustNotFound) });

export interface BillEntrust {
  id: number;
  user_id: number;
  user_name: string;
  delegate_id: number;
  delegate_name: string;
  template_ids: number[];
  start_at: string;
  end_at: string;
  reason: string;
  created_at: string;
}

/** GET /api/bills/{id}/histories: the approval record, one entry per node activation (print view, record table). */
export interface BillRecordTask {
  id: string;
  handler: string;
  handler_id: number;
  on_behalf_of: string | null;
  via: string;
  status: string;
  operation: HandlerOperation;
  comment: string | null;
  decided_at: string | null;
  is_auto: boolean;
}

export interface BillRecordStep {
  id: string;
  name: string;
  type: string;
  status: StepStatus;
  status_text: string;
  tasks: BillRecordTask[];
}

export interface BillRecordNode {
  activation_id: string;
  node_id: string;
  node_name: string;
  node_type: string;
  cause: string;
  status: string;
  entered_at: string;
  left_at: string | null;
  steps: BillRecordStep[];
}

/** GET /api/bills/flownode/{taskId}: one task and what its handler may do with it now. */
export interface FlowTaskView {
  id: string;
  bill_id: number;
  status: string;
  operation: HandlerOperation;
  node_name: string;
  step_name: string;
  on_behalf_of: string | null;
  can: Record<BillOperType, boolean>;
}
