import { z } from 'zod';
import { escapeHtml } from '../common/html';
import type { FormField, FormFieldType, FormSchema } from './form';

/**
 * 变更节点 (SPEC §4 node type `change`, issue 13): a node whose handlers may edit some of the bill's fields before
 * they pass it on (同意). What each field is at the node — 只读, 可编辑 or 隐藏 — is set per node in the flow designer
 * (`FlowNode.fieldAccess`; a field it does not name is 只读). `PATCH /api/bills/{id}/change` saves the edits; every
 * changed value goes into the history with its old and new value (docs/approval-api.md "Change nodes").
 */

export const FIELD_ACCESS = ['read', 'edit', 'hidden'] as const;
export type FieldAccess = (typeof FIELD_ACCESS)[number];

export const FIELD_ACCESS_LABELS: Record<FieldAccess, string> = { read: '只读', edit: '可编辑', hidden: '隐藏' };

/**
 * Every field type but these may be opened for editing at a change node: one value each, checked by the form's own
 * validator. Line-item tables and attachments keep their own calls (`/api/bills/{id}/items`, `/api/files`) and are never
 * edited at a change node; a description has no value; a money field computed from line items (`sumOf`) is the
 * server's to compute.
 */
const NOT_CHANGEABLE: readonly FormFieldType[] = ['attachment', 'items', 'description'];

export function isChangeable(field: Pick<FormField, 'type' | 'sumOf'>): boolean {
  return !NOT_CHANGEABLE.includes(field.type) && field.sumOf === undefined;
}

/** The fields a change node's permissions may name, with whether they may be set to 可编辑 (flow validation). */
export function fieldAccessFields(schema: FormSchema): { key: string; changeable: boolean }[] {
  return schema.fields.filter((f) => f.type !== 'description').map((f) => ({ key: f.key, changeable: isChangeable(f) }));
}

/** What a field is at a node: as set, 只读 when not set; 可编辑 only for a field that may be changed at all. */
export function fieldAccessAt(
  access: Readonly<Record<string, FieldAccess>> | undefined,
  field: Pick<FormField, 'key' | 'type' | 'sumOf'>,
): FieldAccess {
  const set = access?.[field.key] ?? 'read';
  return set === 'edit' && !isChangeable(field) ? 'read' : set;
}

/** The keys of the fields a node lets its handlers edit, in form order. */
export function editableFieldKeys(schema: FormSchema, access: Readonly<Record<string, FieldAccess>> | undefined): string[] {
  return schema.fields.filter((f) => fieldAccessAt(access, f) === 'edit').map((f) => f.key);
}

/** The longest 修改说明 a change may carry. */
export const CHANGE_COMMENT_MAX = 500;

/** PATCH /api/bills/{id}/change: the new values of some editable fields, an optional note, the version the handler saw. */
export const BillChangeZ = z.object({
  form: z.record(z.string(), z.unknown(), { error: '请填写要修改的字段' }),
  comment: z.string().trim().max(CHANGE_COMMENT_MAX, `修改说明不能超过${CHANGE_COMMENT_MAX}个字`).optional(),
  version: z.number().int().nonnegative().optional(),
});
export type BillChangeInput = z.infer<typeof BillChangeZ>;

/** One changed value as the history shows it: the field's label and both values as text, as they read at the time. */
export const BillFieldChangeZ = z.object({ key: z.string(), label: z.string(), before: z.string(), after: z.string() });
export type BillFieldChange = z.infer<typeof BillFieldChangeZ>;
/** `bill_events.changes_json` as stored. */
export const BillFieldChangesZ = z.array(BillFieldChangeZ);

export const ChangeMessages = {
  notChangeNode: '单据当前不在变更节点，不能修改表单',
  notHandler: '只有变更节点的当前办理人可以修改表单',
  fieldNotEditable: (label: string) => `「${escapeHtml(label)}」在此节点不可修改`,
  unknownField: (key: string) => `表单中没有字段「${escapeHtml(key)}」`,
  nothingChanged: '没有修改任何字段',
  /** 批量同意 leaves a bill at a change node with editable fields to its detail page. */
  batchSkipped: '变更节点可修改表单，请打开单据办理',
  saved: '修改已保存',
  /** How an empty value shows in the history's old → new. */
  empty: '（空）',
  /** The detail page's card and button. */
  cardTitle: '变更表单',
  cardHint: '您是变更节点的办理人：可修改下列字段，保存后在「同意」中提交给下一节点。每次修改都记入审批记录。',
  save: '保存修改',
  commentLabel: '修改说明（选填）',
  noEditable: '此节点没有可修改的字段，请直接同意提交。',
  /** The history entry's list of old → new values. */
  changesLabel: '修改内容',
} as const;

/** Flow validation messages of per-node field permissions (a flow-save 422 names node and field). */
export const FieldAccessMessages = {
  notOnChangeNode: (node: string) => `节点「${escapeHtml(node)}」不是变更节点，不能设置字段权限`,
  unknownField: (node: string, key: string) => `节点「${escapeHtml(node)}」的字段权限引用了不存在的表单字段「${escapeHtml(key)}」`,
  notChangeable: (node: string, key: string) => `节点「${escapeHtml(node)}」：字段「${escapeHtml(key)}」不能设为可编辑`,
  noSteps: (node: string) => `变更节点「${escapeHtml(node)}」至少需要一个办理步骤`,
} as const;

/** The flow designer's words for a change node's 字段权限 (rendered as text by React, so not escaped). */
export const FieldAccessTexts = {
  title: '字段权限',
  hint: '设置办理人在此节点对每个字段的权限：只读、可编辑或隐藏。明细表、附件和自动合计的金额只能只读或隐藏。',
  noFields: '表单还没有字段：先在「表单设计」中添加字段',
  /** The accessible name of a field's 只读 / 可编辑 / 隐藏 choice. */
  fieldLabel: (label: string) => `「${label}」的权限`,
} as const;
