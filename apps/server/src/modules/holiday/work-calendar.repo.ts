import type { WorkCalendarEntry } from '@osp/shared';
import type { Db } from '../../db/index';

/** The calendar's rows between two days (inclusive, YYYY-MM-DD), in day order. */
export function listCalendarDays(db: Db, from: string, to: string) {
  return db
    .selectFrom('work_calendar')
    .select(['day', 'kind', 'name', 'updated_at'])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .orderBy('day')
    .execute();
}

/** Replaces one year's rows; call in a transaction. */
export async function replaceCalendarYear(
  db: Db,
  year: number,
  entries: readonly WorkCalendarEntry[],
  userId: number,
  at: string,
): Promise<void> {
  await db.deleteFrom('work_calendar').where('day', '>=', `${year}-01-01`).where('day', '<=', `${year}-12-31`).execute();
  if (entries.length === 0) return;
  await db
    .insertInto('work_calendar')
    .values(entries.map((entry) => ({ day: entry.day, kind: entry.kind, name: entry.name, updated_at: at, updated_by: userId })))
    .execute();
}
