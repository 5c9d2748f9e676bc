import { sql, type Kysely } from 'kysely';

/**
 * HR's 请假类型 page in the menu (issue 17, docs/leave.md "Leave types"): `/holiday/types` under 假期管理 after 工作日历,
 * for holiday_admin. No table changes. A database without the folder, or with the page already, is left alone; a new
 * database gets it from the seed.
 */
export function leaveTypeMenus() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const { rows: folder } = await sql<{ id: number }>`select id from menus where path = '/holiday' and type = 0`.execute(db);
      const parent = folder[0]?.id;
      if (parent === undefined) return;
      const { rows: existing } = await sql<{ id: number }>`select id from menus where path = '/holiday/types'`.execute(db);
      if (existing.length > 0) return;
      await sql`insert into menus (parent_id, name, path, type, icon, builtin, keep_alive, hidden, permission, sort)
        values (${parent}, '请假类型', '/holiday/types', 1, 'TagsOutlined', 0, 1, 0, 'holiday_admin', 30)`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await sql`delete from menus where path = '/holiday/types'`.execute(db);
    },
  };
}
