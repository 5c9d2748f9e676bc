import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { sql } from 'kysely';
import {
  BILL_EXPORT_COLUMN_LABELS,
  BILL_EXPORT_MAX_ROWS,
  BillExportMessages,
  BillListMessages,
  BillListQueryZ,
  billExportColumns,
  type ApiEnvelope,
  type BillBox,
  type BillDetail,
  type BillListRow,
  type Paged,
} from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_ENGINE, type TestServer } from '../../../test/harness';
import type { AppContext, Caller } from '../../context';
import { TooManyError } from '../../http/errors';
import { AccessCache } from '../auth/access-cache';
import { authenticate } from '../auth/auth.service';
import { billIdsInListOrder, billsInListOrder, type BillExportRow } from '../bills/bills.list';
import { idOf, linearGraph, makeTemplate, releasedBill, Tokens } from '../bills/test-support';
import { exportBills } from './exports.service';

/**
 * GET /api/export/bills (issue 13) against the list it exports: the same rows in the same order for every box, sort
 * and filter, scoped to the caller; labels, numbers, amounts and times as typed cells; user text never a formula;
 * the readiness cookie of the web app's mask; refusals (401, 422, the row limit, too many at once).
 */

let server: TestServer;
let tokens: Tokens;
let ctx: AppContext;

const BOXES: readonly BillBox[] = ['todo', 'done', 'mine', 'draft', 'tracked', 'shared'];
const USERS = ['zhangsan', 'lisi', 'wangwu', 'admin'];

beforeAll(async () => {
  server = await startTestServer();
  tokens = new Tokens(server);
  ctx = { db: server.db, engine: TEST_ENGINE, config: server.config, log: server.app.log, access: new AccessCache(false) };
  // Bills with amounts and titles a spreadsheet could take for formulas, followed and shared so every box has some.
  const lisi = await idOf(server, 'lisi');
  const templateId = await makeTemplate(server, await tokens.get('admin'), linearGraph([[{ type: 'orsign', userIds: [lisi] }]]));
  const zhangsan = await tokens.get('zhangsan');
  for (const [title, amount] of [
    ['差旅报销', '1234.5'],
    ['=HYPERLINK("http://evil.example","点我")', '0.01'],
    ['+1+1', '9999999999999.99'],
    ['-2', ''],
    ['@SUM(A1)', '35.20'],
  ] as const) {
    const draft = await server.call<BillDetail>('POST', '/api/bills', {
      token: zhangsan,
      body: { template_id: templateId, title, form: { reason: '出差', ...(amount ? { amount } : {}) } },
    });
    expect(draft.body.status_code, draft.body.message).toBe(0);
    const released = await server.call('POST', `/api/bills/${draft.body.data.id}/release`, { token: zhangsan, body: {} });
    expect(released.body.status_code, released.body.message).toBe(0);
    await server.call('PATCH', `/api/bills/${draft.body.data.id}/track`, { token: await tokens.get('lisi') });
    await server.call('PATCH', `/api/bills/${draft.body.data.id}/share`, {
      token: zhangsan,
      body: { user_ids: [await idOf(server, 'wangwu')] },
    });
  }
  const draft = await server.call('POST', '/api/bills', {
    token: zhangsan,
    body: { template_id: templateId, title: '草稿带金额', form: { reason: '草稿', amount: '88.80' } },
  });
  expect(draft.body.status_code, draft.body.message).toBe(0);
});
afterAll(async () => server.close());

interface Download {
  status: number;
  headers: Headers;
  content: Buffer;
}

async function download(query: string, auth: { token?: string; cookie?: string } = {}): Promise<Download> {
  const headers: Record<string, string> = {};
  if (auth.token) headers.authorization = `Bearer ${auth.token}`;
  if (auth.cookie) headers.cookie = auth.cookie;
  const response = await fetch(`${server.baseUrl}/api/export/bills${query}`, { headers });
  return { status: response.status, headers: response.headers, content: Buffer.from(await response.arrayBuffer()) };
}

async function exportAs(user: string, query: string): Promise<Download> {
  const file = await download(query, { token: await tokens.get(user) });
  expect(file.status, file.content.toString('utf8').slice(0, 300)).toBe(200);
  expect(file.headers.get('content-type')).toContain('spreadsheetml');
  return file;
}

function envelopeOf(file: Download): ApiEnvelope<unknown> {
  return JSON.parse(file.content.toString('utf8')) as ApiEnvelope<unknown>;
}

async function sheetOf(file: Download): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  // exceljs declares its own Buffer type (modules/admin-users/user-xlsx.ts); a Node Buffer at run time.
  await workbook.xlsx.load(file.content as unknown as Parameters<typeof workbook.xlsx.load>[0]);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the export has no worksheet');
  return sheet;
}

/** The data rows of a sheet as cells, header excluded. */
function dataRows(sheet: ExcelJS.Worksheet, width: number): ExcelJS.Cell[][] {
  const rows: ExcelJS.Cell[][] = [];
  for (let r = 2; r <= sheet.rowCount; r += 1) {
    const row = sheet.getRow(r);
    rows.push(Array.from({ length: width }, (_, c) => row.getCell(c + 1)));
  }
  return rows;
}

/** Every row of a box as GET /api/bills pages it, 100 a page. */
async function listed(user: string, query: Record<string, string>): Promise<BillListRow[]> {
  const rows: BillListRow[] = [];
  for (let page = 1; page < 50; page += 1) {
    const params = new URLSearchParams({ ...query, page: String(page), per_page: '100' });
    const answer = await server.call<Paged<BillListRow>>('GET', `/api/bills?${params.toString()}`, { token: await tokens.get(user) });
    expect(answer.body.status_code, answer.body.message).toBe(0);
    rows.push(...answer.body.data.list);
    if (answer.body.data.list.length < 100) break;
  }
  return rows;
}

/** An instant as the Excel date the export writes: its Asia/Shanghai wall-clock time. */
const shanghai = (iso: string) => new Date(new Date(iso).getTime() + 8 * 3600_000);

/** What each column of a row should hold, from the list's row. */
function expectedCell(column: ReturnType<typeof billExportColumns>[number], row: BillListRow): unknown {
  switch (column) {
    case 'id':
      return row.id;
    case 'title':
      return row.title;
    case 'template':
      return row.template_name;
    case 'initiator':
      return row.initiator_name;
    case 'dept':
      return row.dept_name;
    case 'status':
      return row.status_text;
    case 'node':
      return row.current_node;
    case 'amount':
      return undefined;
    case 'on_behalf_of':
      return row.on_behalf_of ?? null;
    case 'shared_by':
      return row.share?.shared_by_name ?? null;
    case 'read_state':
      return row.share ? (row.share.read_at === null ? '待阅' : '已阅') : null;
    case 'shared_at':
      return row.share ? shanghai(row.share.shared_at) : null;
    case 'received_at':
    case 'created_at':
    case 'released_at':
    case 'updated_at': {
      const value = row[column];
      return value ? shanghai(value) : null;
    }
  }
}

async function callerOf(user: string): Promise<Caller> {
  return authenticate(ctx, `Bearer ${await tokens.get(user)}`);
}

describe('the file holds the list', () => {
  it('the same rows in the same order as the list, for every box of several people, with typed cells', async () => {
    let compared = 0;
    for (const user of USERS) {
      for (const box of BOXES) {
        const expected = await listed(user, { box });
        const file = await exportAs(user, `?box=${box}`);
        const sheet = await sheetOf(file);
        const columns = billExportColumns(box);
        expect(sheet.getRow(1).values, `${user} ${box}`).toEqual([undefined, ...columns.map((c) => BILL_EXPORT_COLUMN_LABELS[c])]);
        const rows = dataRows(sheet, columns.length);
        expect(
          rows.map((cells) => cells[0]?.value),
          `${user} ${box}`,
        ).toEqual(expected.map((r) => r.id));
        rows.forEach((cells, index) => {
          const row = expected[index];
          if (!row) return;
          columns.forEach((column, c) => {
            const cell = cells[c];
            const want = expectedCell(column, row);
            if (column === 'amount') {
              // Checked against known bills below; here only its type: a number or nothing.
              expect(cell?.value === null || typeof cell?.value === 'number', `${user} ${box} ${column}`).toBe(true);
              return;
            }
            expect(cell?.value ?? null, `${user} ${box} row ${index} ${column}`).toEqual(want);
          });
          compared += 1;
        });
      }
    }
    // The demo data and the bills made above fill every box of someone.
    expect(compared).toBeGreaterThan(40);
  });

  it('keeps the list order and filters for each sort, direction and filter', async () => {
    const templates = await listed('zhangsan', { box: 'mine' });
    const templateId = templates[0]?.template_id ?? 0;
    const cases: [string, Record<string, string>][] = [
      ['lisi', { box: 'todo', sort: 'received_at', order: 'asc' }],
      ['lisi', { box: 'todo', sort: 'received_at', order: 'desc', keyword: '报销' }],
      ['lisi', { box: 'todo', sort: 'updated_at', order: 'asc', template_id: String(templateId) }],
      ['lisi', { box: 'done', keyword: '报销' }],
      ['lisi', { box: 'todo', sort: 'created_at', order: 'desc' }],
      ['lisi', { box: 'tracked', sort: 'id', order: 'asc' }],
      ['zhangsan', { box: 'mine', sort: 'released_at', order: 'asc' }],
      ['zhangsan', { box: 'mine', sort: 'released_at', order: 'desc', status: 'doing' }],
      ['zhangsan', { box: 'mine', template_id: String(templateId) }],
      ['zhangsan', { box: 'mine', keyword: 'SUM' }],
      ['zhangsan', { box: 'draft', sort: 'released_at', order: 'asc' }],
      ['wangwu', { box: 'shared', date_from: '2020-01-01', date_to: '2099-12-31' }],
      ['wangwu', { box: 'done', sort: 'updated_at', order: 'asc' }],
    ];
    for (const [user, query] of cases) {
      const expected = await listed(user, query);
      const sheet = await sheetOf(await exportAs(user, `?${new URLSearchParams(query).toString()}`));
      const ids = dataRows(sheet, 1).map((cells) => cells[0]?.value);
      expect(ids, `${user} ${JSON.stringify(query)}`).toEqual(expected.map((r) => r.id));
    }
  });

  it('reads a box in chunks that meet exactly: every box, sort and direction, read two bills at a time', async () => {
    for (const user of ['zhangsan', 'lisi', 'wangwu']) {
      const caller = await callerOf(user);
      for (const box of BOXES) {
        const sorts =
          box === 'todo'
            ? ['received_at', 'updated_at', 'created_at', 'released_at', 'id']
            : ['updated_at', 'created_at', 'released_at', 'id'];
        for (const sort of sorts) {
          for (const order of ['asc', 'desc']) {
            const query = { box, sort, order };
            const expected = await listed(user, query);
            const input = BillListQueryZ.parse(query);
            const ids = await billIdsInListOrder(ctx, caller, input, 1000);
            expect(ids, `${user} ${box} ${sort} ${order}`).toEqual(expected.map((row) => row.id));
            const read: BillExportRow[] = [];
            for await (const chunk of billsInListOrder(ctx, caller, input, ids, 2)) {
              // A chunk's row is one object refilled (ExportChunk): each bill is copied as it is read.
              const bills = Array.from(chunk, (row) => ({ ...row }));
              expect(bills.length).toBeLessThanOrEqual(2);
              // Read twice (the sheet takes its column widths from the first chunk, then writes it): the same bills.
              expect(Array.from(chunk, (row) => ({ ...row }))).toEqual(bills);
              read.push(...bills);
            }
            const withoutAmount = read.map(({ amount: _amount, ...row }) => row);
            expect(withoutAmount, `${user} ${box} ${sort} ${order}`).toEqual(expected);
          }
        }
      }
    }
    // Filtered boxes too: the arrival order joins the filtered box, the others filter it.
    const lisi = await callerOf('lisi');
    // The template of the bills made above: five of them wait for lisi, and he follows them.
    const template_id = String((await listed('lisi', { box: 'todo', keyword: '差旅报销' }))[0]?.template_id ?? 0);
    for (const query of [
      { box: 'todo', sort: 'received_at', order: 'desc', template_id },
      { box: 'todo', sort: 'updated_at', order: 'asc', template_id },
      { box: 'tracked', sort: 'id', order: 'desc', template_id },
    ]) {
      const expected = await listed('lisi', query);
      expect(expected.length, JSON.stringify(query)).toBeGreaterThan(2);
      const input = BillListQueryZ.parse(query);
      const read: number[] = [];
      for await (const chunk of billsInListOrder(ctx, lisi, input, await billIdsInListOrder(ctx, lisi, input, 1000), 2)) {
        read.push(...Array.from(chunk, (row) => row.id));
      }
      expect(read, JSON.stringify(query)).toEqual(expected.map((row) => row.id));
    }
  });

  it('writes a bill holding two of my tasks (my own and one held for a colleague) once, as the list shows it, wherever a chunk ends', async () => {
    const [zhaoliu, hanbing] = [await idOf(server, 'zhaoliu'), await idOf(server, 'hanbing')];
    const entrust = await server.call('POST', '/api/users/billEntrust', {
      token: await tokens.get('zhaoliu'),
      body: {
        delegate_id: hanbing,
        start_at: new Date(Date.now() - 3_600_000).toISOString(),
        end_at: new Date(Date.now() + 48 * 3_600_000).toISOString(),
        reason: '休假',
      },
    });
    expect(entrust.body.status_code, entrust.body.message).toBe(0);
    const both = await makeTemplate(server, await tokens.get('admin'), linearGraph([[{ type: 'joinsign', userIds: [hanbing, zhaoliu] }]]));
    const own = await makeTemplate(server, await tokens.get('admin'), linearGraph([[{ type: 'orsign', userIds: [hanbing] }]]));
    const zhangsan = await tokens.get('zhangsan');
    // Bills of one task between bills of two, so that a folded bill falls at a chunk's start, middle and end.
    const folded: number[] = [];
    for (const template of [own, both, own, both, both, own]) {
      const bill = await releasedBill(server, zhangsan, template);
      if (template === both) folded.push(bill.id);
    }
    for (const sort of ['received_at', 'updated_at', 'id']) {
      const input = BillListQueryZ.parse({ box: 'todo', sort });
      const expected = await listed('hanbing', { box: 'todo', sort });
      for (const id of folded) {
        expect(
          expected.filter((row) => row.id === id),
          sort,
        ).toHaveLength(1);
        expect(expected.find((row) => row.id === id)?.on_behalf_of, sort).toBe('代赵六审批');
      }
      const caller = await callerOf('hanbing');
      const ids = await billIdsInListOrder(ctx, caller, input, 1000);
      for (const chunkSize of [1, 2, 3, 1000]) {
        const read: BillExportRow[] = [];
        for await (const chunk of billsInListOrder(ctx, caller, input, ids, chunkSize))
          read.push(...Array.from(chunk, (row) => ({ ...row })));
        expect(
          read.map(({ amount: _amount, ...row }) => row),
          `${sort} by ${chunkSize}`,
        ).toEqual(expected);
      }
    }
    const sheet = await sheetOf(await exportAs('hanbing', '?box=todo'));
    const columns = billExportColumns('todo');
    const rows = dataRows(sheet, columns.length);
    for (const id of folded) {
      const cells = rows.filter((cells) => cells[0]?.value === id);
      expect(cells).toHaveLength(1);
      expect(cells[0]?.[columns.indexOf('on_behalf_of')]?.value).toBe('代赵六审批');
    }
  });

  it('leaves out a bill that left the box after the export began, and never writes one that joined it', async () => {
    const caller = await callerOf('lisi');
    const input = BillListQueryZ.parse({ box: 'tracked' });
    const ids = await billIdsInListOrder(ctx, caller, input, 1000);
    expect(ids.length).toBeGreaterThan(2);
    const gone = ids[1] ?? 0;
    const lisi = await tokens.get('lisi');
    expect((await server.call('PATCH', `/api/bills/${gone}/untrack`, { token: lisi })).body.status_code).toBe(0);
    try {
      const read: number[] = [];
      for await (const chunk of billsInListOrder(ctx, caller, input, ids, 2)) read.push(...Array.from(chunk, (row) => row.id));
      expect(read).toEqual(ids.filter((id) => id !== gone));
    } finally {
      expect((await server.call('PATCH', `/api/bills/${gone}/track`, { token: lisi })).body.status_code).toBe(0);
    }
  });

  it('writes the list labels, amounts as numbers with two decimals, times as dates and formula-looking titles as text', async () => {
    const file = await exportAs('zhangsan', '?box=mine&sort=id&order=asc');
    const sheet = await sheetOf(file);
    const columns = billExportColumns('mine');
    const at = (name: (typeof columns)[number]) => columns.indexOf(name);
    const rows = dataRows(sheet, columns.length);
    const byTitle = new Map(rows.map((cells) => [cells[at('title')]?.text ?? '', cells]));

    const travel = byTitle.get('差旅报销');
    expect(travel?.[at('amount')]?.value).toBe(1234.5);
    expect(travel?.[at('amount')]?.numFmt).toBe('#,##0.00');
    expect(travel?.[at('status')]?.value).toBe('审批中');
    expect(travel?.[at('id')]?.type).toBe(ExcelJS.ValueType.Number);
    expect(travel?.[at('created_at')]?.type).toBe(ExcelJS.ValueType.Date);
    expect(travel?.[at('created_at')]?.numFmt).toBe('yyyy-mm-dd hh:mm');
    expect(byTitle.get('+1+1')?.[at('amount')]?.value).toBe(9999999999999.99);
    expect(byTitle.get('@SUM(A1)')?.[at('amount')]?.value).toBe(35.2);
    expect(byTitle.get('-2')?.[at('amount')]?.value).toBeNull();

    for (const title of ['=HYPERLINK("http://evil.example","点我")', '+1+1', '-2', '@SUM(A1)']) {
      const cell = byTitle.get(title)?.[at('title')];
      expect(cell?.type, title).toBe(ExcelJS.ValueType.String);
      expect(cell?.value, title).toBe(title);
      expect(cell?.formula, title).toBeUndefined();
      expect(cell?.numFmt, title).toBe('@');
    }
    // Nothing in the sheet's XML is a formula: each text is an inline string.
    const xml = await (await JSZip.loadAsync(file.content)).file('xl/worksheets/sheet1.xml')?.async('string');
    expect(xml).toBeDefined();
    expect(xml).not.toMatch(/<f[ >]/);
    expect(xml).toContain('=HYPERLINK(&quot;http://evil.example&quot;,&quot;点我&quot;)');

    // A draft's amount comes from the template's current form; the draft box has no initiator or status.
    const drafts = await sheetOf(await exportAs('zhangsan', '?box=draft&keyword=草稿带金额'));
    const draftColumns = billExportColumns('draft');
    expect(draftColumns).not.toContain('initiator');
    expect(dataRows(drafts, draftColumns.length)[0]?.[draftColumns.indexOf('amount')]?.value).toBe(88.8);

    // Columns are sized to their widest cell (a Chinese character counts two), within bounds.
    const titleWidth = sheet.getColumn(at('title') + 1).width ?? 0;
    expect(titleWidth).toBeGreaterThanOrEqual('=HYPERLINK("http://evil.example","点我")'.length + 2);
    expect(titleWidth).toBeLessThanOrEqual(60);
    expect(sheet.getColumn(at('created_at') + 1).width).toBe(18);
  });

  it('writes 抄送我的 with who shared each bill, when, and its read state as the list labels it', async () => {
    const wangwu = await tokens.get('wangwu');
    const shared = await listed('wangwu', { box: 'shared', keyword: '差旅报销' });
    const opened = shared[0];
    expect(opened).toBeDefined();
    // Opening the bill makes its share 已阅; the others stay 待阅.
    expect((await server.call('GET', `/api/bills/${opened?.id ?? 0}`, { token: wangwu })).body.status_code).toBe(0);
    const columns = billExportColumns('shared');
    const rows = dataRows(await sheetOf(await exportAs('wangwu', '?box=shared')), columns.length);
    const cellsOf = (id: number) => rows.find((cells) => cells[0]?.value === id);
    const read = cellsOf(opened?.id ?? 0);
    expect(read?.[columns.indexOf('read_state')]?.value).toBe('已阅');
    expect(read?.[columns.indexOf('shared_by')]?.value).toBe('张三');
    expect(read?.[columns.indexOf('shared_at')]?.type).toBe(ExcelJS.ValueType.Date);
    const states = rows.map((cells) => cells[columns.indexOf('read_state')]?.value);
    expect(states).toContain('待阅');
    expect(new Set(states)).toEqual(new Set(['已阅', '待阅']));
    // The read-state filter of the list narrows the file too.
    const unread = dataRows(await sheetOf(await exportAs('wangwu', '?box=shared&share_state=unread')), columns.length);
    expect(unread.length).toBe(rows.length - 1);
    expect(unread.map((cells) => cells[0]?.value)).not.toContain(opened?.id);
  });

  it('names the file after the box and the day, in RFC 5987 form', async () => {
    const file = await exportAs('zhangsan', '?box=mine');
    const day = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10).replaceAll('-', '');
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent(`我发起的-${day}.xlsx`)}; filename="file.xlsx"`,
    );
    expect(file.headers.get('cache-control')).toBe('no-store');
  });

  it('asks for a major collection once a file is read, where node exposes gc (npm start), so exports do not pile up garbage', async () => {
    const calls: unknown[] = [];
    // Stands in for node's gc (absent under vitest): records what the server asks for.
    const gc = (async (options: unknown) => {
      calls.push(options);
    }) as unknown as NonNullable<typeof globalThis.gc>;
    globalThis.gc = gc;
    try {
      await exportAs('zhangsan', '?box=mine');
      await expect.poll(() => calls).toEqual([{ type: 'major', execution: 'async' }]);
    } finally {
      globalThis.gc = undefined;
    }
  });
});

describe('scoped to the caller', () => {
  it("never writes another person's bills, whatever the filters ask", async () => {
    const zhangsanMine = (await listed('zhangsan', { box: 'mine' })).map((r) => r.id);
    expect(zhangsanMine.length).toBeGreaterThan(0);
    const wangwuMine = await sheetOf(await exportAs('wangwu', '?box=mine'));
    const ids = dataRows(wangwuMine, 1).map((cells) => cells[0]?.value);
    for (const id of zhangsanMine) expect(ids).not.toContain(id);
    // Naming one of them by number finds nothing; extra parameters (an initiator) are ignored, not obeyed.
    const byId = await sheetOf(
      await exportAs('wangwu', `?box=mine&keyword=${zhangsanMine[0] ?? 0}&initiator_id=${await idOf(server, 'zhangsan')}`),
    );
    expect(byId.rowCount).toBe(1);
    // zhangsan's drafts reach nobody else's file: not the administrator's, who may read every bill.
    const drafts = (await listed('zhangsan', { box: 'draft' })).map((r) => r.id);
    const adminDrafts = dataRows(await sheetOf(await exportAs('admin', '?box=draft')), 1).map((cells) => cells[0]?.value);
    for (const id of drafts) expect(adminDrafts).not.toContain(id);
  });
});

describe('refusals', () => {
  it('answers 401 without a valid session, in the header or the session cookie', async () => {
    for (const auth of [{}, { token: 'not-a-token' }, { cookie: 'osp_token=not-a-token' }, { cookie: 'other=1' }]) {
      const file = await download('?box=mine', auth);
      expect(file.status, JSON.stringify(auth)).toBe(401);
      expect(envelopeOf(file).status_code).toBe(401);
    }
  });

  it('takes the session from the web app cookie when no header is sent (a download in a frame)', async () => {
    const token = await server.signIn('zhangsan');
    const file = await download('?box=mine', { cookie: `osp_service=office; osp_token=${token}` });
    expect(file.status).toBe(200);
    expect((await sheetOf(file)).rowCount).toBe((await listed('zhangsan', { box: 'mine' })).length + 1);
    // Signed out: the cookie no longer works.
    expect((await server.call('DELETE', '/api/authorizations/current', { token })).status).toBe(200);
    expect((await download('?box=mine', { cookie: `osp_token=${token}` })).status).toBe(401);
  });

  it('refuses a bad filter with the list’s own 422 message, and sends no file', async () => {
    const token = await tokens.get('zhangsan');
    const cases: [string, string][] = [
      ['?box=everyone', '列表类型须为 todo、done、mine、draft、tracked 或 shared'],
      ['?box=mine&sort=received_at', BillListMessages.receivedOnlyTodo],
      ['?box=mine&sort=title', BillListMessages.sortField],
      ['?box=mine&status=lost', '单据状态不正确'],
      ['?box=mine&date_from=2026-13-45', ''],
      ['?box=mine&token=bad!', BillExportMessages.tokenInvalid],
    ];
    for (const [query, message] of cases) {
      const file = await download(query, { token });
      expect(file.status, query).toBe(200);
      expect(file.headers.get('content-type'), query).toContain('application/json');
      const envelope = envelopeOf(file);
      expect(envelope.status_code, query).toBe(422);
      if (message) expect(envelope.message, query).toBe(message);
    }
  });

  it('sets the readiness cookie the mask waits for: 0 with the file, the status code with a refusal', async () => {
    const token = await tokens.get('zhangsan');
    const ok = await download('?box=mine&token=abcdEFGH1234_-', { token });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('set-cookie')).toBe('osp_export_abcdEFGH1234_-=0; Path=/; Max-Age=60; SameSite=Strict');
    const refused = await download('?box=nobody&token=abcdEFGH1234_-', { token });
    expect(refused.headers.get('set-cookie')).toBe('osp_export_abcdEFGH1234_-=422; Path=/; Max-Age=60; SameSite=Strict');
    const unsigned = await download('?box=mine&token=abcdEFGH1234_-');
    expect(unsigned.status).toBe(401);
    expect(unsigned.headers.get('set-cookie')).toBe('osp_export_abcdEFGH1234_-=401; Path=/; Max-Age=60; SameSite=Strict');
    // Without a token (an API client), no cookie.
    expect((await download('?box=mine', { token })).headers.get('set-cookie')).toBeNull();
  });

  it('lets each person run two exports at a time, and gives the place back when a file is read or abandoned', async () => {
    const caller = await callerOf('lisi');
    // Nobody reads these two files: they stay open, holding their places.
    const first = await exportBills(ctx, caller, { box: 'todo' });
    const second = await exportBills(ctx, caller, { box: 'done' });
    await expect(exportBills(ctx, caller, { box: 'mine' })).rejects.toMatchObject({ code: 429, message: BillExportMessages.busyUser });
    await expect(exportBills(ctx, caller, { box: 'mine' })).rejects.toBeInstanceOf(TooManyError);
    // Another person is not held up by lisi's exports.
    const other = await exportBills(ctx, await callerOf('wangwu'), { box: 'mine' });
    other.body.resume();
    await new Promise((resolve) => other.body.on('close', resolve));
    // The first is read to its end, the second abandoned by its reader: both places are free again.
    first.body.resume();
    await new Promise((resolve) => first.body.on('close', resolve));
    second.body.destroy();
    await new Promise((resolve) => setImmediate(resolve));
    const third = await exportBills(ctx, caller, { box: 'mine' });
    const fourth = await exportBills(ctx, caller, { box: 'draft' });
    // Six at once in all: the seventh waits, whoever asks.
    const others = [
      await exportBills(ctx, await callerOf('zhangsan'), { box: 'mine' }),
      await exportBills(ctx, await callerOf('zhangsan'), { box: 'draft' }),
      await exportBills(ctx, await callerOf('wangwu'), { box: 'mine' }),
      await exportBills(ctx, await callerOf('wangwu'), { box: 'done' }),
    ];
    await expect(exportBills(ctx, await callerOf('admin'), { box: 'mine' })).rejects.toMatchObject({
      code: 429,
      message: BillExportMessages.busyServer,
    });
    for (const file of [third, fourth, ...others]) file.body.destroy();
  });

  it(`refuses a box of more than ${BILL_EXPORT_MAX_ROWS.toLocaleString('en-US')} bills with a message, and exports it once filtered`, async () => {
    // zhaoliu's drafts, written straight into the table: the API would take minutes to make so many.
    const me = await idOf(server, 'zhaoliu');
    const template = await server.db.selectFrom('templates').select('id').orderBy('id').executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    await sql`
      with recursive n(i) as (select 1 union all select i + 1 from n where i < ${BILL_EXPORT_MAX_ROWS + 1})
      insert into bills (template_id, template_version_id, title, initiator_id, dept_id, status, form_json, chosen_json, route_json, created_at, updated_at)
      select ${template.id}, null, '限额单据-' || i, ${me}, null, 'draft', '{}', '{}', '[]', ${now}, ${now} from n
    `.execute(server.db);
    const caller = await callerOf('zhaoliu');
    const input = BillListQueryZ.parse({ box: 'draft' });
    // The ids read to tell: one more than the limit, however many the box holds.
    expect(await billIdsInListOrder(ctx, caller, input, BILL_EXPORT_MAX_ROWS + 1)).toHaveLength(BILL_EXPORT_MAX_ROWS + 1);

    const token = await tokens.get('zhaoliu');
    const refused = await download('?box=draft', { token });
    expect(envelopeOf(refused)).toMatchObject({ status_code: 422, message: BillExportMessages.tooMany });
    expect(envelopeOf(refused).message).toContain('100,000');
    const narrowed = await sheetOf(await exportAs('zhaoliu', `?box=draft&keyword=${encodeURIComponent('限额单据-100001')}`));
    expect(narrowed.rowCount).toBe(2);
    expect(narrowed.getRow(2).getCell(2).value).toBe('限额单据-100001');
    // The other boxes are not affected.
    expect((await download('?box=mine', { token })).status).toBe(200);
  });
});
