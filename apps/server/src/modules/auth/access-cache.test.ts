import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDb, type DbHandle } from '../../db/index';
import { startTestServer, TEST_DATABASE_URL, TEST_ENGINE, userId, type TestServer } from '../../../test/harness';
import { AccessCache } from './access-cache';
import type { SessionWithAccess } from './auth.repo';

const session = (id: number): SessionWithAccess => ({
  session_id: id,
  user_status: 1,
  created_at: '2026-11-22T00:00:00.000Z',
  last_seen_at: '2026-11-22T00:00:00.000Z',
  expires_at: '2099-01-01T00:00:00.000Z',
  user: {
    id,
    username: 'u',
    name: 'U',
    sex: '1',
    dept_id: null,
    dept_name: null,
    station: '',
    mail: '',
    mobile: '',
    phone: '',
    wechat: '',
    profile_photo: '',
  },
  roles: [],
  permissions: [],
});

describe('AccessCache', () => {
  it('does not keep what a lookup read before a change committed', async () => {
    const cache = new AccessCache(true);
    const startedIn = cache.currentGeneration;
    await cache.changed(); // a change commits while the lookup is under way
    cache.rememberSession('t', session(1), startedIn);
    expect(cache.session('t')).toBeUndefined();
    cache.rememberSession('t', session(1), cache.currentGeneration);
    expect(cache.session('t')?.session_id).toBe(1);
  });

  it('forgets everything on a change, and answers nothing while the channel to other processes is down', async () => {
    const cache = new AccessCache(true);
    cache.rememberSession('t', session(1), cache.currentGeneration);
    cache.rememberMenuRows([], cache.currentGeneration);
    await cache.changed();
    expect(cache.session('t')).toBeUndefined();
    expect(cache.menus()).toBeNull();

    cache.setShared(false);
    cache.rememberSession('t', session(1), cache.currentGeneration);
    expect(cache.session('t')).toBeUndefined();
    cache.setShared(true);
    cache.rememberSession('t', session(1), cache.currentGeneration);
    expect(cache.session('t')).toBeDefined();
  });

  it('stays empty when switched off (OSP_ACCESS_CACHE=0), even when the channel comes up', () => {
    const cache = new AccessCache(false);
    cache.setShared(true);
    cache.rememberSession('t', session(1), cache.currentGeneration);
    expect(cache.session('t')).toBeUndefined();
  });

  it('holds at most its bound, dropping the oldest session first', () => {
    const cache = new AccessCache(true, 2);
    for (const id of [1, 2, 3]) cache.rememberSession(`t${id}`, session(id), cache.currentGeneration);
    expect(cache.session('t1')).toBeUndefined();
    expect(cache.session('t3')?.session_id).toBe(3);
  });
});

describe('the access cache in a running server', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  it('serves a signed-in request from memory until a change is announced', async () => {
    await eventually(() => server.app.accessCache.isActive, 'the cache is in use (on PostgreSQL: its change channel is up)');
    const token = await server.signIn('hulin');
    expect((await server.call('GET', '/api/user/profile', { token })).status).toBe(200);
    // Straight into the database in raw SQL, as an operator's psql would, which the write watch does not
    // read: the cached session is still used …
    await sql`update users set station = ${'市场总监'} where username = ${'hulin'}`.execute(server.db);
    const cached = await server.call<{ station: string }>('GET', '/api/user/profile', { token });
    expect(cached.body.data.station).toBe('市场专员');
    // … until the change is announced.
    await server.accessChanged();
    const fresh = await server.call<{ station: string }>('GET', '/api/user/profile', { token });
    expect(fresh.body.data.station).toBe('市场总监');
  });

  it('is emptied by any committed write to users, grants, sessions or menus, though no service announced it', async () => {
    await eventually(() => server.app.accessCache.isActive, 'the cache is in use');
    const token = await server.signIn('hulin');
    expect((await server.call('GET', '/api/user/profile', { token })).status).toBe(200);
    // Through the query builder, as every repo writes, and without calling changed().
    await server.db.updateTable('users').set({ station: '销售总监' }).where('username', '=', 'hulin').execute();
    expect((await server.call<{ station: string }>('GET', '/api/user/profile', { token })).body.data.station).toBe('销售总监');

    // Inside a transaction: told once it commits, and not at all when it rolls back.
    const before = server.app.accessCache.currentGeneration;
    await server.db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('users').set({ station: '不会生效' }).where('username', '=', 'hulin').execute();
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(server.app.accessCache.currentGeneration).toBe(before);
    await server.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ station: '区域总监' }).where('username', '=', 'hulin').execute();
      expect(server.app.accessCache.currentGeneration).toBe(before); // not before the commit
    });
    expect(server.app.accessCache.currentGeneration).toBeGreaterThan(before);
    expect((await server.call<{ station: string }>('GET', '/api/user/profile', { token })).body.data.station).toBe('区域总监');
  });

  it('is not emptied by a sign-in, a session touch or a write to bills', async () => {
    await eventually(() => server.app.accessCache.isActive, 'the cache is in use');
    const before = server.app.accessCache.currentGeneration;
    const token = await server.signIn('hulin');
    expect((await server.call('GET', '/api/user/profile', { token })).status).toBe(200);
    const sessionRow = await server.db.selectFrom('sessions').select(['id', 'expires_at']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    await server.db
      .updateTable('sessions')
      .set({ last_seen_at: new Date().toISOString(), expires_at: sessionRow.expires_at })
      .where('id', '=', sessionRow.id)
      .execute();
    await server.db
      .updateTable('bills')
      .set({ title: sql<string>`title` })
      .where('id', '=', -1)
      .execute();
    expect(server.app.accessCache.currentGeneration).toBe(before);
  });

  it('revokes a token for every later request at logout', async () => {
    const token = await server.signIn('zhuwei');
    expect((await server.call('GET', '/api/user/menu', { token })).status).toBe(200);
    expect((await server.call('DELETE', '/api/authorizations/current', { token })).status).toBe(200);
    expect((await server.call('GET', '/api/user/menu', { token })).status).toBe(401);
  });
});

/** Waits for a condition that another process brings about (a NOTIFY crossing connections). */
async function eventually(check: () => Promise<boolean> | boolean, what: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`never happened: ${what}`);
}

describe.runIf(TEST_ENGINE === 'postgres')('two server processes sharing one PostgreSQL database', () => {
  let first: TestServer;
  let second: FastifyInstance;
  let secondDb: DbHandle;
  let secondUrl: string;

  beforeAll(async () => {
    first = await startTestServer();
    secondDb = openDb({ databaseUrl: TEST_DATABASE_URL, sqliteFile: '', pgSchema: first.pgSchema });
    second = await buildApp({ config: first.config, database: secondDb, logger: false });
    await second.listen({ port: 0, host: '127.0.0.1' });
    const address = second.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    secondUrl = `http://127.0.0.1:${address.port}`;
    await eventually(() => second.accessCache.isActive, 'the second server listens for changes');
  });
  afterAll(async () => {
    await second.close();
    await secondDb.close();
    await first.close();
  });

  const statusOnSecond = async (token: string) =>
    (await fetch(`${secondUrl}/api/user/profile`, { headers: { authorization: `Bearer ${token}` } })).status;

  it('a logout on one process ends the session on the other at once', async () => {
    const token = await first.signIn('guoqiang');
    expect(await statusOnSecond(token)).toBe(200); // now cached by the second process
    expect((await first.call('DELETE', '/api/authorizations/current', { token })).status).toBe(200);
    await eventually(async () => (await statusOnSecond(token)) === 401, 'the second process refuses the revoked token');
  });

  it('stops answering from memory while its change channel is down, and resumes when it is back', async () => {
    const token = await first.signIn('gaoyan');
    expect(await statusOnSecond(token)).toBe(200);
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query('select pg_terminate_backend($1)', [second.accessCache.channelBackendPid]);
    await admin.end();
    await eventually(() => !second.accessCache.isActive, 'the second process notices its channel is down');
    // A change nobody announced is still seen: the second process reads the database meanwhile.
    await first.db
      .updateTable('users')
      .set({ status: 0 })
      .where('id', '=', await userId(first.db, 'gaoyan'))
      .execute();
    expect(await statusOnSecond(token)).toBe(401);
    await eventually(() => second.accessCache.isActive, 'the channel comes back');
  });
});
