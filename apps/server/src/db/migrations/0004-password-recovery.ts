import type { Kysely } from 'kysely';
import type { ColumnKit } from './columns';

/**
 * Every accepted request for a reset link, by the account as typed and by address: the rate limits
 * count these, so that a limit applies alike to accounts that exist and to those that do not.
 */
export function passwordRecovery(kit: ColumnKit) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('password_reset_requests')
        .addColumn('id', kit.id, kit.idOptions)
        // Lower-cased, so that "ZhangSan" and "zhangsan" share one limit.
        .addColumn('account', 'varchar(128)', (c) => c.notNull())
        .addColumn('ip', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', kit.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('password_reset_requests_account')
        .on('password_reset_requests')
        .columns(['account', 'created_at'])
        .execute();
      await db.schema.createIndex('password_reset_requests_ip').on('password_reset_requests').columns(['ip', 'created_at']).execute();
      await db.schema.createIndex('password_reset_requests_created').on('password_reset_requests').column('created_at').execute();
    },
  };
}
