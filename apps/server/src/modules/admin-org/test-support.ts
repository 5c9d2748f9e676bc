import type { TestServer } from '../../../test/harness';

/**
 * The rows a refused call must leave as they were: the organisation's tables and the operation log.
 * Compared before and after, they prove "nothing changed".
 */
export async function snapshot(server: TestServer): Promise<string> {
  const db = server.db;
  const [depts, roles, grants, members, menus, settings, logs] = await Promise.all([
    db.selectFrom('depts').select(['id', 'name', 'parent_id', 'leader_id', 'sort']).orderBy('id').execute(),
    db.selectFrom('roles').selectAll().orderBy('id').execute(),
    db.selectFrom('role_permissions').selectAll().orderBy('role_id').orderBy('permission').execute(),
    db.selectFrom('user_roles').selectAll().orderBy('user_id').orderBy('role_id').execute(),
    db.selectFrom('menus').selectAll().orderBy('id').execute(),
    db.selectFrom('settings').selectAll().orderBy('key').execute(),
    db.selectFrom('operation_logs').select(['id']).execute(),
  ]);
  return JSON.stringify({ depts, roles, grants, members, menus, settings, logs: logs.length });
}

/** The newest operation-log row of an item type. */
export function lastOperation(server: TestServer, itemType: string) {
  return server.db.selectFrom('operation_logs').selectAll().where('item_type', '=', itemType).orderBy('id', 'desc').executeTakeFirst();
}
