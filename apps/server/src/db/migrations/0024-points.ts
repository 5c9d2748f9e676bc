import { sql, type Kysely } from 'kysely';
import type { ColumnKit } from './columns';

/**
 * The points ledger (积分排行, issue 15): one row per award or adjustment. An automatic award names its source
 * (`source_kind` + `source_id`, e.g. `article_confirm` + the article), and the unique key on (user, kind, id) is what
 * makes "once per source action" true under concurrent requests: the second insert conflicts and awards nothing.
 * Adjustments have no source id (null), so the key never stops a second adjustment (NULLs are distinct on both
 * engines), and carry the administrator in `created_by`.
 *
 * An installation seeded before this migration gets what a new database gets from the seed: its administrator role
 * (key `admin`) is granted `point_admin`. `point_rank` stays where the seed already put it (docs/decisions.md "Points").
 */
export function points(kit: ColumnKit) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('point_ledger')
        .addColumn('id', kit.id, kit.idOptions)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('points', 'integer', (c) => c.notNull())
        .addColumn('reason', 'varchar(200)', (c) => c.notNull())
        .addColumn('source_kind', 'varchar(30)', (c) => c.notNull())
        .addColumn('source_id', 'integer')
        .addColumn('created_at', kit.timestamp, (c) => c.notNull())
        .addColumn('created_by', 'integer', (c) => c.references('users.id'))
        .addUniqueConstraint('point_ledger_source_once', ['user_id', 'source_kind', 'source_id'])
        .execute();
      // The ranking sums a period across everyone; "my ledger" reads one person newest first.
      await db.schema.createIndex('point_ledger_created_idx').on('point_ledger').columns(['created_at', 'user_id']).execute();
      await db.schema.createIndex('point_ledger_user_idx').on('point_ledger').columns(['user_id', 'created_at']).execute();

      await sql`insert into role_permissions (role_id, permission)
        select r.id, 'point_admin' from roles r where r.key = 'admin'
        and not exists (select 1 from role_permissions p where p.role_id = r.id and p.permission = 'point_admin')`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await sql`delete from role_permissions where permission = 'point_admin'`.execute(db);
      await db.schema.dropTable('point_ledger').execute();
    },
  };
}
