import {
  ApprovalMessages,
  chooseLink,
  computeRoute,
  deptPathOf,
  FlowPreviewInputZ,
  initiatorApprovesOf,
  type FlowGraph,
  type FlowPreview,
  type FlowPreviewNode,
  type FlowPreviewStep,
  type RuleInput,
} from '@osp/shared';
import type { AppContext, Caller } from '../../context';
import { nowIso } from '../../db/index';
import { applyInitiatorRule, resolveSource } from '../../flow/handlers';
import type { Initiator } from '../../flow/types';
import { ValidationError } from '../../http/errors';
import { parse } from '../../http/validate';
import { activeUserDept, jobIdsOf, loadFlowDirectory, userCards } from '../directory/directory.service';
import { checkFlow } from './templates.flow';
import { authorizeTemplateAdmin } from './templates.policy';

/**
 * POST /api/templates/flow-preview (the designer's 预览): an unsaved form and flow run against sample values
 * and an initiator. The path is the shared `computeRoute`, the handlers the engine's own `resolveSource` over
 * the real directory (departments, leaders, job members; disabled people count as nobody), so the preview
 * answers what a release would.
 * 发起人审批时 is applied as the engine applies it (`initiator` on each step says what it did).
 * Not applied: entrusts (they depend on the day a task arrives) and auto-agree (it depends on earlier decisions).
 */

/** The nodes from the start up to the node where no link matched, and that node's id (the graph is acyclic, checked). */
function deadEnd(flow: FlowGraph, input: RuleInput): { path: string[]; stop: string | null } {
  const path: string[] = [];
  let current = flow.nodes.find((n) => n.type === 'start');
  while (current && !path.includes(current.id)) {
    path.push(current.id);
    const link = chooseLink(flow.links, current.id, input);
    const next = link ? flow.nodes.find((n) => n.id === link.to) : undefined;
    if (!next) return { path, stop: current.id };
    current = next;
  }
  return { path, stop: current?.id ?? null };
}

export async function previewFlow(ctx: AppContext, caller: Caller, body: unknown): Promise<FlowPreview> {
  authorizeTemplateAdmin(caller);
  const input = parse(FlowPreviewInputZ, body);
  // The same checks as saving: a faulty graph is answered with its nodes named, not previewed.
  await checkFlow(ctx.db, input.flow, input.form_schema);

  const initiatorId = input.initiator_id ?? caller.userId;
  const user = await activeUserDept(ctx.db, initiatorId);
  if (!user) throw new ValidationError({ initiator_id: [ApprovalMessages.previewInitiatorMissing] });
  const initiator: Initiator = { userId: initiatorId, deptId: user.dept_id ?? 0, jobIds: await jobIdsOf(ctx.db, initiatorId) };
  const directory = await loadFlowDirectory(ctx, ctx.db, input.flow, nowIso(), [initiatorId]);
  // As the engine's release: department rules see the initiator's department with every one above it.
  const deptPath = deptPathOf(initiator.deptId, (id) => directory.deptParent(id));
  const ruleInput: RuleInput = { form: input.form, initiator: { ...initiator, deptPath } };

  const routed = computeRoute(input.flow, ruleInput);
  const { path, stop } = routed.ok ? { path: routed.route, stop: null } : deadEnd(input.flow, ruleInput);
  const nodes = path.map((id) => input.flow.nodes.find((n) => n.id === id)).filter((n) => n !== undefined);

  const { emptyHandler, adminUserId } = input.flow.settings;
  const rule = initiatorApprovesOf(input.flow.settings);
  const resolved = nodes.map((node) =>
    node.steps.map((step) => {
      // 发起人自选 never names the initiator (the release refuses it), so the setting has nothing to do there.
      if (step.source.kind === 'chosen') return { step, users: [] as number[], note: 'chosen' as const, initiator: null };
      // As the engine's startStep: 发起人审批时 first; a step it leaves empty by skipping passes (no emptyHandler).
      const named = resolveSource(step.source, directory, initiator, undefined);
      const { users, outcome } = applyInitiatorRule(step.source, named, rule, directory, initiator);
      const said = outcome === 'none' ? null : outcome;
      if (users.length > 0 || outcome === 'skipped') return { step, users, note: null, initiator: said };
      return emptyHandler === 'admin' && adminUserId !== null
        ? { step, users: [adminUserId], note: 'admin' as const, initiator: said }
        : { step, users: [], note: 'skip' as const, initiator: said };
    }),
  );
  const cards = await userCards(
    ctx.db,
    resolved.flat().flatMap((r) => r.users),
  );
  const previewNodes: FlowPreviewNode[] = nodes.map((node, i) => ({
    id: node.id,
    name: node.name,
    type: node.type,
    steps: (resolved[i] ?? []).map(({ step, users, note, initiator: byInitiator }): FlowPreviewStep => ({
      id: step.id,
      name: step.name,
      type: step.type,
      handlers: users.map((id) => ({ id, name: cards.get(id)?.name ?? String(id), dept_name: cards.get(id)?.dept_name ?? null })),
      note,
      initiator: byInitiator,
    })),
  }));
  return {
    path: previewNodes,
    ok: routed.ok,
    message: routed.ok ? null : routed.message,
    node_id: stop,
  };
}
