import type { Kysely } from 'kysely';
import type { ColumnKit } from './columns';

/**
 * 抄送我的 with read state (issue 13): a share is 待阅 until its user first opens the bill, then 已阅 with the time
 * (`read_at`); a new share of the bill to them after they took it out of their box is unread again. The index serves
 * the unread count every page asks for (GET /api/dashboard): one user's shares still in the box and not yet read.
 */
export function billShareRead(kit: ColumnKit) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('bill_shares').addColumn('read_at', kit.timestamp).execute();
      await db.schema.createIndex('bill_shares_unread').on('bill_shares').columns(['user_id', 'read_at', 'ignored_at']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('bill_shares_unread').execute();
      await db.schema.alterTable('bill_shares').dropColumn('read_at').execute();
    },
  };
}
