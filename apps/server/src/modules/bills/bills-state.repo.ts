import { BillFieldChangesZ } from '@osp/shared';
import type { RawBuilder, Updateable } from 'kysely';
import { jsonArrayFrom as pgJsonArrayFrom } from 'kysely/helpers/postgres';
import { jsonArrayFrom as sqliteJsonArrayFrom } from 'kysely/helpers/sqlite';
import { engineOf, type Db } from '../../db/index';
import type { BillActivationsTable, BillEventsTable, BillsTable, BillStepsTable, BillTasksTable } from '../../db/schema';
import { preparedQuery } from '../../db/prepared';
import type { BillState, HistoryEntry, IdGenerator, Initiator, NodeActivation, StepRun, Task } from '../../flow/types';
import type { BillRow } from './bills.repo';

/**
 * The bill's engine state (flow/types.ts BillState) as rows: `bills` holds the scalar part and the
 * version counter (its JSON columns are parsed by bills.repo `toBillRow`), `bill_activations`,
 * `bill_steps`, `bill_tasks` the engine's rows, `bill_events` the append-only history. `writeState`
 * writes only what an event changed; every write of a bill row goes through `writeBillRow`'s version check.
 */

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

/**
 * A bill's engine rows come back as JSON arrays of one statement (a correlated sub-select per table):
 * one round trip instead of one per table, which on PostgreSQL is most of what reading a bill costs.
 */
export function jsonArrayFrom(db: Db) {
  return engineOf(db) === 'postgres' ? pgJsonArrayFrom : sqliteJsonArrayFrom;
}

/**
 * A JSON array of one of our own sub-selects: SQLite hands it over as text, PostgreSQL already parsed.
 * Its elements are the selected columns of typed tables, built by the database, so only the array itself
 * is checked: this runs several times on every bill read and write.
 */
export function jsonRows<T>(value: unknown, what: string): T[] {
  const rows: unknown = typeof value === 'string' ? JSON.parse(value) : (value ?? []);
  if (!Array.isArray(rows)) throw new Error(`${what}: the database answered no JSON array`);
  return rows as T[];
}

/** Inside JSON, PostgreSQL writes timestamptz as `…+00:00`; everywhere else OSP says ISO with `Z`. */
const isoOf = (value: string) => new Date(value).toISOString();
const isoOrNull = (value: string | null) => (value === null ? null : isoOf(value));

/** The four engine tables' rows of `billId` (a number, or `b.id` of an enclosing statement) as JSON arrays. */
export function stateArrays(db: Db, billId: number | RawBuilder<number>) {
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
          'changes_json',
        ])
        .where('bill_id', '=', billId),
    ).as('events'),
  ] as const;
}

export interface StateArrays {
  activations: unknown;
  steps: unknown;
  tasks: unknown;
  events: unknown;
}

export function stateOf(bill: BillRow, arrays: StateArrays, initiatorJobIds: readonly number[]): BillState {
  const initiator: Initiator | null =
    bill.status === 'draft' ? null : { userId: bill.initiator_id, deptId: bill.dept_id ?? 0, jobIds: initiatorJobIds };
  const of = `bill ${bill.id}`;
  return {
    status: bill.status,
    version: bill.version,
    flowVersionId: bill.template_version_id === null ? null : String(bill.template_version_id),
    initiator,
    form: bill.form,
    chosenHandlers: bill.chosen_handlers,
    route: bill.route,
    rejectedNodeId: bill.rejected_node_id,
    activations: byCreation(
      jsonRows<ActivationRow>(arrays.activations, `${of} activations`).map((a): NodeActivation => ({
        id: a.id,
        nodeId: a.node_id,
        cause: a.cause,
        status: a.status,
        enteredAt: isoOf(a.entered_at),
        leftAt: isoOrNull(a.left_at),
      })),
    ),
    steps: byCreation(
      jsonRows<StepRow>(arrays.steps, `${of} steps`).map((s): StepRun => ({
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
      jsonRows<TaskRow>(arrays.tasks, `${of} tasks`).map((t): Task => ({
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
    history: jsonRows<EventRow>(arrays.events, `${of} events`)
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
        ...(e.changes_json === null ? {} : { changes: BillFieldChangesZ.parse(JSON.parse(e.changes_json)) }),
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

// ---------- writes ----------

/** Raised when the conditional version write finds the bill changed since it was loaded. */
export class VersionConflict extends Error {
  constructor() {
    super('bill version changed');
  }
}

/** The columns a write of a bill sets; `version` and `updated_at` are writeBillRow's own. */
export type BillUpdate = Pick<
  Updateable<BillsTable>,
  | 'title'
  | 'form_json'
  | 'dept_id'
  | 'current_node_name'
  | 'released_at'
  | 'finished_at'
  | 'status'
  | 'template_version_id'
  | 'chosen_json'
  | 'route_json'
  | 'rejected_node_id'
>;

/** What the caller of `writeState` writes besides the engine's own columns. */
export type BillColumns = Pick<BillUpdate, 'title' | 'form_json' | 'current_node_name' | 'released_at' | 'finished_at' | 'dept_id'>;

/** Bumps the version only if nobody wrote the bill since `loadedVersion` was read (DESIGN §6). */
export async function writeBillRow(db: Db, billId: number, loadedVersion: number, values: BillUpdate): Promise<void> {
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
          changes_json: e.changes ? JSON.stringify(e.changes) : null,
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
