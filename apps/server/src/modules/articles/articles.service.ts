import { ArticleMessages, type Article, type ForceView } from '@osp/shared';
import { z } from 'zod';
import type { AppContext, Caller } from '../../context';
import { NotFoundError } from '../../http/errors';
import { parse } from '../../http/validate';
import { awardOnce, awardValue } from '../points/points.service';
import * as repo from './articles.repo';

const ArticleIdZ = z.object({ id: z.coerce.number({ error: ArticleMessages.notFound }).int().positive(ArticleMessages.notFound) });

export async function getForceView(ctx: AppContext, caller: Caller): Promise<ForceView> {
  const pending = await repo.findPendingForcedArticleId(ctx.db, caller.userId);
  return pending ? { forceView: 1, forceViewArticleId: pending.id } : { forceView: 0, forceViewArticleId: null };
}

/**
 * One article for its preview page. An article the caller may not read answers "not found", the
 * same as one that does not exist, so that ids do not reveal what others were sent.
 */
export async function getArticle(ctx: AppContext, caller: Caller, params: unknown): Promise<Article> {
  const { id } = parse(ArticleIdZ, params);
  const row = await repo.findReadableArticle(ctx.db, id, caller.userId);
  if (!row) throw new NotFoundError(ArticleMessages.notFound);
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    forceView: row.force_view,
    published_at: row.published_at,
    author: row.author ?? '',
    confirmed: row.confirmed_at !== null,
  };
}

/** Confirms reading; confirming twice is harmless and keeps the first time. */
export async function confirmArticle(ctx: AppContext, caller: Caller, params: unknown): Promise<Article> {
  const article = await getArticle(ctx, caller, params);
  // 积分 (issue 15): a forced article's confirmation earns the setting's points, in the confirmation's transaction and
  // once per article and person (the ledger's unique key, whatever the number of confirms at once).
  const points = article.forceView === 1 ? await awardValue(ctx, 'article_confirm') : 0;
  await ctx.db.transaction().execute(async (trx) => {
    await repo.insertConfirmation(trx, article.id, caller.userId, new Date().toISOString());
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
