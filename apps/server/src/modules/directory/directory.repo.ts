import type { Db } from '../../db/index';
import { containsText } from '../../db/like';

export function listDeptRows(db: Db) {
  return db.selectFrom('depts').select(['id', 'name', 'parent_id', 'leader_id', 'sort']).orderBy('sort').orderBy('id').execute();
}

export function listUsersForPicker(db: Db, filter: { status?: number; deptId?: number; keyword?: string }) {
  let query = db
    .selectFrom('users')
    .leftJoin('depts', 'depts.id', 'users.dept_id')
    .select([
      'users.id',
      'users.username',
      'users.name',
      'users.dept_id',
      'depts.name as dept_name',
      'users.station',
      'users.mobile',
      'users.profile_photo',
      'users.status',
    ])
    .orderBy('users.dept_id')
    .orderBy('users.id');
  if (filter.status !== undefined) query = query.where('users.status', '=', filter.status);
  if (filter.deptId !== undefined) query = query.where('users.dept_id', '=', filter.deptId);
  const keyword = filter.keyword;
  if (keyword) {
    query = query.where((eb) => eb.or([containsText(eb.ref('users.name'), keyword), containsText(eb.ref('users.username'), keyword)]));
  }
  return query.execute();
}

// ---------- look-ups for other modules (STYLE: the only code that reads these tables for them) ----------

export async function activeUserIds(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('id', 'in', [...ids])
    .where('status', '=', 1)
    .execute();
  return new Set(rows.map((r) => r.id));
}

export async function isActiveUsername(db: Db, username: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('status').where('username', '=', username).where('status', '=', 1).executeTakeFirst();
  return row !== undefined;
}

/** An active user's department (a flow preview's initiator), or undefined for an unknown or disabled user. */
export function activeUserDept(db: Db, id: number) {
  return db.selectFrom('users').select(['dept_id']).where('id', '=', id).where('status', '=', 1).executeTakeFirst();
}

/** Users' name, department and id, whatever their status. */
export function userNames(db: Db, ids: readonly number[]) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'status'])
    .where('id', 'in', [...ids])
    .execute();
}

/** What a bill or a preview shows of a person: name, department and mobile. */
export interface UserCard {
  id: number;
  name: string;
  dept_name: string | null;
  mobile: string;
}

export async function userCards(db: Db, ids: readonly number[]): Promise<UserCard[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('users as u')
    .leftJoin('depts as d', 'd.id', 'u.dept_id')
    .select(['u.id', 'u.name', 'd.name as dept_name', 'u.mobile'])
    .where('u.id', 'in', [...ids])
    .execute();
}

async function existingIds(db: Db, table: 'jobs' | 'depts' | 'roles', ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom(table)
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((r) => r.id));
}

export const existingJobIds = (db: Db, ids: readonly number[]) => existingIds(db, 'jobs', ids);
export const existingDeptIds = (db: Db, ids: readonly number[]) => existingIds(db, 'depts', ids);
export const existingRoleIds = (db: Db, ids: readonly number[]) => existingIds(db, 'roles', ids);

export async function roleIdsOf(db: Db, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('user_roles').select('role_id').where('user_id', '=', userId).execute();
  return rows.map((r) => r.role_id);
}

/** Every role, for pickers. */
export function listRoles(db: Db) {
  return db.selectFrom('roles').select(['id', 'name']).orderBy('id').execute();
}

export async function jobIdsOf(db: Db, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('job_members').select('job_id').where('user_id', '=', userId).execute();
  return rows.map((r) => r.job_id);
}

/**
 * `job_members.dept_ids` and `bill_entrusts.template_ids`: a JSON list of ids, written by the jobs and
 * entrust modules. An empty list means every department (every template), so anything but a list of ids
 * fails here as an internal error instead of reading as one that covers everything. Read on every flow
 * event, and only ever written by our own code: a structural check, no schema.
 */
function idList(text: string, where: string): number[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`${where} is not JSON`);
  }
  if (Array.isArray(value) && value.every((v): v is number => typeof v === 'number')) return value;
  throw new Error(`${where} is not a list of ids`);
}

/** The active members of these jobs with the departments each covers, oldest membership first. */
export async function activeJobMembers(db: Db, jobIds: readonly number[]): Promise<{ jobId: number; userId: number; deptIds: number[] }[]> {
  const rows = await db
    .selectFrom('job_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.job_id', 'm.user_id', 'm.dept_ids'])
    .where('m.job_id', 'in', [...jobIds])
    // A disabled member gets no new tasks.
    .where('u.status', '=', 1)
    .orderBy('m.created_at')
    .orderBy('m.user_id')
    .execute();
  return rows.map((r) => ({
    jobId: r.job_id,
    userId: r.user_id,
    deptIds: idList(r.dept_ids, `job_members.dept_ids of user ${r.user_id} in job ${r.job_id}`),
  }));
}

/** Entrusts running at `at` whose delegate is active: who acts for whom, for which templates. */
export async function activeEntrusts(db: Db, at: string): Promise<{ userId: number; delegateId: number; templateIds: number[] }[]> {
  const rows = await db
    .selectFrom('bill_entrusts as e')
    .innerJoin('users as u', 'u.id', 'e.delegate_id')
    .select(['e.id', 'e.user_id', 'e.delegate_id', 'e.template_ids'])
    .where('e.start_at', '<=', at)
    .where('e.end_at', '>', at)
    .where('u.status', '=', 1)
    .execute();
  return rows.map((r) => ({
    userId: r.user_id,
    delegateId: r.delegate_id,
    templateIds: idList(r.template_ids, `bill_entrusts.template_ids of entrust ${r.id}`),
  }));
}

/** Active users whose own department is one of these (a caller expands sub-departments first). */
export async function activeUsersOfDepts(db: Db, deptIds: readonly number[]): Promise<number[]> {
  if (deptIds.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('dept_id', 'in', [...deptIds])
    .where('status', '=', 1)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Active users holding any of these roles. */
export async function activeUsersOfRoles(db: Db, roleIds: readonly number[]): Promise<number[]> {
  if (roleIds.length === 0) return [];
  const rows = await db
    .selectFrom('user_roles as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select('u.id')
    .distinct()
    .where('r.role_id', 'in', [...roleIds])
    .where('u.status', '=', 1)
    .execute();
  return rows.map((r) => r.id);
}

/** Every active user (an audience of everyone). */
export async function allActiveUserIds(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('users').select('id').where('status', '=', 1).orderBy('id').execute();
  return rows.map((r) => r.id);
}

/** People as a list of them shows them: name, username and department, whatever their status. */
export async function personRows(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('users as u')
    .leftJoin('depts as d', 'd.id', 'u.dept_id')
    .select(['u.id', 'u.name', 'u.username', 'u.dept_id', 'd.name as dept_name', 'u.status'])
    .where('u.id', 'in', [...ids])
    .execute();
}
