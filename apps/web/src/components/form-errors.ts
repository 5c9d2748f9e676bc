import type { FormInstance } from 'antd';
import { ApiError } from '../api/client';
import { messageText } from './HtmlMessage';

/**
 * Puts a 422's `data.errors` onto the form's fields (STYLE: every invalid field, not only the
 * first). `fieldOf` maps payload names to form names where they differ, e.g. old_passwd → oldPwd.
 */
export function showFieldErrors<Values>(
  form: FormInstance<Values>,
  error: unknown,
  fieldOf: Readonly<Record<string, keyof Values & string>> = {},
): void {
  const errors = error instanceof ApiError ? error.fieldErrors : undefined;
  if (!errors) return;
  // Under the field as text: the names in the messages read as typed (the messages escape them for toasts).
  const fields = Object.entries(errors).map(([field, messages]) => ({ name: fieldOf[field] ?? field, errors: messages.map(messageText) }));
  // The server names fields by string; antd types names by the form's own keys.
  form.setFields(fields as Parameters<FormInstance<Values>['setFields']>[0]);
}
