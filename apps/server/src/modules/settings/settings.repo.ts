import type { Db } from '../../db/index';

/**
 * Every stored setting, its JSON value parsed (`upsertSetting` writes them). A value that is not JSON comes
 * back as `isJson: false`: the service keeps that setting's default and says so in the log.
 */
export async function listSettings(db: Db): Promise<({ key: string; isJson: true; value: unknown } | { key: string; isJson: false })[]> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).execute();
  return rows.map(({ key, value }) => {
    try {
      const parsed: unknown = JSON.parse(value);
      return { key, isJson: true, value: parsed };
    } catch {
      return { key, isJson: false };
    }
  });
}

export async function upsertSetting(db: Db, key: string, value: unknown): Promise<void> {
  const json = JSON.stringify(value);
  await db
    .insertInto('settings')
    .values({ key, value: json })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json }))
    .execute();
}
