import {
  ApprovalMessages,
  FormValueMessages,
  validateBillForm,
  type FlowGraph,
  type FormSchema,
  type ItemRow,
  type ValidatedForm,
} from '@osp/shared';
import type { AppContext, Caller } from '../../context';
import type { Db } from '../../db/index';
import { ConflictError, ValidationError } from '../../http/errors';
import { checkAttachments } from '../files/attachments.service';
import { activeUserIds, existingDeptIds, userCards } from '../directory/directory.service';
import * as repo from './bills.repo';
import { loadVersion, templateOf, type PinnedVersion } from '../templates/templates.versions';

/**
 * A bill's form against its template and the directory: which template version it follows, the checks
 * of its values (shape, people, departments, attachments, chosen approvers), how it is stored and read
 * back, and how it carries over to another version. Shared by the bill service and the bill actions.
 */

export { templateOf };

/**
 * The version a bill's form follows: its pinned one once released, the template's current one before.
 * `currentVersionId`: the template's current version when the caller already read it.
 */
export async function versionOf(ctx: AppContext, db: Db, bill: repo.BillRow, currentVersionId?: number | null): Promise<PinnedVersion> {
  if (bill.template_version_id !== null) return loadVersion(db, bill.template_version_id, ctx.db);
  const current = currentVersionId !== undefined ? currentVersionId : (await templateOf(db, bill.template_id))?.current_version_id;
  if (current === null || current === undefined) throw new ConflictError(ApprovalMessages.templateNoFlow);
  return loadVersion(db, current, ctx.db);
}

export function checkForm(schema: FormSchema, input: unknown, mode: 'draft' | 'submit'): ValidatedForm {
  const result = validateBillForm(schema, input, mode);
  if (!result.ok) throw new ValidationError(result.errors);
  return result.form;
}

/** What `bills.form_json` holds: the values, and each items table's total under its field (what link rules read). */
export function storedValues(form: ValidatedForm): repo.StoredForm {
  return { ...form.values, ...form.totals };
}

/** `bills.form_json` as written (read back by bills.repo `toBillRow`). */
export function storedForm(form: ValidatedForm): string {
  return JSON.stringify(storedValues(form));
}

/** The form as the client sends it, rebuilt from the stored values and item rows. */
export function formInput(
  schema: FormSchema,
  stored: Readonly<repo.StoredForm>,
  items: Record<string, ItemRow[]>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of schema.fields) {
    if (field.type === 'description') continue;
    if (field.type === 'items') out[field.key] = items[field.key] ?? [];
    else if (stored[field.key] !== undefined) out[field.key] = stored[field.key];
  }
  return out;
}

export function itemsFields(schema: FormSchema, form: ValidatedForm): Record<string, ItemRow[]> {
  const out: Record<string, ItemRow[]> = {};
  for (const field of schema.fields) if (field.type === 'items') out[field.key] = form.items[field.key] ?? [];
  return out;
}

/**
 * User and department fields must name real, active people and existing departments; attachment fields,
 * files the caller uploaded or that are already on this bill (`billId`; files area, docs/files.md).
 */
export async function checkReferences(db: Db, caller: Caller, schema: FormSchema, form: ValidatedForm, billId?: number): Promise<void> {
  const errors: Record<string, string[]> = {};
  // Every refused field is reported at once: the attachments' refusals join the people's and departments'.
  try {
    await checkAttachments(db, caller, schema, form, billId);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    Object.assign(errors, (error.data as { errors: Record<string, string[]> }).errors);
  }
  for (const field of schema.fields) {
    if (field.type !== 'user' && field.type !== 'department') continue;
    const value = form.values[field.key];
    if (value === undefined || value === null) continue;
    const ids = (Array.isArray(value) ? value : [value]).map(Number);
    const found = field.type === 'user' ? await activeUserIds(db, ids) : await existingDeptIds(db, ids);
    if (ids.some((id) => !found.has(id))) {
      errors[`form.${field.key}`] = [
        field.type === 'user' ? FormValueMessages.user(field.label) : FormValueMessages.department(field.label),
      ];
    }
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

export function defaultTitle(caller: Caller, templateName: string): string {
  return `${caller.user.name}的${templateName}`.slice(0, 100);
}

/**
 * The people of `ids` who cannot be picked (unknown or disabled), as the message names them: a disabled
 * user by name, so that the initiator knows whom to replace; an unknown id as it was sent.
 */
export async function unpickable(db: Db, ids: readonly number[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  const found = await activeUserIds(db, unique);
  const missing = unique.filter((u) => !found.has(u));
  if (missing.length === 0) return [];
  const cards = await userCards(db, missing);
  return missing.map((id) => cards.get(id)?.name ?? String(id));
}

/**
 * 发起人自选 must name people who may approve: each unknown or disabled one is refused at chosen_handlers with the
 * step and the people named (a person the picker offered, disabled before the submit arrived). The engine checks
 * again at release and resubmit, for a choice kept from an earlier release (EngineMessages.chosenDisabled).
 */
export async function checkChosen(db: Db, flow: Pick<FlowGraph, 'nodes'>, chosen: Record<string, number[]> | undefined): Promise<void> {
  if (!chosen) return;
  const messages: string[] = [];
  for (const [stepId, userIds] of Object.entries(chosen)) {
    const missing = await unpickable(db, userIds);
    if (missing.length === 0) continue;
    const name = flow.nodes.flatMap((n) => n.steps).find((s) => s.id === stepId)?.name ?? stepId;
    messages.push(ApprovalMessages.chosenUnavailable(name, missing));
  }
  if (messages.length > 0) throw new ValidationError({ chosen_handlers: messages });
}

/**
 * The form of `bill` carried over to `schema` (the template's current version): the values of fields whose
 * key and type are unchanged, item rows included. A value the new schema refuses (an option removed, a
 * user who left) is dropped rather than failing the copy: the initiator completes the draft before submitting.
 */
export async function carriedForm(
  db: Db,
  caller: Caller,
  from: FormSchema,
  schema: FormSchema,
  bill: repo.BillRow,
): Promise<ValidatedForm> {
  const old = formInput(from, bill.form, await repo.loadItems(db, bill.id));
  const input: Record<string, unknown> = {};
  for (const field of schema.fields) {
    const before = from.fields.find((f) => f.key === field.key);
    if (before?.type === field.type && old[field.key] !== undefined) input[field.key] = old[field.key];
  }
  for (let attempt = 0; attempt <= schema.fields.length; attempt++) {
    const result = validateBillForm(schema, input, 'draft');
    let bad = result.ok ? [] : Object.keys(result.errors).map((path) => path.split('.')[1] ?? '');
    if (result.ok) {
      try {
        await checkReferences(db, caller, schema, result.form);
        return result.form;
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        bad = Object.keys((error.data as { errors: Record<string, string[]> }).errors).map((path) => path.split('.')[1] ?? '');
      }
    }
    const dropped = bad.filter((key) => key in input);
    if (dropped.length === 0) break;
    for (const key of dropped) delete input[key];
  }
  return checkForm(schema, {}, 'draft');
}
