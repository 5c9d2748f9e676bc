import type { Kysely } from 'kysely';
import type { ColumnKit } from './columns';

/**
 * 归档 (issue 13): a bill that passes an archive node is filed with an archive number (`GD` + year + a six-digit
 * sequence of that year), once. `archive_counters` hands out each year's numbers one at a time (an upsert that
 * increments, so two bills filed at once never share one); the unique index is the last guard.
 */
export function billArchive(kit: ColumnKit) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('bills').addColumn('archive_no', 'varchar(20)').execute();
      await db.schema.alterTable('bills').addColumn('archived_at', kit.timestamp).execute();
      await db.schema.createIndex('bills_archive_no').on('bills').column('archive_no').unique().execute();
      await db.schema
        .createTable('archive_counters')
        .addColumn('year', 'integer', (c) => c.primaryKey())
        .addColumn('last', 'integer', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('archive_counters').execute();
      await db.schema.dropIndex('bills_archive_no').execute();
      await db.schema.alterTable('bills').dropColumn('archived_at').execute();
      await db.schema.alterTable('bills').dropColumn('archive_no').execute();
    },
  };
}
