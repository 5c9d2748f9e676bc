import { sql, type Kysely } from 'kysely';

/**
 * The survey pages' menu entries (issue 16): a top-level 问卷 folder after 公告管理 (or at the end) holding 我的问卷
 * (`/survey/mine`) and 待我评价 (`/feedback/pending`) for every signed-in user, and 问卷管理 (`/survey/manage`) for
 * survey_admin. No table changes. An installation seeded before gets them here; a new database gets them from the
 * seed, which runs after the migrations. A database with no menus at all (tests, before the seed) is left alone, and
 * so is one that already has the folder.
 */
export function surveyMenus() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const { rows: anyMenu } = await sql<{ id: number }>`select id from menus limit 1`.execute(db);
      if (anyMenu.length === 0) return;
      const { rows: existing } = await sql<{ id: number }>`select id from menus where path = '/survey' and type = 0`.execute(db);
      if (existing.length > 0) return;

      const { rows: articles } = await sql<{ sort: number | string }>`select sort from menus
        where path = '/article' and parent_id is null`.execute(db);
      const { rows: last } = await sql<{ m: number | string | null }>`select max(sort) as m from menus where parent_id is null`.execute(db);
      // Sorts step by 10: +5 lands between 公告管理 and whatever follows it.
      const sort = articles[0] ? Number(articles[0].sort) + 5 : Number(last[0]?.m ?? 0) + 10;
      await sql`insert into menus (parent_id, name, path, type, icon, builtin, keep_alive, hidden, permission, sort)
        values (null, '问卷', '/survey', 0, 'FormOutlined', 0, 0, 0, null, ${sort})`.execute(db);
      const { rows: folder } = await sql<{ id: number }>`select id from menus where path = '/survey' and type = 0`.execute(db);
      const parent = folder[0]?.id;
      if (parent === undefined) return;
      await sql`insert into menus (parent_id, name, path, type, icon, builtin, keep_alive, hidden, permission, sort) values
        (${parent}, '我的问卷', '/survey/mine', 1, 'ProfileOutlined', 0, 1, 0, null, 10),
        (${parent}, '待我评价', '/feedback/pending', 1, 'LikeOutlined', 0, 1, 0, null, 20),
        (${parent}, '问卷管理', '/survey/manage', 1, 'FileSearchOutlined', 0, 1, 0, 'survey_admin', 30)`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await sql`delete from menus where path in ('/survey/mine', '/feedback/pending', '/survey/manage')`.execute(db);
      await sql`delete from menus where path = '/survey' and type = 0`.execute(db);
    },
  };
}
