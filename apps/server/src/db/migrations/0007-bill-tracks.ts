import type { Kysely } from 'kysely';
import type { ColumnKit } from './columns';

/**
 * Followed bills (SPEC §4 track/untrack, `GET /api/bills?box=tracked`): one row per user and bill. The
 * primary key (user_id, bill_id) serves the box; bill_id alone finds a bill's followers.
 * Shared bills (SPEC §4 share): one row per bill and user it was shared with, who may then read it; the
 * primary key (bill_id, user_id) serves the read check.
 */
export function billTracks(kit: ColumnKit) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('bill_tracks')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('bill_id', 'integer', (c) => c.notNull().references('bills.id').onDelete('cascade'))
        .addColumn('created_at', kit.timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('bill_tracks_pk', ['user_id', 'bill_id'])
        .execute();
      await db.schema.createIndex('bill_tracks_bill').on('bill_tracks').column('bill_id').execute();
      await db.schema
        .createTable('bill_shares')
        .addColumn('bill_id', 'integer', (c) => c.notNull().references('bills.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('shared_by', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', kit.timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('bill_shares_pk', ['bill_id', 'user_id'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('bill_shares').execute();
      await db.schema.dropTable('bill_tracks').execute();
    },
  };
}
