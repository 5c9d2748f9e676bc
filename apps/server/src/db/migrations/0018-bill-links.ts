import type { Kysely } from 'kysely';
import type { ColumnKit } from './columns';

/**
 * 关联审批 (issue 13, GET /api/relatedbusiness): a bill's links to other bills of its initiator. The primary key
 * serves "what does this bill link to"; `bill_links_related` serves "which bills link to this one". A link goes with
 * either bill.
 */
export function billLinks(kit: ColumnKit) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('bill_links')
        .addColumn('bill_id', 'integer', (c) => c.notNull().references('bills.id').onDelete('cascade'))
        .addColumn('related_id', 'integer', (c) => c.notNull().references('bills.id').onDelete('cascade'))
        .addColumn('linked_by', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', kit.timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('bill_links_pk', ['bill_id', 'related_id'])
        .execute();
      await db.schema.createIndex('bill_links_related').on('bill_links').columns(['related_id', 'bill_id']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('bill_links').execute();
    },
  };
}
