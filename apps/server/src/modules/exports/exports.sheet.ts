import { setImmediate } from 'node:timers/promises';
import type { Writable } from 'node:stream';
import { ZipStream } from '../../lib/zip-stream';

/**
 * An xlsx written as it is read: each row becomes sheet XML and goes into the zip with the rows around it, so memory
 * holds one chunk of rows whatever the sheet holds. SPEC §9 "auto column width" and DESIGN §5a "user text as text, never
 * formulas" are kept here for every export. The format is the few parts an xlsx needs (content types, relations, the
 * workbook, its styles, one worksheet, core properties), as ECMA-376 Part 1 gives them.
 */

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * text: user text, written as a string cell in Text format (「@」): never a formula, not when the file is opened
 * and not when a cell is edited later, whatever it starts with (= + - @). number: a whole number. money: a number
 * with two decimals and thousands separators, summable. time: an instant, written as an Excel date of its
 * Asia/Shanghai wall-clock time (the company's clock, DESIGN §4), so it sorts and filters as a date. decimal: a number
 * shown as it is (Excel's General format), e.g. leave days in halves: 7.5, 10.
 */
export type SheetCellKind = 'text' | 'number' | 'money' | 'time' | 'decimal';

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
  decimal: 'General',
};

/** How wide a column may grow (Excel character units); longer titles wrap to it in Excel's cell editor. */
const MAX_WIDTH = 60;
const SHANGHAI_OFFSET_MS = 8 * 3600_000;
/**
 * The sheet's rows go to the zip in pieces of about this many bytes, each row written into the piece as it is made: no
 * chunk-long string (a thousand rows of Chinese text are 1.4 MB of UTF-16, a large object kept until V8's next major
 * collection) and no row kept past its writing.
 */
const PIECE_BYTES = 64 * 1024;

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
export function columnWidths<R>(columns: readonly SheetColumn<R>[], sample: Iterable<R>): number[] {
  const widest = columns.map((column) => Math.max(displayWidth(column.header), column.kind === 'time' ? TIME_WIDTH : 0));
  for (const row of sample) {
    columns.forEach((column, i) => {
      if (column.kind !== 'time') widest[i] = Math.max(widest[i] ?? 0, displayWidth(shownText(column.kind, column.value(row))));
    });
  }
  return widest.map((width) => Math.min(width + 2, MAX_WIDTH));
}

/** Whether XML 1.0 can hold the UTF-16 code unit: not the C0 controls (but tab, newline, return), nor U+FFFE/U+FFFF. */
const isXmlUnit = (code: number) => code === 9 || code === 10 || code === 13 || (code >= 0x20 && code !== 0xfffe && code !== 0xffff);
const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** XML text: the four entities escaped, the characters XML cannot hold dropped (a pasted control character). */
function xmlText(text: string): string {
  let clean = text;
  for (let i = 0; i < text.length; i++) {
    if (isXmlUnit(text.charCodeAt(i))) continue;
    clean = Array.from(text.split(''), (unit) => (isXmlUnit(unit.charCodeAt(0)) ? unit : '')).join('');
    break;
  }
  return clean.replace(/[&<>"]/g, (char) => XML_ENTITIES[char] ?? char);
}

/** A1-style column letters: A … Z, AA …. */
function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** Excel's serial of an instant, on the company's wall clock (Excel's dates have no zone). */
function excelSerial(iso: string): number | null {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : (ms + SHANGHAI_OFFSET_MS) / 86_400_000 + 25_569;
}

/**
 * Cell styles of styles.xml, by position: 0 the default, then one per kind (its number format), then the header's
 * bold text, then the decimal kind's. Built-in formats where Excel has them (0 General, 1 "0", 4 "#,##0.00", 49 "@"),
 * 164 for the date-time.
 */
const STYLE_OF: Record<SheetCellKind, number> = { text: 1, number: 2, money: 3, time: 4, decimal: 6 };
const HEADER_STYLE = 5;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';

const CONTENT_TYPES =
  XML_HEAD +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
  '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
  '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
  '</Types>';

const ROOT_RELS =
  XML_HEAD +
  `<Relationships xmlns="${PKG_REL_NS}">` +
  `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/>` +
  `<Relationship Id="rId2" Type="${PKG_REL_NS}/metadata/core-properties" Target="docProps/core.xml"/>` +
  '</Relationships>';

const WORKBOOK_RELS =
  XML_HEAD +
  `<Relationships xmlns="${PKG_REL_NS}">` +
  `<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>` +
  `<Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/>` +
  '</Relationships>';

const STYLES =
  XML_HEAD +
  `<styleSheet xmlns="${MAIN_NS}">` +
  `<numFmts count="1"><numFmt numFmtId="164" formatCode="${NUMBER_FORMATS.time}"/></numFmts>` +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font>' +
  '<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="7"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="49" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="1" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="4" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="49" fontId="1" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" applyFont="1"/>' +
  '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';

function workbookXml(sheetName: string): string {
  return (
    XML_HEAD +
    `<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><bookViews><workbookView/></bookViews>` +
    `<sheets><sheet name="${xmlText(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`
  );
}

function coreXml(now: Date): string {
  const at = now.toISOString().replace(/\.\d{3}Z$/, 'Z');
  return (
    XML_HEAD +
    '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ' +
    'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" ' +
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
    '<dc:creator>OSP</dc:creator>' +
    `<dcterms:created xsi:type="dcterms:W3CDTF">${at}</dcterms:created>` +
    `<dcterms:modified xsi:type="dcterms:W3CDTF">${at}</dcterms:modified>` +
    '</cp:coreProperties>'
  );
}

/** The sheet's start: the header row frozen (SPEC §9's lists keep their heads in view), the column widths. */
function sheetHead(widths: readonly number[]): string {
  const cols = widths.map((width, i) => `<col min="${i + 1}" max="${i + 1}" width="${width}" customWidth="1"/>`).join('');
  return (
    XML_HEAD +
    `<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
    '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>' +
    `<sheetFormatPr defaultRowHeight="15"/><cols>${cols}</cols><sheetData>`
  );
}

/** One cell's XML; an empty value writes no cell. Text is always an inline string: never a formula (DESIGN §5a). */
function cellXml(ref: string, kind: SheetCellKind, value: string | number | null): string {
  if (value === null) return '';
  const style = STYLE_OF[kind];
  if (kind === 'text') return `<c r="${ref}" s="${style}" t="inlineStr"><is><t xml:space="preserve">${xmlText(String(value))}</t></is></c>`;
  const number = kind === 'time' ? excelSerial(String(value)) : typeof value === 'number' ? value : Number(value);
  return number === null || !Number.isFinite(number) ? '' : `<c r="${ref}" s="${style}"><v>${number}</v></c>`;
}

export interface SheetStream<R> {
  output: Writable;
  sheetName: string;
  columns: readonly SheetColumn<R>[];
  /** The first chunk, read before the answer began: iterated twice, for the widths and for its rows. */
  first: Iterable<R>;
  /** The chunks after it. A row need not outlive the step that took it (bills.list.ts ExportChunk). */
  rest: AsyncIterable<Iterable<R>>;
  /** Aborted when the reader has gone: the writing stops at the next chunk. */
  signal: AbortSignal;
}

/**
 * Writes the header and every row into `output` as an xlsx, a chunk at a time, and ends it. The sheet's XML is built
 * here, row by row into pieces of PIECE_BYTES, and deflated into the zip as it goes (lib/zip-stream.ts): before issue 13's
 * export bench, exceljs's streaming writer did this, and its per-cell objects, style look-ups and archiver's pipes
 * were most of an export's time and of its garbage (docs/performance.md "Export of the bill lists").
 */
export async function streamSheet<R>({ output, sheetName, columns, first, rest, signal }: SheetStream<R>): Promise<void> {
  const zip = new ZipStream(output, signal);
  const now = new Date();
  await zip.addFile('[Content_Types].xml', CONTENT_TYPES);
  await zip.addFile('_rels/.rels', ROOT_RELS);
  await zip.addFile('docProps/core.xml', coreXml(now));
  await zip.addFile('xl/workbook.xml', workbookXml(sheetName));
  await zip.addFile('xl/_rels/workbook.xml.rels', WORKBOOK_RELS);
  await zip.addFile('xl/styles.xml', STYLES);
  const letters = columns.map((_, i) => columnLetters(i));
  await zip.addStream('xl/worksheets/sheet1.xml', async (write) => {
    let rowNumber = 1;
    const header = columns.map(
      (column, i) => `<c r="${letters[i]}1" s="${HEADER_STYLE}" t="inlineStr"><is><t>${xmlText(column.header)}</t></is></c>`,
    );
    await write(sheetHead(columnWidths(columns, first)) + `<row r="1">${header.join('')}</row>`);
    let piece = Buffer.allocUnsafe(PIECE_BYTES);
    let used = 0;
    const writeRows = async (rows: Iterable<R>): Promise<void> => {
      for (const row of rows) {
        rowNumber += 1;
        let cells = '';
        for (let i = 0; i < columns.length; i++) {
          const column = columns[i];
          if (column) cells += cellXml(`${letters[i]}${rowNumber}`, column.kind, column.value(row));
        }
        const xml = `<row r="${rowNumber}">${cells}</row>`;
        // UTF-8 takes at most three bytes for a UTF-16 unit. The piece written is the deflate stream's from then on.
        if (used + xml.length * 3 > piece.length) {
          if (used > 0) await write(piece.subarray(0, used));
          piece = Buffer.allocUnsafe(Math.max(PIECE_BYTES, xml.length * 3));
          used = 0;
        }
        used += piece.write(xml, used);
      }
    };
    await writeRows(first);
    for await (const rows of rest) {
      signal.throwIfAborted();
      // A turn of the event loop per chunk: a synchronous database (better-sqlite3) would otherwise keep every other
      // request waiting until the whole file is written.
      await setImmediate(undefined, { signal });
      await writeRows(rows);
    }
    if (used > 0) await write(piece.subarray(0, used));
    await write('</sheetData></worksheet>');
  });
  await zip.finish();
}
