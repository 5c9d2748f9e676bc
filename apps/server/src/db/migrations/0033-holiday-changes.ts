import type { Kysely } from 'kysely';
import type { ColumnKit } from './columns';

/**
 * HR's adjustments of a leave balance (issue 17, PATCH /api/holiday/stats/{id}/change): one row per change with the
 * total before and after and the required reason, the person's history of their balance.
 */
export function holidayChanges(kit: ColumnKit) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('holiday_changes')
        .addColumn('id', kit.id, kit.idOptions)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('year', 'integer', (c) => c.notNull())
        .addColumn('delta', kit.double, (c) => c.notNull())
        .addColumn('total_before', kit.double, (c) => c.notNull())
        .addColumn('total_after', kit.double, (c) => c.notNull())
        .addColumn('reason', 'varchar(200)', (c) => c.notNull())
        .addColumn('changed_by', 'integer', (c) => c.references('users.id'))
        .addColumn('changed_at', kit.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('holiday_changes_user_idx').on('holiday_changes').columns(['user_id', 'year', 'changed_at']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('holiday_changes').execute();
    },
  };
}
