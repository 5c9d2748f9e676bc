import type { Db } from '../../db/index';

export function listMenuRows(db: Db) {
  return db
    .selectFrom('menus')
    .select(['id', 'parent_id', 'name', 'path', 'type', 'icon', 'builtin', 'keep_alive', 'hidden', 'permission', 'sort'])
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export type MenuRow = Awaited<ReturnType<typeof listMenuRows>>[number];
