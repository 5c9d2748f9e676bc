import { MenuType, type MenuItem } from '@osp/shared';
import type { AppContext, Caller } from '../../context';
import { ok } from '../../http/envelope';
import { canSeeMenu } from './menus.policy';
import * as repo from './menus.repo';

export type { MenuRow } from './menus.repo';

/**
 * The caller's menu tree. A folder the caller can see nothing inside is left out, so that nobody
 * gets an empty group. Hiding is for convenience only: every API checks permissions itself.
 */
export async function getUserMenu(ctx: AppContext, caller: Caller): Promise<MenuItem[]> {
  const rows = await menuRows(ctx);
  const items = new Map<number, MenuItem>();
  for (const row of rows) {
    if (!canSeeMenu(caller.permissions, row)) continue;
    items.set(row.id, {
      id: row.id,
      name: row.name,
      path: row.path,
      type: row.type,
      parent_id: row.parent_id,
      icon: row.icon,
      builtin: row.builtin,
      keep_alive: row.keep_alive,
      hidden: row.hidden,
      children: [],
    });
  }
  const roots: MenuItem[] = [];
  for (const item of items.values()) {
    if (item.parent_id === null) roots.push(item);
    else items.get(item.parent_id)?.children.push(item);
  }
  const prune = (list: MenuItem[]): MenuItem[] =>
    list
      .map((item) => ({ ...item, children: prune(item.children) }))
      .filter((item) => item.type !== MenuType.folder || item.children.length > 0);
  return prune(roots);
}

/** Every menu row, from the access cache between menu edits (each edit calls `access.changed()`). */
async function menuRows(ctx: AppContext): Promise<repo.MenuRow[]> {
  const cached = ctx.access.menus();
  if (cached) return cached;
  const startedIn = ctx.access.currentGeneration;
  const rows = await repo.listMenuRows(ctx.db, {});
  ctx.access.rememberMenuRows(rows, startedIn);
  return rows;
}

/**
 * GET /api/user/menu's whole answer as JSON. A menu depends only on the menu rows and the caller's
 * permissions, and every page load asks for it: the text is kept per permission set until the next
 * change (building and serialising the tree was a tenth of the request, docs/performance.md).
 */
export async function userMenuJson(ctx: AppContext, caller: Caller): Promise<string> {
  const key = `menu:${caller.permissions.join(',')}`;
  const cached = ctx.access.derived(key);
  if (cached !== undefined) return cached;
  const startedIn = ctx.access.currentGeneration;
  const json = JSON.stringify(ok(await getUserMenu(ctx, caller)));
  ctx.access.rememberDerived(key, json, startedIn);
  return json;
}
