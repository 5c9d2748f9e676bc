import { deptPathOf, type Dept, type DeptUser, type FlowGraph } from '@osp/shared';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { Db } from '../../db/index';
import type { Directory } from '../../flow/types';
import { parse } from '../../http/validate';
import * as repo from './directory.repo';

/**
 * The directory: people, the department tree, roles and job members, as every other module reads them
 * (STYLE "A new area moves in"). Nothing outside this module queries users, depts, roles or job_members
 * for its own purposes; administration of those tables stays in admin-users, admin-org and jobs.
 *
 * Functions that take a `db` may be given a transaction, so a check and the write it guards see the
 * same rows. The department rows are kept in the access cache between changes (a committed department
 * edit empties it, db/write-watch.ts), since every flow step and every picker walks the tree.
 */

export type { UserCard } from './directory.repo';
export {
  activeUserDept,
  activeUserIds,
  activeUsersOfRoles,
  allActiveUserIds,
  existingDeptIds,
  existingJobIds,
  existingRoleIds,
  isActiveUsername,
  jobIdsOf,
  listRoles,
  personRows,
  roleIdsOf,
} from './directory.repo';

/** The directory's cache lives in the access cache; the demo seed passes one of its own. */
export type DirectoryContext = Pick<AppContext, 'db' | 'access'>;

type DeptRow = Awaited<ReturnType<typeof repo.listDeptRows>>[number];

const DEPT_ROWS = 'directory:dept-rows';

/**
 * Every department, in display order; from the access cache between department edits. Inside a
 * transaction pass it as `db`: on SQLite the transaction holds the one connection, so a read on
 * `ctx.db` would wait for it forever.
 */
export async function deptRows(ctx: DirectoryContext, db: Db = ctx.db): Promise<readonly DeptRow[]> {
  const cached = ctx.access.value<DeptRow[]>(DEPT_ROWS);
  if (cached) return cached;
  const startedIn = ctx.access.currentGeneration;
  const rows = await repo.listDeptRows(db);
  ctx.access.rememberValue(DEPT_ROWS, rows, startedIn);
  return rows;
}

export async function getDeptTree(ctx: AppContext): Promise<Dept[]> {
  const rows = await deptRows(ctx);
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

/** Every department's parent: the tree is small and read whole. */
export async function deptParents(ctx: DirectoryContext, db: Db = ctx.db): Promise<Map<number, number | null>> {
  return new Map((await deptRows(ctx, db)).map((r) => [r.id, r.parent_id]));
}

/**
 * The active people of these departments and of every department below them (a share to 技术部 reaches 研发组),
 * and the ids among those asked that are no department.
 */
export async function activePeopleUnder(
  ctx: DirectoryContext,
  db: Db,
  deptIds: readonly number[],
): Promise<{ userIds: number[]; unknownDepts: number[] }> {
  const rows = await deptRows(ctx, db);
  const children = new Map<number, number[]>();
  for (const row of rows) if (row.parent_id !== null) children.set(row.parent_id, [...(children.get(row.parent_id) ?? []), row.id]);
  const known = new Set(rows.map((r) => r.id));
  const unknownDepts = [...new Set(deptIds)].filter((id) => !known.has(id));
  const under = new Set<number>();
  const stack = deptIds.filter((id) => known.has(id));
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (under.has(id)) continue;
    under.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  return { userIds: await repo.activeUsersOfDepts(db, [...under]), unknownDepts };
}

/** The department and every department above it, nearest first; [] for an unknown id. */
export function ancestorsOf(parents: ReadonlyMap<number, number | null>, id: number): number[] {
  // The same walk as the rules' deptPathOf, kept to departments that exist.
  return deptPathOf(id, (at) => parents.get(at)).filter((at) => parents.has(at));
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

/** Name, department and mobile of each of `ids` that is a user, whatever their status. */
export async function userCards(db: Db, ids: Iterable<number>): Promise<Map<number, repo.UserCard>> {
  const rows = await repo.userCards(db, [...new Set(ids)]);
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * How each of `ids` that is not an active user is named to an administrator: a disabled user by name
 * (they know who that is), an id that never was a user as itself (ApprovalMessages.usersMissing).
 */
export async function missingUserLabels(db: Db, ids: readonly number[]): Promise<Map<number, string | number>> {
  const missing = new Map<number, string | number>();
  if (ids.length === 0) return missing;
  const byId = new Map((await repo.userNames(db, ids)).map((r) => [r.id, r]));
  for (const id of ids) {
    const row = byId.get(id);
    if (row === undefined) missing.set(id, id);
    else if (row.status !== 1) missing.set(id, row.name);
  }
  return missing;
}

/**
 * The engine's look-ups (flow/types.ts `Directory`). The engine is synchronous and pure, so what it may
 * ask is read before it runs: the department tree with leaders (cached), the members of the jobs the
 * flow names (active ones), the entrusts active at the event's time (to active delegates), and which of the
 * people it may name are active: the flow's named users, every department leader, and `people`, the ones
 * only the bill or the event knows (initiator, 发起人自选 choices, a transfer's target). A person outside
 * those is not asked about and counts as active (the engine never names one: job members and delegates
 * come filtered).
 */
export async function loadFlowDirectory(
  ctx: DirectoryContext,
  db: Db,
  flow: Pick<FlowGraph, 'nodes'>,
  at: string,
  people: Iterable<number>,
): Promise<Directory> {
  const jobIds = [...new Set(flow.nodes.flatMap((n) => n.steps.flatMap((s) => (s.source.kind === 'job' ? [s.source.jobId] : []))))];
  const [depts, members, entrusts] = await Promise.all([
    deptRows(ctx, db),
    jobIds.length === 0 ? Promise.resolve([]) : repo.activeJobMembers(db, jobIds),
    repo.activeEntrusts(db, at),
  ]);
  const asked = new Set(people);
  for (const n of flow.nodes) for (const s of n.steps) if (s.source.kind === 'users') for (const u of s.source.userIds) asked.add(u);
  for (const d of depts) if (d.leader_id !== null) asked.add(d.leader_id);
  const active = await repo.activeUserIds(db, [...asked]);
  const deptById = new Map(depts.map((d) => [d.id, d]));
  const jobs = new Map<number, { userId: number; deptIds: number[] }[]>();
  for (const m of members) jobs.set(m.jobId, [...(jobs.get(m.jobId) ?? []), { userId: m.userId, deptIds: m.deptIds }]);
  return {
    deptParent: (id) => deptById.get(id)?.parent_id ?? null,
    deptLeader: (id) => deptById.get(id)?.leader_id ?? null,
    // A disabled (or deleted) user counts as nobody found (issue 13), as job members and delegates already did.
    isActive: (id) => !asked.has(id) || active.has(id),
    jobMembers: (id) => jobs.get(id) ?? [],
    // One hop (flow/handlers.ts): the delegate's own entrust is not followed, so chains and loops cannot hide a task.
    delegateOf: (userId, templateId) => {
      const entrust = entrusts.find(
        (e) => e.userId === userId && (e.templateIds.length === 0 || e.templateIds.includes(Number(templateId))),
      );
      return entrust?.delegateId ?? null;
    },
  };
}
