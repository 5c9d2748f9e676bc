import { sql, type Kysely } from 'kysely';

/**
 * The template designer (issue 5). `template_starters` says who may start bills from a template: rows of
 * kind 'dept' (that department and every one below it), 'role' or 'user', `ref_id` naming the row; a
 * template without rows is open to everyone. `ref_id` points at one of three tables, so it carries no
 * foreign key: a department or role deleted later simply matches nobody (docs/templates.md).
 *
 * An installation that already has the 审批 menu folder also gets the two administration pages the issue
 * adds, so that upgrading needs no hand work in 菜单管理; a new database gets them from the seed (seed/menus.ts),
 * which runs after the migrations, when the folder exists.
 */
const ADMIN_PAGES = [
  { name: '模板管理', path: '/office/templates', icon: 'AppstoreOutlined' },
  { name: '审批岗位', path: '/office/jobs', icon: 'TeamOutlined' },
] as const;

export function templateDesigner() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('template_starters')
        .addColumn('template_id', 'integer', (c) => c.notNull().references('templates.id').onDelete('cascade'))
        .addColumn('kind', 'varchar(8)', (c) => c.notNull())
        .addColumn('ref_id', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('template_starters_pk', ['template_id', 'kind', 'ref_id'])
        .execute();

      const { rows: folders } = await sql<{ id: number }>`select id from menus where path = '/office' and type = 0`.execute(db);
      const folder = folders[0];
      if (!folder) return;
      for (const page of ADMIN_PAGES) {
        const { rows: existing } = await sql<{ id: number }>`select id from menus where path = ${page.path}`.execute(db);
        if (existing.length > 0) continue;
        const { rows: last } = await sql<{
          m: number | string | null;
        }>`select max(sort) as m from menus where parent_id = ${folder.id}`.execute(db);
        const sort = Number(last[0]?.m ?? 0) + 10;
        await sql`insert into menus (parent_id, name, path, type, icon, builtin, keep_alive, hidden, permission, sort)
          values (${folder.id}, ${page.name}, ${page.path}, 1, ${page.icon}, 0, 0, 0, 'template_admin', ${sort})`.execute(db);
      }
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await sql`delete from menus where path in ('/office/templates', '/office/jobs')`.execute(db);
      await db.schema.dropTable('template_starters').execute();
    },
  };
}
