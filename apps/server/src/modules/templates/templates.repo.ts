import {
  FLOW_NODE_TYPES,
  FlowGraphZ,
  FlowSettingsZ,
  FormSchemaZ,
  RuleGroupZ,
  StepDefZ,
  FIELD_ACCESS,
  type FlowGraph,
  type FlowLink,
  type FlowNodeType,
  type FlowSettings,
  type FormSchema,
  type TemplateStarters,
} from '@osp/shared';
import { z } from 'zod';
import type { Db } from '../../db/index';
import { nowIso } from '../../db/index';
import { containsText } from '../../db/like';

/**
 * The JSON columns of the template tables (form schemas, steps, link rules, flow settings, published
 * flows) are read back through the shared schemas they were checked with when written, so what leaves
 * this file is what the designer could have saved. None of them is on a hot path: a published version is
 * parsed once and cached (templates.versions.ts). A value that does not parse is something the code never
 * wrote: an internal error naming the column and row. (What the schemas fill in, such as a setting added
 * since the row was written, is their documented default.)
 */
function storedJson<T>(schema: z.ZodType<T>, text: string, where: string): T {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`${where} is not JSON`);
  }
  const result = schema.safeParse(value);
  if (!result.success) throw new Error(`${where} does not hold what the code writes: ${z.prettifyError(result.error)}`);
  return result.data;
}

const StepsZ = z.array(StepDefZ);
const FieldAccessZ = z.record(z.string(), z.enum(FIELD_ACCESS));

function nodeTypeOf(type: string, where: string): FlowNodeType {
  const known = FLOW_NODE_TYPES.find((t) => t === type);
  if (known === undefined) throw new Error(`${where} is no flow node type: ${type}`);
  return known;
}

export function listGroups(db: Db) {
  return db.selectFrom('template_groups').select(['id', 'name', 'sort']).orderBy('sort').orderBy('id').execute();
}

export function findGroup(db: Db, id: number) {
  return db.selectFrom('template_groups').select(['id', 'name', 'sort']).where('id', '=', id).executeTakeFirst();
}

export function insertGroup(db: Db, values: { name: string; sort: number; created_at: string }) {
  return db.insertInto('template_groups').values(values).returning(['id', 'name', 'sort']).executeTakeFirstOrThrow();
}

export async function updateGroup(db: Db, id: number, values: { name: string; sort: number }): Promise<void> {
  await db.updateTable('template_groups').set(values).where('id', '=', id).execute();
}

export async function deleteGroup(db: Db, id: number): Promise<void> {
  await db.deleteFrom('template_groups').where('id', '=', id).execute();
}

/** The templates a reorder names, with what the permission check and the log need. */
export function templatesForSort(db: Db, ids: readonly number[]) {
  return db
    .selectFrom('templates')
    .select(['id', 'name', 'is_iptv', 'group_id', 'sort'])
    .where('id', 'in', [...ids])
    .execute();
}

export async function currentVersionId(db: Db, templateId: number): Promise<number | null> {
  const row = await db.selectFrom('templates').select(['current_version_id']).where('id', '=', templateId).executeTakeFirstOrThrow();
  return row.current_version_id;
}

export function findGroupByName(db: Db, name: string) {
  return db.selectFrom('template_groups').select(['id']).where('name', '=', name).executeTakeFirst();
}

/** `excluded`: templates not to count (those the caller may not start). */
export async function countTemplatesByGroup(
  db: Db,
  isIptv: number | null,
  enabledOnly: boolean,
  excluded: readonly number[] = [],
): Promise<Map<number, number>> {
  let query = db
    .selectFrom('templates')
    .select(['group_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .groupBy('group_id');
  if (isIptv !== null) query = query.where('is_iptv', '=', isIptv);
  if (enabledOnly) query = query.where('status', '=', 1);
  if (excluded.length > 0) query = query.where('id', 'not in', [...excluded]);
  const rows = await query.execute();
  return new Map(rows.map((r) => [r.group_id, Number(r.n)]));
}

/** What a list of templates shows of each. */
const SUMMARY_COLUMNS = [
  'templates.id',
  'templates.group_id',
  'template_groups.name as group_name',
  'templates.name',
  'templates.description',
  'templates.icon',
  'templates.status',
  'templates.is_iptv',
  'templates.subject_kind',
  'templates.sort',
  'templates.current_version_id',
  'templates.version_no',
  'templates.updated_at',
] as const;

function selectTemplate(db: Db, id: number) {
  return db
    .selectFrom('templates')
    .innerJoin('template_groups', 'template_groups.id', 'templates.group_id')
    .select([...SUMMARY_COLUMNS, 'templates.form_schema', 'templates.flow_settings'])
    .where('templates.id', '=', id)
    .executeTakeFirst();
}
type TemplateRowText = NonNullable<Awaited<ReturnType<typeof selectTemplate>>>;

/** A template with its working form and flow settings parsed. */
export interface TemplateRow extends Omit<TemplateRowText, 'form_schema' | 'flow_settings'> {
  form_schema: FormSchema;
  /** The working flow's settings; null until a flow is saved. */
  flow_settings: FlowSettings | null;
}

/** A template as a list shows it (no form, no flow). */
export type TemplateSummaryRow = Omit<TemplateRow, 'form_schema' | 'flow_settings'>;

export async function findTemplate(db: Db, id: number): Promise<TemplateRow | undefined> {
  const row = await selectTemplate(db, id);
  if (!row) return undefined;
  const where = (column: string) => `templates.${column} of template ${row.id}`;
  return {
    ...row,
    form_schema: storedJson(FormSchemaZ, row.form_schema, where('form_schema')),
    flow_settings: row.flow_settings === null ? null : storedJson(FlowSettingsZ, row.flow_settings, where('flow_settings')),
  };
}

export function findTemplateByName(db: Db, name: string) {
  return db.selectFrom('templates').select(['id']).where('name', '=', name).executeTakeFirst();
}

export interface TemplateFilter {
  isIptv: number;
  enabledOnly: boolean;
  groupId?: number;
  keyword?: string;
  /** Templates left out (those the caller may not start). */
  excluded?: readonly number[];
}

export async function listTemplates(db: Db, userId: number, filter: TemplateFilter, page: number, perPage: number) {
  let base = db
    .selectFrom('templates')
    .innerJoin('template_groups', 'template_groups.id', 'templates.group_id')
    .where('templates.is_iptv', '=', filter.isIptv);
  if (filter.enabledOnly) base = base.where('templates.status', '=', 1);
  if (filter.groupId !== undefined) base = base.where('templates.group_id', '=', filter.groupId);
  const keyword = filter.keyword;
  if (keyword) base = base.where((eb) => containsText(eb.ref('templates.name'), keyword));
  if (filter.excluded && filter.excluded.length > 0) base = base.where('templates.id', 'not in', [...filter.excluded]);
  const [rows, total] = await Promise.all([
    base
      .leftJoin('template_favorites as fav', (join) => join.onRef('fav.template_id', '=', 'templates.id').on('fav.user_id', '=', userId))
      .select([...SUMMARY_COLUMNS, 'fav.user_id as fav_user'])
      // Favourites first (issue 4: 发起审批 shows them first), then the administrators' order.
      .orderBy((eb) => eb.case().when('fav.user_id', 'is not', null).then(0).else(1).end())
      .orderBy('template_groups.sort')
      .orderBy('template_groups.id')
      .orderBy('templates.sort')
      .orderBy('templates.id')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export async function insertTemplate(
  db: Db,
  values: {
    group_id: number;
    name: string;
    description: string;
    icon: string;
    status: number;
    is_iptv: number;
    form_schema: FormSchema;
    subject_kind?: string | null;
  },
): Promise<number> {
  const now = nowIso();
  const max = await db
    .selectFrom('templates')
    .select((eb) => eb.fn.max('sort').as('m'))
    .where('group_id', '=', values.group_id)
    .executeTakeFirst();
  const row = await db
    .insertInto('templates')
    .values({
      ...values,
      form_schema: JSON.stringify(values.form_schema),
      sort: Number(max?.m ?? 0) + 10,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateTemplate(
  db: Db,
  id: number,
  values: Partial<{
    group_id: number;
    name: string;
    description: string;
    icon: string;
    status: number;
    form_schema: FormSchema;
    sort: number;
    subject_kind: string | null;
  }>,
): Promise<void> {
  const { form_schema, ...columns } = values;
  await db
    .updateTable('templates')
    .set({ ...columns, ...(form_schema !== undefined ? { form_schema: JSON.stringify(form_schema) } : {}), updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
}

/** The enabled templates bound to a module's kind other than `exceptId` (templates.subject_kind). */
export function enabledTemplatesOfSubject(db: Db, kind: string, exceptId: number | null) {
  let query = db.selectFrom('templates').select(['id', 'name']).where('subject_kind', '=', kind).where('status', '=', 1);
  if (exceptId !== null) query = query.where('id', '!=', exceptId);
  return query.execute();
}

export async function countBillsOfTemplate(db: Db, id: number): Promise<number> {
  const row = await db
    .selectFrom('bills')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('template_id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteTemplate(db: Db, id: number): Promise<void> {
  await db.deleteFrom('template_versions').where('template_id', '=', id).execute();
  await db.deleteFrom('templates').where('id', '=', id).execute();
}

// ---------- the working flow (nodes and links as rows) ----------

export function listNodeRows(db: Db, templateId: number) {
  return db
    .selectFrom('template_nodes')
    .select(['id', 'node_key', 'type', 'name', 'steps_json', 'field_access_json', 'sort'])
    .where('template_id', '=', templateId)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export function listLinkRows(db: Db, templateId: number) {
  return db
    .selectFrom('template_node_links')
    .select(['id', 'from_key', 'to_key', 'priority', 'is_default', 'rules_json'])
    .where('template_id', '=', templateId)
    .orderBy('id')
    .execute();
}

export function findLink(db: Db, id: number) {
  return db.selectFrom('template_node_links').select(['id', 'template_id']).where('id', '=', id).executeTakeFirst();
}

/**
 * The working flow as a graph, or null when the template has none yet (`settings`: the template row's
 * `flow_settings`). Link ids are the rows' ids.
 */
export async function loadWorkingFlow(db: Db, templateId: number, settings: FlowSettings | null): Promise<FlowGraph | null> {
  if (settings === null) return null;
  const [nodes, links] = await Promise.all([listNodeRows(db, templateId), listLinkRows(db, templateId)]);
  return {
    nodes: nodes.map((n) => ({
      id: n.node_key,
      type: nodeTypeOf(n.type, `template_nodes.type of node ${n.id}`),
      name: n.name,
      steps: storedJson(StepsZ, n.steps_json, `template_nodes.steps_json of node ${n.id}`),
      ...(n.field_access_json === null
        ? {}
        : { fieldAccess: storedJson(FieldAccessZ, n.field_access_json, `template_nodes.field_access_json of node ${n.id}`) }),
    })),
    links: links.map((l) => ({
      id: String(l.id),
      from: l.from_key,
      to: l.to_key,
      priority: l.priority,
      isDefault: l.is_default === 1,
      rules: storedJson(RuleGroupZ, l.rules_json, `template_node_links.rules_json of link ${l.id}`),
    })),
    settings,
  };
}

/**
 * Writes `graph` as the template's working flow: nodes by key (updated, added, removed), links kept by
 * their numeric id when it names one of this template's rows, inserted otherwise. Returns the graph with
 * the links' real ids.
 */
export async function writeWorkingFlow(db: Db, templateId: number, graph: FlowGraph): Promise<FlowGraph> {
  const existingNodes = await listNodeRows(db, templateId);
  const keep = new Set(graph.nodes.map((n) => n.id));
  for (const row of existingNodes) {
    if (!keep.has(row.node_key)) await db.deleteFrom('template_nodes').where('id', '=', row.id).execute();
  }
  const byKey = new Map(existingNodes.map((r) => [r.node_key, r]));
  for (const [index, node] of graph.nodes.entries()) {
    const values = {
      type: node.type,
      name: node.name,
      steps_json: JSON.stringify(node.steps),
      field_access_json: node.fieldAccess === undefined ? null : JSON.stringify(node.fieldAccess),
      sort: (index + 1) * 10,
    };
    const row = byKey.get(node.id);
    if (row) await db.updateTable('template_nodes').set(values).where('id', '=', row.id).execute();
    else
      await db
        .insertInto('template_nodes')
        .values({ ...values, template_id: templateId, node_key: node.id })
        .execute();
  }
  const existingLinks = new Set((await listLinkRows(db, templateId)).map((l) => String(l.id)));
  const links: FlowLink[] = [];
  const kept = new Set<string>();
  for (const link of graph.links) {
    const values = {
      from_key: link.from,
      to_key: link.to,
      priority: link.priority,
      is_default: link.isDefault ? 1 : 0,
      rules_json: JSON.stringify(link.rules),
    };
    if (existingLinks.has(link.id) && !kept.has(link.id)) {
      await db.updateTable('template_node_links').set(values).where('id', '=', Number(link.id)).execute();
      kept.add(link.id);
      links.push(link);
    } else {
      const row = await db
        .insertInto('template_node_links')
        .values({ ...values, template_id: templateId })
        .returning('id')
        .executeTakeFirstOrThrow();
      kept.add(String(row.id));
      links.push({ ...link, id: String(row.id) });
    }
  }
  for (const id of existingLinks) {
    if (!kept.has(id)) await db.deleteFrom('template_node_links').where('id', '=', Number(id)).execute();
  }
  await db
    .updateTable('templates')
    .set({ flow_settings: JSON.stringify(graph.settings), updated_at: nowIso() })
    .where('id', '=', templateId)
    .execute();
  return { ...graph, links };
}

/** What the bills module reads of a template: its name, group, state and current version. */
export function findTemplateForBills(db: Db, id: number) {
  return db
    .selectFrom('templates')
    .select(['id', 'name', 'group_id', 'status', 'is_iptv', 'current_version_id', 'subject_kind'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** One published version, its form and flow parsed. */
export async function findVersion(db: Db, id: number) {
  const row = await db
    .selectFrom('template_versions')
    .select(['id', 'template_id', 'version_no', 'name', 'form_schema', 'flow'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    ...row,
    form_schema: storedJson(FormSchemaZ, row.form_schema, `template_versions.form_schema of version ${row.id}`),
    flow: storedJson(FlowGraphZ, row.flow, `template_versions.flow of version ${row.id}`),
  };
}

/** Publishes an immutable version (DESIGN §6) and makes it the one new bills pin. */
export async function publishVersion(db: Db, templateId: number, name: string, formSchema: FormSchema, graph: FlowGraph): Promise<number> {
  const template = await db.selectFrom('templates').select(['version_no']).where('id', '=', templateId).executeTakeFirstOrThrow();
  const versionNo = template.version_no + 1;
  const row = await db
    .insertInto('template_versions')
    .values({
      template_id: templateId,
      version_no: versionNo,
      name,
      form_schema: JSON.stringify(formSchema),
      flow: JSON.stringify(graph),
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.updateTable('templates').set({ current_version_id: row.id, version_no: versionNo }).where('id', '=', templateId).execute();
  return row.id;
}

export async function setFavorite(db: Db, userId: number, templateId: number, on: boolean): Promise<void> {
  if (on) {
    await db
      .insertInto('template_favorites')
      .values({ user_id: userId, template_id: templateId, created_at: nowIso() })
      .onConflict((oc) => oc.columns(['user_id', 'template_id']).doNothing())
      .execute();
  } else {
    await db.deleteFrom('template_favorites').where('user_id', '=', userId).where('template_id', '=', templateId).execute();
  }
}

export async function isFavorite(db: Db, userId: number, templateId: number): Promise<boolean> {
  const row = await db
    .selectFrom('template_favorites')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('template_id', '=', templateId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function templateVersionNo(db: Db, id: number): Promise<number> {
  return (await db.selectFrom('templates').select('version_no').where('id', '=', id).executeTakeFirstOrThrow()).version_no;
}

export async function setGroupSort(db: Db, id: number, sort: number): Promise<void> {
  await db.updateTable('template_groups').set({ sort }).where('id', '=', id).execute();
}

// ---------- who may start (template_starters, migration 0010) ----------

const STARTER_KEYS = { dept: 'dept_ids', role: 'role_ids', user: 'user_ids' } as const;
type StarterKind = keyof typeof STARTER_KEYS;

const noStarters = (): TemplateStarters => ({ dept_ids: [], role_ids: [], user_ids: [] });

/** The starters of the given templates, or of every template that lists any when `templateIds` is left out. */
export async function loadStarters(db: Db, templateIds?: readonly number[]): Promise<Map<number, TemplateStarters>> {
  if (templateIds?.length === 0) return new Map();
  let query = db
    .selectFrom('template_starters')
    .select(['template_id', 'kind', 'ref_id'])
    .orderBy('template_id')
    .orderBy('kind')
    .orderBy('ref_id');
  if (templateIds) query = query.where('template_id', 'in', [...templateIds]);
  const out = new Map<number, TemplateStarters>();
  for (const row of await query.execute()) {
    // An unknown kind would drop the row, and a template whose rows all drop is open to everyone.
    if (!Object.hasOwn(STARTER_KEYS, row.kind)) throw new Error(`template_starters.kind of template ${row.template_id} is no starter kind`);
    const key = STARTER_KEYS[row.kind];
    let starters = out.get(row.template_id);
    if (!starters) {
      starters = noStarters();
      out.set(row.template_id, starters);
    }
    starters[key].push(row.ref_id);
  }
  return out;
}

export async function startersOf(db: Db, templateId: number): Promise<TemplateStarters> {
  return (await loadStarters(db, [templateId])).get(templateId) ?? noStarters();
}

export async function writeStarters(db: Db, templateId: number, starters: TemplateStarters): Promise<void> {
  await db.deleteFrom('template_starters').where('template_id', '=', templateId).execute();
  const rows = (Object.entries(STARTER_KEYS) as [StarterKind, (typeof STARTER_KEYS)[StarterKind]][]).flatMap(([kind, key]) =>
    [...new Set(starters[key])].map((ref_id) => ({ template_id: templateId, kind, ref_id })),
  );
  if (rows.length > 0) await db.insertInto('template_starters').values(rows).execute();
}

/** Bills pinned to a version: all, and those still in approval. The template narrows it to the bills_template index. */
export async function countVersionBills(
  db: Db,
  templateId: number,
  versionId: number | null,
): Promise<{ total: number; in_progress: number }> {
  if (versionId === null) return { total: 0, in_progress: 0 };
  const row = await db
    .selectFrom('bills')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('total'),
      eb.fn.sum<number | string | null>(eb.case().when('status', '=', 'doing').then(1).else(0).end()).as('doing'),
    ])
    .where('template_id', '=', templateId)
    .where('template_version_id', '=', versionId)
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), in_progress: Number(row.doing ?? 0) };
}
