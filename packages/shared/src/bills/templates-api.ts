import { z } from 'zod';
import { PageQueryZ } from '../common/paging';
import { ApprovalMessages, IdZ, TEMPLATE_NAME_MAX } from './api';
import { FlowGraphZ, FlowLinkZ, FlowNodeZ } from './flow';
import { FormSchemaZ, type FormSchema } from './form';
import { TEMPLATE_SUBJECT_KINDS, TemplateSubjectMessages } from './template-subjects';

/*
 * Request schemas and response shapes of the approval API's templates (issue 4, issue 5): template groups,
 * templates (and their IPTV variant) and jobs. Their messages are ApprovalMessages (api.ts); the server parses
 * every input with these; docs/approval-api.md lists the endpoints.
 */

// ---------- template groups ----------

export const TemplateGroupInputZ = z.object({
  name: z.string({ error: ApprovalMessages.groupNameRequired }).trim().min(1, ApprovalMessages.groupNameRequired).max(30),
  sort: z.number().int().min(0).max(1_000_000).optional(),
});
export type TemplateGroupInput = z.infer<typeof TemplateGroupInputZ>;

/** POST /api/template/groups/sort: every group's id in the new order. */
export const TemplateGroupSortZ = z.object({
  ids: z
    .array(z.number().int().positive(), { error: ApprovalMessages.groupSortInvalid })
    .min(1, ApprovalMessages.groupSortInvalid)
    .max(1000),
});

export interface TemplateGroup {
  id: number;
  name: string;
  sort: number;
  template_count: number;
}

// ---------- templates ----------

export const TemplateIdZ = z.object({ id: IdZ(ApprovalMessages.templateNotFound) });

/**
 * Who may start bills from a template. All three empty: everyone. Otherwise a user may start it when
 * listed, when holding one of the roles, or when in one of the departments or a department below one.
 */
export const TemplateStartersZ = z.object({
  dept_ids: z.array(z.number().int().positive()).max(200).default([]),
  role_ids: z.array(z.number().int().positive()).max(200).default([]),
  user_ids: z.array(z.number().int().positive()).max(500).default([]),
});
export type TemplateStarters = z.infer<typeof TemplateStartersZ>;

/** GET /api/template/roles (template administrators): the roles a starter list may name. */
export interface TemplateRoleOption {
  id: number;
  name: string;
}

export const TemplateInputZ = z.object({
  group_id: IdZ(ApprovalMessages.groupNotFound),
  name: z
    .string({ error: ApprovalMessages.templateNameRequired })
    .trim()
    .min(1, ApprovalMessages.templateNameRequired)
    .max(TEMPLATE_NAME_MAX),
  description: z.string().trim().max(200).default(''),
  icon: z.string().trim().max(64).default(''),
  /** 1 enabled (staff may start it), 0 disabled. */
  status: z.union([z.literal(0), z.literal(1)]).default(1),
  form_schema: FormSchemaZ.default({ fields: [] }),
  /** Optional on create: a template without a flow cannot be started yet. */
  flow: FlowGraphZ.optional(),
  starters: TemplateStartersZ.default({ dept_ids: [], role_ids: [], user_ids: [] }),
  /**
   * The module that starts this template's bills ('leave': 申请请假), null for none; absent keeps what the template
   * has (template-subjects.ts).
   */
  subject_kind: z.enum(TEMPLATE_SUBJECT_KINDS, { error: TemplateSubjectMessages.kindInvalid }).nullable().optional(),
  /**
   * true (the default): the saved form and flow become the version new bills use at once.
   * false: saved as the working copy only (checked all the same); the designer's 保存 before 发布.
   */
  publish: z.boolean().default(true),
});
export type TemplateInput = z.infer<typeof TemplateInputZ>;

export const TemplateListQueryZ = PageQueryZ.extend({
  group_id: z.coerce.number().int().positive().optional(),
  keyword: z.string().trim().max(50).optional(),
  /** 1: every template incl. disabled ones (template administrators only). */
  all: z.coerce.number().int().min(0).max(1).default(0),
  per_page: z.coerce.number().int().min(1).max(500).default(500),
});

export const TemplateSortZ = z.object({
  ids: z.array(z.number().int().positive(), { error: ApprovalMessages.sortInvalid }).min(1, ApprovalMessages.sortInvalid).max(1000),
  group_id: z.number().int().positive().optional(),
});

export const NodeLinkInputZ = FlowLinkZ.omit({ id: true });
/** A new node, with the links that connect it (a node alone would be unreachable). */
export const NodeCreateZ = FlowNodeZ.extend({ links: z.array(NodeLinkInputZ).max(50).default([]) });
export const NodeUpdateZ = FlowNodeZ.omit({ id: true });

export interface TemplateSummary {
  id: number;
  group_id: number;
  group_name: string;
  name: string;
  description: string;
  icon: string;
  status: number;
  is_iptv: number;
  /**
   * The module that starts this template's bills from its own page ('leave': the leave form), or null. Such a
   * template is not started from 发起审批's bill form (docs/holiday.md "The 请假 template").
   */
  subject_kind: string | null;
  sort: number;
  favorite: boolean;
  /** Whether a bill can be started from it (enabled and with a published flow). */
  startable: boolean;
  /** The published version's number (0: never published). */
  version_no: number;
  updated_at: string;
}

export interface TemplateDetail extends TemplateSummary {
  form_schema: FormSchema;
  flow: z.infer<typeof FlowGraphZ> | null;
  /** The published version new bills pin (null until a flow is saved). */
  version_id: number | null;
  starters: TemplateStarters;
  /** The working form or flow differs from the published version (saved with publish: false). */
  has_unpublished: boolean;
  /** Bills pinned to the published version: all of them, and those still in approval (doing). */
  version_bills: { total: number; in_progress: number };
}

/**
 * POST /api/templates/flow-preview (template administrators): runs an unsaved form and flow against
 * sample values and an initiator. `form` holds values as a bill stores them (money as a decimal string,
 * an items field by its total).
 */
export const FlowPreviewInputZ = z.object({
  form_schema: FormSchemaZ,
  flow: FlowGraphZ,
  form: z
    .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.union([z.string(), z.number()]))]))
    .default({}),
  /** Whose bill it would be (department, jobs, leaders); the caller when left out. */
  initiator_id: z.number().int().positive().optional(),
});
export type FlowPreviewInput = z.input<typeof FlowPreviewInputZ>;

export interface FlowPreviewHandler {
  id: number;
  name: string;
  dept_name: string | null;
}

export interface FlowPreviewStep {
  id: string;
  name: string;
  type: string;
  handlers: FlowPreviewHandler[];
  /** chosen: the initiator picks at release; skip / admin: nobody found, what the flow's setting does. */
  note: 'chosen' | 'skip' | 'admin' | null;
  /**
   * What 发起人审批时 did for this initiator: skipped (left out of the handlers; a step left with nobody passes by
   * itself), leader (their direct leader took their place), or null (not among the handlers, or self).
   */
  initiator: 'skipped' | 'leader' | null;
}

export interface FlowPreviewNode {
  id: string;
  name: string;
  type: string;
  steps: FlowPreviewStep[];
}

export interface FlowPreview {
  /** The nodes the bill would pass, start to end (up to the dead end when `ok` is false). */
  path: FlowPreviewNode[];
  ok: boolean;
  /** Why no route was found (EngineMessages.noRoute), with the node it stopped at. */
  message: string | null;
  node_id: string | null;
}

// ---------- jobs ----------

export const JobInputZ = z.object({
  name: z.string({ error: ApprovalMessages.jobNameRequired }).trim().min(1, ApprovalMessages.jobNameRequired).max(30),
  description: z.string().trim().max(200).default(''),
});
export const JobIdZ = z.object({ id: IdZ(ApprovalMessages.jobNotFound) });
export const JobMemberInputZ = z.object({
  user_id: IdZ(ApprovalMessages.userMissing),
  /** The departments the member covers (empty: all). */
  dept_ids: z.array(z.number().int().positive()).max(200).default([]),
});
export const JobMemberUpdateZ = JobMemberInputZ.pick({ dept_ids: true });
export const JobListQueryZ = PageQueryZ.extend({ keyword: z.string().trim().max(50).optional() });

export interface JobMember {
  uuid: string;
  user_id: number;
  name: string;
  dept_name: string | null;
  dept_ids: number[];
}

export interface Job {
  id: number;
  name: string;
  description: string;
  member_count: number;
  /** Templates whose flow sends a step to the job or routes on it, IPTV ones included. */
  template_count: number;
  /** `delete`: no template uses the job (the server refuses otherwise). */
  abilities: { delete: boolean };
  /** ApprovalMessages.jobInUse while a template uses the job; '' when it can be deleted. */
  delete_blocked_reason: string;
  members?: JobMember[];
}
