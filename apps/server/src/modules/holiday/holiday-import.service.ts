import { finished, PassThrough, type Readable } from 'node:stream';
import {
  HOLIDAY_DAYS_MAX,
  HOLIDAY_IMPORT_COLUMNS,
  HOLIDAY_IMPORT_MAX_BYTES,
  HOLIDAY_IMPORT_MAX_ROWS,
  HOLIDAY_IMPORT_REASON,
  HolidayAdminMessages,
  HolidayImportMessages,
  HolidayImportTexts,
  HolidayStatsQueryZ,
  StatusCode,
  type HolidayImportColumn,
  type HolidayImportResult,
  type HolidayImportRowError,
  type HolidayStatsRow,
} from '@osp/shared';
import type { Actor, AppContext, Caller } from '../../context';
import { nowIso } from '../../db/index';
import { AppError, ValidationError } from '../../http/errors';
import { parse } from '../../http/validate';
import type { UploadedFile } from '../../lib/multipart';
import { assertSafeXlsx } from '../../lib/xlsx-guard';
import { fileError, readSheetRows, type SheetRow } from '../../lib/xlsx-read';
import { loadDeptIndex } from '../directory/dept-index';
import { streamSheet, XLSX_MIME, type SheetColumn } from '../exports/exports.sheet';
import { recordOperation } from '../syslog/syslog.service';
import { authorizeHolidayAdmin } from './holiday.policy';
import { currentYear } from './holiday.service';
import { listStats } from './holiday-admin.repo';
import { presented } from './holiday-admin.service';
import * as repo from './holiday-import.repo';

/**
 * HR's balance import, export and import template (issue 17, docs/holiday.md "Import and export"). An import sets each
 * listed person's total of a year, all rows or none: every row is checked first and any problem answers every bad
 * row's number and reasons with nothing written; a good file is written in one transaction, each changed total kept
 * in the person's history (reason 批量导入) and the import once in the operation log.
 */

export interface XlsxDownload {
  filename: string;
  type: string;
  body: Readable;
}

/** An export holds at most this many people (the company, whose size the users table bounds). */
const EXPORT_MAX_ROWS = 50_000;

/** Writes rows as an xlsx (exports.sheet.ts: text never a formula, auto column width) into a stream for the answer. */
function sheetBody<R>(ctx: AppContext, columns: readonly SheetColumn<R>[], rows: readonly R[]): Readable {
  const body = new PassThrough();
  const readerGone = new AbortController();
  finished(body, () => readerGone.abort());
  async function* nothingMore(): AsyncIterable<Iterable<R>> {
    // Every row is in the first chunk.
  }
  streamSheet({
    output: body,
    sheetName: HolidayImportTexts.sheet,
    columns,
    first: rows,
    rest: nothingMore(),
    signal: readerGone.signal,
  }).catch((error: unknown) => {
    if (!readerGone.signal.aborted) ctx.log.error({ err: error }, 'holiday stats sheet failed after its answer began');
    // The reader sees a cut download, never a file that looks whole.
    body.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return body;
}

/** Today on the company's clock as 20260105, for file names. */
function shanghaiDay(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date()).replaceAll('-', '');
}

const TEMPLATE_COLUMNS: readonly SheetColumn<Record<HolidayImportColumn, string | number>>[] = HOLIDAY_IMPORT_COLUMNS.map((c) => ({
  header: c.header,
  kind: c.key === 'year' || c.key === 'total' ? 'decimal' : 'text',
  value: (row) => row[c.key],
}));

/** GET /api/holiday/stats/importTemplate: the header row and one example row (a made-up person). */
export async function holidayImportTemplate(ctx: AppContext, caller: Caller): Promise<XlsxDownload> {
  authorizeHolidayAdmin(caller);
  const example = {
    username: HolidayImportTexts.exampleUsername,
    name: HolidayImportTexts.exampleName,
    year: currentYear(),
    total: HolidayImportTexts.exampleTotal,
  };
  return { filename: HolidayImportTexts.templateFilename, type: XLSX_MIME, body: sheetBody(ctx, TEMPLATE_COLUMNS, [example]) };
}

const { columns: words } = HolidayImportTexts;
const EXPORT_COLUMNS: readonly SheetColumn<HolidayStatsRow>[] = [
  { header: words.username, kind: 'text', value: (r) => r.username },
  { header: words.name, kind: 'text', value: (r) => r.name },
  { header: words.dept, kind: 'text', value: (r) => r.dept_name },
  { header: words.year, kind: 'decimal', value: (r) => r.year },
  { header: words.total, kind: 'decimal', value: (r) => r.total_day },
  { header: words.used, kind: 'decimal', value: (r) => r.used_day },
  { header: words.applying, kind: 'decimal', value: (r) => r.applying_day },
  { header: words.available, kind: 'decimal', value: (r) => r.available_day },
];

/**
 * GET /api/holiday/stats/export: the list's people and balances (GET /api/holiday/stats's filters and order, every
 * page) as an xlsx. They are read before the answer begins, so a refusal is still an envelope.
 */
export async function exportHolidayStats(ctx: AppContext, caller: Caller, query: unknown): Promise<XlsxDownload> {
  authorizeHolidayAdmin(caller);
  const input = parse(HolidayStatsQueryZ, query);
  const year = input.year ?? currentYear();
  let deptIds: number[] | undefined;
  if (input.dept_id !== undefined) {
    const depts = await loadDeptIndex(ctx);
    if (!depts.has(input.dept_id)) throw new ValidationError({ dept_id: [HolidayAdminMessages.deptMissing] });
    deptIds = depts.subtree(input.dept_id);
  }
  const { rows, total } = await listStats(ctx.db, {
    year,
    ...(deptIds ? { deptIds } : {}),
    ...(input.keyword ? { keyword: input.keyword } : {}),
    limit: EXPORT_MAX_ROWS,
    offset: 0,
  });
  if (total > rows.length) throw new AppError(StatusCode.invalid, HolidayImportMessages.exportTooLarge(EXPORT_MAX_ROWS));
  const people = rows.map((row) => presented(row, year));
  return {
    filename: HolidayImportTexts.exportFilename(year, shanghaiDay()),
    type: XLSX_MIME,
    body: sheetBody(ctx, EXPORT_COLUMNS, people),
  };
}

/** A row that passed every check. */
interface GoodRow {
  row: number;
  userId: number;
  username: string;
  name: string;
  year: number;
  total: number;
}

function parseYear(text: string): number | undefined {
  if (!/^\d{4}$/.test(text)) return undefined;
  const year = Number(text);
  return year >= 2000 && year <= 2100 ? year : undefined;
}

/** A total as typed: a non-negative number; whether it is a half day or too large is checked apart. */
function parseTotal(text: string): number | undefined {
  if (!/^\d+(\.\d+)?$/.test(text)) return undefined;
  const total = Number(text);
  return Number.isInteger(total * 2) ? total : undefined;
}

const keyOf = (userId: number, year: number) => `${userId}:${year}`;

/** Every problem of every row, against the people and balances as they are now; the good rows when there is none. */
async function checkRows(ctx: AppContext, rows: readonly SheetRow<HolidayImportColumn>[]) {
  const usernameOf = (cells: Record<HolidayImportColumn, string>) => cells.username.toLowerCase();
  const users = new Map(
    (await repo.usersByUsername(ctx.db, [...new Set(rows.map((r) => usernameOf(r.cells)).filter(Boolean))])).map((u) => [u.username, u]),
  );
  const parsed = rows.map(({ row, cells }) => {
    const username = usernameOf(cells);
    const user = users.get(username);
    const messages: string[] = [];
    if (username === '') messages.push(HolidayImportMessages.usernameRequired);
    else if (!user) messages.push(HolidayImportMessages.usernameUnknown(cells.username));
    else if (user.status !== 1) messages.push(HolidayImportMessages.usernameDisabled(cells.username));
    const year = parseYear(cells.year);
    if (cells.year === '') messages.push(HolidayImportMessages.yearRequired);
    else if (year === undefined) messages.push(HolidayImportMessages.yearInvalid);
    const total = parseTotal(cells.total);
    if (cells.total === '') messages.push(HolidayImportMessages.totalRequired);
    else if (total === undefined) messages.push(HolidayImportMessages.totalInvalid);
    else if (total > HOLIDAY_DAYS_MAX) messages.push(HolidayImportMessages.totalAboveMax);
    const active = user?.status === 1 ? user : undefined;
    return { row, cells, username, user: active, year, total, messages, display: cells.name || user?.name || '' };
  });

  const keys = parsed.flatMap((p) => (p.user && p.year !== undefined ? [{ userId: p.user.id, year: p.year }] : []));
  const stats = new Map((await repo.statsRows(ctx.db, keys)).map((s) => [keyOf(s.user_id, s.year), s]));
  const firstRowOf = new Map<string, number>();
  const problems: HolidayImportRowError[] = [];
  const good: GoodRow[] = [];
  for (const p of parsed) {
    if (p.username !== '' && p.year !== undefined) {
      const seen = `${p.username}:${p.year}`;
      const first = firstRowOf.get(seen);
      if (first === undefined) firstRowOf.set(seen, p.row);
      else p.messages.push(HolidayImportMessages.duplicate(p.cells.username, p.year, first));
    }
    const now = p.user && p.year !== undefined ? stats.get(keyOf(p.user.id, p.year)) : undefined;
    if (now && p.total !== undefined && p.total <= HOLIDAY_DAYS_MAX && p.total < now.used_day + now.applying_day) {
      p.messages.push(HolidayImportMessages.belowUsed(p.total, now.used_day, now.applying_day));
    }
    if (p.messages.length > 0 || !p.user || p.year === undefined || p.total === undefined) {
      problems.push({ row: p.row, username: p.cells.username, name: p.display, messages: p.messages });
    } else {
      good.push({ row: p.row, userId: p.user.id, username: p.user.username, name: p.user.name, year: p.year, total: p.total });
    }
  }
  return { problems, good };
}

function refusal(message: string, rows: HolidayImportRowError[]): AppError {
  return new AppError(StatusCode.invalid, message, { errors: { file: [message] }, rows });
}

/** POST /api/holiday/stats/importData: the xlsx file as multipart field `file`, read by the route once permitted. */
export async function importHolidayStats(
  ctx: AppContext,
  actor: Actor,
  readUpload: (maxBytes: number) => Promise<UploadedFile>,
): Promise<HolidayImportResult> {
  authorizeHolidayAdmin(actor.caller);
  const upload = await readUpload(HOLIDAY_IMPORT_MAX_BYTES);
  if (upload.isFileTooLarge) throw fileError(HolidayImportMessages.tooLarge(HOLIDAY_IMPORT_MAX_BYTES));
  if (!upload.file || upload.file.length === 0) throw fileError(HolidayImportMessages.fileRequired);
  await assertSafeXlsx(upload.file);
  const rows = await readSheetRows(upload.file, HOLIDAY_IMPORT_COLUMNS, HOLIDAY_IMPORT_MAX_ROWS, HolidayImportMessages);
  const { problems, good } = await checkRows(ctx, rows);
  if (problems.length > 0) throw refusal(HolidayImportMessages.failed(problems.length), problems);

  const changed = await ctx.db.transaction().execute(async (trx) => {
    const keys = good.map((r) => ({ userId: r.userId, year: r.year }));
    await repo.ensureStatsRows(trx, keys);
    const current = new Map((await repo.statsRows(trx, keys, true)).map((s) => [keyOf(s.user_id, s.year), s]));
    const changes: repo.ChangeRow[] = [];
    const raced: HolidayImportRowError[] = [];
    for (const r of good) {
      const now = current.get(keyOf(r.userId, r.year));
      const before = now?.total_day ?? 0;
      if (before === r.total) continue;
      // The check of checkRows again, where it counts: leave taken or applied for since then is not lost.
      if (await repo.setTotal(trx, r, r.total)) changes.push({ userId: r.userId, year: r.year, before, after: r.total });
      else
        raced.push({
          row: r.row,
          username: r.username,
          name: r.name,
          messages: [HolidayImportMessages.belowUsed(r.total, now?.used_day ?? 0, now?.applying_day ?? 0)],
        });
    }
    // Thrown inside the transaction: everything written so far is rolled back.
    if (raced.length > 0) throw refusal(HolidayImportMessages.raced(raced.length), raced);
    await repo.insertChanges(trx, changes, HOLIDAY_IMPORT_REASON, actor.caller.userId, nowIso());
    const years = [...new Set(good.map((r) => r.year))].sort();
    await recordOperation(trx, actor, {
      itemType: 'holiday',
      itemId: 0,
      action: 'import',
      summary: `导入 ${years.join('、')} 年假期额度：共 ${good.length} 行，其中 ${changes.length} 行的总天数有变化`,
      after: { reason: HOLIDAY_IMPORT_REASON, rows: good.length, changed: changes.length },
    });
    return changes.length;
  });
  return { imported: good.length, changed };
}
