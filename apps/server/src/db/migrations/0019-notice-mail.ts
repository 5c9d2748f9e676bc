import type { Kysely } from 'kysely';
import type { ColumnKit } from './columns';

/**
 * E-mail notifications (issue 13, docs/notifications.md): a person may turn them off (`notice_settings`, the notifications module's own table; no row is the default, on), and
 * each notification records what became of its mail (`mail_state`: null while undecided, then sent, skipped or
 * failed), so the dispatcher reads the undecided ones by the index and never mails one twice.
 */
export function noticeMail(kit: ColumnKit) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('notice_settings')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('mail_off', 'integer', (c) => c.notNull())
        .addColumn('updated_at', kit.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.alterTable('notifications').addColumn('mail_state', 'varchar(10)').execute();
      await db.schema.createIndex('notifications_mail').on('notifications').columns(['mail_state', 'id']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('notifications_mail').execute();
      await db.schema.alterTable('notifications').dropColumn('mail_state').execute();
      await db.schema.dropTable('notice_settings').execute();
    },
  };
}
