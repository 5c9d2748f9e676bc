import type { Db } from '../../db/index';

export function listSettingRows(db: Db) {
  return db.selectFrom('settings').select(['key', 'value']).execute();
}

export async function upsertSetting(db: Db, key: string, value: unknown): Promise<void> {
  const json = JSON.stringify(value);
  await db
    .insertInto('settings')
    .values({ key, value: json })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json }))
    .execute();
}
