import type { Db } from '../../db/index';
import { preparedQuery } from '../../db/prepared';

/** Every menu row; prepared because every page load asks for the menu. */
export const listMenuRows = preparedQuery((db: Db, _params: Record<string, never>) =>
  db
    .selectFrom('menus')
    .select(['id', 'parent_id', 'name', 'path', 'type', 'icon', 'builtin', 'keep_alive', 'hidden', 'permission', 'sort'])
    .orderBy('sort')
    .orderBy('id'),
);

export type MenuRow = Awaited<ReturnType<typeof listMenuRows>>[number];
