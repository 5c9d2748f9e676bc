import { FormSchemaZ, type FlowGraph, type FormSchema } from '@osp/shared';
import type { Db } from '../../db/index';
import type { Directory, FlowSnapshot } from '../../flow/types';
import { NotFoundError } from '../../http/errors';

/**
 * The engine's look-ups over the tables. The engine is synchronous and pure, so what it may ask is read
 * before it runs: the department tree with leaders, the members of the jobs the snapshot names, and the
 * entrusts active at the event's time. Three small queries per operation.
 */
export async function loadDirectory(db: Db, flow: FlowSnapshot, at: string): Promise<Directory> {
  const jobIds = [...new Set(flow.nodes.flatMap((n) => n.steps.flatMap((s) => (s.source.kind === 'job' ? [s.source.jobId] : []))))];
  const [depts, members, entrusts] = await Promise.all([
    db.selectFrom('depts').select(['id', 'parent_id', 'leader_id']).execute(),
    jobIds.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('job_members as m')
          .innerJoin('users as u', 'u.id', 'm.user_id')
          .select(['m.job_id', 'm.user_id', 'm.dept_ids'])
          .where('m.job_id', 'in', jobIds)
          // A disabled member gets no new tasks.
          .where('u.status', '=', 1)
          .orderBy('m.created_at')
          .orderBy('m.user_id')
          .execute(),
    db
      .selectFrom('bill_entrusts as e')
      .innerJoin('users as u', 'u.id', 'e.delegate_id')
      .select(['e.user_id', 'e.delegate_id', 'e.template_ids'])
      .where('e.start_at', '<=', at)
      .where('e.end_at', '>', at)
      .where('u.status', '=', 1)
      .execute(),
  ]);
  const deptById = new Map(depts.map((d) => [d.id, d]));
  const jobs = new Map<number, { userId: number; deptIds: number[] }[]>();
  for (const m of members)
    jobs.set(m.job_id, [...(jobs.get(m.job_id) ?? []), { userId: m.user_id, deptIds: JSON.parse(m.dept_ids) as number[] }]);
  return {
    deptParent: (id) => deptById.get(id)?.parent_id ?? null,
    deptLeader: (id) => deptById.get(id)?.leader_id ?? null,
    jobMembers: (id) => jobs.get(id) ?? [],
    // One hop (flow/handlers.ts): the delegate's own entrust is not followed, so chains and loops cannot hide a task.
    delegateOf: (userId, templateId) => {
      const entrust = entrusts.find((e) => {
        if (e.user_id !== userId) return false;
        const ids = JSON.parse(e.template_ids) as number[];
        return ids.length === 0 || ids.includes(Number(templateId));
      });
      return entrust?.delegate_id ?? null;
    },
  };
}

export interface PinnedVersion {
  flow: FlowSnapshot;
  formSchema: FormSchema;
}

const CACHE_SIZE = 500;
/** Versions are immutable (never updated once written), so a cached one can never be stale. Kept per database. */
const caches = new WeakMap<object, Map<number, PinnedVersion>>();

/** `cacheOwner`: the app's database handle (a transaction is a new object each time). */
export async function loadVersion(db: Db, versionId: number, cacheOwner: object): Promise<PinnedVersion> {
  let versions = caches.get(cacheOwner);
  if (!versions) {
    versions = new Map();
    caches.set(cacheOwner, versions);
  }
  const cached = versions.get(versionId);
  if (cached) return cached;
  const row = await db
    .selectFrom('template_versions')
    .select(['id', 'template_id', 'name', 'form_schema', 'flow'])
    .where('id', '=', versionId)
    .executeTakeFirst();
  if (!row) throw new NotFoundError('模板版本不存在');
  const graph = JSON.parse(row.flow) as FlowGraph;
  const pinned: PinnedVersion = {
    flow: { ...graph, versionId: String(row.id), templateId: String(row.template_id), name: row.name },
    formSchema: FormSchemaZ.parse(JSON.parse(row.form_schema)),
  };
  if (versions.size >= CACHE_SIZE) {
    const oldest = versions.keys().next().value;
    if (oldest !== undefined) versions.delete(oldest);
  }
  versions.set(versionId, pinned);
  return pinned;
}
