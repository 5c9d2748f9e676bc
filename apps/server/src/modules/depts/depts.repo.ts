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
