import type { Insertable } from 'kysely';
import type { Db } from '../../db/index';
import { containsText } from '../../db/like';
import type { UsersTable } from '../../db/schema';

export interface UserFilter {
  keyword?: string;
  /** The chosen department and every department under it; undefined: all. */
  deptIds?: number[];
  status?: number;
}

function filteredUsers(db: Db, filter: UserFilter) {
  let query = db.selectFrom('users').leftJoin('depts', 'depts.id', 'users.dept_id');
  const keyword = filter.keyword;
  if (keyword) {
    query = query.where((eb) =>
      eb.or([
        containsText(eb.ref('users.name'), keyword),
        containsText(eb.ref('users.username'), keyword),
        containsText(eb.ref('users.mobile'), keyword),
      ]),
    );
  }
  if (filter.deptIds) query = query.where('users.dept_id', 'in', filter.deptIds.length > 0 ? filter.deptIds : [-1]);
  if (filter.status !== undefined) query = query.where('users.status', '=', filter.status);
  return query;
}

const USER_COLUMNS = [
  'users.id',
  'users.username',
  'users.name',
  'users.sex',
  'users.dept_id',
  'depts.name as dept_name',
  'users.station',
  'users.mobile',
  'users.mail',
  'users.status',
  'users.created_at',
] as const;

export async function findUsers(db: Db, filter: UserFilter, page: { limit: number; offset: number }) {
  const query = filteredUsers(db, filter);
  const [rows, count] = await Promise.all([
    query.select(USER_COLUMNS).orderBy('users.id', 'desc').limit(page.limit).offset(page.offset).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Every user the filter matches, for the export; `limit` guards against an unbounded file. */
export function listUsers(db: Db, filter: UserFilter, limit: number) {
  return filteredUsers(db, filter).select(USER_COLUMNS).orderBy('users.id', 'asc').limit(limit).execute();
}

export type AdminUserRow = Awaited<ReturnType<typeof listUsers>>[number];

export function findUser(db: Db, id: number) {
  return db
    .selectFrom('users')
    .leftJoin('depts', 'depts.id', 'users.dept_id')
    .select(USER_COLUMNS)
    .where('users.id', '=', id)
    .executeTakeFirst();
}

export async function rolesOfUsers(db: Db, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select(['user_roles.user_id', 'roles.id', 'roles.key', 'roles.name'])
    .where('user_roles.user_id', 'in', userIds)
    .orderBy('roles.id')
    .execute();
}

export function listRoles(db: Db) {
  return db.selectFrom('roles').select(['id', 'key', 'name']).orderBy('id').execute();
}

/** The permissions each of these roles carries (roles without any are absent). */
export async function permissionsOfRoles(db: Db, roleIds: readonly number[]): Promise<Map<number, string[]>> {
  const byRole = new Map<number, string[]>();
  if (roleIds.length === 0) return byRole;
  const rows = await db
    .selectFrom('role_permissions')
    .select(['role_id', 'permission'])
    .where('role_id', 'in', [...roleIds])
    .execute();
  for (const row of rows) byRole.set(row.role_id, [...(byRole.get(row.role_id) ?? []), row.permission]);
  return byRole;
}

/** The permissions each of these users holds through their roles (users without any are absent). */
export async function permissionsOfUsers(db: Db, userIds: readonly number[]): Promise<Map<number, Set<string>>> {
  const byUser = new Map<number, Set<string>>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .selectFrom('user_roles')
    .innerJoin('role_permissions', 'role_permissions.role_id', 'user_roles.role_id')
    .select(['user_roles.user_id', 'role_permissions.permission'])
    .where('user_roles.user_id', 'in', [...userIds])
    .execute();
  for (const row of rows) {
    const held = byUser.get(row.user_id) ?? new Set<string>();
    held.add(row.permission);
    byUser.set(row.user_id, held);
  }
  return byUser;
}

/** Which of these usernames are already taken (looked up in slices so the IN list stays short). */
export async function takenUsernames(db: Db, usernames: string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (let start = 0; start < usernames.length; start += 500) {
    const slice = usernames.slice(start, start + 500);
    const rows = await db.selectFrom('users').select('username').where('username', 'in', slice).execute();
    for (const row of rows) taken.add(row.username);
  }
  return taken;
}

export async function insertUser(db: Db, row: Insertable<UsersTable>): Promise<number> {
  const inserted = await db.insertInto('users').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/** Inserts many users, 100 rows a statement; returns their ids in the order given. */
export async function insertUsers(db: Db, rows: Insertable<UsersTable>[]): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += 100) {
    const slice = rows.slice(start, start + 100);
    const inserted = await db.insertInto('users').values(slice).returning(['id', 'username']).execute();
    // RETURNING promises no order on either engine: match the new ids back by username.
    const idOf = new Map(inserted.map((r) => [r.username, r.id]));
    for (const row of slice) {
      const id = idOf.get(row.username);
      if (id === undefined) throw new Error(`insert of ${row.username} returned no id`);
      ids.push(id);
    }
  }
  return ids;
}

export async function updateUser(
  db: Db,
  id: number,
  fields: Partial<Pick<Insertable<UsersTable>, 'name' | 'sex' | 'dept_id' | 'station' | 'mobile' | 'mail' | 'status' | 'password_hash'>>,
  now: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...fields, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function replaceUserRoles(db: Db, userId: number, roleIds: number[]): Promise<void> {
  await db.deleteFrom('user_roles').where('user_id', '=', userId).execute();
  await insertUserRoles(
    db,
    roleIds.map((roleId) => ({ user_id: userId, role_id: roleId })),
  );
}

export async function insertUserRoles(db: Db, rows: { user_id: number; role_id: number }[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 500) {
    await db
      .insertInto('user_roles')
      .values(rows.slice(start, start + 500))
      .execute();
  }
}

/** Live sessions: neither revoked nor expired (the idle and absolute expiry both live in expires_at). */
export function listLiveSessions(db: Db, userId: number, now: string) {
  return db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'last_seen_at', 'expires_at', 'ip', 'user_agent'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('last_seen_at', 'desc')
    .execute();
}

export function findLiveSession(db: Db, userId: number, sessionId: number, now: string) {
  return db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'last_seen_at', 'ip', 'user_agent'])
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Revokes live sessions of a user (one, or all when sessionId is omitted); returns how many. */
export async function revokeSessions(db: Db, userId: number, now: string, sessionId?: number): Promise<number> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now);
  if (sessionId !== undefined) query = query.where('id', '=', sessionId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
