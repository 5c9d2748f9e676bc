import {
  ArticleAdminMessages,
  ArticleMessages,
  CommonMessages,
  type Article,
  type ArticleAdminRow,
  type ArticleAdminView,
  type ArticleType,
  type EmployArticle,
  type EmployArticleRow,
  type ForceView,
  type OperationLogEntry,
  type Paged,
} from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { idOf, Tokens } from '../bills/test-support';

/**
 * Articles administration and reading (issue 15): /api/article for holders of article_admin, /api/employ/article for
 * the audience, the forced-read gate under audience rules and publish windows; every refusal changes nothing.
 */

let server: TestServer;
let tokens: Tokens;
let typeId: number;

beforeAll(async () => {
  server = await startTestServer();
  tokens = new Tokens(server);
  const { body } = await call<ArticleType>('admin', 'POST', '/api/articletype', { name: '通知公告' });
  typeId = body.data.id;
});
afterAll(async () => server.close());

async function call<T>(user: string, method: string, url: string, body?: unknown) {
  return server.call<T>(method, url, { token: await tokens.get(user), ...(body !== undefined ? { body } : {}) });
}

const HOUR = 3600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

function input(overrides: Record<string, unknown> = {}) {
  return { title: '测试公告', type_id: typeId, summary: '摘要', content: '<p>正文</p>', ...overrides };
}

async function create(overrides: Record<string, unknown> = {}): Promise<ArticleAdminView> {
  const { body } = await call<ArticleAdminView>('admin', 'POST', '/api/article', input(overrides));
  expect(body.status_code, body.message).toBe(0);
  return body.data;
}

async function published(overrides: Record<string, unknown> = {}): Promise<ArticleAdminView> {
  const article = await create(overrides);
  const { body } = await call<ArticleAdminView>('admin', 'POST', `/api/article/${article.id}/publish`);
  expect(body.status_code, body.message).toBe(0);
  return body.data;
}

async function employList(user: string, query = ''): Promise<Paged<EmployArticleRow>> {
  const { body } = await call<Paged<EmployArticleRow>>(user, 'GET', `/api/employ/article?per_page=100${query}`);
  expect(body.status_code, body.message).toBe(0);
  return body.data;
}

async function sees(user: string, id: number): Promise<boolean> {
  const listed = (await employList(user)).list.some((a) => a.id === id);
  const { body } = await call(user, 'GET', `/api/employ/article/${id}`);
  expect(listed).toBe(body.status_code === 0);
  return listed;
}

/** What a refusal must leave alone. */
async function snapshot() {
  const [articles, audience, rules, views, confirms, logs] = await Promise.all([
    server.db.selectFrom('articles').selectAll().orderBy('id').execute(),
    server.db.selectFrom('article_audience').selectAll().orderBy('article_id').orderBy('user_id').execute(),
    server.db.selectFrom('article_audience_rules').selectAll().orderBy('article_id').orderBy('kind').orderBy('ref_id').execute(),
    server.db.selectFrom('article_views').selectAll().orderBy('article_id').orderBy('user_id').execute(),
    server.db.selectFrom('article_view_confirms').selectAll().orderBy('article_id').orderBy('user_id').execute(),
    server.db.selectFrom('operation_logs').select('id').execute(),
  ]);
  return { articles, audience, rules, views, confirms, logs: logs.length };
}

async function deptId(name: string): Promise<number> {
  return (await server.db.selectFrom('depts').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
}

async function roleId(key: string): Promise<number> {
  return (await server.db.selectFrom('roles').select('id').where('key', '=', key).executeTakeFirstOrThrow()).id;
}

async function logOf(id: number): Promise<OperationLogEntry[]> {
  const { body } = await call<Paged<OperationLogEntry>>('admin', 'GET', `/api/syslog?item_type=article&item_id=${id}`);
  expect(body.status_code, body.message).toBe(0);
  return body.data.list;
}

describe('/api/article (administrators)', () => {
  it('creates a draft, edits it, publishes, withdraws and publishes again, each in the operation log', async () => {
    const draft = await create({ title: '草稿公告', is_pinned: 1 });
    expect(draft).toMatchObject({
      title: '草稿公告',
      status: 0,
      status_label: '草稿',
      type_name: '通知公告',
      is_pinned: 1,
      author: '系统管理员',
      audience: { dept_ids: [], role_ids: [], user_ids: [] },
      abilities: { publish: true, withdraw: false, delete: true },
    });
    expect(await sees('zhangsan', draft.id)).toBe(false);

    const edited = await call<ArticleAdminView>(
      'admin',
      'PUT',
      `/api/article/${draft.id}`,
      input({ title: '改后的公告', content: '<h2>一</h2>' }),
    );
    expect(edited.body).toMatchObject({
      status_code: 0,
      message: ArticleAdminMessages.saved,
      data: { title: '改后的公告', content: '<h2>一</h2>' },
    });

    const publish = await call<ArticleAdminView>('admin', 'POST', `/api/article/${draft.id}/publish`);
    expect(publish.body).toMatchObject({ status_code: 0, message: ArticleAdminMessages.published, data: { status: 1 } });
    expect(publish.body.data.publish_at).not.toBeNull();
    expect(await sees('zhangsan', draft.id)).toBe(true);

    // Publishing twice is a conflict (two administrators at once), and changes nothing.
    const before = await snapshot();
    expect((await call('admin', 'POST', `/api/article/${draft.id}/publish`)).body.status_code).toBe(409);
    expect(await snapshot()).toEqual(before);

    const withdraw = await call<ArticleAdminView>('admin', 'POST', `/api/article/${draft.id}/withdraw`);
    expect(withdraw.body.data).toMatchObject({ status: 2, status_label: '已撤回', abilities: { publish: true, withdraw: false } });
    expect(await sees('zhangsan', draft.id)).toBe(false);
    expect((await call('admin', 'POST', `/api/article/${draft.id}/withdraw`)).body.status_code).toBe(409);
    expect((await call<ArticleAdminView>('admin', 'POST', `/api/article/${draft.id}/publish`)).body.data.status).toBe(1);

    const log = await logOf(draft.id);
    expect(log.map((e) => e.action).reverse()).toEqual(['create', 'update', 'publish', 'withdraw', 'publish']);
    expect(log.at(-1)?.summary).toBe('新建文章「草稿公告」');
  });

  it('lets only one of two publishes at once through, and counts every one of parallel openings', async () => {
    const article = await create({ title: '同时发布' });
    const results = await Promise.all([1, 2, 3].map(() => call('admin', 'POST', `/api/article/${article.id}/publish`)));
    expect(results.map((r) => r.body.status_code).sort()).toEqual([0, 409, 409]);
    expect((await logOf(article.id)).filter((e) => e.action === 'publish')).toHaveLength(1);

    await Promise.all([1, 2, 3, 4, 5].map(() => call('hanbing', 'GET', `/api/employ/article/${article.id}`)));
    const views = await server.db.selectFrom('article_views').selectAll().where('article_id', '=', article.id).execute();
    expect(views).toHaveLength(1);
    expect(views[0]?.view_count).toBe(5);
  });

  it('lists every article by type, status and title keyword, paged', async () => {
    const { body: other } = await call<ArticleType>('admin', 'POST', '/api/articletype', { name: '规章制度' });
    const rule = await create({ title: '考勤制度100%执行', type_id: other.data.id });
    await published({ title: '年会通知' });
    const byType = await call<Paged<ArticleAdminRow>>('admin', 'GET', `/api/article?type_id=${other.data.id}`);
    expect(byType.body.data.list.map((a) => a.id)).toEqual([rule.id]);
    const byKeyword = await call<Paged<ArticleAdminRow>>('admin', 'GET', `/api/article?keyword=${encodeURIComponent('100%')}`);
    expect(byKeyword.body.data.list.map((a) => a.title)).toEqual(['考勤制度100%执行']);
    const drafts = await call<Paged<ArticleAdminRow>>('admin', 'GET', '/api/article?status=0&per_page=100');
    expect(drafts.body.data.list.every((a) => a.status === 0)).toBe(true);
    expect(drafts.body.data.list.some((a) => a.id === rule.id)).toBe(true);
    const page = await call<Paged<ArticleAdminRow>>('admin', 'GET', '/api/article?page=1&per_page=1');
    expect(page.body.data).toMatchObject({ page: 1, per_page: 1 });
    expect(page.body.data.list).toHaveLength(1);
    expect(page.body.data.total).toBeGreaterThan(1);
    expect((await call('admin', 'GET', '/api/article?status=7')).body.status_code).toBe(422);
  });

  it('deletes a draft, refuses a published article and a withdrawn one that has readers', async () => {
    const draft = await create();
    const live = await published({ title: '有人读过的公告' });
    await call('zhangsan', 'GET', `/api/employ/article/${live.id}`);

    const before = await snapshot();
    const refused = await call('admin', 'DELETE', `/api/article/${live.id}`);
    expect(refused.body).toMatchObject({ status_code: 409, message: ArticleAdminMessages.deletePublished });
    await call('admin', 'POST', `/api/article/${live.id}/withdraw`);
    const withReaders = await call('admin', 'DELETE', `/api/article/${live.id}`);
    expect(withReaders.body).toMatchObject({ status_code: 409, message: ArticleAdminMessages.deleteRead(1) });
    const after = await snapshot();
    expect(after.views).toEqual(before.views);
    expect(after.articles.find((a) => a.id === live.id)).toBeDefined();

    const deleted = await call('admin', 'DELETE', `/api/article/${draft.id}`);
    expect(deleted.body).toMatchObject({ status_code: 0, message: ArticleAdminMessages.deleted });
    expect((await call('admin', 'GET', `/api/article/${draft.id}`)).body.status_code).toBe(404);
    expect((await logOf(draft.id))[0]).toMatchObject({ action: 'delete' });
  });

  it('refuses bad input with the Chinese message at its field, and changes nothing', async () => {
    const existing = await create();
    const before = await snapshot();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: '   ' }, 'title', ArticleAdminMessages.titleRequired],
      [{ title: '长'.repeat(201) }, 'title', ArticleAdminMessages.titleTooLong],
      [{ type_id: 999_999 }, 'type_id', ArticleAdminMessages.typeMissing],
      [{ type_id: undefined }, 'type_id', ArticleAdminMessages.typeRequired],
      [{ publish_at: at(2 * HOUR), expire_at: at(HOUR) }, 'expire_at', ArticleAdminMessages.expireBeforePublish],
      [{ publish_at: 'not a time' }, 'publish_at', ArticleAdminMessages.timeInvalid],
      [{ force_deadline: at(HOUR) }, 'force_deadline', ArticleAdminMessages.deadlineWithoutForce],
      [{ content: '<script>alert(1)</script>' }, 'content', ArticleAdminMessages.contentRequired],
      [{ cover: 'no-such-file' }, 'cover', ArticleAdminMessages.coverMissing],
      [{ audience: { dept_ids: [999_999] } }, 'audience.dept_ids', ArticleAdminMessages.deptsMissing([999_999])],
      [{ audience: { role_ids: [999_998] } }, 'audience.role_ids', ArticleAdminMessages.rolesMissing([999_998])],
      [{ audience: { user_ids: [999_997] } }, 'audience.user_ids', ArticleAdminMessages.usersMissing([999_997])],
    ];
    for (const [overrides, field, message] of cases) {
      for (const [method, url] of [
        ['POST', '/api/article'],
        ['PUT', `/api/article/${existing.id}`],
      ] as const) {
        const { body } = await call<{ errors: Record<string, string[]> }>('admin', method, url, input(overrides));
        expect(body.status_code, `${method} ${JSON.stringify(overrides)}`).toBe(422);
        expect(body.data.errors[field], `${method} ${JSON.stringify(overrides)}`).toContain(message);
      }
    }
    expect(await snapshot()).toEqual(before);

    // A window that has already ended is refused at 发布, not published to nobody.
    const ended = await create({ expire_at: at(-HOUR) });
    const beforePublish = await snapshot();
    const refused = await call<{ errors: Record<string, string[]> }>('admin', 'POST', `/api/article/${ended.id}/publish`);
    expect(refused.body).toMatchObject({ status_code: 422, message: ArticleAdminMessages.expiredOnPublish });
    expect(refused.body.data.errors.expire_at).toEqual([ArticleAdminMessages.expiredOnPublish]);
    expect(await snapshot()).toEqual(beforePublish);
  });

  it('answers malformed and unknown ids with 4xx codes, never a 500', async () => {
    for (const [method, url] of [
      ['GET', '/api/article/abc'],
      ['PUT', '/api/article/1.5'],
      ['DELETE', '/api/article/-1'],
      ['POST', '/api/article/x/publish'],
      ['POST', '/api/article/0/withdraw'],
      ['GET', '/api/employ/article/abc'],
      ['GET', '/api/employ/article/99999999999999999999'],
    ] as const) {
      const result = await call('admin', method, url, method === 'PUT' ? input() : undefined);
      expect(result.status, `${method} ${url}`).toBeLessThan(500);
      expect([400, 404, 422], `${method} ${url}`).toContain(result.body.status_code);
    }
    expect((await call('admin', 'POST', '/api/article/999999/publish')).body.status_code).toBe(404);
    expect((await call('admin', 'GET', '/api/employ/article?type_id=abc')).body.status_code).toBe(422);
  });

  it('sanitises the HTML on save: scripts, event handlers and javascript: links go, the allowed markup stays', async () => {
    // An image of our own must be the writer's upload (articles.files.ts); the sanitiser's concern is its markup.
    const data = new FormData();
    data.append('file', new Blob(['png']), '图.png');
    const uploaded = await server.call<{ id: string }>('POST', '/api/files', { token: await tokens.get('admin'), raw: data });
    const image = uploaded.body.data.id;
    const html =
      '<h2 onclick="steal()">标题</h2><script>alert(1)</script><p style="position:fixed">段落<strong>粗</strong><em>斜</em><u>下</u><s>删</s></p>' +
      '<ul><li>一</li></ul><ol><li>二</li></ol><table><tbody><tr><td colspan="2">格</td></tr></tbody></table>' +
      '<a href="javascript:alert(1)">坏链接</a><a href="https://example.com/a">好链接</a>' +
      `<img src="/api/files/download/${image}" onerror="alert(1)">` +
      '<img src="https://tracker.example/p.png">' +
      '<iframe srcdoc="<script>alert(1)</script>"></iframe><base href="https://evil.example/"><blockquote>引</blockquote><pre><code>x = 1</code></pre>' +
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>';
    const article = await create({ content: html });
    const stored = article.content;
    for (const bad of [
      '<script',
      'onclick',
      'onerror',
      'javascript:',
      'style=',
      '<iframe',
      'srcdoc',
      '<base',
      'tracker.example',
      '<noscript',
    ]) {
      expect(stored, bad).not.toContain(bad);
    }
    for (const good of [
      '<h2>标题</h2>',
      '<strong>粗</strong>',
      '<em>斜</em>',
      '<u>下</u>',
      '<s>删</s>',
      '<ul><li>一</li></ul>',
      '<ol><li>二</li></ol>',
      '<td colspan="2">格</td>',
      '<a href="https://example.com/a" target="_blank" rel="noopener noreferrer">好链接</a>',
      `<img src="/api/files/download/${image}" />`,
      '<blockquote>引</blockquote>',
      '<pre><code>x = 1</code></pre>',
    ]) {
      expect(stored, good).toContain(good);
    }
    const row = await server.db.selectFrom('articles').select('content').where('id', '=', article.id).executeTakeFirstOrThrow();
    expect(row.content).toBe(stored);
  });

  it('is closed to staff without article_admin: 403, nothing changed', async () => {
    const article = await create();
    const before = await snapshot();
    const attempts: [string, string, unknown?][] = [
      ['GET', '/api/article'],
      ['POST', '/api/article', input()],
      ['PUT', `/api/article/${article.id}`, input({ title: '员工改' })],
      ['DELETE', `/api/article/${article.id}`],
      ['POST', `/api/article/${article.id}/publish`],
      ['POST', `/api/article/${article.id}/withdraw`],
      ['GET', '/api/article/roles'],
    ];
    for (const [method, url, body] of attempts) {
      const result = await call('zhangsan', method, url, body);
      expect(result.status, `${method} ${url}`).toBe(403);
      expect(result.body.message).toBe(CommonMessages.forbidden);
    }
    // A draft read by id is "not found" for staff, as an article not meant for them.
    expect((await call('zhangsan', 'GET', `/api/article/${article.id}`)).body.status_code).toBe(404);
    expect(await snapshot()).toEqual(before);
    expect((await server.call('GET', '/api/article')).status).toBe(401);
    expect((await server.call('GET', '/api/employ/article')).status).toBe(401);
  });
});

describe('GET /api/article/roles', () => {
  it('lists every role for an article administrator who does not administer templates', async () => {
    // 王五 gets a role of article_admin alone: the template designer's role list would refuse him.
    const role = await server.db
      .insertInto('roles')
      .values({ key: 'article_writer', name: '公告编辑' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.db.insertInto('role_permissions').values({ role_id: role.id, permission: 'article_admin' }).execute();
    await server.db
      .insertInto('user_roles')
      .values({ user_id: await idOf(server, 'wangwu'), role_id: role.id })
      .execute();
    expect((await call('wangwu', 'GET', '/api/template/roles')).status).toBe(403);
    const { body } = await call<{ id: number; name: string }[]>('wangwu', 'GET', '/api/article/roles');
    expect(body.status_code, body.message).toBe(0);
    const roles = await server.db.selectFrom('roles').select(['id', 'name']).execute();
    expect([...body.data].sort((a, b) => a.id - b.id)).toEqual(roles.sort((a, b) => a.id - b.id));
  });
});

describe('audiences', () => {
  it('a department reaches its sub-departments; a role its holders; a person that person; nobody named, everyone', async () => {
    const tech = await published({ title: '技术部公告', audience: { dept_ids: [await deptId('技术部')] } });
    const finance = await published({ title: '财务人员公告', audience: { role_ids: [await roleId('finance')] } });
    const person = await published({ title: '给赵六的公告', audience: { user_ids: [await idOf(server, 'zhaoliu')] } });
    const everyone = await published({ title: '全员公告' });

    const expected: Record<string, number[]> = {
      zhangsan: [tech.id, everyone.id], // 技术部
      zhoujiu: [tech.id, everyone.id], // 研发组, under 技术部
      wangwu: [finance.id, everyone.id], // holds 财务人员
      zhaoliu: [person.id, everyone.id],
      zhengyi: [everyone.id], // 市场部
    };
    const ours = [tech.id, finance.id, person.id, everyone.id];
    for (const [user, ids] of Object.entries(expected)) {
      const seen = (await employList(user)).list.map((a) => a.id).filter((id) => ours.includes(id));
      expect(seen.sort(), user).toEqual([...ids].sort());
      for (const id of ours) expect(await sees(user, id), `${user} ${id}`).toBe(ids.includes(id));
    }
    const view = await call<ArticleAdminView>('admin', 'GET', `/api/article/${tech.id}`);
    expect(view.body.data.audience).toEqual({ dept_ids: [await deptId('技术部')], role_ids: [], user_ids: [] });
  });

  it('answers 404 to someone outside the audience and records nothing', async () => {
    const article = await published({ title: '仅财务', audience: { role_ids: [await roleId('finance')] } });
    const before = await snapshot();
    const read = await call('zhangsan', 'GET', `/api/employ/article/${article.id}`);
    expect(read.body).toMatchObject({ status_code: 404, message: ArticleMessages.notFound });
    expect((await call('zhangsan', 'GET', `/api/article/${article.id}`)).body.status_code).toBe(404);
    expect((await call('zhangsan', 'POST', `/api/article/${article.id}/view/confirm`)).body.status_code).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('keeps to the publish window: not before its start, not after its end', async () => {
    const later = await published({ title: '明天发布', publish_at: at(24 * HOUR) });
    const ended = await create({ title: '已过期' });
    await call('admin', 'POST', `/api/article/${ended.id}/publish`);
    await server.db
      .updateTable('articles')
      .set({ published_at: at(-2 * HOUR), expire_at: at(-HOUR) })
      .where('id', '=', ended.id)
      .execute();
    expect(await sees('zhangsan', later.id)).toBe(false);
    expect(await sees('zhangsan', ended.id)).toBe(false);
    // The administrator still reads both.
    expect((await call('admin', 'GET', `/api/article/${later.id}`)).body.status_code).toBe(0);
  });
});

describe('/api/employ/article (staff)', () => {
  it('lists pinned first then newest, filters by type and title, marks unread and records views', async () => {
    const { body: type } = await call<ArticleType>('admin', 'POST', '/api/articletype', { name: '员工列表专用' });
    const old = await published({ title: '较早的普通公告', type_id: type.data.id, publish_at: at(-3 * HOUR) });
    const pinned = await published({ title: '置顶公告', type_id: type.data.id, is_pinned: 1, publish_at: at(-2 * HOUR) });
    const fresh = await published({ title: '最新的普通公告', type_id: type.data.id, publish_at: at(-HOUR) });

    const list = await employList('liuyang', `&type_id=${type.data.id}`);
    expect(list.list.map((a) => a.id)).toEqual([pinned.id, fresh.id, old.id]);
    expect(list.total).toBe(3);
    expect(list.list.every((a) => a.unread)).toBe(true);
    expect((await employList('liuyang', `&keyword=${encodeURIComponent('最新')}`)).list.map((a) => a.id)).toEqual([fresh.id]);

    const first = await call<EmployArticle>('liuyang', 'GET', `/api/employ/article/${fresh.id}`);
    expect(first.body.data).toMatchObject({
      id: fresh.id,
      title: '最新的普通公告',
      unread: true,
      content: '<p>正文</p>',
      author: '系统管理员',
    });
    await call('liuyang', 'GET', `/api/employ/article/${fresh.id}`);
    const view = await server.db
      .selectFrom('article_views')
      .selectAll()
      .where('article_id', '=', fresh.id)
      .where('user_id', '=', await idOf(server, 'liuyang'))
      .executeTakeFirstOrThrow();
    expect(view.view_count).toBe(2);
    expect(view.last_viewed_at >= view.first_viewed_at).toBe(true);
    expect((await call<EmployArticle>('liuyang', 'GET', `/api/employ/article/${fresh.id}`)).body.data.unread).toBe(false);

    const after = await employList('liuyang', `&type_id=${type.data.id}`);
    expect(after.list.map((a) => [a.id, a.unread])).toEqual([
      [pinned.id, true],
      [fresh.id, false],
      [old.id, true],
    ]);
    // Another reader's marks are their own.
    expect((await employList('chenjing', `&type_id=${type.data.id}`)).list.every((a) => a.unread)).toBe(true);
  });
});

describe('the forced-read gate under the new rules', () => {
  it('takes forced articles meant for me, published and in their window, oldest first; a past deadline no longer holds', async () => {
    const ops = await deptId('运维组');
    const outside = await published({ title: '给市场部的强制公告', forceView: 1, audience: { dept_ids: [await deptId('市场部')] } });
    await published({ title: '未来的强制公告', forceView: 1, publish_at: at(HOUR), audience: { dept_ids: [ops] } });
    const draft = await create({ title: '强制草稿', forceView: 1, audience: { dept_ids: [ops] } });
    const first = await published({ title: '第一篇', forceView: 1, publish_at: at(-2 * HOUR), audience: { dept_ids: [ops] } });
    const second = await published({ title: '第二篇', forceView: 1, publish_at: at(-HOUR), audience: { dept_ids: [ops] } });
    const lapsed = await published({ title: '已过截止', forceView: 1, audience: { dept_ids: [ops] } });
    await server.db
      .updateTable('articles')
      .set({ published_at: at(-4 * HOUR), force_deadline: at(-3 * HOUR) })
      .where('id', '=', lapsed.id)
      .execute();

    const gate = async (user: string) => (await call<ForceView>(user, 'GET', '/api/article/force/view')).body.data;
    expect(await gate('zhaolei')).toEqual({ forceView: 1, forceViewArticleId: first.id });
    const preview = await call<Article>('zhaolei', 'GET', `/api/article/${first.id}`);
    expect(preview.body.data).toMatchObject({ title: '第一篇', forceView: 1, confirmed: false });
    await call('zhaolei', 'POST', `/api/article/${first.id}/view/confirm`);
    expect(await gate('zhaolei')).toEqual({ forceView: 1, forceViewArticleId: second.id });
    await call('zhaolei', 'POST', `/api/article/${second.id}/view/confirm`);
    expect(await gate('zhaolei')).toEqual({ forceView: 0, forceViewArticleId: null });

    // Withdrawn, it holds nobody back; someone outside its audience was never held.
    expect((await gate('zhengyi')).forceViewArticleId).toBe(outside.id);
    await call('admin', 'POST', `/api/article/${outside.id}/withdraw`);
    expect(await gate('zhengyi')).toEqual({ forceView: 0, forceViewArticleId: null });
    expect((await call('zhaolei', 'POST', `/api/article/${draft.id}/view/confirm`)).body.status_code).toBe(404);
  });
});
