import {
  buildSideMenu,
  findMenuTrail,
  MenuCreateZ,
  MenuMessages,
  MenuMoveZ,
  MenuType,
  MenuUpdateZ,
  shapeMenu,
  type AdminMenu,
  type MenuItem,
} from '@osp/shared';
import type { Actor, AppContext, Caller } from '../../context';
import type { Db } from '../../db/index';
import { ConflictError, NotFoundError, ValidationError } from '../../http/errors';
import { parse } from '../../http/validate';
import { canSeeMenu } from '../menus/menus.policy';
import { recordOperation } from '../syslog/syslog.service';
import { authorize, MENU_ADMIN_PATH } from './admin-org.policy';
import * as repo from './admin-menus.repo';
import { isSelfOrDescendant, reorder } from './tree';

const ITEM_TYPE = 'menu';

function toTree<T extends { id: number; parent_id: number | null; children: T[] }>(items: Iterable<T>): T[] {
  const byId = new Map<number, T>();
  for (const item of items) byId.set(item.id, item);
  const roots: T[] = [];
  for (const item of byId.values()) {
    const parent = item.parent_id === null ? undefined : byId.get(item.parent_id);
    if (parent) parent.children.push(item);
    else roots.push(item);
  }
  return roots;
}

export async function getMenuTree(ctx: AppContext, caller: Caller): Promise<AdminMenu[]> {
  authorize(caller, 'menu');
  const rows = await repo.listMenuRows(ctx.db);
  return toTree(rows.map((row) => ({ ...row, children: [] as AdminMenu[] })));
}

/**
 * Whether these rows show 菜单管理 in the side menu of someone holding `permissions`, by the same
 * rules as GET /api/user/menu and the web app (permission filter, empty folders dropped, builtin,
 * hidden).
 */
function showsMenuAdmin(rows: readonly repo.AdminMenuRow[], permissions: readonly string[]): boolean {
  const visible = rows.filter((row) => canSeeMenu(permissions, row));
  const tree = toTree<MenuItem>(visible.map(({ permission: _p, sort: _s, ...row }) => ({ ...row, children: [] })));
  const prune = (list: MenuItem[]): MenuItem[] =>
    list
      .map((item) => ({ ...item, children: prune(item.children) }))
      .filter((item) => item.type !== MenuType.folder || item.children.length > 0);
  return findMenuTrail(buildSideMenu(shapeMenu(prune(tree))), MENU_ADMIN_PATH) !== undefined;
}

/**
 * Runs `change` and refuses it (rolling it back) when it takes 菜单管理 out of the caller's own
 * menu: the administrator would lose the page they need to repair it.
 */
async function withoutSelfLockout(trx: Db, caller: Caller, change: () => Promise<void>): Promise<void> {
  const couldSee = showsMenuAdmin(await repo.listMenuRows(trx), caller.permissions);
  await change();
  if (couldSee && !showsMenuAdmin(await repo.listMenuRows(trx), caller.permissions)) throw new ConflictError(MenuMessages.selfLockout);
}

async function requireMenu(db: Db, id: number) {
  const menu = await repo.findMenu(db, id);
  if (!menu) throw new NotFoundError();
  return menu;
}

async function requireFolder(db: Db, parentId: number | null): Promise<string> {
  if (parentId === null) return '';
  const parent = await repo.findMenu(db, parentId);
  if (!parent) throw new ValidationError({ parent_id: [MenuMessages.parentMissing] });
  if (parent.type !== MenuType.folder) throw new ValidationError({ parent_id: [MenuMessages.parentNotFolder] });
  return parent.name;
}

async function assertPathFree(db: Db, path: string, exceptId?: number): Promise<void> {
  const other = await repo.findMenuByPath(db, path);
  if (other && other.id !== exceptId) throw new ValidationError({ path: [MenuMessages.pathTaken(path, other.name)] });
}

export async function createMenu(ctx: AppContext, actor: Actor, body: unknown): Promise<{ id: number }> {
  authorize(actor.caller, 'menu');
  const input = parse(MenuCreateZ, body);
  const id = await ctx.db.transaction().execute(async (trx) => {
    const parentName = await requireFolder(trx, input.parent_id);
    await assertPathFree(trx, input.path);
    const siblings = await repo.listChildren(trx, input.parent_id);
    const sort = siblings.reduce((max, s) => Math.max(max, s.sort), 0) + 10;
    const newId = await repo.insertMenu(trx, { ...input, sort });
    await recordOperation(trx, actor, {
      itemType: ITEM_TYPE,
      itemId: newId,
      action: 'create',
      summary: `新建${input.type === MenuType.folder ? '目录' : '菜单'}「${input.name}」（${input.path}）${parentName ? `，位于「${parentName}」下` : ''}`,
      after: { ...input },
    });
    return newId;
  });
  return { id };
}

export async function updateMenu(ctx: AppContext, actor: Actor, id: number, body: unknown): Promise<void> {
  authorize(actor.caller, 'menu');
  const input = parse(MenuUpdateZ, body);
  await ctx.db.transaction().execute(async (trx) => {
    const menu = await requireMenu(trx, id);
    const changed = Object.fromEntries(
      Object.entries(input).filter(([key, value]) => value !== undefined && menu[key as keyof typeof menu] !== value),
    ) as Partial<typeof menu>;
    if (Object.keys(changed).length === 0) return;
    if (changed.path !== undefined) await assertPathFree(trx, changed.path, id);
    if (changed.type === MenuType.page) {
      const children = await repo.listChildren(trx, id);
      if (children.length > 0) throw new ValidationError({ type: [MenuMessages.folderHasChildren(children.length)] });
    }
    await withoutSelfLockout(trx, actor.caller, () => repo.updateMenu(trx, id, changed));
    const before = Object.fromEntries(Object.keys(changed).map((key) => [key, menu[key as keyof typeof menu]]));
    await recordOperation(trx, actor, {
      itemType: ITEM_TYPE,
      itemId: id,
      action: 'update',
      summary: `修改菜单「${changed.name ? `${menu.name}」→「${changed.name}` : menu.name}」`,
      before,
      after: changed,
    });
  });
}

export async function moveMenu(ctx: AppContext, actor: Actor, id: number, body: unknown): Promise<void> {
  authorize(actor.caller, 'menu');
  const input = parse(MenuMoveZ, body);
  await ctx.db.transaction().execute(async (trx) => {
    const menu = await requireMenu(trx, id);
    if (isSelfOrDescendant(await repo.listMenuRows(trx), id, input.parent_id)) {
      throw new ValidationError({ parent_id: [MenuMessages.moveIntoItself] });
    }
    const parentName = await requireFolder(trx, input.parent_id);
    const isNewParent = menu.parent_id !== input.parent_id;
    const oldParentName = isNewParent && menu.parent_id !== null ? ((await repo.findMenu(trx, menu.parent_id))?.name ?? '') : parentName;
    await withoutSelfLockout(trx, actor.caller, async () => {
      if (isNewParent) await repo.updateMenu(trx, id, { parent_id: input.parent_id });
      await repo.setSorts(trx, reorder(await repo.listChildren(trx, input.parent_id), id, input.position));
    });
    await recordOperation(trx, actor, {
      itemType: ITEM_TYPE,
      itemId: id,
      action: isNewParent ? 'move' : 'sort',
      summary: isNewParent
        ? `菜单「${menu.name}」从「${oldParentName || '顶级'}」移到「${parentName || '顶级'}」下`
        : `调整菜单「${menu.name}」的顺序`,
      before: { parent: oldParentName || null },
      after: { parent: parentName || null, position: input.position },
    });
  });
}

/** A folder goes only when empty, so that no page is deleted by deleting the folder above it. */
export async function deleteMenu(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  authorize(actor.caller, 'menu');
  await ctx.db.transaction().execute(async (trx) => {
    const menu = await requireMenu(trx, id);
    const children = await repo.listChildren(trx, id);
    if (children.length > 0) throw new ConflictError(MenuMessages.folderNotEmpty(children.length));
    await withoutSelfLockout(trx, actor.caller, () => repo.deleteMenu(trx, id));
    await recordOperation(trx, actor, {
      itemType: ITEM_TYPE,
      itemId: id,
      action: 'delete',
      summary: `删除${menu.type === MenuType.folder ? '目录' : '菜单'}「${menu.name}」（${menu.path}）`,
      before: { ...menu },
    });
  });
}
