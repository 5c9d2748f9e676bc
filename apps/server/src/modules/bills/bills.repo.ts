import type { ItemRow } from '@osp/shared';
import { sql, type Insertable, type RawBuilder } from 'kysely';
import { jsonArrayFrom as pgJsonArrayFrom } from 'kysely/helpers/postgres';
import { jsonArrayFrom as sqliteJsonArrayFrom } from 'kysely/helpers/sqlite';
import { engineOf, type Db, type Engine } from '../../db/index';
import type { BillActivationsTable, BillEventsTable, BillItemsTable, BillsTable, BillStepsTable, BillTasksTable } from '../../db/schema';
import { preparedQuery } from '../../db/prepared';
import type { UserCard } from '../directory/directory.service';
import type { BillState, FormValues, HistoryEntry, IdGenerator, Initiator, NodeActivation, StepRun, Task } from '../../flow/types';

/**
 * The bill's engine state (flow/types.ts BillState) as rows: `bills` holds the scalar part and the
 * version counter, `bill_activations`, `bill_steps`, `bill_tasks` the engine's rows, `bill_events` the
 * append-only history. `writeState` writes only what an event changed.
 */

const BILL_COLUMNS = [
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
] as const;

export function findBill(db: Db, id: number) {
  return db.selectFrom('bills').select(BILL_COLUMNS).where('id', '=', id).executeTakeFirst();
}
export type BillRow = NonNullable<Awaited<ReturnType<typeof findBill>>>;

/**
 * The bill row, locked for the rest of the transaction. PostgreSQL: `SELECT … FOR UPDATE` makes
 * writers of one bill queue. SQLite: Kysely runs a transaction on its single connection, so writers
 * are already serialised and the statement has no lock clause.
 */
export function lockBill(db: Db, engine: Engine, id: number) {
  const query = db.selectFrom('bills').select(BILL_COLUMNS).where('id', '=', id);
  return (engine === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

/** Ids are "<bill>-<a|s|t><n>", unique because rows are never deleted while the bill lives. */
const suffix = (id: string) => Number(id.slice(id.lastIndexOf('-') + 2));
const byCreation = <T extends { id: string }>(rows: T[]) => rows.sort((a, b) => suffix(a.id) - suffix(b.id));

export function idGenerator(billId: number, state: BillState): IdGenerator {
  const next = { activation: state.activations.length, step: state.steps.length, task: state.tasks.length };
  const letter = { activation: 'a', step: 's', task: 't' } as const;
  return (kind) => `${billId}-${letter[kind]}${++next[kind]}`;
}

// The engine rows as the JSON arrays carry them: the tables' columns without the bill id.
type ActivationRow = Omit<BillActivationsTable, 'bill_id'>;
type StepRow = Omit<BillStepsTable, 'bill_id'>;
type TaskRow = Omit<BillTasksTable, 'bill_id'>;
type EventRow = Omit<BillEventsTable, 'bill_id'>;
type ItemRowJson = Pick<BillItemsTable, 'field' | 'seq' | 'data_json'>;

/**
 * A bill's engine rows come back as JSON arrays of one statement (a correlated sub-select per table):
 * one round trip instead of one per table, which on PostgreSQL is most of what reading a bill costs.
 */
function jsonArrayFrom(db: Db) {
  return engineOf(db) === 'postgres' ? pgJsonArrayFrom : sqliteJsonArrayFrom;
}

/** SQLite hands JSON over as text, PostgreSQL already parsed. */
function jsonRows<T>(value: unknown): T[] {
  return (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as T[];
}

/** Inside JSON, PostgreSQL writes timestamptz as `…+00:00`; everywhere else OSP says ISO with `Z`. */
const isoOf = (value: string) => new Date(value).toISOString();
const isoOrNull = (value: string | null) => (value === null ? null : isoOf(value));

/** The four engine tables' rows of `billId` (a number, or `b.id` of an enclosing statement) as JSON arrays. */
function stateArrays(db: Db, billId: number | RawBuilder<number>) {
  const json = jsonArrayFrom(db);
  const eb = db;
  return [
    json(
      eb.selectFrom('bill_activations').select(['id', 'node_id', 'cause', 'status', 'entered_at', 'left_at']).where('bill_id', '=', billId),
    ).as('activations'),
    json(
      eb
        .selectFrom('bill_steps')
        .select(['id', 'activation_id', 'step_id', 'name', 'type', 'idx', 'status', 'ended_at'])
        .where('bill_id', '=', billId),
    ).as('steps'),
    json(
      eb
        .selectFrom('bill_tasks')
        .select([
          'id',
          'step_run_id',
          'activation_id',
          'original_handler',
          'acting_handler',
          'on_behalf_of',
          'via',
          'transferred_from',
          'ord',
          'status',
          'comment',
          'created_at',
          'decided_at',
          'is_auto',
        ])
        .where('bill_id', '=', billId),
    ).as('tasks'),
    json(
      eb
        .selectFrom('bill_events')
        .select([
          'seq',
          'at',
          'actor',
          'action',
          'node_id',
          'step_run_id',
          'task_id',
          'on_behalf_of',
          'to_user',
          'comment',
          'before_status',
          'after_status',
        ])
        .where('bill_id', '=', billId),
    ).as('events'),
  ] as const;
}

interface StateArrays {
  activations: unknown;
  steps: unknown;
  tasks: unknown;
  events: unknown;
}

function stateOf(bill: BillRow, arrays: StateArrays, initiatorJobIds: readonly number[]): BillState {
  const initiator: Initiator | null =
    bill.status === 'draft' ? null : { userId: bill.initiator_id, deptId: bill.dept_id ?? 0, jobIds: initiatorJobIds };
  return {
    status: bill.status,
    version: bill.version,
    flowVersionId: bill.template_version_id === null ? null : String(bill.template_version_id),
    initiator,
    form: JSON.parse(bill.form_json) as FormValues,
    chosenHandlers: JSON.parse(bill.chosen_json) as Record<string, number[]>,
    route: JSON.parse(bill.route_json) as string[],
    rejectedNodeId: bill.rejected_node_id,
    activations: byCreation(
      jsonRows<ActivationRow>(arrays.activations).map((a): NodeActivation => ({
        id: a.id,
        nodeId: a.node_id,
        cause: a.cause,
        status: a.status,
        enteredAt: isoOf(a.entered_at),
        leftAt: isoOrNull(a.left_at),
      })),
    ),
    steps: byCreation(
      jsonRows<StepRow>(arrays.steps).map((s): StepRun => ({
        id: s.id,
        activationId: s.activation_id,
        stepId: s.step_id,
        name: s.name,
        type: s.type,
        index: s.idx,
        status: s.status,
        endedAt: isoOrNull(s.ended_at),
      })),
    ),
    tasks: byCreation(
      jsonRows<TaskRow>(arrays.tasks).map((t): Task => ({
        id: t.id,
        stepRunId: t.step_run_id,
        activationId: t.activation_id,
        originalHandler: t.original_handler,
        actingHandler: t.acting_handler,
        onBehalfOf: t.on_behalf_of,
        via: t.via,
        transferredFrom: t.transferred_from,
        order: t.ord,
        status: t.status,
        comment: t.comment,
        createdAt: isoOf(t.created_at),
        decidedAt: isoOrNull(t.decided_at),
        isAuto: t.is_auto === 1,
      })),
    ),
    history: jsonRows<EventRow>(arrays.events)
      .sort((a, b) => a.seq - b.seq)
      .map((e): HistoryEntry => ({
        seq: e.seq,
        at: isoOf(e.at),
        actor: e.actor,
        action: e.action,
        nodeId: e.node_id,
        stepRunId: e.step_run_id,
        taskId: e.task_id,
        onBehalfOf: e.on_behalf_of,
        toUser: e.to_user,
        comment: e.comment,
        before: e.before_status,
        after: e.after_status,
      })),
  };
}

const stateQuery = preparedQuery((db: Db, params: { billId: number }) => db.selectNoFrom(stateArrays(db, params.billId)));

/** The engine state of a bill whose row is already read (e.g. locked in a transaction): one statement. */
export async function loadState(db: Db, bill: BillRow, initiatorJobIds: readonly number[]): Promise<BillState> {
  const [arrays] = await stateQuery(db, { billId: bill.id });
  if (!arrays) throw new Error(`bill ${bill.id}: no state row`);
  return stateOf(bill, arrays, initiatorJobIds);
}

function itemsOf(rows: ItemRowJson[]): Record<string, ItemRow[]> {
  rows.sort((a, b) => (a.field === b.field ? a.seq - b.seq : a.field < b.field ? -1 : 1));
  const items: Record<string, ItemRow[]> = {};
  for (const row of rows) (items[row.field] ??= []).push(JSON.parse(row.data_json) as ItemRow);
  return items;
}

export interface BillView {
  bill: BillRow;
  state: BillState;
  items: Record<string, ItemRow[]>;
  /** Everyone the bill names (initiator, handlers, actors), with department and mobile. */
  cards: Map<number, UserCard>;
  template: { name: string; group_id: number; status: number; is_iptv: number; current_version_id: number | null } | null;
  /** The viewer follows the bill / it was shared with the viewer. */
  tracked: boolean;
  shared: boolean;
}

/**
 * Everything a reader of a bill needs, in one statement: the row, its template, the engine rows, the
 * item rows, the people it names, and whether the viewer follows it or had it shared. A bill detail is
 * the most read page of the product; see docs/performance.md.
 */
const billViewQuery = preparedQuery((db: Db, params: { billId: number; viewerId: number }) => {
  const json = jsonArrayFrom(db);
  const { billId, viewerId } = params;
  return db
    .selectFrom('bills as b')
    .leftJoin('templates as tpl', 'tpl.id', 'b.template_id')
    .select(BILL_COLUMNS.map((column) => `b.${column}` as const))
    .select([
      'tpl.name as template_name',
      'tpl.group_id as template_group_id',
      'tpl.status as template_status',
      'tpl.is_iptv as template_is_iptv',
      'tpl.current_version_id as template_current_version_id',
    ])
    .select((eb) => [
      ...stateArrays(db, sql<number>`b.id`),
      json(eb.selectFrom('bill_items as i').select(['i.field', 'i.seq', 'i.data_json']).whereRef('i.bill_id', '=', 'b.id')).as('items'),
      json(
        eb
          .selectFrom('users as u')
          .leftJoin('depts as d', 'd.id', 'u.dept_id')
          .select(['u.id', 'u.name', 'd.name as dept_name', 'u.mobile'])
          .where('u.id', 'in', (people) =>
            people
              .selectFrom('bill_tasks as pt')
              .select((e) => e.ref('pt.acting_handler').$castTo<number | null>().as('uid'))
              .whereRef('pt.bill_id', '=', 'b.id')
              .union(people.selectFrom('bill_tasks as po').select('po.original_handler as uid').whereRef('po.bill_id', '=', 'b.id'))
              .union(people.selectFrom('bill_tasks as pb').select('pb.on_behalf_of as uid').whereRef('pb.bill_id', '=', 'b.id'))
              .union(people.selectFrom('bill_events as ea').select('ea.actor as uid').whereRef('ea.bill_id', '=', 'b.id'))
              .union(people.selectFrom('bill_events as eb').select('eb.on_behalf_of as uid').whereRef('eb.bill_id', '=', 'b.id'))
              .union(people.selectFrom('bill_events as et').select('et.to_user as uid').whereRef('et.bill_id', '=', 'b.id'))
              .union(people.selectFrom('bills as bi').select('bi.initiator_id as uid').whereRef('bi.id', '=', 'b.id')),
          ),
      ).as('people'),
      eb
        .exists(
          eb.selectFrom('bill_tracks as tr').select('tr.bill_id').whereRef('tr.bill_id', '=', 'b.id').where('tr.user_id', '=', viewerId),
        )
        .as('tracked'),
      eb
        .exists(
          eb.selectFrom('bill_shares as sh').select('sh.bill_id').whereRef('sh.bill_id', '=', 'b.id').where('sh.user_id', '=', viewerId),
        )
        .as('shared'),
    ])
    .where('b.id', '=', billId);
});

export async function loadBillView(db: Db, billId: number, viewerId: number): Promise<BillView | undefined> {
  const [row] = await billViewQuery(db, { billId, viewerId });
  if (!row) return undefined;
  const bill: BillRow = {
    id: row.id,
    template_id: row.template_id,
    template_version_id: row.template_version_id,
    title: row.title,
    initiator_id: row.initiator_id,
    dept_id: row.dept_id,
    status: row.status,
    form_json: row.form_json,
    chosen_json: row.chosen_json,
    route_json: row.route_json,
    rejected_node_id: row.rejected_node_id,
    current_node_name: row.current_node_name,
    version: row.version,
    created_at: row.created_at,
    updated_at: row.updated_at,
    released_at: row.released_at,
    finished_at: row.finished_at,
  };
  return {
    bill,
    state: stateOf(bill, row, []),
    items: itemsOf(jsonRows<ItemRowJson>(row.items)),
    cards: new Map(jsonRows<UserCard>(row.people).map((card) => [card.id, card])),
    template:
      row.template_name === null
        ? null
        : {
            name: row.template_name,
            group_id: row.template_group_id ?? 0,
            status: row.template_status ?? 0,
            is_iptv: row.template_is_iptv ?? 0,
            current_version_id: row.template_current_version_id,
          },
    tracked: Boolean(row.tracked),
    shared: Boolean(row.shared),
  };
}

/** Raised when the conditional version write finds the bill changed since it was loaded. */
export class VersionConflict extends Error {
  constructor() {
    super('bill version changed');
  }
}

export interface BillColumns {
  title?: string;
  form_json?: string;
  current_node_name?: string | null;
  released_at?: string | null;
  finished_at?: string | null;
  dept_id?: number | null;
}

/** Bumps the version only if nobody wrote the bill since `loadedVersion` was read (DESIGN §6). */
export async function writeBillRow(db: Db, billId: number, loadedVersion: number, values: Record<string, unknown>): Promise<void> {
  const result = await db
    .updateTable('bills')
    .set({ ...values, version: loadedVersion + 1, updated_at: new Date().toISOString() })
    .where('id', '=', billId)
    .where('version', '=', loadedVersion)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new VersionConflict();
}

/** Writes what the event changed: new and changed engine rows, new history, then the bill row with the version check. */
export async function writeState(db: Db, billId: number, before: BillState, after: BillState, columns: BillColumns): Promise<void> {
  const oldActivations = new Map(before.activations.map((a) => [a.id, a]));
  const newActivations = after.activations.filter((a) => !oldActivations.has(a.id));
  for (const a of after.activations) {
    const old = oldActivations.get(a.id);
    if (old && (old.status !== a.status || old.leftAt !== a.leftAt)) {
      await db.updateTable('bill_activations').set({ status: a.status, left_at: a.leftAt }).where('id', '=', a.id).execute();
    }
  }
  if (newActivations.length > 0) {
    await db
      .insertInto('bill_activations')
      .values(
        newActivations.map((a) => ({
          id: a.id,
          bill_id: billId,
          node_id: a.nodeId,
          cause: a.cause,
          status: a.status,
          entered_at: a.enteredAt,
          left_at: a.leftAt,
        })),
      )
      .execute();
  }

  const oldSteps = new Map(before.steps.map((s) => [s.id, s]));
  const newSteps = after.steps.filter((s) => !oldSteps.has(s.id));
  for (const s of after.steps) {
    const old = oldSteps.get(s.id);
    if (old && (old.status !== s.status || old.endedAt !== s.endedAt)) {
      await db.updateTable('bill_steps').set({ status: s.status, ended_at: s.endedAt }).where('id', '=', s.id).execute();
    }
  }
  if (newSteps.length > 0) {
    await db
      .insertInto('bill_steps')
      .values(
        newSteps.map((s) => ({
          id: s.id,
          bill_id: billId,
          activation_id: s.activationId,
          step_id: s.stepId,
          name: s.name,
          type: s.type,
          idx: s.index,
          status: s.status,
          ended_at: s.endedAt,
        })),
      )
      .execute();
  }

  const oldTasks = new Map(before.tasks.map((t) => [t.id, t]));
  const newTasks = after.tasks.filter((t) => !oldTasks.has(t.id));
  // Tasks changed to the same values (a reject cancelling many siblings) are written in one statement per status.
  const changed = new Map<string, { task: Task; ids: string[] }>();
  for (const t of after.tasks) {
    const old = oldTasks.get(t.id);
    if (!old) continue;
    if (old.status === t.status && old.comment === t.comment && old.decidedAt === t.decidedAt && old.isAuto === t.isAuto) continue;
    const key = JSON.stringify([t.status, t.comment, t.decidedAt, t.isAuto]);
    const group = changed.get(key);
    if (group) group.ids.push(t.id);
    else changed.set(key, { task: t, ids: [t.id] });
  }
  for (const { task, ids } of changed.values()) {
    const { status, comment, decidedAt, isAuto } = task;
    await db
      .updateTable('bill_tasks')
      .set({ status, comment, decided_at: decidedAt, is_auto: isAuto ? 1 : 0 })
      .where('id', 'in', ids)
      .execute();
  }
  if (newTasks.length > 0) {
    await db
      .insertInto('bill_tasks')
      .values(
        newTasks.map((t) => ({
          id: t.id,
          bill_id: billId,
          step_run_id: t.stepRunId,
          activation_id: t.activationId,
          original_handler: t.originalHandler,
          acting_handler: t.actingHandler,
          on_behalf_of: t.onBehalfOf,
          via: t.via,
          transferred_from: t.transferredFrom,
          ord: t.order,
          status: t.status,
          comment: t.comment,
          created_at: t.createdAt,
          decided_at: t.decidedAt,
          is_auto: t.isAuto ? 1 : 0,
        })),
      )
      .execute();
  }

  const newEvents = after.history.slice(before.history.length);
  if (newEvents.length > 0) {
    await db
      .insertInto('bill_events')
      .values(
        newEvents.map((e) => ({
          bill_id: billId,
          seq: e.seq,
          at: e.at,
          actor: e.actor,
          action: e.action,
          node_id: e.nodeId,
          step_run_id: e.stepRunId,
          task_id: e.taskId,
          on_behalf_of: e.onBehalfOf,
          to_user: e.toUser,
          comment: e.comment,
          before_status: e.before,
          after_status: e.after,
        })),
      )
      .execute();
  }

  await writeBillRow(db, billId, before.version, {
    ...columns,
    status: after.status,
    template_version_id: after.flowVersionId === null ? null : Number(after.flowVersionId),
    chosen_json: JSON.stringify(after.chosenHandlers),
    route_json: JSON.stringify(after.route),
    rejected_node_id: after.rejectedNodeId,
  });
}

// ---------- items ----------

export async function loadItems(db: Db, billId: number): Promise<Record<string, ItemRow[]>> {
  const rows = await db
    .selectFrom('bill_items')
    .select(['field', 'seq', 'data_json'])
    .where('bill_id', '=', billId)
    .orderBy('field')
    .orderBy('seq')
    .execute();
  const items: Record<string, ItemRow[]> = {};
  for (const row of rows) (items[row.field] ??= []).push(JSON.parse(row.data_json) as ItemRow);
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

export async function untrack(db: Db, userId: number, billId: number): Promise<void> {
  await db.deleteFrom('bill_tracks').where('user_id', '=', userId).where('bill_id', '=', billId).execute();
}

/** Shares a bill with these users; a user it is already shared with keeps the first share. */
export async function share(db: Db, billId: number, userIds: readonly number[], sharedBy: number, at: string): Promise<void> {
  await db
    .insertInto('bill_shares')
    .values(userIds.map((user_id) => ({ bill_id: billId, user_id, shared_by: sharedBy, created_at: at })))
    .onConflict((oc) => oc.columns(['bill_id', 'user_id']).doNothing())
    .execute();
}

export async function sharedWith(db: Db, billId: number): Promise<number[]> {
  const rows = await db.selectFrom('bill_shares').select('user_id').where('bill_id', '=', billId).orderBy('user_id').execute();
  return rows.map((r) => r.user_id);
}

// ---------- subjects (approval as a service, bills.approvals.ts) ----------

export async function linkSubject(db: Db, billId: number, kind: string, subjectId: number): Promise<void> {
  await db.insertInto('bill_subjects').values({ bill_id: billId, kind, subject_id: subjectId }).execute();
}

export function subjectOf(db: Db, billId: number) {
  return db.selectFrom('bill_subjects').select(['kind', 'subject_id']).where('bill_id', '=', billId).executeTakeFirst();
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
