import dayjs, { type Dayjs } from 'dayjs';
import {
  centsToMoney,
  decimalToMoney,
  hasDefaultValue,
  MONEY_PATTERN,
  moneyToCents,
  sumNumbers,
  type BillDetail,
  type FormField,
  type FormSchema,
  type ItemColumn,
  type ItemRow,
  type StoredValue,
} from '@osp/shared';

/**
 * The bill form's values in three shapes: as the API sends and takes them (`FormValues`: decimal
 * strings, YYYY-MM-DD dates, ids), as the antd editor holds them (dayjs dates, arrays), and the error
 * keys of a 422 (`form.<field>`, `form.<items>.<row>.<column>`) as antd field paths.
 */

/** A bill's form as GET /api/bills/{id} returns it: values by field key, items tables as row arrays. */
export type FormValues = BillDetail['form'];

/** The rows of each items table and their totals, as the API returns them beside the form. */
export type FormItems = BillDetail['items'];

const DATE_FORMAT = 'YYYY-MM-DD';

export type EditorCell = string | number | Dayjs | null | undefined;
export type EditorRow = Record<string, EditorCell>;
export type EditorValue = string | number | boolean | null | undefined | Dayjs | (Dayjs | null)[] | (string | number)[] | EditorRow[];
export type EditorValues = Record<string, EditorValue>;

function toDay(value: unknown): Dayjs | null {
  if (typeof value !== 'string' || value === '') return null;
  const day = dayjs(value, DATE_FORMAT);
  return day.isValid() ? day : null;
}

function fromDay(value: unknown): string | null {
  return dayjs.isDayjs(value) && value.isValid() ? value.format(DATE_FORMAT) : null;
}

function cellToEditor(column: ItemColumn, value: unknown): EditorCell {
  if (value === null || value === undefined) return undefined;
  if (column.type === 'date') return toDay(value);
  if (column.type === 'number') return typeof value === 'number' ? value : Number(value);
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

function cellToPayload(column: ItemColumn, value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  switch (column.type) {
    case 'date':
      return fromDay(value);
    case 'number':
      return typeof value === 'number' ? value : null;
    case 'money':
    case 'text':
    case 'select':
      return typeof value === 'string' ? value.trim() || null : null;
  }
}

/** The rows of an items field: from `items` when the API gave them there, else from the form. */
export function rowsOf(field: FormField, values: FormValues, items?: FormItems): ItemRow[] {
  const rows = items?.[field.key] ?? values[field.key];
  return Array.isArray(rows) ? rows.filter((r): r is ItemRow => typeof r === 'object' && r !== null) : [];
}

/** API → editor: every field of the schema gets its editor shape (missing values become empty ones). */
export function toEditorValues(schema: FormSchema, values: FormValues, items?: FormItems): EditorValues {
  const out: EditorValues = {};
  for (const field of schema.fields) {
    const value = values[field.key];
    switch (field.type) {
      case 'description':
        break;
      case 'items':
        out[field.key] = rowsOf(field, values, items).map((row) =>
          Object.fromEntries((field.columns ?? []).map((column) => [column.key, cellToEditor(column, row[column.key])])),
        );
        break;
      case 'date':
        out[field.key] = toDay(value);
        break;
      case 'daterange':
        out[field.key] = Array.isArray(value) && value.length === 2 ? value.map(toDay) : undefined;
        break;
      case 'checkbox':
      case 'attachment':
        out[field.key] = Array.isArray(value) ? (value as string[]) : [];
        break;
      case 'money':
      case 'text':
      case 'textarea':
        out[field.key] = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
        break;
      case 'number':
      case 'select':
      case 'radio':
      case 'user':
      case 'department':
        out[field.key] = (value ?? undefined) as EditorValue;
    }
  }
  return out;
}

/**
 * A new bill's form: the fields' default values (a draft being edited keeps what it holds, even a
 * field its author emptied). A computed total takes none.
 */
export function defaultFormValues(schema: FormSchema): FormValues {
  const out: FormValues = {};
  for (const field of schema.fields) {
    const value = field.defaultValue;
    if (!hasDefaultValue(field.type) || field.sumOf !== undefined || value === undefined) continue;
    out[field.key] = Array.isArray(value) ? [...value] : value;
  }
  return out;
}

/** Editor → API: the `form` of POST/PUT /api/bills and of a release. Empty values are null. */
export function toPayload(schema: FormSchema, editor: EditorValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of schema.fields) {
    const value = editor[field.key];
    switch (field.type) {
      case 'description':
        break;
      case 'items': {
        const rows = Array.isArray(value) ? (value as EditorRow[]) : [];
        out[field.key] = rows.map((row) =>
          Object.fromEntries((field.columns ?? []).map((column) => [column.key, cellToPayload(column, row?.[column.key])])),
        );
        break;
      }
      case 'date':
        out[field.key] = fromDay(value);
        break;
      case 'daterange': {
        const [from, to] = Array.isArray(value) ? value : [];
        const range = [fromDay(from), fromDay(to)];
        out[field.key] = range[0] && range[1] ? range : null;
        break;
      }
      case 'text':
      case 'textarea':
        out[field.key] = typeof value === 'string' && value !== '' ? value : null;
        break;
      case 'money':
        out[field.key] = typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
        break;
      case 'checkbox':
      case 'attachment':
        out[field.key] = Array.isArray(value) ? value : [];
        break;
      case 'number':
      case 'select':
      case 'radio':
      case 'user':
      case 'department':
        out[field.key] = value === undefined ? null : value;
    }
  }
  return out;
}

/** A 422 key as an antd name path: form.expense_items.0.amount → ['form', 'expense_items', 0, 'amount']. */
export function errorPath(key: string): (string | number)[] {
  return key.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/**
 * An items table's total as the server computes it: money in integer cents, numbers to 4 decimals.
 * Cells that are not (yet) valid are left out, so the total follows the typing.
 */
export function itemsTotal(field: FormField, rows: readonly Record<string, unknown>[]): string | null {
  const column = field.columns?.find((c) => c.key === field.totalOf);
  if (!column) return null;
  const cells = rows.map((row) => row?.[column.key]).filter((v) => v !== null && v !== undefined && v !== '');
  if (column.type === 'money') {
    const valid = cells.map((v) => String(v).trim()).filter((v) => MONEY_PATTERN.test(v));
    return centsToMoney(valid.reduce((sum, v) => sum + moneyToCents(v), 0n));
  }
  return sumNumbers(cells.map(Number).filter(Number.isFinite));
}

/**
 * What a money field with `sumOf` shows while the bill is written: its items table's total as the
 * server will store it (a number column's total rounded to cents). Null when the source is not a table
 * with a total.
 */
export function sumOfTotal(schema: FormSchema, field: FormField, rows: readonly Record<string, unknown>[]): string | null {
  const source = schema.fields.find((f) => f.key === field.sumOf && f.type === 'items');
  const total = source ? itemsTotal(source, rows) : null;
  return total === null ? null : decimalToMoney(total);
}

/** A stored scalar as text (numbers as typed, arrays joined); user and department fields are named elsewhere. */
export function plainText(value: StoredValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map((v) => String(v)).join('、');
  return String(value);
}
