import {
  ApprovalMessages,
  BILL_OPEN_DEDUP_SECONDS,
  BillAccessLogMessages,
  type BillAccessLogEntry,
  type BillDetail,
  type Paged,
} from '@osp/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { recordBillOpen } from './bills-access-log.repo';
import { idOf, linearGraph, makeTemplate, releasedBill, Tokens } from './test-support';

/**
 * 访问记录 (issue 13, docs/approval-api.md "Access log"): GET /api/bills/{id} records who opened the bill, once per
 * visit; GET /api/bills/access/log shows it to the initiator and bill administrators only.
 */

let server: TestServer;
let tokens: Tokens;
let templateId: number;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) OSP-access-log-test';

beforeAll(async () => {
  server = await startTestServer();
  tokens = new Tokens(server);
  // 李四 decides; 韩冰 holds bill_admin alone, through a role of its own (not the system administrator's every permission).
  templateId = await makeTemplate(
    server,
    await tokens.get('admin'),
    linearGraph([[{ type: 'orsign', userIds: [await idOf(server, 'lisi')] }]]),
  );
  const role = await server.db
    .insertInto('roles')
    .values({ key: 'bill_auditor', name: '单据审计' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await server.db.insertInto('role_permissions').values({ role_id: role.id, permission: 'bill_admin' }).execute();
  await server.db
    .insertInto('user_roles')
    .values({ user_id: await idOf(server, 'hanbing'), role_id: role.id })
    .execute();
  await server.accessChanged();
});
afterAll(async () => server.close());

async function call<T>(user: string, method: string, url: string, headers: Record<string, string> = {}) {
  return server.call<T>(method, url, { token: await tokens.get(user), headers: { 'user-agent': BROWSER, ...headers } });
}

async function newBill(): Promise<BillDetail> {
  return releasedBill(server, await tokens.get('zhangsan'), templateId, { reason: '访问记录测试' });
}

const rowsOf = (billId: number) =>
  server.db.selectFrom('bill_access_logs').selectAll().where('bill_id', '=', billId).orderBy('id').execute();

const logOf = (user: string, query: string) => call<Paged<BillAccessLogEntry>>(user, 'GET', `/api/bills/access/log?${query}`);

describe('GET /api/bills/{id} records the open', () => {
  it('records one row with the reader, their department, the address and the browser; a refresh within the window adds none', async () => {
    const bill = await newBill();
    const opened = await call<BillDetail>('lisi', 'GET', `/api/bills/${bill.id}`);
    expect(opened.body).toMatchObject({ status_code: 0, data: { id: bill.id } });
    const rows = await rowsOf(bill.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      bill_id: bill.id,
      user_id: await idOf(server, 'lisi'),
      dept_name: '技术部',
      ip: '127.0.0.1',
      user_agent: BROWSER,
    });
    const at = Date.parse(rows[0]?.opened_at ?? '');
    expect(Math.abs(Date.now() - at)).toBeLessThan(30_000);

    for (let i = 0; i < 3; i++) expect((await call<BillDetail>('lisi', 'GET', `/api/bills/${bill.id}`)).body.status_code).toBe(0);
    expect(await rowsOf(bill.id)).toEqual(rows);
  });

  it('records a new visit once the last recorded one is older than the window', async () => {
    const bill = await newBill();
    await call('lisi', 'GET', `/api/bills/${bill.id}`);
    const [first] = await rowsOf(bill.id);
    if (!first) throw new Error('no first open');
    // The first open moved back just past the window (and its minute with it).
    const earlier = Date.now() - (BILL_OPEN_DEDUP_SECONDS + 1) * 1000;
    await server.db
      .updateTable('bill_access_logs')
      .set({ opened_at: new Date(earlier).toISOString(), opened_minute: Math.floor(earlier / 60_000) })
      .where('id', '=', first.id)
      .execute();
    await call('lisi', 'GET', `/api/bills/${bill.id}`);
    expect((await rowsOf(bill.id)).map((r) => r.user_id)).toEqual([first.user_id, first.user_id]);
  });

  it('counts the window from the last recorded open, not by the clock minute', async () => {
    const bill = await newBill();
    await call('lisi', 'GET', `/api/bills/${bill.id}`);
    const [first] = await rowsOf(bill.id);
    if (!first) throw new Error('no first open');
    // Opened 30 s ago, in the minute before this one: the next open is still the same visit.
    const earlier = Date.now() - 30_000;
    await server.db
      .updateTable('bill_access_logs')
      .set({ opened_at: new Date(earlier).toISOString(), opened_minute: Math.floor(Date.now() / 60_000) - 1 })
      .where('id', '=', first.id)
      .execute();
    await call('lisi', 'GET', `/api/bills/${bill.id}`);
    expect(await rowsOf(bill.id)).toHaveLength(1);
  });

  it('records one row for a burst of simultaneous opens by one reader', async () => {
    const bill = await newBill();
    const answers = await Promise.all(Array.from({ length: 8 }, () => call<BillDetail>('lisi', 'GET', `/api/bills/${bill.id}`)));
    expect(answers.map((a) => a.body.status_code)).toEqual(Array(8).fill(0));
    expect(await rowsOf(bill.id)).toHaveLength(1);
  });

  it('writes one row, and fails none, when the same visit is recorded by simultaneous transactions', async () => {
    // Below HTTP, so that the inserts really overlap: on PostgreSQL none sees the others' uncommitted rows, and the
    // unique key (without ON CONFLICT: a duplicate-key error, i.e. a 500) is what keeps them one.
    const bill = await newBill();
    const now = Date.now();
    const open = {
      billId: bill.id,
      userId: await idOf(server, 'lisi'),
      deptName: '技术部',
      openedAt: new Date(now).toISOString(),
      openedMinute: Math.floor(now / 60_000),
      sameVisitAfter: new Date(now - BILL_OPEN_DEDUP_SECONDS * 1000).toISOString(),
      ip: '192.0.2.1',
      userAgent: BROWSER,
    };
    const written = await Promise.all(Array.from({ length: 20 }, () => recordBillOpen(server.db, open)));
    expect(written.filter(Boolean)).toHaveLength(1);
    expect(await rowsOf(bill.id)).toHaveLength(1);
  });

  it('records each reader apart, and never the initiator', async () => {
    const bill = await newBill();
    await call('zhangsan', 'GET', `/api/bills/${bill.id}`);
    await call('lisi', 'GET', `/api/bills/${bill.id}`);
    await call('admin', 'GET', `/api/bills/${bill.id}`);
    await call('zhangsan', 'GET', `/api/bills/${bill.id}`);
    expect((await rowsOf(bill.id)).map((r) => r.user_id)).toEqual([await idOf(server, 'lisi'), await idOf(server, 'admin')]);
  });

  it('records nothing for a refused reader, an unknown or malformed id, or the detail an action answers with', async () => {
    const bill = await newBill();
    const refused = await call('zhaoliu', 'GET', `/api/bills/${bill.id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(ApprovalMessages.billUnavailable);
    const unknown = await call('lisi', 'GET', '/api/bills/987654');
    expect(unknown.status).toBe(403);
    expect((await call('lisi', 'GET', '/api/bills/abc')).body.status_code).toBe(422);
    expect((await server.call('GET', `/api/bills/${bill.id}`)).status).toBe(401);
    // 关闭 answers with the bill as it is now: an action, not an open.
    const closed = await server.call<BillDetail>('PATCH', `/api/bills/${bill.id}/close`, {
      token: await tokens.get('admin'),
      body: { comment: '测试关闭' },
    });
    expect(closed.body).toMatchObject({ status_code: 0, data: { status: 'closed' } });
    const all = await server.db.selectFrom('bill_access_logs').select('bill_id').execute();
    expect(all.filter((r) => r.bill_id === bill.id || r.bill_id === 987654)).toEqual([]);
  });

  it('keeps the address the connection came from when the server trusts no proxy: a forged X-Forwarded-For is ignored', async () => {
    const bill = await newBill();
    await call('lisi', 'GET', `/api/bills/${bill.id}`, { 'x-forwarded-for': '203.0.113.66' });
    expect((await rowsOf(bill.id))[0]?.ip).toBe('127.0.0.1');
  });

  it('trims a long user agent to 255 characters', async () => {
    const bill = await newBill();
    await call('lisi', 'GET', `/api/bills/${bill.id}`, { 'user-agent': `UA-${'x'.repeat(600)}` });
    const agent = (await rowsOf(bill.id))[0]?.user_agent ?? '';
    expect(agent).toHaveLength(255);
    expect(agent.startsWith('UA-xxx')).toBe(true);
  });

  it('goes with a deleted draft', async () => {
    const draft = await server.call<BillDetail>('POST', '/api/bills', {
      token: await tokens.get('zhangsan'),
      body: { template_id: templateId, form: { reason: '草稿' } },
    });
    const id = draft.body.data.id;
    // A bill administrator reads drafts too.
    await call('admin', 'GET', `/api/bills/${id}`);
    expect(await rowsOf(id)).toHaveLength(1);
    const deleted = await call('zhangsan', 'DELETE', `/api/bills/${id}`);
    expect(deleted.body.status_code, deleted.body.message).toBe(0);
    expect(await rowsOf(id)).toEqual([]);
  });
});

describe('GET /api/bills/access/log', () => {
  it('shows the initiator who opened the bill, newest first, with name, department, time and address', async () => {
    const bill = await newBill();
    await call('lisi', 'GET', `/api/bills/${bill.id}`);
    await call('admin', 'GET', `/api/bills/${bill.id}`);
    const log = await logOf('zhangsan', `bill_id=${bill.id}`);
    expect(log.status).toBe(200);
    expect(log.body.status_code).toBe(0);
    expect(log.body.data).toMatchObject({ total: 2, page: 1, per_page: 15 });
    expect(log.body.data.list.map((e) => [e.user_name, e.dept_name, e.ip, e.user_agent])).toEqual([
      ['系统管理员', '综合管理部', '127.0.0.1', BROWSER],
      ['李四', '技术部', '127.0.0.1', BROWSER],
    ]);
    const [newest, older] = log.body.data.list;
    expect(Date.parse(newest?.opened_at ?? '')).toBeGreaterThanOrEqual(Date.parse(older?.opened_at ?? ''));
    expect(newest?.user_id).toBe(await idOf(server, 'admin'));
    // Reading the log is no open of the bill.
    expect(await rowsOf(bill.id)).toHaveLength(2);
  });

  it('is read by bill administrators, and the detail tells who may read it', async () => {
    const bill = await newBill();
    await call('lisi', 'GET', `/api/bills/${bill.id}`);
    for (const user of ['admin', 'hanbing']) {
      const log = await logOf(user, `bill_id=${bill.id}`);
      expect(log.body.status_code, user).toBe(0);
      expect(log.body.data.list.map((e) => e.user_name)).toContain('李四');
    }
    const abilities = async (user: string) =>
      (await call<BillDetail>(user, 'GET', `/api/bills/${bill.id}`)).body.data.abilities.view_access_log;
    expect(await abilities('zhangsan')).toBe(true);
    expect(await abilities('admin')).toBe(true);
    expect(await abilities('hanbing')).toBe(true);
    expect(await abilities('lisi')).toBe(false);
  });

  it('refuses a handler of the bill with the reason, and anyone else as if the bill did not exist', async () => {
    const bill = await newBill();
    await call('lisi', 'GET', `/api/bills/${bill.id}`);
    const handler = await logOf('lisi', `bill_id=${bill.id}`);
    expect(handler.status).toBe(403);
    expect(handler.body.message).toBe(BillAccessLogMessages.forbidden);
    const stranger = await logOf('zhaoliu', `bill_id=${bill.id}`);
    expect(stranger.status).toBe(403);
    expect(stranger.body.message).toBe(ApprovalMessages.billUnavailable);
    const unknown = await logOf('zhangsan', 'bill_id=987654');
    expect(unknown.status).toBe(403);
    expect(unknown.body.message).toBe(ApprovalMessages.billUnavailable);
    expect((await server.call('GET', `/api/bills/access/log?bill_id=${bill.id}`)).status).toBe(401);
  });

  it('answers a missing or malformed bill_id with 422 and a message that says which', async () => {
    const missing = await logOf('admin', '');
    expect(missing.body).toMatchObject({
      status_code: 422,
      message: BillAccessLogMessages.billIdRequired,
      data: { errors: { bill_id: [BillAccessLogMessages.billIdRequired] } },
    });
    expect((await logOf('admin', 'bill_id=')).body.message).toBe(BillAccessLogMessages.billIdRequired);
    for (const bad of ['abc', '0', '-3', '1.5', '1e3', '99999999999', '2147483648', 'bill_id=1&bill_id=2']) {
      const query = bad.startsWith('bill_id=') ? bad : `bill_id=${encodeURIComponent(bad)}`;
      const answer = await logOf('admin', query);
      expect(answer.body, bad).toMatchObject({ status_code: 422, message: BillAccessLogMessages.billIdInvalid });
    }
    expect((await logOf('admin', 'bill_id=1&per_page=0')).body.status_code).toBe(422);
    expect((await logOf('admin', 'bill_id=1&per_page=101')).body.status_code).toBe(422);
  });

  it('answers random queries with the envelope, never a 500', async () => {
    const bill = await newBill();
    const number = fc.oneof(
      fc.integer().map(String),
      fc.bigInt({ min: -(10n ** 25n), max: 10n ** 25n }).map(String),
      fc.double().map(String),
      fc.constantFrom(String(bill.id), '', ' ', '1e400', 'NaN', '-0', '0x10', '00012', '%', '[]', '__proto__'),
      fc.string({ maxLength: 12 }),
    );
    const pair = fc.tuple(fc.constantFrom('bill_id', 'page', 'per_page', 'bill_id[]', 'x'), number);
    const query = fc.array(pair, { maxLength: 5 }).map((pairs) => new URLSearchParams(pairs).toString());
    await fc.assert(
      fc.asyncProperty(query, async (q) => {
        const answer = await logOf('admin', q);
        // 403 is the answer for an id that is no bill; everything else is the 200 envelope.
        if (answer.status === 403) expect(answer.body.message, q).toBe(ApprovalMessages.billUnavailable);
        else {
          expect(answer.status, q).toBe(200);
          expect([0, 422], `${q} → ${answer.body.message}`).toContain(answer.body.status_code);
        }
      }),
      { numRuns: 150, seed: 20_261_126 },
    );
  });

  it('pages the log', async () => {
    const bill = await newBill();
    const readers = ['lisi', 'admin', 'hanbing'];
    for (const user of readers) await call(user, 'GET', `/api/bills/${bill.id}`);
    const first = await logOf('zhangsan', `bill_id=${bill.id}&page=1&per_page=2`);
    const second = await logOf('zhangsan', `bill_id=${bill.id}&page=2&per_page=2`);
    expect(first.body.data).toMatchObject({ total: 3, page: 1, per_page: 2 });
    expect(second.body.data).toMatchObject({ total: 3, page: 2, per_page: 2 });
    const ids = [...first.body.data.list, ...second.body.data.list].map((e) => e.id);
    expect(new Set(ids).size).toBe(3);
    expect((await logOf('zhangsan', `bill_id=${bill.id}&page=9`)).body.data).toMatchObject({ total: 3, list: [] });
    // The largest page the schema lets through is an empty page, not a database error.
    const far = await logOf('zhangsan', `bill_id=${bill.id}&page=${Number.MAX_SAFE_INTEGER}&per_page=100`);
    expect(far.status).toBe(200);
    expect(far.body.data).toMatchObject({ total: 3, list: [] });
    for (const page of ['0', 'abc', '99999999999999999999']) {
      expect((await logOf('zhangsan', `bill_id=${bill.id}&page=${page}`)).body, page).toMatchObject({
        status_code: 422,
        data: { errors: { page: expect.any(Array) as unknown } },
      });
    }
  });
});

describe('behind a trusted proxy', () => {
  let proxied: TestServer;
  beforeAll(async () => {
    proxied = await startTestServer((config) => {
      config.trustProxy = true;
    });
  });
  afterAll(async () => proxied.close());

  it('records the client address the proxy forwarded', async () => {
    const proxiedTokens = new Tokens(proxied);
    const lisi = await idOf(proxied, 'lisi');
    const template = await makeTemplate(proxied, await proxiedTokens.get('admin'), linearGraph([[{ type: 'orsign', userIds: [lisi] }]]));
    const bill = await releasedBill(proxied, await proxiedTokens.get('zhangsan'), template);
    const opened = await proxied.call('GET', `/api/bills/${bill.id}`, {
      token: await proxiedTokens.get('lisi'),
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(opened.body.status_code).toBe(0);
    const log = await proxied.call<Paged<BillAccessLogEntry>>('GET', `/api/bills/access/log?bill_id=${bill.id}`, {
      token: await proxiedTokens.get('zhangsan'),
    });
    expect(log.body.data.list.map((e) => [e.user_name, e.ip])).toEqual([['李四', '203.0.113.7']]);
  });
});
