import { sql, type Kysely } from 'kysely';

/**
 * The article pages' menu entries (issue 15, docs/articles-api.md "The web pages"): 公告管理 → 文章管理
 * (`/article/manage`, article_admin) before 文章类型, and the top-level 公告 (`/article/list`, every signed-in user,
 * so no permission) right after 首页. No table changes. An installation seeded before gets them here; a new database
 * gets them from the seed, which runs after the migrations. Entries already there, or a 公告管理 folder taken away by
 * hand, are left as they are.
 */
export function articleMenus() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const { rows: anyMenu } = await sql<{ id: number }>`select id from menus limit 1`.execute(db);
      if (anyMenu.length === 0) return;

      const { rows: manage } = await sql<{ id: number }>`select id from menus where path = '/article/manage'`.execute(db);
      const { rows: folders } = await sql<{ id: number }>`select id from menus where path = '/article' and type = 0`.execute(db);
      const folder = folders[0];
      if (manage.length === 0 && folder) {
        const { rows: types } = await sql<{ sort: number | string }>`select sort from menus
          where parent_id = ${folder.id} and path = '/article/types'`.execute(db);
        const { rows: first } = await sql<{ m: number | string | null }>`select min(sort) as m from menus
          where parent_id = ${folder.id}`.execute(db);
        // Sorts step by 10: 5 before 文章类型 (or before whatever comes first) puts the list at the top of the folder.
        const sort = Number(types[0]?.sort ?? first[0]?.m ?? 10) - 5;
        await sql`insert into menus (parent_id, name, path, type, icon, builtin, keep_alive, hidden, permission, sort)
          values (${folder.id}, '文章管理', '/article/manage', 1, 'FileTextOutlined', 0, 1, 0, 'article_admin', ${sort})`.execute(db);
      }

      const { rows: list } = await sql<{ id: number }>`select id from menus where path = '/article/list'`.execute(db);
      if (list.length === 0) {
        const { rows: homes } = await sql<{ sort: number | string }>`select sort from menus
          where path = '/home' and parent_id is null`.execute(db);
        const { rows: last } = await sql<{ m: number | string | null }>`select max(sort) as m from menus where parent_id is null`.execute(
          db,
        );
        // +5 lands between 首页 and whatever follows it (0022 put 公告管理 at 审批 + 5).
        const sort = homes[0] ? Number(homes[0].sort) + 5 : Number(last[0]?.m ?? 0) + 10;
        await sql`insert into menus (parent_id, name, path, type, icon, builtin, keep_alive, hidden, permission, sort)
          values (null, '公告', '/article/list', 1, 'SoundOutlined', 0, 0, 0, null, ${sort})`.execute(db);
      }
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await sql`delete from menus where path in ('/article/manage', '/article/list')`.execute(db);
    },
  };
}
