import type { FormInstance } from 'antd';

/**
 * The detail page's dialogs have no client rules (the server's 422 lands at the field), and antd clears a
 * field's errors only by re-running its rules: without this, a refusal would stay under a field the user
 * has just corrected. Call from the Form's onValuesChange with the changed values.
 */
export function clearChangedErrors(form: Pick<FormInstance, 'setFields'>, changed: object): void {
  // The changed values' top-level keys are the form's own field names.
  const names = Object.keys(changed);
  if (names.length > 0) form.setFields(names.map((name) => ({ name, errors: [] })));
}
