import type { Dept, DeptUser } from '@osp/shared';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { parse } from '../../http/validate';
import * as repo from './depts.repo';

export async function getDeptTree(ctx: AppContext): Promise<Dept[]> {
  const rows = await repo.listDeptRows(ctx.db);
  const byId = new Map<number, Dept>(
    rows.map((r) => [r.id, { id: r.id, name: r.name, parent_id: r.parent_id, leader_id: r.leader_id, children: [] }]),
  );
  const roots: Dept[] = [];
  for (const dept of byId.values()) {
    const parent = dept.parent_id === null ? undefined : byId.get(dept.parent_id);
    if (parent) parent.children.push(dept);
    else roots.push(dept);
  }
  return roots;
}

const DeptUsersQueryZ = z.object({
  user_status: z.coerce.number().int().min(0).max(1).optional(),
  dept_id: z.coerce.number().int().positive().optional(),
  keyword: z.string().trim().max(50).optional(),
});

export async function listDeptUsers(ctx: AppContext, query: unknown): Promise<DeptUser[]> {
  const filter = parse(DeptUsersQueryZ, query);
  const rows = await repo.listUsersForPicker(ctx.db, { status: filter.user_status, deptId: filter.dept_id, keyword: filter.keyword });
  return rows.map((r) => ({
    id: r.id,
    username: r.username,
    name: r.name,
    dept_id: r.dept_id,
    dept_name: r.dept_name ?? '',
    station: r.station,
    mobile: r.mobile,
    profilePhoto: r.profile_photo,
    user_status: r.status,
  }));
}
