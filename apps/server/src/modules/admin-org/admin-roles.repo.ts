import type { Db } from '../../db/index';

export async function listRoles(db: Db) {
  const [roles, grants, members] = await Promise.all([
    db.selectFrom('roles').select(['id', 'key', 'name']).orderBy('id').execute(),
    db.selectFrom('role_permissions').select(['role_id', 'permission']).orderBy('permission').execute(),
    db
      .selectFrom('user_roles')
      .select(['role_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .groupBy('role_id')
      .execute(),
  ]);
  const memberCount = new Map(members.map((m) => [m.role_id, Number(m.n)]));
  return roles.map((role) => ({
    ...role,
    permissions: grants.filter((g) => g.role_id === role.id).map((g) => g.permission),
    member_count: memberCount.get(role.id) ?? 0,
  }));
}

export function findRole(db: Db, id: number) {
  return db.selectFrom('roles').select(['id', 'key', 'name']).where('id', '=', id).executeTakeFirst();
}

export function findRoleByKey(db: Db, key: string) {
  return db.selectFrom('roles').select(['id']).where('key', '=', key).executeTakeFirst();
}

export function findRoleByName(db: Db, name: string) {
  return db.selectFrom('roles').select(['id']).where('name', '=', name).executeTakeFirst();
}

export async function listPermissions(db: Db, roleId: number): Promise<string[]> {
  const rows = await db.selectFrom('role_permissions').select('permission').where('role_id', '=', roleId).orderBy('permission').execute();
  return rows.map((r) => r.permission);
}

export async function insertRole(db: Db, key: string, name: string): Promise<number> {
  const row = await db.insertInto('roles').values({ key, name }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function renameRole(db: Db, id: number, name: string): Promise<void> {
  await db.updateTable('roles').set({ name }).where('id', '=', id).execute();
}

export async function replacePermissions(db: Db, roleId: number, permissions: readonly string[]): Promise<void> {
  await db.deleteFrom('role_permissions').where('role_id', '=', roleId).execute();
  if (permissions.length > 0) {
    await db
      .insertInto('role_permissions')
      .values(permissions.map((permission) => ({ role_id: roleId, permission })))
      .execute();
  }
}

export async function countMembers(db: Db, roleId: number): Promise<number> {
  const row = await db
    .selectFrom('user_roles')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('role_id', '=', roleId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteRole(db: Db, id: number): Promise<void> {
  await db.deleteFrom('role_permissions').where('role_id', '=', id).execute();
  await db.deleteFrom('roles').where('id', '=', id).execute();
}

/** Enabled users who hold `permission` through any of their roles. */
export async function countActiveHolders(db: Db, permission: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
    .innerJoin('role_permissions', 'role_permissions.role_id', 'user_roles.role_id')
    .select((eb) => eb.fn.count<number | string>('users.id').distinct().as('n'))
    .where('users.status', '=', 1)
    .where('role_permissions.permission', '=', permission)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * PostgreSQL: takes the roles' row locks so that two grant changes run one after the other and the
 * lock-out check of each sees the other's result. SQLite runs one write transaction at a time anyway.
 */
export async function lockRoles(db: Db): Promise<void> {
  await db.selectFrom('roles').select('id').forUpdate().execute();
}
