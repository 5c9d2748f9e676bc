import type { Kysely } from 'kysely';
import type { ColumnKit } from './columns';

/**
 * 访问记录 (issue 13, GET /api/bills/access/log; docs/approval-api.md): one row per open of a bill's detail by someone
 * other than its initiator, with the address and browser it came from and the department the reader was in then.
 *
 * - `(bill_id, opened_at)` serves the log, newest first, of one bill.
 * - `opened_minute` (minutes since 1970, UTC) with the unique key `(bill_id, user_id, opened_minute)` makes two
 *   opens by one reader in the same instant one row even when their transactions run side by side on PostgreSQL,
 *   where the insert's "none within the last minute" check cannot see a row not yet committed; the same key also
 *   serves that check.
 * - A bill's rows go with the bill (a deleted draft); a user is never deleted (disabled instead), so no cascade.
 */
export function billAccessLog(kit: ColumnKit) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('bill_access_logs')
        .addColumn('id', kit.id, kit.idOptions)
        .addColumn('bill_id', 'integer', (c) => c.notNull().references('bills.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('dept_name', 'varchar(100)')
        .addColumn('opened_at', kit.timestamp, (c) => c.notNull())
        .addColumn('opened_minute', 'integer', (c) => c.notNull())
        .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
        .addColumn('user_agent', 'varchar(255)', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('bill_access_logs_bill').on('bill_access_logs').columns(['bill_id', 'opened_at']).execute();
      await db.schema
        .createIndex('bill_access_logs_visit')
        .on('bill_access_logs')
        .columns(['bill_id', 'user_id', 'opened_minute'])
        .unique()
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('bill_access_logs').execute();
    },
  };
}
