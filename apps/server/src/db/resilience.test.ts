import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommonMessages } from '@osp/shared';
import { TEST_DATABASE_URL, TEST_ENGINE } from '../../test/harness';
import { startDatabaseProxy, startServerProcess, type DatabaseProxy, type ServerProcess } from '../../test/server-process';

/**
 * Issue 11, item 2: the server outlives PostgreSQL dropping its connections. A real server process runs
 * against a database of its own through a TCP proxy; its backends are terminated while bills are being
 * created, then the database goes away and comes back. The process must live, answer 503 meanwhile
 * (never 500), recover by itself within 10 s, and keep every bill it acknowledged.
 */
describe.runIf(TEST_ENGINE === 'postgres')('PostgreSQL dropping connections', () => {
  const name = `osp_resil_${randomBytes(4).toString('hex')}`;
  const adminUrl = new URL(TEST_DATABASE_URL);
  adminUrl.pathname = '/postgres';
  let proxy: DatabaseProxy;
  let server: ServerProcess;
  let token: string;
  let expenseId: number;
  const acknowledged: number[] = [];

  const ownUrl = new URL(TEST_DATABASE_URL);
  ownUrl.pathname = `/${name}`;

  /** A query on a connection of the test's own, to `postgres` (admin) or to the server's database. */
  async function query<T extends pg.QueryResultRow>(url: URL, text: string, values: unknown[] = []): Promise<pg.QueryResult<T>> {
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      return await client.query<T>(text, values);
    } finally {
      await client.end();
    }
  }

  /** One draft of the demo 费用报销 by zhangsan: its id when acknowledged, else the answer. */
  async function createDraft(): Promise<{ status: number; code: number; message: string }> {
    const result = await server.call<{ id: number }>('POST', '/api/bills', {
      token,
      body: { template_id: expenseId, form: {}, client_key: `resil-${randomBytes(8).toString('hex')}` },
    });
    if (result.status === 200 && result.body.status_code === 0) acknowledged.push(result.body.data.id);
    return { status: result.status, code: result.body.status_code, message: result.body.message };
  }

  beforeAll(async () => {
    await query(adminUrl, `create database ${name}`);
    const target = new URL(TEST_DATABASE_URL);
    proxy = await startDatabaseProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const url = new URL(TEST_DATABASE_URL);
    url.port = String(proxy.port);
    url.pathname = `/${name}`;
    url.searchParams.set('application_name', name);
    server = await startServerProcess({ DATABASE_URL: url.toString(), OSP_DEMO: '1' });
    token = await server.signIn('zhangsan');
    const templates = await query<{ id: number }>(ownUrl, "select id from templates where name = '费用报销'");
    expenseId = templates.rows[0]?.id ?? 0;
    expect(expenseId).toBeGreaterThan(0);
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
    await query(adminUrl, `drop database if exists ${name} with (force)`).catch(() => {});
  }, 60_000);

  it('lives through pg_terminate_backend under load, answering only successes or 503s', async () => {
    const answers: { status: number; code: number; message: string }[] = [];
    let isLoading = true;
    const worker = async () => {
      for (let i = 0; isLoading && i < 200; i++) answers.push(await createDraft());
    };
    const workers = Promise.all([worker(), worker(), worker(), worker()]);
    await new Promise((resolve) => setTimeout(resolve, 700));
    const killed = await query<{ n: number }>(
      adminUrl,
      'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where application_name = $1 and pid <> pg_backend_pid()',
      [name],
    );
    expect(killed.rows[0]?.n).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    isLoading = false;
    await workers;

    expect(server.isAlive(), server.output()).toBe(true);
    const faults = answers.filter((a) => !(a.status === 200 && a.code === 0) && !(a.status === 503 && a.code === 503));
    expect(faults, server.output()).toEqual([]);
    for (const failed of answers.filter((a) => a.status === 503)) expect(failed.message).toBe(CommonMessages.serviceUnavailable);
    // It goes on serving.
    expect(await createDraft()).toMatchObject({ status: 200, code: 0 });
  }, 60_000);

  it('answers 503 fast while the database is unreachable, says so in /api/health, and recovers within 10 s', async () => {
    await proxy.down();
    const started = Date.now();
    const health = await server.call<{ database: string }>('GET', '/api/health');
    expect(health.status).toBe(503);
    expect(health.body.data.database).toBe('down');
    const refused = await createDraft();
    expect(refused).toEqual({ status: 503, code: 503, message: CommonMessages.serviceUnavailable });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(server.isAlive(), server.output()).toBe(true);

    await proxy.up();
    const back = Date.now();
    let recovered = false;
    while (!recovered && Date.now() - back < 10_000) {
      recovered = (await createDraft()).code === 0;
      if (!recovered) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(recovered, server.output()).toBe(true);
    expect((await server.call('GET', '/api/health')).status).toBe(200);
  }, 60_000);

  it('lost no acknowledged write', async () => {
    expect(acknowledged.length).toBeGreaterThan(0);
    const found = await query<{ n: number }>(ownUrl, 'select count(*)::int as n from bills where id = any($1::int[])', [acknowledged]);
    expect(found.rows[0]?.n).toBe(new Set(acknowledged).size);
  });
});
