import {
  FORM_FIELD_TYPE_LABELS,
  itemsTotalColumn,
  type FormField,
  type FormFieldType,
  type FormSchema,
  type ItemColumn,
  type ItemColumnType,
} from '@osp/shared';

/**
 * The form designer's edits, as pure functions from one schema to the next: the canvas, the property
 * panel and the tests all go through them. They keep the schema's cross references whole where the
 * intent is plain (a renamed items table stays the source of its money total, a renamed column stays the
 * table's total, a removed one is no longer it); anything else is left to FormSchemaZ to report.
 */

/** A field key's stem per type: readable in link rules and stored values (amount, amount_2…). */
export const FIELD_KEY_STEMS: Record<FormFieldType, string> = {
  text: 'text',
  textarea: 'remark',
  number: 'number',
  money: 'amount',
  date: 'date',
  daterange: 'period',
  select: 'choice',
  radio: 'option',
  checkbox: 'options',
  user: 'user',
  department: 'dept',
  attachment: 'files',
  items: 'items',
  description: 'note',
};

/** Keys are at most 40 characters; a stem leaves room for a `_<n>` suffix. */
const STEM_MAX = 34;

/** `stem` when free, else stem_2, stem_3… A copied key's own suffix is dropped first (amount_2 → amount_3). */
export function uniqueKey(taken: Iterable<string>, stem: string): string {
  const used = new Set(taken);
  const base = stem.replace(/_\d+$/, '').slice(0, STEM_MAX) || 'field';
  if (!used.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const key = `${base}_${n}`;
    if (!used.has(key)) return key;
  }
}

/** The first free name of the form `<stem><n>` (选项1, 选项2…). */
function nextName(taken: readonly string[], stem: string): string {
  for (let n = taken.length + 1; ; n += 1) {
    const name = `${stem}${n}`;
    if (!taken.includes(name)) return name;
  }
}

export const OPTION_STEM = '选项';
const COLUMN_STEM = '列';

/** A new field of `type`: valid as it is (options and columns present), so the canvas starts clean. */
export function newField(schema: FormSchema, type: FormFieldType): FormField {
  const field: FormField = {
    key: uniqueKey(
      schema.fields.map((f) => f.key),
      FIELD_KEY_STEMS[type],
    ),
    type,
    label: FORM_FIELD_TYPE_LABELS[type],
    required: false,
  };
  switch (type) {
    case 'select':
    case 'radio':
    case 'checkbox':
      return { ...field, options: [`${OPTION_STEM}1`, `${OPTION_STEM}2`] };
    case 'items':
      return {
        ...field,
        columns: [
          { key: 'name', type: 'text', label: '名称', required: false },
          { key: 'amount', type: 'money', label: '金额', required: false },
        ],
        totalOf: 'amount',
      };
    case 'description':
      return { ...field, content: '' };
    case 'text':
    case 'textarea':
    case 'number':
    case 'money':
    case 'date':
    case 'daterange':
    case 'user':
    case 'department':
    case 'attachment':
      return field;
  }
}

function clampIndex(index: number, length: number): number {
  return Math.max(0, Math.min(index, length));
}

/** Moves one entry of a list (the canvas, options, columns): out at `from`, in at `to`. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= next.length) return next;
  const [item] = next.splice(from, 1);
  next.splice(clampIndex(to, next.length), 0, item as T);
  return next;
}

/** A new field of `type` at `index` (the end when left out). */
export function addField(schema: FormSchema, type: FormFieldType, index = schema.fields.length): FormSchema {
  const fields = [...schema.fields];
  fields.splice(clampIndex(index, fields.length), 0, newField(schema, type));
  return { ...schema, fields };
}

export function moveField(schema: FormSchema, from: number, to: number): FormSchema {
  return { ...schema, fields: moveItem(schema.fields, from, to) };
}

/** Removes a field; a money total it was the source of is no longer computed. */
export function removeField(schema: FormSchema, index: number): FormSchema {
  const removed = schema.fields[index];
  if (!removed) return schema;
  const fields = schema.fields
    .filter((_, i) => i !== index)
    .map((f) => (removed.type === 'items' && f.sumOf === removed.key ? withoutUndefined({ ...f, sumOf: undefined }) : f));
  return { ...schema, fields };
}

/** A copy right below the field, under a fresh key. */
export function duplicateField(schema: FormSchema, index: number): FormSchema {
  const source = schema.fields[index];
  if (!source) return schema;
  const copy: FormField = structuredClone(source);
  copy.key = uniqueKey(
    schema.fields.map((f) => f.key),
    source.key,
  );
  const fields = [...schema.fields];
  fields.splice(index + 1, 0, copy);
  return { ...schema, fields };
}

/** Properties set to undefined are removed, so the stored schema holds only what was chosen. */
function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/**
 * Changes a field's properties (undefined removes one). A renamed items table stays the source of the
 * money totals that named it.
 */
export function updateField(schema: FormSchema, index: number, patch: Partial<FormField>): FormSchema {
  const current = schema.fields[index];
  if (!current) return schema;
  const next = withoutUndefined({ ...current, ...patch });
  const renamed = current.type === 'items' && next.key !== current.key ? current.key : undefined;
  const fields = schema.fields.map((f, i) => {
    if (i === index) return next;
    return renamed !== undefined && f.sumOf === renamed ? { ...f, sumOf: next.key } : f;
  });
  return { ...schema, fields };
}

/** The items tables whose total may fill a money field (a number or money total column). */
export function totalSources(schema: FormSchema): FormField[] {
  return schema.fields.filter((f) => f.type === 'items' && itemsTotalColumn(schema.fields, f.key) !== undefined);
}

// Options of a select, radio or checkbox field (or of an items column). Each returns the patch.

type WithOptions = Pick<FormField, 'options' | 'defaultValue'>;

export function addOption(field: WithOptions): Pick<FormField, 'options'> {
  const options = field.options ?? [];
  return { options: [...options, nextName(options, OPTION_STEM)] };
}

/** Renames an option; a default value that chose it follows. */
export function renameOption(field: WithOptions, index: number, text: string): WithOptions {
  const options = [...(field.options ?? [])];
  const old = options[index];
  if (old === undefined) return { options };
  options[index] = text;
  const value = field.defaultValue;
  const defaultValue = Array.isArray(value) ? value.map((v) => (v === old ? text : v)) : value === old ? text : value;
  return { options, defaultValue };
}

/** Removes an option, and it from the default value. */
export function removeOption(field: WithOptions, index: number): WithOptions {
  const options = field.options ?? [];
  const old = options[index];
  const value = field.defaultValue;
  const defaultValue = Array.isArray(value) ? value.filter((v) => v !== old) : value === old ? undefined : value;
  return {
    options: options.filter((_, i) => i !== index),
    defaultValue: Array.isArray(defaultValue) && defaultValue.length === 0 ? undefined : defaultValue,
  };
}

export function moveOption(field: WithOptions, from: number, to: number): Pick<FormField, 'options'> {
  return { options: moveItem(field.options ?? [], from, to) };
}

// Columns of an items field. Each returns the patch of the field.

type WithColumns = Pick<FormField, 'columns' | 'totalOf'>;

export function addColumn(field: WithColumns, type: ItemColumnType = 'text'): Pick<FormField, 'columns'> {
  const columns = field.columns ?? [];
  const label = nextName(
    columns.map((c) => c.label),
    COLUMN_STEM,
  );
  const key = uniqueKey(
    columns.map((c) => c.key),
    'col',
  );
  const column: ItemColumn = { key, type, label, required: false, ...(type === 'select' ? { options: [`${OPTION_STEM}1`] } : {}) };
  return { columns: [...columns, column] };
}

/**
 * Changes a column. A renamed total column stays the total; a column turned into a select gets a first
 * option, one turned into something else loses its options.
 */
export function updateColumn(field: WithColumns, index: number, patch: Partial<ItemColumn>): WithColumns {
  const columns = [...(field.columns ?? [])];
  const current = columns[index];
  if (!current) return { columns, totalOf: field.totalOf };
  let next: ItemColumn = withoutUndefined({ ...current, ...patch });
  if (next.type === 'select' && !next.options) next = { ...next, options: [`${OPTION_STEM}1`] };
  if (next.type !== 'select' && next.options) next = withoutUndefined({ ...next, options: undefined });
  columns[index] = next;
  return { columns, totalOf: field.totalOf === current.key ? next.key : field.totalOf };
}

/** Removes a column; when it was the total, the table has none. */
export function removeColumn(field: WithColumns, index: number): WithColumns {
  const columns = field.columns ?? [];
  const removed = columns[index];
  return {
    columns: columns.filter((_, i) => i !== index),
    totalOf: removed && field.totalOf === removed.key ? undefined : field.totalOf,
  };
}

export function moveColumn(field: WithColumns, from: number, to: number): Pick<FormField, 'columns'> {
  return { columns: moveItem(field.columns ?? [], from, to) };
}
