import {
  ApprovalMessages,
  BillCreateZ,
  BillIdZ,
  BillItemAddZ,
  BillItemRemoveZ,
  BillItemsInputZ,
  BillUpdateZ,
  type BillDetail,
  type ItemRow,
} from '@osp/shared';
import type { AppContext, Caller } from '../../context';
import { nowIso } from '../../db/index';
import { ConflictError, ValidationError } from '../../http/errors';
import { parse } from '../../http/validate';
import { linkAttachments } from '../files/attachments.service';
import { authorizeTemplateRead } from '../templates/templates.policy';
import { authorizeStart } from '../templates/templates.service';
import { loadVersion } from '../templates/templates.versions';
import { authorizeInitiator } from './bills.access';
import { getBill } from './bills.detail';
import { checkForm, checkReferences, defaultTitle, formInput, itemsFields, storedForm, templateOf, versionOf } from './bills.forms';
import { EDITABLE } from './bills.policy';
import * as repo from './bills.repo';
import { writeBillRow, type BillUpdate } from './bills-state.repo';
import { checkVersion, mutate } from './bills.transactions';

/**
 * A bill before it is released, and again after it comes back (rejected, withdrawn): create it from a
 * template, edit its title and form, replace one items table's rows, delete a draft never released.
 */

/** `subjectKind`: the module starting the bill through `startApproval`; a template bound to a module is started by it only. */
export async function createBill(ctx: AppContext, caller: Caller, body: unknown, subjectKind?: string): Promise<BillDetail> {
  const input = parse(BillCreateZ, body);
  const template = await templateOf(ctx.db, input.template_id);
  if (!template || template.status !== 1) throw new ValidationError({ template_id: [ApprovalMessages.templateNotFound] });
  if (template.subject_kind !== null && template.subject_kind !== subjectKind) {
    throw new ValidationError({ template_id: [ApprovalMessages.templateBound] });
  }
  authorizeTemplateRead(caller, template.is_iptv === 1);
  await authorizeStart(ctx, ctx.db, caller, template.id);
  if (template.current_version_id === null) throw new ValidationError({ template_id: [ApprovalMessages.templateNoFlow] });
  const byKey = async () => (input.client_key === undefined ? undefined : repo.findByClientKey(ctx.db, caller.userId, input.client_key));
  // The same "new bill" page submitting twice gets its first bill back.
  const existing = await byKey();
  if (existing) return getBill(ctx, caller, { id: existing.id });
  const pinned = await loadVersion(ctx.db, template.current_version_id, ctx.db);
  const form = checkForm(pinned.formSchema, input.form, 'draft');
  await checkReferences(ctx.db, caller, pinned.formSchema, form);
  let id: number;
  try {
    id = await ctx.db.transaction().execute(async (trx) => {
      const now = nowIso();
      const billId = await repo.insertDraft(trx, {
        template_id: template.id,
        template_version_id: null,
        title: input.title || defaultTitle(caller, template.name),
        initiator_id: caller.userId,
        dept_id: caller.user.dept_id,
        status: 'draft',
        form_json: storedForm(form),
        chosen_json: '{}',
        route_json: '[]',
        rejected_node_id: null,
        current_node_name: null,
        version: 0,
        client_key: input.client_key ?? null,
        created_at: now,
        updated_at: now,
        released_at: null,
        finished_at: null,
      });
      await repo.replaceItems(trx, billId, itemsFields(pinned.formSchema, form));
      await linkAttachments(trx, billId, pinned.formSchema, form);
      return billId;
    });
  } catch (error) {
    // Two submits with one key at the same moment: the unique key let one in; the other returns it.
    const winner = await byKey();
    if (!winner) throw error;
    id = winner.id;
  }
  return getBill(ctx, caller, { id });
}

export async function updateBill(ctx: AppContext, caller: Caller, params: unknown, body: unknown): Promise<BillDetail> {
  const { id } = parse(BillIdZ, params);
  const input = parse(BillUpdateZ, body);
  await mutate(ctx, id, async (trx, bill) => {
    await authorizeInitiator(trx, caller, bill);
    if (!EDITABLE.includes(bill.status)) throw new ConflictError(ApprovalMessages.notEditable);
    checkVersion(bill, input.version);
    const values: BillUpdate = {};
    if (input.title !== undefined) values.title = input.title || bill.title;
    if (input.form !== undefined) {
      const pinned = await versionOf(ctx, trx, bill);
      const form = checkForm(pinned.formSchema, input.form, 'draft');
      await checkReferences(trx, caller, pinned.formSchema, form, bill.id);
      values.form_json = storedForm(form);
      await repo.replaceItems(trx, bill.id, itemsFields(pinned.formSchema, form));
      await linkAttachments(trx, bill.id, pinned.formSchema, form);
    }
    await writeBillRow(trx, bill.id, bill.version, values);
  });
  return getBill(ctx, caller, { id });
}

export async function putItems(ctx: AppContext, caller: Caller, params: unknown, body: unknown): Promise<Record<string, ItemRow[]>> {
  const { id } = parse(BillIdZ, params);
  const input = parse(BillItemsInputZ, body);
  return changeItems(ctx, caller, id, input.field, input.version, () => input.rows);
}

/** POST /api/bills/{id}/items: one row appended, checked with the whole form as PUT checks it. */
export async function addItemRow(ctx: AppContext, caller: Caller, params: unknown, body: unknown): Promise<Record<string, ItemRow[]>> {
  const { id } = parse(BillIdZ, params);
  const input = parse(BillItemAddZ, body ?? {});
  return changeItems(ctx, caller, id, input.field, input.version, (rows) => [...rows, input.row]);
}

/** DELETE /api/bills/{id}/items?field&index: one row taken out; a row that is not there is refused, not ignored. */
export async function removeItemRow(ctx: AppContext, caller: Caller, params: unknown, query: unknown): Promise<Record<string, ItemRow[]>> {
  const { id } = parse(BillIdZ, params);
  const input = parse(BillItemRemoveZ, query ?? {});
  return changeItems(ctx, caller, id, input.field, input.version, (rows) => {
    if (input.index >= rows.length) throw new ValidationError({ index: [ApprovalMessages.itemRowMissing] });
    return rows.filter((_, index) => index !== input.index);
  });
}

/**
 * Replaces one items table of an editable bill with what `next` makes of its rows: the initiator only, the bill's
 * version when the caller sends one, the whole form checked again (required tables, totals) before anything is written.
 */
async function changeItems(
  ctx: AppContext,
  caller: Caller,
  id: number,
  field: string,
  version: number | undefined,
  next: (rows: readonly Record<string, unknown>[]) => unknown[],
): Promise<Record<string, ItemRow[]>> {
  await mutate(ctx, id, async (trx, bill) => {
    await authorizeInitiator(trx, caller, bill);
    if (!EDITABLE.includes(bill.status)) throw new ConflictError(ApprovalMessages.notEditable);
    checkVersion(bill, version);
    const pinned = await versionOf(ctx, trx, bill);
    if (!pinned.formSchema.fields.some((f) => f.key === field && f.type === 'items')) {
      throw new ValidationError({ field: [ApprovalMessages.itemsFieldUnknown(field)] });
    }
    const items = await repo.loadItems(trx, bill.id);
    const current = formInput(pinned.formSchema, bill.form, items);
    const form = checkForm(pinned.formSchema, { ...current, [field]: next(items[field] ?? []) }, 'draft');
    await repo.replaceItems(trx, bill.id, { [field]: form.items[field] ?? [] });
    await writeBillRow(trx, bill.id, bill.version, { form_json: storedForm(form) });
  });
  return repo.loadItems(ctx.db, id);
}

export async function deleteBill(ctx: AppContext, caller: Caller, params: unknown): Promise<void> {
  const { id } = parse(BillIdZ, params);
  await mutate(ctx, id, async (trx, bill) => {
    await authorizeInitiator(trx, caller, bill);
    if (bill.status !== 'draft' || (await repo.wasEverReleased(trx, id))) throw new ConflictError(ApprovalMessages.notDeletable);
    await repo.deleteDraft(trx, id, bill.version);
  });
}
