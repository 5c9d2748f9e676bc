import { ArticleTypeMessages, CommonMessages, type ArticleType, type OperationLogEntry, type Paged } from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { Tokens } from '../bills/test-support';

/**
 * 文章类型 (issue 15): /api/articletype for holders of article_admin — create, rename, order, delete only when no
 * article is filed under the type — every change in the operation log, and nothing changed by a refusal.
 */

let server: TestServer;
let tokens: Tokens;

beforeAll(async () => {
  server = await startTestServer();
  tokens = new Tokens(server);
});
afterAll(async () => server.close());

async function call<T>(user: string, method: string, url: string, body?: unknown) {
  return server.call<T>(method, url, { token: await tokens.get(user), ...(body !== undefined ? { body } : {}) });
}

async function create(name: string): Promise<ArticleType> {
  const { body } = await call<ArticleType>('admin', 'POST', '/api/articletype', { name });
  expect(body.status_code, body.message).toBe(0);
  return body.data;
}

/** The table as it is, in the order the service lists it: what a refusal must leave alone. */
async function typesInDb() {
  return server.db.selectFrom('article_types').selectAll().orderBy('sort').orderBy('id').execute();
}

async function logOf(itemId: number | string): Promise<OperationLogEntry[]> {
  const { body } = await call<Paged<OperationLogEntry>>('admin', 'GET', `/api/syslog?item_type=article_type&item_id=${itemId}`);
  expect(body.status_code, body.message).toBe(0);
  return body.data.list;
}

async function listed(): Promise<ArticleType[]> {
  const { body } = await call<ArticleType[]>('admin', 'GET', '/api/articletype');
  expect(body.status_code, body.message).toBe(0);
  return body.data;
}

/** Files `count` new articles of the demo author under the type (articles get a type from their own page later). */
async function fileArticles(typeId: number, count: number): Promise<void> {
  const now = new Date().toISOString();
  for (let i = 0; i < count; i++) {
    await server.db
      .insertInto('articles')
      .values({
        title: `类型测试文章${i}`,
        content: '<p>正文</p>',
        status: i === 0 ? 0 : 1,
        type_id: typeId,
        published_at: now,
        created_at: now,
      })
      .execute();
  }
}

describe('/api/articletype', () => {
  it('creates types after the last one, lists them in order with their article counts, and logs each', async () => {
    const notices = await create('通知公告');
    const rules = await create('规章制度');
    expect(notices).toMatchObject({ name: '通知公告', article_count: 0, abilities: { delete: true }, delete_blocked_reason: '' });
    expect(rules.sort).toBeGreaterThan(notices.sort);

    await fileArticles(rules.id, 3);
    const list = await listed();
    expect(list.map((t) => t.name)).toEqual(['通知公告', '规章制度']);
    expect(list[1]).toMatchObject({
      article_count: 3,
      abilities: { delete: false },
      delete_blocked_reason: ArticleTypeMessages.inUse(3),
    });
    expect((await call<ArticleType>('admin', 'GET', `/api/articletype/${rules.id}`)).body.data).toMatchObject({ article_count: 3 });

    expect(await logOf(notices.id)).toEqual([
      expect.objectContaining({ action: 'create', summary: '新建文章类型「通知公告」', username: 'admin', after: { name: '通知公告' } }),
    ]);
  });

  it('renames a type, logging the old and new name; the same name again changes and logs nothing', async () => {
    const type = await create('制度汇编');
    const renamed = await call<ArticleType>('admin', 'PUT', `/api/articletype/${type.id}`, { name: ' 制度文件 ' });
    expect(renamed.body).toMatchObject({ status_code: 0, message: ArticleTypeMessages.saved, data: { id: type.id, name: '制度文件' } });
    await call('admin', 'PUT', `/api/articletype/${type.id}`, { name: '制度文件' });
    const log = await logOf(type.id);
    expect(log.map((e) => e.action)).toEqual(['update', 'create']);
    expect(log[0]).toMatchObject({
      summary: '文章类型「制度汇编」改名为「制度文件」',
      before: { name: '制度汇编' },
      after: { name: '制度文件' },
    });
  });

  it('reorders: the listed types first, the rest after them in their old order, logged once as a sort', async () => {
    const before = await listed();
    const last = before[before.length - 1];
    if (!last) throw new Error('no types');
    const sorted = await call<ArticleType[]>('admin', 'POST', '/api/articletype/sort', { ids: [last.id] });
    expect(sorted.body).toMatchObject({ status_code: 0, message: ArticleTypeMessages.sorted });
    const expected = [last, ...before.slice(0, -1)].map((t) => t.name);
    expect(sorted.body.data.map((t) => t.name)).toEqual(expected);
    expect((await listed()).map((t) => t.sort)).toEqual(expected.map((_, i) => (i + 1) * 10));
    const log = await logOf(0);
    expect(log[0]).toMatchObject({ action: 'sort', before: { order: before.map((t) => t.name) }, after: { order: expected } });

    // The same order again: nothing to log.
    await call('admin', 'POST', '/api/articletype/sort', { ids: [last.id] });
    expect(await logOf(0)).toHaveLength(log.length);
  });

  it('refuses to delete a type in use, saying how many articles use it, and deletes an unused one', async () => {
    const used = (await listed()).find((t) => t.name === '规章制度');
    if (!used) throw new Error('no 规章制度');
    const rows = await typesInDb();
    const refused = await call('admin', 'DELETE', `/api/articletype/${used.id}`);
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ status_code: 409, message: '该类型下有 3 篇文章，不能删除' });
    expect(await typesInDb()).toEqual(rows);
    expect((await logOf(used.id)).map((e) => e.action)).toEqual(['create']);

    const free = await create('临时类型');
    const deleted = await call('admin', 'DELETE', `/api/articletype/${free.id}`);
    expect(deleted.body).toMatchObject({ status_code: 0, message: ArticleTypeMessages.deleted });
    expect((await typesInDb()).map((t) => t.id)).not.toContain(free.id);
    expect(await logOf(free.id)).toEqual([
      expect.objectContaining({
        action: 'delete',
        summary: '删除文章类型「临时类型」',
        before: { name: '临时类型', sort: free.sort },
      }),
      expect.objectContaining({ action: 'create' }),
    ]);
  });

  it('answers bad input with the Chinese message at the field, and changes nothing', async () => {
    const rows = await typesInDb();
    const taken = rows[0];
    if (!taken) throw new Error('no types');
    const cases: [unknown, string][] = [
      [{ name: '' }, ArticleTypeMessages.nameRequired],
      [{ name: '   ' }, ArticleTypeMessages.nameRequired],
      [{}, ArticleTypeMessages.nameRequired],
      [{ name: '类'.repeat(31) }, ArticleTypeMessages.nameTooLong],
      [{ name: taken.name }, ArticleTypeMessages.nameTaken(taken.name)],
    ];
    for (const [body, message] of cases) {
      const created = await call('admin', 'POST', '/api/articletype', body);
      expect(created.body, JSON.stringify(body)).toMatchObject({ status_code: 422, message, data: { errors: { name: [message] } } });
    }
    const other = rows[1];
    if (!other) throw new Error('one type only');
    const renamed = await call('admin', 'PUT', `/api/articletype/${other.id}`, { name: taken.name });
    expect(renamed.body).toMatchObject({ status_code: 422, data: { errors: { name: [ArticleTypeMessages.nameTaken(taken.name)] } } });
    // A name made of markup comes back escaped in the message (SPEC §8 shows it as HTML).
    await call('admin', 'PUT', `/api/articletype/${taken.id}`, { name: '<b>x</b>' });
    const markup = await call('admin', 'POST', '/api/articletype', { name: '<b>x</b>' });
    expect(markup.body.message).toBe('已有名为「&lt;b&gt;x&lt;/b&gt;」的文章类型，请换一个名称');
    await call('admin', 'PUT', `/api/articletype/${taken.id}`, { name: taken.name });

    const rowsNow = await typesInDb();
    for (const ids of [[], [rowsNow[0]?.id, rowsNow[0]?.id], [999_999], 'x']) {
      const sorted = await call('admin', 'POST', '/api/articletype/sort', { ids });
      expect(sorted.body.status_code, JSON.stringify(ids)).toBe(422);
      expect(Object.keys((sorted.body.data as { errors: object }).errors)).toEqual(['ids']);
    }
    expect((await call('admin', 'POST', '/api/articletype/sort', { ids: [999_999] })).body.message).toBe(
      ArticleTypeMessages.sortUnknown([999_999]),
    );
    expect(await typesInDb()).toEqual(rowsNow);
  });

  it('creates one type when the same name is sent several times at once; the others are told it is taken', async () => {
    const name = '同时新建';
    const results = await Promise.all(Array.from({ length: 6 }, () => call('admin', 'POST', '/api/articletype', { name })));
    expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
    expect(results.filter((r) => r.body.status_code === 0)).toHaveLength(1);
    for (const refused of results.filter((r) => r.body.status_code !== 0)) {
      expect(refused.body).toMatchObject({ status_code: 422, data: { errors: { name: [ArticleTypeMessages.nameTaken(name)] } } });
    }
    expect((await typesInDb()).filter((t) => t.name === name)).toHaveLength(1);
  });

  it('answers an unknown id with 404 and a malformed one with 422, never 500', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const body = method === 'PUT' ? { name: '某类型' } : undefined;
      const unknown = await call('admin', method, '/api/articletype/999999', body);
      expect(unknown.body, method).toMatchObject({ status_code: 404, message: ArticleTypeMessages.notFound });
      for (const id of ['abc', '0', '-1', '1.5', '1e400']) {
        const bad = await call('admin', method, `/api/articletype/${id}`, body);
        expect(bad.status, `${method} ${id}`).toBe(200);
        expect(bad.body, `${method} ${id}`).toMatchObject({ status_code: 422, message: ArticleTypeMessages.notFound });
      }
    }
  });

  it('answers 403 to a staff user, who changes nothing', async () => {
    const rows = await typesInDb();
    const first = rows[0];
    if (!first) throw new Error('no types');
    const logs = await server.db.selectFrom('operation_logs').select('id').execute();
    const attempts: [string, string, unknown?][] = [
      ['GET', '/api/articletype'],
      ['GET', `/api/articletype/${first.id}`],
      ['POST', '/api/articletype', { name: '员工新建' }],
      ['PUT', `/api/articletype/${first.id}`, { name: '员工改名' }],
      ['POST', '/api/articletype/sort', { ids: [...rows].reverse().map((r) => r.id) }],
      ['DELETE', `/api/articletype/${first.id}`],
    ];
    for (const [method, url, body] of attempts) {
      const result = await call('zhangsan', method, url, body);
      expect(result.status, `${method} ${url}`).toBe(403);
      expect(result.body.message).toBe(CommonMessages.forbidden);
    }
    expect(await typesInDb()).toEqual(rows);
    expect(await server.db.selectFrom('operation_logs').select('id').execute()).toHaveLength(logs.length);
    // Nor may they read the types' history.
    expect((await call('zhangsan', 'GET', '/api/syslog?item_type=article_type')).status).toBe(403);
  });

  it('needs sign-in', async () => {
    expect((await server.call('GET', '/api/articletype')).status).toBe(401);
    expect((await server.call('POST', '/api/articletype', { body: { name: '匿名' } })).status).toBe(401);
  });
});
