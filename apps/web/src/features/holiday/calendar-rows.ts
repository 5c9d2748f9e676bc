import type { FieldErrors, WorkCalendarEntry } from '@osp/shared';

/** One row of the 工作日历 editor: an entry being edited, with a key that survives reordering and deletion. */
export interface CalendarRow extends WorkCalendarEntry {
  key: string;
}

export function calendarRows(entries: readonly WorkCalendarEntry[]): CalendarRow[] {
  return entries.map((entry) => ({ ...entry, key: `${entry.day}-${entry.kind}` }));
}

/** What is sent: the rows in the order shown, so the server's `entries.N` names the N-th row. */
export function toEntries(rows: readonly CalendarRow[]): WorkCalendarEntry[] {
  return rows.map(({ day, kind, name }) => ({ day, kind, name: name.trim() }));
}

/**
 * The server's 422 placed on the rows by key: `entries.N.day` and `entries.N.kind` name the N-th row sent. A message
 * about the list as a whole (too many days) has no row; the API client's toast shows it. A row left without a day is
 * refused by the server with the day's message, so nothing is checked twice here.
 */
export function rowErrors(rows: readonly CalendarRow[], errors: FieldErrors): Map<string, string[]> {
  const byRow = new Map<string, string[]>();
  for (const [field, messages] of Object.entries(errors)) {
    const match = /^entries\.(\d+)\./.exec(field);
    const row = match ? rows[Number(match[1])] : undefined;
    if (row) byRow.set(row.key, [...(byRow.get(row.key) ?? []), ...messages]);
  }
  return byRow;
}
