import { sql, type Kysely } from 'kysely';
import type { ColumnKit } from './columns';

/**
 * The yearly annual-leave entitlement (issue 17, docs/holiday.md "Yearly entitlement"):
 *
 * - `holiday_profiles`: a person's 参加工作日期 (the day they started working anywhere), for the statutory years of
 *   work; one row per person who has one, kept apart from `users` so the directory stays as it is.
 * - `holiday_entitlement_rules`: the one row of rules (id 1) — the statutory scale as JSON tiers, the carry-over
 *   limit and the day of the year until which carried days are usable. Inserted here with the statutory values,
 *   so there is always a row, which an entitlement run also locks so that two runs never overlap.
 * - `holiday_entitlements`: what a run granted a person for a year (statutory and carried days, the carry's last
 *   day, and whether and how much of the carry expired), so that running again grants only the difference.
 */
export function holidayEntitlement(kit: ColumnKit) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('holiday_profiles')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        // YYYY-MM-DD; null: not known (the entitlement counts no statutory days and says so).
        .addColumn('work_start_day', 'varchar(10)')
        .addColumn('updated_at', kit.timestamp, (c) => c.notNull())
        .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .execute();

      await db.schema
        .createTable('holiday_entitlement_rules')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        // JSON [{years, days}] in ascending years.
        .addColumn('tiers', 'text', (c) => c.notNull())
        .addColumn('carry_max_days', kit.double, (c) => c.notNull())
        // MM-DD.
        .addColumn('carry_until', 'varchar(5)', (c) => c.notNull())
        .addColumn('updated_at', kit.timestamp)
        .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .execute();
      const tiers = JSON.stringify([
        { years: 1, days: 5 },
        { years: 10, days: 10 },
        { years: 20, days: 15 },
      ]);
      await sql`insert into holiday_entitlement_rules (id, tiers, carry_max_days, carry_until) values (1, ${tiers}, 5, '03-31')`.execute(
        db,
      );

      await db.schema
        .createTable('holiday_entitlements')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('year', 'integer', (c) => c.notNull())
        .addColumn('statutory_day', kit.double, (c) => c.notNull())
        .addColumn('carried_day', kit.double, (c) => c.notNull())
        // YYYY-MM-DD, the last day the carried days are usable; null when nothing was carried.
        .addColumn('carry_expires_on', 'varchar(10)')
        // Set by the expiry run: the days it took away (possibly 0) and when.
        .addColumn('carry_expired_day', kit.double)
        .addColumn('carry_expired_at', kit.timestamp)
        .addColumn('granted_at', kit.timestamp, (c) => c.notNull())
        .addColumn('granted_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addPrimaryKeyConstraint('holiday_entitlements_pk', ['user_id', 'year'])
        .execute();
      await db.schema.createIndex('holiday_entitlements_year_idx').on('holiday_entitlements').column('year').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('holiday_entitlements').execute();
      await db.schema.dropTable('holiday_entitlement_rules').execute();
      await db.schema.dropTable('holiday_profiles').execute();
    },
  };
}
