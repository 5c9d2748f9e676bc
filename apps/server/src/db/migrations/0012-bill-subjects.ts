import type { Kysely } from 'kysely';

/**
 * Approval as a service (issue 12, bills.approvals.ts): the business object a bill was started for, by
 * another module (a leave request, an IPTV record change). One row per such bill; bills started from
 * 发起审批 have none. (kind, subject_id) finds an object's bills, newest last.
 */
export function billSubjects() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('bill_subjects')
        .addColumn('bill_id', 'integer', (c) => c.primaryKey().references('bills.id').onDelete('cascade'))
        .addColumn('kind', 'varchar(40)', (c) => c.notNull())
        .addColumn('subject_id', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('bill_subjects_subject').on('bill_subjects').columns(['kind', 'subject_id', 'bill_id']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('bill_subjects').execute();
    },
  };
}
