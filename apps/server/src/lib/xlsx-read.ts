import { StatusCode } from '@osp/shared';
import type ExcelJS from 'exceljs';
import { AppError } from '../http/errors';

/**
 * Reading an uploaded workbook by its header names: the user import (modules/admin-users/user-xlsx.ts) and the
 * holiday balance import (modules/holiday/holiday-import.service.ts). Call only after assertSafeXlsx (./xlsx-guard.ts):
 * the parser inflates the whole file into memory.
 *
 * exceljs (about 29 MB in memory) is loaded with the first import or export that needs it, not when the server starts
 * (docs/performance.md "Export of the bill lists": the idle server's memory counts in every peak).
 */
let excel: Promise<typeof ExcelJS> | undefined;
export const loadExcel = (): Promise<typeof ExcelJS> => (excel ??= import('exceljs').then((module) => module.default));

export interface SheetColumnSpec<K extends string> {
  readonly key: K;
  readonly header: string;
  /** A file without this column is refused. */
  readonly required: boolean;
}

/** The refusals of a file that is no workbook of the template, in the words of the import that reads it. */
export interface SheetReadMessages {
  notXlsx: string;
  badHeader: (missing: string[]) => string;
  empty: string;
  tooManyRows: (max: number) => string;
}

export interface SheetRow<K extends string> {
  /** The row number the spreadsheet shows (the header is row 1). */
  row: number;
  cells: Record<K, string>;
}

/** A refusal of the file as a whole, at the form's `file` field. */
export function fileError(message: string): AppError {
  return new AppError(StatusCode.invalid, message, { errors: { file: [message] } });
}

/** Header text as a person may have typed it: spaces and a required-mark `*` do not matter. */
function normaliseHeader(text: string): string {
  return text.replace(/[\s*＊]/g, '');
}

/**
 * The rows of the first worksheet, by the template's header names (columns may be in any order; extra columns are
 * ignored), each cell as the text Excel shows, trimmed. Rows with nothing in the template's columns are skipped.
 */
export async function readSheetRows<K extends string>(
  content: Buffer,
  columns: readonly SheetColumnSpec<K>[],
  maxRows: number,
  messages: SheetReadMessages,
): Promise<SheetRow<K>[]> {
  const workbook = new (await loadExcel()).Workbook();
  try {
    // exceljs declares its own global `Buffer extends ArrayBuffer`, which a Node Buffer no longer
    // satisfies under @types/node 20's generic Buffer; at run time it takes a Node Buffer.
    await workbook.xlsx.load(content as unknown as Parameters<typeof workbook.xlsx.load>[0]);
  } catch {
    throw fileError(messages.notXlsx);
  }
  // A workbook without a worksheet is no file Excel or WPS ever saved.
  const sheet = workbook.worksheets[0];
  if (!sheet) throw fileError(messages.notXlsx);

  const columnOf = new Map<K, number>();
  sheet.getRow(1).eachCell((cell, column) => {
    const header = normaliseHeader(cell.text);
    const known = columns.find((c) => c.header === header);
    if (known && !columnOf.has(known.key)) columnOf.set(known.key, column);
  });
  const missing = columns.filter((c) => c.required && !columnOf.has(c.key)).map((c) => c.header);
  if (missing.length > 0) throw fileError(messages.badHeader(missing));

  const rows: SheetRow<K>[] = [];
  let tooMany = false;
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (rowNumber === 1 || tooMany) return;
    const cells = {} as Record<K, string>;
    let isBlank = true;
    for (const { key } of columns) {
      const column = columnOf.get(key);
      const text = column === undefined ? '' : row.getCell(column).text.trim();
      cells[key] = text;
      if (text !== '') isBlank = false;
    }
    if (isBlank) return;
    if (rows.length >= maxRows) tooMany = true;
    else rows.push({ row: rowNumber, cells });
  });
  if (tooMany) throw fileError(messages.tooManyRows(maxRows));
  if (rows.length === 0) throw fileError(messages.empty);
  return rows;
}
