import type { Insertable } from 'kysely';
import type { Db } from '../../db/index';
import type { FilesTable } from '../../db/schema';

/** Queries of the `files` and `bill_files` tables (migration 0008-files). */

const FILE_COLUMNS = ['id', 'name', 'size', 'mime', 'sha256', 'storage_path', 'uploader_id', 'created_at'] as const;

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
