import type { Insertable } from 'kysely';
import type { Db } from '../../db/index';
import type { SecurityEventsTable } from '../../db/schema';

export async function insertSecurityEvent(db: Db, row: Insertable<SecurityEventsTable>): Promise<void> {
  await db.insertInto('security_events').values(row).execute();
}
