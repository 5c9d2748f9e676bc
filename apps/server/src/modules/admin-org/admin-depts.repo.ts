import type { Db } from '../../db/index';

export function listDeptRows(db: Db) {
  return db
    .selectFrom('depts')
    .leftJoin('users as leader', 'leader.id', 'depts.leader_id')
    .select(['depts.id', 'depts.name', 'depts.parent_id', 'depts.leader_id', 'depts.sort', 'leader.name as leader_name'])
    .orderBy('depts.sort')
    .orderBy('depts.id')
    .execute();
}

/** People per department (disabled people too: they still belong to it). */
export async function countUsersByDept(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('users')
    .select(['dept_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('dept_id', 'is not', null)
    .groupBy('dept_id')
    .execute();
  return new Map(rows.map((row) => [row.dept_id ?? 0, Number(row.n)]));
}

export function findDept(db: Db, id: number) {
  return db.selectFrom('depts').select(['id', 'name', 'parent_id', 'leader_id', 'sort']).where('id', '=', id).executeTakeFirst();
}

export function listTreeRows(db: Db) {
  return db.selectFrom('depts').select(['id', 'parent_id']).execute();
}

export function listChildren(db: Db, parentId: number | null) {
  const query = db.selectFrom('depts').select(['id', 'name', 'sort']).orderBy('sort').orderBy('id');
  return (parentId === null ? query.where('parent_id', 'is', null) : query.where('parent_id', '=', parentId)).execute();
}

export async function insertDept(db: Db, values: { name: string; parent_id: number | null; sort: number }): Promise<number> {
  const row = await db
    .insertInto('depts')
    .values({ ...values, created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateDept(db: Db, id: number, values: { name?: string; parent_id?: number | null; leader_id?: number | null }) {
  await db.updateTable('depts').set(values).where('id', '=', id).execute();
}

export async function setSorts(db: Db, rows: readonly { id: number; sort: number }[]): Promise<void> {
  for (const row of rows) await db.updateTable('depts').set({ sort: row.sort }).where('id', '=', row.id).execute();
}

export async function countContents(db: Db, id: number): Promise<{ children: number; users: number }> {
  const [children, users] = await Promise.all([
    db
      .selectFrom('depts')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('parent_id', '=', id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('dept_id', '=', id)
      .executeTakeFirstOrThrow(),
  ]);
  return { children: Number(children.n), users: Number(users.n) };
}

export async function deleteDept(db: Db, id: number): Promise<void> {
  await db.deleteFrom('depts').where('id', '=', id).execute();
}

export function findUser(db: Db, id: number) {
  return db.selectFrom('users').select(['id', 'name', 'username', 'status']).where('id', '=', id).executeTakeFirst();
}
