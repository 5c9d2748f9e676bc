import { sql, type Kysely } from 'kysely';
import type { ColumnKit } from './columns';

/**
 * The work calendar (issue 17, docs/holiday.md): one row per day that differs from "Monday to Friday" — a public
 * holiday (`holiday`) or a make-up workday on a weekend (`workday`) — entered by HR per year. Leave lengths and the
 * 及时审批 rule read it. The administrator role (key `admin`) is granted `holiday_admin`, as the seed does for a new
 * database.
 */
export function workCalendar(kit: ColumnKit) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('work_calendar')
        // YYYY-MM-DD in Asia/Shanghai; text on both engines so that ranges compare as days, not instants.
        .addColumn('day', 'varchar(10)', (c) => c.primaryKey())
        .addColumn('kind', 'varchar(8)', (c) => c.notNull())
        .addColumn('name', 'varchar(30)', (c) => c.notNull().defaultTo(''))
        .addColumn('updated_at', kit.timestamp, (c) => c.notNull())
        .addColumn('updated_by', 'integer', (c) => c.references('users.id'))
        .execute();
      await sql`insert into role_permissions (role_id, permission)
        select r.id, 'holiday_admin' from roles r where r.key = 'admin'
        and not exists (select 1 from role_permissions p where p.role_id = r.id and p.permission = 'holiday_admin')`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await sql`delete from role_permissions where permission = 'holiday_admin'`.execute(db);
      await db.schema.dropTable('work_calendar').execute();
    },
  };
}
