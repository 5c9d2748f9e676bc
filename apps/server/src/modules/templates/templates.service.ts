import {
  ApprovalMessages,
  subjectFormProblems,
  TEMPLATE_SUBJECT_KINDS,
  TEMPLATE_SUBJECT_LABELS,
  TemplateIdZ,
  TemplateInputZ,
  TemplateListQueryZ,
  TemplateSubjectMessages,
  type Paged,
  type TemplateInput,
  type TemplateSubjectKind,
  type TemplateDetail,
  type TemplateRoleOption,
  type TemplateSummary,
} from '@osp/shared';
import { z } from 'zod';
import type { Actor, AppContext, Caller } from '../../context';
import type { Db } from '../../db/index';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../http/errors';
import { parse } from '../../http/validate';
import { recordOperation } from '../syslog/syslog.service';
import { hasUnpublished, saveFlow, strippedFlow } from './templates.flow';
import { requireGroup } from './templates.groups';
import { changeClause, changedFacts, statusText, templateFacts, templateItemType } from './templates.oplog';
import { authorizeTemplateAdmin, authorizeTemplateRead, authorizeTemplateWrite, isTemplateAdmin } from './templates.policy';
import * as directory from '../directory/directory.service';
import * as repo from './templates.repo';
import { checkStarters, deniedTemplateIds, mayStartTemplate } from './templates.starters';

/**
 * Templates and their IPTV variant: list, read, create, update (save or publish), delete, copy, favourites,
 * and who may start them. Groups and order: templates.groups.ts; the working flow and the node and link
 * endpoints: templates.flow.ts; the designer's 预览: templates.preview.ts.
 */

function summaryOf(row: repo.TemplateSummaryRow, favorite: boolean): TemplateSummary {
  return {
    id: row.id,
    group_id: row.group_id,
    group_name: row.group_name,
    name: row.name,
    description: row.description,
    icon: row.icon,
    status: row.status,
    is_iptv: row.is_iptv,
    subject_kind: row.subject_kind,
    sort: row.sort,
    favorite,
    startable: row.status === 1 && row.current_version_id !== null,
    version_no: row.version_no,
    updated_at: row.updated_at,
  };
}

/**
 * all=0 (发起审批): the enabled templates the caller may start, administrators included; all=1
 * (template administrators' page): every template of the kind.
 */
export async function listTemplates(ctx: AppContext, caller: Caller, query: unknown, iptv: boolean): Promise<Paged<TemplateSummary>> {
  authorizeTemplateRead(caller, iptv);
  const input = parse(TemplateListQueryZ, query);
  if (input.all === 1) authorizeTemplateAdmin(caller);
  const excluded = input.all === 1 ? [] : await deniedTemplateIds(ctx, ctx.db, caller);
  const { rows, total } = await repo.listTemplates(
    ctx.db,
    caller.userId,
    { isIptv: iptv ? 1 : 0, enabledOnly: input.all !== 1, groupId: input.group_id, keyword: input.keyword, excluded },
    input.page,
    input.per_page,
  );
  return { list: rows.map((r) => summaryOf(r, r.fav_user !== null)), total, page: input.page, per_page: input.per_page };
}

/** A template the caller may read, of the kind the route serves (an IPTV id on /api/templates is not found). */
export async function readableTemplate(db: Db, caller: Caller, id: number, iptv: boolean): Promise<repo.TemplateRow> {
  const row = await repo.findTemplate(db, id);
  if (!row || row.is_iptv !== (iptv ? 1 : 0)) throw new NotFoundError(ApprovalMessages.templateNotFound);
  authorizeTemplateRead(caller, iptv);
  // A disabled template is only for its administrators.
  if (row.status !== 1 && !isTemplateAdmin(caller)) throw new NotFoundError(ApprovalMessages.templateNotFound);
  return row;
}

/** The working copy (what the designer edits), with what the administrators' page tells about its version. */
async function detailOf(db: Db, caller: Caller, row: repo.TemplateRow): Promise<TemplateDetail> {
  const [flow, favorite, starters, versionBills] = await Promise.all([
    repo.loadWorkingFlow(db, row.id, row.flow_settings),
    repo.isFavorite(db, caller.userId, row.id),
    repo.startersOf(db, row.id),
    repo.countVersionBills(db, row.id, row.current_version_id),
  ]);
  return {
    ...summaryOf(row, favorite),
    form_schema: row.form_schema,
    flow,
    version_id: row.current_version_id,
    starters,
    has_unpublished: await hasUnpublished(db, row, flow),
    version_bills: versionBills,
  };
}

const DetailQueryZ = z.object({ published: z.coerce.number().int().min(0).max(1).default(0) });

/**
 * The working copy for the designer; `?published=1` (the bill edit page) answers the published version's
 * name, form and flow instead, which is what a new bill is checked against. Staff without template_admin
 * always get the published version: an unpublished edit is the administrators' business until 发布.
 */
export async function getTemplate(
  ctx: AppContext,
  caller: Caller,
  params: unknown,
  iptv: boolean,
  query: unknown = {},
): Promise<TemplateDetail> {
  const { id } = parse(TemplateIdZ, params);
  const { published } = parse(DetailQueryZ, query);
  const row = await readableTemplate(ctx.db, caller, id, iptv);
  const detail = await detailOf(ctx.db, caller, row);
  if (published === 0 && isTemplateAdmin(caller)) return detail;
  const version = row.current_version_id === null ? undefined : await repo.findVersion(ctx.db, row.current_version_id);
  if (!version) throw new ConflictError(ApprovalMessages.templateNoFlow);
  return {
    ...detail,
    name: version.name,
    form_schema: version.form_schema,
    flow: version.flow,
    has_unpublished: false,
  };
}

/** The IPTV flag is the route's (issue 5: fixed once created); a body asking for the other kind is refused. */
function refuseKindChange(body: unknown, iptv: boolean): void {
  if (body === null || typeof body !== 'object' || !('is_iptv' in body)) return;
  const asked = body.is_iptv;
  if (asked !== undefined && asked !== null && Number(asked) !== (iptv ? 1 : 0)) {
    throw new ValidationError({ is_iptv: [ApprovalMessages.iptvFlagFixed] });
  }
}

export async function createTemplate(ctx: AppContext, actor: Actor, body: unknown, iptv: boolean): Promise<TemplateDetail> {
  authorizeTemplateWrite(actor.caller, iptv);
  refuseKindChange(body, iptv);
  const input = parse(TemplateInputZ, body);
  const id = await ctx.db.transaction().execute(async (trx) => {
    const groupName = await requireGroup(trx, input.group_id);
    if (await repo.findTemplateByName(trx, input.name))
      throw new ValidationError({ name: [ApprovalMessages.templateNameTaken(input.name)] });
    await checkStarters(trx, input.starters);
    const subjectKind = input.subject_kind ?? null;
    await checkSubject(trx, null, subjectKind, input, iptv);
    const templateId = await repo.insertTemplate(trx, {
      subject_kind: subjectKind,
      group_id: input.group_id,
      name: input.name,
      description: input.description,
      icon: input.icon,
      status: input.status,
      is_iptv: iptv ? 1 : 0,
      form_schema: input.form_schema,
    });
    await repo.writeStarters(trx, templateId, input.starters);
    if (input.flow) await saveFlow(trx, templateId, input.name, input.form_schema, input.flow, input.publish);
    const facts = templateFacts({ ...input, group: groupName, schema: input.form_schema, flow: input.flow ?? null });
    const flowText = input.flow ? `${input.flow.nodes.length} 个节点${input.publish ? '' : '，未发布'}` : '未设置流程';
    await recordOperation(trx, actor, {
      itemType: templateItemType(iptv),
      itemId: templateId,
      action: 'create',
      summary:
        `新建${iptv ? ' IPTV ' : ''}审批模板「${input.name}」（分组：${groupName}，${statusText(input.status)}，` +
        `${input.form_schema.fields.length} 个字段，${flowText}）`,
      after: facts,
    });
    return templateId;
  });
  return getTemplate(ctx, actor.caller, { id }, iptv);
}

/**
 * A template bound to a module (template-subjects.ts) keeps the form fields the module fills, and a kind has one
 * enabled template: refused at `form_schema` or `subject_kind` otherwise. IPTV templates serve no module.
 */
async function checkSubject(trx: Db, id: number | null, kind: string | null, input: TemplateInput, iptv: boolean): Promise<void> {
  if (kind === null) return;
  if (!isSubjectKind(kind)) throw new ValidationError({ subject_kind: [TemplateSubjectMessages.kindInvalid] });
  if (iptv) throw new ValidationError({ subject_kind: [TemplateSubjectMessages.iptv] });
  const problems = subjectFormProblems(kind, input.form_schema);
  if (problems.length > 0) throw new ValidationError({ form_schema: problems });
  if (input.status !== 1) return;
  const [other] = await repo.enabledTemplatesOfSubject(trx, kind, id);
  if (other) throw new ValidationError({ subject_kind: [TemplateSubjectMessages.taken(TEMPLATE_SUBJECT_LABELS[kind], other.name)] });
}

function isSubjectKind(kind: string): kind is TemplateSubjectKind {
  return (TEMPLATE_SUBJECT_KINDS as readonly string[]).includes(kind);
}

function subjectClause(kind: string | null): string {
  return kind !== null && isSubjectKind(kind) ? `业务用途设为「${TEMPLATE_SUBJECT_LABELS[kind]}」` : '取消业务用途';
}

/**
 * PUT replaces the template's fields; a body without `flow` keeps the working flow (re-validated against
 * the new form). `publish: false` saves the working copy only: group, status, icon, description and
 * starters apply at once, while the name, form and flow reach new bills when published.
 */
export async function updateTemplate(
  ctx: AppContext,
  actor: Actor,
  params: unknown,
  body: unknown,
  iptv: boolean,
): Promise<TemplateDetail> {
  const caller = actor.caller;
  authorizeTemplateWrite(caller, iptv);
  const { id } = parse(TemplateIdZ, params);
  refuseKindChange(body, iptv);
  const input = parse(TemplateInputZ, body);
  await ctx.db.transaction().execute(async (trx) => {
    const row = await readableTemplate(trx, caller, id, iptv);
    const [oldFlow, oldStarters] = await Promise.all([repo.loadWorkingFlow(trx, id, row.flow_settings), repo.startersOf(trx, id)]);
    const oldSchema = row.form_schema;
    const groupName = await requireGroup(trx, input.group_id);
    const same = await repo.findTemplateByName(trx, input.name);
    if (same && same.id !== id) throw new ValidationError({ name: [ApprovalMessages.templateNameTaken(input.name)] });
    await checkStarters(trx, input.starters);
    const subjectKind = input.subject_kind === undefined ? row.subject_kind : input.subject_kind;
    await checkSubject(trx, id, subjectKind, input, iptv);
    await repo.updateTemplate(trx, id, {
      ...(input.subject_kind !== undefined ? { subject_kind: input.subject_kind } : {}),
      group_id: input.group_id,
      name: input.name,
      description: input.description,
      icon: input.icon,
      status: input.status,
      form_schema: input.form_schema,
    });
    await repo.writeStarters(trx, id, input.starters);
    const flow = input.flow ?? oldFlow;
    const published = flow ? await saveFlow(trx, id, input.name, input.form_schema, flow, input.publish) : false;
    const change = changedFacts(
      templateFacts({ ...row, group: row.group_name, schema: oldSchema, flow: oldFlow, starters: oldStarters }),
      templateFacts({ ...input, group: groupName, schema: input.form_schema, flow }),
    );
    // A change the facts do not show (a field's options, a step's people): still named in the summary.
    const formTouched = !change.keys.includes('form_fields') && JSON.stringify(oldSchema) !== JSON.stringify(input.form_schema);
    const flowTouched =
      input.flow !== undefined &&
      !['nodes', 'links', 'settings'].some((k) => change.keys.includes(k)) &&
      JSON.stringify(strippedFlow(oldFlow)) !== JSON.stringify(strippedFlow(input.flow));
    const subjectChanged = subjectKind !== row.subject_kind;
    const clauses = [
      changeClause(change.keys, change.after),
      formTouched ? '修改表单字段设置' : '',
      flowTouched ? '修改流程' : '',
      subjectChanged ? subjectClause(subjectKind) : '',
    ];
    let what = clauses.filter((c) => c !== '').join('，');
    if (what !== '' && flow && !input.publish) what += '（已保存，未发布）';
    // Publishing what an earlier save left unpublished changes nothing else, but is a change all the same.
    if (what === '' && published) what = `发布为第 ${await repo.templateVersionNo(trx, id)} 版`;
    if (what === '') return;
    await recordOperation(trx, actor, {
      itemType: templateItemType(iptv),
      itemId: id,
      action: 'update',
      summary: `修改审批模板「${row.name}」：${what}`,
      before: change.before,
      after: change.after,
    });
  });
  return getTemplate(ctx, caller, { id }, iptv);
}

/** The message of a PUT: saved but not yet published, published (new bills use it), or saved (no flow yet). */
export function savedMessage(detail: TemplateDetail): string {
  if (detail.has_unpublished) return ApprovalMessages.draftSaved;
  return detail.flow !== null ? ApprovalMessages.templatePublished : ApprovalMessages.saved;
}

export async function deleteTemplate(ctx: AppContext, actor: Actor, params: unknown, iptv: boolean): Promise<void> {
  authorizeTemplateWrite(actor.caller, iptv);
  const { id } = parse(TemplateIdZ, params);
  await ctx.db.transaction().execute(async (trx) => {
    const row = await readableTemplate(trx, actor.caller, id, iptv);
    const bills = await repo.countBillsOfTemplate(trx, id);
    if (bills > 0) throw new ConflictError(ApprovalMessages.templateInUse(bills));
    const flow = await repo.loadWorkingFlow(trx, id, row.flow_settings);
    await repo.deleteTemplate(trx, id);
    await recordOperation(trx, actor, {
      itemType: templateItemType(iptv),
      itemId: id,
      action: 'delete',
      summary: `删除审批模板「${row.name}」`,
      before: { name: row.name, group: row.group_name, status: statusText(row.status), nodes: flow?.nodes.map((n) => n.name) ?? [] },
    });
  });
}

/** A personal preference, not a change to shared data: not in the operation log. */
export async function setFavorite(ctx: AppContext, caller: Caller, params: unknown, on: boolean): Promise<void> {
  const { id } = parse(TemplateIdZ, params);
  const row = await repo.findTemplate(ctx.db, id);
  if (!row || (row.status !== 1 && !isTemplateAdmin(caller))) throw new NotFoundError(ApprovalMessages.templateNotFound);
  authorizeTemplateRead(caller, row.is_iptv === 1);
  await repo.setFavorite(ctx.db, caller.userId, id, on);
}

// ---------- who may start ----------

/** For the bills module: a draft is created or released only by someone the template's starters admit (403 otherwise). */
export async function authorizeStart(ctx: AppContext, db: Db, caller: Caller, templateId: number): Promise<void> {
  if (!(await mayStartTemplate(ctx, db, caller, templateId))) throw new ForbiddenError(ApprovalMessages.notStarter);
}

/** GET /api/template/roles: the roles a starter list may name (template administrators need no 角色权限 access for it). */
export async function listStarterRoles(ctx: AppContext, caller: Caller): Promise<TemplateRoleOption[]> {
  authorizeTemplateAdmin(caller);
  return directory.listRoles(ctx.db);
}
