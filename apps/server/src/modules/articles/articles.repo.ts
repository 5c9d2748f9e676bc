import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/index';
import type { Database } from '../../db/schema';

/**
 * The articles a user may read: published, and either for everyone (no audience rows) or with the
 * user in the audience. Used as a query scope so that lists and single reads share one rule (SQL, so it lives in the repo).
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

/** The oldest forced-read article the user may read and has not confirmed yet. */
export function findPendingForcedArticleId(db: Db, userId: number) {
  return db
    .selectFrom('articles')
    .select('articles.id')
    .where(readableBy(userId))
    .where('articles.force_view', '=', 1)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('article_view_confirms as c')
            .select('c.article_id')
            .whereRef('c.article_id', '=', 'articles.id')
            .where('c.user_id', '=', userId),
        ),
      ),
    )
    .orderBy('articles.published_at')
    .orderBy('articles.id')
    .limit(1)
    .executeTakeFirst();
}

export function findReadableArticle(db: Db, id: number, userId: number) {
  return db
    .selectFrom('articles')
    .leftJoin('users', 'users.id', 'articles.author_id')
    .leftJoin('article_view_confirms as c', (join) => join.onRef('c.article_id', '=', 'articles.id').on('c.user_id', '=', userId))
    .select([
      'articles.id',
      'articles.title',
      'articles.content',
      'articles.force_view',
      'articles.published_at',
      'users.name as author',
      'c.confirmed_at',
    ])
    .where('articles.id', '=', id)
    .where(readableBy(userId))
    .executeTakeFirst();
}

export async function insertConfirmation(db: Db, articleId: number, userId: number, now: string): Promise<void> {
  await db
    .insertInto('article_view_confirms')
    .values({ article_id: articleId, user_id: userId, confirmed_at: now })
    .onConflict((oc) => oc.columns(['article_id', 'user_id']).doNothing())
    .execute();
}
