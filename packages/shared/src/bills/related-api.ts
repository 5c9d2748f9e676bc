import { z } from 'zod';
import { PageQueryZ } from '../common/paging';
import { IdZ } from './api';
import type { BillStatus } from './status';

/*
 * 关联审批 (issue 13, GET /api/relatedbusiness): an initiator links their bill to other bills of theirs (the travel
 * request an expense claim settles, say); both bills' detail pages show the link. docs/approval-api.md "Related bills".
 */

/** How many bills one bill may link to. */
export const RELATED_MAX = 20;

export const RelatedMessages = {
  billRequired: '请指定单据',
  relatedRequired: '请选择要关联的单据',
  relatedTooMany: `一张单据最多关联 ${RELATED_MAX} 张单据`,
  /** Only the initiator chooses what their bill refers to. */
  notInitiator: '只有发起人可以修改关联审批',
  /** A voided bill is no longer read by anyone who needs its references. */
  abandoned: '已作废的单据不能修改关联审批',
  self: '不能关联单据自身',
  /** Only one's own submitted bills can be linked: ids that are not are refused together. */
  notLinkable: '只能关联您本人已提交的单据',
  linked: '已添加关联审批',
  unlinked: '已移除关联审批',
  notLinked: '这两张单据没有关联',
  keyword: '搜索词最多 50 个字',
} as const;

export const RelatedTexts = {
  title: '关联审批',
  linkedFrom: '被以下单据关联',
  add: '添加关联',
  remove: '移除',
  empty: '没有关联的单据',
  pickPlaceholder: '搜索我发起的单据（标题、模板或编号）',
  /** A linked bill the viewer may not open: its title is shown, not its content. */
  noAccess: '无权查看',
} as const;

/** GET /api/relatedbusiness?bill_id: a bill's links, both ways. */
export const RelatedOfBillZ = z.object({ bill_id: IdZ(RelatedMessages.billRequired) });

/** GET /api/relatedbusiness (no bill_id): the caller's own submitted bills they could link, newest first. */
export const RelatedCandidatesZ = PageQueryZ.extend({
  keyword: z.string({ error: RelatedMessages.keyword }).trim().max(50, RelatedMessages.keyword).optional(),
  /** The bill being edited: it and the bills it already links are left out. */
  exclude_bill_id: IdZ(RelatedMessages.billRequired).optional(),
});

/** POST /api/relatedbusiness: adds links from `bill_id` to `related_ids`. */
export const RelatedLinkZ = z.object({
  bill_id: IdZ(RelatedMessages.billRequired),
  related_ids: z
    .array(IdZ(RelatedMessages.relatedRequired), { error: RelatedMessages.relatedRequired })
    .min(1, RelatedMessages.relatedRequired)
    .max(RELATED_MAX, RelatedMessages.relatedTooMany),
});
export type RelatedLink = z.infer<typeof RelatedLinkZ>;

/** DELETE /api/relatedbusiness/{bill_id}/{related_id}. */
export const RelatedUnlinkZ = z.object({
  bill_id: IdZ(RelatedMessages.billRequired),
  related_id: IdZ(RelatedMessages.billRequired),
});

export interface RelatedBill {
  id: number;
  title: string;
  template_name: string;
  status: BillStatus;
  initiator_name: string;
  created_at: string;
  /** Whether the viewer may open it; a bill they may not read shows its title only. */
  may_read: boolean;
}

export interface BillRelations {
  bill_id: number;
  /** Bills this one links to. */
  related: RelatedBill[];
  /** Bills that link to this one. */
  related_from: RelatedBill[];
  /** The caller may add and remove this bill's links (its initiator, while it is not voided). */
  may_edit: boolean;
}
