import ExcelJS from 'exceljs';
import {
  UserImportMessages,
  WORK_CALENDAR_IMPORT_MAX_BYTES,
  WORK_CALENDAR_IMPORT_MAX_ROWS,
  WorkCalendarImportMessages,
  WorkCalendarImportTexts,
  WorkCalendarMessages,
  type OperationLogEntry,
  type Paged,
  type WorkCalendarImportFailure,
  type WorkCalendarYear,
} from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/index';
import { startTestServer, type TestServer } from '../../../test/harness';
import { deflatedZeros, download, readWorkbook, sheetText, workbookLookalike } from '../admin-users/test-support';
import { Tokens } from '../bills/test-support';
import { importedDay } from './work-calendar-import.service';

/**
 * 工作日历's xlsx import (issue 17, docs/holiday.md "Work calendar"): HR loads a year's holidays and make-up workdays
 * from a spreadsheet. A good file replaces the year as PUT /api/holiday/calendar/{year} does (its transaction and its
 * operation-log entry); a file with any bad row changes nothing and names every bad row with all its reasons, by the
 * PUT's rules; a file that is no workbook of the template is refused at `file`. The template downloads under its
 * Chinese name. Only holders of holiday_admin.
 */

let server: TestServer;
let tokens: Tokens;

beforeAll(async () => {
  server = await startTestServer();
  tokens = new Tokens(server);
});
afterAll(async () => server.close());

// Made-up days of a year no other test uses, not an official schedule. 2047-09-28 and 2047-10-12 are Saturdays,
// 2047-10-01 a Tuesday.
const YEAR = 2047;
const HEADERS = ['日期', '类型', '名称'];

/** An xlsx as HR would save it from Excel: a header row, then rows (an empty array is an empty row). */
async function calendarSheet(rows: (string | number | Date | null)[][], headers: string[] = HEADERS): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('日历');
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A date cell as Excel keeps it: the day at midnight, no zone. */
const excelDate = (day: string) => new Date(`${day}T00:00:00Z`);

async function upload(file: Buffer | null, { user = 'admin', year = YEAR }: { user?: string; year?: number | string } = {}) {
  const form = new FormData();
  if (file) form.append('file', new Blob([new Uint8Array(file)]), '日历.xlsx');
  return server.call<WorkCalendarYear & WorkCalendarImportFailure>('POST', `/api/holiday/calendar/${year}/importData`, {
    token: await tokens.get(user),
    raw: form,
  });
}

const rowsOf = (year: number) =>
  server.db.selectFrom('work_calendar').select(['day', 'kind', 'name']).where('day', 'like', `${year}-%`).orderBy('day').execute();

/** Everything an import could change, to prove that a refused one changed nothing. */
async function snapshot(db: Db) {
  const [calendar, logs] = await Promise.all([
    db.selectFrom('work_calendar').select(['day', 'kind', 'name', 'updated_at']).orderBy('day').execute(),
    db.selectFrom('operation_logs').select('id').orderBy('id').execute(),
  ]);
  return { calendar, logs: logs.length };
}

const PREVIOUS = [
  { day: '2047-05-01', kind: 'holiday', name: '劳动节' },
  { day: '2047-10-01', kind: 'holiday', name: '旧的' },
];

async function putYear(entries: readonly { day: string; kind: string; name: string }[], year = YEAR) {
  const saved = await server.call('PUT', `/api/holiday/calendar/${year}`, { token: await tokens.get('admin'), body: { entries } });
  expect(saved.body.status_code, saved.body.message).toBe(0);
}

describe('POST /api/holiday/calendar/{year}/importData', () => {
  it("replaces the year's entries as the PUT does, logged once, and answers the saved year", async () => {
    await putYear(PREVIOUS);
    const logsBefore = (await snapshot(server.db)).logs;
    const file = await calendarSheet([
      ['2047-10-01', '节假日', '国庆节'],
      [excelDate('2047-10-02'), 'Holiday', '国庆节'], // a date cell; a kind in English, any case
      [],
      ['2047/10/3', ' 节假日 ', ''], // slashes and one-digit parts; spaces around the kind; no name
      [excelDate('2047-09-28'), '调休上班', '国庆节调休'],
      ['2047-10-12', 'workday', null],
    ]);
    const { body } = await upload(file);
    expect(body.status_code, body.message).toBe(0);
    expect(body.message).toBe(WorkCalendarImportMessages.imported(YEAR, 3, 2));
    const expected = [
      { day: '2047-09-28', kind: 'workday', name: '国庆节调休' },
      { day: '2047-10-01', kind: 'holiday', name: '国庆节' },
      { day: '2047-10-02', kind: 'holiday', name: '国庆节' },
      { day: '2047-10-03', kind: 'holiday', name: '' },
      { day: '2047-10-12', kind: 'workday', name: '' },
    ];
    expect(body.data).toEqual({ year: YEAR, entries: expected });
    // 劳动节 of the year before is gone: the file is the whole year.
    expect(await rowsOf(YEAR)).toEqual(expected);
    const read = await server.call<WorkCalendarYear>('GET', `/api/holiday/calendar?year=${YEAR}`, { token: await tokens.get('zhangsan') });
    expect(read.body.data).toEqual(body.data);

    const log = await server.call<Paged<OperationLogEntry>>('GET', `/api/syslog?item_type=work_calendar&item_id=${YEAR}`, {
      token: await tokens.get('admin'),
    });
    expect(log.body.data.list[0]).toMatchObject({ action: 'update', summary: `修改 ${YEAR} 年工作日历：节假日 3 天，调休上班 2 天` });
    expect((await snapshot(server.db)).logs).toBe(logsBefore + 1);
  });

  it('changes nothing for a file with one bad row, and names that row with all its reasons', async () => {
    await putYear(PREVIOUS);
    const before = await snapshot(server.db);
    const file = await calendarSheet([
      ['2047-10-01', '节假日', '国庆节'],
      ['2047-10-07', '调休上班', '国庆节调休'], // row 3: a Monday, and the name says what HR meant
      ['2047-10-12', '调休上班', ''],
    ]);
    const { body } = await upload(file);
    expect(body).toMatchObject({ status_code: 422, message: WorkCalendarImportMessages.failed(1, YEAR) });
    expect(body.data.errors?.file).toEqual([WorkCalendarImportMessages.failed(1, YEAR)]);
    expect(body.data.rows).toEqual([
      { row: 3, day: '2047-10-07', kind: '调休上班', name: '国庆节调休', messages: [WorkCalendarMessages.workdayOnWeekday('2047-10-07')] },
    ]);
    expect(await snapshot(server.db)).toEqual(before);
  });

  it('names every bad row with all its reasons, by the rules of the PUT', async () => {
    const before = await snapshot(server.db);
    const file = await calendarSheet([
      ['2047-10-01', '节假日', '国庆节'], // good
      ['2046-12-31', '节假日', '元旦'], // row 3: another year
      [excelDate('2047-10-01'), '节假日', '国庆节'], // row 4: the same day as row 2
      ['2047-10-07', 'workday', ''], // row 5: a make-up workday on a Monday
      ['2047-10-03', '放假', ''], // row 6: an unknown kind
      ['10月3日', '节假日', ''], // row 7: no date
      ['2047-02-30', '节假日', ''], // row 8: a day that does not exist
      ['', '', '中秋节'], // row 9: a name alone
      ['2046-10-05', '调休', '名'.repeat(31)], // row 10: another year, an unknown kind, a name too long
      [],
      ['2047-10-12', '调休上班', ''], // good
    ]);
    const { body } = await upload(file);
    expect(body).toMatchObject({ status_code: 422, message: WorkCalendarImportMessages.failed(8, YEAR) });
    expect(body.data.rows).toEqual([
      { row: 3, day: '2046-12-31', kind: '节假日', name: '元旦', messages: [WorkCalendarMessages.dayOutsideYear('2046-12-31', YEAR)] },
      { row: 4, day: '2047-10-01', kind: '节假日', name: '国庆节', messages: [WorkCalendarImportMessages.duplicate('2047-10-01', 2)] },
      { row: 5, day: '2047-10-07', kind: 'workday', name: '', messages: [WorkCalendarMessages.workdayOnWeekday('2047-10-07')] },
      { row: 6, day: '2047-10-03', kind: '放假', name: '', messages: [WorkCalendarImportMessages.kindUnknown('放假')] },
      { row: 7, day: '10月3日', kind: '节假日', name: '', messages: [WorkCalendarImportMessages.dayInvalid] },
      { row: 8, day: '2047-02-30', kind: '节假日', name: '', messages: [WorkCalendarImportMessages.dayInvalid] },
      {
        row: 9,
        day: '',
        kind: '',
        name: '中秋节',
        messages: [WorkCalendarImportMessages.dayRequired, WorkCalendarImportMessages.kindRequired],
      },
      {
        row: 10,
        day: '2046-10-05',
        kind: '调休',
        name: '名'.repeat(31),
        messages: [
          WorkCalendarImportMessages.kindUnknown('调休'),
          WorkCalendarMessages.nameTooLong,
          WorkCalendarMessages.dayOutsideYear('2046-10-05', YEAR),
        ],
      },
    ]);
    expect(await snapshot(server.db)).toEqual(before);
  });

  it('gives another user 403 and a caller without a session 401, and changes nothing', async () => {
    const before = await snapshot(server.db);
    const file = await calendarSheet([['2047-10-01', '节假日', '国庆节']]);
    expect((await upload(file, { user: 'zhangsan' })).status).toBe(403);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), 'x.xlsx');
    expect((await server.call('POST', `/api/holiday/calendar/${YEAR}/importData`, { raw: form })).status).toBe(401);
    expect(await snapshot(server.db)).toEqual(before);
  });

  it('refuses a missing, oversized, garbage, bomb, mis-headed, empty or too long file, or a bad year, with a clear message', async () => {
    const before = await snapshot(server.db);
    const expectRefusal = async (file: Buffer | null, message: string, year: number | string = YEAR) => {
      const { status, body } = await upload(file, { year });
      expect(status).toBe(200);
      expect(body).toMatchObject({ status_code: 422, message });
      return body;
    };
    const atFile = async (file: Buffer | null, message: string) =>
      expect((await expectRefusal(file, message)).data.errors?.file).toEqual([message]);
    await atFile(null, WorkCalendarImportMessages.fileRequired);
    await atFile(Buffer.alloc(WORK_CALENDAR_IMPORT_MAX_BYTES + 1, 1), WorkCalendarImportMessages.tooLarge(WORK_CALENDAR_IMPORT_MAX_BYTES));
    await atFile(Buffer.from('日期,类型\n2047-10-01,节假日\n'), UserImportMessages.notXlsx);
    // 64 MB of zeros deflated into a few dozen KB, whose headers claim 2 KB: caught as it inflates.
    const zeros = await deflatedZeros(64 * 1024 * 1024);
    await atFile(
      workbookLookalike([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(0), deflated: zeros, declaredSize: 2048 }]),
      UserImportMessages.unsafe,
    );
    await atFile(await calendarSheet([['2047-10-01', '国庆节']], ['日期', '名称']), WorkCalendarImportMessages.badHeader(['类型']));
    await atFile(await calendarSheet([[], [null, null, null]]), WorkCalendarImportMessages.empty);
    const tooMany = Array.from({ length: WORK_CALENDAR_IMPORT_MAX_ROWS + 1 }, () => ['2047-10-01', '节假日', '']);
    await atFile(await calendarSheet(tooMany), WorkCalendarImportMessages.tooManyRows(WORK_CALENDAR_IMPORT_MAX_ROWS));
    const file = await calendarSheet([['2047-10-01', '节假日', '国庆节']]);
    for (const year of ['1999', 'abc']) await expectRefusal(file, WorkCalendarMessages.yearInvalid, year);
    // A body cut short: the caller's malformed request.
    const cut = await server.call('POST', `/api/holiday/calendar/${YEAR}/importData`, {
      token: await tokens.get('admin'),
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      raw: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\nPK',
    });
    expect(cut.body.status_code).toBe(400);
    expect(await snapshot(server.db)).toEqual(before);
  });
});

describe('GET /api/holiday/calendar/importTemplate', () => {
  it('downloads under its Chinese name with the header and two example rows, and imports cleanly when filled', async () => {
    const admin = await tokens.get('admin');
    const file = await download(server, '/api/holiday/calendar/importTemplate', admin);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent(WorkCalendarImportTexts.templateFilename)}; filename="file.xlsx"`,
    );
    const workbook = await readWorkbook(file.content);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    expect(sheetText(sheet)).toEqual([HEADERS, ['2025-10-01', '节假日', '国庆节'], ['2025-09-28', '调休上班', '国庆节调休']]);

    // Untouched, its examples (of 2025) are refused for another year, and nothing changes.
    const before = await snapshot(server.db);
    const untouched = await upload(file.content);
    expect(untouched.body).toMatchObject({ status_code: 422, message: WorkCalendarImportMessages.failed(2, YEAR) });
    expect(untouched.body.data.rows.map((r) => [r.row, r.messages])).toEqual([
      [2, [WorkCalendarMessages.dayOutsideYear('2025-10-01', YEAR)]],
      [3, [WorkCalendarMessages.dayOutsideYear('2025-09-28', YEAR)]],
    ]);
    expect(await snapshot(server.db)).toEqual(before);

    // Filled in as HR would in Excel: the examples overwritten (a typed date becomes a date cell), a row added.
    sheet.getCell('A2').value = excelDate('2047-10-01');
    sheet.getCell('A3').value = '2047-09-28';
    sheet.addRow(['2047-10-02', '节假日', '国庆节']);
    const filled = await upload(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(filled.body.status_code, filled.body.message).toBe(0);
    expect(filled.body.data).toEqual({
      year: YEAR,
      entries: [
        { day: '2047-09-28', kind: 'workday', name: '国庆节调休' },
        { day: '2047-10-01', kind: 'holiday', name: '国庆节' },
        { day: '2047-10-02', kind: 'holiday', name: '国庆节' },
      ],
    });
    expect(await rowsOf(YEAR)).toEqual(filled.body.data.entries);

    expect((await download(server, '/api/holiday/calendar/importTemplate', await tokens.get('zhangsan'))).status).toBe(403);
    expect((await download(server, '/api/holiday/calendar/importTemplate')).status).toBe(401);
  });
});

describe('importedDay', () => {
  it("reads a date cell as the day Excel shows, whatever the server's time zone", () => {
    const zone = process.env.TZ;
    try {
      for (const tz of ['Asia/Shanghai', 'America/Los_Angeles', 'Pacific/Kiritimati', 'UTC']) {
        process.env.TZ = tz;
        // What exceljs gives as a date cell's text: Date#toString of the cell's day (and time) in UTC.
        expect(importedDay(excelDate('2047-10-01').toString())).toBe('2047-10-01');
        expect(importedDay(new Date('2047-12-31T23:30:00Z').toString())).toBe('2047-12-31');
      }
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
    // A date cell in a format exceljs does not know as one: Excel's serial number.
    expect(importedDay('54332')).toBe('2048-10-01');
    expect(importedDay('2047-1-2')).toBe('2047-01-02');
    expect(importedDay('2047.10.01')).toBeUndefined();
    expect(importedDay('国庆')).toBeUndefined();
  });
});
