import { sql, type Kysely } from 'kysely';

/**
 * A notification may name an article (issue 15): the read log's 提醒 tells people of an article, and 消息通知 opens
 * it from there as it opens a bill. No foreign key: an article nobody opened may be deleted after a reminder, and its
 * notice then opens to 文章不存在或已下线, as an address of a deleted article does.
 */
export function noticeArticle() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await sql`alter table notifications add column article_id integer`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await sql`alter table notifications drop column article_id`.execute(db);
    },
  };
}
