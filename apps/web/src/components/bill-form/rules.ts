import type { FormRule } from 'antd';
import { validateBillForm, type FieldErrors, type FormField, type FormSchema, type ItemColumn } from '@osp/shared';
import { messageText } from '../HtmlMessage';
import { errorPath, toPayload, type EditorCell, type EditorValue, type EditorValues } from './values';

/**
 * The form's checks are the server's: each field runs the shared `validateBillForm` on its own value
 * (shape only, as for a draft) while the user types; the page runs the whole form in submit mode
 * (required fields) before sending. Messages are therefore identical on both sides.
 */

function firstError(schema: FormSchema, editor: EditorValues, key: string): string | undefined {
  const check = validateBillForm(schema, toPayload(schema, editor), 'draft');
  const message = check.ok ? undefined : check.errors[key]?.[0];
  return message && messageText(message);
}

/** A field's own check (not items tables: their cells carry their own). */
export function fieldRule(field: FormField): FormRule {
  return {
    validator: async (_rule, value: EditorValue) => {
      const message = firstError({ fields: [field] }, { [field.key]: value }, `form.${field.key}`);
      if (message) throw new Error(message);
    },
  };
}

/**
 * A days field (`daysOf`) checked with its date range, as the server checks the pair: the field's own check and
 * "no more days than the range holds". The Form.Item lists the range among its dependencies, so a range made
 * shorter marks the days at once.
 */
export function daysOfRule(field: FormField, source: FormField): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: EditorValue) => {
      const range = getFieldValue(['form', source.key]) as EditorValue;
      const message = firstError(
        { fields: [{ ...source, required: false }, field] },
        { [source.key]: range, [field.key]: value },
        `form.${field.key}`,
      );
      if (message) throw new Error(message);
    },
  });
}

/** One cell of an items table, checked as a one-row table of that column. */
export function cellRule(field: FormField, column: ItemColumn): FormRule {
  const single: FormField = { ...field, required: false, columns: [column], totalOf: undefined };
  return {
    validator: async (_rule, value: EditorValue) => {
      const message = firstError(
        { fields: [single] },
        { [field.key]: [{ [column.key]: value as EditorCell }] },
        `form.${field.key}.0.${column.key}`,
      );
      if (message) throw new Error(message);
    },
  };
}

export interface FormFieldError {
  name: (string | number)[];
  errors: string[];
}

/** `data.errors` of a 422, or of the local check, as antd fields (form.x.0.y → ['form', 'x', 0, 'y']). */
export function toFieldErrors(errors: FieldErrors): FormFieldError[] {
  // Under the field as text: the names in the messages read as typed (the messages escape them for toasts).
  return Object.entries(errors).map(([key, messages]) => ({ name: errorPath(key), errors: messages.map(messageText) }));
}
