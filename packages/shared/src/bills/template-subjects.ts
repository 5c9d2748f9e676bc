import { escapeHtml } from '../common/html';
import { HALF_DAY_OPTIONS, LEAVE_FORM_KEYS } from '../holiday/leave';
import { FORM_FIELD_TYPE_LABELS, type FormField, type FormFieldType, type FormSchema } from './form';

/*
 * Templates bound to a module (templates.subject_kind, migration 0035): the module starts their bills from its own
 * page through the bills module's public API and fills their form by key — 请假 from 申请请假, which keeps the leave
 * balance. A bound template is not started from 发起审批's bill form, its form must keep the keys the module fills,
 * and a kind has one enabled template at most (docs/holiday.md "The 请假 template").
 */

export const TEMPLATE_SUBJECT_KINDS = ['leave'] as const;
export type TemplateSubjectKind = (typeof TEMPLATE_SUBJECT_KINDS)[number];

export const TEMPLATE_SUBJECT_LABELS: Record<TemplateSubjectKind, string> = { leave: '请假' };

export const TemplateSubjectMessages = {
  kindInvalid: '业务用途不正确',
  iptv: 'IPTV 模板不能设置业务用途',
  /** Another enabled template already serves the kind. */
  taken: (kind: string, name: string) => `模板「${escapeHtml(name)}」已用于${escapeHtml(kind)}，同一用途只能有一个启用的模板`,
  fieldMissing: (kind: string, label: string, key: string, types: string) =>
    `用于${escapeHtml(kind)}的模板须有字段「${escapeHtml(label)}」（标识 ${escapeHtml(key)}，类型为${escapeHtml(types)}）`,
  halfOptions: (label: string) => `字段「${escapeHtml(label)}」须有“上午”和“下午”两个选项`,
  noDaysOf: (label: string) => `字段「${escapeHtml(label)}」由请假按工作日历计算，不能再设置天数来源`,
} as const;

interface Requirement {
  key: string;
  /** What the message calls the field when it is missing. */
  label: string;
  types: readonly FormFieldType[];
  required: boolean;
  check?: (field: FormField) => string | undefined;
}

const halves = (field: FormField) =>
  (field.type === 'radio' || field.type === 'select') && !HALF_DAY_OPTIONS.every((option) => field.options?.includes(option))
    ? TemplateSubjectMessages.halfOptions(field.label)
    : undefined;

const LEAVE_REQUIREMENTS: readonly Requirement[] = [
  { key: LEAVE_FORM_KEYS.type, label: '请假类型', types: ['select', 'radio', 'text'], required: true },
  { key: LEAVE_FORM_KEYS.period, label: '请假时间', types: ['daterange'], required: true },
  { key: LEAVE_FORM_KEYS.startHalf, label: '开始时段', types: ['radio', 'select', 'text'], required: true, check: halves },
  { key: LEAVE_FORM_KEYS.endHalf, label: '结束时段', types: ['radio', 'select', 'text'], required: true, check: halves },
  {
    key: LEAVE_FORM_KEYS.days,
    label: '请假天数',
    types: ['number'],
    required: true,
    check: (field) => (field.daysOf !== undefined ? TemplateSubjectMessages.noDaysOf(field.label) : undefined),
  },
  { key: LEAVE_FORM_KEYS.reason, label: '请假事由', types: ['textarea', 'text'], required: true },
  { key: LEAVE_FORM_KEYS.files, label: '附件', types: ['attachment'], required: false },
];

const REQUIREMENTS: Record<TemplateSubjectKind, readonly Requirement[]> = { leave: LEAVE_REQUIREMENTS };

/** What keeps a form from serving the kind: each missing or mistyped field, in the form's words. */
export function subjectFormProblems(kind: TemplateSubjectKind, schema: FormSchema): string[] {
  const name = TEMPLATE_SUBJECT_LABELS[kind];
  const problems: string[] = [];
  for (const requirement of REQUIREMENTS[kind]) {
    const field = schema.fields.find((f) => f.key === requirement.key);
    const typeNames = requirement.types.map((type) => FORM_FIELD_TYPE_LABELS[type]).join('、');
    if (!field) {
      if (requirement.required) problems.push(TemplateSubjectMessages.fieldMissing(name, requirement.label, requirement.key, typeNames));
      continue;
    }
    if (!requirement.types.includes(field.type)) {
      problems.push(TemplateSubjectMessages.fieldMissing(name, requirement.label, requirement.key, typeNames));
      continue;
    }
    const problem = requirement.check?.(field);
    if (problem) problems.push(problem);
  }
  return problems;
}
