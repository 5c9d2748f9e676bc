import type { Kysely } from 'kysely';

/**
 * 变更节点 (issue 13): a change node's field permissions in the working flow (`template_nodes.field_access_json`, JSON
 * `{ [fieldKey]: 'read' | 'edit' | 'hidden' }`, null for other nodes; published versions keep them in their flow JSON),
 * and a `change` history entry's fields edited, each old and new value as text (`bill_events.changes_json`,
 * `BillFieldChange[]` as JSON; null on every other entry).
 */
export function changeNodes() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('template_nodes').addColumn('field_access_json', 'text').execute();
      await db.schema.alterTable('bill_events').addColumn('changes_json', 'text').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('bill_events').dropColumn('changes_json').execute();
      await db.schema.alterTable('template_nodes').dropColumn('field_access_json').execute();
    },
  };
}
