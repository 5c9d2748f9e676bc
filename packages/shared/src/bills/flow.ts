import { z } from 'zod';
import { FIELD_ACCESS } from './change';
import { FlowMessages } from './messages';
import { FLOW_NODE_TYPES, STEP_TYPES } from './status';

/**
 * The flow graph of a template (DESIGN §6): nodes with ordered steps, joined by links whose rules
 * (SPEC `grouprules`) are and/or trees of conditions on form fields and on the initiator. These schemas
 * check the shape; `validateFlow` (apps/server/src/flow/validate.ts) checks the graph's meaning.
 */

export const CONDITION_OPERATORS = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'in', 'contains'] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

/** The initiator's department or job takes only the membership operators. */
export const INITIATOR_OPERATORS = ['eq', 'ne', 'in'] as const;

const ScalarZ = z.union([z.string(), z.number(), z.boolean()]);
const OperandZ = z.union([ScalarZ, z.array(ScalarZ)]);

export const ConditionZ = z.discriminatedUnion('on', [
  z.object({ on: z.literal('field'), field: z.string().min(1), op: z.enum(CONDITION_OPERATORS), value: OperandZ }),
  z.object({ on: z.literal('dept'), op: z.enum(INITIATOR_OPERATORS), value: z.union([z.number(), z.array(z.number())]) }),
  z.object({ on: z.literal('job'), op: z.enum(INITIATOR_OPERATORS), value: z.union([z.number(), z.array(z.number())]) }),
]);
export type Condition = z.infer<typeof ConditionZ>;

/** An and/or tree; an empty group always matches (an unconditional link). */
export interface RuleGroup {
  logic: 'and' | 'or';
  rules: (Condition | RuleGroup)[];
}

export const RuleGroupZ: z.ZodType<RuleGroup> = z.lazy(() =>
  z.object({ logic: z.enum(['and', 'or']), rules: z.array(z.union([ConditionZ, RuleGroupZ])) }),
);

export function isRuleGroup(rule: Condition | RuleGroup): rule is RuleGroup {
  return 'logic' in rule;
}

export const HandlerSourceZ = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('users'), userIds: z.array(z.number().int().positive()) }),
  z.object({ kind: z.literal('job'), jobId: z.number().int().positive(), onlyCoveringInitiatorDept: z.boolean().optional() }),
  /** The initiator's department leader, `levels` departments up (1 = the initiator's own department). */
  z.object({ kind: z.literal('leader'), levels: z.number().int().min(1).max(10) }),
  z.object({ kind: z.literal('chosen') }),
  z.object({ kind: z.literal('initiator') }),
]);
export type HandlerSource = z.infer<typeof HandlerSourceZ>;

export const StepDefZ = z.object({
  id: z.string().min(1),
  name: z.string().trim().min(1).max(50),
  type: z.enum(STEP_TYPES),
  source: HandlerSourceZ,
  /**
   * 同意时须填写审批意见 (钉钉's 审批意见必填): an agree on this step must carry a comment, as a reject or back
   * always must. Absent in flows saved before the option existed, which means no.
   */
  commentRequired: z.boolean().optional(),
});
export type StepDef = z.infer<typeof StepDefZ>;

export const FlowNodeZ = z.object({
  id: z.string().min(1),
  type: z.enum(FLOW_NODE_TYPES),
  name: z.string().trim().min(1).max(50),
  steps: z.array(StepDefZ).default([]),
  /**
   * A change node's field permissions (change.ts): field key → read, edit or hidden; a field not named is read.
   * Only change nodes carry them (flow validation).
   */
  fieldAccess: z.record(z.string(), z.enum(FIELD_ACCESS)).optional(),
});
export type FlowNode = z.infer<typeof FlowNodeZ>;

export const FlowLinkZ = z.object({
  id: z.string().min(1),
  from: z.string().min(1),
  to: z.string().min(1),
  /** Lower numbers are tried first. */
  priority: z.number().int().default(0),
  isDefault: z.boolean().default(false),
  rules: RuleGroupZ.default({ logic: 'and', rules: [] }),
});
export type FlowLink = z.infer<typeof FlowLinkZ>;

/**
 * What a step does with the initiator among its handlers (发起人审批时, as 钉钉/飞书 name it): `skip` leaves
 * them out (a step left with nobody passes by itself), `self` lets them approve their own bill, `leader` hands
 * their place to their direct department leader. The explicit 发起人本人 source is the exception: such a step is
 * meant for the initiator (验收, 确认) and always goes to them.
 */
export const INITIATOR_APPROVES = ['skip', 'self', 'leader'] as const;
export type InitiatorApproves = (typeof INITIATOR_APPROVES)[number];

/**
 * 审批人去重 (as 钉钉 names it): what happens when one person is a handler at more than one step of a bill. `none`:
 * they decide at every step; `consecutive`: agreed for at a step right after one they agreed; `first`: asked only
 * the first time — agreed for at every later step of the same pass through the flow (since the release, the
 * resubmission or the 退回 that started it), whatever came between.
 */
export const APPROVER_DEDUP = ['none', 'consecutive', 'first'] as const;
export type ApproverDedup = (typeof APPROVER_DEDUP)[number];

export const FlowSettingsZ = z
  .object({
    /** A step whose source finds nobody: skip it, or send it to the template's administrator. */
    emptyHandler: z.enum(['skip', 'admin']).default('skip'),
    adminUserId: z.number().int().positive().nullable().default(null),
    /** After a reject, a resubmitted bill re-runs the flow from the start or resumes at the rejecting node. */
    resubmit: z.enum(['restart', 'resume']).default('restart'),
    /** See APPROVER_DEDUP. Absent in flows saved before it had three choices: `autoAgreeSameHandler` decides then. */
    approverDedup: z.enum(APPROVER_DEDUP).optional(),
    /**
     * Read, never written: flows saved before 审批人去重 had three choices stored this switch (true meant
     * `consecutive`). The parse turns it into `approverDedup`, so nothing past this schema sees it.
     */
    autoAgreeSameHandler: z.boolean().optional(),
    /** 发起人审批时: see INITIATOR_APPROVES. Flows saved before the setting existed mean `skip` (initiatorApprovesOf). */
    initiatorApproves: z.enum(INITIATOR_APPROVES).default('skip'),
  })
  .refine((s) => s.emptyHandler !== 'admin' || s.adminUserId !== null, {
    message: FlowMessages.adminRequired,
    path: ['adminUserId'],
  })
  .transform(({ autoAgreeSameHandler, approverDedup, ...rest }) => ({
    ...rest,
    approverDedup: approverDedup ?? (autoAgreeSameHandler === true ? 'consecutive' : 'none'),
  }));
export type FlowSettings = z.output<typeof FlowSettingsZ>;

/**
 * The 发起人审批时 setting of a flow as stored: versions and working copies written before the setting existed
 * lack it; the repos' zod parse fills the default, `skip`, and this gives the same for a settings object built
 * by hand.
 */
export function initiatorApprovesOf(settings: Partial<Pick<FlowSettings, 'initiatorApproves'>>): InitiatorApproves {
  return settings.initiatorApproves ?? 'skip';
}

export const FlowGraphZ = z.object({
  nodes: z.array(FlowNodeZ).min(1),
  links: z.array(FlowLinkZ),
  settings: FlowSettingsZ,
});
export type FlowGraph = z.infer<typeof FlowGraphZ>;
