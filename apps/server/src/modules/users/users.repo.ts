import type { Db } from '../../db/index';

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
