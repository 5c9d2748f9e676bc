import type { Db } from '../../db/index';

/** Article types' SQL (issue 15). Every function takes `db` or a transaction. */

const COLUMNS = ['id', 'name', 'sort', 'created_at', 'updated_at'] as const;

/** Every type in the order the administrator set (position, then age). */
export function listTypes(db: Db) {
  return db.selectFrom('article_types').select(COLUMNS).orderBy('sort').orderBy('id').execute();
}

export function findType(db: Db, id: number) {
  return db.selectFrom('article_types').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function findTypeByName(db: Db, name: string) {
  return db.selectFrom('article_types').select('id').where('name', '=', name).executeTakeFirst();
}

/** Articles per type, every state counted (a draft filed under a type uses it too); types without any are absent. */
export async function countArticlesByType(db: Db, typeId?: number): Promise<Map<number, number>> {
  let query = db
    .selectFrom('articles')
    .select(['type_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('type_id', 'is not', null)
    .groupBy('type_id');
  if (typeId !== undefined) query = query.where('type_id', '=', typeId);
  const rows = await query.execute();
  // PostgreSQL's count is int8, read as text.
  return new Map(rows.flatMap((r) => (r.type_id === null ? [] : [[r.type_id, Number(r.n)] as const])));
}

/** The largest position so far, 0 without types: a new type goes after the last one. */
export async function lastSort(db: Db): Promise<number> {
  const row = await db
    .selectFrom('article_types')
    .select((eb) => eb.fn.max('sort').as('m'))
    .executeTakeFirst();
  return Number(row?.m ?? 0);
}

export function insertType(db: Db, values: { name: string; sort: number }, now: string) {
  return db
    .insertInto('article_types')
    .values({ ...values, created_at: now, updated_at: now })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function renameType(db: Db, id: number, name: string, now: string): Promise<void> {
  await db.updateTable('article_types').set({ name, updated_at: now }).where('id', '=', id).execute();
}

export async function setTypeSort(db: Db, id: number, sort: number, now: string): Promise<void> {
  await db.updateTable('article_types').set({ sort, updated_at: now }).where('id', '=', id).execute();
}

export async function deleteType(db: Db, id: number): Promise<void> {
  await db.deleteFrom('article_types').where('id', '=', id).execute();
}
