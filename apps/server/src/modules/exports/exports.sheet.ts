import { once } from 'node:events';
import { setImmediate } from 'node:timers/promises';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';

/**
 * An xlsx written as it is read (exceljs's streaming WorkbookWriter): each row is committed to the zip as soon as it
 * is added, so memory holds one chunk of rows whatever the sheet holds. SPEC §9 "auto column width" and DESIGN §5a
 * "user text as text, never formulas" are kept here for every export.
 */

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * text: user text, written as a string cell in Text format (「@」): never a formula, not when the file is opened
 * and not when a cell is edited later, whatever it starts with (= + - @). number: a whole number. money: a number
 * with two decimals and thousands separators, summable. time: an instant, written as an Excel date of its
 * Asia/Shanghai wall-clock time (the company's clock, DESIGN §4), so it sorts and filters as a date.
 */
export type SheetCellKind = 'text' | 'number' | 'money' | 'time';

export interface SheetColumn<R> {
  header: string;
  kind: SheetCellKind;
  /** text: a string; number and money: a number; time: an ISO 8601 instant. null leaves the cell empty. */
  value: (row: R) => string | number | null;
}

const NUMBER_FORMATS: Record<SheetCellKind, string> = {
  text: '@',
  number: '0',
  money: '#,##0.00',
  time: 'yyyy-mm-dd hh:mm',
};

/** How wide a column may grow (Excel character units); longer titles wrap to it in Excel's cell editor. */
const MAX_WIDTH = 60;
const SHANGHAI_OFFSET_MS = 8 * 3600_000;

/** Display width of text in Excel's character units: a Chinese character takes two. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const char of text) width += (char.codePointAt(0) ?? 0) <= 0xff ? 1 : 2;
  return width;
}

/** What Excel shows of a cell: a time as 2026-11-25 10:30 (16 characters) whatever its value. */
const TIME_WIDTH = 16;

function shownText(kind: SheetCellKind, value: string | number | null): string {
  if (value === null) return '';
  if (kind === 'money' && typeof value === 'number') return value.toLocaleString('en-US', { minimumFractionDigits: 2 });
  return String(value);
}

/**
 * The width of each column from its header and the widest cell of the rows seen before the first row is written
 * (the first chunk): the xlsx format puts the widths before the rows, and a streamed sheet cannot go back.
 */
export function columnWidths<R>(columns: readonly SheetColumn<R>[], sample: readonly R[]): number[] {
  return columns.map((column) => {
    let widest = displayWidth(column.header);
    if (column.kind === 'time') widest = Math.max(widest, TIME_WIDTH);
    else for (const row of sample) widest = Math.max(widest, displayWidth(shownText(column.kind, column.value(row))));
    return Math.min(widest + 2, MAX_WIDTH);
  });
}

function cellValue(kind: SheetCellKind, value: string | number | null): ExcelJS.CellValue {
  if (value === null) return null;
  // Excel's dates have no zone: the serial is the wall-clock time, and exceljs takes it from the Date's UTC fields.
  if (kind === 'time') return new Date(new Date(value).getTime() + SHANGHAI_OFFSET_MS);
  if (kind === 'text') return String(value);
  return typeof value === 'number' ? value : Number(value);
}

/**
 * exceljs's sheet stream hands its bytes on without waiting (its StreamBuf ignores backpressure) to the PassThrough
 * that archiver put in front of the zip's deflate stream: the first pipe of the worksheet's stream (exceljs 4's
 * `stream` getter and StreamBuf `pipes`, plain JavaScript fields the typings leave out). Waiting for that PassThrough
 * to drain after each chunk bounds what is held to about one chunk, however slowly the file is read.
 */
function zipInputOf(sheet: ExcelJS.Worksheet): Writable | undefined {
  const stream = (sheet as unknown as { stream?: { pipes?: unknown } }).stream;
  const first: unknown = Array.isArray(stream?.pipes) ? (stream.pipes as unknown[])[0] : undefined;
  return first !== null && typeof first === 'object' && 'write' in first && 'once' in first ? (first as Writable) : undefined;
}

/**
 * Whether a stream holds more than it wants. archiver's PassThrough is readable-stream 2, which has no
 * `writableNeedDrain` but keeps the same flag in its state (and emits 'drain' when it clears, as Node's streams do).
 */
function needsDrain(stream: Writable): boolean {
  if (typeof stream.writableNeedDrain === 'boolean') return stream.writableNeedDrain;
  return (stream as unknown as { _writableState?: { needDrain?: unknown } })._writableState?.needDrain === true;
}

async function drained(sheet: ExcelJS.Worksheet, output: Writable, signal: AbortSignal): Promise<void> {
  // A turn of the event loop: the zip's deflate answers from the thread pool and the socket's writes only run there,
  // and a synchronous database (better-sqlite3) would otherwise keep the loop, and every other request, waiting
  // until the whole file is written, all of it held in memory.
  await setImmediate(undefined, { signal });
  const zipInput = zipInputOf(sheet);
  if (zipInput && needsDrain(zipInput)) await once(zipInput, 'drain', { signal });
  if (output.writableNeedDrain) await once(output, 'drain', { signal });
  signal.throwIfAborted();
}

export interface SheetStream<R> {
  output: Writable;
  sheetName: string;
  columns: readonly SheetColumn<R>[];
  /** The first chunk, read before the answer began (the widths come from it). */
  first: readonly R[];
  /** The chunks after it. */
  rest: AsyncIterable<readonly R[]>;
  /** Aborted when the reader has gone: the writing stops at the next chunk. */
  signal: AbortSignal;
}

/** Writes the header and every row into `output` as an xlsx, a chunk at a time, and ends it. */
export async function streamSheet<R>({ output, sheetName, columns, first, rest, signal }: SheetStream<R>): Promise<void> {
  // Shared strings would keep every distinct text in memory until the end; inline strings are written with their row.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  workbook.creator = 'OSP';
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  const widths = columnWidths(columns, first);
  sheet.columns = columns.map((column, index) => ({ width: widths[index], style: { numFmt: NUMBER_FORMATS[column.kind] } }));
  const header = sheet.addRow(columns.map((column) => column.header));
  header.font = { bold: true };
  header.commit();

  // One style object per column, given to each of its cells: exceljs finds a style it has seen by the object (a
  // WeakMap) before rendering and hashing it as XML, which would otherwise be a third of the time a row takes.
  const styles = columns.map((column): Partial<ExcelJS.Style> => ({ numFmt: NUMBER_FORMATS[column.kind] }));
  const write = (rows: readonly R[]) => {
    for (const row of rows) {
      const added = sheet.addRow(columns.map((column) => cellValue(column.kind, column.value(row))));
      added.eachCell((cell, column) => {
        cell.style = styles[column - 1] ?? {};
      });
      added.commit();
    }
  };
  write(first);
  await drained(sheet, output, signal);
  for await (const rows of rest) {
    write(rows);
    await drained(sheet, output, signal);
  }
  sheet.commit();
  await workbook.commit();
}
