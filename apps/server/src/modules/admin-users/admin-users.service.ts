import {
  AdminPasswordResetZ,
  AdminUserCreateZ,
  AdminUserMessages,
  AdminUserQueryZ,
  AdminUserRolesZ,
  AdminUserStatusZ,
  AdminUserUpdateZ,
  type AdminUser,
  type AdminUserFilter,
  type FieldErrors,
  type Paged,
  GrantMessages,
  type RoleOption,
  type RoleRef,
} from '@osp/shared';
import type { Actor, AppContext, Caller } from '../../context';
import type { Db } from '../../db/index';
import { NotFoundError, ValidationError } from '../../http/errors';
import { parse } from '../../http/validate';
import { hashPassword } from '../../lib/passwords';
import { retireUserResets } from '../password-reset/password-reset.service';
import { authorizeGrant, authorizeOverUser, authorizeRolesOf, lackedPermissions, refusalOverUser } from '../admin-org/grants.policy';
import { recordSecurityEvent } from '../security-log/security-log.service';
import { recordOperation } from '../syslog/syslog.service';
import { authorizeUserAdmin, selfChange } from './admin-users.policy';
import { loggedUser, presentAdminUser } from './admin-users.presenter';
import * as repo from './admin-users.repo';
import { loadDeptIndex, type DeptIndex } from '../directory/dept-index';

const ITEM_TYPE = 'user';

/** "zhangsan（张三）": how the operation log names a user. */
export function userLabel(user: { username: string; name: string }): string {
  return `${user.username}（${user.name}）`;
}

/** The repo's filter for a parsed list filter: a department means it and everything under it. */
export function toRepoFilter(filter: AdminUserFilter, depts: DeptIndex): repo.UserFilter {
  return {
    keyword: filter.keyword || undefined,
    deptIds: filter.dept_id === undefined ? undefined : depts.subtree(filter.dept_id),
    status: filter.status,
  };
}

/**
 * Attaches each user's roles and what `caller` may do with the account (two queries for the whole
 * page): an account holding a permission the caller lacks is beyond them (grants.policy).
 */
export async function withRoles(ctx: AppContext, caller: Caller, rows: repo.AdminUserRow[]): Promise<AdminUser[]> {
  const ids = rows.map((r) => r.id);
  const [roleRows, permissions] = await Promise.all([repo.rolesOfUsers(ctx.db, ids), repo.permissionsOfUsers(ctx.db, ids)]);
  const rolesOf = new Map<number, RoleRef[]>();
  for (const role of roleRows) rolesOf.set(role.user_id, [...(rolesOf.get(role.user_id) ?? []), { key: role.key, name: role.name }]);
  return rows.map((row) => {
    const refusal = refusalOverUser(caller, { name: row.name, permissions: permissions.get(row.id) ?? [] }) ?? '';
    const rolesRefusal = refusal || (row.id === caller.userId ? GrantMessages.ownRoles : '');
    return presentAdminUser(row, rolesOf.get(row.id) ?? [], {
      abilities: { manage: refusal === '', roles: rolesRefusal === '' },
      manage_blocked_reason: refusal,
      roles_blocked_reason: rolesRefusal,
    });
  });
}

/** The account an administrator is about to change, refused (403) when it is beyond them. */
async function manageableUser(ctx: AppContext, caller: Caller, id: number): Promise<AdminUser> {
  const user = await loadUser(ctx, caller, id);
  const held = (await repo.permissionsOfUsers(ctx.db, [id])).get(id) ?? [];
  authorizeOverUser(caller, { name: user.name, permissions: held });
  return user;
}

/**
 * For a module that changes things on a user's behalf (离职交接, modules/handover): the account, authorised as every
 * change on this page is — sys_user (403), an existing account (404), one within the administrator's reach (403).
 */
export async function authorizeUserChange(ctx: AppContext, caller: Caller, id: number): Promise<AdminUser> {
  authorizeUserAdmin(caller);
  return manageableUser(ctx, caller, id);
}

/** Granting these roles needs every permission they carry (grants.policy). */
async function authorizeRoleGrant(db: Db, caller: Caller, roleIds: readonly number[]): Promise<void> {
  const carried = [...(await repo.permissionsOfRoles(db, roleIds)).values()].flat();
  authorizeGrant(caller, carried);
}

/** The security trace of a change of someone's roles (issue 11, item 8), in the changing transaction. */
async function recordRoleChange(trx: Db, actor: Actor, user: { id: number; username: string }, detail: string): Promise<void> {
  await recordSecurityEvent(trx, {
    event: 'authz_change',
    userId: user.id,
    username: user.username,
    ...(actor.client ? { client: actor.client } : {}),
    detail: `${actor.caller.username}：${detail}`,
  });
}

export async function findUsers(ctx: AppContext, caller: Caller, query: unknown): Promise<Paged<AdminUser>> {
  authorizeUserAdmin(caller);
  const input = parse(AdminUserQueryZ, query);
  const depts = await loadDeptIndex(ctx);
  const { rows, total } = await repo.findUsers(ctx.db, toRepoFilter(input, depts), {
    limit: input.per_page,
    offset: (input.page - 1) * input.per_page,
  });
  return { list: await withRoles(ctx, caller, rows), total, page: input.page, per_page: input.per_page };
}

async function loadUser(ctx: AppContext, caller: Caller, id: number): Promise<AdminUser> {
  const row = Number.isSafeInteger(id) && id > 0 ? await repo.findUser(ctx.db, id) : undefined;
  if (!row) throw new NotFoundError();
  const [user] = await withRoles(ctx, caller, [row]);
  if (!user) throw new NotFoundError();
  return user;
}

export async function getUser(ctx: AppContext, caller: Caller, id: number): Promise<AdminUser> {
  authorizeUserAdmin(caller);
  return loadUser(ctx, caller, id);
}

/** Role keys → role rows; unknown keys are reported on the `roles` field. */
async function resolveRoles(ctx: AppContext, keys: string[], errors: FieldErrors) {
  const all = await repo.listRoles(ctx.db);
  const byKey = new Map(all.map((r) => [r.key, r]));
  const unknown = [...new Set(keys)].filter((key) => !byKey.has(key));
  if (unknown.length > 0) errors.roles = unknown.map((key) => AdminUserMessages.roleUnknown(key));
  return [...new Set(keys)].flatMap((key) => byKey.get(key) ?? []);
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

export async function createUser(ctx: AppContext, actor: Actor, body: unknown): Promise<AdminUser> {
  authorizeUserAdmin(actor.caller);
  const input = parse(AdminUserCreateZ, body);
  const errors: FieldErrors = {};
  const depts = await loadDeptIndex(ctx);
  if (!depts.has(input.dept_id)) errors.dept_id = [AdminUserMessages.deptUnknown];
  if ((await repo.takenUsernames(ctx.db, [input.username])).size > 0) errors.username = [AdminUserMessages.usernameTaken];
  const roles = await resolveRoles(ctx, input.roles, errors);
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  await authorizeRoleGrant(
    ctx.db,
    actor.caller,
    roles.map((r) => r.id),
  );

  const passwordHash = await hashPassword(input.passwd);
  const now = new Date().toISOString();
  const fields = {
    username: input.username,
    name: input.name,
    sex: input.sex,
    dept_id: input.dept_id,
    station: input.station,
    mobile: input.mobile,
    mail: input.mail,
  };
  let id: number;
  try {
    id = await ctx.db.transaction().execute(async (trx) => {
      const newId = await repo.insertUser(trx, { ...fields, password_hash: passwordHash, status: 1, created_at: now, updated_at: now });
      await repo.insertUserRoles(
        trx,
        roles.map((role) => ({ user_id: newId, role_id: role.id })),
      );
      await recordOperation(trx, actor, {
        itemType: ITEM_TYPE,
        itemId: newId,
        action: 'create',
        summary: `新建用户 ${userLabel(fields)}`,
        after: { ...loggedUser({ ...fields, status: 1 }), roles: roles.map((r) => r.key) },
      });
      if (roles.length > 0) {
        await recordRoleChange(
          trx,
          actor,
          { id: newId, username: fields.username },
          `新建用户并授予角色 ${roles.map((r) => r.key).join(',')}`,
        );
      }
      return newId;
    });
  } catch (error) {
    // Two administrators creating the same username at once: the unique index decides.
    if (isUniqueViolation(error)) throw new ValidationError({ username: [AdminUserMessages.usernameTaken] });
    throw error;
  }
  return loadUser(ctx, actor.caller, id);
}

export async function updateUser(ctx: AppContext, actor: Actor, id: number, body: unknown): Promise<AdminUser> {
  authorizeUserAdmin(actor.caller);
  const before = await manageableUser(ctx, actor.caller, id);
  const input = parse(AdminUserUpdateZ, body);
  const depts = await loadDeptIndex(ctx);
  if (!depts.has(input.dept_id)) throw new ValidationError({ dept_id: [AdminUserMessages.deptUnknown] });

  const beforeFields = loggedUser({ ...before, dept_id: before.dept?.id ?? null });
  const afterFields = loggedUser({ ...before, ...input });
  await ctx.db.transaction().execute(async (trx) => {
    await repo.updateUser(trx, id, input, new Date().toISOString());
    await recordOperation(trx, actor, {
      itemType: ITEM_TYPE,
      itemId: id,
      action: 'update',
      summary: `修改用户 ${userLabel({ username: before.username, name: input.name })}`,
      before: beforeFields,
      after: afterFields,
    });
  });
  return loadUser(ctx, actor.caller, id);
}

/** Enables or disables a user. Disabling revokes every session of theirs in the same transaction. */
export async function setUserStatus(ctx: AppContext, actor: Actor, id: number, body: unknown): Promise<AdminUser> {
  authorizeUserAdmin(actor.caller);
  const before = await manageableUser(ctx, actor.caller, id);
  const { status } = parse(AdminUserStatusZ, body);
  const refusal = selfChange.status(actor.caller, id, status);
  if (refusal) throw new ValidationError({ status: [refusal] });

  const now = new Date().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.updateUser(trx, id, { status }, now);
    const revoked = status === 0 ? await repo.revokeSessions(trx, id, now) : 0;
    await recordOperation(trx, actor, {
      itemType: ITEM_TYPE,
      itemId: id,
      action: status === 0 ? 'disable' : 'enable',
      summary: status === 0 ? `禁用用户 ${userLabel(before)}，注销会话 ${revoked} 个` : `启用用户 ${userLabel(before)}`,
      before: { status: before.status },
      after: { status },
    });
  });
  return loadUser(ctx, actor.caller, id);
}

/** Sets a new password chosen by an administrator and signs the user out everywhere. */
export async function resetPassword(ctx: AppContext, actor: Actor, id: number, body: unknown): Promise<void> {
  authorizeUserAdmin(actor.caller);
  const user = await manageableUser(ctx, actor.caller, id);
  const refusal = selfChange.password(actor.caller, id);
  if (refusal) throw new ValidationError({ passwd: [refusal] });
  const input = parse(AdminPasswordResetZ, body);
  const passwordHash = await hashPassword(input.passwd);
  const now = new Date().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.updateUser(trx, id, { password_hash: passwordHash }, now);
    const revoked = await repo.revokeSessions(trx, id, now);
    // An e-mailed reset link asked for before must not undo the administrator's password.
    await retireUserResets(trx, id, now);
    await recordOperation(trx, actor, {
      itemType: ITEM_TYPE,
      itemId: id,
      action: 'reset_password',
      summary: `重置用户 ${userLabel(user)} 的密码，注销会话 ${revoked} 个`,
    });
  });
}

/**
 * Replaces a user's roles; the new permissions apply from the user's next request. Nobody changes their
 * own roles, an account beyond the administrator keeps its roles, and every role given or taken away
 * must carry only permissions the administrator holds (grants.policy).
 */
export async function assignRoles(ctx: AppContext, actor: Actor, id: number, body: unknown): Promise<AdminUser> {
  authorizeUserAdmin(actor.caller);
  authorizeRolesOf(actor.caller, id);
  const before = await manageableUser(ctx, actor.caller, id);
  const input = parse(AdminUserRolesZ, body);
  const errors: FieldErrors = {};
  const roles = await resolveRoles(ctx, input.roles, errors);
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  await authorizeRoleGrant(
    ctx.db,
    actor.caller,
    roles.map((r) => r.id),
  );

  const beforeKeys = before.roles.map((r) => r.key).sort();
  const afterKeys = roles.map((r) => r.key).sort();
  if (beforeKeys.join(',') === afterKeys.join(',')) return before;
  await ctx.db.transaction().execute(async (trx) => {
    await repo.replaceUserRoles(
      trx,
      id,
      roles.map((r) => r.id),
    );
    await recordOperation(trx, actor, {
      itemType: ITEM_TYPE,
      itemId: id,
      action: 'assign_roles',
      summary: `为用户 ${userLabel(before)} 分配角色：${roles.map((r) => r.name).join('、') || '无'}`,
      before: { roles: beforeKeys },
      after: { roles: afterKeys },
    });
    await recordRoleChange(trx, actor, before, `角色 ${beforeKeys.join(',') || '无'} → ${afterKeys.join(',') || '无'}`);
  });
  return loadUser(ctx, actor.caller, id);
}

/**
 * The roles for the page's pickers (the roles page needs sys_role), each saying whether the caller may
 * grant it and, when not, why: the server decides, the page only shows it.
 */
export async function listRoleOptions(ctx: AppContext, caller: Caller): Promise<RoleOption[]> {
  authorizeUserAdmin(caller);
  const roles = await repo.listRoles(ctx.db);
  const carried = await repo.permissionsOfRoles(
    ctx.db,
    roles.map((r) => r.id),
  );
  return roles.map((r) => {
    const missing = lackedPermissions(caller, carried.get(r.id) ?? []);
    return {
      key: r.key,
      name: r.name,
      grantable: missing.length === 0,
      blocked_reason: missing.length ? GrantMessages.cannotGrant(missing) : '',
    };
  });
}
