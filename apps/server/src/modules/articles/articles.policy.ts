import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The articles a user may read: published, and either for everyone (no audience rows) or with the
 * user in the audience. Used as a query scope so that lists and single reads share one rule.
 */
export function readableBy(userId: number) {
  return (eb: ExpressionBuilder<Database, 'articles'>) =>
    eb.and([
      eb('articles.status', '=', 1),
      eb.or([
        eb.not(eb.exists(eb.selectFrom('article_audience as aa').select('aa.article_id').whereRef('aa.article_id', '=', 'articles.id'))),
        eb.exists(
          eb
            .selectFrom('article_audience as aa')
            .select('aa.article_id')
            .whereRef('aa.article_id', '=', 'articles.id')
            .where('aa.user_id', '=', userId),
        ),
      ]),
    ]);
}
