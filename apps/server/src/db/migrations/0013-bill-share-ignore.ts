import { sql, type Kysely } from 'kysely';
import type { ColumnKit } from './columns';

/**
 * 抄送我的 (`GET /api/bills?box=shared`) and PATCH /api/bills/{id}/ignore (docs/approval-api.md): a share the user
 * took out of their box keeps its row, so that they still read the bill, with the time they did (`ignored_at`); a
 * new share of the bill to them clears it. The index serves the box: one user's shares still in it, by bill.
 * An installation that has the 审批 folder gets the 抄送我的 page after 我关注的 (a new database gets it from the seed,
 * which runs after the migrations).
 */
export function billShareIgnore(kit: ColumnKit) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('bill_shares').addColumn('ignored_at', kit.timestamp).execute();
      await db.schema.createIndex('bill_shares_user').on('bill_shares').columns(['user_id', 'ignored_at', 'bill_id']).execute();

      const { rows: folders } = await sql<{ id: number }>`select id from menus where path = '/office' and type = 0`.execute(db);
      const folder = folders[0];
      const { rows: existing } = await sql<{ id: number }>`select id from menus where path = '/office/approval/shared'`.execute(db);
      if (folder && existing.length === 0) {
        const { rows: tracked } = await sql<{
          sort: number | string;
        }>`select sort from menus where path = '/office/approval/tracked'`.execute(db);
        const { rows: last } = await sql<{
          m: number | string | null;
        }>`select max(sort) as m from menus where parent_id = ${folder.id}`.execute(db);
        // Right after 我关注的 when it is there (sorts step by 10), else last.
        const sort = tracked[0] ? Number(tracked[0].sort) + 5 : Number(last[0]?.m ?? 0) + 10;
        await sql`insert into menus (parent_id, name, path, type, icon, builtin, keep_alive, hidden, permission, sort)
          values (${folder.id}, '抄送我的', '/office/approval/shared', 1, 'MailOutlined', 0, 1, 0, null, ${sort})`.execute(db);
      }
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await sql`delete from menus where path = '/office/approval/shared'`.execute(db);
      await db.schema.dropIndex('bill_shares_user').execute();
      await db.schema.alterTable('bill_shares').dropColumn('ignored_at').execute();
    },
  };
}
