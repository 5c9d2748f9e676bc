import { FormSchemaMessages, FormSchemaZ, installZodLocale, toFieldErrors, type FieldErrors, type FormSchema } from '@osp/shared';
import { messageText } from '../../../components/HtmlMessage';

// The designer parses the form schema in the browser: its rules without a message of their own must answer in Chinese too.
installZodLocale();

/** Where the template API puts the form in its body, and so the first part of every form error key. */
export const FORM_SCHEMA_KEY = 'form_schema';

/**
 * The server's check of a form schema, run before saving: the same zod schema, its issues keyed as the
 * API's 422 keys them (`form_schema.fields.<i>.<prop>`, `form_schema` for the whole).
 */
export function checkFormSchema(schema: unknown): Record<string, string[]> {
  const result = FormSchemaZ.safeParse(schema);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const [key, messages] of Object.entries(toFieldErrors(result.error))) {
    // Shown as text on the canvas: the names the shared messages escape read as typed.
    errors[key === '_' ? FORM_SCHEMA_KEY : `${FORM_SCHEMA_KEY}.${key}`] = messages.map(messageText);
  }
  return errors;
}

/**
 * Every field that shares a key, not only the later ones the schema check names: the field whose key
 * was just typed is often the earlier one. For the canvas only; the API keys stay the server's.
 */
export function duplicateKeyErrors(schema: FormSchema): FieldErrors {
  const count = new Map<string, number>();
  for (const field of schema.fields) count.set(field.key, (count.get(field.key) ?? 0) + 1);
  const errors: FieldErrors = {};
  schema.fields.forEach((field, i) => {
    if ((count.get(field.key) ?? 0) > 1) {
      errors[`${FORM_SCHEMA_KEY}.fields.${i}.key`] = [messageText(FormSchemaMessages.keyDuplicate(field.key))];
    }
  });
  return errors;
}

/** Two sets of errors as one, each message once per key. */
export function mergeErrors(...sets: (FieldErrors | undefined)[]): FieldErrors {
  const out: FieldErrors = {};
  for (const set of sets) {
    for (const [key, messages] of Object.entries(set ?? {})) {
      const list = (out[key] ??= []);
      for (const message of messages) if (!list.includes(message)) list.push(message);
    }
  }
  return out;
}

export interface FieldIssues {
  /** Every message about the field, for its canvas card. */
  all: string[];
  /** By the property path inside the field: 'label', 'options', 'options.2', 'columns.0.key'… ('' the field itself). */
  byProp: Record<string, string[]>;
}

/** The errors of field `index` out of the form's error keys. */
export function fieldIssues(errors: FieldErrors, index: number): FieldIssues {
  const prefix = `${FORM_SCHEMA_KEY}.fields.${index}`;
  const issues: FieldIssues = { all: [], byProp: {} };
  for (const [key, messages] of Object.entries(errors)) {
    if (key !== prefix && !key.startsWith(`${prefix}.`)) continue;
    issues.byProp[key.slice(prefix.length + 1)] = messages;
    for (const message of messages) if (!issues.all.includes(message)) issues.all.push(message);
  }
  return issues;
}

/** Messages about the form as a whole (too many fields, a malformed schema): not about one field. */
export function formIssues(errors: FieldErrors): string[] {
  const fieldKey = /^form_schema\.fields\.\d+(\.|$)/;
  return [
    ...new Set(
      Object.entries(errors)
        .filter(([key]) => key.startsWith(FORM_SCHEMA_KEY) && !fieldKey.test(key))
        .flatMap(([, messages]) => messages),
    ),
  ];
}

/** The messages at a property and below it (`options` also gathers `options.2`). */
export function propIssues(issues: FieldIssues, prop: string): string[] {
  return [
    ...new Set(
      Object.entries(issues.byProp)
        .filter(([key]) => key === prop || key.startsWith(`${prop}.`))
        .flatMap(([, messages]) => messages),
    ),
  ];
}
