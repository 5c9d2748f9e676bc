import {
  ApprovalMessages,
  FlowGraphZ,
  FlowSettingsZ,
  FormSchemaZ,
  isRuleGroup,
  NodeCreateZ,
  NodeLinkInputZ,
  NodeUpdateZ,
  ruleFieldKeys,
  TemplateGroupInputZ,
  TemplateIdZ,
  TemplateInputZ,
  TemplateListQueryZ,
  TemplateSortZ,
  type Condition,
  type FlowGraph,
  type FlowNode,
  type FormSchema,
  type Paged,
  type RuleGroup,
  type TemplateDetail,
  type TemplateGroup,
  type TemplateSummary,
} from '@osp/shared';
import { z } from 'zod';
import type { Actor, AppContext, Caller } from '../../context';
import type { Db } from '../../db/index';
import { nowIso } from '../../db/index';
import { validateFlow } from '../../flow/validate';
import { ConflictError, NotFoundError, ValidationError } from '../../http/errors';
import { parse } from '../../http/validate';
import { recordOperation } from '../syslog/syslog.service';
import { authorizeTemplateAdmin, authorizeTemplateRead, authorizeTemplateWrite, isTemplateAdmin } from './templates.policy';
import {
  changeClause,
  changedFacts,
  fieldLabels,
  flowFacts,
  linkText,
  nodeText,
  statusText,
  templateFacts,
  templateItemType,
} from './templates.oplog';
import * as repo from './templates.repo';

const GroupIdZ = z.object({
  id: z.coerce.number({ error: ApprovalMessages.groupNotFound }).int().positive(ApprovalMessages.groupNotFound),
});
const NodeParamsZ = z.object({
  templateID: z.coerce.number({ error: ApprovalMessages.templateNotFound }).int().positive(ApprovalMessages.templateNotFound),
  nodeID: z.string().min(1, ApprovalMessages.nodeNotFound).max(64, ApprovalMessages.nodeNotFound),
});
const TemplateParamZ = z.object({
  templateID: z.coerce.number({ error: ApprovalMessages.templateNotFound }).int().positive(ApprovalMessages.templateNotFound),
});
const LinkIdZ = z.object({ id: z.coerce.number({ error: ApprovalMessages.linkNotFound }).int().positive(ApprovalMessages.linkNotFound) });

// ---------- groups ----------

/** Operation-log item type of groups; templates log as `template` or `iptv_template` (templates.oplog.ts). */
const GROUP_ITEM = 'template_group';

export async function listGroups(ctx: AppContext, caller: Caller): Promise<TemplateGroup[]> {
  const admin = isTemplateAdmin(caller);
  const [groups, counts] = await Promise.all([repo.listGroups(ctx.db), repo.countTemplatesByGroup(ctx.db, 0, !admin)]);
  return groups.map((g) => ({ ...g, template_count: counts.get(g.id) ?? 0 }));
}

export async function getGroup(ctx: AppContext, caller: Caller, params: unknown): Promise<TemplateGroup> {
  const { id } = parse(GroupIdZ, params);
  const group = await repo.findGroup(ctx.db, id);
  if (!group) throw new NotFoundError(ApprovalMessages.groupNotFound);
  const counts = await repo.countTemplatesByGroup(ctx.db, 0, !isTemplateAdmin(caller));
  return { ...group, template_count: counts.get(id) ?? 0 };
}

export async function createGroup(ctx: AppContext, actor: Actor, body: unknown): Promise<TemplateGroup> {
  authorizeTemplateAdmin(actor.caller);
  const input = parse(TemplateGroupInputZ, body);
  const row = await ctx.db.transaction().execute(async (trx) => {
    if (await repo.findGroupByName(trx, input.name)) throw new ValidationError({ name: [ApprovalMessages.groupNameTaken(input.name)] });
    const created = await trx
      .insertInto('template_groups')
      .values({ name: input.name, sort: input.sort ?? 0, created_at: nowIso() })
      .returning(['id', 'name', 'sort'])
      .executeTakeFirstOrThrow();
    await recordOperation(trx, actor, {
      itemType: GROUP_ITEM,
      itemId: created.id,
      action: 'create',
      summary: `新建模板分组「${created.name}」`,
      after: { name: created.name, sort: created.sort },
    });
    return created;
  });
  return { ...row, template_count: 0 };
}

export async function updateGroup(ctx: AppContext, actor: Actor, params: unknown, body: unknown): Promise<TemplateGroup> {
  authorizeTemplateAdmin(actor.caller);
  const { id } = parse(GroupIdZ, params);
  const input = parse(TemplateGroupInputZ, body);
  await ctx.db.transaction().execute(async (trx) => {
    const group = await repo.findGroup(trx, id);
    if (!group) throw new NotFoundError(ApprovalMessages.groupNotFound);
    const same = await repo.findGroupByName(trx, input.name);
    if (same && same.id !== id) throw new ValidationError({ name: [ApprovalMessages.groupNameTaken(input.name)] });
    const next = { name: input.name, sort: input.sort ?? group.sort };
    const change = changedFacts({ name: group.name, sort: group.sort }, next);
    if (change.keys.length === 0) return;
    await trx.updateTable('template_groups').set(next).where('id', '=', id).execute();
    const clauses = [
      ...(change.keys.includes('name') ? [`改名为「${next.name}」`] : []),
      ...(change.keys.includes('sort') ? [`排序 ${group.sort} → ${next.sort}`] : []),
    ];
    await recordOperation(trx, actor, {
      itemType: GROUP_ITEM,
      itemId: id,
      action: 'update',
      summary: `修改模板分组「${group.name}」：${clauses.join('，')}`,
      before: change.before,
      after: change.after,
    });
  });
  return getGroup(ctx, actor.caller, params);
}

export async function deleteGroup(ctx: AppContext, actor: Actor, params: unknown): Promise<void> {
  authorizeTemplateAdmin(actor.caller);
  const { id } = parse(GroupIdZ, params);
  await ctx.db.transaction().execute(async (trx) => {
    const group = await repo.findGroup(trx, id);
    if (!group) throw new NotFoundError(ApprovalMessages.groupNotFound);
    const count = (await repo.countTemplatesByGroup(trx, null, false)).get(id) ?? 0;
    if (count > 0) throw new ConflictError(ApprovalMessages.groupNotEmpty(count));
    await trx.deleteFrom('template_groups').where('id', '=', id).execute();
    await recordOperation(trx, actor, {
      itemType: GROUP_ITEM,
      itemId: id,
      action: 'delete',
      summary: `删除模板分组「${group.name}」`,
      before: { name: group.name, sort: group.sort },
    });
  });
}

// ---------- templates ----------

function summaryOf(row: repo.TemplateRow, favorite: boolean): TemplateSummary {
  return {
    id: row.id,
    group_id: row.group_id,
    group_name: row.group_name,
    name: row.name,
    description: row.description,
    icon: row.icon,
    status: row.status,
    is_iptv: row.is_iptv,
    sort: row.sort,
    favorite,
    startable: row.status === 1 && row.current_version_id !== null,
    updated_at: row.updated_at,
  };
}

export async function listTemplates(ctx: AppContext, caller: Caller, query: unknown, iptv: boolean): Promise<Paged<TemplateSummary>> {
  authorizeTemplateRead(caller, iptv);
  const input = parse(TemplateListQueryZ, query);
  if (input.all === 1) authorizeTemplateAdmin(caller);
  const { rows, total } = await repo.listTemplates(
    ctx.db,
    caller.userId,
    { isIptv: iptv ? 1 : 0, enabledOnly: input.all !== 1, groupId: input.group_id, keyword: input.keyword },
    input.page,
    input.per_page,
  );
  return { list: rows.map((r) => summaryOf(r, r.fav_user !== null)), total, page: input.page, per_page: input.per_page };
}

/** A template the caller may read, of the kind the route serves (an IPTV id on /api/templates is not found). */
async function readableTemplate(db: Db, caller: Caller, id: number, iptv: boolean): Promise<repo.TemplateRow> {
  const row = await repo.findTemplate(db, id);
  if (!row || row.is_iptv !== (iptv ? 1 : 0)) throw new NotFoundError(ApprovalMessages.templateNotFound);
  authorizeTemplateRead(caller, iptv);
  // A disabled template is only for its administrators.
  if (row.status !== 1 && !isTemplateAdmin(caller)) throw new NotFoundError(ApprovalMessages.templateNotFound);
  return row;
}

async function detailOf(db: Db, caller: Caller, row: repo.TemplateRow): Promise<TemplateDetail> {
  const [flow, favorite] = await Promise.all([
    repo.loadWorkingFlow(db, row.id, row.flow_settings),
    repo.isFavorite(db, caller.userId, row.id),
  ]);
  return {
    ...summaryOf(row, favorite),
    form_schema: JSON.parse(row.form_schema) as FormSchema,
    flow,
    version_id: row.current_version_id,
    version_no: row.version_no,
  };
}

export async function getTemplate(ctx: AppContext, caller: Caller, params: unknown, iptv: boolean): Promise<TemplateDetail> {
  const { id } = parse(TemplateIdZ, params);
  return detailOf(ctx.db, caller, await readableTemplate(ctx.db, caller, id, iptv));
}

function conditionsOf(group: RuleGroup): Condition[] {
  return group.rules.flatMap((r) => (isRuleGroup(r) ? conditionsOf(r) : [r]));
}

const asList = (v: number | number[]) => (Array.isArray(v) ? v : [v]);

/**
 * Validates a flow (DESIGN §6: 422 naming the faulty node) and the people, jobs and departments it
 * names, against the form fields its rules may read.
 */
async function checkFlow(db: Db, graph: FlowGraph, formSchema: FormSchema): Promise<void> {
  const issues = validateFlow(graph, ruleFieldKeys(formSchema));
  const errors: Record<string, string[]> = {};
  const add = (nodeId: string | null, message: string) => (errors[nodeId === null ? 'flow' : `flow.${nodeId}`] ??= []).push(message);
  for (const issue of issues) add(issue.nodeId, issue.message);
  if (Object.keys(errors).length === 0) {
    const userRefs: [string | null, number][] = [];
    const jobRefs: [string | null, number][] = [];
    const deptRefs: [string | null, number][] = [];
    for (const node of graph.nodes) {
      for (const step of node.steps) {
        if (step.source.kind === 'users') step.source.userIds.forEach((u) => userRefs.push([node.id, u]));
        if (step.source.kind === 'job') jobRefs.push([node.id, step.source.jobId]);
      }
    }
    for (const link of graph.links) {
      for (const c of conditionsOf(link.rules)) {
        if (c.on === 'dept') asList(c.value).forEach((d) => deptRefs.push([link.from, d]));
        if (c.on === 'job') asList(c.value).forEach((j) => jobRefs.push([link.from, j]));
      }
    }
    if (graph.settings.adminUserId !== null) userRefs.push([null, graph.settings.adminUserId]);
    const [users, jobs, depts] = await Promise.all([
      repo.activeUserIds(db, [...new Set(userRefs.map((r) => r[1]))]),
      repo.existingJobIds(db, [...new Set(jobRefs.map((r) => r[1]))]),
      repo.existingDeptIds(db, [...new Set(deptRefs.map((r) => r[1]))]),
    ]);
    for (const [node, id] of userRefs) if (!users.has(id)) add(node, ApprovalMessages.usersMissing([id]));
    for (const [node, id] of jobRefs) if (!jobs.has(id)) add(node, ApprovalMessages.jobUnknownInFlow([id]));
    for (const [node, id] of deptRefs) if (!depts.has(id)) add(node, ApprovalMessages.deptsMissing([id]));
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

/**
 * Saves the working flow and publishes a new immutable version when the form or the flow changed.
 * Bills already released keep the version they pinned (DESIGN §6).
 */
async function saveFlow(db: Db, templateId: number, name: string, formSchema: FormSchema, graph: FlowGraph): Promise<void> {
  await checkFlow(db, graph, formSchema);
  const written = await repo.writeWorkingFlow(db, templateId, graph);
  const template = await db.selectFrom('templates').select(['current_version_id']).where('id', '=', templateId).executeTakeFirstOrThrow();
  const current = template.current_version_id === null ? undefined : await repo.findVersion(db, template.current_version_id);
  const unchanged =
    current !== undefined &&
    current.name === name &&
    current.form_schema === JSON.stringify(formSchema) &&
    current.flow === JSON.stringify(written);
  if (!unchanged) await repo.publishVersion(db, templateId, name, formSchema, written);
}

async function requireGroup(db: Db, groupId: number): Promise<string> {
  const group = await repo.findGroup(db, groupId);
  if (!group) throw new ValidationError({ group_id: [ApprovalMessages.groupNotFound] });
  return group.name;
}

export async function createTemplate(ctx: AppContext, actor: Actor, body: unknown, iptv: boolean): Promise<TemplateDetail> {
  authorizeTemplateWrite(actor.caller, iptv);
  const input = parse(TemplateInputZ, body);
  const id = await ctx.db.transaction().execute(async (trx) => {
    const groupName = await requireGroup(trx, input.group_id);
    if (await repo.findTemplateByName(trx, input.name))
      throw new ValidationError({ name: [ApprovalMessages.templateNameTaken(input.name)] });
    const templateId = await repo.insertTemplate(trx, {
      group_id: input.group_id,
      name: input.name,
      description: input.description,
      icon: input.icon,
      status: input.status,
      is_iptv: iptv ? 1 : 0,
      form_schema: input.form_schema,
    });
    if (input.flow) await saveFlow(trx, templateId, input.name, input.form_schema, input.flow);
    const facts = templateFacts({ ...input, group: groupName, schema: input.form_schema, flow: input.flow ?? null });
    await recordOperation(trx, actor, {
      itemType: templateItemType(iptv),
      itemId: templateId,
      action: 'create',
      summary:
        `新建${iptv ? ' IPTV ' : ''}审批模板「${input.name}」（分组：${groupName}，${statusText(input.status)}，` +
        `${input.form_schema.fields.length} 个字段，${input.flow ? `${input.flow.nodes.length} 个节点` : '未设置流程'}）`,
      after: facts,
    });
    return templateId;
  });
  return getTemplate(ctx, actor.caller, { id }, iptv);
}

/** PUT replaces the template's fields; a body without `flow` keeps the working flow (re-validated against the new form). */
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
  const input = parse(TemplateInputZ, body);
  await ctx.db.transaction().execute(async (trx) => {
    const row = await readableTemplate(trx, caller, id, iptv);
    const oldFlow = await repo.loadWorkingFlow(trx, id, row.flow_settings);
    const oldSchema = FormSchemaZ.parse(JSON.parse(row.form_schema));
    const groupName = await requireGroup(trx, input.group_id);
    const same = await repo.findTemplateByName(trx, input.name);
    if (same && same.id !== id) throw new ValidationError({ name: [ApprovalMessages.templateNameTaken(input.name)] });
    await repo.updateTemplate(trx, id, {
      group_id: input.group_id,
      name: input.name,
      description: input.description,
      icon: input.icon,
      status: input.status,
      form_schema: JSON.stringify(input.form_schema),
    });
    const flow = input.flow ?? oldFlow;
    if (flow) await saveFlow(trx, id, input.name, input.form_schema, flow);
    const change = changedFacts(
      templateFacts({ ...row, group: row.group_name, schema: oldSchema, flow: oldFlow }),
      templateFacts({ ...input, group: groupName, schema: input.form_schema, flow }),
    );
    // A change the facts do not show (a field's options, a step's people): still named in the summary.
    const formTouched = !change.keys.includes('form_fields') && JSON.stringify(oldSchema) !== JSON.stringify(input.form_schema);
    const flowTouched =
      input.flow !== undefined &&
      !['nodes', 'links', 'settings'].some((k) => change.keys.includes(k)) &&
      JSON.stringify(strippedFlow(oldFlow)) !== JSON.stringify(strippedFlow(input.flow));
    const clauses = [changeClause(change.keys, change.after), formTouched ? '修改表单字段设置' : '', flowTouched ? '修改流程' : ''];
    const what = clauses.filter((c) => c !== '').join('，');
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

/** A flow without its link ids (row ids change on every save). */
function strippedFlow(graph: FlowGraph | null) {
  return graph && { ...graph, links: graph.links.map(({ id: _id, ...link }) => link) };
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

// ---------- nodes and links ----------

const NODE_TYPE_NAMES: Record<FlowNode['type'], string> = { start: '发起', approve: '审批', archive: '归档', change: '变更', end: '结束' };

/** A change of the working flow and the clause naming it in the log ("新增节点「归档」"). */
interface FlowChange {
  graph: FlowGraph;
  what: string;
}

/**
 * Runs `change` on the template's working flow and saves the result as one validated, published change,
 * logged as an update of the template naming the node or link.
 */
async function changeFlow(
  ctx: AppContext,
  actor: Actor,
  templateId: number,
  change: (graph: FlowGraph, labels: ReadonlyMap<string, string>) => FlowChange,
): Promise<FlowGraph> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await repo.findTemplate(trx, templateId);
    if (!row) throw new NotFoundError(ApprovalMessages.templateNotFound);
    authorizeTemplateWrite(actor.caller, row.is_iptv === 1);
    const current = (await repo.loadWorkingFlow(trx, templateId, row.flow_settings)) ?? {
      nodes: [],
      links: [],
      settings: FlowSettingsZ.parse({}),
    };
    const schema = FormSchemaZ.parse(JSON.parse(row.form_schema));
    const { graph, what } = change(current, fieldLabels(schema));
    const next = FlowGraphZ.parse(graph);
    await saveFlow(trx, templateId, row.name, schema, next);
    const saved = await repo.loadWorkingFlow(trx, templateId, JSON.stringify(next.settings));
    if (!saved) throw new Error('working flow vanished');
    const facts = changedFacts(flowFacts(current, schema), flowFacts(saved, schema));
    await recordOperation(trx, actor, {
      itemType: templateItemType(row.is_iptv),
      itemId: templateId,
      action: 'update',
      summary: `修改审批模板「${row.name}」：${what}`,
      before: facts.before,
      after: facts.after,
    });
    return saved;
  });
}

async function templateForNodes(ctx: AppContext, caller: Caller, templateId: number) {
  const row = await repo.findTemplate(ctx.db, templateId);
  if (!row) throw new NotFoundError(ApprovalMessages.templateNotFound);
  authorizeTemplateWrite(caller, row.is_iptv === 1);
  return row;
}

export async function listNodes(ctx: AppContext, caller: Caller, params: unknown): Promise<FlowGraph | null> {
  const { templateID } = parse(TemplateParamZ, params);
  const row = await templateForNodes(ctx, caller, templateID);
  return repo.loadWorkingFlow(ctx.db, templateID, row.flow_settings);
}

export async function getNode(ctx: AppContext, caller: Caller, params: unknown): Promise<FlowNode & { links: FlowGraph['links'] }> {
  const { templateID, nodeID } = parse(NodeParamsZ, params);
  const row = await templateForNodes(ctx, caller, templateID);
  const flow = await repo.loadWorkingFlow(ctx.db, templateID, row.flow_settings);
  const node = flow?.nodes.find((n) => n.id === nodeID);
  if (!flow || !node) throw new NotFoundError(ApprovalMessages.nodeNotFound);
  return { ...node, links: flow.links.filter((l) => l.from === nodeID || l.to === nodeID) };
}

export async function createNode(ctx: AppContext, actor: Actor, params: unknown, body: unknown): Promise<FlowGraph> {
  const { templateID } = parse(TemplateParamZ, params);
  const input = parse(NodeCreateZ, body);
  const { links, ...node } = input;
  return changeFlow(ctx, actor, templateID, (graph) => {
    if (graph.nodes.some((n) => n.id === node.id)) throw new ValidationError({ id: [ApprovalMessages.nodeIdTaken(node.id)] });
    return {
      graph: {
        ...graph,
        nodes: [...graph.nodes, node],
        links: [...graph.links, ...links.map((l, i) => ({ ...l, id: `new-${i}` }))],
      },
      what: `新增节点「${node.name}」${links.length > 0 ? `及 ${links.length} 条连线` : ''}`,
    };
  });
}

export async function updateNode(ctx: AppContext, actor: Actor, params: unknown, body: unknown): Promise<FlowGraph> {
  const { templateID, nodeID } = parse(NodeParamsZ, params);
  const input = parse(NodeUpdateZ, body);
  return changeFlow(ctx, actor, templateID, (graph) => {
    const old = graph.nodes.find((n) => n.id === nodeID);
    if (!old) throw new NotFoundError(ApprovalMessages.nodeNotFound);
    const next = { ...input, id: nodeID };
    const changes = [
      ...(old.name !== next.name ? [`改名为「${next.name}」`] : []),
      ...(old.type !== next.type ? [`类型改为${NODE_TYPE_NAMES[next.type]}`] : []),
      ...(nodeText({ ...old, name: '' }) !== nodeText({ ...next, name: '' }) ? [`审批步骤改为 ${next.steps.length} 步`] : []),
    ];
    return {
      graph: { ...graph, nodes: graph.nodes.map((n) => (n.id === nodeID ? next : n)) },
      what: `修改节点「${old.name}」${changes.length > 0 ? `（${changes.join('，')}）` : ''}`,
    };
  });
}

export async function deleteNode(ctx: AppContext, actor: Actor, params: unknown): Promise<FlowGraph> {
  const { templateID, nodeID } = parse(NodeParamsZ, params);
  return changeFlow(ctx, actor, templateID, (graph) => {
    const node = graph.nodes.find((n) => n.id === nodeID);
    if (!node) throw new NotFoundError(ApprovalMessages.nodeNotFound);
    const links = graph.links.filter((l) => l.from !== nodeID && l.to !== nodeID);
    const removed = graph.links.length - links.length;
    return {
      graph: { ...graph, nodes: graph.nodes.filter((n) => n.id !== nodeID), links },
      what: `删除节点「${node.name}」${removed > 0 ? `及其 ${removed} 条连线` : ''}`,
    };
  });
}

export async function createLink(ctx: AppContext, actor: Actor, params: unknown, body: unknown): Promise<FlowGraph> {
  const { templateID } = parse(TemplateParamZ, params);
  const input = parse(NodeLinkInputZ, body);
  return changeFlow(ctx, actor, templateID, (graph, labels) => {
    const link = { ...input, id: 'new' };
    return { graph: { ...graph, links: [...graph.links, link] }, what: `新增连线 ${linkText(link, graph, labels)}` };
  });
}

export async function deleteLink(ctx: AppContext, actor: Actor, params: unknown): Promise<FlowGraph> {
  const { id } = parse(LinkIdZ, params);
  const link = await repo.findLink(ctx.db, id);
  if (!link) throw new NotFoundError(ApprovalMessages.linkNotFound);
  return changeFlow(ctx, actor, link.template_id, (graph, labels) => {
    const old = graph.links.find((l) => l.id === String(id));
    return {
      graph: { ...graph, links: graph.links.filter((l) => l.id !== String(id)) },
      what: old ? `删除连线 ${linkText(old, graph, labels)}` : '删除连线',
    };
  });
}

// ---------- order and favourites ----------

/**
 * Sets the order of the listed templates (and optionally moves them into one group). Logged once, on the
 * group (`template_group`, the target group or that of the first template); IPTV templates are named by id
 * there, since the group's history is read by template administrators without IPTV access too.
 */
export async function sortTemplates(ctx: AppContext, actor: Actor, body: unknown): Promise<void> {
  const caller = actor.caller;
  authorizeTemplateAdmin(caller);
  const input = parse(TemplateSortZ, body);
  await ctx.db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('templates')
      .select(['id', 'name', 'is_iptv', 'group_id', 'sort'])
      .where('id', 'in', input.ids)
      .execute();
    const found = new Set(rows.map((r) => r.id));
    const missing = input.ids.filter((id) => !found.has(id));
    if (missing.length > 0) throw new ValidationError({ ids: [ApprovalMessages.sortUnknown(missing)] });
    for (const row of rows) authorizeTemplateWrite(caller, row.is_iptv === 1);
    const targetName = input.group_id !== undefined ? await requireGroup(trx, input.group_id) : undefined;
    for (const [index, id] of input.ids.entries()) {
      await repo.updateTemplate(trx, id, { sort: (index + 1) * 10, ...(input.group_id !== undefined ? { group_id: input.group_id } : {}) });
    }
    const byId = new Map(rows.map((r) => [r.id, r]));
    const groups = new Map((await repo.listGroups(trx)).map((g) => [g.id, g.name]));
    const label = (r: (typeof rows)[number]) => (r.is_iptv === 1 ? `IPTV模板#${r.id}` : r.name);
    const ordered = input.ids.map((id) => byId.get(id)).filter((r) => r !== undefined);
    const groupId = input.group_id ?? ordered[0]?.group_id ?? 0;
    const groupName = targetName ?? groups.get(groupId) ?? '';
    const moved = input.group_id === undefined ? [] : ordered.filter((r) => r.group_id !== input.group_id);
    const oldOrder = [...ordered].sort((a, b) => a.group_id - b.group_id || a.sort - b.sort || a.id - b.id);
    await recordOperation(trx, actor, {
      itemType: GROUP_ITEM,
      itemId: groupId,
      action: 'sort',
      summary:
        moved.length > 0
          ? `将 ${moved.length} 个模板移入分组「${groupName}」并调整顺序`
          : `调整分组「${groupName}」中 ${ordered.length} 个模板的顺序`,
      before: {
        order: oldOrder.map(label),
        ...(moved.length > 0 ? { moved_from: [...new Set(moved.map((r) => groups.get(r.group_id) ?? ''))] } : {}),
      },
      after: { order: ordered.map(label), ...(moved.length > 0 ? { moved_to: groupName } : {}) },
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
