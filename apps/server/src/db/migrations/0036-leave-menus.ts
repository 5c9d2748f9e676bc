import { sql, type Kysely } from 'kysely';

/**
 * Everyone's leave pages in the menu (issue 17, docs/holiday.md): 我的假期 (`/holiday/mine`) and 请假记录
 * (`/holiday/details`) at the top of the 假期管理 folder 0034 made, for every signed-in user — so the folder now shows to
 * staff too, HR keeping 假期额度 and 工作日历. An installation seeded before gets them here; a new database from the
 * seed. A database without the folder (no menus, or an administrator removed it) is left alone, as is one that has
 * the pages already.
 */
export function leaveMenus() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const { rows: folder } = await sql<{ id: number }>`select id from menus where path = '/holiday' and type = 0`.execute(db);
      const parent = folder[0]?.id;
      if (parent === undefined) return;
      const { rows: existing } = await sql<{ path: string }>`select path from menus
        where path in ('/holiday/mine', '/holiday/details')`.execute(db);
      const has = new Set(existing.map((row) => row.path));
      if (!has.has('/holiday/mine')) {
        await sql`insert into menus (parent_id, name, path, type, icon, builtin, keep_alive, hidden, permission, sort)
          values (${parent}, '我的假期', '/holiday/mine', 1, 'CoffeeOutlined', 0, 1, 0, null, 2)`.execute(db);
      }
      if (!has.has('/holiday/details')) {
        await sql`insert into menus (parent_id, name, path, type, icon, builtin, keep_alive, hidden, permission, sort)
          values (${parent}, '请假记录', '/holiday/details', 1, 'UnorderedListOutlined', 0, 1, 0, null, 5)`.execute(db);
      }
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await sql`delete from menus where path in ('/holiday/mine', '/holiday/details')`.execute(db);
    },
  };
}
