import {
  BillChangeZ,
  BillIdZ,
  ChangeMessages,
  fieldAccessAt,
  type BillDetail,
  type BillFieldChange,
  type FormField,
  type StoredValue,
} from '@osp/shared';
import type { AppContext, Caller } from '../../context';
import { nowIso, type Db } from '../../db/index';
import { pendingTaskOf } from '../../flow/present';
import { ConflictError, ForbiddenError, ValidationError } from '../../http/errors';
import { parse } from '../../http/validate';
import { deptRows, userCards } from '../directory/directory.service';
import { authorizeRead } from './bills.access';
import { getBill } from './bills.detail';
import { changeAccessOf } from './bills.field-access';
import { checkForm, checkReferences, formInput, storedForm, storedValues, versionOf } from './bills.forms';
import * as repo from './bills.repo';
import { loadState } from './bills-state.repo';
import { checkVersion, mutate, runEngine } from './bills.transactions';

/**
 * 变更节点 (issue 13, docs/approval-api.md "Change nodes"): at a change node its handler edits the fields the node
 * opens (`FlowNode.fieldAccess`), as often as they like, and then agrees to pass the bill on. Every save goes into the
 * history as one `change` entry listing each changed field old → new, as text read at the time (names, not ids), so
 * that the record stays true when people or departments are renamed later.
 */

const sameValue = (a: StoredValue | undefined, b: StoredValue | undefined): boolean =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** A stored value as the history shows it: people and departments by name, several values joined, empty as （空）. */
async function valueText(db: Db, ctx: AppContext, field: FormField, value: StoredValue | undefined): Promise<string> {
  if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) return ChangeMessages.empty;
  const values = Array.isArray(value) ? value : [value];
  if (field.type === 'user') {
    const cards = await userCards(db, values.map(Number));
    return values.map((id) => cards.get(Number(id))?.name ?? `#${String(id)}`).join('、');
  }
  if (field.type === 'department') {
    const depts = new Map((await deptRows(ctx, db)).map((d) => [d.id, d.name]));
    return values.map((id) => depts.get(Number(id)) ?? `#${String(id)}`).join('、');
  }
  if (field.type === 'daterange') return values.map(String).join(' 至 ');
  return values.map(String).join('、');
}

/**
 * PATCH /api/bills/{id}/change: the handler of the change node the bill is at saves new values of the fields the node
 * lets them edit. Any other field, a field the form does not have, or a value the form refuses is a 422 naming it,
 * and nothing is saved; a body that changes nothing is a 422 too (nothing goes into the history). Answers the bill.
 */
export async function changeBill(ctx: AppContext, caller: Caller, params: unknown, body: unknown): Promise<BillDetail> {
  const { id } = parse(BillIdZ, params);
  const input = parse(BillChangeZ, body ?? {});
  await mutate(ctx, id, async (trx, bill) => {
    await authorizeRead(trx, caller, bill);
    checkVersion(bill, input.version);
    const state = await loadState(trx, bill, []);
    const pinned = await versionOf(ctx, trx, bill);
    const access = changeAccessOf(state, pinned.flow, caller.userId);
    const taskId = pendingTaskOf(state, caller.userId);
    if (state.status !== 'doing') throw new ConflictError(ChangeMessages.notChangeNode);
    if (taskId === null) throw new ForbiddenError(ChangeMessages.notHandler);
    if (access === null) throw new ConflictError(ChangeMessages.notChangeNode);

    const schema = pinned.formSchema;
    const refused: Record<string, string[]> = {};
    const edited: FormField[] = [];
    for (const key of Object.keys(input.form)) {
      const field = schema.fields.find((f) => f.key === key);
      if (!field) refused[`form.${key}`] = [ChangeMessages.unknownField(key)];
      else if (fieldAccessAt(access, field) !== 'edit') refused[`form.${key}`] = [ChangeMessages.fieldNotEditable(field.label)];
      else edited.push(field);
    }
    if (Object.keys(refused).length > 0) throw new ValidationError(refused);

    const items = await repo.loadItems(trx, bill.id);
    const form = checkForm(schema, { ...formInput(schema, bill.form, items), ...input.form }, 'submit');
    // Only the edited fields' people and departments are checked: someone disabled since the release, named in a
    // field the handler may not touch, must not block their edit.
    await checkReferences(trx, caller, { fields: edited }, form, bill.id);

    const next = storedValues(form);
    const changes: BillFieldChange[] = [];
    for (const field of edited) {
      if (sameValue(bill.form[field.key], next[field.key])) continue;
      changes.push({
        key: field.key,
        label: field.label,
        before: await valueText(trx, ctx, field, bill.form[field.key]),
        after: await valueText(trx, ctx, field, next[field.key]),
      });
    }
    await runEngine(
      ctx,
      trx,
      bill,
      state,
      pinned,
      { type: 'change', at: nowIso(), taskId, actor: caller.userId, form: next, changes, comment: input.comment ?? null },
      { form_json: storedForm(form) },
    );
  });
  return getBill(ctx, caller, { id });
}
