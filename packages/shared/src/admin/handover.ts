import { z } from 'zod';
import type { TaskMoveReport } from '../bills/entrust-api';

/*
 * 离职交接 (issue 13): a user administrator (sys_user) hands a person's open tasks, drafts and the entrusts they
 * received to a colleague, in one transaction, logged in the operation log of the person handed over.
 * GET/POST /api/admin/users/{id}/handover; docs/approval-api.md, "离职交接", holds the decisions.
 */

export const HandoverMessages = {
  receiverRequired: '请选择接收人',
  receiverSelf: '接收人不能是被交接的本人',
  /** A success toast, shown as text (a name with markup reads as typed). */
  done: (receiver: string, tasks: number, drafts: number, entrusts: number) =>
    `已移交给 ${receiver}：待办 ${tasks} 张单据，草稿 ${drafts} 张，委托 ${entrusts} 条`,
  nothing: '该用户没有需要移交的待办、草稿或委托',
  /** The comment of each moved task's history entry (离职交接). */
  taskComment: (from: string, to: string) => `${from} 的待办由管理员移交给 ${to}`,
  /** The disable confirmation of the user page when the person still holds open tasks. */
  confirmDisableWithTasks: (name: string, tasks: number) =>
    `${name} 还有 ${tasks} 项待办未处理。禁用后这些单据将无人审批，建议先移交给其他人。`,
} as const;

/** The 离职交接 dialog of the user page (apps/web features/admin-users). */
export const HandoverTexts = {
  action: '离职交接',
  title: (name: string) => `离职交接：${name}`,
  disableTitle: (name: string) => `禁用用户：${name}`,
  description: '把该用户的待办、草稿和别人委托给他的审批一次移交给接收人，全部成功或全部不变，并记入操作日志。',
  openTasks: '待办',
  openTasksValue: (tasks: number, bills: number) => `${tasks} 项（${bills} 张单据）`,
  drafts: '草稿',
  draftsValue: (n: number) => `${n} 张`,
  entrusts: '收到的委托',
  entrustsValue: (n: number) => `${n} 条`,
  receiver: '接收人',
  receiverPlaceholder: '选择接收工作的同事',
  submit: '移交',
  submitAndDisable: '移交并禁用',
  disableOnly: '直接禁用',
  skippedTitle: '以下单据未移交，仍在该用户名下',
  skippedHint: '可再次离职交接，选择其他接收人。',
} as const;

export const HandoverInputZ = z.object({
  to_user_id: z.coerce
    .number({ error: HandoverMessages.receiverRequired })
    .int(HandoverMessages.receiverRequired)
    .positive(HandoverMessages.receiverRequired),
});
export type HandoverInput = z.infer<typeof HandoverInputZ>;

/** GET /api/admin/users/{id}/handover: what a handover of this person would move. */
export interface HandoverSummary {
  user_id: number;
  /** Open tasks (pending, or waiting for their turn in a 依次 step) and the bills they are on. */
  open_tasks: number;
  open_bills: number;
  /** Drafts never submitted. */
  drafts: number;
  /** Entrusts others gave this person that have not ended. */
  entrusts: number;
}

/** POST /api/admin/users/{id}/handover's answer. */
export interface HandoverResult {
  user_id: number;
  to_user_id: number;
  to_name: string;
  tasks: TaskMoveReport;
  drafts: number;
  /** Entrusts received whose delegate became the receiver (or that ended, the receiver being their owner). */
  entrusts: number;
}
