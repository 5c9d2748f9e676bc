import {
  ApprovalMessages,
  BILL_OPER_TYPES,
  BILL_STATUS_LABELS,
  BillCloseZ,
  BillCreateZ,
  BillIdZ,
  BillItemsInputZ,
  BillReleaseZ,
  BillReplicateZ,
  BillSharesZ,
  BillShareZ,
  BillUpdateZ,
  EngineMessages,
  FlowOperationZ,
  FormValueMessages,
  InitiatorOperationZ,
  onBehalfLabel,
  validateBillForm,
  type BillAbilities,
  type BillDetail,
  type BillFlowView,
  type BillHistoryEntry,
  type BillOperType,
  type BillRecordNode,
  type BillShareResult,
  type BillStatus,
  type FlowTaskView,
  type FormSchema,
  type ItemRow,
  type StoredValue,
  type ValidatedForm,
} from '@osp/shared';
import { z } from 'zod';
import type { AppContext, Caller } from '../../context';
import type { Db } from '../../db/index';
import { nowIso } from '../../db/index';
import { applyEvent } from '../../flow/engine';
import { handlerOperationOf, pendingTaskOf } from '../../flow/present';
import type { BillState, EngineFailure, FlowEvent, FlowSnapshot, FormValues } from '../../flow/types';
import { type AppError, ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../http/errors';
import { parse } from '../../http/validate';
import { attachmentCards, attachmentIdsOf, checkAttachments, linkAttachments } from '../files/attachments.service';
import { activeUserIds } from '../templates/templates.repo';
import { authorizeTemplateRead, hasIptvAccess } from '../templates/templates.policy';
import { authorizeInitiator, authorizeRead, authorizeReadOfView, canShareBill, isBillAdmin } from './bills.policy';
import { presentFlow, presentHistory, presentRecord } from './bills.presenter';
import * as repo from './bills.repo';
import { loadDirectory, loadVersion, type PinnedVersion } from './directory';

/**
 * Bills (issue 4, DESIGN §6). Every write runs in one transaction: lock the bill row (PostgreSQL
 * `FOR UPDATE`; SQLite's single connection serialises transactions), load its state inside the
 * transaction, run the pure engine, write what changed and bump `bills.version` with
 * `WHERE version = <loaded>`. A failure anywhere rolls everything back.
 */

const EDITABLE: readonly BillStatus[] = ['draft', 'rejected', 'returned'];
const FINISHED: readonly BillStatus[] = ['done', 'abandoned', 'closed'];
/** Bills still in the flow, which a bill administrator may close (the engine's `close` accepts these). */
const CLOSABLE: readonly BillStatus[] = ['doing', 'rejected', 'returned'];
/** Re-runs of a transaction whose conditional version write found the bill changed (see mutate). */
const VERSION_RETRIES = 3;

// ---------- transactions ----------

/**
 * Runs `fn` with the bill locked. The version check cannot fail while the lock holds; should a writer
 * ever bypass the lock, the whole operation is re-run on the fresh state (the engine then decides, e.g.
 * "already handled"), and only after repeated conflicts does the caller get 409.
 */
async function mutate<T>(ctx: AppContext, billId: number, fn: (trx: Db, bill: repo.BillRow) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await ctx.db.transaction().execute(async (trx) => {
        const bill = await repo.lockBill(trx, ctx.engine, billId);
        if (!bill) throw new NotFoundError(ApprovalMessages.billNotFound);
        return fn(trx, bill);
      });
    } catch (error) {
      if (!(error instanceof repo.VersionConflict)) throw error;
      if (attempt >= VERSION_RETRIES) throw new ConflictError(ApprovalMessages.billConflict);
    }
  }
}

function engineError(failure: EngineFailure, event: FlowEvent): AppError {
  switch (failure.code) {
    case 403:
      return new ForbiddenError(failure.message);
    case 404:
      return new NotFoundError(failure.message);
    case 409:
      return new ConflictError(failure.message);
    case 422: {
      const field =
        event.type === 'reject' || event.type === 'back'
          ? 'comment'
          : event.type === 'transfer'
            ? 'to_user_id'
            : failure.message.startsWith('请选择')
              ? 'chosen_handlers'
              : 'form';
      return new ValidationError({ [field]: [failure.message] });
    }
  }
}

function activeNodeName(state: BillState, flow: FlowSnapshot): string | null {
  const active = state.activations.find((a) => a.status === 'active');
  return active ? (flow.nodes.find((n) => n.id === active.nodeId)?.name ?? null) : null;
}

/** Applies one engine event to the locked bill and writes the result (also used by the demo seed). */
export async function runEngine(
  trx: Db,
  bill: repo.BillRow,
  state: BillState,
  pinned: PinnedVersion,
  event: FlowEvent,
  columns: repo.BillColumns = {},
): Promise<BillState> {
  const directory = await loadDirectory(trx, pinned.flow, event.at);
  const result = applyEvent({ flow: pinned.flow, directory, newId: repo.idGenerator(bill.id, state) }, state, event);
  if (!result.ok) throw engineError(result, event);
  const next = result.state;
  await repo.writeState(trx, bill.id, state, next, {
    ...columns,
    current_node_name: activeNodeName(next, pinned.flow),
    ...(FINISHED.includes(next.status) && !FINISHED.includes(state.status) ? { finished_at: event.at } : {}),
  });
  return next;
}

// ---------- templates and forms ----------

async function templateOf(db: Db, id: number) {
  return db
    .selectFrom('templates')
    .select(['id', 'name', 'group_id', 'status', 'is_iptv', 'current_version_id'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * The version a bill's form follows: its pinned one once released, the template's current one before.
 * `currentVersionId`: the template's current version when the caller already read it.
 */
async function versionOf(ctx: AppContext, db: Db, bill: repo.BillRow, currentVersionId?: number | null): Promise<PinnedVersion> {
  if (bill.template_version_id !== null) return loadVersion(db, bill.template_version_id, ctx.db);
  const current = currentVersionId !== undefined ? currentVersionId : (await templateOf(db, bill.template_id))?.current_version_id;
  if (current === null || current === undefined) throw new ConflictError(ApprovalMessages.templateNoFlow);
  return loadVersion(db, current, ctx.db);
}

function checkForm(schema: FormSchema, input: unknown, mode: 'draft' | 'submit'): ValidatedForm {
  const result = validateBillForm(schema, input, mode);
  if (!result.ok) throw new ValidationError(result.errors);
  return result.form;
}

/** What `bills.form_json` holds: the values, and each items table's total under its field (what link rules read). */
function storedForm(form: ValidatedForm): string {
  return JSON.stringify({ ...form.values, ...form.totals });
}

/** The form as the client sends it, rebuilt from the stored values and item rows. */
function formInput(schema: FormSchema, formJson: string, items: Record<string, ItemRow[]>): Record<string, unknown> {
  const stored = JSON.parse(formJson) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const field of schema.fields) {
    if (field.type === 'description') continue;
    if (field.type === 'items') out[field.key] = items[field.key] ?? [];
    else if (stored[field.key] !== undefined) out[field.key] = stored[field.key];
  }
  return out;
}

function itemsFields(schema: FormSchema, form: ValidatedForm): Record<string, ItemRow[]> {
  const out: Record<string, ItemRow[]> = {};
  for (const field of schema.fields) if (field.type === 'items') out[field.key] = form.items[field.key] ?? [];
  return out;
}

/**
 * User and department fields must name real, active people and existing departments; attachment fields,
 * files the caller uploaded or that are already on this bill (`billId`; files area, docs/files.md).
 */
async function checkReferences(db: Db, caller: Caller, schema: FormSchema, form: ValidatedForm, billId?: number): Promise<void> {
  const errors: Record<string, string[]> = {};
  // Every refused field is reported at once: the attachments' refusals join the people's and departments'.
  try {
    await checkAttachments(db, caller, schema, form, billId);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    Object.assign(errors, (error.data as { errors: Record<string, string[]> }).errors);
  }
  for (const field of schema.fields) {
    if (field.type !== 'user' && field.type !== 'department') continue;
    const value = form.values[field.key];
    if (value === undefined || value === null) continue;
    const ids = (Array.isArray(value) ? value : [value]).map(Number);
    const found =
      field.type === 'user'
        ? await activeUserIds(db, ids)
        : new Set((await db.selectFrom('depts').select('id').where('id', 'in', ids).execute()).map((r) => r.id));
    if (ids.some((id) => !found.has(id))) {
      errors[`form.${field.key}`] = [
        field.type === 'user' ? FormValueMessages.user(field.label) : FormValueMessages.department(field.label),
      ];
    }
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

function defaultTitle(caller: Caller, templateName: string): string {
  return `${caller.user.name}的${templateName}`.slice(0, 100);
}

// ---------- reads ----------

async function requireBill(db: Db, id: number): Promise<repo.BillRow> {
  const bill = await repo.findBill(db, id);
  if (!bill) throw new NotFoundError(ApprovalMessages.billNotFound);
  return bill;
}

function abilitiesOf(caller: Caller, bill: repo.BillRow, state: BillState, flow: FlowSnapshot, templateStartable = false): BillAbilities {
  const mine = bill.initiator_id === caller.userId;
  const task = pendingTaskOf(state, caller.userId);
  const active = state.activations.find((a) => a.status === 'active');
  const routeIndex = active ? state.route.indexOf(active.nodeId) : -1;
  const canBack = state.route.slice(0, Math.max(routeIndex, 0)).some((id) => flow.nodes.find((n) => n.id === id)?.type === 'approve');
  const editable = mine && EDITABLE.includes(state.status);
  return {
    agree: task !== null,
    reject: task !== null,
    back: task !== null && canBack,
    transfer: task !== null,
    edit: editable,
    delete: mine && state.status === 'draft' && state.history.length === 0,
    release: editable,
    withdraw: mine && state.status === 'doing',
    abandon: editable,
    replicate: mine && state.status !== 'draft' && templateStartable,
    close: isBillAdmin(caller) && CLOSABLE.includes(state.status),
    track: state.status !== 'draft',
    share: canShareBill(caller, { initiator_id: bill.initiator_id, status: state.status }),
  };
}

/** A bill as its reader sees it: one statement (bills.repo `loadBillView`), the read rule, its pinned version. */
async function loadForRead(ctx: AppContext, caller: Caller, billId: number, notFound: string = ApprovalMessages.billNotFound) {
  const view = await repo.loadBillView(ctx.db, billId, caller.userId);
  if (!view) throw new NotFoundError(notFound);
  authorizeReadOfView(caller, view);
  const pinned = await versionOf(ctx, ctx.db, view.bill, view.template?.current_version_id ?? null);
  return { ...view, pinned };
}

export async function getBill(ctx: AppContext, caller: Caller, params: unknown): Promise<BillDetail> {
  const { id } = parse(BillIdZ, params);
  const { bill, state, pinned, template, items, cards, tracked } = await loadForRead(ctx, caller, id);
  const startable =
    template !== null && template.status === 1 && template.current_version_id !== null && (template.is_iptv !== 1 || hasIptvAccess(caller));
  const schema = pinned.formSchema;
  const stored = JSON.parse(bill.form_json) as Record<string, StoredValue>;
  const form: BillDetail['form'] = {};
  const totals: Record<string, string> = {};
  for (const field of schema.fields) {
    if (field.type === 'items') {
      form[field.key] = items[field.key] ?? [];
      const total = stored[field.key];
      if (typeof total === 'string') totals[field.key] = total;
    } else if (stored[field.key] !== undefined) form[field.key] = stored[field.key] ?? null;
  }
  const attachments = await attachmentCards(ctx.db, attachmentIdsOf(schema, stored));
  const initiator = cards.get(bill.initiator_id);
  const taskId = pendingTaskOf(state, caller.userId);
  const task = taskId === null ? undefined : state.tasks.find((t) => t.id === taskId);
  const step = task ? state.steps.find((s) => s.id === task.stepRunId) : undefined;
  return {
    id: bill.id,
    billID: bill.id,
    title: bill.title,
    status: state.status,
    status_text: BILL_STATUS_LABELS[state.status],
    version: bill.version,
    template: {
      id: bill.template_id,
      name: template?.name ?? pinned.flow.name,
      group_id: template?.group_id ?? 0,
      is_iptv: template?.is_iptv ?? 0,
    },
    template_version_id: bill.template_version_id,
    form_schema: schema,
    form,
    items,
    totals,
    attachments: Object.fromEntries(attachments),
    initiator: { id: bill.initiator_id, name: initiator?.name ?? '', dept_id: bill.dept_id, dept_name: initiator?.dept_name ?? null },
    current_node: bill.current_node_name,
    chosen_steps: pinned.flow.nodes.flatMap((n) =>
      n.steps.filter((s) => s.source.kind === 'chosen').map((s) => ({ stepId: s.id, stepName: s.name, nodeName: n.name })),
    ),
    chosen_handlers: state.chosenHandlers as Record<string, number[]>,
    created_at: bill.created_at,
    updated_at: bill.updated_at,
    released_at: bill.released_at,
    finished_at: bill.finished_at,
    abilities: abilitiesOf(caller, bill, state, pinned.flow, startable),
    tracked,
    my_task: task
      ? {
          id: task.id,
          on_behalf_of: task.onBehalfOf === null ? null : onBehalfLabel(cards.get(task.onBehalfOf)?.name ?? ''),
          node_name: activeNodeName(state, pinned.flow) ?? '',
          step_name: step?.name ?? '',
        }
      : null,
  };
}

export async function getHistory(ctx: AppContext, caller: Caller, params: unknown): Promise<BillHistoryEntry[]> {
  const { state, pinned, cards } = await loadForRead(ctx, caller, parse(BillIdZ, params).id);
  return presentHistory(state, pinned.flow, cards);
}

export async function getRecord(ctx: AppContext, caller: Caller, params: unknown): Promise<BillRecordNode[]> {
  const { state, pinned, cards } = await loadForRead(ctx, caller, parse(BillIdZ, params).id);
  return presentRecord(state, pinned.flow, cards);
}

export async function getFlow(ctx: AppContext, caller: Caller, params: unknown): Promise<BillFlowView> {
  const { bill, state, pinned, cards } = await loadForRead(ctx, caller, parse(BillIdZ, params).id);
  return presentFlow(bill, state, pinned.flow, cards);
}

export async function getItems(ctx: AppContext, caller: Caller, params: unknown): Promise<Record<string, ItemRow[]>> {
  return (await loadForRead(ctx, caller, parse(BillIdZ, params).id)).items;
}

// ---------- drafts ----------

export async function createBill(ctx: AppContext, caller: Caller, body: unknown): Promise<BillDetail> {
  const input = parse(BillCreateZ, body);
  const template = await templateOf(ctx.db, input.template_id);
  if (!template || template.status !== 1) throw new ValidationError({ template_id: [ApprovalMessages.templateNotFound] });
  authorizeTemplateRead(caller, template.is_iptv === 1);
  if (template.current_version_id === null) throw new ValidationError({ template_id: [ApprovalMessages.templateNoFlow] });
  const byKey = async () =>
    input.client_key === undefined
      ? undefined
      : ctx.db
          .selectFrom('bills')
          .select('id')
          .where('initiator_id', '=', caller.userId)
          .where('client_key', '=', input.client_key)
          .executeTakeFirst();
  // The same "new bill" page submitting twice gets its first bill back.
  const existing = await byKey();
  if (existing) return getBill(ctx, caller, { id: existing.id });
  const pinned = await loadVersion(ctx.db, template.current_version_id, ctx.db);
  const form = checkForm(pinned.formSchema, input.form, 'draft');
  await checkReferences(ctx.db, caller, pinned.formSchema, form);
  let id: number;
  try {
    id = await ctx.db.transaction().execute(async (trx) => {
      const now = nowIso();
      const row = await trx
        .insertInto('bills')
        .values({
          template_id: template.id,
          template_version_id: null,
          title: input.title || defaultTitle(caller, template.name),
          initiator_id: caller.userId,
          dept_id: caller.user.dept_id,
          status: 'draft',
          form_json: storedForm(form),
          chosen_json: '{}',
          route_json: '[]',
          rejected_node_id: null,
          current_node_name: null,
          version: 0,
          client_key: input.client_key ?? null,
          created_at: now,
          updated_at: now,
          released_at: null,
          finished_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await repo.replaceItems(trx, row.id, itemsFields(pinned.formSchema, form));
      await linkAttachments(trx, row.id, pinned.formSchema, form);
      return row.id;
    });
  } catch (error) {
    // Two submits with one key at the same moment: the unique key let one in; the other returns it.
    const winner = await byKey();
    if (!winner) throw error;
    id = winner.id;
  }
  return getBill(ctx, caller, { id });
}

function checkVersion(bill: repo.BillRow, expected: number | undefined): void {
  if (expected !== undefined && expected !== bill.version) throw new ConflictError(EngineMessages.staleVersion);
}

export async function updateBill(ctx: AppContext, caller: Caller, params: unknown, body: unknown): Promise<BillDetail> {
  const { id } = parse(BillIdZ, params);
  const input = parse(BillUpdateZ, body);
  await mutate(ctx, id, async (trx, bill) => {
    authorizeInitiator(caller, bill);
    if (!EDITABLE.includes(bill.status as BillStatus)) throw new ConflictError(ApprovalMessages.notEditable);
    checkVersion(bill, input.version);
    const values: Record<string, unknown> = {};
    if (input.title !== undefined) values.title = input.title || bill.title;
    if (input.form !== undefined) {
      const pinned = await versionOf(ctx, trx, bill);
      const form = checkForm(pinned.formSchema, input.form, 'draft');
      await checkReferences(trx, caller, pinned.formSchema, form, bill.id);
      values.form_json = storedForm(form);
      await repo.replaceItems(trx, bill.id, itemsFields(pinned.formSchema, form));
      await linkAttachments(trx, bill.id, pinned.formSchema, form);
    }
    await repo.writeBillRow(trx, bill.id, bill.version, values);
  });
  return getBill(ctx, caller, { id });
}

export async function putItems(ctx: AppContext, caller: Caller, params: unknown, body: unknown): Promise<Record<string, ItemRow[]>> {
  const { id } = parse(BillIdZ, params);
  const input = parse(BillItemsInputZ, body);
  await mutate(ctx, id, async (trx, bill) => {
    authorizeInitiator(caller, bill);
    if (!EDITABLE.includes(bill.status as BillStatus)) throw new ConflictError(ApprovalMessages.notEditable);
    checkVersion(bill, input.version);
    const pinned = await versionOf(ctx, trx, bill);
    const field = pinned.formSchema.fields.find((f) => f.key === input.field && f.type === 'items');
    if (!field) throw new ValidationError({ field: [ApprovalMessages.itemsFieldUnknown(input.field)] });
    const current = formInput(pinned.formSchema, bill.form_json, await repo.loadItems(trx, bill.id));
    const form = checkForm(pinned.formSchema, { ...current, [input.field]: input.rows }, 'draft');
    await repo.replaceItems(trx, bill.id, { [input.field]: form.items[input.field] ?? [] });
    await repo.writeBillRow(trx, bill.id, bill.version, { form_json: storedForm(form) });
  });
  return repo.loadItems(ctx.db, id);
}

export async function deleteBill(ctx: AppContext, caller: Caller, params: unknown): Promise<void> {
  const { id } = parse(BillIdZ, params);
  await mutate(ctx, id, async (trx, bill) => {
    authorizeInitiator(caller, bill);
    const released = await trx.selectFrom('bill_events').select('seq').where('bill_id', '=', id).limit(1).executeTakeFirst();
    if (bill.status !== 'draft' || released) throw new ConflictError(ApprovalMessages.notDeletable);
    await trx.deleteFrom('bill_items').where('bill_id', '=', id).execute();
    await trx.deleteFrom('bills').where('id', '=', id).where('version', '=', bill.version).execute();
  });
}

// ---------- release and resubmit ----------

/**
 * The people of `ids` who cannot be picked (unknown or disabled), as the message names them: a disabled
 * user by name, so that the initiator knows whom to replace; an unknown id as it was sent.
 */
async function unpickable(db: Db, ids: readonly number[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  const found = await activeUserIds(db, unique);
  const missing = unique.filter((u) => !found.has(u));
  if (missing.length === 0) return [];
  const cards = await repo.userCards(db, missing);
  return missing.map((id) => cards.get(id)?.name ?? String(id));
}

async function checkChosen(db: Db, chosen: Record<string, number[]> | undefined): Promise<void> {
  if (!chosen) return;
  const missing = await unpickable(db, Object.values(chosen).flat());
  if (missing.length > 0) throw new ValidationError({ chosen_handlers: [ApprovalMessages.usersMissing(missing)] });
}

export async function releaseBill(
  ctx: AppContext,
  caller: Caller,
  params: unknown,
  body: unknown,
): Promise<BillDetail & { resubmitted: boolean }> {
  const { id } = parse(BillIdZ, params);
  const input = parse(BillReleaseZ, body);
  let resubmitted = false;
  await mutate(ctx, id, async (trx, bill) => {
    authorizeInitiator(caller, bill);
    checkVersion(bill, input.version);
    const isDraft = bill.status === 'draft';
    resubmitted = !isDraft;
    if (isDraft) {
      const template = await templateOf(trx, bill.template_id);
      if (!template || template.status !== 1) throw new ConflictError(ApprovalMessages.templateDisabled);
      authorizeTemplateRead(caller, template.is_iptv === 1);
    }
    const pinned = await versionOf(ctx, trx, bill);
    const schema = pinned.formSchema;
    let formJson = bill.form_json;
    if (input.form !== undefined) {
      const edited = checkForm(schema, input.form, 'draft');
      await repo.replaceItems(trx, bill.id, itemsFields(schema, edited));
      formJson = storedForm(edited);
    }
    const form = checkForm(schema, formInput(schema, formJson, await repo.loadItems(trx, bill.id)), 'submit');
    await checkReferences(trx, caller, schema, form, bill.id);
    await linkAttachments(trx, bill.id, schema, form);
    await checkChosen(trx, input.chosen_handlers);
    formJson = storedForm(form);
    const engineForm = JSON.parse(formJson) as FormValues;
    const at = nowIso();
    const state = await repo.loadState(trx, bill, await repo.jobIdsOf(trx, bill.initiator_id));
    const event: FlowEvent = isDraft
      ? {
          type: 'release',
          at,
          initiator: { userId: caller.userId, deptId: caller.user.dept_id ?? 0, jobIds: await repo.jobIdsOf(trx, caller.userId) },
          form: engineForm,
          chosenHandlers: input.chosen_handlers ?? {},
        }
      : {
          type: 'resubmit',
          at,
          actor: caller.userId,
          form: engineForm,
          ...(input.chosen_handlers ? { chosenHandlers: input.chosen_handlers } : {}),
        };
    await runEngine(trx, bill, state, pinned, event, {
      form_json: formJson,
      released_at: at,
      finished_at: null,
      ...(input.title ? { title: input.title } : {}),
      ...(isDraft ? { dept_id: caller.user.dept_id } : {}),
    });
  });
  return { ...(await getBill(ctx, caller, { id })), resubmitted };
}

// ---------- initiator operations ----------

async function initiatorOperation(
  ctx: AppContext,
  caller: Caller,
  params: unknown,
  body: unknown,
  type: 'withdraw' | 'abandon',
): Promise<void> {
  const { id } = parse(BillIdZ, params);
  const input = parse(InitiatorOperationZ, body);
  await mutate(ctx, id, async (trx, bill) => {
    authorizeInitiator(caller, bill);
    const state = await repo.loadState(trx, bill, []);
    const pinned = await versionOf(ctx, trx, bill);
    const event: FlowEvent = {
      type,
      at: nowIso(),
      actor: caller.userId,
      comment: input.comment ?? null,
      ...(input.version !== undefined ? { expectedVersion: input.version } : {}),
    };
    await runEngine(trx, bill, state, pinned, event);
  });
}

export const withdrawBill = (ctx: AppContext, caller: Caller, params: unknown, body: unknown) =>
  initiatorOperation(ctx, caller, params, body, 'withdraw');
export const abandonBill = (ctx: AppContext, caller: Caller, params: unknown, body: unknown) =>
  initiatorOperation(ctx, caller, params, body, 'abandon');

// ---------- handler operations ----------

const TASK_ID = /^(\d{1,12})-t(\d{1,6})$/;
const TaskParamsZ = z.object({ id: z.string().regex(TASK_ID, EngineMessages.taskNotFound) });
const OperParamsZ = TaskParamsZ.extend({ operType: z.enum(BILL_OPER_TYPES, { error: ApprovalMessages.operTypeInvalid }) });

function billIdOfTask(taskId: string): number {
  return Number(TASK_ID.exec(taskId)?.[1]);
}

export async function getTask(ctx: AppContext, caller: Caller, params: unknown): Promise<FlowTaskView> {
  const { id } = parse(TaskParamsZ, params);
  const { bill, state, pinned, cards } = await loadForRead(ctx, caller, billIdOfTask(id), EngineMessages.taskNotFound);
  const task = state.tasks.find((t) => t.id === id);
  if (!task) throw new NotFoundError(EngineMessages.taskNotFound);
  const step = state.steps.find((s) => s.id === task.stepRunId);
  const activation = state.activations.find((a) => a.id === task.activationId);
  const open =
    state.status === 'doing' && task.status === 'pending' && task.actingHandler === caller.userId && activation?.status === 'active';
  const abilities = abilitiesOf(caller, bill, state, pinned.flow);
  return {
    id: task.id,
    bill_id: bill.id,
    status: task.status,
    operation: handlerOperationOf(task.status),
    node_name: pinned.flow.nodes.find((n) => n.id === activation?.nodeId)?.name ?? '',
    step_name: step?.name ?? '',
    on_behalf_of: task.onBehalfOf === null ? null : onBehalfLabel(cards.get(task.onBehalfOf)?.name ?? ''),
    can: { agree: open, reject: open, back: open && abilities.back, transfer: open },
  };
}

const OPERATION_MESSAGES: Record<BillOperType, string> = {
  agree: ApprovalMessages.agreed,
  reject: ApprovalMessages.rejected,
  back: ApprovalMessages.backed,
  transfer: ApprovalMessages.transferred,
};

/**
 * agree, reject, back or transfer one task. The task's own status decides whether the operation still
 * applies: a client version is not asked for, so the handlers of a 会签 step never refuse each other,
 * while the other handlers of a 或签 step find their task skipped (409) once one of them decided.
 */
export async function operate(
  ctx: AppContext,
  caller: Caller,
  params: unknown,
  body: unknown,
): Promise<{ result: { id: number; status: BillStatus; version: number }; message: string }> {
  const { id: taskId, operType } = parse(OperParamsZ, params);
  const input = parse(FlowOperationZ, body);
  if (operType === 'transfer') {
    if (input.to_user_id === undefined) throw new ValidationError({ to_user_id: [ApprovalMessages.transferTarget] });
    if (!(await activeUserIds(ctx.db, [input.to_user_id])).has(input.to_user_id)) {
      throw new ValidationError({ to_user_id: [ApprovalMessages.userMissing] });
    }
  }
  const result = await mutate(ctx, billIdOfTask(taskId), async (trx, bill) => {
    const state = await repo.loadState(trx, bill, []);
    const task = state.tasks.find((t) => t.id === taskId);
    if (!task) throw new NotFoundError(EngineMessages.taskNotFound);
    // Someone else's task: refused before anything about the bill is told.
    if (task.actingHandler !== caller.userId) throw new ForbiddenError(EngineMessages.notHandler);
    // Decided already (by this handler or, for 或签, by another): the same answer whatever the bill's status now.
    if (task.status !== 'pending' && task.status !== 'waiting') throw new ConflictError(EngineMessages.taskHandled);
    const pinned = await versionOf(ctx, trx, bill);
    const base = { at: nowIso(), taskId, actor: caller.userId, comment: input.comment ?? null };
    const event: FlowEvent =
      operType === 'transfer' ? { ...base, type: 'transfer', to: input.to_user_id ?? 0 } : { ...base, type: operType };
    const next = await runEngine(trx, bill, state, pinned, event);
    return { id: bill.id, status: next.status, version: next.version };
  });
  return { result, message: OPERATION_MESSAGES[operType] };
}

// ---------- replicate, close, track (SPEC §4 bill actions) ----------

/**
 * The form of `bill` carried over to `schema` (the template's current version): the values of fields whose
 * key and type are unchanged, item rows included. A value the new schema refuses (an option removed, a
 * user who left) is dropped rather than failing the copy: the initiator completes the draft before submitting.
 */
async function carriedForm(db: Db, caller: Caller, from: FormSchema, schema: FormSchema, bill: repo.BillRow): Promise<ValidatedForm> {
  const old = formInput(from, bill.form_json, await repo.loadItems(db, bill.id));
  const input: Record<string, unknown> = {};
  for (const field of schema.fields) {
    const before = from.fields.find((f) => f.key === field.key);
    if (before?.type === field.type && old[field.key] !== undefined) input[field.key] = old[field.key];
  }
  for (let attempt = 0; attempt <= schema.fields.length; attempt++) {
    const result = validateBillForm(schema, input, 'draft');
    let bad = result.ok ? [] : Object.keys(result.errors).map((path) => path.split('.')[1] ?? '');
    if (result.ok) {
      try {
        await checkReferences(db, caller, schema, result.form);
        return result.form;
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        bad = Object.keys((error.data as { errors: Record<string, string[]> }).errors).map((path) => path.split('.')[1] ?? '');
      }
    }
    const dropped = bad.filter((key) => key in input);
    if (dropped.length === 0) break;
    for (const key of dropped) delete input[key];
  }
  return checkForm(schema, {}, 'draft');
}

/**
 * PATCH /api/bills/{id}/replication: the initiator copies a submitted bill into a new draft on the
 * template's current version (form values and item rows carried over where the fields still fit).
 */
export async function replicateBill(ctx: AppContext, caller: Caller, params: unknown, body: unknown): Promise<BillDetail> {
  const { id } = parse(BillIdZ, params);
  const input = parse(BillReplicateZ, body ?? {});
  const bill = await requireBill(ctx.db, id);
  await authorizeRead(ctx.db, caller, bill);
  authorizeInitiator(caller, bill);
  if (bill.status === 'draft') throw new ConflictError(ApprovalMessages.replicateDraft);
  const template = await templateOf(ctx.db, bill.template_id);
  if (!template || template.status !== 1) throw new ConflictError(ApprovalMessages.templateDisabled);
  authorizeTemplateRead(caller, template.is_iptv === 1);
  if (template.current_version_id === null) throw new ConflictError(ApprovalMessages.templateNoFlow);
  const [from, to] = await Promise.all([versionOf(ctx, ctx.db, bill), loadVersion(ctx.db, template.current_version_id, ctx.db)]);
  const form = await carriedForm(ctx.db, caller, from.formSchema, to.formSchema, bill);
  return createBill(ctx, caller, {
    template_id: template.id,
    title: input.title || bill.title,
    form: formInput(to.formSchema, storedForm(form), form.items),
    ...(input.client_key !== undefined ? { client_key: input.client_key } : {}),
  });
}

/** PATCH /api/bills/{id}/close: a bill administrator ends a bill still in the flow; open tasks are cancelled. */
export async function closeBill(ctx: AppContext, caller: Caller, params: unknown, body: unknown): Promise<void> {
  const { id } = parse(BillIdZ, params);
  if (!isBillAdmin(caller)) {
    await requireBill(ctx.db, id);
    throw new ForbiddenError(ApprovalMessages.closeForbidden);
  }
  const input = parse(BillCloseZ, body ?? {});
  await mutate(ctx, id, async (trx, bill) => {
    if (!CLOSABLE.includes(bill.status as BillStatus)) throw new ConflictError(ApprovalMessages.notClosable);
    checkVersion(bill, input.version);
    const state = await repo.loadState(trx, bill, []);
    const pinned = await versionOf(ctx, trx, bill);
    await runEngine(trx, bill, state, pinned, { type: 'close', at: nowIso(), actor: caller.userId, comment: input.comment });
  });
}

/** PATCH /api/bills/{id}/track and /untrack: any reader follows or unfollows a submitted bill; repeats change nothing. */
export async function trackBill(ctx: AppContext, caller: Caller, params: unknown, follow: boolean): Promise<{ tracked: boolean }> {
  const { id } = parse(BillIdZ, params);
  const bill = await requireBill(ctx.db, id);
  await authorizeRead(ctx.db, caller, bill);
  if (bill.status === 'draft') throw new ConflictError(ApprovalMessages.trackDraft);
  if (follow) {
    await ctx.db
      .insertInto('bill_tracks')
      .values({ user_id: caller.userId, bill_id: id, created_at: nowIso() })
      .onConflict((oc) => oc.columns(['user_id', 'bill_id']).doNothing())
      .execute();
  } else {
    await ctx.db.deleteFrom('bill_tracks').where('user_id', '=', caller.userId).where('bill_id', '=', id).execute();
  }
  return { tracked: follow };
}

// ---------- share ----------

async function shareOne(db: Db, caller: Caller, billId: number, userIds: readonly number[]): Promise<BillShareResult> {
  const bill = await requireBill(db, billId);
  await authorizeRead(db, caller, bill);
  if (bill.status === 'draft') throw new ConflictError(ApprovalMessages.shareDraft);
  if (!canShareBill(caller, bill)) throw new ForbiddenError(ApprovalMessages.shareForbidden);
  // The initiator reads it anyway: no row for them.
  const targets = [...new Set(userIds)].filter((u) => u !== bill.initiator_id);
  const at = nowIso();
  if (targets.length > 0) {
    await db
      .insertInto('bill_shares')
      .values(targets.map((user_id) => ({ bill_id: billId, user_id, shared_by: caller.userId, created_at: at })))
      .onConflict((oc) => oc.columns(['bill_id', 'user_id']).doNothing())
      .execute();
  }
  const rows = await db.selectFrom('bill_shares').select('user_id').where('bill_id', '=', billId).orderBy('user_id').execute();
  return { bill_id: billId, user_ids: rows.map((r) => r.user_id) };
}

async function checkShareUsers(db: Db, userIds: readonly number[]): Promise<void> {
  const missing = await unpickable(db, userIds);
  if (missing.length > 0) throw new ValidationError({ user_ids: [ApprovalMessages.usersMissing(missing)] });
}

/**
 * PATCH /api/bills/{id}/share: the initiator or a bill administrator lets more users read a submitted bill.
 * Adds to the users it was shared with (a repeat changes nothing); answers all of them.
 */
export async function shareBill(ctx: AppContext, caller: Caller, params: unknown, body: unknown): Promise<BillShareResult> {
  const { id } = parse(BillIdZ, params);
  const input = parse(BillShareZ, body ?? {});
  await checkShareUsers(ctx.db, input.user_ids);
  return ctx.db.transaction().execute((trx) => shareOne(trx, caller, id, input.user_ids));
}

/** POST /api/bills/shares: several bills with the same users, in one transaction (one refusal writes nothing). */
export async function shareBills(ctx: AppContext, caller: Caller, body: unknown): Promise<BillShareResult[]> {
  const input = parse(BillSharesZ, body ?? {});
  await checkShareUsers(ctx.db, input.user_ids);
  return ctx.db.transaction().execute(async (trx) => {
    const results: BillShareResult[] = [];
    for (const id of [...new Set(input.bill_ids)]) results.push(await shareOne(trx, caller, id, input.user_ids));
    return results;
  });
}
