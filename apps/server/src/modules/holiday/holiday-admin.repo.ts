import { sql } from 'kysely';
import type { Db } from '../../db/index';
import { containsText } from '../../db/like';

export interface StatsFilter {
  year: number;
  /** A department with its sub-departments, resolved by the caller; undefined for everyone. */
  deptIds?: readonly number[];
  keyword?: string;
  limit: number;
  offset: number;
}

/** Active people with their balance of the year (null columns: no balance yet), by department then name. */
function statsQuery(db: Db, filter: Omit<StatsFilter, 'limit' | 'offset'>) {
  let query = db
    .selectFrom('users as u')
    .leftJoin('depts as d', 'd.id', 'u.dept_id')
    .leftJoin('holiday_stats as h', (join) => join.onRef('h.user_id', '=', 'u.id').on('h.year', '=', filter.year))
    .where('u.status', '=', 1);
  if (filter.deptIds) query = query.where('u.dept_id', 'in', filter.deptIds.length > 0 ? [...filter.deptIds] : [-1]);
  const keyword = filter.keyword;
  if (keyword) query = query.where((eb) => eb.or([containsText(eb.ref('u.name'), keyword), containsText(eb.ref('u.username'), keyword)]));
  return query;
}

export async function listStats(db: Db, filter: StatsFilter) {
  const base = statsQuery(db, filter);
  const [rows, total] = await Promise.all([
    base
      .select(['u.id as user_id', 'u.username', 'u.name', 'd.name as dept_name', 'h.total_day', 'h.used_day', 'h.applying_day'])
      .orderBy('d.sort')
      .orderBy('u.id')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export function findPersonStats(db: Db, userId: number, year: number) {
  return db
    .selectFrom('users as u')
    .leftJoin('depts as d', 'd.id', 'u.dept_id')
    .leftJoin('holiday_stats as h', (join) => join.onRef('h.user_id', '=', 'u.id').on('h.year', '=', year))
    .select(['u.id as user_id', 'u.username', 'u.name', 'd.name as dept_name', 'h.total_day', 'h.used_day', 'h.applying_day'])
    .where('u.id', '=', userId)
    .where('u.status', '=', 1)
    .executeTakeFirst();
}

/** Makes sure the person has a row for the year (zeros), so that an adjustment is one conditional update. */
export async function ensureStatsRow(db: Db, userId: number, year: number): Promise<void> {
  await db
    .insertInto('holiday_stats')
    .values({ user_id: userId, year, total_day: 0, used_day: 0, applying_day: 0 })
    .onConflict((oc) => oc.columns(['user_id', 'year']).doNothing())
    .execute();
}

/**
 * Adds `delta` to the total in one statement, only while the new total stays within [used + applying, max]: two
 * adjustments at once both apply, or the one that would break the rule changes nothing. The new total, or undefined.
 */
export async function addToTotal(db: Db, userId: number, year: number, delta: number, max: number): Promise<number | undefined> {
  const row = await db
    .updateTable('holiday_stats')
    .set({ total_day: sql<number>`total_day + ${delta}` })
    .where('user_id', '=', userId)
    .where('year', '=', year)
    .where(sql<boolean>`total_day + ${delta} >= used_day + applying_day`)
    .where(sql<boolean>`total_day + ${delta} <= ${max}`)
    .returning('total_day')
    .executeTakeFirst();
  return row ? Number(row.total_day) : undefined;
}

export function findStatsRow(db: Db, userId: number, year: number) {
  return db
    .selectFrom('holiday_stats')
    .select(['total_day', 'used_day', 'applying_day'])
    .where('user_id', '=', userId)
    .where('year', '=', year)
    .executeTakeFirst();
}

export async function insertChange(
  db: Db,
  row: { userId: number; year: number; delta: number; before: number; after: number; reason: string; changedBy: number; at: string },
): Promise<void> {
  await db
    .insertInto('holiday_changes')
    .values({
      user_id: row.userId,
      year: row.year,
      delta: row.delta,
      total_before: row.before,
      total_after: row.after,
      reason: row.reason,
      changed_by: row.changedBy,
      changed_at: row.at,
    })
    .execute();
}

export function listChanges(db: Db, userId: number, year: number) {
  return db
    .selectFrom('holiday_changes as c')
    .leftJoin('users as by', 'by.id', 'c.changed_by')
    .select(['c.id', 'c.year', 'c.delta', 'c.total_before', 'c.total_after', 'c.reason', 'by.name as changed_by_name', 'c.changed_at'])
    .where('c.user_id', '=', userId)
    .where('c.year', '=', year)
    .orderBy('c.changed_at', 'desc')
    .orderBy('c.id', 'desc')
    .execute();
}
