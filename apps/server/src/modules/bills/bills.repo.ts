import type { ItemRow, StoredValue } from '@osp/shared';
import type { Insertable, Selectable } from 'kysely';
import type { Db, Engine } from '../../db/index';
import type { BillsTable } from '../../db/schema';

/**
 * The bill rows: `bills` with its JSON columns parsed and checked here (a service never sees their text),
 * the item rows, drafts, follows, shares and the business objects bills were started for. The engine's own
 * rows and the version-checked write of a bill are in bills-state.repo.ts, the reader's one statement in
 * bills-view.repo.ts, the boxes in bills-list.repo.ts.
 */

export const BILL_COLUMNS = [
  'id',
  'template_id',
  'template_version_id',
  'title',
  'initiator_id',
  'dept_id',
  'status',
  'form_json',
  'chosen_json',
  'route_json',
  'rejected_node_id',
  'current_node_name',
  'version',
  'created_at',
  'updated_at',
  'released_at',
  'finished_at',
  'archive_no',
  'archived_at',
] as const;

/** The bill row as stored: its JSON columns still text. */
export type BillRowText = Pick<Selectable<BillsTable>, (typeof BILL_COLUMNS)[number]>;

/** What `bills.form_json` holds (bills.forms `storedForm`): each field's value, and each items table's total under its key. */
export type StoredForm = Record<string, StoredValue>;

/** A bill's row as the module reads it: the JSON columns parsed and checked. */
export interface BillRow extends Omit<BillRowText, 'form_json' | 'chosen_json' | 'route_json'> {
  form: StoredForm;
  /** 发起人自选 steps: step id → the users the initiator chose. */
  chosen_handlers: Record<string, number[]>;
  /** The node ids the link rules chose at release (the engine's `route`). */
  route: string[];
}

// ---------- the JSON columns ----------

/**
 * The JSON columns of the bill tables are written by this module alone (bills.forms `storedForm`, the
 * engine's state, the item rows) and by the demo seed, and read on every bill read and write (a bill's
 * detail is the most read page): so they get a structural check of their shape, not a schema parse.
 * A value that fails it is something the code never wrote, and fails as an internal error naming the column.
 */
function corrupt(column: string, id: number, what: string): Error {
  return new Error(`${column} of bill ${id} ${what}`);
}

function jsonOf(text: string, column: string, id: number): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw corrupt(column, id, 'is not JSON');
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isScalar = (value: unknown): value is string | number | boolean | null =>
  value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
const isStoredValue = (value: unknown): value is StoredValue => isScalar(value) || (Array.isArray(value) && value.every(isScalar));
const isIdList = (value: unknown): value is number[] => Array.isArray(value) && value.every((v) => typeof v === 'number');

function isStoredForm(value: unknown): value is StoredForm {
  return isRecord(value) && Object.values(value).every(isStoredValue);
}

function isChosen(value: unknown): value is Record<string, number[]> {
  return isRecord(value) && Object.values(value).every(isIdList);
}

function isRoute(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string');
}

function isItemRow(value: unknown): value is ItemRow {
  return isRecord(value) && Object.values(value).every((v) => v === null || typeof v === 'string' || typeof v === 'number');
}

/** A bill row with its JSON columns parsed and checked. */
export function toBillRow(row: BillRowText): BillRow {
  const { form_json, chosen_json, route_json, ...rest } = row;
  const form = jsonOf(form_json, 'bills.form_json', row.id);
  if (!isStoredForm(form)) throw corrupt('bills.form_json', row.id, 'is not a stored form');
  const chosen = jsonOf(chosen_json, 'bills.chosen_json', row.id);
  if (!isChosen(chosen)) throw corrupt('bills.chosen_json', row.id, 'is not a map of step ids to user ids');
  const route = jsonOf(route_json, 'bills.route_json', row.id);
  if (!isRoute(route)) throw corrupt('bills.route_json', row.id, 'is not a list of node ids');
  return { ...rest, form, chosen_handlers: chosen, route };
}

/** One `bill_items.data_json`: a row of an items table. */
export function itemOf(billId: number, dataJson: string): ItemRow {
  const row = jsonOf(dataJson, 'bill_items.data_json', billId);
  if (!isItemRow(row)) throw corrupt('bill_items.data_json', billId, 'is not an item row');
  return row;
}

// ---------- the bill row ----------

export async function findBill(db: Db, id: number): Promise<BillRow | undefined> {
  const row = await db.selectFrom('bills').select(BILL_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row && toBillRow(row);
}

/**
 * The bill row, locked for the rest of the transaction. PostgreSQL: `SELECT … FOR UPDATE` makes
 * writers of one bill queue. SQLite: Kysely runs a transaction on its single connection, so writers
 * are already serialised and the statement has no lock clause.
 */
export async function lockBill(db: Db, engine: Engine, id: number): Promise<BillRow | undefined> {
  const query = db.selectFrom('bills').select(BILL_COLUMNS).where('id', '=', id);
  const row = await (engine === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
  return row && toBillRow(row);
}

// ---------- items ----------

/** Item rows (field, seq, data) as an items table each, rows in order. */
export function itemsOf(billId: number, rows: { field: string; seq: number; data_json: string }[]): Record<string, ItemRow[]> {
  rows.sort((a, b) => (a.field === b.field ? a.seq - b.seq : a.field < b.field ? -1 : 1));
  const items: Record<string, ItemRow[]> = {};
  for (const row of rows) (items[row.field] ??= []).push(itemOf(billId, row.data_json));
  return items;
}

export async function loadItems(db: Db, billId: number): Promise<Record<string, ItemRow[]>> {
  const rows = await db
    .selectFrom('bill_items')
    .select(['field', 'seq', 'data_json'])
    .where('bill_id', '=', billId)
    .orderBy('field')
    .orderBy('seq')
    .execute();
  const items: Record<string, ItemRow[]> = {};
  for (const row of rows) (items[row.field] ??= []).push(itemOf(billId, row.data_json));
  return items;
}

export async function replaceItems(db: Db, billId: number, items: Record<string, ItemRow[]>): Promise<void> {
  const fields = Object.keys(items);
  if (fields.length === 0) return;
  await db.deleteFrom('bill_items').where('bill_id', '=', billId).where('field', 'in', fields).execute();
  const values = fields.flatMap((field) =>
    (items[field] ?? []).map((row, seq) => ({ bill_id: billId, field, seq, data_json: JSON.stringify(row) })),
  );
  if (values.length > 0) await db.insertInto('bill_items').values(values).execute();
}

// ---------- look-ups ----------

/** Whether `userId` has ever been a handler of the bill (original, acting or represented). */
export async function isHandlerOf(db: Db, billId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('bill_tasks')
    .select('id')
    .where('bill_id', '=', billId)
    .where((eb) => eb.or([eb('acting_handler', '=', userId), eb('original_handler', '=', userId), eb('on_behalf_of', '=', userId)]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function isSharedWith(db: Db, billId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('bill_shares')
    .select('bill_id')
    .where('bill_id', '=', billId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

// ---------- drafts, follows and shares ----------

type NewBill = Omit<Insertable<BillsTable>, 'id'>;

export async function insertDraft(db: Db, values: NewBill): Promise<number> {
  const row = await db.insertInto('bills').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** The caller's bill made by the "new bill" page with this key (a repeated submit), if any. */
export function findByClientKey(db: Db, initiatorId: number, clientKey: string) {
  return db.selectFrom('bills').select('id').where('initiator_id', '=', initiatorId).where('client_key', '=', clientKey).executeTakeFirst();
}

/** Whether the bill has any event: a draft that was once released (and withdrawn) keeps its history. */
export async function wasEverReleased(db: Db, billId: number): Promise<boolean> {
  return (await db.selectFrom('bill_events').select('seq').where('bill_id', '=', billId).limit(1).executeTakeFirst()) !== undefined;
}

/** Deletes a draft and its items; `version` guards against a concurrent change. */
export async function deleteDraft(db: Db, billId: number, version: number): Promise<void> {
  await db.deleteFrom('bill_items').where('bill_id', '=', billId).execute();
  await db.deleteFrom('bills').where('id', '=', billId).where('version', '=', version).execute();
}

/** Follows a bill; following twice changes nothing. */
export async function track(db: Db, userId: number, billId: number, at: string): Promise<void> {
  await db
    .insertInto('bill_tracks')
    .values({ user_id: userId, bill_id: billId, created_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'bill_id']).doNothing())
    .execute();
}

/** The users who follow a bill (told when it moves on). */
export async function trackersOf(db: Db, billId: number): Promise<number[]> {
  const rows = await db.selectFrom('bill_tracks').select('user_id').where('bill_id', '=', billId).execute();
  return rows.map((r) => r.user_id);
}

export async function untrack(db: Db, userId: number, billId: number): Promise<void> {
  await db.deleteFrom('bill_tracks').where('user_id', '=', userId).where('bill_id', '=', billId).execute();
}

/**
 * Shares a bill with these users. A user it is already shared with keeps the first share, unless they took it out
 * of their 抄送我的 (ignored): then this share is a new one, back in the box unread, by this sharer at this time.
 * Answers the users for whom the share is new (the people to tell).
 */
export async function share(db: Db, billId: number, userIds: readonly number[], sharedBy: number, at: string): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .insertInto('bill_shares')
    .values(userIds.map((user_id) => ({ bill_id: billId, user_id, shared_by: sharedBy, created_at: at, ignored_at: null, read_at: null })))
    .onConflict((oc) =>
      oc
        .columns(['bill_id', 'user_id'])
        .doUpdateSet({ shared_by: sharedBy, created_at: at, ignored_at: null, read_at: null })
        .where('bill_shares.ignored_at', 'is not', null),
    )
    .returning('user_id')
    .execute();
  return rows.map((r) => r.user_id);
}

/** The user opened a bill shared with them: a 待阅 share becomes 已阅 (the first opening's time stays). */
export async function markShareRead(db: Db, billId: number, userId: number, at: string): Promise<void> {
  await db
    .updateTable('bill_shares')
    .set({ read_at: at })
    .where('bill_id', '=', billId)
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .execute();
}

/** The shares of a bill with their people's names, for the share dialog. */
export function shareEntries(db: Db, billId: number) {
  return db
    .selectFrom('bill_shares as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('depts as d', 'd.id', 'u.dept_id')
    .innerJoin('users as by', 'by.id', 's.shared_by')
    .select([
      's.user_id',
      'u.name as user_name',
      'd.name as dept_name',
      's.shared_by',
      'by.name as shared_by_name',
      's.created_at as shared_at',
      's.read_at',
      's.ignored_at',
    ])
    .where('s.bill_id', '=', billId)
    .orderBy('s.created_at')
    .orderBy('s.user_id')
    .execute();
}

/** Who shared the bill with each of these users, for the rule that only the sharer takes a share back. */
export async function sharersOf(db: Db, billId: number, userIds: readonly number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('bill_shares')
    .select(['user_id', 'shared_by'])
    .where('bill_id', '=', billId)
    .where('user_id', 'in', [...userIds])
    .execute();
  return new Map(rows.map((r) => [r.user_id, r.shared_by]));
}

/** Ends these users' shares of the bill: they no longer read it (unless another rule lets them). */
export async function unshare(db: Db, billId: number, userIds: readonly number[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .deleteFrom('bill_shares')
    .where('bill_id', '=', billId)
    .where('user_id', 'in', [...userIds])
    .execute();
}

/**
 * Takes the bill out of the user's 我关注的 (their follow is removed) and 抄送我的 (their share stays, so they still
 * read the bill, marked ignored). Answers the boxes it left; none when it was in neither.
 */
export async function ignore(db: Db, userId: number, billId: number, at: string): Promise<('tracked' | 'shared')[]> {
  const untracked = await db.deleteFrom('bill_tracks').where('user_id', '=', userId).where('bill_id', '=', billId).executeTakeFirst();
  const hidden = await db
    .updateTable('bill_shares')
    .set({ ignored_at: at })
    .where('bill_id', '=', billId)
    .where('user_id', '=', userId)
    .where('ignored_at', 'is', null)
    .executeTakeFirst();
  const left: ('tracked' | 'shared')[] = [];
  if (Number(untracked.numDeletedRows) > 0) left.push('tracked');
  if (Number(hidden.numUpdatedRows) > 0) left.push('shared');
  return left;
}

/** Whether the bill is in one of the user's own boxes of 我关注的 and 抄送我的. */
export async function isInBoxesOf(db: Db, userId: number, billId: number): Promise<boolean> {
  const [tracked, shared] = await Promise.all([
    db.selectFrom('bill_tracks').select('bill_id').where('user_id', '=', userId).where('bill_id', '=', billId).executeTakeFirst(),
    db
      .selectFrom('bill_shares')
      .select('bill_id')
      .where('bill_id', '=', billId)
      .where('user_id', '=', userId)
      .where('ignored_at', 'is', null)
      .executeTakeFirst(),
  ]);
  return tracked !== undefined || shared !== undefined;
}

export async function sharedWith(db: Db, billId: number): Promise<number[]> {
  const rows = await db.selectFrom('bill_shares').select('user_id').where('bill_id', '=', billId).orderBy('user_id').execute();
  return rows.map((r) => r.user_id);
}

// ---------- urges (催办, bills.urge.ts) ----------

/** Who holds a pending task on the bill now (the people an urge reaches). */
export async function pendingHandlersOf(db: Db, billId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('bill_tasks')
    .select('acting_handler')
    .distinct()
    .where('bill_id', '=', billId)
    .where('status', '=', 'pending')
    .orderBy('acting_handler')
    .execute();
  return rows.map((r) => r.acting_handler);
}

/** The time of the bill's latest urge, if any. */
export async function lastUrgeAt(db: Db, billId: number): Promise<string | null> {
  const row = await db
    .selectFrom('bill_urges')
    .select('urged_at')
    .where('bill_id', '=', billId)
    .orderBy('urged_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.urged_at ?? null;
}

export async function insertUrge(db: Db, billId: number, urgedBy: number, at: string, handlerCount: number): Promise<void> {
  await db.insertInto('bill_urges').values({ bill_id: billId, urged_by: urgedBy, urged_at: at, handler_count: handlerCount }).execute();
}

// ---------- subjects (approval as a service, bills.approvals.ts) ----------

export async function linkSubject(db: Db, billId: number, kind: string, subjectId: number): Promise<void> {
  await db.insertInto('bill_subjects').values({ bill_id: billId, kind, subject_id: subjectId }).execute();
}

export function subjectOf(db: Db, billId: number) {
  return db.selectFrom('bill_subjects').select(['kind', 'subject_id']).where('bill_id', '=', billId).executeTakeFirst();
}

/** The first enabled, published template bound to `kind` (templates.subject_kind, migration 0035). */
export function templateForSubject(db: Db, kind: string) {
  return db
    .selectFrom('templates')
    .select(['id', 'name'])
    .where('subject_kind', '=', kind)
    .where('status', '=', 1)
    .where('current_version_id', 'is not', null)
    .orderBy('sort')
    .orderBy('id')
    .executeTakeFirst();
}

/** The bills started for a business object, oldest first. */
export async function billIdsOfSubject(db: Db, kind: string, subjectId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('bill_subjects')
    .select('bill_id')
    .where('kind', '=', kind)
    .where('subject_id', '=', subjectId)
    .orderBy('bill_id')
    .execute();
  return rows.map((r) => r.bill_id);
}

/** The next archive sequence number of `year`: one upsert, so two bills filed at once never get the same. */
export async function nextArchiveSeq(db: Db, year: number): Promise<number> {
  const row = await db
    .insertInto('archive_counters')
    .values({ year, last: 1 })
    .onConflict((oc) => oc.column('year').doUpdateSet((eb) => ({ last: eb('archive_counters.last', '+', 1) })))
    .returning('last')
    .executeTakeFirstOrThrow();
  return row.last;
}

/** A bill filed under its archive number (bills.archive.ts), in the deciding transaction. */
export async function setArchiveNo(db: Db, billId: number, archiveNo: string, at: string): Promise<void> {
  await db.updateTable('bills').set({ archive_no: archiveNo, archived_at: at }).where('id', '=', billId).execute();
}

/** The comment (归档编号：…) of the bill's 归档 history entries `seqs`, written by this event. */
export async function setArchiveComments(db: Db, billId: number, seqs: readonly number[], comment: string): Promise<void> {
  if (seqs.length === 0) return;
  await db
    .updateTable('bill_events')
    .set({ comment })
    .where('bill_id', '=', billId)
    .where('action', '=', 'archive')
    .where('seq', 'in', [...seqs])
    .execute();
}
