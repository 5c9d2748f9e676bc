import { sql } from 'kysely';
import type { LeaveStatus } from '@osp/shared';
import type { Db } from '../../db/index';

/** Leave types and requests (migration 0035) and the moves of a balance they make. */

const TYPE_COLUMNS = ['id', 'name', 'counts_balance', 'half_day', 'attachment_over_days'] as const;

export function listEnabledTypes(db: Db) {
  return db.selectFrom('leave_types').select(TYPE_COLUMNS).where('enabled', '=', 1).orderBy('sort').orderBy('id').execute();
}

export function findType(db: Db, id: number) {
  return db
    .selectFrom('leave_types')
    .select([...TYPE_COLUMNS, 'enabled'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findTypeByName(db: Db, name: string) {
  return db
    .selectFrom('leave_types')
    .select([...TYPE_COLUMNS, 'enabled'])
    .where('name', '=', name)
    .executeTakeFirst();
}

export interface NewLeaveRequest {
  user_id: number;
  leave_type_id: number;
  year: number;
  start_day: string;
  start_half: string;
  end_day: string;
  end_half: string;
  days: number;
  counts_balance: number;
  reason: string;
  created_at: string;
}

export async function insertRequest(db: Db, values: NewLeaveRequest): Promise<number> {
  const row = await db
    .insertInto('leave_requests')
    .values({ ...values, status: 'draft', bill_id: null, updated_at: values.created_at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteDraftRequest(db: Db, id: number): Promise<void> {
  await db.deleteFrom('leave_requests').where('id', '=', id).where('status', '=', 'draft').execute();
}

export function findRequest(db: Db, id: number) {
  return db.selectFrom('leave_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

export type LeaveRequestRow = NonNullable<Awaited<ReturnType<typeof findRequest>>>;

/** The request's row, locked for the deciding transaction (PostgreSQL; SQLite's transaction is already alone). */
export function lockRequest(db: Db, isPostgres: boolean, id: number) {
  const query = db.selectFrom('leave_requests').selectAll().where('id', '=', id);
  return (isPostgres ? query.forUpdate() : query).executeTakeFirst();
}

export async function updateRequest(
  db: Db,
  id: number,
  values: Partial<
    Pick<
      LeaveRequestRow,
      'status' | 'bill_id' | 'leave_type_id' | 'year' | 'start_day' | 'start_half' | 'end_day' | 'end_half' | 'days' | 'counts_balance'
    >
  > & {
    updated_at: string;
  },
): Promise<void> {
  await db.updateTable('leave_requests').set(values).where('id', '=', id).execute();
}

/**
 * Adds `days` to the year's applying days (a request in approval) or used days (one approved the moment it was
 * submitted) in one statement, only while they fit in what is available: two requests released at once for the last
 * days cannot both pass. False when they do not fit (or there is no balance).
 */
export async function takeIfAvailable(
  db: Db,
  userId: number,
  year: number,
  column: 'applying_day' | 'used_day',
  days: number,
): Promise<boolean> {
  const row = await db
    .updateTable('holiday_stats')
    .set(column === 'applying_day' ? { applying_day: sql<number>`applying_day + ${days}` } : { used_day: sql<number>`used_day + ${days}` })
    .where('user_id', '=', userId)
    .where('year', '=', year)
    .where(sql<boolean>`total_day - used_day - applying_day >= ${days}`)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Takes a request's days out of applying, never below zero (a balance HR rebuilt meanwhile stays sane). */
export async function releaseApplying(db: Db, userId: number, year: number, days: number): Promise<void> {
  await db
    .updateTable('holiday_stats')
    .set({ applying_day: sql<number>`case when applying_day > ${days} then applying_day - ${days} else 0 end` })
    .where('user_id', '=', userId)
    .where('year', '=', year)
    .execute();
}

/** An approved request: its days move from applying to used. */
export async function applyingToUsed(db: Db, userId: number, year: number, days: number): Promise<void> {
  await db
    .updateTable('holiday_stats')
    .set({
      applying_day: sql<number>`case when applying_day > ${days} then applying_day - ${days} else 0 end`,
      used_day: sql<number>`used_day + ${days}`,
    })
    .where('user_id', '=', userId)
    .where('year', '=', year)
    .execute();
}

// ---------- reading ----------

export interface RecordFilter {
  /** Only these people (mine) or the people of these departments (team, all with a department). */
  userId?: number;
  deptIds?: number[];
  year?: number;
  status?: LeaveStatus;
  leaveTypeId?: number;
  keyword?: string;
  limit: number;
  offset: number;
}

function recordsQuery(db: Db) {
  return db
    .selectFrom('leave_requests as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .innerJoin('leave_types as t', 't.id', 'r.leave_type_id')
    .leftJoin('depts as d', 'd.id', 'u.dept_id')
    .where('r.status', '!=', 'draft');
}

const RECORD_COLUMNS = [
  'r.id',
  'r.user_id',
  'u.name as user_name',
  'd.name as dept_name',
  'r.leave_type_id',
  't.name as leave_type',
  'r.start_day',
  'r.start_half',
  'r.end_day',
  'r.end_half',
  'r.days',
  'r.status',
  'r.bill_id',
  'r.reason',
  'r.year',
  'r.created_at',
] as const;

export async function listRecords(db: Db, filter: RecordFilter) {
  let query = recordsQuery(db);
  if (filter.userId !== undefined) query = query.where('r.user_id', '=', filter.userId);
  if (filter.deptIds !== undefined)
    query = filter.deptIds.length === 0 ? query.where(sql<boolean>`1 = 0`) : query.where('u.dept_id', 'in', filter.deptIds);
  if (filter.year !== undefined) query = query.where('r.year', '=', filter.year);
  if (filter.status !== undefined) query = query.where('r.status', '=', filter.status);
  if (filter.leaveTypeId !== undefined) query = query.where('r.leave_type_id', '=', filter.leaveTypeId);
  if (filter.keyword) {
    const like = `%${filter.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) => eb.or([eb('u.name', 'like', like), eb('u.username', 'like', like)]));
  }
  const [rows, count] = await Promise.all([
    query.select(RECORD_COLUMNS).orderBy('r.start_day', 'desc').orderBy('r.id', 'desc').limit(filter.limit).offset(filter.offset).execute(),
    query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function findRecord(db: Db, id: number) {
  return recordsQuery(db)
    .select([...RECORD_COLUMNS, 'u.dept_id'])
    .where('r.id', '=', id)
    .executeTakeFirst();
}

/** Leave applying or approved that overlaps [from, to], of the given people's departments (all: undefined). */
export function listAway(db: Db, from: string, to: string, deptIds: number[] | undefined) {
  let query = recordsQuery(db)
    .where('r.status', 'in', ['applying', 'approved'])
    .where('r.start_day', '<=', to)
    .where('r.end_day', '>=', from);
  if (deptIds !== undefined) query = deptIds.length === 0 ? query.where(sql<boolean>`1 = 0`) : query.where('u.dept_id', 'in', deptIds);
  return query
    .select([...RECORD_COLUMNS, 'u.dept_id'])
    .orderBy('r.start_day')
    .orderBy('r.id')
    .limit(2000)
    .execute();
}

/** The person's leave that is on or may be (applying, approved) touching the days of a span, other than `exceptId`. */
export function activeTouching(db: Db, userId: number, startDay: string, endDay: string, exceptId: number | null) {
  let query = db
    .selectFrom('leave_requests')
    .select(['id', 'start_day', 'start_half', 'end_day', 'end_half'])
    .where('user_id', '=', userId)
    .where('status', 'in', ['applying', 'approved'])
    .where('start_day', '<=', endDay)
    .where('end_day', '>=', startDay);
  if (exceptId !== null) query = query.where('id', '!=', exceptId);
  return query.execute();
}

/** The departments the person leads. */
export async function deptsLedBy(db: Db, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('depts').select('id').where('leader_id', '=', userId).execute();
  return rows.map((r) => r.id);
}

// ---------- HR's leave types ----------

export function listAllTypesWithUse(db: Db) {
  return db
    .selectFrom('leave_types as t')
    .select([
      't.id',
      't.name',
      't.counts_balance',
      't.half_day',
      't.attachment_over_days',
      't.enabled',
      (eb) =>
        eb
          .selectFrom('leave_requests as r')
          .select((inner) => inner.fn.countAll<number | string>().as('n'))
          .whereRef('r.leave_type_id', '=', 't.id')
          .where('r.status', '!=', 'draft')
          .as('request_count'),
    ])
    .orderBy('t.sort')
    .orderBy('t.id')
    .execute();
}

export async function countTypes(db: Db): Promise<number> {
  const row = await db
    .selectFrom('leave_types')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface LeaveTypeColumns {
  counts_balance: number;
  half_day: number;
  attachment_over_days: number | null;
  enabled: number;
}

export async function insertType(db: Db, name: string, columns: LeaveTypeColumns): Promise<number> {
  const max = await db
    .selectFrom('leave_types')
    .select((eb) => eb.fn.max('sort').as('m'))
    .executeTakeFirst();
  const row = await db
    .insertInto('leave_types')
    .values({ name, ...columns, sort: Number(max?.m ?? 0) + 10 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateType(db: Db, id: number, columns: LeaveTypeColumns): Promise<void> {
  await db.updateTable('leave_types').set(columns).where('id', '=', id).execute();
}
