import type { Db } from '../../db/index';

export function findProfileRow(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .leftJoin('depts', 'depts.id', 'users.dept_id')
    .select([
      'users.id',
      'users.username',
      'users.name',
      'users.sex',
      'users.dept_id',
      'depts.name as dept_name',
      'users.station',
      'users.mail',
      'users.mobile',
      'users.phone',
      'users.wechat',
      'users.profile_photo',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
}

export type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfileRow>>>;

/** The user's role keys and the union of their permissions, in one round trip. */
export async function findRolesAndPermissions(db: Db, userId: number): Promise<{ roles: string[]; permissions: string[] }> {
  const rows = await db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .leftJoin('role_permissions', 'role_permissions.role_id', 'roles.id')
    .select(['roles.key as role', 'role_permissions.permission'])
    .where('user_roles.user_id', '=', userId)
    .execute();
  const roles = new Set<string>();
  const permissions = new Set<string>();
  for (const row of rows) {
    roles.add(row.role);
    if (row.permission) permissions.add(row.permission);
  }
  return { roles: [...roles].sort(), permissions: [...permissions].sort() };
}

export function findPerson(db: Db, userId: number) {
  return db.selectFrom('users').select(['sex', 'mail', 'mobile', 'phone', 'wechat']).where('id', '=', userId).executeTakeFirst();
}

export async function updatePerson(
  db: Db,
  userId: number,
  fields: { sex: string; mail: string; mobile: string; phone: string; wechat: string },
  now: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...fields, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

export function findPasswordHash(db: Db, userId: number) {
  return db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirst();
}

export async function updatePasswordHash(db: Db, userId: number, passwordHash: string, now: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', userId).execute();
}

export async function updateProfilePhoto(db: Db, userId: number, url: string, now: string): Promise<string> {
  const previous = await db.selectFrom('users').select('profile_photo').where('id', '=', userId).executeTakeFirst();
  await db.updateTable('users').set({ profile_photo: url, updated_at: now }).where('id', '=', userId).execute();
  return previous?.profile_photo ?? '';
}
