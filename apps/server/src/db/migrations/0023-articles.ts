import { sql, type Kysely } from 'kysely';
import type { ColumnKit } from './columns';

/**
 * Articles administration (issue 15, docs/decisions.md "Articles"):
 * - `articles` gains what an administrator writes: summary, cover (a file id), the end of the publish window
 *   (`expire_at`; its start is the existing `published_at`), pin to top, a forced-read deadline, and when it last
 *   changed. `status` gains 2 (withdrawn) beside 0 draft and 1 published.
 * - `article_audience_rules`: the departments (with their sub-departments) and roles an article is for. The people
 *   named one by one stay in `article_audience`, as before; an article with no row in either is for everyone.
 *   Rules, not a list of people resolved once, so that someone who joins a department later sees what it was sent.
 * - `article_views`: who opened an article, first and last time and how often — separate from the confirmations
 *   of forced reading, which stay in `article_view_confirms`.
 */
export function articles(kit: ColumnKit) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('articles')
        .addColumn('summary', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .execute();
      // SQLite adds one column per statement.
      await db.schema.alterTable('articles').addColumn('cover_file_id', 'varchar(64)').execute();
      await db.schema.alterTable('articles').addColumn('expire_at', kit.timestamp).execute();
      await db.schema
        .alterTable('articles')
        .addColumn('is_pinned', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('articles').addColumn('force_deadline', kit.timestamp).execute();
      await db.schema.alterTable('articles').addColumn('updated_at', kit.timestamp).execute();
      await db.schema.createIndex('articles_status_published_idx').on('articles').columns(['status', 'published_at']).execute();

      await db.schema
        .createTable('article_audience_rules')
        .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
        // 'dept' (with its sub-departments) or 'role'.
        .addColumn('kind', 'varchar(8)', (c) => c.notNull())
        .addColumn('ref_id', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('article_audience_rules_pk', ['article_id', 'kind', 'ref_id'])
        .execute();
      await db.schema.createIndex('article_audience_rules_ref_idx').on('article_audience_rules').columns(['kind', 'ref_id']).execute();
      await db.schema.createIndex('article_audience_user_idx').on('article_audience').column('user_id').execute();

      await db.schema
        .createTable('article_views')
        .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('first_viewed_at', kit.timestamp, (c) => c.notNull())
        .addColumn('last_viewed_at', kit.timestamp, (c) => c.notNull())
        .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(1))
        .addPrimaryKeyConstraint('article_views_pk', ['article_id', 'user_id'])
        .execute();
      await db.schema.createIndex('article_views_user_idx').on('article_views').column('user_id').execute();
      await db.schema.createIndex('article_view_confirms_user_idx').on('article_view_confirms').column('user_id').execute();

      // Articles written before this migration: their last change is their creation.
      await sql`update articles set updated_at = created_at where updated_at is null`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('article_view_confirms_user_idx').execute();
      await db.schema.dropTable('article_views').execute();
      await db.schema.dropIndex('article_audience_user_idx').execute();
      await db.schema.dropTable('article_audience_rules').execute();
      await db.schema.dropIndex('articles_status_published_idx').execute();
      for (const column of ['updated_at', 'force_deadline', 'is_pinned', 'expire_at', 'cover_file_id', 'summary']) {
        await db.schema.alterTable('articles').dropColumn(column).execute();
      }
    },
  };
}
