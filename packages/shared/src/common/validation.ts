import { z } from 'zod';
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

export const DateMessages = {
  date: '日期须为有效的日期，格式 YYYY-MM-DD（如 2026-03-01）',
  dateTime: '时间须为有效的时间，格式 ISO 8601 并带时区（如 2026-03-01T09:00:00+08:00）',
} as const;

/**
 * A calendar date `YYYY-MM-DD` that exists: a pattern alone lets 2026-13-45 or 2026-02-30 through,
 * and such a value becomes an Invalid Date (a 500) wherever the server turns it into a time.
 */
export function CalendarDateZ(message: string = DateMessages.date) {
  return z.iso.date({ error: message });
}

/** A date-time with an offset whose date and time both exist (2026-02-30T25:00Z is refused). */
export function DateTimeZ(message: string = DateMessages.dateTime) {
  return z.iso.datetime({ offset: true, error: message });
}
