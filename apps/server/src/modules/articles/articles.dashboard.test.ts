import {
  DASHBOARD_ARTICLE_COUNT,
  EmployArticleTexts,
  type ArticleAdminView,
  type ArticleType,
  type DashboardArticles,
  type EmployArticleRow,
  type Paged,
} from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { Tokens } from '../bills/test-support';

/**
 * GET /api/dashboard/article (issue 15): the home page's announcements by type. Checked against the staff list, the
 * plain reading of what a person may read: each group is that list's first few of the type, each unread count that
 * list's unread rows, and nothing outside the audience shows in a group or a count.
 */

let server: TestServer;
let tokens: Tokens;
const typeIds: number[] = [];

beforeAll(async () => {
  server = await startTestServer();
  tokens = new Tokens(server);
  for (const name of ['首页通知', '首页制度']) {
    const { body } = await call<ArticleType>('admin', 'POST', '/api/articletype', { name });
    typeIds.push(body.data.id);
  }
});
afterAll(async () => server.close());

async function call<T>(user: string, method: string, url: string, body?: unknown) {
  return server.call<T>(method, url, { token: await tokens.get(user), ...(body !== undefined ? { body } : {}) });
}

async function published(overrides: Record<string, unknown>): Promise<number> {
  const created = await call<ArticleAdminView>('admin', 'POST', '/api/article', { summary: '', content: '<p>正文</p>', ...overrides });
  expect(created.body.status_code, created.body.message).toBe(0);
  const { body } = await call('admin', 'POST', `/api/article/${created.body.data.id}/publish`);
  expect(body.status_code, body.message).toBe(0);
  return created.body.data.id;
}

async function dashboard(user: string): Promise<DashboardArticles> {
  const { body } = await call<DashboardArticles>(user, 'GET', '/api/dashboard/article');
  expect(body.status_code, body.message).toBe(0);
  return body.data;
}

async function employList(user: string): Promise<EmployArticleRow[]> {
  const { body } = await call<Paged<EmployArticleRow>>(user, 'GET', '/api/employ/article?per_page=100');
  expect(body.status_code, body.message).toBe(0);
  expect(body.data.total).toBeLessThanOrEqual(100);
  return body.data.list;
}

/** What the card must show, read from the staff list (already pinned first, then newest). */
async function expected(user: string) {
  const list = await employList(user);
  const byType = new Map<number | null, EmployArticleRow[]>();
  for (const row of list) byType.set(row.type_id, [...(byType.get(row.type_id) ?? []), row]);
  return { list, byType };
}

describe('GET /api/dashboard/article', () => {
  it('groups the latest few of each type in the types’ order, with unread counts the staff list agrees with', async () => {
    const [notices, rules] = typeIds as [number, number];
    const hour = 3600_000;
    const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * hour).toISOString();
    // Seven notices (the oldest pinned, so it leads), two rules, one kept from 王五 by its department.
    const noticeIds: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      noticeIds.push(await published({ title: `通知${i}`, type_id: notices, publish_at: at(10 - i), is_pinned: i === 0 ? 1 : 0 }));
    }
    await published({ title: '制度一', type_id: rules, publish_at: at(3) });
    await published({ title: '制度二', type_id: rules, publish_at: at(2) });
    const tech = await server.db.selectFrom('depts').select('id').where('name', '=', '技术部').executeTakeFirstOrThrow();
    const techOnly = await published({ title: '技术部专属', type_id: rules, publish_at: at(1), audience: { dept_ids: [tech.id] } });
    // A draft, and an article filed under no type (as those from before article types), which goes last.
    await call('admin', 'POST', '/api/article', { title: '草稿', type_id: notices, content: '<p>草稿</p>' });
    const untyped = await published({ title: '无类型', type_id: rules, publish_at: at(4) });
    await server.db.updateTable('articles').set({ type_id: null }).where('id', '=', untyped).execute();
    // 张三 opens one notice: no longer unread.
    await call('zhangsan', 'GET', `/api/employ/article/${noticeIds[3]}`);

    for (const user of ['zhangsan', 'wangwu']) {
      const card = await dashboard(user);
      const { list, byType } = await expected(user);
      const order = (await call<ArticleType[]>('admin', 'GET', '/api/articletype')).body.data.map((type) => type.id);
      const typesWanted = [...byType.keys()].sort((a, b) => (a === null ? 1 : b === null ? -1 : order.indexOf(a) - order.indexOf(b)));
      expect(card.types.map((group) => group.type_id)).toEqual(typesWanted);
      for (const group of card.types) {
        const rows = byType.get(group.type_id) ?? [];
        expect(group.list).toEqual(rows.slice(0, DASHBOARD_ARTICLE_COUNT));
        expect(group.unread).toBe(rows.filter((row) => row.unread).length);
      }
      expect(card.unread).toBe(list.filter((row) => row.unread).length);
      expect(card.latest).toEqual(list.slice(0, DASHBOARD_ARTICLE_COUNT));
      expect(card.types.at(-1)).toMatchObject({ type_id: null, type_name: EmployArticleTexts.untyped });
    }

    const zhangsan = await dashboard('zhangsan');
    const noticeGroup = zhangsan.types.find((group) => group.type_id === notices);
    expect(noticeGroup?.list.map((row) => row.title)).toEqual(['通知0', '通知6', '通知5', '通知4', '通知3']);
    expect(noticeGroup?.list.find((row) => row.id === noticeIds[3])?.unread).toBe(false);
    expect(noticeGroup?.unread).toBe(6);
    const wangwu = await dashboard('wangwu');
    expect(wangwu.types.flatMap((group) => group.list).some((row) => row.id === techOnly)).toBe(false);
    const wangwuRules = wangwu.types.find((group) => group.type_id === rules);
    expect(wangwuRules?.list.map((row) => row.title)).toEqual(['制度二', '制度一']);
    expect(wangwuRules?.unread).toBe(2);
  });

  it('tells a person with nothing meant for them so, with no groups', async () => {
    await server.db.updateTable('articles').set({ status: 2 }).execute();
    expect(await dashboard('lisi')).toEqual({ unread: 0, latest: [], types: [] });
  });

  it('needs sign-in', async () => {
    expect((await server.call('GET', '/api/dashboard/article')).status).toBe(401);
  });
});
