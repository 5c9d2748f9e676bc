import type { z } from 'zod';
import type { FieldErrors } from './envelope';

/**
 * Turns a zod failure into the `data.errors` map of DESIGN §4, keeping every message of every
 * field (STYLE: report every invalid field, not only the first).
 */
export function toFieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    const messages = (errors[field] ??= []);
    if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  return errors;
}

/** The first message of a failure, for a toast that summarises a form. */
export function firstMessage(errors: FieldErrors): string | undefined {
  for (const messages of Object.values(errors)) {
    if (messages[0]) return messages[0];
  }
  return undefined;
}
