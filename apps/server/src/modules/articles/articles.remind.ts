import { ArticleIdZ, ArticleReadLogMessages, ArticleStatus, type ArticleRemindResult } from '@osp/shared';
import type { Actor, AppContext } from '../../context';
import { nowIso } from '../../db/index';
import { ConflictError } from '../../http/errors';
import { parse } from '../../http/validate';
import { notify } from '../notifications/notifications.service';
import { recordOperation } from '../syslog/syslog.service';
import { claimReminder, isRemindedOn } from './article-read-log.repo';
import { authorizeArticleAdmin } from './articles.policy';
import { companyDay, readLogFacts } from './articles.read-log';

/**
 * 提醒 (issue 15, docs/articles-api.md "提醒"): an in-app notice (kind `article`) to every person of the audience who
 * has not confirmed a forced article, or not opened any other, at most once per article and Asia/Shanghai day. The
 * day's row in article_reminders is taken in the notices' transaction: of two reminders at once the second finds it
 * taken, rolls back and sends nothing. A reminder that would reach nobody takes no row.
 */

export interface Reminded {
  result: ArticleRemindResult;
  message: string;
}

export async function remindUnread(ctx: AppContext, actor: Actor, params: unknown): Promise<Reminded> {
  authorizeArticleAdmin(actor.caller);
  const { id } = parse(ArticleIdZ, params);
  const facts = await readLogFacts(ctx, id);
  const { article } = facts;
  const now = nowIso();
  // Live for its readers now: a draft, a withdrawn article, one whose window has not begun or has ended reaches nobody.
  const isLive =
    article.status === ArticleStatus.published &&
    (article.published_at === null || article.published_at <= now) &&
    (article.expire_at === null || article.expire_at > now);
  if (!isLive) throw new ConflictError(ArticleReadLogMessages.remindUnpublished);
  const day = companyDay(Date.parse(now));
  if (await isRemindedOn(ctx.db, id, day)) throw new ConflictError(ArticleReadLogMessages.remindTooSoon);

  // The administrator is not reminded by themselves (notify drops such a notice); they are not counted either.
  const targets = facts.people
    .filter((p) => !p.outside && p.user_id !== actor.caller.userId)
    .filter((p) => (facts.isForced ? p.state !== 'confirmed' : p.state === 'unread'))
    .map((p) => p.user_id);
  if (targets.length === 0) return { result: { reminded: 0 }, message: ArticleReadLogMessages.remindNobody };

  await ctx.db.transaction().execute(async (trx) => {
    const row = { article_id: id, day, reminded_by: actor.caller.userId, reminded_at: now, user_count: targets.length };
    if (!(await claimReminder(trx, row))) throw new ConflictError(ArticleReadLogMessages.remindTooSoon);
    await notify(
      trx,
      targets.map((userId) => ({
        userId,
        kind: 'article' as const,
        billId: null,
        articleId: id,
        actorId: actor.caller.userId,
        detail: article.title,
        at: now,
      })),
    );
    await recordOperation(trx, actor, {
      itemType: 'article',
      itemId: id,
      action: 'remind',
      summary: `提醒阅读文章「${article.title}」（${targets.length} 人）`,
      after: { day, user_count: targets.length, user_ids: targets },
    });
  });
  return { result: { reminded: targets.length }, message: ArticleReadLogMessages.reminded(targets.length) };
}
