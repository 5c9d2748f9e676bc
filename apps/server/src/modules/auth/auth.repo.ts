import type { CallerUser } from '../../context';
import type { Db } from '../../db/index';
import { preparedQuery } from '../../db/prepared';

export interface SessionWithAccess {
  session_id: number;
  user_status: number;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  user: CallerUser;
  roles: string[];
  permissions: string[];
}

/**
 * The live session of a token with its user's row, roles and permissions, in one round trip: every
 * signed-in request runs this, the policies of every module need the permissions, and the profile
 * is then served without another query.
 */
const sessionWithAccessQuery = preparedQuery((db: Db, params: { tokenHash: string }) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('depts', 'depts.id', 'users.dept_id')
    .leftJoin('user_roles', 'user_roles.user_id', 'users.id')
    .leftJoin('roles', 'roles.id', 'user_roles.role_id')
    .leftJoin('role_permissions', 'role_permissions.role_id', 'roles.id')
    .select([
      'sessions.id as session_id',
      'sessions.user_id',
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
      'users.status as user_status',
      'sessions.created_at',
      'sessions.last_seen_at',
      'sessions.expires_at',
      'roles.key as role',
      'role_permissions.permission',
    ])
    .where('sessions.token_hash', '=', params.tokenHash)
    .where('sessions.revoked_at', 'is', null),
);

export async function findLiveSessionByTokenHash(db: Db, tokenHash: string): Promise<SessionWithAccess | undefined> {
  const rows = await sessionWithAccessQuery(db, { tokenHash });
  const [first] = rows;
  if (!first) return undefined;
  const roles = new Set<string>();
  const permissions = new Set<string>();
  for (const row of rows) {
    if (row.role) roles.add(row.role);
    if (row.permission) permissions.add(row.permission);
  }
  return {
    session_id: first.session_id,
    user_status: first.user_status,
    user: {
      id: first.user_id,
      username: first.username,
      name: first.name,
      sex: first.sex,
      dept_id: first.dept_id,
      dept_name: first.dept_name,
      station: first.station,
      mail: first.mail,
      mobile: first.mobile,
      phone: first.phone,
      wechat: first.wechat,
      profile_photo: first.profile_photo,
    },
    created_at: first.created_at,
    last_seen_at: first.last_seen_at,
    expires_at: first.expires_at,
    roles: [...roles].sort(),
    permissions: [...permissions].sort(),
  };
}

export async function insertSession(
  db: Db,
  row: { token_hash: string; user_id: number; now: string; expires_at: string; ip: string; user_agent: string },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      token_hash: row.token_hash,
      user_id: row.user_id,
      created_at: row.now,
      last_seen_at: row.now,
      expires_at: row.expires_at,
      ip: row.ip,
      user_agent: row.user_agent,
    })
    .execute();
}

export async function touchSession(db: Db, sessionId: number, now: string, expiresAt: string): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: now, expires_at: expiresAt }).where('id', '=', sessionId).execute();
}

export async function revokeSession(db: Db, sessionId: number, now: string): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: now }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
}

/** Revokes every live session of a user, except `keepSessionId` when given. */
export async function revokeUserSessions(db: Db, userId: number, now: string, keepSessionId?: number): Promise<void> {
  let query = db.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (keepSessionId !== undefined) query = query.where('id', '!=', keepSessionId);
  await query.execute();
}

export async function countFailures(db: Db, column: 'username' | 'ip', value: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('login_failures')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where(column, '=', value)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Records a failed sign-in and sweeps failures too old to count, so a password spray cannot grow the table. */
export async function recordFailure(db: Db, username: string, ip: string, now: string, countsSince: string): Promise<void> {
  await db.deleteFrom('login_failures').where('created_at', '<', countsSince).execute();
  await db.insertInto('login_failures').values({ username, ip, created_at: now }).execute();
}

export async function clearFailures(db: Db, username: string): Promise<void> {
  await db.deleteFrom('login_failures').where('username', '=', username).execute();
}

export async function insertCaptcha(db: Db, key: string, codeHash: string, expiresAt: string, now: string, ip = ''): Promise<void> {
  // Expired captchas are swept here rather than by a timer: the table stays small with no extra job.
  await db.deleteFrom('captchas').where('expires_at', '<', now).execute();
  await db.insertInto('captchas').values({ captcha_key: key, code_hash: codeHash, expires_at: expiresAt, ip }).execute();
}

/** Captchas an address asked for whose life ends after `expiringAfter` (all asked for since then minus the TTL). */
export async function countCaptchasOf(db: Db, ip: string, expiringAfter: string): Promise<number> {
  const row = await db
    .selectFrom('captchas')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ip', '=', ip)
    .where('expires_at', '>', expiringAfter)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Takes a captcha out of the table: each one answers a single sign-in attempt. */
export async function takeCaptcha(db: Db, key: string): Promise<{ code_hash: string; expires_at: string } | undefined> {
  return db.deleteFrom('captchas').where('captcha_key', '=', key).returning(['code_hash', 'expires_at']).executeTakeFirst();
}

export function findUserForLogin(db: Db, username: string) {
  return db.selectFrom('users').select(['id', 'username', 'password_hash', 'status']).where('username', '=', username).executeTakeFirst();
}
