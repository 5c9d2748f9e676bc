import {
  ApprovalMessages,
  FlowGraphZ,
  FlowSettingsZ,
  isRuleGroup,
  NodeCreateZ,
  NodeLinkInputZ,
  NodeUpdateZ,
  ruleFieldKeys,
  fieldAccessFields,
  type Condition,
  type FlowGraph,
  type FlowNode,
  type FormSchema,
  type RuleGroup,
} from '@osp/shared';
import { z } from 'zod';
import type { Actor, AppContext, Caller } from '../../context';
import type { Db } from '../../db/index';
import { validateFlow } from '../../flow/validate';
import { NotFoundError, ValidationError } from '../../http/errors';
import { parse } from '../../http/validate';
import { recordOperation } from '../syslog/syslog.service';
import { changedFacts, fieldLabels, flowFacts, linkText, nodeText, templateItemType } from './templates.oplog';
import { authorizeTemplateWrite } from './templates.policy';
import * as directory from '../directory/directory.service';
import * as repo from './templates.repo';

/**
 * A template's working flow: its checks, saving (and publishing) it, whether it differs from the published
 * version, and the SPEC §7 node and link endpoints, each of which saves and publishes the working copy at once.
 */

const NodeParamsZ = z.object({
  templateID: z.coerce.number({ error: ApprovalMessages.templateNotFound }).int().positive(ApprovalMessages.templateNotFound),
  nodeID: z.string().min(1, ApprovalMessages.nodeNotFound).max(64, ApprovalMessages.nodeNotFound),
});
const TemplateParamZ = z.object({
  templateID: z.coerce.number({ error: ApprovalMessages.templateNotFound }).int().positive(ApprovalMessages.templateNotFound),
});
const LinkIdZ = z.object({ id: z.coerce.number({ error: ApprovalMessages.linkNotFound }).int().positive(ApprovalMessages.linkNotFound) });

function conditionsOf(group: RuleGroup): Condition[] {
  return group.rules.flatMap((r) => (isRuleGroup(r) ? conditionsOf(r) : [r]));
}

const asList = (v: number | number[]) => (Array.isArray(v) ? v : [v]);

/**
 * Validates a flow (DESIGN §6: 422 naming the faulty node) and the people, jobs and departments it
 * names, against the form fields its rules may read.
 */
export async function checkFlow(db: Db, graph: FlowGraph, formSchema: FormSchema): Promise<void> {
  const issues = validateFlow(graph, ruleFieldKeys(formSchema), fieldAccessFields(formSchema));
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
      directory.missingUserLabels(db, [...new Set(userRefs.map((r) => r[1]))]),
      directory.existingJobIds(db, [...new Set(jobRefs.map((r) => r[1]))]),
      directory.existingDeptIds(db, [...new Set(deptRefs.map((r) => r[1]))]),
    ]);
    for (const [node, id] of userRefs) {
      const label = users.get(id);
      if (label !== undefined) add(node, ApprovalMessages.usersMissing([label]));
    }
    for (const [node, id] of jobRefs) if (!jobs.has(id)) add(node, ApprovalMessages.jobUnknownInFlow([id]));
    for (const [node, id] of deptRefs) if (!depts.has(id)) add(node, ApprovalMessages.deptsMissing([id]));
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

/** JSON with object keys sorted, so that two values compare equal whatever order their keys were written in. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/**
 * A flow as compared with a version: links without their ids (row ids, new on every save that sends other
 * ids) and in a fixed order: the working copy reads them back in row order, not in the order they were sent,
 * so list order is not something a save can keep anyway (links out of a node are tried by priority).
 */
function flowKey(graph: FlowGraph): string {
  const links = graph.links.map(({ id: _id, ...link }) => canonical(link)).sort();
  return canonical({ ...graph, links });
}

/** Whether the working name, form and flow are what the published version holds. */
async function matchesCurrentVersion(db: Db, templateId: number, name: string, formSchema: FormSchema, graph: FlowGraph): Promise<boolean> {
  const versionId = await repo.currentVersionId(db, templateId);
  const current = versionId === null ? undefined : await repo.findVersion(db, versionId);
  return (
    current !== undefined &&
    current.name === name &&
    canonical(current.form_schema) === canonical(formSchema) &&
    flowKey(current.flow) === flowKey(graph)
  );
}

/**
 * Whether the working copy has changes the published version lacks (saved with publish: false), or a flow
 * that was never published. A template without a flow has nothing to publish.
 */
export async function hasUnpublished(db: Db, row: repo.TemplateRow, flow: FlowGraph | null): Promise<boolean> {
  if (flow === null) return false;
  return !(await matchesCurrentVersion(db, row.id, row.name, row.form_schema, flow));
}

/**
 * Saves the working flow (checked first) and, with `publish`, publishes a new immutable version when the
 * name, form or flow differ from the current one. Bills already released keep the version they pinned
 * (DESIGN §6); drafts follow the current version, so a working copy saved without publishing changes nothing
 * for them. Answers whether a version was published.
 */
export async function saveFlow(
  db: Db,
  templateId: number,
  name: string,
  formSchema: FormSchema,
  graph: FlowGraph,
  publish = true,
): Promise<boolean> {
  await checkFlow(db, graph, formSchema);
  const written = await repo.writeWorkingFlow(db, templateId, graph);
  if (!publish || (await matchesCurrentVersion(db, templateId, name, formSchema, written))) return false;
  await repo.publishVersion(db, templateId, name, formSchema, written);
  return true;
}

/** A flow without its link ids (row ids change on every save). */
export function strippedFlow(graph: FlowGraph | null) {
  return graph && { ...graph, links: graph.links.map(({ id: _id, ...link }) => link) };
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
    const schema = row.form_schema;
    const { graph, what } = change(current, fieldLabels(schema));
    const next = FlowGraphZ.parse(graph);
    await saveFlow(trx, templateId, row.name, schema, next);
    const saved = await repo.loadWorkingFlow(trx, templateId, next.settings);
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
      ...(JSON.stringify(old.fieldAccess ?? {}) !== JSON.stringify(next.fieldAccess ?? {}) ? ['字段权限已修改'] : []),
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
