import {
  ApprovalMessages,
  BILL_OPER_TYPES,
  BILL_STATUS_LABELS,
  BillCreateZ,
  BillIdZ,
  BillItemsInputZ,
  BillReleaseZ,
  BillUpdateZ,
  EngineMessages,
  FlowOperationZ,
  InitiatorOperationZ,
  onBehalfLabel,
  type BillAbilities,
  type BillDetail,
  type BillFlowView,
  type BillHistoryEntry,
  type BillOperType,
  type BillRecordNode,
  type BillStatus,
  type FlowTaskView,
  type ItemRow,
  type StoredValue,
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
import { attachmentCards, attachmentIdsOf, linkAttachments } from '../files/attachments.service';
import { activeUserIds, jobIdsOf, loadFlowDirectory } from '../directory/directory.service';
import { authorizeTemplateRead, hasIptvAccess } from '../templates/templates.policy';
import { authorizeStart } from '../templates/templates.service';
import { authorizeInitiator } from './bills.access';
import { tellOutcome } from './bills.outcomes';
import { authorizeReadOfView, billUnavailable, canShareBill, isBillAdmin } from './bills.policy';
import { presentFlow, presentHistory, presentRecord } from './bills.presenter';
import * as repo from './bills.repo';
import {
  checkChosen,
  checkForm,
  checkReferences,
  defaultTitle,
  formInput,
  itemsFields,
  storedForm,
  templateOf,
  versionOf,
} from './bills.forms';
import { loadVersion, type PinnedVersion } from '../templates/templates.versions';

/**
 * Bills (issue 4, DESIGN §6). Every write runs in one transaction: lock the bill row (PostgreSQL
 * `FOR UPDATE`; SQLite's single connection serialises transactions), load its state inside the
 * transaction, run the pure engine, write what changed and bump `bills.version` with
 * `WHERE version = <loaded>`. A failure anywhere rolls everything back.
 *
 * Here: reads, drafts, release and resubmit, the initiator's and the handlers' operations. The form's
 * checks are in bills.forms.ts, replicate/close/track/share in bills.actions.ts, the boxes in bills.list.ts.
 */

const EDITABLE: readonly BillStatus[] = ['draft', 'rejected', 'returned'];
const FINISHED: readonly BillStatus[] = ['done', 'abandoned', 'closed'];
/** Bills still in the flow, which a bill administrator may close (the engine's `close` accepts these). */
export const CLOSABLE: readonly BillStatus[] = ['doing', 'rejected', 'returned'];
/** Re-runs of a transaction whose conditional version write found the bill changed (see mutate). */
const VERSION_RETRIES = 3;

// ---------- transactions ----------

/**
 * Runs `fn` with the bill locked. The version check cannot fail while the lock holds; should a writer
 * ever bypass the lock, the whole operation is re-run on the fresh state (the engine then decides, e.g.
 * "already handled"), and only after repeated conflicts does the caller get 409.
 */
export async function mutate<T>(
  ctx: AppContext,
  billId: number,
  fn: (trx: Db, bill: repo.BillRow) => Promise<T>,
  missing: () => AppError = billUnavailable,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await ctx.db.transaction().execute(async (trx) => {
        const bill = await repo.lockBill(trx, ctx.engine, billId);
        if (!bill) throw missing();
        return fn(trx, bill);
      });
    } catch (error) {
      if (!(error instanceof repo.VersionConflict)) throw error;
      if (attempt >= VERSION_RETRIES) throw new ConflictError(ApprovalMessages.billConflict);
    }
  }
}

function engineError(failure: EngineFailure): AppError {
  switch (failure.code) {
    case 403:
      return new ForbiddenError(failure.message);
    case 404:
      return new NotFoundError(failure.message);
    case 409:
      return new ConflictError(failure.message);
    case 422:
      // The engine names the field its refusal belongs to; a refusal without one is about the form.
      return new ValidationError({ [failure.field ?? 'form']: [failure.message] });
  }
}

function activeNodeName(state: BillState, flow: FlowSnapshot): string | null {
  const active = state.activations.find((a) => a.status === 'active');
  return active ? (flow.nodes.find((n) => n.id === active.nodeId)?.name ?? null) : null;
}

/** Applies one engine event to the locked bill and writes the result (also used by the demo seed). */
export async function runEngine(
  ctx: Pick<AppContext, 'db' | 'access'>,
  trx: Db,
  bill: repo.BillRow,
  state: BillState,
  pinned: PinnedVersion,
  event: FlowEvent,
  columns: repo.BillColumns = {},
): Promise<BillState> {
  const directory = await loadFlowDirectory(ctx, trx, pinned.flow, event.at);
  const result = applyEvent({ flow: pinned.flow, directory, newId: repo.idGenerator(bill.id, state) }, state, event);
  if (!result.ok) throw engineError(result);
  const next = result.state;
  await repo.writeState(trx, bill.id, state, next, {
    ...columns,
    current_node_name: activeNodeName(next, pinned.flow),
    ...(FINISHED.includes(next.status) && !FINISHED.includes(state.status) ? { finished_at: event.at } : {}),
  });
  await tellOutcome(trx, bill.id, state.status, next.status, event.at);
  return next;
}

// ---------- reads ----------

export async function requireBill(db: Db, id: number): Promise<repo.BillRow> {
  const bill = await repo.findBill(db, id);
  if (!bill) throw billUnavailable();
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
async function loadForRead(ctx: AppContext, caller: Caller, billId: number) {
  const view = await repo.loadBillView(ctx.db, billId, caller.userId);
  if (!view) throw billUnavailable();
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
  await authorizeStart(ctx, ctx.db, caller, template.id);
  if (template.current_version_id === null) throw new ValidationError({ template_id: [ApprovalMessages.templateNoFlow] });
  const byKey = async () => (input.client_key === undefined ? undefined : repo.findByClientKey(ctx.db, caller.userId, input.client_key));
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
      const billId = await repo.insertDraft(trx, {
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
      });
      await repo.replaceItems(trx, billId, itemsFields(pinned.formSchema, form));
      await linkAttachments(trx, billId, pinned.formSchema, form);
      return billId;
    });
  } catch (error) {
    // Two submits with one key at the same moment: the unique key let one in; the other returns it.
    const winner = await byKey();
    if (!winner) throw error;
    id = winner.id;
  }
  return getBill(ctx, caller, { id });
}

export function checkVersion(bill: repo.BillRow, expected: number | undefined): void {
  if (expected !== undefined && expected !== bill.version) throw new ConflictError(EngineMessages.staleVersion);
}

export async function updateBill(ctx: AppContext, caller: Caller, params: unknown, body: unknown): Promise<BillDetail> {
  const { id } = parse(BillIdZ, params);
  const input = parse(BillUpdateZ, body);
  await mutate(ctx, id, async (trx, bill) => {
    await authorizeInitiator(trx, caller, bill);
    if (!EDITABLE.includes(bill.status)) throw new ConflictError(ApprovalMessages.notEditable);
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
    await authorizeInitiator(trx, caller, bill);
    if (!EDITABLE.includes(bill.status)) throw new ConflictError(ApprovalMessages.notEditable);
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
    await authorizeInitiator(trx, caller, bill);
    if (bill.status !== 'draft' || (await repo.wasEverReleased(trx, id))) throw new ConflictError(ApprovalMessages.notDeletable);
    await repo.deleteDraft(trx, id, bill.version);
  });
}

// ---------- release and resubmit ----------

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
    await authorizeInitiator(trx, caller, bill);
    checkVersion(bill, input.version);
    const isDraft = bill.status === 'draft';
    resubmitted = !isDraft;
    if (isDraft) {
      const template = await templateOf(trx, bill.template_id);
      if (!template || template.status !== 1) throw new ConflictError(ApprovalMessages.templateDisabled);
      authorizeTemplateRead(caller, template.is_iptv === 1);
      // The starters may have changed since the draft was saved.
      await authorizeStart(ctx, trx, caller, template.id);
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
    const state = await repo.loadState(trx, bill, await jobIdsOf(trx, bill.initiator_id));
    const event: FlowEvent = isDraft
      ? {
          type: 'release',
          at,
          initiator: { userId: caller.userId, deptId: caller.user.dept_id ?? 0, jobIds: await jobIdsOf(trx, caller.userId) },
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
    await runEngine(ctx, trx, bill, state, pinned, event, {
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
    await authorizeInitiator(trx, caller, bill);
    const state = await repo.loadState(trx, bill, []);
    const pinned = await versionOf(ctx, trx, bill);
    const event: FlowEvent = {
      type,
      at: nowIso(),
      actor: caller.userId,
      comment: input.comment ?? null,
      ...(input.version !== undefined ? { expectedVersion: input.version } : {}),
    };
    await runEngine(ctx, trx, bill, state, pinned, event);
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
  const { bill, state, pinned, cards } = await loadForRead(ctx, caller, billIdOfTask(id));
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
  // No such task and someone else's task get one answer, so task ids (predictable: `{bill}-t{n}`) tell nothing.
  const notYours = () => new ForbiddenError(EngineMessages.notHandler);
  const result = await mutate(
    ctx,
    billIdOfTask(taskId),
    async (trx, bill) => {
      const state = await repo.loadState(trx, bill, []);
      const task = state.tasks.find((t) => t.id === taskId);
      // Someone else's task: refused before anything about the bill is told.
      if (!task || task.actingHandler !== caller.userId) throw notYours();
      // Decided already (by this handler or, for 或签, by another): the same answer whatever the bill's status now.
      if (task.status !== 'pending' && task.status !== 'waiting') throw new ConflictError(EngineMessages.taskHandled);
      const pinned = await versionOf(ctx, trx, bill);
      const base = { at: nowIso(), taskId, actor: caller.userId, comment: input.comment ?? null };
      const event: FlowEvent =
        operType === 'transfer' ? { ...base, type: 'transfer', to: input.to_user_id ?? 0 } : { ...base, type: operType };
      const next = await runEngine(ctx, trx, bill, state, pinned, event);
      return { id: bill.id, status: next.status, version: next.version };
    },
    notYours,
  );
  return { result, message: OPERATION_MESSAGES[operType] };
}
