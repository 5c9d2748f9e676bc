import { z } from 'zod';
import { EntrustInputZ, type BillEntrust } from './api';

/*
 * 审批委托 (issue 13): the page over /api/users/billEntrust, ending an entrust early, and 同时移交当前待办 — the
 * delegator's open tasks moved to the delegate with the entrust, in one transaction. The report of moved tasks is
 * shared with 离职交接 (admin/handover.ts), which moves a leaver's tasks the same way. docs/approval-api.md,
 * "Entrust page and task moves", holds the decisions.
 */

/** POST /api/users/billEntrust: an entrust, and whether the caller's open tasks go to the delegate now. */
export const EntrustCreateZ = EntrustInputZ.extend({
  /** 同时移交当前待办: the caller's open tasks on bills of the entrust's templates move to the delegate at once. */
  move_open_tasks: z.boolean({ error: '「同时移交当前待办」须为是或否' }).default(false),
});
export type EntrustCreate = z.input<typeof EntrustCreateZ>;

/** 生效中 (in its period now), 未开始 (starts later), 已结束 (its end has passed, or it was ended early). */
export const ENTRUST_STATES = ['active', 'pending', 'ended'] as const;
export type EntrustState = (typeof ENTRUST_STATES)[number];
export const EntrustStateLabels: Record<EntrustState, string> = { active: '生效中', pending: '未开始', ended: '已结束' };

/** Where an entrust stands at `now` (ISO instants compare as text only with the same offset: compared as times). */
export function entrustStateOf(entrust: Pick<BillEntrust, 'start_at' | 'end_at'>, now: Date): EntrustState {
  const t = now.getTime();
  if (new Date(entrust.end_at).getTime() <= t) return 'ended';
  return new Date(entrust.start_at).getTime() <= t ? 'active' : 'pending';
}

/** What the owner may do with an entrust now; received ones allow nothing (the owner manages their own). */
export interface EntrustAbilities {
  /** 修改: not ended yet. */
  edit: boolean;
  /** 提前结束: in its period now; it ends at once and stays listed as 已结束. */
  end: boolean;
  /** 删除: not started yet, so nothing was ever handed over under it. */
  delete: boolean;
}

/** A row of the 审批委托 page: the entrust, its state, its templates by name, and what the caller may do. */
export interface EntrustView extends BillEntrust {
  state: EntrustState;
  state_text: string;
  /** Empty: every template (全部模板). A template deleted since shows as 模板#id. */
  template_names: string[];
  abilities: EntrustAbilities;
}

/** A template an entrust may name: every enabled template (IPTV ones for IPTV roles only). */
export interface EntrustTemplateOption {
  id: number;
  name: string;
  group_name: string;
}

/** Why a task was not moved: the receiver initiated the bill, or already holds a task of the same step. */
export const TASK_MOVE_SKIP_REASONS = ['initiator', 'same_step'] as const;
export type TaskMoveSkipReason = (typeof TASK_MOVE_SKIP_REASONS)[number];
export const TaskMoveSkipLabels: Record<TaskMoveSkipReason, string> = {
  initiator: '接收人是该单据的发起人，不能审批自己的单据',
  same_step: '接收人已是该审批步骤的审批人',
};

export interface TaskMoveBill {
  bill_id: number;
  title: string;
  /** How many tasks of the bill moved (usually one). */
  tasks: number;
}

export interface TaskMoveSkipped {
  bill_id: number;
  title: string;
  reason: TaskMoveSkipReason;
  reason_text: string;
}

/** What a move of open tasks did: bills whose tasks moved, and bills left with their holder (and why). */
export interface TaskMoveReport {
  moved: TaskMoveBill[];
  skipped: TaskMoveSkipped[];
}

/** POST /api/users/billEntrust's answer: the entrust, and the move when 同时移交当前待办 was asked. */
export interface EntrustCreated extends EntrustView {
  moved_tasks: TaskMoveReport | null;
}

export const EntrustMessages = {
  ended: '委托已提前结束，此后的新待办不再交给受托人',
  /** PATCH …/end on an entrust not in its period now. */
  endNotActive: '只有生效中的委托可以提前结束：未开始的请直接删除，已结束的无需处理',
  /** DELETE of an entrust that has started: its record stays. */
  deleteStarted: '已生效或已结束的委托不能删除，以保留委托记录；生效中的委托请使用「提前结束」',
  editEnded: '已结束的委托不能修改，请新建委托',
  /** 同时移交当前待办 on an entrust that starts later: the delegate would hold the tasks before the entrust begins. */
  moveNotStarted: '委托尚未开始，不能同时移交当前待办：请将开始时间设为现在，或取消该选项',
  /** The answer to POST with 同时移交当前待办. */
  savedAndMoved: (moved: number, skipped: number) =>
    skipped > 0
      ? `审批委托已保存，已移交 ${moved} 张单据的待办，${skipped} 张单据未移交（见明细）`
      : `审批委托已保存，已移交 ${moved} 张单据的待办`,
  /** The comment of each moved task's history entry (委托移交). */
  moveComment: (delegate: string, period: string) => `委托 ${delegate} 代为审批（${period}），当前待办一并移交`,
} as const;

/** The 委托管理 page's words (apps/web features/bills/entrust). */
export const EntrustTexts = {
  pageTitle: '委托管理',
  pageDescription:
    '外出或休假时，把这段时间到达您的审批交给同事代为处理（可只委托部分模板）。生效中的委托可提前结束；已生效的委托保留记录，不能删除。',
  create: '新建委托',
  edit: '修改委托',
  modify: '修改',
  submitCreate: '创建',
  submitEdit: '保存',
  delegateRequired: '请选择受托人',
  otherTemplates: '其他',
  given: '我委托的',
  received: '委托给我的',
  delegate: '受托人',
  owner: '委托人',
  templates: '委托模板',
  allTemplates: '全部模板',
  templatesPlaceholder: '不选即委托全部模板',
  period: '委托时间',
  periodStart: '开始时间',
  periodEnd: '结束时间',
  periodRequired: '请选择委托时间',
  reason: '委托原因',
  reasonPlaceholder: '如 出差、休假（选填）',
  state: '状态',
  actions: '操作',
  end: '提前结束',
  endConfirm: '提前结束后，新的待办将回到您这里；已交给受托人的待办仍由受托人处理。确认提前结束吗？',
  delete: '删除',
  deleteConfirm: '确认删除这条尚未开始的委托吗？',
  moveOpenTasks: '同时移交当前待办',
  moveOpenTasksHelp: '勾选后，您现在待审批的单据（限所选模板）立即转给受托人处理，并记入单据的审批历史。',
  emptyGiven: '您还没有委托他人审批',
  emptyReceived: '暂无他人委托给您的审批',
  moveReportTitle: '待办移交结果',
  movedBills: '已移交的单据',
  skippedBills: '未移交的单据',
  tasksOf: (n: number) => `${n} 项待办`,
} as const;
