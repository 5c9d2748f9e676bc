import { sql, type Kysely } from 'kysely';

/**
 * 委托管理 (issue 13, docs/approval-api.md "Entrust page and task moves"): the page over /api/users/billEntrust, for
 * every signed-in user (everyone manages their own entrusts), so no permission. An installation that has the 审批
 * folder gets it right after 抄送我的 (else after 我关注的, else last); a new database gets it from the seed, which runs
 * after the migrations. No table changes: the entrust tables of 0006 already hold everything the page needs.
 */
export function entrustPage() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const { rows: folders } = await sql<{ id: number }>`select id from menus where path = '/office' and type = 0`.execute(db);
      const folder = folders[0];
      const { rows: existing } = await sql<{ id: number }>`select id from menus where path = '/office/approval/entrust'`.execute(db);
      if (!folder || existing.length > 0) return;
      const { rows: anchors } = await sql<{ path: string; sort: number | string }>`select path, sort from menus
        where parent_id = ${folder.id} and path in ('/office/approval/shared', '/office/approval/tracked')`.execute(db);
      const anchor = anchors.find((a) => a.path === '/office/approval/shared') ?? anchors[0];
      const { rows: last } = await sql<{
        m: number | string | null;
      }>`select max(sort) as m from menus where parent_id = ${folder.id}`.execute(db);
      // Sorts step by 10 (and 抄送我的 sits 5 after 我关注的): +2 lands between the anchor and whatever follows it.
      const sort = anchor ? Number(anchor.sort) + 2 : Number(last[0]?.m ?? 0) + 10;
      await sql`insert into menus (parent_id, name, path, type, icon, builtin, keep_alive, hidden, permission, sort)
        values (${folder.id}, '委托管理', '/office/approval/entrust', 1, 'SwapOutlined', 0, 1, 0, null, ${sort})`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await sql`delete from menus where path = '/office/approval/entrust'`.execute(db);
    },
  };
}
