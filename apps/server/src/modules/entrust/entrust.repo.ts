import type { Db } from '../../db/index';

/**
 * Entrusts' SQL (issue 12). Every function takes `db` or a transaction. `template_ids` is JSON text in the
 * table and a list of numbers everywhere else: it is encoded and decoded here only.
 */

/** What an entrust stores besides its owner and creation time. */
export interface EntrustValues {
  delegate_id: number;
  /** Empty: every template. */
  template_ids: number[];
  start_at: string;
  end_at: string;
  reason: string;
}

export interface EntrustFilter {
  id?: number;
  userId?: number;
  role?: 'given' | 'received' | 'all';
}

/**
 * Entrusts with the names of the person and the delegate, latest period first. The names come with the
 * entrust in one join, which the directory has no look-up for.
 */
export async function listEntrusts(db: Db, filter: EntrustFilter) {
  let query = db
    .selectFrom('bill_entrusts as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .innerJoin('users as d', 'd.id', 'e.delegate_id')
    .select([
      'e.id',
      'e.user_id',
      'u.name as user_name',
      'e.delegate_id',
      'd.name as delegate_name',
      'e.template_ids',
      'e.start_at',
      'e.end_at',
      'e.reason',
      'e.created_at',
    ])
    .orderBy('e.start_at', 'desc')
    .orderBy('e.id', 'desc');
  if (filter.id !== undefined) query = query.where('e.id', '=', filter.id);
  const me = filter.userId;
  if (me !== undefined) {
    if (filter.role === 'given') query = query.where('e.user_id', '=', me);
    else if (filter.role === 'received') query = query.where('e.delegate_id', '=', me);
    else query = query.where((eb) => eb.or([eb('e.user_id', '=', me), eb('e.delegate_id', '=', me)]));
  }
  const rows = await query.limit(500).execute();
  return rows.map((r) => ({ ...r, template_ids: parseTemplateIds(r.template_ids) }));
}

export async function findEntrust(db: Db, id: number) {
  const row = await db
    .selectFrom('bill_entrusts')
    .select(['id', 'user_id', 'delegate_id', 'template_ids', 'start_at', 'end_at', 'reason'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { ...row, template_ids: parseTemplateIds(row.template_ids) };
}

/** Another period of this user's that starts before `end` and ends after `start`. */
export function findOverlappingEntrust(db: Db, userId: number, start: string, end: string, exceptId: number | null) {
  let query = db
    .selectFrom('bill_entrusts')
    .select(['id', 'start_at', 'end_at'])
    .where('user_id', '=', userId)
    .where('start_at', '<', end)
    .where('end_at', '>', start);
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  return query.executeTakeFirst();
}

export async function insertEntrust(db: Db, userId: number, values: EntrustValues, createdAt: string): Promise<number> {
  const row = await db
    .insertInto('bill_entrusts')
    .values({ ...columns(values), user_id: userId, created_at: createdAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateEntrust(db: Db, id: number, values: EntrustValues): Promise<void> {
  await db.updateTable('bill_entrusts').set(columns(values)).where('id', '=', id).execute();
}

export async function deleteEntrust(db: Db, id: number): Promise<void> {
  await db.deleteFrom('bill_entrusts').where('id', '=', id).execute();
}

/**
 * The name and username the log shows a delegate by. The directory offers names without usernames only;
 * this look-up belongs there once it offers one.
 */
export function findDelegate(db: Db, delegateId: number) {
  return db.selectFrom('users').select(['name', 'username']).where('id', '=', delegateId).executeTakeFirst();
}

export async function existingTemplateIds(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('templates')
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((r) => r.id));
}

export async function templateNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  return new Map([...(await templateLabels(db, ids))].map(([id, t]) => [id, t.name]));
}

/** Names of templates with their IPTV flag, for a page that hides IPTV names from people without IPTV roles. */
export async function templateLabels(db: Db, ids: readonly number[]): Promise<Map<number, { name: string; isIptv: boolean }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('templates')
    .select(['id', 'name', 'is_iptv'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((r) => [r.id, { name: r.name, isIptv: r.is_iptv === 1 }]));
}

/**
 * The templates an entrust may name (the 审批委托 page's choice): every enabled one, in group and template order;
 * IPTV templates only when asked for. Read here beside the other template look-ups of this module, which the
 * templates module offers no call for.
 */
export function enabledTemplates(db: Db, withIptv: boolean) {
  let query = db
    .selectFrom('templates as t')
    .innerJoin('template_groups as g', 'g.id', 't.group_id')
    .select(['t.id', 't.name', 'g.name as group_name'])
    .where('t.status', '=', 1)
    .orderBy('g.sort')
    .orderBy('g.id')
    .orderBy('t.sort')
    .orderBy('t.id');
  if (!withIptv) query = query.where('t.is_iptv', '=', 0);
  return query.limit(1000).execute();
}

/** Ends an entrust now, keeping its row: 已结束 from `at` on. One that had not started becomes an empty period. */
export async function endEntrust(db: Db, id: number, at: string, hasStarted: boolean): Promise<void> {
  await db
    .updateTable('bill_entrusts')
    .set(hasStarted ? { end_at: at } : { start_at: at, end_at: at })
    .where('id', '=', id)
    .execute();
}

/** Entrusts given to `delegateId` that have not ended by `at` (a handover passes them on). */
export function receivedOpenEntrusts(db: Db, delegateId: number, at: string) {
  return db
    .selectFrom('bill_entrusts')
    .select(['id', 'user_id', 'delegate_id', 'start_at', 'end_at'])
    .where('delegate_id', '=', delegateId)
    .where('end_at', '>', at)
    .orderBy('id')
    .execute();
}

export async function countReceivedOpenEntrusts(db: Db, delegateId: number, at: string): Promise<number> {
  const row = await db
    .selectFrom('bill_entrusts')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('delegate_id', '=', delegateId)
    .where('end_at', '>', at)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function setDelegate(db: Db, id: number, delegateId: number): Promise<void> {
  await db.updateTable('bill_entrusts').set({ delegate_id: delegateId }).where('id', '=', id).execute();
}

/** The row's columns, named one by one: a caller's object may carry more than an entrust's fields. */
function columns(values: EntrustValues) {
  return {
    delegate_id: values.delegate_id,
    template_ids: JSON.stringify(values.template_ids),
    start_at: values.start_at,
    end_at: values.end_at,
    reason: values.reason,
  };
}

/**
 * bill_entrusts.template_ids. An empty list means every template, so a malformed value fails here instead
 * of reading as one that covers everything.
 */
function parseTemplateIds(text: string): number[] {
  const value: unknown = JSON.parse(text);
  if (Array.isArray(value) && value.every((v): v is number => typeof v === 'number')) return value;
  throw new Error(`bill_entrusts.template_ids is not a list of ids: ${text}`);
}
