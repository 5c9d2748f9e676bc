import type { ArticleAdminView, ArticleType, DashboardArticles, EmployArticleRow, Paged } from '@osp/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDb, type DbHandle } from '../../db/index';
import { startTestServer, TEST_DATABASE_URL, TEST_ENGINE, type TestServer } from '../../../test/harness';
import { Tokens } from '../bills/test-support';

/**
 * The staff list's pages and the home page's card are kept per reader (articles.answers.ts). After every kind of change
 * — through the API, straight in the tables, or a publish window reached with no write at all — the next answer must be
 * the one computed afresh; and while nothing changed, the kept answer must really be what comes.
 */

let server: TestServer;
let tokens: Tokens;
let typeId: number;

beforeAll(async () => {
  server = await startTestServer();
  tokens = new Tokens(server);
  const { body } = await call<ArticleType>('admin', 'POST', '/api/articletype', { name: '缓存测试' });
  typeId = body.data.id;
});
afterAll(async () => server.close());

async function call<T>(user: string, method: string, url: string, body?: unknown, base: TestServer = server) {
  return base.call<T>(method, url, { token: await tokens.get(user), ...(body !== undefined ? { body } : {}) });
}

async function article(overrides: Record<string, unknown>): Promise<number> {
  const created = await call<ArticleAdminView>('admin', 'POST', '/api/article', {
    type_id: typeId,
    summary: '',
    content: '<p>正文</p>',
    ...overrides,
  });
  expect(created.body.status_code, created.body.message).toBe(0);
  const { body } = await call('admin', 'POST', `/api/article/${created.body.data.id}/publish`);
  expect(body.status_code, body.message).toBe(0);
  return created.body.data.id;
}

/** What zhangsan is answered now: his first list page and his card. */
async function answers() {
  const list = await call<Paged<EmployArticleRow>>('zhangsan', 'GET', '/api/employ/article?page=1&per_page=20');
  const card = await call<DashboardArticles>('zhangsan', 'GET', '/api/dashboard/article');
  expect(list.body.status_code, list.body.message).toBe(0);
  return { list: list.body.data, card: card.body.data };
}

/** The answers as kept, then as computed afresh (every cache emptied): they must be the same. */
async function expectFresh() {
  const kept = await answers();
  await server.accessChanged();
  expect(kept).toEqual(await answers());
  return kept;
}

const titles = (shown: Awaited<ReturnType<typeof answers>>) => shown.list.list.map((row) => row.title);

describe('the readers’ answers kept in memory', () => {
  it('follow every change a reader would see', async () => {
    await expectFresh();
    const first = await article({ title: '缓存-新公告' });
    expect(titles(await expectFresh())).toContain('缓存-新公告');

    // Opened: no longer unread, in the list and in the card's count.
    const before = await answers();
    expect((await call('zhangsan', 'GET', `/api/employ/article/${first}`)).body.status_code).toBe(0);
    const opened = await expectFresh();
    expect(opened.list.list.find((row) => row.id === first)?.unread).toBe(false);
    expect(opened.card.unread).toBe(before.card.unread - 1);

    // Confirmed (a forced one), renamed type, withdrawn.
    const forced = await article({ title: '缓存-必读', forceView: 1 });
    expect((await call('zhangsan', 'POST', `/api/article/${forced}/view/confirm`)).body.status_code).toBe(0);
    expect((await expectFresh()).list.list.find((row) => row.id === forced)?.unread).toBe(false);
    expect((await call('admin', 'PUT', `/api/articletype/${typeId}`, { name: '缓存测试改名' })).body.status_code).toBe(0);
    expect((await expectFresh()).list.list.find((row) => row.id === first)?.type_name).toBe('缓存测试改名');
    expect((await call('admin', 'POST', `/api/article/${first}/withdraw`)).body.status_code).toBe(0);
    expect(titles(await expectFresh())).not.toContain('缓存-新公告');

    // For someone else only: zhangsan never sees it.
    const lisi = (await server.db.selectFrom('users').select('id').where('username', '=', 'lisi').executeTakeFirstOrThrow()).id;
    await article({ title: '缓存-只给李四', audience: { dept_ids: [], role_ids: [], user_ids: [lisi] } });
    expect(titles(await expectFresh())).not.toContain('缓存-只给李四');

    // A plain write to the table, as a tool would make it.
    await server.db.updateTable('articles').set({ title: '缓存-表里改的' }).where('id', '=', forced).execute();
    expect(titles(await expectFresh())).toContain('缓存-表里改的');
  });

  it('opens and closes with the publish window, with no write in between', async () => {
    // Far enough ahead that writing both articles and reading twice ends before it, even on a loaded machine.
    const soon = new Date(Date.now() + 3000).toISOString();
    await article({ title: '缓存-稍后发布', publish_at: soon });
    await article({ title: '缓存-很快过期', expire_at: soon });
    const now = titles(await expectFresh());
    expect(now).not.toContain('缓存-稍后发布');
    expect(now).toContain('缓存-很快过期');
    // The server's clock is the only thing that moves: wait until it has passed the edge, then read once.
    await new Promise((resolve) => setTimeout(resolve, Date.parse(soon) - Date.now() + 50));
    const later = titles(await answers()); // kept answers would still say what they said above
    expect(later).toContain('缓存-稍后发布');
    expect(later).not.toContain('缓存-很快过期');
  });

  it('answers from memory while nothing changed', async () => {
    const id = await article({ title: '缓存-原标题' });
    expect(titles(await answers())).toContain('缓存-原标题');
    // Raw SQL passes by the write watch (db/write-watch.ts): the kept answer is what comes, until the caches are emptied.
    await sql`update articles set title = ${'缓存-绕过的标题'} where id = ${id}`.execute(server.db);
    expect(titles(await answers())).toContain('缓存-原标题');
    await server.accessChanged();
    expect(titles(await answers())).toContain('缓存-绕过的标题');
  });

  it('computes a search every time, and refuses a bad page the same way', async () => {
    await article({ title: '缓存-搜索' });
    const found = await call<Paged<EmployArticleRow>>('zhangsan', 'GET', `/api/employ/article?keyword=${encodeURIComponent('缓存-搜索')}`);
    expect(found.body.data.list.map((row) => row.title)).toEqual(['缓存-搜索']);
    const bad = await call('zhangsan', 'GET', '/api/employ/article?page=0');
    expect(bad.body.status_code).toBe(422);
  });
});

describe.runIf(TEST_ENGINE === 'postgres')('two server processes sharing one PostgreSQL database', () => {
  let second: FastifyInstance;
  let secondDb: DbHandle;
  let secondServer: TestServer;

  beforeAll(async () => {
    secondDb = openDb({ databaseUrl: TEST_DATABASE_URL, sqliteFile: '', pgSchema: server.pgSchema });
    second = await buildApp({ config: server.config, database: secondDb, logger: false });
    await second.listen({ port: 0, host: '127.0.0.1' });
    const address = second.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const baseUrl = `http://127.0.0.1:${address.port}`;
    secondServer = {
      ...server,
      baseUrl,
      call: async (method, url, options) => {
        const response = await fetch(`${baseUrl}${url}`, {
          method,
          headers: { authorization: `Bearer ${options?.token ?? ''}`, 'content-type': 'application/json' },
          ...(options?.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
        });
        return { status: response.status, body: await response.json(), headers: response.headers };
      },
    } as TestServer;
    for (let i = 0; i < 100 && !second.accessCache.isActive; i++) await new Promise((resolve) => setTimeout(resolve, 50));
  });
  afterAll(async () => {
    await second.close();
    await secondDb.close();
  });

  it('a change made through one process shows in the other’s next answer', async () => {
    const onSecond = async () =>
      (
        await call<Paged<EmployArticleRow>>('zhangsan', 'GET', '/api/employ/article?page=1&per_page=20', undefined, secondServer)
      ).body.data.list.map((row) => row.title);
    expect(await onSecond()).not.toContain('缓存-另一进程');
    await article({ title: '缓存-另一进程' });
    let seen = false;
    for (let i = 0; i < 100 && !seen; i++) {
      seen = (await onSecond()).includes('缓存-另一进程');
      if (!seen) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(seen).toBe(true);
  });
});
