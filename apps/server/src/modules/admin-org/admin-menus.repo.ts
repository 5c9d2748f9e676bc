import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/index';
import type { MenusTable } from '../../db/schema';

const COLUMNS = ['id', 'parent_id', 'name', 'path', 'type', 'icon', 'builtin', 'keep_alive', 'hidden', 'permission', 'sort'] as const;

/** Every row, unprepared: read inside a change's transaction, not on the hot path. */
export function listMenuRows(db: Db) {
  return db.selectFrom('menus').select(COLUMNS).orderBy('sort').orderBy('id').execute();
}

export type AdminMenuRow = Awaited<ReturnType<typeof listMenuRows>>[number];

export function findMenu(db: Db, id: number) {
  return db.selectFrom('menus').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function findMenuByPath(db: Db, path: string) {
  return db.selectFrom('menus').select(['id', 'name']).where('path', '=', path).executeTakeFirst();
}

export function listChildren(db: Db, parentId: number | null) {
  const query = db.selectFrom('menus').select(['id', 'sort']).orderBy('sort').orderBy('id');
  return (parentId === null ? query.where('parent_id', 'is', null) : query.where('parent_id', '=', parentId)).execute();
}

export async function insertMenu(db: Db, values: Insertable<MenusTable>): Promise<number> {
  const row = await db.insertInto('menus').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateMenu(db: Db, id: number, values: Updateable<MenusTable>): Promise<void> {
  await db.updateTable('menus').set(values).where('id', '=', id).execute();
}

export async function setSorts(db: Db, rows: readonly { id: number; sort: number }[]): Promise<void> {
  for (const row of rows) await db.updateTable('menus').set({ sort: row.sort }).where('id', '=', row.id).execute();
}

export async function deleteMenu(db: Db, id: number): Promise<void> {
  await db.deleteFrom('menus').where('id', '=', id).execute();
}
