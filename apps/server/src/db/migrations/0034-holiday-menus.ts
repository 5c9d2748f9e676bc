import { sql, type Kysely } from 'kysely';

/**
 * HR's leave pages in the menu (issue 17, docs/holiday.md): a top-level 假期管理 folder after 问卷 (or at the end)
 * holding 假期额度 (`/holiday/stats`) and 工作日历 (`/holiday/calendar`), both for holiday_admin — so the folder shows
 * to HR only. No table changes. An installation seeded before gets them here; a new database gets them from the
 * seed. A database with no menus at all, or one that already has the folder, is left alone.
 */
export function holidayMenus() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const { rows: anyMenu } = await sql<{ id: number }>`select id from menus limit 1`.execute(db);
      if (anyMenu.length === 0) return;
      const { rows: existing } = await sql<{ id: number }>`select id from menus where path = '/holiday' and type = 0`.execute(db);
      if (existing.length > 0) return;

      const { rows: surveys } = await sql<{ sort: number | string }>`select sort from menus
        where path = '/survey' and parent_id is null`.execute(db);
      const { rows: last } = await sql<{ m: number | string | null }>`select max(sort) as m from menus where parent_id is null`.execute(db);
      // 0031 put 问卷 at 公告管理 + 5; +3 lands between 问卷 and whatever follows it.
      const sort = surveys[0] ? Number(surveys[0].sort) + 3 : Number(last[0]?.m ?? 0) + 10;
      await sql`insert into menus (parent_id, name, path, type, icon, builtin, keep_alive, hidden, permission, sort)
        values (null, '假期管理', '/holiday', 0, 'CalendarOutlined', 0, 0, 0, null, ${sort})`.execute(db);
      const { rows: folder } = await sql<{ id: number }>`select id from menus where path = '/holiday' and type = 0`.execute(db);
      const parent = folder[0]?.id;
      if (parent === undefined) return;
      await sql`insert into menus (parent_id, name, path, type, icon, builtin, keep_alive, hidden, permission, sort) values
        (${parent}, '假期额度', '/holiday/stats', 1, 'ScheduleOutlined', 0, 1, 0, 'holiday_admin', 10),
        (${parent}, '工作日历', '/holiday/calendar', 1, 'CalendarOutlined', 0, 1, 0, 'holiday_admin', 20)`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await sql`delete from menus where path in ('/holiday/stats', '/holiday/calendar')`.execute(db);
      await sql`delete from menus where path = '/holiday' and type = 0`.execute(db);
    },
  };
}
