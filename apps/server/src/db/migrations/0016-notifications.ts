import type { Kysely } from 'kysely';
import type { ColumnKit } from './columns';

/**
 * In-app notifications (issue 13, docs/notifications.md): one row per person told, written in the transaction of
 * the change it tells of (an outbox), so an operation that rolls back tells nobody. `detail` is what the kind needs
 * beyond the bill and the actor (the bill's new status, the node it entered). (user_id, read_at, id) serves the bell's
 * unread count and the unread list; (user_id, id) the whole list, newest first.
 * 催办 (urge): one row per urge, which the once-an-hour rule reads by (bill_id, urged_at).
 */
export function notifications(kit: ColumnKit) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('notifications')
        .addColumn('id', kit.id, kit.idOptions)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'varchar(20)', (c) => c.notNull())
        .addColumn('bill_id', 'integer', (c) => c.references('bills.id').onDelete('cascade'))
        .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('detail', 'varchar(200)')
        .addColumn('created_at', kit.timestamp, (c) => c.notNull())
        .addColumn('read_at', kit.timestamp)
        .execute();
      await db.schema.createIndex('notifications_unread').on('notifications').columns(['user_id', 'read_at', 'id']).execute();
      await db.schema.createIndex('notifications_user').on('notifications').columns(['user_id', 'id']).execute();
      await db.schema
        .createTable('bill_urges')
        .addColumn('id', kit.id, kit.idOptions)
        .addColumn('bill_id', 'integer', (c) => c.notNull().references('bills.id').onDelete('cascade'))
        .addColumn('urged_by', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('urged_at', kit.timestamp, (c) => c.notNull())
        .addColumn('handler_count', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('bill_urges_bill').on('bill_urges').columns(['bill_id', 'urged_at']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('bill_urges').execute();
      await db.schema.dropTable('notifications').execute();
    },
  };
}
