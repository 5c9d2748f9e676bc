import {
  INITIATOR_APPROVES_LABELS,
  APPROVER_DEDUP_LABELS,
  initiatorApprovesOf,
  isRuleGroup,
  REVIEW_KIND_LABELS,
  STEP_REVIEW_KIND,
  type Condition,
  type FlowGraph,
  type FlowLink,
  type FlowNode,
  type FormSchema,
  type HandlerSource,
  type RuleGroup,
  type StepDef,
  type TemplateStarters,
} from '@osp/shared';

/**
 * What the operation log keeps about templates, groups and their flows: one readable line per change
 * and the changed facts before and after, never the flow's JSON. Nodes read as "名称：步骤（或签，指定 2 人）",
 * links as "审批1 → 结束（金额 > 5000）"; departments, jobs and people in a flow are named by id or count.
 */

export type TemplateFacts = Record<string, unknown>;

/** The log's item type of a template: IPTV templates have their own, read only by IPTV roles. */
export function templateItemType(isIptv: boolean | number): 'template' | 'iptv_template' {
  return isIptv === true || isIptv === 1 ? 'iptv_template' : 'template';
}

export const statusText = (status: number) => (status === 1 ? '启用' : '停用');

const OPERATORS: Record<string, string> = {
  eq: '=',
  ne: '≠',
  gt: '>',
  gte: '≥',
  lt: '<',
  lte: '≤',
  in: '属于',
  contains: '包含',
};

const valueText = (value: unknown): string =>
  Array.isArray(value) ? value.map(valueText).join('、') : typeof value === 'boolean' ? (value ? '是' : '否') : String(value);

const idsText = (prefix: string, value: number | number[]) =>
  (Array.isArray(value) ? value : [value]).map((id) => `${prefix}#${id}`).join('、');

function conditionText(condition: Condition, labels: ReadonlyMap<string, string>): string {
  const op = OPERATORS[condition.op] ?? condition.op;
  if (condition.on === 'field') return `${labels.get(condition.field) ?? condition.field} ${op} ${valueText(condition.value)}`;
  if (condition.on === 'dept') return `发起人部门 ${op} ${idsText('部门', condition.value)}`;
  return `发起人岗位 ${op} ${idsText('岗位', condition.value)}`;
}

/** "金额 > 5000 且 （类型 = 差旅 或 发起人部门 = 部门#3）"; '' for an unconditional group. */
export function rulesText(group: RuleGroup, labels: ReadonlyMap<string, string>): string {
  const parts = group.rules.map((rule) => (isRuleGroup(rule) ? `（${rulesText(rule, labels)}）` : conditionText(rule, labels)));
  return parts.filter((p) => p !== '' && p !== '（）').join(group.logic === 'and' ? ' 且 ' : ' 或 ');
}

function sourceText(source: HandlerSource): string {
  switch (source.kind) {
    case 'users':
      return `指定 ${source.userIds.length} 人`;
    case 'job':
      return `岗位#${source.jobId}${source.onlyCoveringInitiatorDept ? '（仅负责发起人部门的成员）' : ''}`;
    case 'leader':
      return source.levels === 1 ? '发起人部门负责人' : `发起人往上第 ${source.levels} 级部门负责人`;
    case 'chosen':
      return '发起人自选';
    case 'initiator':
      return '发起人本人';
  }
}

const stepText = (step: StepDef) => `${step.name}（${REVIEW_KIND_LABELS[STEP_REVIEW_KIND[step.type]]}，${sourceText(step.source)}）`;

export const nodeText = (node: FlowNode) => (node.steps.length > 0 ? `${node.name}：${node.steps.map(stepText).join('；')}` : node.name);

export function linkText(link: FlowLink, graph: FlowGraph, labels: ReadonlyMap<string, string>): string {
  const name = (id: string) => graph.nodes.find((n) => n.id === id)?.name ?? id;
  const notes = [link.isDefault ? '默认' : '', rulesText(link.rules, labels)].filter((n) => n !== '');
  return `${name(link.from)} → ${name(link.to)}${notes.length > 0 ? `（${notes.join('，')}）` : ''}`;
}

export function fieldLabels(schema: FormSchema): Map<string, string> {
  return new Map(schema.fields.map((f) => [f.key, f.label]));
}

function settingsText(settings: FlowGraph['settings']): string {
  return [
    settings.emptyHandler === 'admin' ? `找不到审批人时交给用户#${settings.adminUserId}` : '找不到审批人时跳过',
    settings.resubmit === 'resume' ? '重新提交从驳回的节点继续' : '重新提交从头审批',
    ...(settings.approverDedup !== 'none' ? [`审批人去重：${APPROVER_DEDUP_LABELS[settings.approverDedup]}`] : []),
    // Only when not the default, so the facts of flows saved before the setting read as they did.
    ...(initiatorApprovesOf(settings) !== 'skip' ? [`发起人审批时：${INITIATOR_APPROVES_LABELS[initiatorApprovesOf(settings)]}`] : []),
  ].join('；');
}

/** The flow's nodes, links and settings as lines of text (empty lists for a template without a flow). */
export function flowFacts(graph: FlowGraph | null, schema: FormSchema): TemplateFacts {
  if (!graph) return { nodes: [], links: [], settings: '' };
  const labels = fieldLabels(schema);
  return {
    nodes: graph.nodes.map(nodeText),
    links: graph.links.map((l) => linkText(l, graph, labels)),
    settings: settingsText(graph.settings),
  };
}

export interface TemplateState {
  name: string;
  group: string;
  description: string;
  icon: string;
  status: number;
  schema: FormSchema;
  flow: FlowGraph | null;
  starters: TemplateStarters;
}

/** "所有人", or "部门#3、角色#2、用户#7" (ids, as the log names people and departments in a flow). */
export function startersText(starters: TemplateStarters): string {
  const parts = [
    ...starters.dept_ids.map((id) => `部门#${id}`),
    ...starters.role_ids.map((id) => `角色#${id}`),
    ...starters.user_ids.map((id) => `用户#${id}`),
  ];
  return parts.length === 0 ? '所有人' : parts.join('、');
}

/** Everything the log shows of a template. */
export function templateFacts(t: TemplateState): TemplateFacts {
  return {
    name: t.name,
    group: t.group,
    description: t.description,
    icon: t.icon,
    status: statusText(t.status),
    starters: startersText(t.starters),
    form_fields: t.schema.fields.map((f) => `${f.label}${f.required ? '（必填）' : ''}`),
    ...flowFacts(t.flow, t.schema),
  };
}

/** The keys whose values differ, each side holding only those keys. */
export function changedFacts(before: TemplateFacts, after: TemplateFacts): { before: TemplateFacts; after: TemplateFacts; keys: string[] } {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
  return {
    keys,
    before: Object.fromEntries(keys.filter((k) => k in before).map((k) => [k, before[k]])),
    after: Object.fromEntries(keys.filter((k) => k in after).map((k) => [k, after[k]])),
  };
}

const FACT_LABELS: Record<string, string> = {
  description: '说明',
  icon: '图标',
  starters: '发起人范围',
  form_fields: '表单字段',
  nodes: '节点',
  links: '连线',
  settings: '流程设置',
};

/** "改名为「差旅报销」，停用，修改表单字段、连线" from the changed facts. */
export function changeClause(keys: readonly string[], after: TemplateFacts): string {
  const parts: string[] = [];
  if (keys.includes('name')) parts.push(`改名为「${String(after.name)}」`);
  if (keys.includes('group')) parts.push(`移到分组「${String(after.group)}」`);
  if (keys.includes('status')) parts.push(`改为${String(after.status)}`);
  const others = keys.filter((k) => k in FACT_LABELS).map((k) => FACT_LABELS[k]);
  if (others.length > 0) parts.push(`修改${others.join('、')}`);
  return parts.join('，');
}
