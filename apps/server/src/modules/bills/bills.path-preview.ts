import {
  ApprovalMessages,
  approvalModeLabel,
  BillPathPreviewZ,
  computeRoute,
  deptPathOf,
  STEP_REVIEW_KIND,
  type BillPathNode,
  type BillPathPreview,
  type BillPathStep,
  type FlowNode,
  type StepDef,
} from '@osp/shared';
import type { AppContext, Caller } from '../../context';
import { nowIso } from '../../db/index';
import { draftBill } from '../../flow/engine';
import { hasHandlers, planStepOf, type StepStart } from '../../flow/navigate';
import type { BillState, FlowSnapshot, Initiator } from '../../flow/types';
import { ConflictError, ValidationError } from '../../http/errors';
import { parse } from '../../http/validate';
import { jobIdsOf, loadFlowDirectory, userCards } from '../directory/directory.service';
import { loadVersion } from '../templates/templates.versions';
import { authorizeTemplateRead } from '../templates/templates.policy';
import { authorizeStart } from '../templates/templates.service';
import { authorizeInitiator } from './bills.access';
import { checkForm, storedValues, templateOf, versionOf } from './bills.forms';
import { requireBill } from './bills.detail';
import { EDITABLE } from './bills.policy';

/**
 * POST /api/bills/path-preview: the 审批流程 card of the bill form — the path the form as typed would take and
 * whom each step would ask, were it submitted now. Nothing is written.
 *
 * It runs what release runs: the shared `computeRoute` over the form's stored values (department rules see the
 * initiator's department with those above it), then each step through the engine's own `planStepOf` (the source,
 * disabled people as nobody, 发起人审批时, entrusts, the empty-handler setting). Who may ask is who may submit: a new
 * bill's template must be one the caller may start; a saved bill must be the caller's own and still editable.
 */

interface Subject {
  flow: FlowSnapshot;
  /** The form as the bill stores it (values and each items table's total), what link rules read. */
  form: Record<string, unknown>;
  /** A resumed resubmit starts at the node that sent the bill back, not at the start. */
  resumeAt: string | null;
  /** The department the rules read: the caller's at release, the one the bill was released in at a resubmit. */
  deptId: number;
}

async function subjectOf(ctx: AppContext, caller: Caller, input: ReturnType<typeof BillPathPreviewZ.parse>): Promise<Subject> {
  if (input.bill_id !== undefined) {
    const bill = await requireBill(ctx.db, input.bill_id);
    await authorizeInitiator(ctx.db, caller, bill);
    if (!EDITABLE.includes(bill.status)) throw new ConflictError(ApprovalMessages.notEditable);
    const pinned = await versionOf(ctx, ctx.db, bill);
    const form = checkForm(pinned.formSchema, input.form, 'draft');
    const resumes = bill.status === 'rejected' && pinned.flow.settings.resubmit === 'resume';
    return {
      flow: pinned.flow,
      form: storedValues(form),
      resumeAt: resumes ? bill.rejected_node_id : null,
      deptId: (bill.status === 'draft' ? caller.user.dept_id : bill.dept_id) ?? 0,
    };
  }
  const template = input.template_id === undefined ? undefined : await templateOf(ctx.db, input.template_id);
  if (!template || template.status !== 1) throw new ValidationError({ template_id: [ApprovalMessages.templateNotFound] });
  authorizeTemplateRead(caller, template.is_iptv === 1);
  await authorizeStart(ctx, ctx.db, caller, template.id);
  if (template.current_version_id === null) throw new ValidationError({ template_id: [ApprovalMessages.templateNoFlow] });
  const pinned = await loadVersion(ctx.db, template.current_version_id, ctx.db);
  const form = storedValues(checkForm(pinned.formSchema, input.form, 'draft'));
  return { flow: pinned.flow, form, resumeAt: null, deptId: caller.user.dept_id ?? 0 };
}

export async function previewBillPath(ctx: AppContext, caller: Caller, body: unknown): Promise<BillPathPreview> {
  const input = parse(BillPathPreviewZ, body);
  const { flow, form, resumeAt, deptId } = await subjectOf(ctx, caller, input);
  const initiator: Initiator = { userId: caller.userId, deptId, jobIds: await jobIdsOf(ctx.db, caller.userId) };
  const at = nowIso();
  const chosen = input.chosen_handlers;
  const directory = await loadFlowDirectory(ctx, ctx.db, flow, at, [caller.userId, ...Object.values(chosen).flat()]);
  const deptPath = deptPathOf(initiator.deptId, (id) => directory.deptParent(id));
  const routed = computeRoute(flow, { form: form as BillState['form'], initiator: { ...initiator, deptPath } });
  if (!routed.ok) return { ok: false, message: routed.message, nodes: [] };
  const from = resumeAt === null ? -1 : routed.route.indexOf(resumeAt);
  const route = from > 0 ? [routed.route[0] ?? '', ...routed.route.slice(from)] : routed.route;

  // A bill as release leaves it before its first step starts: what planStepOf reads (initiator, picks, form).
  const state: BillState = { ...draftBill(), status: 'doing', initiator, chosenHandlers: chosen, form: form as BillState['form'], route };
  const planned: { node: FlowNode; steps: { def: StepDef; plan: StepStart }[] }[] = [];
  for (const nodeId of route) {
    const node = flow.nodes.find((n) => n.id === nodeId);
    if (!node) continue;
    planned.push({
      node,
      steps: hasHandlers(node) ? node.steps.map((def) => ({ def, plan: planStepOf(flow, directory, state, at, def) })) : [],
    });
  }

  const people = planned.flatMap((n) =>
    n.steps.flatMap(({ plan }) =>
      plan.kind === 'assign' ? plan.assignments.flatMap((a) => [a.actingHandler, ...(a.onBehalfOf === null ? [] : [a.onBehalfOf])]) : [],
    ),
  );
  const cards = await userCards(ctx.db, people);
  const nameOf = (id: number) => cards.get(id)?.name ?? String(id);

  // 审批人去重 (flow/navigate `autoAgree`): `consecutive` agrees for a handler who agreed the step decided just
  // before, `first` for one who agreed any step before. Foreseen only where it is certain who agrees a step: every
  // handler of a 会签/依次 step, the one handler of a 或签 step, or the first of its handlers agreed for.
  const dedup = flow.settings.approverDedup;
  let agreedBefore = new Set<number>();
  const nodes: BillPathNode[] = planned.map(({ node, steps }) => ({
    id: node.id,
    name: node.name,
    type: node.type,
    steps: steps.map(({ def, plan }): BillPathStep => {
      const base = { id: def.id, name: def.name, approvalModeLabel: approvalModeLabel(node.type, def.type) };
      if (plan.kind !== 'assign') {
        // A step that passes by itself is passed over by auto-agree too.
        const note =
          def.source.kind === 'chosen' && (chosen[def.id] ?? []).length === 0
            ? 'choose'
            : plan.kind === 'initiator_skipped'
              ? 'initiator_skipped'
              : 'skip';
        return { ...base, handlers: [], note };
      }
      const everyoneAgrees = STEP_REVIEW_KIND[def.type] !== 'single' || plan.assignments.length === 1;
      // In a 或签 the first handler agreed for ends the step (the engine's loop stops there): only they are marked.
      const firstAuto = dedup === 'none' ? undefined : plan.assignments.find((a) => agreedBefore.has(a.actingHandler));
      const handlers = plan.assignments.map((a) => ({
        id: a.actingHandler,
        name: nameOf(a.actingHandler),
        dept_name: cards.get(a.actingHandler)?.dept_name ?? null,
        on_behalf_of: a.onBehalfOf === null ? null : { id: a.onBehalfOf, name: nameOf(a.onBehalfOf) },
        auto_agree: dedup !== 'none' && agreedBefore.has(a.actingHandler) && (everyoneAgrees || a === firstAuto) ? dedup : null,
      }));
      const agreers = everyoneAgrees ? handlers.map((h) => h.id) : firstAuto ? [firstAuto.actingHandler] : [];
      agreedBefore = dedup === 'first' ? new Set([...agreedBefore, ...agreers]) : new Set(agreers);
      return { ...base, handlers, note: null };
    }),
  }));
  return { ok: true, message: null, nodes };
}
