import type { Kysely } from 'kysely';

/**
 * 变更节点 (issue 13): a `change` history entry lists the fields its handler edited, each with its old and new value
 * as text (`BillFieldChange[]` as JSON). Null on every other entry.
 */
export function billEventChanges() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('bill_events').addColumn('changes_json', 'text').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('bill_events').dropColumn('changes_json').execute();
    },
  };
}
