import { sql, type Kysely } from 'kysely';
import type { ColumnKit } from './columns';

/**
 * Leave requests (issue 17, docs/holiday.md "Leave"): the leave types with their rules, the requests whose status
 * follows their 请假 bill, and `templates.subject_kind`, which binds a template to the module that starts its bills
 * (a template bound to `leave` is started from the leave form only, so every 请假 bill moves a balance).
 *
 * The types are reference data every installation needs, so they are inserted here rather than by the seed.
 */
const LEAVE_TYPES: { name: string; counts: number; half: number; attachmentOver: number | null }[] = [
  { name: '年假', counts: 1, half: 1, attachmentOver: null },
  { name: '事假', counts: 0, half: 1, attachmentOver: null },
  { name: '病假', counts: 0, half: 1, attachmentOver: 1 },
  { name: '调休', counts: 0, half: 1, attachmentOver: null },
  { name: '婚假', counts: 0, half: 0, attachmentOver: 0 },
  { name: '产假', counts: 0, half: 0, attachmentOver: 0 },
  { name: '陪产假', counts: 0, half: 0, attachmentOver: 0 },
  { name: '丧假', counts: 0, half: 0, attachmentOver: null },
];

export function leave(kit: ColumnKit) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('leave_types')
        .addColumn('id', kit.id, kit.idOptions)
        .addColumn('name', 'varchar(20)', (c) => c.notNull().unique())
        .addColumn('counts_balance', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('half_day', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('attachment_over_days', kit.double)
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      for (const [index, type] of LEAVE_TYPES.entries()) {
        await sql`insert into leave_types (name, counts_balance, half_day, attachment_over_days, enabled, sort)
          values (${type.name}, ${type.counts}, ${type.half}, ${type.attachmentOver}, 1, ${(index + 1) * 10})`.execute(db);
      }

      await db.schema
        .createTable('leave_requests')
        .addColumn('id', kit.id, kit.idOptions)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('leave_type_id', 'integer', (c) => c.notNull().references('leave_types.id'))
        .addColumn('year', 'integer', (c) => c.notNull())
        .addColumn('start_day', 'varchar(10)', (c) => c.notNull())
        .addColumn('start_half', 'varchar(2)', (c) => c.notNull())
        .addColumn('end_day', 'varchar(10)', (c) => c.notNull())
        .addColumn('end_half', 'varchar(2)', (c) => c.notNull())
        .addColumn('days', kit.double, (c) => c.notNull())
        // Whether these days sit in the balance's applying or used column: fixed when the request is counted, so a
        // type's rule changed later never unbalances a request already in flight.
        .addColumn('counts_balance', 'integer', (c) => c.notNull())
        .addColumn('reason', 'varchar(500)', (c) => c.notNull())
        .addColumn('status', 'varchar(12)', (c) => c.notNull())
        .addColumn('bill_id', 'integer', (c) => c.references('bills.id').onDelete('set null'))
        .addColumn('created_at', kit.timestamp, (c) => c.notNull())
        .addColumn('updated_at', kit.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('leave_requests_user_idx').on('leave_requests').columns(['user_id', 'year']).execute();
      await db.schema.createIndex('leave_requests_span_idx').on('leave_requests').columns(['start_day', 'end_day']).execute();
      await db.schema.createIndex('leave_requests_bill_idx').on('leave_requests').column('bill_id').execute();

      await db.schema.alterTable('templates').addColumn('subject_kind', 'varchar(30)').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('templates').dropColumn('subject_kind').execute();
      await db.schema.dropTable('leave_requests').execute();
      await db.schema.dropTable('leave_types').execute();
    },
  };
}
