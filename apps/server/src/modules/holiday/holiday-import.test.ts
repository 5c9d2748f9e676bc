import ExcelJS from 'exceljs';
import {
  HOLIDAY_IMPORT_MAX_BYTES,
  HOLIDAY_IMPORT_REASON,
  HolidayImportMessages,
  HolidayImportTexts,
  UserImportMessages,
  type HolidayImportFailure,
  type HolidayImportResult,
  type HolidayStatsRow,
  type OperationLogEntry,
  type Paged,
} from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor, AppContext } from '../../context';
import type { Db } from '../../db/index';
import { AppError } from '../../http/errors';
import { startTestServer, TEST_ENGINE, type TestServer } from '../../../test/harness';
import { AccessCache } from '../auth/access-cache';
import { authenticate } from '../auth/auth.service';
import { download, deflatedZeros, readWorkbook, sheetText, workbookLookalike } from '../admin-users/test-support';
import { Tokens } from '../bills/test-support';
import { importHolidayStats } from './holiday-import.service';

/**
 * HR's balance import, export and template (issue 17, docs/holiday.md "Import and export"): an import sets each listed
 * person's total of a year, all rows or none — a file with any bad row imports nothing and names every bad row with
 * all its reasons; each changed total is kept in the person's history and the import once in the operation log; a
 * total that leave taken meanwhile makes too small rolls everything back. The export is the list as an xlsx; the
 * template downloads under its Chinese name. Only holders of holiday_admin.
 */

let server: TestServer;
let tokens: Tokens;

beforeAll(async () => {
  server = await startTestServer();
  tokens = new Tokens(server);
});
afterAll(async () => server.close());

const HEADERS = ['账号', '姓名', '年份', '总天数'];

/** An xlsx as HR would save it from Excel: a header row, then rows (an empty array is an empty row). */
async function holidaySheet(rows: (string | number | null)[][], headers: string[] = HEADERS): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('额度');
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function upload(file: Buffer | null, user = 'admin') {
  const form = new FormData();
  if (file) form.append('file', new Blob([new Uint8Array(file)]), '额度.xlsx');
  return server.call<HolidayImportResult & HolidayImportFailure>('POST', '/api/holiday/stats/importData', {
    token: await tokens.get(user),
    raw: form,
  });
}

const idOf = async (username: string) =>
  (await server.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;

const statsOf = async (username: string, year: number) =>
  server.db
    .selectFrom('holiday_stats')
    .select(['total_day', 'used_day', 'applying_day'])
    .where('user_id', '=', await idOf(username))
    .where('year', '=', year)
    .executeTakeFirst();

/** Everything an import could change, to prove that a refused one changed nothing. */
async function snapshot(db: Db) {
  const [stats, changes, logs] = await Promise.all([
    db.selectFrom('holiday_stats').selectAll().orderBy('id').execute(),
    db.selectFrom('holiday_changes').selectAll().orderBy('id').execute(),
    db.selectFrom('operation_logs').select('id').orderBy('id').execute(),
  ]);
  return { stats, changes, logs: logs.length };
}

async function setStats(username: string, year: number, values: { total_day: number; used_day: number; applying_day: number }) {
  const userId = await idOf(username);
  await server.db
    .insertInto('holiday_stats')
    .values({ user_id: userId, year, ...values })
    .onConflict((oc) => oc.columns(['user_id', 'year']).doUpdateSet(values))
    .execute();
}

describe('POST /api/holiday/stats/importData', () => {
  it('sets each total for HR, creating missing balances; each change in the history, the import once in the log', async () => {
    await setStats('zhangsan', 2050, { total_day: 5, used_day: 2, applying_day: 1 });
    await setStats('lisi', 2050, { total_day: 8, used_day: 0, applying_day: 0 });
    const file = await holidaySheet([
      ['zhangsan', '张三', 2050, 10],
      [],
      ['lisi', '', 2050, 8], // unchanged: no history row
      ['chenjing', '陈静', 2050, 7.5], // no balance yet
      ['Chenjing', null, '2051', '3'], // the same person, another year; a username in capitals, numbers typed as text
    ]);
    const logsBefore = (await snapshot(server.db)).logs;
    const { body } = await upload(file);
    expect(body).toMatchObject({ status_code: 0, message: HolidayImportMessages.imported(4, 3), data: { imported: 4, changed: 3 } });

    expect(await statsOf('zhangsan', 2050)).toEqual({ total_day: 10, used_day: 2, applying_day: 1 });
    expect(await statsOf('lisi', 2050)).toEqual({ total_day: 8, used_day: 0, applying_day: 0 });
    expect(await statsOf('chenjing', 2050)).toEqual({ total_day: 7.5, used_day: 0, applying_day: 0 });
    expect(await statsOf('chenjing', 2051)).toEqual({ total_day: 3, used_day: 0, applying_day: 0 });

    const history = await server.call<{ changes: { delta: number; total_before: number; total_after: number; reason: string }[] }>(
      'GET',
      `/api/holiday/stats/${await idOf('zhangsan')}?year=2050`,
      { token: await tokens.get('admin') },
    );
    expect(history.body.data.changes).toEqual([
      expect.objectContaining({ delta: 5, total_before: 5, total_after: 10, reason: HOLIDAY_IMPORT_REASON, changed_by_name: '系统管理员' }),
    ]);
    const lisiChanges = await server.db
      .selectFrom('holiday_changes')
      .selectAll()
      .where('user_id', '=', await idOf('lisi'))
      .execute();
    expect(lisiChanges).toEqual([]);

    const log = await server.call<Paged<OperationLogEntry>>('GET', '/api/syslog?item_type=holiday', { token: await tokens.get('admin') });
    const imports = log.body.data.list.filter((e) => e.action === 'import');
    expect(imports.map((e) => e.summary)).toEqual(['导入 2050、2051 年假期额度：共 4 行，其中 3 行的总天数有变化']);
    expect((await snapshot(server.db)).logs).toBe(logsBefore + 1);

    // The same file again changes nothing but is still an import.
    const again = await upload(file);
    expect(again.body).toMatchObject({ status_code: 0, data: { imported: 4, changed: 0 } });
  });

  it('imports nothing from a file with bad rows, and names every bad row with all its reasons', async () => {
    await setStats('wangwu', 2052, { total_day: 10, used_day: 4, applying_day: 2.5 });
    await server.db.updateTable('users').set({ status: 0 }).where('username', '=', 'fengxiao').execute();
    await server.accessChanged();
    const before = await snapshot(server.db);
    const file = await holidaySheet([
      ['zhaoliu', '赵六', 2052, 12], // good
      ['nobody.here', '某人', 1999, -1], // row 3: unknown account, year and total out of range
      ['fengxiao', '冯晓', 2052, 5], // row 4: disabled
      ['', '无名', '', ''], // row 5: everything missing but the name
      ['zhaoliu', '', 2052, 0.3], // row 6: same person and year as row 2, not a half day
      ['wangwu', '王五', 2052, 6], // row 7: below used 4 + applying 2.5
      ['chenqi', '陈七', '二〇五二', 367], // row 8: year not a number, above a year
      [],
      ['sunba', '孙八', 2052, 9], // good
    ]);
    const { body } = await upload(file);
    expect(body.status_code).toBe(422);
    expect(body.message).toBe(HolidayImportMessages.failed(6));
    expect(body.data.errors?.file).toEqual([HolidayImportMessages.failed(6)]);
    expect(body.data.rows).toEqual([
      {
        row: 3,
        username: 'nobody.here',
        name: '某人',
        messages: [
          HolidayImportMessages.usernameUnknown('nobody.here'),
          HolidayImportMessages.yearInvalid,
          HolidayImportMessages.totalInvalid,
        ],
      },
      { row: 4, username: 'fengxiao', name: '冯晓', messages: [HolidayImportMessages.usernameDisabled('fengxiao')] },
      {
        row: 5,
        username: '',
        name: '无名',
        messages: [HolidayImportMessages.usernameRequired, HolidayImportMessages.yearRequired, HolidayImportMessages.totalRequired],
      },
      {
        row: 6,
        username: 'zhaoliu',
        name: '赵六',
        messages: [HolidayImportMessages.totalInvalid, HolidayImportMessages.duplicate('zhaoliu', 2052, 2)],
      },
      { row: 7, username: 'wangwu', name: '王五', messages: [HolidayImportMessages.belowUsed(6, 4, 2.5)] },
      { row: 8, username: 'chenqi', name: '陈七', messages: [HolidayImportMessages.yearInvalid, HolidayImportMessages.totalAboveMax] },
    ]);
    expect(await snapshot(server.db)).toEqual(before);
    await server.db.updateTable('users').set({ status: 1 }).where('username', '=', 'fengxiao').execute();
    await server.accessChanged();
  });

  it('gives another user 403 and a caller without a session 401, and changes nothing', async () => {
    const before = await snapshot(server.db);
    const file = await holidaySheet([['zhangsan', '张三', 2053, 1]]);
    expect((await upload(file, 'zhangsan')).status).toBe(403);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), 'x.xlsx');
    expect((await server.call('POST', '/api/holiday/stats/importData', { raw: form })).status).toBe(401);
    expect(await snapshot(server.db)).toEqual(before);
  });

  it('refuses a missing, oversized, garbage, bomb or mis-headed file with a clear message, and changes nothing', async () => {
    const before = await snapshot(server.db);
    const expectRefusal = async (file: Buffer | null, message: string) => {
      const { status, body } = await upload(file);
      expect(status).toBe(200);
      expect(body).toMatchObject({ status_code: 422, message });
      expect(body.data.errors?.file).toEqual([message]);
    };
    await expectRefusal(null, HolidayImportMessages.fileRequired);
    await expectRefusal(Buffer.alloc(HOLIDAY_IMPORT_MAX_BYTES + 1, 1), HolidayImportMessages.tooLarge(HOLIDAY_IMPORT_MAX_BYTES));
    await expectRefusal(Buffer.from('账号,年份,总天数\nzhangsan,2053,5\n'), UserImportMessages.notXlsx);
    // 64 MB of zeros deflated into a few dozen KB, whose headers claim 2 KB: caught as it inflates.
    const zeros = await deflatedZeros(64 * 1024 * 1024);
    const bomb = workbookLookalike([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(0), deflated: zeros, declaredSize: 2048 }]);
    await expectRefusal(bomb, UserImportMessages.unsafe);
    await expectRefusal(await holidaySheet([['zhangsan', 2053, 5]], ['账号', '年份', '天数']), HolidayImportMessages.badHeader(['总天数']));
    await expectRefusal(await holidaySheet([[], []]), HolidayImportMessages.empty);
    // A body cut short: the caller's malformed request.
    const cut = await server.call('POST', '/api/holiday/stats/importData', {
      token: await tokens.get('admin'),
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      raw: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\nPK',
    });
    expect(cut.body.status_code).toBe(400);
    expect(await snapshot(server.db)).toEqual(before);
  });

  it('rolls everything back when leave taken meanwhile leaves a total too small, and names that row', async () => {
    await setStats('hulin', 2054, { total_day: 3, used_day: 0, applying_day: 0 });
    await setStats('zhuwei', 2054, { total_day: 3, used_day: 0, applying_day: 0 });
    const ctx: AppContext = {
      db: server.db,
      engine: TEST_ENGINE,
      config: server.config,
      log: server.app.log,
      access: new AccessCache(false),
    };
    const caller = await authenticate(ctx, `Bearer ${await tokens.get('admin')}`);
    const actor: Actor = { caller, service: 'holiday' };
    // Between the check of the rows and their writing, 胡琳 applies for 4 days (what a leave bill would do).
    const hulin = await idOf('hulin');
    const racing = new Proxy(server.db, {
      get(target, prop) {
        if (prop === 'transaction') {
          return () => ({
            execute: async <T>(work: (trx: Db) => Promise<T>) => {
              await target
                .updateTable('holiday_stats')
                .set({ applying_day: 4 })
                .where('user_id', '=', hulin)
                .where('year', '=', 2054)
                .execute();
              return target.transaction().execute(work);
            },
          });
        }
        const value: unknown = Reflect.get(target, prop);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const before = await snapshot(server.db);
    const file = await holidaySheet([
      ['zhuwei', '朱伟', 2054, 6],
      ['hulin', '胡琳', 2054, 2],
    ]);
    const refused = await importHolidayStats({ ...ctx, db: racing }, actor, async () => ({ file, isFileTooLarge: false })).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(AppError);
    const error = refused as AppError;
    expect([error.code, error.message]).toEqual([422, HolidayImportMessages.raced(1)]);
    expect((error.data as HolidayImportFailure).rows).toEqual([
      { row: 3, username: 'hulin', name: '胡琳', messages: [HolidayImportMessages.belowUsed(2, 0, 4)] },
    ]);
    // 朱伟's total, written before 胡琳's row failed, is rolled back with it; 胡琳's application stands.
    const after = await snapshot(server.db);
    expect(after.changes).toEqual(before.changes);
    expect(after.logs).toBe(before.logs);
    expect(await statsOf('zhuwei', 2054)).toEqual({ total_day: 3, used_day: 0, applying_day: 0 });
    expect(await statsOf('hulin', 2054)).toEqual({ total_day: 3, used_day: 0, applying_day: 4 });
  });
});

describe('GET /api/holiday/stats/export', () => {
  it('is the list with its filters as an xlsx: every person with the balance of the year, half days as numbers', async () => {
    await setStats('zhoujiu', 2055, { total_day: 12.5, used_day: 3, applying_day: 0.5 });
    const tech = (await server.db.selectFrom('depts').select('id').where('name', '=', '技术部').executeTakeFirstOrThrow()).id;
    const admin = await tokens.get('admin');
    for (const query of [`year=2055&dept_id=${tech}`, 'year=2055&keyword=周', 'year=2055']) {
      const listed = await server.call<Paged<HolidayStatsRow>>('GET', `/api/holiday/stats?${query}&per_page=100`, { token: admin });
      expect(listed.body.status_code).toBe(0);
      const file = await download(server, `/api/holiday/stats/export?${query}`, admin);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename\*=UTF-8''/);
      const filename = decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(file.headers.get('content-disposition') ?? '')?.[1] ?? '');
      expect(filename).toMatch(/^假期额度_2055年_\d{8}\.xlsx$/);
      const workbook = await readWorkbook(file.content);
      const sheet = workbook.worksheets[0];
      if (!sheet) throw new Error('no sheet');
      const cells: unknown[][] = [];
      sheet.eachRow((row) => cells.push((row.values as unknown[]).slice(1)));
      expect(cells[0]).toEqual(['账号', '姓名', '部门', '年份', '总天数', '已用天数', '申请中天数', '可用天数']);
      expect(cells.slice(1)).toEqual(
        listed.body.data.list.map((r) => [r.username, r.name, r.dept_name, 2055, r.total_day, r.used_day, r.applying_day, r.available_day]),
      );
      expect(sheet.getColumn(1).width).toBeGreaterThan(6);
    }
    const one = await download(server, '/api/holiday/stats/export?year=2055&keyword=zhoujiu', admin);
    const sheet = (await readWorkbook(one.content)).worksheets[0];
    expect(sheet && sheetText(sheet)[1]).toEqual(['zhoujiu', '周九', '研发组', '2055', '12.5', '3', '0.5', '9']);
  });

  it('gives another user 403 and refuses a bad filter with a message', async () => {
    expect((await download(server, '/api/holiday/stats/export', await tokens.get('zhangsan'))).status).toBe(403);
    const bad = await server.call('GET', '/api/holiday/stats/export?year=1999', { token: await tokens.get('admin') });
    expect(bad.body).toMatchObject({ status_code: 422 });
  });
});

describe('GET /api/holiday/stats/importTemplate', () => {
  it('downloads under its Chinese name with the header row and one example row, which imports nobody', async () => {
    const admin = await tokens.get('admin');
    const file = await download(server, '/api/holiday/stats/importTemplate', admin);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent(HolidayImportTexts.templateFilename)}; filename="file.xlsx"`,
    );
    const sheet = (await readWorkbook(file.content)).worksheets[0];
    const year = new Intl.DateTimeFormat('en', { timeZone: 'Asia/Shanghai', year: 'numeric' }).format(new Date());
    expect(sheet && sheetText(sheet)).toEqual([HEADERS, ['wangxiaoming', '王小明', year, '10']]);

    const before = await snapshot(server.db);
    const { body } = await upload(file.content);
    expect(body).toMatchObject({ status_code: 422, message: HolidayImportMessages.failed(1) });
    expect(body.data.rows).toEqual([
      { row: 2, username: 'wangxiaoming', name: '王小明', messages: [HolidayImportMessages.usernameUnknown('wangxiaoming')] },
    ]);
    expect(await snapshot(server.db)).toEqual(before);
    expect((await download(server, '/api/holiday/stats/importTemplate', await tokens.get('zhangsan'))).status).toBe(403);
  });
});
