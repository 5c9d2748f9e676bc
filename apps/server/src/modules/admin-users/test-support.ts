import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import type { ApiEnvelope } from '@osp/shared';
import type { Db } from '../../db/index';
import type { TestServer } from '../../../test/harness';

/** Helpers of the user-administration tests (not a test file itself). */

/** Everything an administrative call could change, to prove that a refused call changed nothing. */
export async function snapshot(db: Db) {
  const [users, userRoles, sessions, logs] = await Promise.all([
    db.selectFrom('users').selectAll().orderBy('id').execute(),
    db.selectFrom('user_roles').selectAll().orderBy('user_id').orderBy('role_id').execute(),
    db.selectFrom('sessions').select(['id', 'revoked_at']).orderBy('id').execute(),
    db
      .selectFrom('operation_logs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { users, userRoles, sessions, logs: Number(logs.n) };
}

export interface Downloaded {
  status: number;
  headers: Headers;
  content: Buffer;
}

export async function download(server: TestServer, url: string, token?: string): Promise<Downloaded> {
  const response = await fetch(`${server.baseUrl}${url}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: response.status, headers: response.headers, content: Buffer.from(await response.arrayBuffer()) };
}

export function asEnvelope<T = unknown>(content: Buffer): ApiEnvelope<T> {
  return JSON.parse(content.toString('utf8')) as ApiEnvelope<T>;
}

/** POST /api/admin/users/import as the web page sends it. */
export function upload(server: TestServer, token: string, file: Buffer | null, options: { passwd?: string; filename?: string } = {}) {
  const form = new FormData();
  if (options.passwd !== undefined) form.append('passwd', options.passwd);
  if (file) {
    form.append(
      'file',
      new Blob([new Uint8Array(file)], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
      options.filename ?? 'users.xlsx',
    );
  }
  return server.call<unknown>('POST', '/api/admin/users/import', { token, raw: form });
}

export const IMPORT_HEADERS = ['用户名', '姓名', '性别', '部门', '岗位', '手机号', '邮箱', '角色'];

/** An xlsx file with the given header row and rows, as a person would save it from Excel. */
export async function userSheet(rows: (string | number)[][], headers: string[] = IMPORT_HEADERS): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('用户');
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export async function readWorkbook(content: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  // exceljs's own Buffer type (see user-xlsx.ts); a Node Buffer at run time.
  await workbook.xlsx.load(content as unknown as Parameters<typeof workbook.xlsx.load>[0]);
  return workbook;
}

/** The rows of a worksheet as text, header included. */
export function sheetText(sheet: ExcelJS.Worksheet): string[][] {
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    const cells: string[] = [];
    for (let column = 1; column <= sheet.columnCount; column += 1) cells.push(row.getCell(column).text);
    rows.push(cells);
  });
  return rows;
}

export interface ZipEntrySpec {
  name: string;
  data: Buffer;
  /** Already deflated data (then `data` is ignored and `declaredSize` is required). */
  deflated?: Buffer;
  /** Lie about the inflated size in both headers, as a crafted bomb does. */
  declaredSize?: number;
}

/** `bytes` zeros, deflated as a stream so that the test itself never holds them in memory. */
export async function deflatedZeros(bytes: number): Promise<Buffer> {
  const deflate = zlib.createDeflateRaw({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  const zeros = Buffer.alloc(1024 * 1024);
  for (let written = 0; written < bytes; written += zeros.length) {
    if (!deflate.write(zeros.subarray(0, Math.min(zeros.length, bytes - written)))) {
      await new Promise((resolve) => deflate.once('drain', resolve));
    }
  }
  deflate.end();
  await done;
  return Buffer.concat(chunks);
}

/**
 * A zip archive written byte by byte (PKWARE APPNOTE 4.3), so that tests can build what no
 * well-behaved zip library would: archives whose headers lie about their sizes.
 */
export function buildZip(entries: ZipEntrySpec[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const compressed = entry.deflated ?? zlib.deflateRawSync(entry.data);
    // yauzl and the pre-check do not read the CRC; a bomb's is left at 0.
    const crc = entry.deflated ? 0 : zlib.crc32(entry.data);
    const size = entry.declaredSize ?? entry.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, name, compressed);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The two entries that make a zip look like a workbook at first glance. */
export function workbookLookalike(extra: ZipEntrySpec[]): Buffer {
  return buildZip([
    { name: '[Content_Types].xml', data: Buffer.from('<?xml version="1.0"?><Types/>') },
    { name: 'xl/workbook.xml', data: Buffer.from('<?xml version="1.0"?><workbook/>') },
    ...extra,
  ]);
}
