import type { Kysely } from 'kysely';
import type { ColumnKit } from './columns';

/** The operation log written by every administrative change, and single-use password-reset links. */
export function administration(kit: ColumnKit) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('operation_logs')
        .addColumn('id', kit.id, kit.idOptions)
        .addColumn('created_at', kit.timestamp, (c) => c.notNull())
        // Who acted is copied, not only referenced: the log must outlive a renamed or deleted user.
        .addColumn('user_id', 'integer')
        .addColumn('username', 'varchar(64)', (c) => c.notNull())
        .addColumn('user_name', 'varchar(64)', (c) => c.notNull())
        .addColumn('service', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('item_type', 'varchar(64)', (c) => c.notNull())
        .addColumn('item_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('action', 'varchar(32)', (c) => c.notNull())
        .addColumn('summary', 'varchar(500)', (c) => c.notNull())
        .addColumn('before_json', 'text')
        .addColumn('after_json', 'text')
        .execute();
      await db.schema.createIndex('operation_logs_item').on('operation_logs').columns(['item_type', 'item_id', 'id']).execute();
      await db.schema.createIndex('operation_logs_service').on('operation_logs').columns(['service', 'id']).execute();

      await db.schema
        .createTable('password_resets')
        .addColumn('id', kit.id, kit.idOptions)
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', kit.timestamp, (c) => c.notNull())
        .addColumn('expires_at', kit.timestamp, (c) => c.notNull())
        .addColumn('used_at', kit.timestamp)
        .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('password_resets_user').on('password_resets').columns(['user_id', 'created_at']).execute();
      await db.schema.createIndex('password_resets_ip').on('password_resets').columns(['ip', 'created_at']).execute();
    },
  };
}
