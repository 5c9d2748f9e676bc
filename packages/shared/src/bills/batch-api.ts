import { z } from 'zod';
import { COMMENT_MAX } from './api';

/*
 * 批量同意 (issue 13): POST /api/bills/batch/approve agrees the caller's pending task on each listed bill, each
 * as the detail page's single 同意 would, and reports every bill's result. docs/approval-api.md, "Batch approval".
 */

/** At most this many bills per call: the todo list's largest page. */
export const BATCH_APPROVE_MAX = 100;

export const BATCH_RESULTS = ['approved', 'skipped', 'failed'] as const;
export type BatchResult = (typeof BATCH_RESULTS)[number];

export const BatchApproveMessages = {
  billsRequired: '请选择要批量同意的单据',
  tooMany: `一次最多批量同意 ${BATCH_APPROVE_MAX} 张单据`,
  idInvalid: '单据编号须为正整数',
  duplicated: (ids: readonly number[]) => `单据重复：${ids.join('、')}，每张单据只能列一次`,
  commentInvalid: '审批意见须为文字',
  commentTooLong: `审批意见不能超过 ${COMMENT_MAX} 字`,
  /**
   * A bill the caller may not read, or no such bill: one message for both, so the answer tells nobody which bill
   * ids exist (docs/security.md); the item's title is null as well.
   */
  noAccess: '无权处理此单据',
  /** A bill the caller may read but holds no pending task on: decided already (by them or someone else), not theirs. */
  notInTodo: '已由他人处理或不在您的待办中',
  /**
   * The single 同意 asked for something the batch does not give (its 422; today the comment of a step marked
   * 同意时须填写审批意见): the bill is left for its detail page.
   */
  needsInput: (reason: string) => `需在单据详情中处理：${reason}`,
  /** A failure that is nobody's input (the database, a fault): the bill is as it was, the others went on. */
  failed: '处理失败，单据未改变，请稍后重试',
  /** Agreed, and the caller still holds a task on the bill (another one held for a colleague, or the next step's). */
  agreedMore: '已同意；您在此单据还有待处理的审批，请再次处理',
  summary: (counts: BatchApproveCounts) =>
    `批量同意完成：已同意 ${counts.approved} 张` +
    (counts.skipped > 0 ? `，跳过 ${counts.skipped} 张` : '') +
    (counts.failed > 0 ? `，失败 ${counts.failed} 张` : ''),
} as const;

/** The 待我审批 page's texts of the batch. */
export const BatchApproveTexts = {
  button: '批量同意',
  selected: (count: number) => `已选 ${count} 张`,
  confirmTitle: (count: number) => `批量同意 ${count} 张单据`,
  confirmHint: '将逐张同意所选单据中您的待办。要求同意时填写意见的单据（如未填写意见）和可修改表单的变更节点会被跳过，请在单据详情中处理。',
  /** The row checkbox's accessible name. */
  selectRow: (title: string) => `选择 ${title}`,
  commentLabel: '审批意见（选填，用于所选的每张单据）',
  confirmOk: '确认同意',
  resultTitle: '批量同意结果',
  resultClose: '知道了',
  billNumber: (id: number) => `编号 ${id}`,
  resultLabels: { approved: '已同意', skipped: '已跳过', failed: '失败' } satisfies Record<BatchResult, string>,
} as const;

const BillIdItemZ = z
  .number({ error: BatchApproveMessages.idInvalid })
  .int(BatchApproveMessages.idInvalid)
  .positive(BatchApproveMessages.idInvalid);

function duplicatesOf(ids: readonly number[]): number[] {
  const seen = new Set<number>();
  const repeated = new Set<number>();
  for (const id of ids) (seen.has(id) ? repeated : seen).add(id);
  return [...repeated];
}

export const BatchApproveZ = z.object({
  bill_ids: z
    .array(BillIdItemZ, { error: BatchApproveMessages.billsRequired })
    .min(1, BatchApproveMessages.billsRequired)
    .max(BATCH_APPROVE_MAX, BatchApproveMessages.tooMany)
    .superRefine((ids, check) => {
      const repeated = duplicatesOf(ids);
      if (repeated.length > 0) check.addIssue({ code: 'custom', message: BatchApproveMessages.duplicated(repeated) });
    }),
  comment: z
    .string({ error: BatchApproveMessages.commentInvalid })
    .trim()
    .max(COMMENT_MAX, BatchApproveMessages.commentTooLong)
    .optional()
    .nullable(),
});
export type BatchApprove = z.infer<typeof BatchApproveZ>;

export interface BatchApproveItem {
  id: number;
  /** The bill's title when the caller may read the bill; null otherwise (a missing bill is told from no other). */
  title: string | null;
  result: BatchResult;
  message: string;
}

export interface BatchApproveCounts {
  approved: number;
  skipped: number;
  failed: number;
}

/** The answer: one item per requested bill, in the request's order, and the counts. */
export interface BatchApproveResult extends BatchApproveCounts {
  items: BatchApproveItem[];
}
