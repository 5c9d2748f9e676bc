import type { Db } from '../../db/index';

/** The read log's SQL (issue 15): an article's openings and confirmations, and its 提醒 (migration 0025). */

export function viewsOf(db: Db, articleId: number) {
  return db
    .selectFrom('article_views')
    .select(['user_id', 'first_viewed_at', 'last_viewed_at', 'view_count'])
    .where('article_id', '=', articleId)
    .execute();
}

export function confirmsOf(db: Db, articleId: number) {
  return db.selectFrom('article_view_confirms').select(['user_id', 'confirmed_at']).where('article_id', '=', articleId).execute();
}

export async function isRemindedOn(db: Db, articleId: number, day: string): Promise<boolean> {
  const row = await db
    .selectFrom('article_reminders')
    .select('article_id')
    .where('article_id', '=', articleId)
    .where('day', '=', day)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Takes the article's 提醒 of `day`: false when it was taken already (the primary key), so of two at once only one
 * goes on to notify.
 */
export async function claimReminder(
  db: Db,
  row: { article_id: number; day: string; reminded_by: number; reminded_at: string; user_count: number },
): Promise<boolean> {
  const result = await db
    .insertInto('article_reminders')
    .values(row)
    .onConflict((oc) => oc.columns(['article_id', 'day']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}
