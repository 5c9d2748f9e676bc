import { FileMessages, type FieldErrors, type FileCard, type FormSchema, type ValidatedForm } from '@osp/shared';
import type { Caller } from '../../context';
import type { Db } from '../../db/index';
import { ValidationError } from '../../http/errors';
import { claimOwnUploads, claimShareFiles, findFiles, linkedToBill, replaceBillLinks, unclaimedShareFiles } from './files.repo';

/**
 * What the bills service asks of the files area (docs/files.md): whether the ids in a form's attachment
 * fields may stand there, recording which bill names which file (that is what lets the bill's readers
 * download them), and the cards the bill detail shows.
 */

/** The ids in each attachment field of a form's values (stored or validated), by field key. */
function idsByField(schema: FormSchema, values: Record<string, unknown>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const field of schema.fields) {
    if (field.type !== 'attachment') continue;
    const value = values[field.key];
    const ids = Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
    if (ids.length > 0) out.set(field.key, ids);
  }
  return out;
}

/** Every file id the form's attachment fields hold, once each. */
export function attachmentIdsOf(schema: FormSchema, values: Record<string, unknown>): string[] {
  return [...new Set([...idsByField(schema, values).values()].flat())];
}

/**
 * Refuses a form whose attachment fields name a file that does not exist, or that the caller did not
 * upload and that is not already on this bill (`billId`, for edits and releases of an existing bill).
 * The message stands at the field (`form.<key>`), like every other check of the form.
 */
export async function checkAttachments(db: Db, caller: Caller, schema: FormSchema, form: ValidatedForm, billId?: number): Promise<void> {
  const byField = idsByField(schema, form.values);
  const ids = [...new Set([...byField.values()].flat())];
  if (ids.length === 0) return;
  const files = new Map((await findFiles(db, ids)).map((f) => [f.id, f]));
  const others = ids.filter((id) => files.get(id)?.uploader_id !== caller.userId);
  const onBill = billId === undefined ? new Set<string>() : await linkedToBill(db, billId, others);
  const errors: FieldErrors = {};
  for (const field of schema.fields) {
    const fieldIds = byField.get(field.key) ?? [];
    const isAllowed = (id: string) => files.has(id) && (files.get(id)?.uploader_id === caller.userId || onBill.has(id));
    if (!fieldIds.every(isAllowed)) errors[`form.${field.key}`] = [FileMessages.attachmentUnknown(field.label)];
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

/** Records which files the bill's form names, replacing what it named before; run inside the bill's transaction. */
export async function linkAttachments(trx: Db, billId: number, schema: FormSchema, form: ValidatedForm): Promise<void> {
  await replaceBillLinks(trx, billId, attachmentIdsOf(schema, form.values));
}

/** The cards of `ids` that exist, for BillDetail.attachments. */
export async function attachmentCards(db: Db, ids: Iterable<string>): Promise<Map<string, FileCard>> {
  const rows = await findFiles(db, [...new Set(ids)]);
  return new Map(rows.map((r) => [r.id, { id: r.id, name: r.name, size: r.size, mime: r.mime }]));
}

/**
 * The files of `ids` that exist, with their card and uploader, for another module that keeps file ids of its own
 * (an article's images, cover and 附件) and checks them as checkAttachments does a form's.
 */
export async function uploadedFiles(db: Db, ids: Iterable<string>): Promise<Map<string, FileCard & { uploader_id: number | null }>> {
  const rows = await findFiles(db, [...new Set(ids)]);
  return new Map(rows.map((r) => [r.id, { id: r.id, name: r.name, size: r.size, mime: r.mime, uploader_id: r.uploader_id }]));
}

/**
 * What the surveys module asks of the files a public link took (docs/surveys-api.md "Public uploads"): which of the
 * ids it may still accept for survey `surveyId` (uploaded through its share, answered by no response yet), and the
 * claim itself, inside the response's transaction — true only when every id was claimed by this response.
 */
export function shareFilesFree(db: Db, surveyId: number, ids: readonly string[]): Promise<Set<string>> {
  return unclaimedShareFiles(db, surveyId, [...new Set(ids)]);
}

/**
 * A signed-in respondent's uploads answered in response `responseId`, claimed in the response's transaction so that
 * the survey's administrators may download them (files.policy); an anonymous survey's lose their uploader
 * (docs/surveys-api.md "Who may download"). Files claimed before (an editable resubmit keeping them) stay as they are.
 */
export function claimUploadsForResponse(
  trx: Db,
  response: { uploaderId: number; responseId: number; anonymous: boolean },
  ids: readonly string[],
): Promise<void> {
  return claimOwnUploads(trx, response.uploaderId, response.responseId, [...new Set(ids)], response.anonymous);
}

export async function claimForResponse(trx: Db, surveyId: number, responseId: number, ids: readonly string[]): Promise<boolean> {
  const unique = [...new Set(ids)];
  return (await claimShareFiles(trx, surveyId, responseId, unique)) === unique.length;
}
