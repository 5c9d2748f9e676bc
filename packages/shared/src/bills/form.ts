import { escapeHtml } from '../common/html';
import { z } from 'zod';
import type { FieldErrors } from '../common/envelope';

/**
 * A template's form schema (issue 4) and the one validator of a bill's form against it. The server
 * validates every save and release with `validateBillForm`; the web app renders the same schema and can
 * run the same check before sending. Money is a decimal string (DESIGN §4), summed in integer cents.
 */

export const FORM_FIELD_TYPES = [
  'text',
  'textarea',
  'number',
  'money',
  'date',
  'daterange',
  'select',
  'radio',
  'checkbox',
  'user',
  'department',
  'attachment',
  'items',
  'description',
] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

/** The column types of a line-items table. */
export const ITEM_COLUMN_TYPES = ['text', 'number', 'money', 'date', 'select'] as const;
export type ItemColumnType = (typeof ITEM_COLUMN_TYPES)[number];

export const FORM_FIELDS_MAX = 60;
export const ITEM_ROWS_MAX = 200;
export const ATTACHMENTS_MAX = 20;
export const TEXT_MAX = 200;
export const TEXTAREA_MAX = 2000;
/** Up to 9,999,999,999,999.99: below 1e15 as SPEC §9's amount in words needs. */
export const MONEY_PATTERN = /^-?\d{1,13}(\.\d{1,2})?$/;
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** What a bill's attachment field holds: ids of uploaded files (POST /api/files answers them in this form). */
export const ATTACHMENT_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export const FormSchemaMessages = {
  keyInvalid: '字段标识须以字母开头，由字母、数字或下划线组成，最长 40 位',
  keyDuplicate: (key: string) => `字段标识「${escapeHtml(key)}」重复`,
  labelRequired: '请填写字段名称',
  optionsRequired: (label: string) => `字段「${escapeHtml(label)}」须至少有一个选项`,
  optionDuplicate: (option: string) => `选项「${escapeHtml(option)}」重复`,
  optionEmpty: '选项不能为空',
  columnsRequired: (label: string) => `明细表「${escapeHtml(label)}」须至少有一列`,
  totalOfInvalid: (label: string) => `明细表「${escapeHtml(label)}」的合计列须为数字或金额列`,
  tooManyFields: `表单最多 ${FORM_FIELDS_MAX} 个字段`,
  defaultInvalid: (label: string) => `字段「${escapeHtml(label)}」的默认值不符合该字段的要求`,
  sumOfInvalid: (label: string) => `金额「${escapeHtml(label)}」的合计来源须为本表单中设置了合计列的明细表`,
  daysOfInvalid: (label: string) => `数字「${escapeHtml(label)}」的天数来源须为本表单中的日期范围`,
} as const;

/** The field types' names as the form designer's palette shows them. */
export const FORM_FIELD_TYPE_LABELS: Record<FormFieldType, string> = {
  text: '单行文本',
  textarea: '多行文本',
  number: '数字',
  money: '金额',
  date: '日期',
  daterange: '日期区间',
  select: '下拉单选',
  radio: '单选',
  checkbox: '多选',
  user: '人员',
  department: '部门',
  attachment: '附件',
  items: '明细表',
  description: '说明文字',
};

export const ITEM_COLUMN_TYPE_LABELS: Record<ItemColumnType, string> = {
  text: '文本',
  number: '数字',
  money: '金额',
  date: '日期',
  select: '下拉单选',
};

/** The field types that may carry a default value, and the value's shape: pre-filled in a new bill. */
export const DEFAULT_VALUE_TYPES = ['text', 'textarea', 'number', 'money', 'date', 'select', 'radio', 'checkbox'] as const;
export type DefaultValueType = (typeof DEFAULT_VALUE_TYPES)[number];
export function hasDefaultValue(type: FormFieldType): type is DefaultValueType {
  return (DEFAULT_VALUE_TYPES as readonly string[]).includes(type);
}

/** A field or column key: what link rules and stored values name. */
export const FIELD_KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,39}$/;
const FieldKeyZ = z.string().regex(FIELD_KEY_PATTERN, FormSchemaMessages.keyInvalid);
const LabelZ = z.string().trim().min(1, FormSchemaMessages.labelRequired).max(50);
// Its own message: the web bundle leaves out zod's Chinese locale, and the designer shows this one.
const OptionsZ = z.array(z.string().trim().min(1, FormSchemaMessages.optionEmpty).max(50)).max(100);

export const ItemColumnZ = z.object({
  key: FieldKeyZ,
  type: z.enum(ITEM_COLUMN_TYPES),
  label: LabelZ,
  required: z.boolean().default(false),
  options: OptionsZ.optional(),
});
export type ItemColumn = z.infer<typeof ItemColumnZ>;

export const FormFieldZ = z.object({
  key: FieldKeyZ,
  type: z.enum(FORM_FIELD_TYPES),
  label: LabelZ,
  required: z.boolean().default(false),
  placeholder: z.string().max(100).optional(),
  /** Help text shown under the field. */
  help: z.string().max(200).optional(),
  /**
   * Pre-filled in a new bill (DEFAULT_VALUE_TYPES only): text, textarea, money (decimal), date
   * (YYYY-MM-DD), select and radio as text, number as a number, checkbox as the chosen options.
   * It must itself pass the field's value check.
   */
  defaultValue: z.union([z.string().max(TEXTAREA_MAX), z.number(), z.array(z.string().max(50)).max(100)]).optional(),
  /** select, radio, checkbox. */
  options: OptionsZ.optional(),
  /** text, textarea. */
  maxLength: z.number().int().min(1).max(TEXTAREA_MAX).optional(),
  /** number, money. */
  min: z.number().optional(),
  max: z.number().optional(),
  /** number: decimal places allowed (0 = whole numbers). */
  precision: z.number().int().min(0).max(4).optional(),
  /** user, department: several may be chosen. */
  multiple: z.boolean().optional(),
  /** description: the text shown (no value). */
  content: z.string().max(2000).optional(),
  /** items: the columns, and the number or money column whose sum is the table's total. */
  columns: z.array(ItemColumnZ).max(20).optional(),
  totalOf: z.string().optional(),
  /** money: the key of an items field whose total fills this field (read only in the bill, computed by the server). */
  sumOf: z.string().optional(),
  /**
   * number: the key of a daterange field whose span this field counts (请假天数 of 请假时间). The form fills in the
   * span's weekdays as the range is chosen (a half day is typed over it); more days than the span holds are refused.
   */
  daysOf: z.string().optional(),
});
export type FormField = z.infer<typeof FormFieldZ>;

/** The same option twice could not be told apart in a bill, nor by a link rule. */
function checkOptionsUnique(options: readonly string[] | undefined, path: (string | number)[], ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  options?.forEach((option, k) => {
    const text = option.trim();
    if (seen.has(text)) ctx.addIssue({ code: 'custom', path: [...path, k], message: FormSchemaMessages.optionDuplicate(text) });
    seen.add(text);
  });
}

export const FormSchemaZ = z
  .object({ fields: z.array(FormFieldZ).max(FORM_FIELDS_MAX, FormSchemaMessages.tooManyFields) })
  .superRefine((schema, ctx) => {
    const seen = new Set<string>();
    schema.fields.forEach((field, i) => {
      if (seen.has(field.key))
        ctx.addIssue({ code: 'custom', path: ['fields', i, 'key'], message: FormSchemaMessages.keyDuplicate(field.key) });
      seen.add(field.key);
      if ((field.type === 'select' || field.type === 'radio' || field.type === 'checkbox') && !field.options?.length) {
        ctx.addIssue({ code: 'custom', path: ['fields', i, 'options'], message: FormSchemaMessages.optionsRequired(field.label) });
      }
      checkOptionsUnique(field.options, ['fields', i, 'options'], ctx);
      if (field.type === 'items') {
        if (!field.columns?.length) {
          ctx.addIssue({ code: 'custom', path: ['fields', i, 'columns'], message: FormSchemaMessages.columnsRequired(field.label) });
        }
        const total = field.totalOf === undefined ? undefined : field.columns?.find((c) => c.key === field.totalOf);
        if (field.totalOf !== undefined && (total === undefined || (total.type !== 'money' && total.type !== 'number'))) {
          ctx.addIssue({ code: 'custom', path: ['fields', i, 'totalOf'], message: FormSchemaMessages.totalOfInvalid(field.label) });
        }
        const columnKeys = new Set<string>();
        field.columns?.forEach((column, j) => {
          if (columnKeys.has(column.key)) {
            ctx.addIssue({
              code: 'custom',
              path: ['fields', i, 'columns', j, 'key'],
              message: FormSchemaMessages.keyDuplicate(column.key),
            });
          }
          columnKeys.add(column.key);
          if (column.type === 'select' && !column.options?.length) {
            ctx.addIssue({
              code: 'custom',
              path: ['fields', i, 'columns', j, 'options'],
              message: FormSchemaMessages.optionsRequired(column.label),
            });
          }
          checkOptionsUnique(column.options, ['fields', i, 'columns', j, 'options'], ctx);
        });
      }
      if (field.sumOf !== undefined && (field.type !== 'money' || !itemsTotalColumn(schema.fields, field.sumOf))) {
        ctx.addIssue({ code: 'custom', path: ['fields', i, 'sumOf'], message: FormSchemaMessages.sumOfInvalid(field.label) });
      }
      if (
        field.daysOf !== undefined &&
        (field.type !== 'number' || !schema.fields.some((f) => f.key === field.daysOf && f.type === 'daterange'))
      ) {
        ctx.addIssue({ code: 'custom', path: ['fields', i, 'daysOf'], message: FormSchemaMessages.daysOfInvalid(field.label) });
      }
      if (field.defaultValue !== undefined && !isDefaultValueValid(field)) {
        ctx.addIssue({ code: 'custom', path: ['fields', i, 'defaultValue'], message: FormSchemaMessages.defaultInvalid(field.label) });
      }
    });
  });
export type FormSchema = z.infer<typeof FormSchemaZ>;
/** A schema as written by hand (defaults such as `required: false` may be left out). */
export type FormSchemaInput = z.input<typeof FormSchemaZ>;

/** The number or money column an items field totals, when `key` names such an items field of `fields`. */
export function itemsTotalColumn(fields: readonly FormField[], key: string): ItemColumn | undefined {
  const items = fields.find((f) => f.key === key && f.type === 'items');
  const column = items?.totalOf === undefined ? undefined : items.columns?.find((c) => c.key === items.totalOf);
  return column && (column.type === 'money' || column.type === 'number') ? column : undefined;
}

/**
 * A default value has the shape of its field's type and passes the field's own value check (an option
 * that exists, a money amount within min and max…). An empty one means no default. A field whose value
 * is computed (`sumOf`) takes none.
 */
function isDefaultValueValid(field: FormField): boolean {
  const value = field.defaultValue;
  if (isEmpty(value)) return true;
  if (!hasDefaultValue(field.type) || field.sumOf !== undefined) return false;
  const shape = field.type === 'number' ? 'number' : field.type === 'checkbox' ? 'array' : 'string';
  if (shape === 'array' ? !Array.isArray(value) : typeof value !== shape) return false;
  const c: Checker = { errors: {}, add: () => undefined };
  return checkValue(field, value, '', c) !== undefined;
}

/** The keys a flow's link rules may name: every field that has a value (items fields by their total). */
export function ruleFieldKeys(schema: FormSchema): string[] {
  return schema.fields.filter((f) => f.type !== 'description').map((f) => f.key);
}

/** The calendar days a date range covers, both ends included ('2026-11-27'–'2026-11-27' is 1). */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * The weekdays (Monday to Friday) a date range covers: what a 请假天数 field is filled with as its range is chosen.
 * Public holidays and make-up workdays are not known here; the person corrects the number (it may not exceed the
 * range's calendar days).
 */
export function weekdaysInRange(from: string, to: string): number {
  const span = daysInRange(from, to);
  if (!(span > 0)) return 0;
  const firstDay = new Date(`${from}T00:00:00Z`).getUTCDay();
  let weekdays = Math.floor(span / 7) * 5;
  for (let i = 0; i < span % 7; i++) {
    const day = (firstDay + i) % 7;
    if (day !== 0 && day !== 6) weekdays++;
  }
  return weekdays;
}

export const FormValueMessages = {
  required: (label: string) => `请填写「${escapeHtml(label)}」`,
  requiredChoice: (label: string) => `请选择「${escapeHtml(label)}」`,
  text: (label: string) => `「${escapeHtml(label)}」须为文字`,
  tooLong: (label: string, max: number) => `「${escapeHtml(label)}」不能超过${max}个字符`,
  number: (label: string) => `「${escapeHtml(label)}」须为数字`,
  daysOver: (label: string, range: string, span: number) =>
    `「${escapeHtml(label)}」不能超过「${escapeHtml(range)}」的天数（共 ${span} 天）`,
  precision: (label: string, places: number) =>
    places === 0 ? `「${escapeHtml(label)}」须为整数` : `「${escapeHtml(label)}」最多${places}位小数`,
  money: (label: string) => `「${escapeHtml(label)}」须为金额，如 1234.56（最多两位小数）`,
  min: (label: string, min: number) => `「${escapeHtml(label)}」不能小于${min}`,
  max: (label: string, max: number) => `「${escapeHtml(label)}」不能大于${max}`,
  date: (label: string) => `「${escapeHtml(label)}」须为日期，如 2026-01-31`,
  dateRange: (label: string) => `「${escapeHtml(label)}」须为开始和结束两个日期`,
  dateOrder: (label: string) => `「${escapeHtml(label)}」的结束日期不能早于开始日期`,
  option: (label: string) => `「${escapeHtml(label)}」的取值不在可选范围内`,
  user: (label: string) => `「${escapeHtml(label)}」须从人员列表中选择`,
  department: (label: string) => `「${escapeHtml(label)}」须从部门列表中选择`,
  attachment: (label: string) => `「${escapeHtml(label)}」的附件格式不正确`,
  attachmentCount: (label: string) => `「${escapeHtml(label)}」最多${ATTACHMENTS_MAX}个附件`,
  items: (label: string) => `「${escapeHtml(label)}」须为明细行的列表`,
  itemsCount: (label: string) => `「${escapeHtml(label)}」最多${ITEM_ROWS_MAX}行`,
  itemsEmpty: (label: string) => `「${escapeHtml(label)}」至少需要一行明细`,
  unknownField: (key: string) => `表单中没有字段「${escapeHtml(key)}」`,
} as const;

export type ItemRow = Record<string, string | number | null>;

export type ScalarValue = string | number | boolean | null;
export type StoredValue = ScalarValue | ScalarValue[];

export interface ValidatedForm {
  /** Every field with a value except items tables, as stored in the bill. */
  values: Record<string, StoredValue>;
  /** Rows of each items table. */
  items: Record<string, ItemRow[]>;
  /** Each items table's computed total (decimal string), by field key. */
  totals: Record<string, string>;
}

export type FormCheck = { ok: true; form: ValidatedForm } | { ok: false; errors: FieldErrors };

/** Parses a decimal money string into integer cents. */
export function moneyToCents(value: string): bigint {
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? value.slice(1) : value).split('.');
  const cents = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0') || '0');
  return negative ? -cents : cents;
}

export function centsToMoney(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const text = `${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}

/** A number column's sum, kept exact to 4 decimal places. */
export function sumNumbers(values: number[]): string {
  const scaled = values.reduce((acc, v) => acc + BigInt(Math.round(v * 10_000)), 0n);
  const negative = scaled < 0n;
  const abs = negative ? -scaled : scaled;
  const fraction = String(abs % 10_000n)
    .padStart(4, '0')
    .replace(/0+$/, '');
  return `${negative ? '-' : ''}${abs / 10_000n}${fraction ? `.${fraction}` : ''}`;
}

/** A decimal total (a number column's, up to 4 places) as money: rounded half away from zero to cents. */
export function decimalToMoney(text: string): string {
  if (MONEY_PATTERN.test(text)) return text;
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? text.slice(1) : text).split('.');
  const scaled = BigInt(whole) * 10_000n + BigInt(fraction.slice(0, 4).padEnd(4, '0'));
  const cents = (scaled + 50n) / 100n;
  return centsToMoney(negative ? -cents : cents);
}

/** A money field filled with an items table's total. */
function isComputed(field: FormField): field is FormField & { sumOf: string } {
  return field.type === 'money' && field.sumOf !== undefined;
}

function isValidDate(text: unknown): text is string {
  if (typeof text !== 'string' || !DATE_PATTERN.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

interface Checker {
  errors: FieldErrors;
  add: (path: string, message: string) => undefined;
}

function decimalPlaces(n: number): number {
  const text = String(n);
  if (text.includes('e-')) return Number(text.split('e-')[1]);
  return text.includes('.') ? (text.split('.')[1]?.length ?? 0) : 0;
}

type Scalarish = Pick<FormField, 'type' | 'label' | 'options' | 'maxLength' | 'min' | 'max' | 'precision' | 'multiple'>;

/** One value of a field or of an items column; returns the value to store or undefined after an error. */
function checkValue(field: Scalarish, value: unknown, path: string, c: Checker): StoredValue | undefined {
  const { label } = field;
  switch (field.type) {
    case 'text':
    case 'textarea': {
      if (typeof value !== 'string') return c.add(path, FormValueMessages.text(label));
      const max = field.maxLength ?? (field.type === 'text' ? TEXT_MAX : TEXTAREA_MAX);
      if (value.length > max) return c.add(path, FormValueMessages.tooLong(label, max));
      return value;
    }
    case 'number': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isFinite(n)) return c.add(path, FormValueMessages.number(label));
      if (field.precision !== undefined && decimalPlaces(n) > field.precision)
        return c.add(path, FormValueMessages.precision(label, field.precision));
      if (field.min !== undefined && n < field.min) return c.add(path, FormValueMessages.min(label, field.min));
      if (field.max !== undefined && n > field.max) return c.add(path, FormValueMessages.max(label, field.max));
      return n;
    }
    case 'money': {
      if (typeof value !== 'string' || !MONEY_PATTERN.test(value.trim())) return c.add(path, FormValueMessages.money(label));
      const text = value.trim();
      const cents = moneyToCents(text);
      const min = field.min ?? 0;
      if (cents < BigInt(Math.round(min * 100))) return c.add(path, FormValueMessages.min(label, min));
      if (field.max !== undefined && cents > BigInt(Math.round(field.max * 100)))
        return c.add(path, FormValueMessages.max(label, field.max));
      return centsToMoney(cents);
    }
    case 'date':
      return isValidDate(value) ? value : c.add(path, FormValueMessages.date(label));
    case 'daterange': {
      if (!Array.isArray(value) || value.length !== 2 || !value.every(isValidDate)) return c.add(path, FormValueMessages.dateRange(label));
      const [from, to] = value as [string, string];
      if (to < from) return c.add(path, FormValueMessages.dateOrder(label));
      return [from, to];
    }
    case 'select':
    case 'radio':
      return typeof value === 'string' && field.options?.includes(value) ? value : c.add(path, FormValueMessages.option(label));
    case 'checkbox': {
      if (!Array.isArray(value) || !value.every((v) => typeof v === 'string' && field.options?.includes(v))) {
        return c.add(path, FormValueMessages.option(label));
      }
      return [...new Set(value as string[])];
    }
    case 'user':
    case 'department': {
      const message = field.type === 'user' ? FormValueMessages.user(label) : FormValueMessages.department(label);
      const ids = field.multiple ? value : [value];
      if (!Array.isArray(ids) || ids.length > 100 || !ids.every((v) => Number.isInteger(v) && (v as number) > 0))
        return c.add(path, message);
      return field.multiple ? [...new Set(ids as number[])] : (ids[0] as number);
    }
    case 'attachment': {
      if (!Array.isArray(value) || !value.every((v) => typeof v === 'string' && ATTACHMENT_ID_PATTERN.test(v))) {
        return c.add(path, FormValueMessages.attachment(label));
      }
      if (value.length > ATTACHMENTS_MAX) return c.add(path, FormValueMessages.attachmentCount(label));
      return value as string[];
    }
    case 'items':
    case 'description':
      return undefined;
  }
}

/**
 * Checks a bill's form against its template's schema. `submit` enforces required fields (a draft may be
 * incomplete, but what it holds must have the right shape). Unknown keys are refused, so that nothing
 * outside the schema is stored. Error keys are `form.<field>` and `form.<items>.<row>.<column>`.
 */
export function validateBillForm(schema: FormSchema, input: unknown, mode: 'draft' | 'submit'): FormCheck {
  const errors: FieldErrors = {};
  const c: Checker = {
    errors,
    add: (path, message) => {
      (errors[path] ??= []).push(message);
      return undefined;
    },
  };
  const form: ValidatedForm = { values: {}, items: {}, totals: {} };
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { ok: false, errors: { form: ['表单内容格式不正确'] } };
  }
  const raw = input as Record<string, unknown>;
  const known = new Set(schema.fields.map((f) => f.key));
  for (const key of Object.keys(raw)) if (!known.has(key)) c.add(`form.${key}`, FormValueMessages.unknownField(key));

  for (const field of schema.fields) {
    // A computed total's submitted value is ignored: it is filled from its items table below.
    if (field.type === 'description' || isComputed(field)) continue;
    const path = `form.${field.key}`;
    const value = raw[field.key];
    if (field.type === 'items') {
      const rows = value === undefined || value === null ? [] : value;
      if (!Array.isArray(rows) || !rows.every((r) => typeof r === 'object' && r !== null && !Array.isArray(r))) {
        c.add(path, FormValueMessages.items(field.label));
        continue;
      }
      if (rows.length > ITEM_ROWS_MAX) {
        c.add(path, FormValueMessages.itemsCount(field.label));
        continue;
      }
      if (mode === 'submit' && field.required && rows.length === 0) c.add(path, FormValueMessages.itemsEmpty(field.label));
      const columns = field.columns ?? [];
      const columnKeys = new Set(columns.map((col) => col.key));
      const stored: ItemRow[] = [];
      (rows as Record<string, unknown>[]).forEach((row, i) => {
        const out: ItemRow = {};
        for (const key of Object.keys(row)) if (!columnKeys.has(key)) c.add(`${path}.${i}.${key}`, FormValueMessages.unknownField(key));
        for (const column of columns) {
          const cell = row[column.key];
          const cellPath = `${path}.${i}.${column.key}`;
          if (isEmpty(cell)) {
            if (mode === 'submit' && column.required) c.add(cellPath, FormValueMessages.required(column.label));
            out[column.key] = null;
            continue;
          }
          const checked = checkValue(column, cell, cellPath, c);
          if (checked !== undefined && !Array.isArray(checked) && typeof checked !== 'boolean') out[column.key] = checked;
        }
        stored.push(out);
      });
      form.items[field.key] = stored;
      const totalColumn = columns.find((col) => col.key === field.totalOf);
      if (totalColumn) {
        const cells = stored.map((r) => r[totalColumn.key]).filter((v) => v !== null && v !== undefined);
        form.totals[field.key] =
          totalColumn.type === 'money'
            ? centsToMoney(cells.reduce<bigint>((acc, v) => acc + moneyToCents(String(v)), 0n))
            : sumNumbers(cells.map(Number));
      }
      continue;
    }
    if (isEmpty(value)) {
      if (mode === 'submit' && field.required) {
        const choice = ['select', 'radio', 'checkbox', 'user', 'department', 'date', 'daterange'].includes(field.type);
        c.add(path, choice ? FormValueMessages.requiredChoice(field.label) : FormValueMessages.required(field.label));
      }
      continue;
    }
    const checked = checkValue(field, value, path, c);
    if (checked !== undefined) form.values[field.key] = checked;
  }
  for (const field of schema.fields) {
    const total = isComputed(field) ? form.totals[field.sumOf] : undefined;
    if (total === undefined) continue;
    // Its own min and max still apply: the administrator may cap what a table adds up to.
    const checked = checkValue(field, decimalToMoney(total), `form.${field.key}`, c);
    if (checked !== undefined) form.values[field.key] = checked;
  }
  for (const field of schema.fields) {
    const days = form.values[field.key];
    const range = field.daysOf === undefined ? undefined : form.values[field.daysOf];
    if (typeof days !== 'number' || !Array.isArray(range)) continue;
    const span = daysInRange(range[0] as string, range[1] as string);
    const source = schema.fields.find((f) => f.key === field.daysOf);
    if (days > span) c.add(`form.${field.key}`, FormValueMessages.daysOver(field.label, source?.label ?? '', span));
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, form };
}
