import type { Db } from '../../db/index';

/** How many requests a key made since `since`, and when the oldest of them was (to say when to retry). */
export async function countRequests(
  db: Db,
  column: 'account' | 'ip',
  value: string,
  since: string,
): Promise<{ count: number; oldest: string | null }> {
  const row = await db
    .selectFrom('password_reset_requests')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('created_at').as('oldest')])
    .where(column, '=', value)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), oldest: row.oldest ?? null };
}

/** Records an accepted request and sweeps those too old to count, so a flood cannot grow the table. */
export async function recordRequest(db: Db, account: string, ip: string, now: string, countsSince: string): Promise<void> {
  await db.deleteFrom('password_reset_requests').where('created_at', '<', countsSince).execute();
  await db.insertInto('password_reset_requests').values({ account, ip, created_at: now }).execute();
}

/**
 * Active users with an e-mail address that an account names: its username, or its e-mail
 * address in any letter case. One address may belong to several people (a shared mailbox); each
 * gets a link of their own. Capped, so that one request cannot fan out into a mail storm.
 */
export function findReachableUsers(db: Db, account: string) {
  const mail = account.toLowerCase();
  return db
    .selectFrom('users')
    .select(['id', 'username', 'name', 'mail'])
    .where('status', '=', 1)
    .where('mail', '!=', '')
    .where((eb) => eb.or([eb('username', '=', account), eb(eb.fn('lower', ['mail']), '=', mail)]))
    .orderBy('id')
    .limit(5)
    .execute();
}

export async function insertResetToken(
  db: Db,
  row: { token_hash: string; user_id: number; created_at: string; expires_at: string; ip: string; sent_to: string },
): Promise<void> {
  await db.insertInto('password_resets').values(row).execute();
}

/** A reset link by the hash of its token, with the state of its user. */
export function findResetByTokenHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('password_resets')
    .innerJoin('users', 'users.id', 'password_resets.user_id')
    .select([
      'password_resets.id',
      'password_resets.user_id',
      'password_resets.expires_at',
      'password_resets.used_at',
      'password_resets.sent_to',
      'users.mail',
      'users.username',
      'users.name',
      'users.status as user_status',
      'users.password_hash',
    ])
    .where('password_resets.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/**
 * Uses a link up: exactly one row changes only while it is unused and unexpired, so that of two
 * requests with the same link at the same moment only one can set a password.
 */
export async function consumeReset(db: Db, resetId: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('id', '=', resetId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends every other outstanding link of the user: a password just set must not be replaced by an older mail. */
export async function retireUserResets(db: Db, userId: number, now: string): Promise<void> {
  await db.updateTable('password_resets').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}
