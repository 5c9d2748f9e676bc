import ExcelJS from 'exceljs';
import {
  AdminUserMessages,
  PasswordMessages,
  ProfileMessages,
  UserImportMessages,
  USER_IMPORT_MAX_BYTES,
  type UserImportFailure,
} from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import {
  asEnvelope,
  buildZip,
  deflatedZeros,
  download,
  IMPORT_HEADERS,
  readWorkbook,
  sheetText,
  snapshot,
  upload,
  userSheet,
  workbookLookalike,
} from './test-support';
import { assertSafeXlsx } from '../../lib/xlsx-guard';

let server: TestServer;
let admin: string;
const PASSWORD = 'Imp0rt#2026';

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signIn('admin');
  // Two departments of one name, under different parents: a bare name is then ambiguous.
  const parents = await server.db.selectFrom('depts').select(['id', 'name']).where('name', 'in', ['技术部', '市场部']).execute();
  for (const parent of parents) {
    await server.db.insertInto('depts').values({ name: '项目组', parent_id: parent.id, created_at: new Date().toISOString() }).execute();
  }
  await server.accessChanged();
});
afterAll(async () => server.close());

function row(
  username: string,
  overrides: Partial<Record<'name' | 'sex' | 'dept' | 'station' | 'mobile' | 'mail' | 'roles', string | number>> = {},
) {
  const values = {
    name: `导入${username}`,
    sex: '女',
    dept: '研发组',
    station: '工程师',
    mobile: '13600000000',
    mail: `${username}@xinghe-tech.cn`,
    roles: '普通员工',
    ...overrides,
  };
  return [username, values.name, values.sex, values.dept, values.station, values.mobile, values.mail, values.roles];
}

function manyRows(prefix: string, count: number) {
  return Array.from({ length: count }, (_, index) => {
    const n = String(index + 1).padStart(4, '0');
    return row(`${prefix}${n}`, {
      sex: index % 2 === 0 ? '男' : '女',
      dept: ['研发组', '星河科技有限公司/技术部', '财务部'][index % 3] ?? '研发组',
      // Excel users type mobiles as numbers; the importer reads them as text.
      mobile: index % 2 === 0 ? 13_600_000_000 + index : `136${String(index).padStart(8, '0')}`,
      roles: index % 10 === 0 ? '普通员工、部门负责人' : 'staff',
    });
  });
}

async function countUsers(prefix: string): Promise<number> {
  const result = await server.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('username', 'like', `${prefix}%`)
    .executeTakeFirstOrThrow();
  return Number(result.n);
}

describe('GET /api/admin/users/import-template', () => {
  it('is a real xlsx with the header row, a hint on each header and an example', async () => {
    const file = await download(server, '/api/admin/users/import-template', admin);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent('用户导入模板.xlsx')}; filename="user-import-template.xlsx"`,
    );
    const workbook = await readWorkbook(file.content);
    const sheet = workbook.getWorksheet('用户');
    expect(sheet && sheetText(sheet)).toEqual([IMPORT_HEADERS]);
    expect(sheet?.getRow(1).getCell(1).note).toBeTruthy();
    const guide = workbook.getWorksheet('填写说明');
    expect(guide && sheetText(guide).map((r) => r[0])).toEqual(expect.arrayContaining(IMPORT_HEADERS));
    expect(guide && sheetText(guide).some((r) => r.includes('wangxiaoming'))).toBe(true);
  });

  it('imports nobody when uploaded untouched', async () => {
    const before = await snapshot(server.db);
    const file = await download(server, '/api/admin/users/import-template', admin);
    const { body } = await upload(server, admin, file.content, { passwd: PASSWORD });
    expect(body).toMatchObject({ status_code: 422, message: UserImportMessages.empty });
    expect(await snapshot(server.db)).toEqual(before);
  });
});

describe('POST /api/admin/users/import', () => {
  it('imports 2,000 rows in one go; they sign in with the initial password and carry their roles', async () => {
    const sheet = await userSheet(manyRows('bulk', 2000));
    const started = Date.now();
    const { body } = await upload(server, admin, sheet, { passwd: PASSWORD });
    const elapsed = Date.now() - started;
    expect(body).toMatchObject({ status_code: 0, message: UserImportMessages.imported(2000), data: { imported: 2000 } });
    expect(elapsed).toBeLessThan(15_000);
    expect(await countUsers('bulk')).toBe(2000);

    const first = await server.db
      .selectFrom('users')
      .leftJoin('depts', 'depts.id', 'users.dept_id')
      .select(['users.id', 'users.mobile', 'users.sex', 'users.status', 'depts.name as dept'])
      .where('username', '=', 'bulk0001')
      .executeTakeFirstOrThrow();
    expect(first).toMatchObject({ mobile: '13600000000', sex: '1', status: 1, dept: '研发组' });
    const roles = await server.db
      .selectFrom('user_roles')
      .innerJoin('roles', 'roles.id', 'user_roles.role_id')
      .select('roles.key')
      .where('user_roles.user_id', '=', first.id)
      .orderBy('roles.key')
      .execute();
    expect(roles.map((r) => r.key)).toEqual(['leader', 'staff']);
    expect(await server.signIn('bulk0002', PASSWORD)).toBeTruthy();
    const tech = await server.db.selectFrom('users').select('dept_id').where('username', '=', 'bulk0002').executeTakeFirstOrThrow();
    const techDept = await server.db.selectFrom('depts').select('id').where('name', '=', '技术部').executeTakeFirstOrThrow();
    expect(tech.dept_id).toBe(techDept.id);

    const logs = await server.db
      .selectFrom('operation_logs')
      .select(['item_id', 'summary', 'after_json'])
      .where('item_type', '=', 'user')
      .where('action', '=', 'import')
      .execute();
    expect(logs).toHaveLength(2000);
    expect(logs.find((l) => l.item_id === String(first.id))?.summary).toBe('导入用户 bulk0001（导入bulk0001）（第2行）');
    expect(JSON.stringify(logs)).not.toMatch(/Imp0rt#2026|argon2/);
  });

  it('imports nothing when one row of 2,000 is bad, and names that row as the spreadsheet shows it', async () => {
    const rows = manyRows('half', 2000);
    rows[1499] = row('half1500', { mobile: '1360000' });
    const before = await snapshot(server.db);
    const { body } = await upload(server, admin, await userSheet(rows), { passwd: PASSWORD });
    expect(body.status_code).toBe(422);
    expect(body.message).toBe(UserImportMessages.failed(1));
    expect((body.data as UserImportFailure).rows).toEqual([{ row: 1501, messages: [ProfileMessages.mobileInvalid] }]);
    expect(await countUsers('half')).toBe(0);
    expect(await snapshot(server.db)).toEqual(before);
  });

  it('reports every bad row with every reason', async () => {
    const before = await snapshot(server.db);
    const rows = [
      row('good0001'),
      row('dup0001'),
      row('dup0001'),
      row('zhangsan'),
      row('bad0001', { name: '', dept: '不存在的部门', mobile: '1234', mail: 'not-a-mail' }),
      row('bad0002', { sex: '未知', roles: '普通员工、神秘角色' }),
      row('Bad0003', { dept: '项目组' }),
      row('', { dept: '', mobile: '', mail: 'nobody@xinghe-tech.cn' }),
      row('good0002', { dept: '星河科技有限公司/市场部/项目组' }),
    ];
    // A blank row between data rows is skipped, and the row numbers still match the sheet.
    rows.splice(2, 0, ['', '', '', '', '', '', '', '']);
    const { body } = await upload(server, admin, await userSheet(rows), { passwd: PASSWORD });
    expect(body.status_code).toBe(422);
    expect(body.message).toBe(UserImportMessages.failed(6));
    expect((body.data as UserImportFailure).rows).toEqual([
      { row: 5, messages: [UserImportMessages.usernameDuplicateInFile('dup0001', 3)] },
      { row: 6, messages: [UserImportMessages.usernameExists('zhangsan')] },
      {
        row: 7,
        messages: [
          AdminUserMessages.nameRequired,
          UserImportMessages.deptUnknown('不存在的部门'),
          ProfileMessages.mobileInvalid,
          ProfileMessages.mailInvalid,
        ],
      },
      { row: 8, messages: [UserImportMessages.sexInvalid, UserImportMessages.roleUnknown('神秘角色')] },
      { row: 9, messages: [AdminUserMessages.usernameInvalid, UserImportMessages.deptAmbiguous('项目组')] },
      { row: 10, messages: [AdminUserMessages.usernameRequired, UserImportMessages.deptRequired, ProfileMessages.mobileRequired] },
    ]);
    expect(await snapshot(server.db)).toEqual(before);
  });

  it('asks for the file and a strong initial password', async () => {
    const before = await snapshot(server.db);
    const sheet = await userSheet([row('pwd0001')]);
    const none = await upload(server, admin, null, {});
    expect(none.body.data).toEqual({
      errors: { passwd: [AdminUserMessages.initialPasswordRequired], file: [UserImportMessages.fileRequired] },
    });
    const weak = await upload(server, admin, sheet, { passwd: 'password' });
    expect(weak.body.data).toEqual({ errors: { passwd: [PasswordMessages.strength] } });
    const common = await upload(server, admin, sheet, { passwd: 'Admin@123' });
    expect(common.body.data).toEqual({ errors: { passwd: [PasswordMessages.tooCommon] } });
    const json = await server.call('POST', '/api/admin/users/import', { token: admin, body: { passwd: PASSWORD } });
    expect(json.body.status_code).toBe(422);
    expect(await snapshot(server.db)).toEqual(before);
  });

  it('refuses a file with the wrong header row', async () => {
    const sheet = await userSheet([['x', 'y']], ['账号', '姓名']);
    const { body } = await upload(server, admin, sheet, { passwd: PASSWORD });
    expect(body).toMatchObject({ status_code: 422, message: UserImportMessages.badHeader(['用户名', '性别', '部门', '手机号', '邮箱']) });
  });

  it('refuses what is not an xlsx workbook', async () => {
    const before = await snapshot(server.db);
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const notXlsx = [
      Buffer.from('用户名,姓名\nzhangsan2,张三\n', 'utf8'),
      png,
      // A zip, but a docx rather than a workbook.
      buildZip([
        { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
        { name: 'word/document.xml', data: Buffer.from('<document/>') },
      ]),
      // Says it is a workbook, holds garbage.
      workbookLookalike([]),
      // A zip signature with nothing behind it.
      Buffer.from('504b0304deadbeef', 'hex'),
    ];
    for (const [index, file] of notXlsx.entries()) {
      const { body } = await upload(server, admin, file, { passwd: PASSWORD, filename: 'users.xlsx' });
      expect(body.status_code, `file ${index}`).toBe(422);
      expect(body.message, `file ${index}`).toBe(UserImportMessages.notXlsx);
    }
    expect(await snapshot(server.db)).toEqual(before);
  });

  it('refuses a file over the size limit', async () => {
    const big = Buffer.alloc(USER_IMPORT_MAX_BYTES + 1024, 1);
    const { body } = await upload(server, admin, big, { passwd: PASSWORD });
    expect(body).toMatchObject({ status_code: 422, data: { errors: { file: [UserImportMessages.tooLarge(USER_IMPORT_MAX_BYTES)] } } });
  });

  it('refuses zip bombs renamed .xlsx before parsing them', async () => {
    const before = await snapshot(server.db);
    // 1 GiB of zeros deflates to about 1 MB: parsed, it would take the process down.
    const gigabyte = 1024 * 1024 * 1024;
    const zeros = await deflatedZeros(gigabyte);
    expect(zeros.length).toBeLessThan(USER_IMPORT_MAX_BYTES);
    const bombs = {
      honest: workbookLookalike([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(0), deflated: zeros, declaredSize: gigabyte }]),
      // Headers claim 2 KB; only inflating tells the truth.
      lying: workbookLookalike([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(0), deflated: zeros, declaredSize: 2048 }]),
      manyEntries: workbookLookalike(Array.from({ length: 300 }, (_, i) => ({ name: `xl/media/${i}.xml`, data: Buffer.from('<x/>') }))),
    };
    for (const [name, bomb] of Object.entries(bombs)) {
      const started = Date.now();
      const { body } = await upload(server, admin, bomb, { passwd: PASSWORD, filename: `${name}.xlsx` });
      expect(body, name).toMatchObject({ status_code: 422, message: UserImportMessages.unsafe });
      expect(Date.now() - started, name).toBeLessThan(5_000);
    }
    expect(await snapshot(server.db)).toEqual(before);
  });

  it('passes the pre-check with a real workbook and stops a lying entry after its declared size', async () => {
    await expect(assertSafeXlsx(await userSheet([row('ok0001')]))).resolves.toBeUndefined();
    const lying = workbookLookalike([
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(0), deflated: await deflatedZeros(64 * 1024 * 1024), declaredSize: 100 },
    ]);
    const external = process.memoryUsage().arrayBuffers;
    await expect(assertSafeXlsx(lying)).rejects.toMatchObject({ message: UserImportMessages.unsafe });
    // Inflating stopped at the first chunk past 100 bytes: nowhere near the 64 MB behind it.
    expect(process.memoryUsage().arrayBuffers - external).toBeLessThan(16 * 1024 * 1024);
  });
});

describe('GET /api/admin/users/export', () => {
  it('writes the users of the current filter, with the template columns and a Chinese file name', async () => {
    const tech = await server.db.selectFrom('depts').select('id').where('name', '=', '运维组').executeTakeFirstOrThrow();
    const file = await download(server, `/api/admin/users/export?dept_id=${tech.id}&status=1`, admin);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(file.headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; filename\\*=UTF-8''${encodeURIComponent('用户列表_')}\\d{8}\\.xlsx; filename="users_\\d{8}\\.xlsx"$`),
    );
    const workbook = await readWorkbook(file.content);
    const sheet = workbook.worksheets[0];
    const rows = sheet ? sheetText(sheet) : [];
    expect(rows[0]).toEqual([...IMPORT_HEADERS, '状态']);
    const expected = await server.db
      .selectFrom('users')
      .select(['username', 'name', 'mobile', 'mail', 'station'])
      .where('dept_id', '=', tech.id)
      .where('status', '=', 1)
      .orderBy('id')
      .execute();
    expect(rows.slice(1).map((r) => r[0])).toEqual(expected.map((u) => u.username));
    const wushi = rows.find((r) => r[0] === 'wushi');
    const wushiRow = expected.find((u) => u.username === 'wushi');
    expect(wushi).toEqual([
      'wushi',
      '吴十',
      '男',
      '星河科技有限公司/技术部/运维组',
      wushiRow?.station,
      wushiRow?.mobile,
      wushiRow?.mail,
      '普通员工、部门负责人',
      '正常',
    ]);
  });

  it('exports a keyword search, and writes text that looks like a formula as text', async () => {
    const sheet = await userSheet([row('formula01', { station: '=HYPERLINK("http://evil.example","点我")' })]);
    expect((await upload(server, admin, sheet, { passwd: PASSWORD })).body.status_code).toBe(0);
    const file = await download(server, '/api/admin/users/export?keyword=formula01', admin);
    const workbook = await readWorkbook(file.content);
    const exported = workbook.worksheets[0];
    expect(exported?.rowCount).toBe(2);
    const cell = exported?.getRow(2).getCell(5);
    expect(cell?.type).toBe(ExcelJS.ValueType.String);
    expect(cell?.text).toBe('=HYPERLINK("http://evil.example","点我")');
  });

  it('answers a bad filter as a JSON message, not a file', async () => {
    const file = await download(server, '/api/admin/users/export?status=9', admin);
    expect(file.headers.get('content-type')).toContain('application/json');
    expect(asEnvelope(file.content)).toMatchObject({ status_code: 422, data: { errors: { status: [AdminUserMessages.statusInvalid] } } });
  });
});
