import type { Insertable } from 'kysely';
import type { Db } from '../../db/index';
import { containsText } from '../../db/like';
import type { SecurityEventsTable } from '../../db/schema';

export async function insertSecurityEvent(db: Db, row: Insertable<SecurityEventsTable>): Promise<void> {
  await db.insertInto('security_events').values(row).execute();
}

export interface SecurityEventFilter {
  event?: string;
  keyword?: string;
  /** ISO instants: from inclusive, until exclusive. */
  from?: string;
  until?: string;
  limit: number;
  offset: number;
}

/** Newest first; the keyword is looked for in the username, the address and the detail. */
export async function listSecurityEvents(db: Db, filter: SecurityEventFilter) {
  let query = db.selectFrom('security_events');
  if (filter.event) query = query.where('event', '=', filter.event);
  if (filter.from) query = query.where('created_at', '>=', filter.from);
  if (filter.until) query = query.where('created_at', '<', filter.until);
  const keyword = filter.keyword;
  if (keyword)
    query = query.where((eb) =>
      eb.or([containsText(eb.ref('username'), keyword), containsText(eb.ref('ip'), keyword), containsText(eb.ref('detail'), keyword)]),
    );
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy('id', 'desc').limit(filter.limit).offset(filter.offset).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
