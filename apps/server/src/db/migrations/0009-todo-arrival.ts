import type { Kysely } from 'kysely';

/**
 * The todo box is sorted by when each task arrived (到达时间), newest first. This index hands the page
 * over in that order, so a page costs twenty index entries however many tasks wait for the user
 * (docs/performance.md). bill_id makes the order total, as the list's tie-break needs.
 */
export function todoArrival() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createIndex('bill_tasks_arrival')
        .on('bill_tasks')
        .columns(['acting_handler', 'status', 'created_at', 'bill_id'])
        .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropIndex('bill_tasks_arrival').execute();
    },
  };
}
