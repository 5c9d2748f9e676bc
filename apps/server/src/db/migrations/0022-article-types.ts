import { sql, type Kysely } from 'kysely';
import type { ColumnKit } from './columns';

/**
 * Article types (文章类型, issue 15): `article_types` (a name unique among types, a position) and the type an article
 * is filed under (`articles.type_id`, null for none). The foreign key has no ON DELETE: a type in use is refused by
 * the service with its article count, and the database refuses it too should anything else try.
 *
 * An installation seeded before this migration gets what a new database gets from the seed (which runs after the
 * migrations): its administrator role (key `admin`, every permission) is granted `article_admin`, and the menu gets
 * the 公告管理 folder with 文章类型 after the 审批 folder (docs/decisions.md "Article types").
 */
export function articleTypes(kit: ColumnKit) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('article_types')
        .addColumn('id', kit.id, kit.idOptions)
        .addColumn('name', 'varchar(30)', (c) => c.notNull().unique())
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', kit.timestamp, (c) => c.notNull())
        .addColumn('updated_at', kit.timestamp, (c) => c.notNull())
        .execute();
      await db.schema
        .alterTable('articles')
        .addColumn('type_id', 'integer', (c) => c.references('article_types.id'))
        .execute();
      await db.schema.createIndex('articles_type_idx').on('articles').column('type_id').execute();

      await sql`insert into role_permissions (role_id, permission)
        select r.id, 'article_admin' from roles r where r.key = 'admin'
        and not exists (select 1 from role_permissions p where p.role_id = r.id and p.permission = 'article_admin')`.execute(db);

      const { rows: existing } = await sql<{ id: number }>`select id from menus where path = '/article'`.execute(db);
      const { rows: offices } = await sql<{ sort: number | string }>`select sort from menus
        where path = '/office' and type = 0 and parent_id is null`.execute(db);
      const { rows: anyMenu } = await sql<{ id: number }>`select id from menus limit 1`.execute(db);
      // An empty database is the seed's to fill; a folder already there (made by hand) is left as it is.
      if (existing.length > 0 || anyMenu.length === 0) return;
      const { rows: last } = await sql<{ m: number | string | null }>`select max(sort) as m from menus where parent_id is null`.execute(db);
      // Top-level sorts step by 10: +5 lands between 审批 and whatever follows it.
      const sort = offices[0] ? Number(offices[0].sort) + 5 : Number(last[0]?.m ?? 0) + 10;
      await sql`insert into menus (parent_id, name, path, type, icon, builtin, keep_alive, hidden, permission, sort)
        values (null, '公告管理', '/article', 0, 'NotificationOutlined', 0, 0, 0, null, ${sort})`.execute(db);
      const { rows: folders } = await sql<{ id: number }>`select id from menus where path = '/article'`.execute(db);
      const folder = folders[0];
      if (!folder) return;
      await sql`insert into menus (parent_id, name, path, type, icon, builtin, keep_alive, hidden, permission, sort)
        values (${folder.id}, '文章类型', '/article/types', 1, 'TagsOutlined', 0, 0, 0, 'article_admin', 10)`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await sql`delete from menus where path = '/article/types'`.execute(db);
      await sql`delete from menus where path = '/article' and not exists (select 1 from menus c where c.parent_id = menus.id)`.execute(db);
      await sql`delete from role_permissions where permission = 'article_admin'`.execute(db);
      await db.schema.dropIndex('articles_type_idx').execute();
      await db.schema.alterTable('articles').dropColumn('type_id').execute();
      await db.schema.dropTable('article_types').execute();
    },
  };
}
