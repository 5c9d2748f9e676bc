import ExcelJS from 'exceljs';
import {
  ArticleAdminMessages,
  ArticleReadExportTexts,
  ArticleReadLogMessages,
  NO_DEPT_NAME,
  type ApiEnvelope,
  type ArticleAdminView,
  type ArticleReadLog,
  type ArticleReadPerson,
  type ArticleRemindResult,
  type ArticleType,
  type NoticeRow,
  type Paged,
} from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { idOf, Tokens } from '../bills/test-support';

/**
 * 阅读记录, its export and 提醒 (issue 15, docs/articles-api.md): the counts against a plain reading of the tables,
 * forced and plain completion, filters, people outside the audience, permissions, and the once-a-day reminder under
 * concurrent calls.
 */

let server: TestServer;
let tokens: Tokens;
let typeId: number;

beforeAll(async () => {
  server = await startTestServer();
  tokens = new Tokens(server);
  const { body } = await call<ArticleType>('admin', 'POST', '/api/articletype', { name: '阅读记录测试' });
  typeId = body.data.id;
});
afterAll(async () => server.close());

async function call<T>(user: string, method: string, url: string, body?: unknown) {
  return server.call<T>(method, url, { token: await tokens.get(user), ...(body !== undefined ? { body } : {}) });
}

async function ok<T>(user: string, method: string, url: string, body?: unknown): Promise<T> {
  const { body: envelope } = await call<T>(user, method, url, body);
  expect(envelope.status_code, `${method} ${url}: ${envelope.message}`).toBe(0);
  return envelope.data;
}

const deptId = async (name: string) =>
  (await server.db.selectFrom('depts').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const roleId = async (key: string) =>
  (await server.db.selectFrom('roles').select('id').where('key', '=', key).executeTakeFirstOrThrow()).id;

interface Audience {
  dept_ids: number[];
  role_ids: number[];
  user_ids: number[];
}

function input(title: string, audience: Audience, overrides: Record<string, unknown> = {}) {
  return { title, type_id: typeId, content: '<p>正文</p>', audience, ...overrides };
}

async function publish(title: string, audience: Audience, overrides: Record<string, unknown> = {}): Promise<ArticleAdminView> {
  const article = await ok<ArticleAdminView>('admin', 'POST', '/api/article', input(title, audience, overrides));
  return ok<ArticleAdminView>('admin', 'POST', `/api/article/${article.id}/publish`);
}

const open = (user: string, id: number) => ok(user, 'GET', `/api/employ/article/${id}`);
const confirm = (user: string, id: number) => ok(user, 'POST', `/api/article/${id}/view/confirm`);
const readLog = (id: number, query = '') => ok<ArticleReadLog>('admin', 'GET', `/api/article/view/log?id=${id}${query}`);

/**
 * The log's counts from the tables alone, without the module's code: the audience's rows and rules resolved over
 * users, depts and user_roles; openings and confirmations; by department.
 */
async function plainReading(articleId: number) {
  const db = server.db;
  const [people, rules, users, depts, userRoles, views, confirms, article] = await Promise.all([
    db.selectFrom('article_audience').select('user_id').where('article_id', '=', articleId).execute(),
    db.selectFrom('article_audience_rules').select(['kind', 'ref_id']).where('article_id', '=', articleId).execute(),
    db.selectFrom('users').select(['id', 'dept_id', 'status']).execute(),
    db.selectFrom('depts').select(['id', 'parent_id']).execute(),
    db.selectFrom('user_roles').select(['user_id', 'role_id']).execute(),
    db.selectFrom('article_views').select('user_id').where('article_id', '=', articleId).execute(),
    db.selectFrom('article_view_confirms').select('user_id').where('article_id', '=', articleId).execute(),
    db.selectFrom('articles').select('force_view').where('id', '=', articleId).executeTakeFirstOrThrow(),
  ]);
  const active = users.filter((u) => u.status === 1);
  const ruleDepts = rules.filter((r) => r.kind === 'dept').map((r) => r.ref_id);
  const ruleRoles = new Set(rules.filter((r) => r.kind === 'role').map((r) => r.ref_id));
  const under = new Set<number>();
  let frontier = ruleDepts;
  while (frontier.length > 0) {
    for (const id of frontier) under.add(id);
    frontier = depts.filter((d) => d.parent_id !== null && under.has(d.parent_id) && !under.has(d.id)).map((d) => d.id);
  }
  const isEveryone = people.length === 0 && rules.length === 0;
  const audience = new Set(
    active
      .filter(
        (u) =>
          isEveryone ||
          people.some((p) => p.user_id === u.id) ||
          (u.dept_id !== null && under.has(u.dept_id)) ||
          userRoles.some((r) => r.user_id === u.id && ruleRoles.has(r.role_id)),
      )
      .map((u) => u.id),
  );
  const viewed = new Set(views.map((v) => v.user_id));
  const confirmed = new Set(confirms.map((c) => c.user_id));
  const isForced = article.force_view === 1;
  const read = [...audience].filter((id) => viewed.has(id) || confirmed.has(id));
  const done = isForced ? [...audience].filter((id) => confirmed.has(id)) : [];
  const total = audience.size;
  const outside = [...new Set([...viewed, ...confirmed])].filter((id) => !audience.has(id));
  const deptOf = new Map(users.map((u) => [u.id, u.dept_id]));
  const byDept = new Map<number | null, number>();
  for (const id of audience) byDept.set(deptOf.get(id) ?? null, (byDept.get(deptOf.get(id) ?? null) ?? 0) + 1);
  return {
    total,
    opened: read.length,
    confirmed: done.length,
    unread: total - read.length,
    completion: total === 0 ? 0 : Math.floor(((isForced ? done.length : read.length) * 100) / total),
    outside: outside.sort((a, b) => a - b),
    byDept,
  };
}

const everyone = (log: ArticleReadLog): ArticleReadPerson[] => log.depts.flatMap((d) => d.people);

/** What a refusal must leave alone. */
async function snapshot() {
  const [reminders, notices, logs, views, confirms] = await Promise.all([
    server.db.selectFrom('article_reminders').selectAll().orderBy('article_id').orderBy('day').execute(),
    server.db.selectFrom('notifications').select(['id', 'user_id', 'kind']).orderBy('id').execute(),
    server.db.selectFrom('operation_logs').select('id').orderBy('id').execute(),
    server.db.selectFrom('article_views').selectAll().orderBy('article_id').orderBy('user_id').execute(),
    server.db.selectFrom('article_view_confirms').selectAll().orderBy('article_id').orderBy('user_id').execute(),
  ]);
  return { reminders, notices, logs, views, confirms };
}

describe('GET /api/article/view/log', () => {
  let forced: ArticleAdminView;
  let plain: ArticleAdminView;
  let audience: Audience;

  beforeAll(async () => {
    // 技术部 with 研发组 and 运维组 under it, the 财务人员 role, and 郑一 (市场部) by name; 胡琳 too, for now.
    audience = {
      dept_ids: [await deptId('技术部')],
      role_ids: [await roleId('finance')],
      user_ids: [await idOf(server, 'zhengyi'), await idOf(server, 'hulin')],
    };
    forced = await publish('强制阅读的通知', audience, { forceView: 1 });
    plain = await publish('普通通知', audience);
    for (const article of [forced, plain]) {
      await open('zhangsan', article.id);
      await open('zhangsan', article.id);
      await open('lisi', article.id);
      await open('zhengyi', article.id);
      await open('hulin', article.id);
      await confirm('wangwu', article.id);
    }
    await confirm('zhangsan', forced.id);
    // 胡琳 read both, and then the audience stopped naming her.
    const narrowed = { ...audience, user_ids: [await idOf(server, 'zhengyi')] };
    for (const article of [forced, plain]) {
      await ok('admin', 'PUT', `/api/article/${article.id}`, input(article.title, narrowed, { forceView: article.forceView }));
    }
  });

  it('counts as a plain reading of the tables does, for a forced and for a plain article', async () => {
    for (const article of [forced, plain]) {
      const log = await readLog(article.id);
      const expected = await plainReading(article.id);
      expect(log).toMatchObject({
        total: expected.total,
        opened: expected.opened,
        confirmed: expected.confirmed,
        unread: expected.unread,
        completion: expected.completion,
      });
      expect(log.total).toBe(16);
      const outside = everyone(log)
        .filter((p) => p.outside)
        .map((p) => p.user_id)
        .sort((a, b) => a - b);
      expect(outside).toEqual(expected.outside);
      expect(outside).toEqual([await idOf(server, 'hulin')]);
      for (const dept of log.depts) {
        expect(dept.total, dept.dept_name).toBe(expected.byDept.get(dept.dept_id) ?? 0);
        expect(dept.people.filter((p) => !p.outside)).toHaveLength(dept.total);
      }
    }
  });

  it('completes a forced article by confirmations and a plain one by readers', async () => {
    const forcedLog = await readLog(forced.id);
    // Confirmed: 张三, 王五 of 16; read at all: they and 李四, 郑一 (胡琳 read it too, but is no longer meant to).
    expect(forcedLog).toMatchObject({ confirmed: 2, opened: 4, unread: 12, completion: Math.floor(200 / 16) });
    const plainLog = await readLog(plain.id);
    // Read: 张三, 李四, 郑一 opened, 王五 confirmed; nobody is "confirmed" on a plain article.
    expect(plainLog).toMatchObject({ confirmed: 0, opened: 4, unread: 12, completion: Math.floor(400 / 16) });
    const states = (log: ArticleReadLog) => new Map(everyone(log).map((p) => [p.username, p.state]));
    expect(states(forcedLog).get('zhangsan')).toBe('confirmed');
    expect(states(forcedLog).get('wangwu')).toBe('confirmed');
    expect(states(forcedLog).get('lisi')).toBe('opened');
    expect(states(plainLog).get('zhangsan')).toBe('opened');
    expect(states(plainLog).get('wangwu')).toBe('opened');
    expect(states(plainLog).get('hanbing')).toBe('unread');
    expect(everyone(plainLog).some((p) => p.state === 'confirmed')).toBe(false);
  });

  it('lists each person with their times, by department in the directory order, unread first then by name', async () => {
    const log = await readLog(forced.id);
    const zhangsan = everyone(log).find((p) => p.username === 'zhangsan');
    const view = await server.db
      .selectFrom('article_views')
      .selectAll()
      .where('article_id', '=', forced.id)
      .where('user_id', '=', await idOf(server, 'zhangsan'))
      .executeTakeFirstOrThrow();
    expect(zhangsan).toMatchObject({
      name: '张三',
      dept_name: '技术部',
      first_opened_at: view.first_viewed_at,
      last_opened_at: view.last_viewed_at,
      open_count: 2,
      state: 'confirmed',
    });
    expect(zhangsan?.confirmed_at).not.toBeNull();
    const wangwu = everyone(log).find((p) => p.username === 'wangwu');
    expect(wangwu).toMatchObject({ first_opened_at: null, open_count: 0, state: 'confirmed' });

    const order = (await server.db.selectFrom('depts').select(['id']).orderBy('sort').orderBy('id').execute()).map((d) => d.id);
    const listed = log.depts.map((d) => d.dept_id);
    expect(listed).toEqual([...listed].sort((a, b) => order.indexOf(a ?? -1) - order.indexOf(b ?? -1)));
    const rank = { unread: 0, opened: 1, confirmed: 2 };
    for (const dept of log.depts) {
      const keys = dept.people.map((p) => [rank[p.state], p.name] as const);
      const sorted = [...keys].sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1], 'zh-CN'));
      expect(keys, dept.dept_name).toEqual(sorted);
    }
    const tech = log.depts.find((d) => d.dept_name === '技术部');
    expect(tech?.people[0]?.state).toBe('unread');
  });

  it('puts people without a department under 未分配部门, last', async () => {
    const id = await idOf(server, 'fengxiao');
    await server.db.updateTable('users').set({ dept_id: null }).where('id', '=', id).execute();
    await server.accessChanged();
    try {
      const article = await publish('无部门的人', { dept_ids: [], role_ids: [], user_ids: [id, await idOf(server, 'lisi')] });
      const log = await readLog(article.id);
      expect(log.depts.map((d) => [d.dept_id, d.dept_name])).toEqual([
        [await deptId('技术部'), '技术部'],
        [null, NO_DEPT_NAME],
      ]);
    } finally {
      await server.db
        .updateTable('users')
        .set({ dept_id: await deptId('技术部') })
        .where('id', '=', id)
        .execute();
      await server.accessChanged();
    }
  });

  it('narrows the people by state and keyword, never the counts', async () => {
    const whole = await readLog(forced.id);
    const unread = await readLog(forced.id, '&state=unread');
    expect(everyone(unread).every((p) => p.state === 'unread')).toBe(true);
    expect(everyone(unread)).toHaveLength(12);
    const byName = await readLog(forced.id, `&keyword=${encodeURIComponent('张')}`);
    expect(everyone(byName).map((p) => p.username)).toEqual(['zhangsan']);
    const byUsername = await readLog(forced.id, '&keyword=WANGWU');
    expect(everyone(byUsername).map((p) => p.username)).toEqual(['wangwu']);
    for (const narrowed of [unread, byName, byUsername]) {
      expect(narrowed).toMatchObject({
        total: whole.total,
        opened: whole.opened,
        confirmed: whole.confirmed,
        completion: whole.completion,
      });
    }
    const nobody = await readLog(forced.id, '&keyword=nobody-at-all');
    expect(nobody.depts).toEqual([]);
    expect(nobody.total).toBe(whole.total);
  });

  it('counts an audience of everyone as every active person', async () => {
    const article = await publish('全员通知', { dept_ids: [], role_ids: [], user_ids: [] });
    const log = await readLog(article.id);
    const active = await server.db.selectFrom('users').select('id').where('status', '=', 1).execute();
    expect(log.total).toBe(active.length);
    expect(log).toMatchObject({ opened: 0, unread: active.length, completion: 0 });
  });

  it('is for holders of article_admin: anyone else gets 403; an unknown article 404, bad filters 422', async () => {
    // A reader of the article and someone outside it alike.
    for (const user of ['zhangsan', 'hulin', 'zhuwei']) {
      const { body } = await call(user, 'GET', `/api/article/view/log?id=${forced.id}`);
      expect(body.status_code, user).toBe(403);
    }
    expect((await call('admin', 'GET', '/api/article/view/log?id=999999')).body.status_code).toBe(404);
    // A malformed id is refused at its field, with the same words (as every /api/article id).
    for (const query of ['', 'id=abc', 'id=-1', 'id=99999999999']) {
      const { body } = await call('admin', 'GET', `/api/article/view/log?${query}`);
      expect(body, query).toMatchObject({ status_code: 422, data: { errors: { id: [ArticleAdminMessages.notFound] } } });
    }
    const bad = await call('admin', 'GET', `/api/article/view/log?id=${forced.id}&state=read`);
    expect(bad.body).toMatchObject({ status_code: 422, data: { errors: { state: [ArticleReadLogMessages.stateInvalid] } } });
    const long = await call('admin', 'GET', `/api/article/view/log?id=${forced.id}&keyword=${'字'.repeat(51)}`);
    expect(long.body).toMatchObject({ status_code: 422, data: { errors: { keyword: [ArticleReadLogMessages.keywordTooLong] } } });
  });
});

describe('GET /api/article/view/log/export', () => {
  let article: ArticleAdminView;

  beforeAll(async () => {
    article = await publish('导出/测试:通知', { dept_ids: [await deptId('财务部')], role_ids: [], user_ids: [] }, { forceView: 1 });
    await open('wangwu', article.id);
    await confirm('wangwu', article.id);
    await open('sunhao', article.id);
  });

  async function download(query: string, auth: { token?: string; cookie?: string } = {}) {
    const headers: Record<string, string> = {};
    if (auth.token) headers.authorization = `Bearer ${auth.token}`;
    if (auth.cookie) headers.cookie = auth.cookie;
    const response = await fetch(`${server.baseUrl}/api/article/view/log/export${query}`, { headers });
    return { status: response.status, headers: response.headers, content: Buffer.from(await response.arrayBuffer()) };
  }

  async function rowsOf(content: Buffer): Promise<unknown[][]> {
    const workbook = new ExcelJS.Workbook();
    // exceljs declares its own Buffer type (modules/admin-users/user-xlsx.ts); a Node Buffer at run time.
    await workbook.xlsx.load(content as unknown as Parameters<typeof workbook.xlsx.load>[0]);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no worksheet');
    const rows: unknown[][] = [];
    for (let r = 1; r <= sheet.rowCount; r += 1) rows.push(Array.from({ length: 8 }, (_, c) => sheet.getRow(r).getCell(c + 1).value));
    return rows;
  }

  /** An instant as the sheet shows it: the Asia/Shanghai wall clock to the minute. */
  const shown = (iso: string | null) => (iso === null ? null : new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(0, 16));
  const cellTime = (value: unknown) =>
    value instanceof Date ? new Date(Math.round(value.getTime() / 1000) * 1000).toISOString().slice(0, 16) : value;

  it('streams the log as an xlsx: a row a person in the log order, labels and Shanghai times', async () => {
    const file = await download(`?id=${article.id}`, { token: await tokens.get('admin') });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('spreadsheetml');
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent('阅读记录-导出_测试_通知.xlsx')}; filename="file.xlsx"`,
    );
    const rows = await rowsOf(file.content);
    expect(rows[0]).toEqual([
      ArticleReadExportTexts.dept,
      ArticleReadExportTexts.name,
      ArticleReadExportTexts.username,
      ArticleReadExportTexts.state,
      ArticleReadExportTexts.firstOpenedAt,
      ArticleReadExportTexts.lastOpenedAt,
      ArticleReadExportTexts.openCount,
      ArticleReadExportTexts.confirmedAt,
    ]);
    const log = await readLog(article.id);
    const expected = log.depts.flatMap((d) =>
      d.people.map((p) => [
        d.dept_name,
        p.name,
        p.username,
        { unread: '未读', opened: '已读', confirmed: '已确认' }[p.state],
        shown(p.first_opened_at),
        shown(p.last_opened_at),
        p.open_count,
        shown(p.confirmed_at),
      ]),
    );
    expect(rows.slice(1).map((r) => r.map(cellTime))).toEqual(expected);
    // 财务部: 王五 confirmed, 孙浩 opened, 马娟 not yet.
    expect(rows.slice(1).map((r) => [r[2], r[3]])).toEqual([
      ['majuan', '未读'],
      ['sunhao', '已读'],
      ['wangwu', '已确认'],
    ]);
  });

  it('keeps the log filters', async () => {
    const file = await download(`?id=${article.id}&state=unread`, { token: await tokens.get('admin') });
    const rows = await rowsOf(file.content);
    expect(rows.slice(1).map((r) => r[2])).toEqual(['majuan']);
  });

  it('takes the session from the web app cookie and sets the readiness cookie', async () => {
    const token = await server.signIn('admin');
    const file = await download(`?id=${article.id}&token=abcdEFGH1234`, { cookie: `osp_token=${token}` });
    expect(file.status).toBe(200);
    expect(file.headers.get('set-cookie')).toBe('osp_export_abcdEFGH1234=0; Path=/; Max-Age=60; SameSite=Strict');
    const refused = await download(`?id=${article.id}&token=abcdEFGH1234`, { token: await tokens.get('zhangsan') });
    // A refusal of identity is HTTP 403 as well (http/errors.ts); the cookie carries it for the mask.
    expect(refused.status).toBe(403);
    expect((JSON.parse(refused.content.toString('utf8')) as ApiEnvelope<unknown>).status_code).toBe(403);
    expect(refused.headers.get('set-cookie')).toBe('osp_export_abcdEFGH1234=403; Path=/; Max-Age=60; SameSite=Strict');
    const missing = await download('?id=999999', { token: await tokens.get('admin') });
    expect((JSON.parse(missing.content.toString('utf8')) as ApiEnvelope<unknown>).status_code).toBe(404);
    expect((await download(`?id=${article.id}`)).status).toBe(401);
  });
});

describe('POST /api/article/{id}/view/remind', () => {
  it('tells everyone who has not confirmed a forced article, once a day, whatever the number of calls at once', async () => {
    const article = await publish('请尽快阅读', { dept_ids: [await deptId('市场部')], role_ids: [], user_ids: [] }, { forceView: 1 });
    await open('zhuwei', article.id);
    await confirm('hulin', article.id);
    // 市场部: 郑一, 朱伟 (opened, not confirmed), 胡琳 (confirmed), 郭强.
    const before = await readLog(article.id);
    expect(before).toMatchObject({ reminded_today: false, abilities: { remind: true } });

    const answers = await Promise.all(
      [1, 2, 3].map(() => call<ArticleRemindResult>('admin', 'POST', `/api/article/${article.id}/view/remind`)),
    );
    const sent = answers.filter((a) => a.body.status_code === 0);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({ data: { reminded: 3 }, message: ArticleReadLogMessages.reminded(3) });
    for (const refused of answers.filter((a) => a.body.status_code !== 0)) {
      expect(refused.body).toMatchObject({ status_code: 409, message: ArticleReadLogMessages.remindTooSoon });
    }
    const notices = await server.db
      .selectFrom('notifications')
      .select(['user_id', 'detail', 'bill_id'])
      .where('kind', '=', 'article')
      .where('detail', '=', article.title)
      .execute();
    const told = await Promise.all(['zhengyi', 'zhuwei', 'guoqiang'].map((u) => idOf(server, u)));
    expect(notices.map((n) => n.user_id).sort((a, b) => a - b)).toEqual(told.sort((a, b) => a - b));
    expect(notices.every((n) => n.bill_id === null)).toBe(true);

    const mine = await ok<Paged<NoticeRow>>('guoqiang', 'GET', '/api/notifications');
    expect(mine.list[0]).toMatchObject({
      kind: 'article',
      kind_text: '阅读提醒',
      text: `系统管理员 提醒您阅读「${article.title}」`,
      bill_id: null,
      // 消息通知 opens the article from it.
      article_id: article.id,
    });

    const logged = await server.db
      .selectFrom('operation_logs')
      .select(['action', 'summary'])
      .where('item_type', '=', 'article')
      .where('item_id', '=', String(article.id))
      .where('action', '=', 'remind')
      .execute();
    expect(logged).toEqual([{ action: 'remind', summary: `提醒阅读文章「${article.title}」（3 人）` }]);
    expect(await readLog(article.id)).toMatchObject({ reminded_today: true, abilities: { remind: false } });

    const unchanged = await snapshot();
    const again = await call('admin', 'POST', `/api/article/${article.id}/view/remind`);
    expect(again.body).toMatchObject({ status_code: 409, message: ArticleReadLogMessages.remindTooSoon });
    expect(await snapshot()).toEqual(unchanged);

    // The next day it may remind again.
    await server.db.updateTable('article_reminders').set({ day: '2000-01-01' }).where('article_id', '=', article.id).execute();
    const nextDay = await ok<ArticleRemindResult>('admin', 'POST', `/api/article/${article.id}/view/remind`);
    expect(nextDay.reminded).toBe(3);
  });

  it('tells those who have not opened a plain article, and nobody when all have read it', async () => {
    const article = await publish('普通提醒', {
      dept_ids: [],
      role_ids: [],
      user_ids: [await idOf(server, 'luopeng'), await idOf(server, 'liangyu')],
    });
    await open('luopeng', article.id);
    const first = await call<ArticleRemindResult>('admin', 'POST', `/api/article/${article.id}/view/remind`);
    expect(first.body).toMatchObject({ status_code: 0, data: { reminded: 1 }, message: '已提醒 1 人' });

    const all = await publish('都读过了', { dept_ids: [], role_ids: [], user_ids: [await idOf(server, 'luopeng')] });
    await open('luopeng', all.id);
    const before = await snapshot();
    const none = await call<ArticleRemindResult>('admin', 'POST', `/api/article/${all.id}/view/remind`);
    expect(none.body).toMatchObject({ status_code: 0, data: { reminded: 0 }, message: ArticleReadLogMessages.remindNobody });
    expect(await snapshot()).toEqual(before);
    expect(await readLog(all.id)).toMatchObject({ reminded_today: false });
  });

  it('refuses a draft or withdrawn article, anyone but an administrator, an unknown article; nothing changes', async () => {
    const draft = await ok<ArticleAdminView>('admin', 'POST', '/api/article', input('草稿', { dept_ids: [], role_ids: [], user_ids: [] }));
    const withdrawn = await publish('撤回的', { dept_ids: [], role_ids: [], user_ids: [await idOf(server, 'songjie')] });
    await ok('admin', 'POST', `/api/article/${withdrawn.id}/withdraw`);
    const live = await publish('有效的', { dept_ids: [], role_ids: [], user_ids: [await idOf(server, 'songjie')] });
    const before = await snapshot();
    for (const id of [draft.id, withdrawn.id]) {
      const { body } = await call('admin', 'POST', `/api/article/${id}/view/remind`);
      expect(body).toMatchObject({ status_code: 409, message: ArticleReadLogMessages.remindUnpublished });
    }
    expect((await call('songjie', 'POST', `/api/article/${live.id}/view/remind`)).body.status_code).toBe(403);
    expect((await call('admin', 'POST', '/api/article/999999/view/remind')).body.status_code).toBe(404);
    expect((await call('admin', 'POST', '/api/article/abc/view/remind')).body).toMatchObject({
      status_code: 422,
      message: ArticleAdminMessages.notFound,
    });
    expect(await snapshot()).toEqual(before);
    expect((await readLog(draft.id)).abilities.remind).toBe(false);
  });
});
