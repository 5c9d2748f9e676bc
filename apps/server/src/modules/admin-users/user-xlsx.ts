import { USER_IMPORT_COLUMNS, USER_IMPORT_MAX_ROWS, UserImportMessages, type UserImportColumn } from '@osp/shared';
import type ExcelJS from 'exceljs';
import { loadExcel, readSheetRows, type SheetRow as ReadRow } from '../../lib/xlsx-read';

/** Reading and writing the users' spreadsheets; the rules about their content live in the services. */

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type SheetRow = ReadRow<UserImportColumn>;

/**
 * The user rows of the first worksheet, by the template's header names (columns may be in any
 * order; extra columns are ignored). Rows with nothing in the template's columns are skipped.
 * Call only after assertSafeXlsx: the parser inflates the whole file into memory.
 */
export function readUserSheet(content: Buffer): Promise<SheetRow[]> {
  return readSheetRows(content, USER_IMPORT_COLUMNS, USER_IMPORT_MAX_ROWS, UserImportMessages);
}

/** Display width of text in Excel's character units: a Chinese character takes two. */
function displayWidth(text: string): number {
  let width = 0;
  for (const char of text) width += (char.codePointAt(0) ?? 0) <= 0xff ? 1 : 2;
  return width;
}

/** SPEC §9: exports size their columns to their content. */
function autoWidth(sheet: ExcelJS.Worksheet): void {
  sheet.columns.forEach((column) => {
    let widest = 6;
    column.eachCell?.({ includeEmpty: false }, (cell) => {
      widest = Math.max(widest, displayWidth(cell.text));
    });
    column.width = Math.min(widest + 2, 60);
  });
}

function styleHeader(sheet: ExcelJS.Worksheet): void {
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFEFF3F8' } };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
}

async function toBuffer(workbook: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * Writes rows of text. Every value is set as a string, never as a formula object, so a cell that
 * starts with "=" is shown as typed and never evaluated (DESIGN §5a).
 */
export async function writeSheet(sheetName: string, headers: string[], rows: string[][]): Promise<Buffer> {
  const workbook = new (await loadExcel()).Workbook();
  workbook.creator = 'OSP';
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = headers.map((header) => ({ header, style: { numFmt: '@' } }));
  for (const row of rows) sheet.addRow(row.map((value) => String(value)));
  styleHeader(sheet);
  autoWidth(sheet);
  return toBuffer(workbook);
}

const EXAMPLE: Record<UserImportColumn, string> = {
  username: 'wangxiaoming',
  name: '王小明',
  sex: '男',
  dept: '星河科技有限公司/技术部',
  station: '软件工程师',
  mobile: '13800138000',
  mail: 'wangxiaoming@example.com',
  roles: '普通员工',
};

/**
 * The import template: sheet 用户 holds only the header row (a hint on each header cell, cells
 * formatted as text so Excel keeps a mobile number as typed); sheet 填写说明 explains each column
 * with an example. The example lives apart so that importing the untouched template creates nobody.
 */
export async function writeImportTemplate(): Promise<Buffer> {
  const workbook = new (await loadExcel()).Workbook();
  workbook.creator = 'OSP';
  const sheet = workbook.addWorksheet('用户');
  sheet.columns = USER_IMPORT_COLUMNS.map((c) => ({ header: c.header, style: { numFmt: '@' } }));
  USER_IMPORT_COLUMNS.forEach((c, index) => {
    const cell = sheet.getRow(1).getCell(index + 1);
    cell.note = c.hint;
    if (c.required) cell.font = { bold: true, color: { argb: 'FFC0392B' } };
  });
  styleHeader(sheet);
  USER_IMPORT_COLUMNS.forEach((c, index) => {
    sheet.getColumn(index + 1).width = Math.max(displayWidth(c.header), displayWidth(EXAMPLE[c.key])) + 4;
  });

  const guide = workbook.addWorksheet('填写说明');
  guide.columns = [{ header: '列名' }, { header: '是否必填' }, { header: '填写说明' }, { header: '示例' }];
  for (const c of USER_IMPORT_COLUMNS) guide.addRow([c.header, c.required ? '必填' : '选填', c.hint, EXAMPLE[c.key]]);
  guide.addRow([]);
  guide.addRow([`在“用户”工作表第2行起每行填写一个用户，一次最多${USER_IMPORT_MAX_ROWS}行；任何一行有误时不导入任何用户。`]);
  guide.addRow(['初始密码在导入时统一填写，导入的用户用它登录后请尽快修改。']);
  styleHeader(guide);
  guide.getColumn(1).width = 10;
  guide.getColumn(2).width = 10;
  guide.getColumn(3).width = 72;
  guide.getColumn(4).width = 28;
  return toBuffer(workbook);
}

/**
 * `attachment` with the real (Chinese) name in RFC 5987 form, which every current browser prefers,
 * and an ASCII fallback for old clients. The encoded name comes first because simple parsers (the
 * web app's download helper among them) take the first filename they find.
 */
export function attachmentDisposition(filename: string, asciiFallback: string): string {
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename*=UTF-8''${encoded}; filename="${asciiFallback}"`;
}
