import type { Insertable } from 'kysely';
import type { Db } from '../../db/index';
import type { FilesTable } from '../../db/schema';

/** Queries of the `files` and `bill_files` tables (migrations 0008-files, 0041-survey-share-files). */

const FILE_COLUMNS = [
  'id',
  'name',
  'size',
  'mime',
  'sha256',
  'storage_path',
  'uploader_id',
  'created_at',
  'share_survey_id',
  'response_id',
] as const;

export type FileRow = FilesTable;

export async function insertFile(db: Db, row: Insertable<FilesTable>): Promise<void> {
  await db.insertInto('files').values(row).execute();
}

export function findFile(db: Db, id: string): Promise<FileRow | undefined> {
  return db.selectFrom('files').select(FILE_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function findFiles(db: Db, ids: readonly string[]): Promise<FileRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('files').select(FILE_COLUMNS).where('id', 'in', ids).execute();
}

/** The bills whose forms name each of `fileIds`, as (file, bill) pairs. */
export async function billLinksOf(db: Db, fileIds: readonly string[]): Promise<{ file_id: string; bill_id: number }[]> {
  if (fileIds.length === 0) return [];
  return db.selectFrom('bill_files').select(['file_id', 'bill_id']).where('file_id', 'in', fileIds).execute();
}

/** Of `fileIds`, those a bill's form names already. */
export async function linkedToBill(db: Db, billId: number, fileIds: readonly string[]): Promise<Set<string>> {
  if (fileIds.length === 0) return new Set();
  const rows = await db.selectFrom('bill_files').select('file_id').where('bill_id', '=', billId).where('file_id', 'in', fileIds).execute();
  return new Set(rows.map((r) => r.file_id));
}

export async function replaceBillLinks(db: Db, billId: number, fileIds: readonly string[]): Promise<void> {
  await db.deleteFrom('bill_files').where('bill_id', '=', billId).execute();
  if (fileIds.length > 0) {
    await db
      .insertInto('bill_files')
      .values(fileIds.map((file_id) => ({ bill_id: billId, file_id })))
      .execute();
  }
}

/** Of `fileIds`, those uploaded through survey `surveyId`'s public link that no response has claimed yet. */
export async function unclaimedShareFiles(db: Db, surveyId: number, fileIds: readonly string[]): Promise<Set<string>> {
  if (fileIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('files')
    .select('id')
    .where('id', 'in', fileIds)
    .where('share_survey_id', '=', surveyId)
    .where('response_id', 'is', null)
    .execute();
  return new Set(rows.map((r) => r.id));
}

/**
 * Claims `fileIds` for a signed-in respondent's response `responseId`: only their own uploads that no response holds
 * yet. `detach` (an anonymous survey) also forgets who uploaded them, so the answer does not name its respondent.
 */
export async function claimOwnUploads(
  db: Db,
  uploaderId: number,
  responseId: number,
  fileIds: readonly string[],
  detach: boolean,
): Promise<void> {
  if (fileIds.length === 0) return;
  await db
    .updateTable('files')
    .set(detach ? { response_id: responseId, uploader_id: null } : { response_id: responseId })
    .where('id', 'in', fileIds)
    .where('uploader_id', '=', uploaderId)
    .where('response_id', 'is', null)
    .execute();
}

/**
 * Claims `fileIds` for the public response `responseId`: only files of this survey's share that no response holds yet
 * (of two submits at once, PostgreSQL re-reads the rows once the first commits and finds them taken; SQLite runs one
 * writer at a time). Answers how many rows it claimed.
 */
export async function claimShareFiles(db: Db, surveyId: number, responseId: number, fileIds: readonly string[]): Promise<number> {
  if (fileIds.length === 0) return 0;
  const result = await db
    .updateTable('files')
    .set({ response_id: responseId })
    .where('id', 'in', fileIds)
    .where('share_survey_id', '=', surveyId)
    .where('response_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
