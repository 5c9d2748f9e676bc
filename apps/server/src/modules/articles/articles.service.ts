import {
  ArticleIdZ,
  ArticleMessages,
  DASHBOARD_ARTICLE_COUNT,
  EmployArticleQueryZ,
  EmployArticleTexts,
  type Article,
  type ArticleAdminView,
  type DashboardArticles,
  type DashboardArticleType,
  type EmployArticle,
  type EmployArticleRow,
  type ForceView,
  type Paged,
} from '@osp/shared';
import { z } from 'zod';
import type { AppContext, Caller } from '../../context';
import { nowIso } from '../../db/index';
import { NotFoundError } from '../../http/errors';
import { parse } from '../../http/validate';
import { getAdminArticle } from './articles.admin';
import { readerOf } from './articles.audience';
import { attachmentsOf } from './articles.files';
import { isArticleAdmin } from './articles.policy';
import { ok } from '../../http/envelope';
import { awardOnce, awardValue } from '../points/points.service';
import { articleAnswers } from './articles.answers';
import * as repo from './articles.repo';

/**
 * Reading articles (issue 15): the forced-read gate, the preview (GET /api/article/{id}), the confirmation, and the
 * staff's own list (/api/employ/article). Everything a reader sees passes repo.readableBy: published, inside its
 * publish window, meant for them. What is not answers "not found", the same as what does not exist, so that ids do
 * not reveal what others were sent.
 */

/** The gate's id has always answered 422 with "not found" for a malformed id (issue 14). */
const GateArticleIdZ = z.object({
  id: z.coerce
    .number({ error: ArticleMessages.notFound })
    .int()
    .positive(ArticleMessages.notFound)
    .max(2_147_483_647, ArticleMessages.notFound),
});

export async function getForceView(ctx: AppContext, caller: Caller): Promise<ForceView> {
  const pending = await repo.findPendingForcedArticleId(ctx.db, await readerOf(ctx, caller), nowIso());
  return pending ? { forceView: 1, forceViewArticleId: pending.id } : { forceView: 0, forceViewArticleId: null };
}

async function readableArticle(ctx: AppContext, caller: Caller, id: number) {
  const row = await repo.findReadableArticle(ctx.db, id, await readerOf(ctx, caller), nowIso());
  if (!row) throw new NotFoundError(ArticleMessages.notFound);
  return row;
}

/** The reader's view of one article, for the preview page and the gate. */
async function getReaderArticle(ctx: AppContext, caller: Caller, id: number): Promise<Article> {
  const row = await readableArticle(ctx, caller, id);
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    attachments: await attachmentsOf(ctx.db, row.id),
    forceView: row.force_view,
    published_at: row.published_at,
    author: row.author ?? '',
    confirmed: row.confirmed_at !== null,
  };
}

/**
 * GET /api/article/{id}: holders of article_admin get the whole article in any state (their editor and preview);
 * everyone else the reader's view of what they may read. The administrator's answer carries the reader's fields
 * too, so the preview page and the gate read either (docs/decisions.md "Articles").
 */
export async function getArticle(ctx: AppContext, caller: Caller, params: unknown): Promise<Article | ArticleAdminView> {
  const { id } = parse(GateArticleIdZ, params);
  if (isArticleAdmin(caller)) return getAdminArticle(ctx, caller, id);
  return getReaderArticle(ctx, caller, id);
}

/** Confirms reading, as a reader whatever their permissions; confirming twice is harmless and keeps the first time. */
export async function confirmArticle(ctx: AppContext, caller: Caller, params: unknown): Promise<Article> {
  const { id } = parse(GateArticleIdZ, params);
  const article = await getReaderArticle(ctx, caller, id);
  // 积分 (issue 15): a forced article's confirmation earns the setting's points, in the confirmation's transaction and
  // once per article and person (the ledger's unique key, whatever the number of confirms at once).
  const points = article.forceView === 1 ? await awardValue(ctx, 'article_confirm') : 0;
  await ctx.db.transaction().execute(async (trx) => {
    await repo.insertConfirmation(trx, article.id, caller.userId, nowIso());
    await awardOnce(trx, {
      userId: caller.userId,
      points,
      reason: `确认阅读《${article.title}》`.slice(0, 200),
      sourceKind: 'article_confirm',
      sourceId: article.id,
    });
  });
  return { ...article, confirmed: true };
}

type ReaderRow = Omit<Awaited<ReturnType<typeof repo.findReadableArticles>>['rows'][number], 'viewed' | 'confirmed'>;

function employRow(row: ReaderRow, isUnread: boolean): EmployArticleRow {
  return {
    id: row.id,
    title: row.title,
    type_id: row.type_id,
    type_name: row.type_name ?? '',
    summary: row.summary,
    cover: row.cover_file_id,
    published_at: row.published_at,
    is_pinned: row.is_pinned,
    forceView: row.force_view,
    unread: isUnread,
  };
}

/** GET /api/employ/article: what is meant for me now, pinned first, then newest; unread = neither opened nor confirmed. */
async function employPage(ctx: AppContext, caller: Caller, input: z.infer<typeof EmployArticleQueryZ>): Promise<Paged<EmployArticleRow>> {
  const { rows, total } = await repo.findReadableArticles(
    ctx.db,
    await readerOf(ctx, caller),
    nowIso(),
    { typeId: input.type_id, keyword: input.keyword },
    { offset: (input.page - 1) * input.per_page, limit: input.per_page },
  );
  // SQLite answers EXISTS as 0/1, PostgreSQL as a boolean.
  const list = rows.map((row) => employRow(row, !row.viewed && !row.confirmed));
  return { list, total, page: input.page, per_page: input.per_page };
}

/**
 * GET /api/employ/article as the JSON sent: a page without a search is kept per reader until the articles, the
 * directory or a publish window change (articles.answers.ts); the input parsed whole is its key.
 */
export async function findEmployArticlesJson(ctx: AppContext, caller: Caller, query: unknown): Promise<Buffer> {
  const input = parse(EmployArticleQueryZ, query);
  const compute = async () => Buffer.from(JSON.stringify(ok(await employPage(ctx, caller, input))));
  if (input.keyword) return compute();
  return articleAnswers(ctx).answer(ctx, caller.userId, `list:${JSON.stringify(input)}`, compute);
}

/** GET /api/dashboard/article as the JSON sent, kept per reader as the list's pages are. */
export function findDashboardArticlesJson(ctx: AppContext, caller: Caller): Promise<Buffer> {
  return articleAnswers(ctx).answer(ctx, caller.userId, 'dashboard', async () =>
    Buffer.from(JSON.stringify(ok(await findDashboardArticles(ctx, caller)))),
  );
}

/**
 * GET /api/dashboard/article: the home page's announcements by type — the latest few of each type I may read, and the
 * unread counts — under the same reading rule as the list, so the card never shows what the list would not.
 */
async function findDashboardArticles(ctx: AppContext, caller: Caller): Promise<DashboardArticles> {
  const { rows, unread } = await repo.findLatestReadableByType(ctx.db, await readerOf(ctx, caller), nowIso(), DASHBOARD_ARTICLE_COUNT);
  const unreadOf = new Map(unread.map((row) => [row.type_id, row.n]));
  const types: DashboardArticleType[] = [];
  for (const row of rows) {
    let group = types.at(-1);
    if (group?.type_id !== row.type_id) {
      group = {
        type_id: row.type_id,
        type_name: row.type_id === null ? EmployArticleTexts.untyped : (row.type_name ?? ''),
        unread: unreadOf.get(row.type_id) ?? 0,
        list: [],
      };
      types.push(group);
    }
    group.list.push(employRow(row, !row.viewed && !row.confirmed));
  }
  // The newest few of every type hold the newest few of all: an article in the overall first few has fewer ahead of it
  // within its own type, in the same order.
  const latest = types
    .flatMap((group) => group.list)
    .sort(listOrder)
    .slice(0, DASHBOARD_ARTICLE_COUNT);
  return { unread: unread.reduce((sum, row) => sum + row.n, 0), latest, types };
}

/** The staff list's order (repo.findReadableArticles): pinned first, then newest, then the larger id. */
function listOrder(a: EmployArticleRow, b: EmployArticleRow): number {
  if (a.is_pinned !== b.is_pinned) return b.is_pinned - a.is_pinned;
  const byTime = (b.published_at ?? '').localeCompare(a.published_at ?? '');
  return byTime !== 0 ? byTime : b.id - a.id;
}

/** GET /api/employ/article/{id}: one of mine, and this opening recorded (first and last time, how often). */
export async function getEmployArticle(ctx: AppContext, caller: Caller, params: unknown): Promise<EmployArticle> {
  const { id } = parse(ArticleIdZ, params);
  const row = await readableArticle(ctx, caller, id);
  await repo.recordView(ctx.db, id, caller.userId, nowIso());
  return {
    ...employRow(row, !row.viewed && row.confirmed_at === null),
    content: row.content,
    attachments: await attachmentsOf(ctx.db, id),
    author: row.author ?? '',
    expire_at: row.expire_at,
    force_deadline: row.force_deadline,
    confirmed: row.confirmed_at !== null,
  };
}
