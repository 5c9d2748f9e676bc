import { PassThrough } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import {
  isCalendarDay,
  StatusCode,
  WORK_CALENDAR_IMPORT_COLUMNS,
  WORK_CALENDAR_IMPORT_MAX_BYTES,
  WORK_CALENDAR_IMPORT_MAX_ROWS,
  WorkCalendarEntryZ,
  WorkCalendarImportMessages,
  WorkCalendarImportTexts,
  workCalendarKindOf,
  WorkCalendarMessages,
  workCalendarProblems,
  WorkCalendarYearZ,
  type WorkCalendarEntry,
  type WorkCalendarImportColumn,
  type WorkCalendarImportRowError,
  type WorkCalendarYear,
} from '@osp/shared';
import type { Actor, AppContext, Caller } from '../../context';
import { AppError } from '../../http/errors';
import { parse } from '../../http/validate';
import type { UploadedFile } from '../../lib/multipart';
import { assertSafeXlsx } from '../../lib/xlsx-guard';
import { fileError, readSheetRows, type SheetRow } from '../../lib/xlsx-read';
import { streamSheet, XLSX_MIME, type SheetColumn } from '../exports/exports.sheet';
import { authorizeHolidayAdmin } from './holiday.policy';
import { putCalendarYear } from './work-calendar.service';

/**
 * The work calendar's xlsx import and its template (issue 17, docs/holiday.md "Work calendar"): HR loads a year's
 * public holidays and make-up workdays from a spreadsheet. All rows or none: every row is checked first — by the
 * calendar's own rules (WorkCalendarEntryZ, workCalendarProblems, the year and duplicate checks of the PUT) — and any
 * problem answers every bad row's number and reasons with nothing written; a good file is saved by the PUT's
 * `putCalendarYear`, in its transaction and with its operation-log entry.
 */

const DAY_MS = 24 * 3600_000;
/** Excel's day 0 in its 1900 system (the 1900 leap-year bug folded in): serial 25569 is 1970-01-01. */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

/**
 * A 日期 cell as the calendar's YYYY-MM-DD, or undefined when it is no date. readSheetRows gives each cell's text:
 * - typed text: 2049-10-01 (or 2049/10/1);
 * - a date cell: exceljs shows its value as JavaScript's `Date#toString()` in the server's time zone, of an instant at
 *   the cell's date (and time) in UTC, so the UTC day of that instant is the date Excel shows;
 * - a date cell in a format exceljs does not take for a date (some WPS built-ins): the bare serial number.
 */
export function importedDay(text: string): string | undefined {
  const typed = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(text);
  if (typed) {
    const [, year, month, day] = typed;
    return `${year}-${month?.padStart(2, '0')}-${day?.padStart(2, '0')}`;
  }
  if (/^[A-Z][a-z]{2} [A-Z][a-z]{2} \d{2} \d{4} \d{2}:\d{2}:\d{2} GMT[+-]\d{4}/.test(text)) {
    const instant = Date.parse(text);
    return Number.isNaN(instant) ? undefined : new Date(instant).toISOString().slice(0, 10);
  }
  if (/^\d{5}$/.test(text)) return new Date(EXCEL_EPOCH_MS + Number(text) * DAY_MS).toISOString().slice(0, 10);
  return undefined;
}

/** Every problem of every row for `year`; the entries when there is none. */
function checkRows(year: number, rows: readonly SheetRow<WorkCalendarImportColumn>[]) {
  const firstRowOf = new Map<string, number>();
  const problems: WorkCalendarImportRowError[] = [];
  const entries: WorkCalendarEntry[] = [];
  for (const { row, cells } of rows) {
    const messages: string[] = [];
    const read = cells.day === '' ? undefined : importedDay(cells.day);
    const day = read !== undefined && isCalendarDay(read) ? read : undefined;
    if (cells.day === '') messages.push(WorkCalendarImportMessages.dayRequired);
    else if (day === undefined) messages.push(WorkCalendarImportMessages.dayInvalid);
    const kind = workCalendarKindOf(cells.kind);
    if (cells.kind === '') messages.push(WorkCalendarImportMessages.kindRequired);
    else if (kind === undefined) messages.push(WorkCalendarImportMessages.kindUnknown(cells.kind));
    // The name's rules are the PUT's schema.
    const name = WorkCalendarEntryZ.shape.name.safeParse(cells.name);
    if (!name.success) messages.push(...name.error.issues.map((issue) => issue.message));
    if (day !== undefined) {
      if (!day.startsWith(`${year}-`)) messages.push(WorkCalendarMessages.dayOutsideYear(day, year));
      const first = firstRowOf.get(day);
      if (first === undefined) firstRowOf.set(day, row);
      else messages.push(WorkCalendarImportMessages.duplicate(day, first));
      if (kind !== undefined) messages.push(...workCalendarProblems([{ day, kind, name: '' }]).map((problem) => problem.message));
    }
    if (messages.length === 0 && day !== undefined && kind !== undefined && name.success) {
      entries.push({ day, kind, name: name.data });
    } else {
      problems.push({ row, day: day ?? read ?? cells.day, kind: cells.kind, name: cells.name, messages });
    }
  }
  return { problems, entries };
}

function refusal(message: string, rows: WorkCalendarImportRowError[]): AppError {
  return new AppError(StatusCode.invalid, message, { errors: { file: [message] }, rows });
}

/**
 * POST /api/holiday/calendar/{year}/importData: the xlsx file as multipart field `file`, read by the route once
 * permitted. Replaces the year's entries with the file's and answers the saved year, as the PUT does.
 */
export async function importWorkCalendar(
  ctx: AppContext,
  actor: Actor,
  params: unknown,
  readUpload: (maxBytes: number) => Promise<UploadedFile>,
): Promise<WorkCalendarYear> {
  authorizeHolidayAdmin(actor.caller);
  const { year } = parse(WorkCalendarYearZ, params);
  const upload = await readUpload(WORK_CALENDAR_IMPORT_MAX_BYTES);
  if (upload.isFileTooLarge) throw fileError(WorkCalendarImportMessages.tooLarge(WORK_CALENDAR_IMPORT_MAX_BYTES));
  if (!upload.file || upload.file.length === 0) throw fileError(WorkCalendarImportMessages.fileRequired);
  await assertSafeXlsx(upload.file);
  const rows = await readSheetRows(upload.file, WORK_CALENDAR_IMPORT_COLUMNS, WORK_CALENDAR_IMPORT_MAX_ROWS, WorkCalendarImportMessages);
  const { problems, entries } = checkRows(year, rows);
  if (problems.length > 0) throw refusal(WorkCalendarImportMessages.failed(problems.length, year), problems);
  return putCalendarYear(ctx, actor, { year }, { entries });
}

/** The answer's message: what the year now holds. */
export function importedMessage(saved: WorkCalendarYear): string {
  const count = (kind: string) => saved.entries.filter((entry) => entry.kind === kind).length;
  return WorkCalendarImportMessages.imported(saved.year, count('holiday'), count('workday'));
}

type TemplateRow = (typeof WorkCalendarImportTexts.examples)[number];

// Every cell is text (「@」): the days stay as typed in Excel, and a name is never a formula.
const TEMPLATE_COLUMNS: readonly SheetColumn<TemplateRow>[] = WORK_CALENDAR_IMPORT_COLUMNS.map((column) => ({
  header: column.header,
  kind: 'text',
  value: (row) => row[column.key],
}));

/** GET /api/holiday/calendar/importTemplate: the header row and two example rows (WorkCalendarImportTexts.examples). */
export async function workCalendarImportTemplate(
  _ctx: AppContext,
  caller: Caller,
): Promise<{ filename: string; type: string; body: Buffer }> {
  authorizeHolidayAdmin(caller);
  const output = new PassThrough();
  async function* nothingMore(): AsyncIterable<TemplateRow[]> {
    // Every row is in the first chunk.
  }
  const writing = streamSheet({
    output,
    sheetName: WorkCalendarImportTexts.sheet,
    columns: TEMPLATE_COLUMNS,
    first: WorkCalendarImportTexts.examples,
    rest: nothingMore(),
    signal: new AbortController().signal,
  }).catch((error: unknown) => {
    output.destroy(error instanceof Error ? error : new Error(String(error)));
    throw error;
  });
  // Read whole before the answer begins: a few kilobytes, and a failure is still an envelope.
  const [body] = await Promise.all([buffer(output), writing]);
  return { filename: WorkCalendarImportTexts.templateFilename, type: XLSX_MIME, body };
}
