import { sql } from 'kysely';
import type { Db } from '../../db/index';

/** The points ledger's SQL (积分, issue 15). Callers pass a transaction where a write joins another change. */

export interface LedgerInsert {
  userId: number;
  points: number;
  reason: string;
  sourceKind: string;
  sourceId: number | null;
  createdBy: number | null;
  createdAt: string;
}

/**
 * An automatic award: inserted unless this person already has a row for this source (the unique key
 * point_ledger_source_once). Returns whether a row was written, so that a second confirm awards nothing.
 */
export async function insertAwardOnce(db: Db, row: LedgerInsert): Promise<boolean> {
  const result = await db
    .insertInto('point_ledger')
    .values(toRow(row))
    .onConflict((oc) => oc.columns(['user_id', 'source_kind', 'source_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export async function insertAdjustment(db: Db, row: LedgerInsert): Promise<number> {
  const { id } = await db.insertInto('point_ledger').values(toRow(row)).returning('id').executeTakeFirstOrThrow();
  return id;
}

function toRow(row: LedgerInsert) {
  return {
    user_id: row.userId,
    points: row.points,
    reason: row.reason,
    source_kind: row.sourceKind,
    source_id: row.sourceId,
    created_by: row.createdBy,
    created_at: row.createdAt,
  };
}

/** Each person's total in [from, to), people with no rows in it left out. */
export async function totalsBetween(db: Db, from: string, to: string): Promise<{ user_id: number; points: number }[]> {
  const rows = await db
    .selectFrom('point_ledger')
    .select(['user_id', sql<number | string>`sum(points)`.as('points')])
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .groupBy('user_id')
    .execute();
  // PostgreSQL's sum of integers is a bigint, which pg returns as text.
  return rows.map((r) => ({ user_id: r.user_id, points: Number(r.points) }));
}

/** One person's total before an instant (the running total's start). */
export async function totalBefore(db: Db, userId: number, before: string): Promise<number> {
  const row = await db
    .selectFrom('point_ledger')
    .select(sql<number | string | null>`sum(points)`.as('points'))
    .where('user_id', '=', userId)
    .where('created_at', '<', before)
    .executeTakeFirst();
  return Number(row?.points ?? 0);
}

/** One person's rows in [from, to): a few per month, so the months are counted in code (the Shanghai calendar). */
export function pointsBetween(db: Db, userId: number, from: string, to: string) {
  return db
    .selectFrom('point_ledger')
    .select(['points', 'created_at'])
    .where('user_id', '=', userId)
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .execute();
}

export function countLedger(db: Db, userId: number) {
  return db
    .selectFrom('point_ledger')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
}

export function listLedger(db: Db, userId: number, limit: number, offset: number) {
  return db
    .selectFrom('point_ledger')
    .select(['id', 'points', 'reason', 'source_kind', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}
