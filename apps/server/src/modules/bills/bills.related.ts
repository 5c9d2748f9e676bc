import {
  RELATED_MAX,
  RelatedCandidatesZ,
  RelatedLinkZ,
  RelatedMessages,
  RelatedOfBillZ,
  RelatedUnlinkZ,
  type BillRelations,
  type Paged,
  type RelatedBill,
} from '@osp/shared';
import type { AppContext, Caller } from '../../context';
import { nowIso, type Db } from '../../db/index';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../http/errors';
import { parse } from '../../http/validate';
import { authorizeRead, canReadBill } from './bills.access';
import { requireBill } from './bills.detail';
import { billUnavailable, mayEditRelations } from './bills.policy';
import * as repo from './bills-related.repo';
import type { BillRow } from './bills.repo';
import { mutate } from './bills.transactions';

/**
 * 关联审批 (issue 13; docs/approval-api.md "Related bills"): the initiator links their bill to other bills of theirs,
 * and every reader of either bill sees the link. A link grants no reading: a linked bill the viewer may not read shows
 * its title and status only.
 */

async function present(db: Db, caller: Caller, rows: readonly repo.BillSummaryRow[]): Promise<RelatedBill[]> {
  const bills: RelatedBill[] = [];
  for (const row of rows) {
    bills.push({
      id: row.id,
      title: row.title,
      template_name: row.template_name,
      status: row.status,
      initiator_name: row.initiator_name,
      created_at: row.created_at,
      may_read: await canReadBill(db, caller, row),
    });
  }
  return bills;
}

async function relationsOf(db: Db, caller: Caller, bill: BillRow): Promise<BillRelations> {
  const [related, relatedFrom] = await Promise.all([repo.linksOf(db, bill.id), repo.linkedFrom(db, bill.id)]);
  return {
    bill_id: bill.id,
    related: await present(db, caller, related),
    related_from: await present(db, caller, relatedFrom),
    may_edit: mayEditRelations(caller, bill),
  };
}

/**
 * GET /api/relatedbusiness?bill_id: a bill's links both ways, for its readers. Without `bill_id`: the caller's own
 * submitted bills they could link (`keyword`, `exclude_bill_id`, paged), for the picker.
 */
export async function getRelatedBusiness(ctx: AppContext, caller: Caller, query: unknown): Promise<BillRelations | Paged<RelatedBill>> {
  const raw = (query ?? {}) as Record<string, unknown>;
  if (raw.bill_id !== undefined) {
    const { bill_id } = parse(RelatedOfBillZ, raw);
    const bill = await requireBill(ctx.db, bill_id);
    await authorizeRead(ctx.db, caller, bill);
    return relationsOf(ctx.db, caller, bill);
  }
  const input = parse(RelatedCandidatesZ, raw);
  const [rows, total] = await Promise.all([
    repo.candidatePage(ctx.db, caller.userId, input.keyword, input.exclude_bill_id, input.per_page, (input.page - 1) * input.per_page),
    repo.candidateCount(ctx.db, caller.userId, input.keyword, input.exclude_bill_id),
  ]);
  // Every candidate is the caller's own bill, which they read.
  const list = rows.map(({ initiator_id: _initiator, ...bill }) => ({ ...bill, may_read: true }));
  return { list, total, page: input.page, per_page: input.per_page };
}

/** Who may change a bill's links: its initiator while it is not voided; a non-reader learns nothing of it. */
async function authorizeEdit(db: Db, caller: Caller, bill: BillRow): Promise<void> {
  if (bill.initiator_id !== caller.userId) {
    if (!(await canReadBill(db, caller, bill))) throw billUnavailable();
    throw new ForbiddenError(RelatedMessages.notInitiator);
  }
  if (!mayEditRelations(caller, bill)) throw new ConflictError(RelatedMessages.abandoned);
}

/** POST /api/relatedbusiness: adds links; the bill row is locked so two calls cannot pass the limit together. */
export async function linkBills(ctx: AppContext, caller: Caller, body: unknown): Promise<BillRelations> {
  const input = parse(RelatedLinkZ, body ?? {});
  return mutate(ctx, input.bill_id, async (trx, bill) => {
    await authorizeEdit(trx, caller, bill);
    const ids = [...new Set(input.related_ids)];
    if (ids.includes(bill.id)) throw new ValidationError({ related_ids: [RelatedMessages.self] });
    const linkable = await repo.linkableIds(trx, caller.userId, ids);
    if (ids.some((id) => !linkable.has(id))) throw new ValidationError({ related_ids: [RelatedMessages.notLinkable] });
    const existing = new Set((await repo.linksOf(trx, bill.id)).map((row) => row.id));
    const added = ids.filter((id) => !existing.has(id));
    if (existing.size + added.length > RELATED_MAX) throw new ValidationError({ related_ids: [RelatedMessages.relatedTooMany] });
    await repo.addLinks(trx, bill.id, added, caller.userId, nowIso());
    return relationsOf(trx, caller, bill);
  });
}

/** DELETE /api/relatedbusiness/{bill_id}/{related_id}. */
export async function unlinkBill(ctx: AppContext, caller: Caller, params: unknown): Promise<BillRelations> {
  const input = parse(RelatedUnlinkZ, params);
  return mutate(ctx, input.bill_id, async (trx, bill) => {
    await authorizeEdit(trx, caller, bill);
    if (!(await repo.removeLink(trx, bill.id, input.related_id))) throw new NotFoundError(RelatedMessages.notLinked);
    return relationsOf(trx, caller, bill);
  });
}
