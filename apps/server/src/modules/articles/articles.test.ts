import { ArticleMessages, type Article, type ForceView } from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

describe('forced reading', () => {
  it('sends zhangsan to his announcement until he confirms it', async () => {
    const token = await server.signIn('zhangsan');
    const pending = await server.call<ForceView>('GET', '/api/article/force/view', { token });
    expect(pending.body.data.forceView).toBe(1);
    const id = pending.body.data.forceViewArticleId;
    expect(id).toBeTypeOf('number');

    const article = await server.call<Article>('GET', `/api/article/${id}`, { token });
    expect(article.body.data).toMatchObject({
      title: '关于开展2026年度信息安全培训的通知',
      forceView: 1,
      confirmed: false,
      author: '系统管理员',
    });

    const confirm = await server.call<Article>('POST', `/api/article/${id}/view/confirm`, { token });
    expect(confirm.body).toMatchObject({ status_code: 0, message: ArticleMessages.confirmed, data: { confirmed: true } });
    expect((await server.call<ForceView>('GET', '/api/article/force/view', { token })).body.data).toEqual({
      forceView: 0,
      forceViewArticleId: null,
    });

    // Confirming again is harmless and keeps one record.
    await server.call('POST', `/api/article/${id}/view/confirm`, { token });
    const records = await server.db
      .selectFrom('article_view_confirms')
      .selectAll()
      .where('article_id', '=', id ?? 0)
      .execute();
    expect(records).toHaveLength(1);
  });

  it('does not force an article on people outside its audience', async () => {
    const token = await server.signIn('lisi');
    expect((await server.call<ForceView>('GET', '/api/article/force/view', { token })).body.data.forceView).toBe(0);
  });

  it('hides an article from people outside its audience, and they cannot confirm it', async () => {
    const forced = await server.db.selectFrom('articles').select('id').where('force_view', '=', 1).executeTakeFirstOrThrow();
    const token = await server.signIn('wangwu');
    const read = await server.call('GET', `/api/article/${forced.id}`, { token });
    expect(read.body).toMatchObject({ status_code: 404, message: ArticleMessages.notFound });
    const confirm = await server.call('POST', `/api/article/${forced.id}/view/confirm`, { token });
    expect(confirm.body.status_code).toBe(404);
    const records = await server.db.selectFrom('article_view_confirms').selectAll().where('article_id', '=', forced.id).execute();
    expect(records.every((r) => r.user_id !== 4)).toBe(true);
  });

  it('lets everyone read an article without an audience, and nobody read a draft', async () => {
    const open = await server.db.selectFrom('articles').select('id').where('force_view', '=', 0).executeTakeFirstOrThrow();
    const token = await server.signIn('wangwu');
    expect((await server.call<Article>('GET', `/api/article/${open.id}`, { token })).body.data.title).toBe('2027年元旦放假安排');
    await server.db.updateTable('articles').set({ status: 0 }).where('id', '=', open.id).execute();
    expect((await server.call('GET', `/api/article/${open.id}`, { token })).body.status_code).toBe(404);
  });

  it('answers a clear message for an id that is not a number', async () => {
    const token = await server.signIn('wangwu');
    expect((await server.call('GET', '/api/article/abc', { token })).body).toMatchObject({
      status_code: 422,
      message: ArticleMessages.notFound,
    });
  });

  it('needs sign-in', async () => {
    expect((await server.call('GET', '/api/article/force/view')).status).toBe(401);
    expect((await server.call('GET', '/api/article/1')).status).toBe(401);
  });
});
