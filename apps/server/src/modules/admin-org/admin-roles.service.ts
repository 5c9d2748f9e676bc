import {
  GrantMessages,
  groupPermissions,
  PERMISSIONS,
  RoleCreateZ,
  RoleMessages,
  RolePermissionsZ,
  RoleRenameZ,
  type AdminRole,
  type PermissionGroup,
} from '@osp/shared';
import type { Actor, AppContext, Caller } from '../../context';
import type { Db } from '../../db/index';
import { ConflictError, NotFoundError, ValidationError } from '../../http/errors';
import { parse } from '../../http/validate';
import { recordSecurityEvent } from '../security-log/security-log.service';
import { recordOperation } from '../syslog/syslog.service';
import { ADMIN_PERMISSION, authorize, authorizeRegistry } from './admin-org.policy';
import { authorizeGrant, authorizeRoleEdit, lackedPermissions } from './grants.policy';
import * as repo from './admin-roles.repo';

const ITEM_TYPE = 'role';
/** The permission that grants permissions: someone enabled must always keep it. */
const GRANTING_PERMISSION = ADMIN_PERMISSION.role;

function permissionNames(keys: readonly string[]): string {
  return keys.map((key) => (PERMISSIONS as Record<string, { name: string } | undefined>)[key]?.name ?? key).join('、') || '无';
}

export async function listRoles(ctx: AppContext, caller: Caller): Promise<AdminRole[]> {
  authorize(caller, 'role');
  const roles = await repo.listRoles(ctx.db);
  return roles.map((role) => {
    // A role carrying a permission the caller lacks is beyond them (grants.policy): shown, not editable.
    const missing = lackedPermissions(caller, role.permissions);
    const editBlocked = missing.length > 0 ? GrantMessages.cannotEditRole(role.name, missing) : '';
    return {
      id: role.id,
      key: role.key,
      name: role.name,
      permissions: role.permissions,
      member_count: role.member_count,
      abilities: { edit: editBlocked === '', delete: editBlocked === '' && role.member_count === 0 },
      edit_blocked_reason: editBlocked,
      delete_blocked_reason: editBlocked || (role.member_count === 0 ? '' : RoleMessages.hasMembers(role.member_count)),
    };
  });
}

/** The registry, each permission saying whether the caller may grant it (only those they hold). */
export function listPermissionGroups(caller: Caller): PermissionGroup[] {
  authorizeRegistry(caller);
  return groupPermissions().map((group) => ({
    ...group,
    permissions: group.permissions.map((p) => {
      const grantable = lackedPermissions(caller, [p.key]).length === 0;
      return { ...p, grantable, blocked_reason: grantable ? '' : GrantMessages.permissionNotHeld };
    }),
  }));
}

/** The security trace of a change to what a role grants (issue 11, item 8), in the changing transaction. */
async function recordGrantChange(trx: Db, actor: Actor, detail: string): Promise<void> {
  await recordSecurityEvent(trx, {
    event: 'authz_change',
    userId: actor.caller.userId,
    username: actor.caller.username,
    ...(actor.client ? { client: actor.client } : {}),
    detail,
  });
}

async function requireRole(db: Db, id: number) {
  const role = await repo.findRole(db, id);
  if (!role) throw new NotFoundError();
  return role;
}

async function assertNameFree(db: Db, name: string, exceptId?: number): Promise<void> {
  const other = await repo.findRoleByName(db, name);
  if (other && other.id !== exceptId) throw new ValidationError({ name: [RoleMessages.nameTaken(name)] });
}

export async function createRole(ctx: AppContext, actor: Actor, body: unknown): Promise<{ id: number }> {
  authorize(actor.caller, 'role');
  const input = parse(RoleCreateZ, body);
  authorizeGrant(actor.caller, input.permissions);
  const id = await ctx.db.transaction().execute(async (trx) => {
    if (await repo.findRoleByKey(trx, input.key)) throw new ValidationError({ key: [RoleMessages.keyTaken(input.key)] });
    await assertNameFree(trx, input.name);
    const newId = await repo.insertRole(trx, input.key, input.name);
    await repo.replacePermissions(trx, newId, input.permissions);
    await recordOperation(trx, actor, {
      itemType: ITEM_TYPE,
      itemId: newId,
      action: 'create',
      summary: `新建角色「${input.name}」（${input.key}），权限：${permissionNames(input.permissions)}`,
      after: { key: input.key, name: input.name, permissions: input.permissions },
    });
    if (input.permissions.length > 0) await recordGrantChange(trx, actor, `新建角色 ${input.key}，权限 ${input.permissions.join(',')}`);
    return newId;
  });
  // A new role has no members yet, so nobody's access changed.
  return { id };
}

export async function renameRole(ctx: AppContext, actor: Actor, id: number, body: unknown): Promise<void> {
  authorize(actor.caller, 'role');
  const input = parse(RoleRenameZ, body);
  await ctx.db.transaction().execute(async (trx) => {
    const role = await requireRole(trx, id);
    authorizeRoleEdit(actor.caller, { name: role.name, permissions: await repo.listPermissions(trx, id) });
    if (role.name === input.name) return;
    await assertNameFree(trx, input.name, id);
    await repo.renameRole(trx, id, input.name);
    await recordOperation(trx, actor, {
      itemType: ITEM_TYPE,
      itemId: id,
      action: 'update',
      summary: `角色「${role.name}」改名为「${input.name}」`,
      before: { name: role.name },
      after: { name: input.name },
    });
  });
}

/**
 * Replaces a role's grants. Refused when it would leave no enabled user able to grant permissions
 * (sys_role): nobody could undo it from the product.
 */
export async function setRolePermissions(ctx: AppContext, actor: Actor, id: number, body: unknown): Promise<void> {
  authorize(actor.caller, 'role');
  const input = parse(RolePermissionsZ, body);
  await ctx.db.transaction().execute(async (trx) => {
    if (ctx.engine === 'postgres') await repo.lockRoles(trx);
    const role = await requireRole(trx, id);
    const before = await repo.listPermissions(trx, id);
    // Editing a role needs all it carries now, and granting needs all it will carry.
    authorizeRoleEdit(actor.caller, { name: role.name, permissions: before });
    authorizeGrant(actor.caller, input.permissions);
    if (before.join() === input.permissions.join()) return;
    const holdersBefore = await repo.countActiveHolders(trx, GRANTING_PERMISSION);
    await repo.replacePermissions(trx, id, input.permissions);
    if (holdersBefore > 0 && (await repo.countActiveHolders(trx, GRANTING_PERMISSION)) === 0) {
      // Thrown inside the transaction: the grants written above roll back with it.
      throw new ValidationError({ permissions: [RoleMessages.lockout] });
    }
    const added = input.permissions.filter((p) => !before.includes(p));
    const removed = before.filter((p) => !input.permissions.includes(p));
    await recordOperation(trx, actor, {
      itemType: ITEM_TYPE,
      itemId: id,
      action: 'update',
      summary: `修改角色「${role.name}」的权限${added.length ? `，增加：${permissionNames(added)}` : ''}${removed.length ? `，移除：${permissionNames(removed)}` : ''}`,
      before: { permissions: before },
      after: { permissions: input.permissions },
    });
    await recordGrantChange(trx, actor, `角色 ${role.key} 权限 ${before.join(',') || '无'} → ${input.permissions.join(',') || '无'}`);
  });
}

/** A role with members is not deleted: taking access away from people is done person by person. */
export async function deleteRole(ctx: AppContext, actor: Actor, id: number): Promise<void> {
  authorize(actor.caller, 'role');
  await ctx.db.transaction().execute(async (trx) => {
    const role = await requireRole(trx, id);
    const permissions = await repo.listPermissions(trx, id);
    authorizeRoleEdit(actor.caller, { name: role.name, permissions });
    const members = await repo.countMembers(trx, id);
    if (members > 0) throw new ConflictError(RoleMessages.hasMembers(members));
    await repo.deleteRole(trx, id);
    await recordOperation(trx, actor, {
      itemType: ITEM_TYPE,
      itemId: id,
      action: 'delete',
      summary: `删除角色「${role.name}」（${role.key}）`,
      before: { key: role.key, name: role.name, permissions },
    });
    if (permissions.length > 0) await recordGrantChange(trx, actor, `删除角色 ${role.key}，权限 ${permissions.join(',')}`);
  });
}
