import { createHash } from 'node:crypto';
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

/** Every menu row, from the access cache between menu edits (a committed edit empties it: db/write-watch.ts). */
async function menuRows(ctx: AppContext): Promise<repo.MenuRow[]> {
  const cached = ctx.access.menus();
  if (cached) return cached;
  const startedIn = ctx.access.currentGeneration;
  const rows = await repo.listMenuRows(ctx.db, {});
  ctx.access.rememberMenuRows(rows, startedIn);
  return rows;
}

/** GET /api/user/menu's answer as sent, and its version (the X-Menu-Version header, docs/web-contract.md). */
export interface UserMenuAnswer {
  json: string;
  version: string;
}

const menuKey = (caller: Caller) => `menu:${caller.permissions.join(',')}`;
const versionKey = (caller: Caller) => `menu-version:${caller.permissions.join(',')}`;

/** A short stable name of one menu answer: the first 16 hex digits of its SHA-256. */
export function menuVersionOf(json: string): string {
  return createHash('sha256').update(json).digest('hex').slice(0, 16);
}

/**
 * GET /api/user/menu's whole answer as JSON, with its version. A menu depends only on the menu rows and the
 * caller's permissions, and every page load asks for it: the text and its hash are kept per permission set
 * until the next change (building and serialising the tree was a tenth of the request, docs/performance.md).
 */
export async function userMenu(ctx: AppContext, caller: Caller): Promise<UserMenuAnswer> {
  const json = ctx.access.derived(menuKey(caller));
  const version = ctx.access.derived(versionKey(caller));
  if (json !== undefined && version !== undefined) return { json, version };
  const startedIn = ctx.access.currentGeneration;
  const fresh = JSON.stringify(ok(await getUserMenu(ctx, caller)));
  const freshVersion = menuVersionOf(fresh);
  ctx.access.rememberDerived(menuKey(caller), fresh, startedIn);
  ctx.access.rememberDerived(versionKey(caller), freshVersion, startedIn);
  return { json: fresh, version: freshVersion };
}

/** The version of the caller's menu if the access cache holds it: what a warm request answers without a query or a hash. */
export function cachedMenuVersion(ctx: AppContext, caller: Caller): string | undefined {
  return ctx.access.derived(versionKey(caller));
}
