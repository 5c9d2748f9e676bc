import {
  CONDITION_OPERATOR_LABELS,
  DATE_PATTERN,
  FlowDesignerTexts as T,
  INITIATOR_DEPT_OPERATOR_LABELS,
  isRuleGroup,
  MONEY_PATTERN,
  type Condition,
  type ConditionOperator,
  type FormField,
  type FormSchema,
  type RuleGroup,
} from '@osp/shared';

/*
 * The rule builder's model (pure): which form fields and initiator facts a branch may test, the
 * operators each takes, editing an and/or tree by path, and the Chinese summary on a branch card.
 * The rules themselves are evaluated by the shared evaluateRules, on the server and in the preview alike.
 */

/** How a subject's value is typed and compared. */
export type RuleValueKind = 'number' | 'money' | 'date' | 'option' | 'options' | 'text' | 'user' | 'dept' | 'job';

export type RuleTarget = { on: 'field'; field: string } | { on: 'dept' } | { on: 'job' };

/** Something a condition can test: a form field, or the initiator's department or job. */
export interface RuleSubject {
  /** `field:<key>`, `dept` or `job`: the value of the 条件字段 select. */
  id: string;
  label: string;
  kind: RuleValueKind;
  target: RuleTarget;
  /** select, radio, checkbox. */
  options: string[];
  /** A user or department field that holds several. */
  isMultiple: boolean;
}

export const OPERATORS_BY_KIND: Record<RuleValueKind, readonly ConditionOperator[]> = {
  number: ['gt', 'gte', 'lt', 'lte', 'eq', 'ne'],
  money: ['gt', 'gte', 'lt', 'lte', 'eq', 'ne'],
  date: ['gt', 'gte', 'lt', 'lte', 'eq'],
  option: ['eq', 'ne', 'in'],
  options: ['contains'],
  text: ['eq', 'ne', 'contains'],
  user: ['eq', 'ne', 'in'],
  dept: ['eq', 'ne', 'in'],
  job: ['eq', 'ne', 'in'],
};

/** The kind of a form field in rules, or null when rules cannot test it (date ranges, files, an items table without a total). */
function kindOf(field: FormField): RuleValueKind | null {
  switch (field.type) {
    case 'number':
      return 'number';
    case 'money':
      return 'money';
    case 'date':
      return 'date';
    case 'select':
    case 'radio':
      return 'option';
    case 'checkbox':
      return 'options';
    case 'text':
    case 'textarea':
      return 'text';
    case 'user':
      return 'user';
    case 'department':
      return 'dept';
    case 'items': {
      // An items table takes part by its total (the engine reads the total under the table's key).
      const total = field.columns?.find((c) => c.key === field.totalOf);
      return total?.type === 'money' ? 'money' : total?.type === 'number' ? 'number' : null;
    }
    case 'daterange':
    case 'attachment':
    case 'description':
      return null;
  }
}

function fieldSubject(field: FormField, kind: RuleValueKind): RuleSubject {
  return {
    id: `field:${field.key}`,
    label: field.type === 'items' ? `${field.label}合计` : field.label,
    kind,
    target: { on: 'field', field: field.key },
    options: field.options ?? [],
    isMultiple: field.multiple === true,
  };
}

const DEPT_SUBJECT: RuleSubject = {
  id: 'dept',
  label: T.initiatorDept,
  kind: 'dept',
  target: { on: 'dept' },
  options: [],
  isMultiple: false,
};
const JOB_SUBJECT: RuleSubject = { id: 'job', label: T.initiatorJob, kind: 'job', target: { on: 'job' }, options: [], isMultiple: false };

/** The form fields rules may test, in form order. */
export function fieldSubjects(schema: FormSchema): RuleSubject[] {
  return schema.fields.flatMap((f) => {
    const kind = kindOf(f);
    return kind ? [fieldSubject(f, kind)] : [];
  });
}

/** Everything the 条件字段 select offers: the form's fields, then 发起人部门 and 发起人岗位. */
export function ruleSubjects(schema: FormSchema): RuleSubject[] {
  return [...fieldSubjects(schema), DEPT_SUBJECT, JOB_SUBJECT];
}

/** The subject a condition tests, or null for a field no longer in the form (or no longer testable). */
export function subjectOf(condition: Condition, schema: FormSchema): RuleSubject | null {
  if (condition.on === 'dept') return DEPT_SUBJECT;
  if (condition.on === 'job') return JOB_SUBJECT;
  const field = schema.fields.find((f) => f.key === condition.field);
  const kind = field ? kindOf(field) : null;
  return field && kind ? fieldSubject(field, kind) : null;
}

export function operatorsFor(kind: RuleValueKind): readonly ConditionOperator[] {
  return OPERATORS_BY_KIND[kind];
}

/** An operator as the 条件 select names it: 发起人部门's take in the departments below; a form field compares its value. */
export function operatorLabel(subject: RuleSubject, op: ConditionOperator): string {
  if (subject.target.on === 'dept' && (op === 'eq' || op === 'ne' || op === 'in')) return INITIATOR_DEPT_OPERATOR_LABELS[op];
  return CONDITION_OPERATOR_LABELS[op];
}

/** Operators whose value is a list: "one of" (in), and a checkbox's "contains all of". */
export function isListOperator(kind: RuleValueKind, op: ConditionOperator): boolean {
  return op === 'in' || (kind === 'options' && op === 'contains');
}

/** A new condition on `subject` with its first operator and no value yet. */
export function newCondition(subject: RuleSubject): Condition {
  const op = operatorsFor(subject.kind)[0] ?? 'eq';
  const list = isListOperator(subject.kind, op);
  switch (subject.target.on) {
    case 'dept':
      return { on: 'dept', op: op as 'eq' | 'ne' | 'in', value: list ? [] : 0 };
    case 'job':
      return { on: 'job', op: op as 'eq' | 'ne' | 'in', value: list ? [] : 0 };
    case 'field':
      return { on: 'field', field: subject.target.field, op, value: list ? [] : '' };
  }
}

/** Changes the operator, turning the value into a list or back as the operator needs. */
export function withOperator(condition: Condition, kind: RuleValueKind, op: ConditionOperator): Condition {
  const wasList = Array.isArray(condition.value);
  const isList = isListOperator(kind, op);
  if (condition.on === 'field') {
    const v = condition.value;
    const value =
      wasList === isList ? v : isList ? (v === '' ? [] : [v as string | number | boolean]) : Array.isArray(v) ? (v[0] ?? '') : v;
    return { ...condition, op, value };
  }
  if (op !== 'eq' && op !== 'ne' && op !== 'in') return condition;
  const v = condition.value;
  const value = wasList === isList ? v : isList ? (v === 0 ? [] : [v as number]) : Array.isArray(v) ? (v[0] ?? 0) : v;
  return { ...condition, op, value };
}

function isFilled(kind: RuleValueKind, v: unknown): boolean {
  switch (kind) {
    case 'number':
      return typeof v === 'number' ? Number.isFinite(v) : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v));
    case 'money':
      return typeof v === 'number' ? Number.isFinite(v) : typeof v === 'string' && MONEY_PATTERN.test(v.trim());
    case 'date':
      return typeof v === 'string' && DATE_PATTERN.test(v);
    case 'option':
    case 'options':
    case 'text':
      return typeof v === 'string' && v.trim() !== '';
    case 'user':
    case 'dept':
    case 'job':
      return typeof v === 'number' && Number.isInteger(v) && v > 0;
  }
}

/** A condition without a usable value compares against nothing meaningful ('' sorts before every text), so the designer flags it. */
export function isConditionComplete(condition: Condition, subject: RuleSubject): boolean {
  const v: unknown = condition.value;
  if (Array.isArray(v)) return v.length > 0 && v.every((x) => isFilled(subject.kind, x));
  return isFilled(subject.kind, v);
}

// ---------- editing an and/or tree by path ----------

/** Indexes from the root group down to a rule; the root itself is []. */
export type RulePath = readonly number[];

function editGroupAt(root: RuleGroup, path: RulePath, edit: (group: RuleGroup) => RuleGroup): RuleGroup {
  const [head, ...rest] = path;
  if (head === undefined) return edit(root);
  return {
    ...root,
    rules: root.rules.map((r, i) => (i === head && isRuleGroup(r) ? editGroupAt(r, rest, edit) : r)),
  };
}

export function ruleAt(root: RuleGroup, path: RulePath): Condition | RuleGroup | undefined {
  let current: Condition | RuleGroup | undefined = root;
  for (const i of path) current = current && isRuleGroup(current) ? current.rules[i] : undefined;
  return current;
}

/** Appends a condition or a sub-group to the group at `groupPath`. */
export function addRule(root: RuleGroup, groupPath: RulePath, rule: Condition | RuleGroup): RuleGroup {
  return editGroupAt(root, groupPath, (g) => ({ ...g, rules: [...g.rules, rule] }));
}

/** A sub-group (且 inside a 或, or the reverse) holding one condition. */
export function addGroup(root: RuleGroup, groupPath: RulePath, first: Condition): RuleGroup {
  const outer = ruleAt(root, groupPath);
  const logic = outer && isRuleGroup(outer) && outer.logic === 'and' ? 'or' : 'and';
  return addRule(root, groupPath, { logic, rules: [first] });
}

export function updateRule(root: RuleGroup, path: RulePath, rule: Condition | RuleGroup): RuleGroup {
  const parent = path.slice(0, -1);
  const index = path[path.length - 1];
  return editGroupAt(root, parent, (g) => ({ ...g, rules: g.rules.map((r, i) => (i === index ? rule : r)) }));
}

/** Removes a rule; a sub-group left empty goes too (an empty group would always match). */
export function removeRule(root: RuleGroup, path: RulePath): RuleGroup {
  const parent = path.slice(0, -1);
  const index = path[path.length - 1];
  const next = editGroupAt(root, parent, (g) => ({ ...g, rules: g.rules.filter((_, i) => i !== index) }));
  const left = ruleAt(next, parent);
  if (parent.length > 0 && left && isRuleGroup(left) && left.rules.length === 0) return removeRule(next, parent);
  return next;
}

export function setLogic(root: RuleGroup, groupPath: RulePath, logic: 'and' | 'or'): RuleGroup {
  return editGroupAt(root, groupPath, (g) => ({ ...g, logic }));
}

/** Every condition of a tree with its path. */
export function conditionsOf(group: RuleGroup, path: RulePath = []): { condition: Condition; path: RulePath }[] {
  return group.rules.flatMap((r, i) => (isRuleGroup(r) ? conditionsOf(r, [...path, i]) : [{ condition: r, path: [...path, i] }]));
}

// ---------- the summary text ----------

/** Names of the ids a condition holds. */
export interface RuleNames {
  user: (id: number) => string;
  dept: (id: number) => string;
  job: (id: number) => string;
}

function isList(v: Shown): v is readonly Shown[] {
  return Array.isArray(v);
}

const SYMBOLS: Partial<Record<ConditionOperator, string>> = { gt: '>', gte: '≥', lt: '<', lte: '≤', eq: '=', ne: '≠' };

type Shown = string | number | boolean | null | undefined | readonly Shown[];

function valueText(kind: RuleValueKind, v: Shown, names: RuleNames): string {
  if (isList(v)) return v.length === 0 ? '（未填写）' : v.map((x) => valueText(kind, x, names)).join('、');
  if (v === '' || v === null || v === undefined || ((kind === 'user' || kind === 'dept' || kind === 'job') && v === 0)) return '（未填写）';
  if (typeof v === 'number' && kind === 'user') return names.user(v);
  if (typeof v === 'number' && kind === 'dept') return names.dept(v);
  if (typeof v === 'number' && kind === 'job') return names.job(v);
  return String(v);
}

export function conditionText(condition: Condition, schema: FormSchema, names: RuleNames): string {
  const subject = subjectOf(condition, schema);
  if (!subject) return condition.on === 'field' ? T.unknownField(condition.field) : '';
  const value = valueText(subject.kind, condition.value, names);
  const { op } = condition;
  if (subject.target.on !== 'field') return `${subject.label}${op === 'ne' ? '不属于' : '属于'} ${value}`;
  switch (subject.kind) {
    case 'number':
    case 'money':
    case 'date':
      return `${subject.label} ${SYMBOLS[op] ?? op} ${value}`;
    case 'option':
    case 'options':
    case 'text':
    case 'user':
    case 'dept':
      if (op === 'ne') return `${subject.label} 不为 ${value}`;
      if (op === 'in') return `${subject.label} 为 ${value} 之一`;
      if (op === 'contains') return `${subject.label} 包含 ${value}`;
      return `${subject.label} 为 ${value}`;
    case 'job':
      return `${subject.label} 为 ${value}`;
  }
}

/**
 * The branch card's summary, e.g.「金额 ≥ 5000 且 发起人部门属于 财务部」; sub-groups in brackets.
 * An empty group answers '' (the card says 未设置条件 itself).
 */
export function ruleText(rule: RuleGroup | Condition, schema: FormSchema, names: RuleNames): string {
  if (!isRuleGroup(rule)) return conditionText(rule, schema, names);
  const parts = rule.rules.map((r) => {
    const text = ruleText(r, schema, names);
    return isRuleGroup(r) && r.rules.length > 1 ? `（${text}）` : text;
  });
  return parts.filter((p) => p !== '').join(rule.logic === 'and' ? ` ${T.and} ` : ` ${T.or} `);
}

/** Whether any condition tests the initiator's job (the preview's local path cannot know the initiator's jobs). */
export function usesJob(group: RuleGroup): boolean {
  return conditionsOf(group).some(({ condition }) => condition.on === 'job');
}
