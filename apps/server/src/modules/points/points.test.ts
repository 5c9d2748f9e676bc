import { PointMessages, type Paged, type PointLedgerEntry, type PointRank } from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';

let server: TestServer;
let ids: Map<string, number>;
beforeAll(async () => {
  server = await startTestServer();
  const users = await server.db.selectFrom('users').select(['id', 'username']).execute();
  ids = new Map(users.map((u) => [u.username, u.id]));
});
afterAll(async () => server.close());

const idOf = (username: string): number => {
  const id = ids.get(username);
  if (id === undefined) throw new Error(`no demo user ${username}`);
  return id;
};

/** A published forced-read article for everyone, straight in the table: the articles module's own tests cover writing one. */
async function forcedArticle(title: string, forceView = 1): Promise<number> {
  const now = new Date().toISOString();
  const row = await server.db
    .insertInto('articles')
    .values({
      title,
      content: '<p>正文</p>',
      force_view: forceView,
      status: 1,
      author_id: idOf('admin'),
      published_at: now,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const ledgerOf = (userId: number) => server.db.selectFrom('point_ledger').selectAll().where('user_id', '=', userId).execute();
const ledgerCount = async () =>
  Number(
    (
      await server.db
        .selectFrom('point_ledger')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('awards for confirming a forced article', () => {
  it('awards the setting once per article and person; a second confirm awards nothing', async () => {
    const article = await forcedArticle('积分测试：一次确认');
    const token = await server.signIn('wangwu');
    expect((await server.call('POST', `/api/article/${article}/view/confirm`, { token })).body.status_code).toBe(0);
    expect((await server.call('POST', `/api/article/${article}/view/confirm`, { token })).body.status_code).toBe(0);
    const rows = (await ledgerOf(idOf('wangwu'))).filter((r) => r.source_id === article);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      points: 2,
      source_kind: 'article_confirm',
      created_by: null,
      reason: '确认阅读《积分测试：一次确认》',
    });

    const mine = await server.call<Paged<PointLedgerEntry>>('GET', '/api/points/mine', { token });
    expect(mine.body.data.list[0]).toMatchObject({ points: 2, source: 'article_confirm', source_label: '确认阅读文章' });
  });

  it('writes one row when the same person confirms six times at once', async () => {
    const article = await forcedArticle('积分测试：并发确认');
    const token = await server.signIn('zhaoliu');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => server.call('POST', `/api/article/${article}/view/confirm`, { token })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect((await ledgerOf(idOf('zhaoliu'))).filter((r) => r.source_id === article)).toHaveLength(1);
  });

  it('awards nothing for an article that is not forced, and follows the setting', async () => {
    const plain = await forcedArticle('积分测试：普通文章', 0);
    const token = await server.signIn('hulin');
    await server.call('POST', `/api/article/${plain}/view/confirm`, { token });
    expect(await ledgerOf(idOf('hulin'))).toHaveLength(0);

    const admin = await server.signIn('admin');
    const set = await server.call('PUT', '/api/admin/settings', { token: admin, body: { point_article_confirm: 5 } });
    expect(set.body.status_code).toBe(0);
    const forced = await forcedArticle('积分测试：设置为 5 分');
    await server.call('POST', `/api/article/${forced}/view/confirm`, { token });
    expect((await ledgerOf(idOf('hulin'))).map((r) => r.points)).toEqual([5]);

    const bad = await server.call('PUT', '/api/admin/settings', { token: admin, body: { point_article_confirm: -1 } });
    expect(bad.body).toMatchObject({ status_code: 422, message: PointMessages.awardRange });
    await server.call('PUT', '/api/admin/settings', { token: admin, body: { point_article_confirm: 2 } });
  });
});

describe('the ranking', () => {
  beforeAll(async () => {
    const row = (username: string, points: number, at: string) => ({
      user_id: idOf(username),
      points,
      reason: '测试',
      source_kind: 'adjust',
      source_id: null,
      created_at: at,
      created_by: idOf('admin'),
    });
    await server.db
      .insertInto('point_ledger')
      .values([
        row('zhangsan', 10, '2025-01-10T02:00:00.000Z'),
        row('lisi', 10, '2025-01-20T02:00:00.000Z'),
        // 23:30 on 31 January in Shanghai: January.
        row('zhoujiu', 3, '2025-01-31T15:30:00.000Z'),
        // 00:30 on 1 February in Shanghai, though still January in UTC: February.
        row('zhoujiu', 5, '2025-01-31T16:30:00.000Z'),
        row('wangwu', 20, '2025-02-15T02:00:00.000Z'),
        row('wangwu', 7, '2025-05-01T02:00:00.000Z'),
        // Before the year, in Shanghai: 2024.
        row('wangwu', 100, '2024-12-31T15:59:59.000Z'),
      ])
      .execute();
  });

  const rank = (token: string, query: string) => server.call<PointRank>('GET', `/api/points/rank?${query}`, { token });
  const places = (data: PointRank) => data.list.map((e) => [e.name, e.rank, e.points, e.top]);

  it('ranks a month in the Shanghai calendar, equal totals sharing a place (1, 1, 3)', async () => {
    const token = await server.signIn('zhangsan');
    const { body } = await rank(token, 'period=month&at=2025-01');
    expect(body.status_code).toBe(0);
    expect(places(body.data)).toEqual([
      ['张三', 1, 10, true],
      ['李四', 1, 10, true],
      ['周九', 3, 3, true],
    ]);
    expect(body.data).toMatchObject({ total: 3, from: '2025-01', to: '2025-01', me: { rank: 1, points: 10 } });
    expect(body.data.list[0]?.dept_name).toBe('技术部');
  });

  it('ranks a quarter and a year', async () => {
    const token = await server.signIn('zhangsan');
    const quarter = (await rank(token, 'period=quarter&at=2025-02')).body.data;
    expect(places(quarter)).toEqual([
      ['王五', 1, 20, true],
      ['张三', 2, 10, true],
      ['李四', 2, 10, true],
      ['周九', 4, 8, false],
    ]);
    expect([quarter.from, quarter.to]).toEqual(['2025-01', '2025-03']);
    const year = (await rank(token, 'period=year&at=2025-07')).body.data;
    expect(places(year)[0]).toEqual(['王五', 1, 27, true]);
    expect([year.from, year.to, year.total]).toEqual(['2025-01', '2025-12', 4]);
  });

  it('filters by department with its sub-departments', async () => {
    const token = await server.signIn('zhangsan');
    const tech = await server.db.selectFrom('depts').select('id').where('name', '=', '技术部').executeTakeFirstOrThrow();
    const dev = await server.db.selectFrom('depts').select('id').where('name', '=', '研发组').executeTakeFirstOrThrow();
    expect(places((await rank(token, `period=quarter&at=2025-01&dept_id=${tech.id}`)).body.data)).toEqual([
      ['张三', 1, 10, true],
      ['李四', 1, 10, true],
      ['周九', 3, 8, true],
    ]);
    const devOnly = (await rank(token, `period=quarter&at=2025-01&dept_id=${dev.id}`)).body.data;
    expect(places(devOnly)).toEqual([['周九', 1, 8, true]]);
    // zhangsan is not in 研发组: no place in that ranking.
    expect(devOnly.me).toEqual({ rank: null, points: 0 });
  });

  it('pages, and shows my own place when I am not on the page', async () => {
    const token = await server.signIn('zhoujiu');
    const { data } = (await rank(token, 'period=month&at=2025-01&page=1&per_page=1')).body;
    expect(places(data)).toEqual([['张三', 1, 10, true]]);
    expect(data).toMatchObject({ total: 3, page: 1, per_page: 1, me: { rank: 3, points: 3 } });
    const admin = await server.signIn('admin');
    const asAdmin = (await rank(admin, 'period=month&at=2025-01')).body.data;
    expect(asAdmin.me).toEqual({ rank: null, points: 0 });
    // What the page offers: 调整积分 to holders of point_admin only.
    expect([asAdmin.abilities.adjust, data.abilities.adjust]).toEqual([true, false]);
  });

  it('answers bad parameters with 422 and a Chinese message, never a 500', async () => {
    const token = await server.signIn('zhangsan');
    for (const [query, message] of [
      ['period=week', PointMessages.periodInvalid],
      ['at=2025-13', PointMessages.atInvalid],
      ['at=abc', PointMessages.atInvalid],
      ['dept_id=abc', PointMessages.deptUnknown],
      ['dept_id=999999', PointMessages.deptUnknown],
      ['page=0', '页码须为正整数'],
      ['per_page=1000', '每页最多 100 条'],
      ['period=month&period=year', PointMessages.periodInvalid],
    ] as const) {
      const { status, body } = await rank(token, query);
      expect([status, body.status_code, body.message], query).toEqual([200, 422, message]);
    }
  });

  it('refuses the ranking and the ledger without point_rank (403), and answers 401 without a token', async () => {
    await server.db.deleteFrom('user_roles').where('user_id', '=', idOf('fengxiao')).execute();
    await server.accessChanged();
    const token = await server.signIn('fengxiao');
    expect((await rank(token, 'period=month')).status).toBe(403);
    expect((await server.call('GET', '/api/points/mine', { token })).status).toBe(403);
    expect((await server.call('GET', '/api/points/rank')).status).toBe(401);
  });
});

describe('adjustments', () => {
  it('adds points with a reason, in the ledger and the operation log', async () => {
    const admin = await server.signIn('admin');
    const target = idOf('gaoyan');
    const { body } = await server.call('POST', '/api/points/adjust', {
      token: admin,
      body: { user_id: target, points: 15, reason: '  季度优秀员工  ' },
    });
    expect(body).toMatchObject({ status_code: 0, message: '已为「高燕」增加 15 分', data: { user_id: target, points: 15 } });
    expect(await ledgerOf(target)).toMatchObject([
      { points: 15, reason: '季度优秀员工', source_kind: 'adjust', created_by: idOf('admin') },
    ]);
    const log = await server.db
      .selectFrom('operation_logs')
      .selectAll()
      .where('item_type', '=', 'point')
      .where('item_id', '=', String(target))
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({ action: 'adjust_points', summary: '为「高燕」增加 15 分：季度优秀员工', username: 'admin' });

    const minus = await server.call('POST', '/api/points/adjust', { token: admin, body: { user_id: target, points: -4, reason: '扣分' } });
    expect(minus.body.message).toBe('已为「高燕」扣减 4 分');
    const month = (await server.call<PointRank>('GET', '/api/points/rank?period=month', { token: await server.signIn('gaoyan') })).body
      .data;
    expect(month.me.points).toBe(11);
  });

  it('refuses adjusting one’s own points and adjusting without point_admin, changing nothing', async () => {
    const before = await ledgerCount();
    const admin = await server.signIn('admin');
    const self = await server.call('POST', '/api/points/adjust', {
      token: admin,
      body: { user_id: idOf('admin'), points: 5, reason: '自己' },
    });
    expect([self.status, self.body.message]).toEqual([403, PointMessages.selfAdjust]);
    const staff = await server.signIn('lisi');
    const denied = await server.call('POST', '/api/points/adjust', {
      token: staff,
      body: { user_id: idOf('zhangsan'), points: 5, reason: '同事' },
    });
    expect(denied.status).toBe(403);
    expect(await ledgerCount()).toBe(before);
  });

  it('answers bad input with 422 at each field (or 400 for a malformed body), changing nothing', async () => {
    const before = await ledgerCount();
    const token = await server.signIn('admin');
    const cases: [unknown, Record<string, string>][] = [
      [{}, { user_id: PointMessages.userRequired, points: PointMessages.pointsRequired, reason: PointMessages.reasonRequired }],
      [
        { user_id: 'x', points: 1.5, reason: '   ' },
        { user_id: PointMessages.userRequired, points: PointMessages.pointsInteger, reason: PointMessages.reasonRequired },
      ],
      [{ user_id: idOf('zhangsan'), points: 0, reason: 'a' }, { points: PointMessages.pointsZero }],
      [
        { user_id: idOf('zhangsan'), points: 100000, reason: 'a'.repeat(201) },
        { points: PointMessages.pointsRange, reason: PointMessages.reasonTooLong },
      ],
      [{ user_id: 99999999, points: 1, reason: 'a' }, { user_id: PointMessages.userUnknown }],
      [[1, 2], {}],
    ];
    for (const [body, fields] of cases) {
      const answer = await server.call<{ errors: Record<string, string[]> }>('POST', '/api/points/adjust', { token, body });
      expect(answer.body.status_code, JSON.stringify(body)).toBe(422);
      for (const [field, message] of Object.entries(fields)) expect(answer.body.data.errors[field]).toContain(message);
    }
    const malformed = await server.call('POST', '/api/points/adjust', {
      token,
      raw: '{"user_id":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.body.status_code).toBe(400);
    expect(malformed.status).toBeLessThan(500);
    expect(await ledgerCount()).toBe(before);
  });
});
