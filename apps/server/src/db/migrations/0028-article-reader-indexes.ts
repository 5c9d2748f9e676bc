import type { Kysely } from 'kysely';

/**
 * Indexes for the readers' statements on articles (issue 15, docs/performance.md "Articles at 10,000"), each found
 * by EXPLAIN at 10,000 articles on both engines (bench/articles-explain.ts):
 * - `articles_reader_idx`: the staff list's order (pinned, then newest) behind `status`, so page 1 reads its 20
 *   rows off the index instead of sorting every readable article (SQLite 18–32 ms → 0.2 ms, PostgreSQL 26 ms →
 *   2 ms); `expire_at` and `type_id` after it make the counts (the list's total, the card's unread per type) read
 *   the index alone, not the articles' rows with their text.
 * - `articles_type_reader_idx`: the same order within one type, for the list filtered by type (SQLite took the
 *   type's every article through `articles_type_idx` and sorted them).
 * - `articles_forced_idx`: the forced-read gate asks on every page for the first forced article not yet confirmed,
 *   in publish order; without it the walk went through every published article (SQLite 10 ms → 0.2 ms).
 * Every column is in ascending order: both engines walk an index backwards for the list's descending order.
 */
export function articleReaderIndexes() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createIndex('articles_reader_idx')
        .on('articles')
        .columns(['status', 'is_pinned', 'published_at', 'id', 'expire_at', 'type_id'])
        .execute();
      await db.schema
        .createIndex('articles_type_reader_idx')
        .on('articles')
        .columns(['type_id', 'status', 'is_pinned', 'published_at', 'id'])
        .execute();
      await db.schema.createIndex('articles_forced_idx').on('articles').columns(['force_view', 'status', 'published_at', 'id']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('articles_forced_idx').execute();
      await db.schema.dropIndex('articles_type_reader_idx').execute();
      await db.schema.dropIndex('articles_reader_idx').execute();
    },
  };
}
