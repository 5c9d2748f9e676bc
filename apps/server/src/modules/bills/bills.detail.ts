import {
  BILL_STATUS_LABELS,
  BillIdZ,
  onBehalfLabel,
  type BillDetail,
  type BillFlowView,
  type BillHistoryEntry,
  type BillRecordNode,
  type ItemRow,
} from '@osp/shared';
import type { AppContext, Caller } from '../../context';
import { nowIso, type Db } from '../../db/index';
import { pendingTaskOf, stepDefOf } from '../../flow/present';
import { parse } from '../../http/validate';
import { attachmentCards, attachmentIdsOf } from '../files/attachments.service';
import { ancestorsOf, deptParents, jobIdsOf, loadFlowDirectory, userCards } from '../directory/directory.service';
import { hasIptvAccess } from '../templates/templates.policy';
import { versionOf } from './bills.forms';
import { authorizeReadOfView, billUnavailable } from './bills.policy';
import { abilitiesOf, activeNodeName, presentFlow, presentHistory, presentRecord } from './bills.presenter';
import { peopleOfPredictions, predictSteps, stepsAhead } from './bills.predict';
import { findBill, markShareRead, type BillRow } from './bills.repo';
import { changeAccessOf, hiddenFieldKeys } from './bills.field-access';
import { loadBillView } from './bills-view.repo';

/**
 * A bill as its reader sees it (issue 4): the detail with what the caller may do next, its history, its
 * record of nodes and steps, its flow (/oa/flow) and its item rows. One statement reads it all
 * (bills-view.repo `loadBillView`); the read rule is bills.policy's.
 */

export async function requireBill(db: Db, id: number): Promise<BillRow> {
  const bill = await findBill(db, id);
  if (!bill) throw billUnavailable();
  return bill;
}

/** A bill as its reader sees it: one statement (bills-view.repo `loadBillView`), the read rule, its pinned version. */
export async function loadForRead(ctx: AppContext, caller: Caller, billId: number) {
  const view = await loadBillView(ctx.db, billId, caller.userId);
  if (!view) throw billUnavailable();
  authorizeReadOfView(caller, view);
  const pinned = await versionOf(ctx, ctx.db, view.bill, view.template?.current_version_id ?? null);
  return { ...view, pinned };
}

export async function getBill(ctx: AppContext, caller: Caller, params: unknown): Promise<BillDetail> {
  const { id } = parse(BillIdZ, params);
  const { bill, state, pinned, template, items, cards, tracked, shareUnread } = await loadForRead(ctx, caller, id);
  // Opening the bill is reading it: a 待阅 share of the caller's becomes 已阅.
  if (shareUnread) await markShareRead(ctx.db, bill.id, caller.userId, nowIso());
  const startable =
    template !== null && template.status === 1 && template.current_version_id !== null && (template.is_iptv !== 1 || hasIptvAccess(caller));
  // A change node's handler does not see the fields the node hides from them (变更节点, bills.field-access.ts).
  const hidden = hiddenFieldKeys(state, pinned.flow, pinned.formSchema, caller.userId);
  const schema =
    hidden.size === 0 ? pinned.formSchema : { ...pinned.formSchema, fields: pinned.formSchema.fields.filter((f) => !hidden.has(f.key)) };
  const stored = bill.form;
  const form: BillDetail['form'] = {};
  const totals: Record<string, string> = {};
  const shownItems = hidden.size === 0 ? items : Object.fromEntries(Object.entries(items).filter(([key]) => !hidden.has(key)));
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
    items: shownItems,
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
    archive_no: bill.archive_no,
    archived_at: bill.archived_at,
    abilities: abilitiesOf(caller, bill, state, pinned.flow, startable),
    tracked,
    my_task: task
      ? {
          id: task.id,
          on_behalf_of: task.onBehalfOf === null ? null : onBehalfLabel(cards.get(task.onBehalfOf)?.name ?? ''),
          node_name: activeNodeName(state, pinned.flow) ?? '',
          step_name: step?.name ?? '',
          comment_required: stepDefOf(state, pinned.flow.nodes, task)?.commentRequired === true,
          field_access: changeAccessOf(state, pinned.flow, caller.userId),
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

/**
 * GET /oa/flow/{id}. For a bill in progress, the steps it has not reached yet are resolved as the engine would start
 * them now (bills.predict.ts), over the directory and entrusts of this moment, and shown as predicted.
 */
export async function getFlow(ctx: AppContext, caller: Caller, params: unknown): Promise<BillFlowView> {
  const { bill, state, pinned, cards } = await loadForRead(ctx, caller, parse(BillIdZ, params).id);
  if (state.route.length === 0) {
    // A draft shows the route its form would take, its rules read as at release (flow-rules: 属于 counts the
    // departments above the initiator's).
    const deptId = bill.dept_id ?? 0;
    const initiator = {
      deptId,
      deptPath: ancestorsOf(await deptParents(ctx), deptId),
      jobIds: await jobIdsOf(ctx.db, bill.initiator_id),
    };
    return presentFlow(bill, state, pinned.flow, cards, new Map(), initiator);
  }
  if (stepsAhead(state, pinned.flow).length === 0) return presentFlow(bill, state, pinned.flow, cards);
  const at = nowIso();
  // The people only the bill knows, as the engine's own look-up asks about them (bills.transactions `peopleOf`).
  const people = [...Object.values(state.chosenHandlers).flat(), ...(state.initiator ? [state.initiator.userId] : [])];
  const directory = await loadFlowDirectory(ctx, ctx.db, pinned.flow, at, people);
  const predictions = predictSteps(state, pinned.flow, directory, at);
  const unnamed = peopleOfPredictions(predictions).filter((id) => !cards.has(id));
  const named = unnamed.length === 0 ? cards : new Map([...cards, ...(await userCards(ctx.db, unnamed))]);
  return presentFlow(bill, state, pinned.flow, named, predictions);
}

export async function getItems(ctx: AppContext, caller: Caller, params: unknown): Promise<Record<string, ItemRow[]>> {
  const { items, state, pinned } = await loadForRead(ctx, caller, parse(BillIdZ, params).id);
  const hidden = hiddenFieldKeys(state, pinned.flow, pinned.formSchema, caller.userId);
  return Object.fromEntries(Object.entries(items).filter(([key]) => !hidden.has(key)));
}
