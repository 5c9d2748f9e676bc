import { sql } from 'kysely';
import { engineOf, type Db } from '../../db/index';

/** SQL of HR's balance import (holiday-import.service.ts); the list and export reuse holiday-admin.repo. */

/** Statements stay well under SQLite's and PostgreSQL's limits on bound parameters. */
const BATCH = 500;

function batches<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += BATCH) out.push(items.slice(i, i + BATCH));
  return out;
}

/** The users of these usernames, active or not (the import names a disabled one as such). */
export async function usersByUsername(db: Db, usernames: readonly string[]) {
  const rows = [];
  for (const part of batches(usernames)) {
    rows.push(...(await db.selectFrom('users').select(['id', 'username', 'name', 'status']).where('username', 'in', part).execute()));
  }
  return rows;
}

export interface StatsKey {
  userId: number;
  year: number;
}

export interface StatsNumbers {
  user_id: number;
  year: number;
  total_day: number;
  used_day: number;
  applying_day: number;
}

/**
 * The balance rows of these people and years (a row of another listed year of a listed person comes along and is
 * ignored by the caller). `lock`: PostgreSQL takes the rows' locks until the transaction ends, so that the totals read
 * are the ones each update replaces; SQLite runs one write transaction at a time anyway.
 */
export async function statsRows(db: Db, keys: readonly StatsKey[], lock = false): Promise<StatsNumbers[]> {
  const years = [...new Set(keys.map((k) => k.year))];
  const rows: StatsNumbers[] = [];
  // In id order, so that two transactions locking some of the same rows take them in the same order.
  const userIds = [...new Set(keys.map((k) => k.userId))].sort((a, b) => a - b);
  for (const part of batches(userIds)) {
    const query = db
      .selectFrom('holiday_stats')
      .select(['user_id', 'year', 'total_day', 'used_day', 'applying_day'])
      .where('user_id', 'in', part)
      .where('year', 'in', years)
      .orderBy('user_id')
      .orderBy('year');
    const found = await (lock && engineOf(db) === 'postgres' ? query.forUpdate() : query).execute();
    rows.push(
      ...found.map((r) => ({
        user_id: r.user_id,
        year: r.year,
        total_day: Number(r.total_day),
        used_day: Number(r.used_day),
        applying_day: Number(r.applying_day),
      })),
    );
  }
  return rows;
}

/** Makes sure each person has a row for the year (zeros), so that setting the total is one conditional update. */
export async function ensureStatsRows(db: Db, keys: readonly StatsKey[]): Promise<void> {
  for (const part of batches(keys)) {
    await db
      .insertInto('holiday_stats')
      .values(part.map((k) => ({ user_id: k.userId, year: k.year, total_day: 0, used_day: 0, applying_day: 0 })))
      .onConflict((oc) => oc.columns(['user_id', 'year']).doNothing())
      .execute();
  }
}

/**
 * Sets the total in one statement, only while it covers what is used and applied for at that moment: leave moving
 * used or applying days at the same time is never lost, and a total it would leave too small changes nothing.
 * Whether the row changed.
 */
export async function setTotal(db: Db, key: StatsKey, total: number): Promise<boolean> {
  const result = await db
    .updateTable('holiday_stats')
    .set({ total_day: total })
    .where('user_id', '=', key.userId)
    .where('year', '=', key.year)
    .where(sql<boolean>`${total} >= used_day + applying_day`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface ChangeRow extends StatsKey {
  before: number;
  after: number;
}

/** The history rows of an import, one per changed total. */
export async function insertChanges(db: Db, changes: readonly ChangeRow[], reason: string, changedBy: number, at: string): Promise<void> {
  for (const part of batches(changes)) {
    await db
      .insertInto('holiday_changes')
      .values(
        part.map((c) => ({
          user_id: c.userId,
          year: c.year,
          delta: c.after - c.before,
          total_before: c.before,
          total_after: c.after,
          reason,
          changed_by: changedBy,
          changed_at: at,
        })),
      )
      .execute();
  }
}
