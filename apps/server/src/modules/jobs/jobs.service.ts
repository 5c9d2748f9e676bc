import { randomUUID } from 'node:crypto';
import {
  ApprovalMessages,
  JobIdZ,
  JobInputZ,
  JobListQueryZ,
  JobMemberInputZ,
  JobMemberUpdateZ,
  type FlowNode,
  type Job,
  type JobMember,
  type Paged,
  type TemplateSummary,
} from '@osp/shared';
import { z } from 'zod';
import type { Actor, AppContext, Caller } from '../../context';
import type { Db } from '../../db/index';
import { nowIso } from '../../db/index';
import { containsText } from '../../db/like';
import { ConflictError, NotFoundError, ValidationError } from '../../http/errors';
import { parse } from '../../http/validate';
import { recordOperation } from '../syslog/syslog.service';
import { authorizeTemplateAdmin, hasIptvAccess } from '../templates/templates.policy';
import { activeUserIds, existingDeptIds } from '../templates/templates.repo';

/**
 * Jobs (SPEC: jobs/roles with members): named groups of people a flow step can send tasks to, each member
 * optionally covering some departments only. Managed by holders of `template_admin`. Every write logs one
 * row of item type `job` on the job (members: add_member, update_member, remove_member).
 */

const ITEM_TYPE = 'job';

const MemberParamsZ = z.object({
  id: z.coerce.number({ error: ApprovalMessages.jobNotFound }).int().positive(ApprovalMessages.jobNotFound),
  uuid: z.string().uuid(ApprovalMessages.memberNotFound),
});

async function requireJob(db: Db, id: number) {
  const job = await db.selectFrom('jobs').select(['id', 'name', 'description']).where('id', '=', id).executeTakeFirst();
  if (!job) throw new NotFoundError(ApprovalMessages.jobNotFound);
  return job;
}

async function membersOf(db: Db, jobId: number): Promise<JobMember[]> {
  const rows = await db
    .selectFrom('job_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .leftJoin('depts as d', 'd.id', 'u.dept_id')
    .select(['m.uuid', 'm.user_id', 'u.name', 'd.name as dept_name', 'm.dept_ids'])
    .where('m.job_id', '=', jobId)
    .orderBy('m.created_at')
    .orderBy('m.user_id')
    .execute();
  return rows.map((r) => ({
    uuid: r.uuid,
    user_id: r.user_id,
    name: r.name,
    dept_name: r.dept_name,
    dept_ids: JSON.parse(r.dept_ids) as number[],
  }));
}

export async function listJobs(ctx: AppContext, caller: Caller, query: unknown): Promise<Paged<Job>> {
  authorizeTemplateAdmin(caller);
  const input = parse(JobListQueryZ, query);
  let base = ctx.db.selectFrom('jobs');
  const keyword = input.keyword;
  if (keyword) base = base.where((eb) => containsText(eb.ref('name'), keyword));
  const [rows, total] = await Promise.all([
    base
      .select(['jobs.id', 'jobs.name', 'jobs.description'])
      .select((eb) =>
        eb
          .selectFrom('job_members')
          .select((e) => e.fn.countAll<number | string>().as('n'))
          .whereRef('job_members.job_id', '=', 'jobs.id')
          .as('member_count'),
      )
      .orderBy('jobs.id')
      .limit(input.per_page)
      .offset((input.page - 1) * input.per_page)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map((r) => ({ id: r.id, name: r.name, description: r.description, member_count: Number(r.member_count ?? 0) })),
    total: Number(total.n),
    page: input.page,
    per_page: input.per_page,
  };
}

export async function getJob(ctx: AppContext, caller: Caller, params: unknown): Promise<Job> {
  authorizeTemplateAdmin(caller);
  const { id } = parse(JobIdZ, params);
  const job = await requireJob(ctx.db, id);
  const members = await membersOf(ctx.db, id);
  return { ...job, member_count: members.length, members };
}

async function assertNameFree(db: Db, name: string, id: number | null): Promise<void> {
  const same = await db.selectFrom('jobs').select('id').where('name', '=', name).executeTakeFirst();
  if (same && same.id !== id) throw new ValidationError({ name: [ApprovalMessages.jobNameTaken(name)] });
}

export async function createJob(ctx: AppContext, actor: Actor, body: unknown): Promise<Job> {
  authorizeTemplateAdmin(actor.caller);
  const input = parse(JobInputZ, body);
  const row = await ctx.db.transaction().execute(async (trx) => {
    await assertNameFree(trx, input.name, null);
    const now = nowIso();
    const created = await trx
      .insertInto('jobs')
      .values({ ...input, created_at: now, updated_at: now })
      .returning(['id', 'name', 'description'])
      .executeTakeFirstOrThrow();
    await recordOperation(trx, actor, {
      itemType: ITEM_TYPE,
      itemId: created.id,
      action: 'create',
      summary: `新建审批岗位「${created.name}」`,
      after: { name: created.name, description: created.description },
    });
    return created;
  });
  return { ...row, member_count: 0, members: [] };
}

export async function updateJob(ctx: AppContext, actor: Actor, params: unknown, body: unknown): Promise<Job> {
  authorizeTemplateAdmin(actor.caller);
  const { id } = parse(JobIdZ, params);
  const input = parse(JobInputZ, body);
  await ctx.db.transaction().execute(async (trx) => {
    const job = await requireJob(trx, id);
    await assertNameFree(trx, input.name, id);
    const keys = (['name', 'description'] as const).filter((k) => job[k] !== input[k]);
    if (keys.length === 0) return;
    await trx
      .updateTable('jobs')
      .set({ ...input, updated_at: nowIso() })
      .where('id', '=', id)
      .execute();
    const clauses = [...(keys.includes('name') ? [`改名为「${input.name}」`] : []), ...(keys.includes('description') ? ['修改说明'] : [])];
    await recordOperation(trx, actor, {
      itemType: ITEM_TYPE,
      itemId: id,
      action: 'update',
      summary: `修改审批岗位「${job.name}」：${clauses.join('，')}`,
      before: Object.fromEntries(keys.map((k) => [k, job[k]])),
      after: Object.fromEntries(keys.map((k) => [k, input[k]])),
    });
  });
  return getJob(ctx, actor.caller, params);
}

/** Templates whose working flow sends a step to this job or routes on it. */
async function templatesUsingJob(db: Db, jobId: number): Promise<{ id: number; name: string; is_iptv: number }[]> {
  const nodes = await db
    .selectFrom('template_nodes')
    .innerJoin('templates', 'templates.id', 'template_nodes.template_id')
    .select(['templates.id', 'templates.name', 'templates.is_iptv', 'template_nodes.steps_json'])
    .execute();
  const links = await db
    .selectFrom('template_node_links')
    .innerJoin('templates', 'templates.id', 'template_node_links.template_id')
    .select(['templates.id', 'templates.name', 'templates.is_iptv', 'template_node_links.rules_json'])
    .execute();
  const found = new Map<number, { id: number; name: string; is_iptv: number }>();
  for (const n of nodes) {
    const steps = JSON.parse(n.steps_json) as FlowNode['steps'];
    if (steps.some((s) => s.source.kind === 'job' && s.source.jobId === jobId))
      found.set(n.id, { id: n.id, name: n.name, is_iptv: n.is_iptv });
  }
  // Job conditions in link rules: a textual scan is enough to find the candidates, then parsed.
  for (const l of links) {
    if (!l.rules_json.includes('"job"')) continue;
    const uses = (group: unknown): boolean => {
      const g = group as { rules?: unknown[]; on?: string; value?: unknown };
      if (Array.isArray(g.rules)) return g.rules.some(uses);
      return g.on === 'job' && (Array.isArray(g.value) ? g.value.includes(jobId) : g.value === jobId);
    };
    if (uses(JSON.parse(l.rules_json))) found.set(l.id, { id: l.id, name: l.name, is_iptv: l.is_iptv });
  }
  return [...found.values()].sort((a, b) => a.id - b.id);
}

export async function jobTemplates(
  ctx: AppContext,
  caller: Caller,
  params: unknown,
): Promise<Pick<TemplateSummary, 'id' | 'name' | 'is_iptv'>[]> {
  authorizeTemplateAdmin(caller);
  const { id } = parse(JobIdZ, params);
  await requireJob(ctx.db, id);
  const using = await templatesUsingJob(ctx.db, id);
  // An IPTV template's name is not shown to those who may not see IPTV templates.
  return using.filter((t) => t.is_iptv === 0 || hasIptvAccess(caller));
}

export async function deleteJob(ctx: AppContext, actor: Actor, params: unknown): Promise<void> {
  authorizeTemplateAdmin(actor.caller);
  const { id } = parse(JobIdZ, params);
  await ctx.db.transaction().execute(async (trx) => {
    const job = await requireJob(trx, id);
    const using = await templatesUsingJob(trx, id);
    if (using.length > 0) throw new ConflictError(ApprovalMessages.jobInUse(using.map((t) => t.name)));
    const members = await membersOf(trx, id);
    await trx.deleteFrom('jobs').where('id', '=', id).execute();
    await recordOperation(trx, actor, {
      itemType: ITEM_TYPE,
      itemId: id,
      action: 'delete',
      summary: `删除审批岗位「${job.name}」${members.length > 0 ? `（${members.length} 名成员）` : ''}`,
      before: { name: job.name, description: job.description, members: members.map((m) => m.name) },
    });
  });
}

/** "技术部、财务部", or 全部部门 for a member covering every department. */
async function deptsText(db: Db, deptIds: readonly number[]): Promise<string> {
  if (deptIds.length === 0) return '全部部门';
  const rows = await db
    .selectFrom('depts')
    .select(['id', 'name'])
    .where('id', 'in', [...deptIds])
    .execute();
  const names = new Map(rows.map((r) => [r.id, r.name]));
  return deptIds.map((d) => names.get(d) ?? `部门#${d}`).join('、');
}

async function memberRow(db: Db, jobId: number, uuid: string) {
  const row = await db
    .selectFrom('job_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.uuid', 'm.dept_ids', 'u.name', 'u.username'])
    .where('m.job_id', '=', jobId)
    .where('m.uuid', '=', uuid)
    .executeTakeFirst();
  if (!row) throw new NotFoundError(ApprovalMessages.memberNotFound);
  return { ...row, person: `${row.name}（${row.username}）`, deptIds: JSON.parse(row.dept_ids) as number[] };
}

async function checkDepts(db: Db, deptIds: readonly number[]): Promise<void> {
  const found = await existingDeptIds(db, deptIds);
  const missing = deptIds.filter((d) => !found.has(d));
  if (missing.length > 0) throw new ValidationError({ dept_ids: [ApprovalMessages.deptsMissing(missing)] });
}

export async function listMembers(ctx: AppContext, caller: Caller, params: unknown): Promise<JobMember[]> {
  authorizeTemplateAdmin(caller);
  const { id } = parse(JobIdZ, params);
  await requireJob(ctx.db, id);
  return membersOf(ctx.db, id);
}

export async function addMember(ctx: AppContext, actor: Actor, params: unknown, body: unknown): Promise<JobMember> {
  authorizeTemplateAdmin(actor.caller);
  const { id } = parse(JobIdZ, params);
  const input = parse(JobMemberInputZ, body);
  const uuid = randomUUID();
  await ctx.db.transaction().execute(async (trx) => {
    const job = await requireJob(trx, id);
    if (!(await activeUserIds(trx, [input.user_id])).has(input.user_id))
      throw new ValidationError({ user_id: [ApprovalMessages.userMissing] });
    await checkDepts(trx, input.dept_ids);
    const exists = await trx
      .selectFrom('job_members')
      .select('uuid')
      .where('job_id', '=', id)
      .where('user_id', '=', input.user_id)
      .executeTakeFirst();
    if (exists) throw new ValidationError({ user_id: [ApprovalMessages.memberExists] });
    const deptIds = [...new Set(input.dept_ids)];
    await trx
      .insertInto('job_members')
      .values({ uuid, job_id: id, user_id: input.user_id, dept_ids: JSON.stringify(deptIds), created_at: nowIso() })
      .execute();
    const added = await memberRow(trx, id, uuid);
    const depts = await deptsText(trx, deptIds);
    await recordOperation(trx, actor, {
      itemType: ITEM_TYPE,
      itemId: id,
      action: 'add_member',
      summary: `审批岗位「${job.name}」添加成员 ${added.person}，负责${depts}`,
      after: { member: added.person, depts },
    });
  });
  const member = (await membersOf(ctx.db, id)).find((m) => m.uuid === uuid);
  if (!member) throw new NotFoundError(ApprovalMessages.memberNotFound);
  return member;
}

export async function updateMember(ctx: AppContext, actor: Actor, params: unknown, body: unknown): Promise<JobMember> {
  authorizeTemplateAdmin(actor.caller);
  const { id, uuid } = parse(MemberParamsZ, params);
  const input = parse(JobMemberUpdateZ, body);
  await ctx.db.transaction().execute(async (trx) => {
    await checkDepts(trx, input.dept_ids);
    const old = await memberRow(trx, id, uuid);
    const job = await requireJob(trx, id);
    const deptIds = [...new Set(input.dept_ids)];
    if (JSON.stringify(deptIds) === JSON.stringify(old.deptIds)) return;
    await trx
      .updateTable('job_members')
      .set({ dept_ids: JSON.stringify(deptIds) })
      .where('job_id', '=', id)
      .where('uuid', '=', uuid)
      .execute();
    const [before, after] = [await deptsText(trx, old.deptIds), await deptsText(trx, deptIds)];
    await recordOperation(trx, actor, {
      itemType: ITEM_TYPE,
      itemId: id,
      action: 'update_member',
      summary: `审批岗位「${job.name}」成员 ${old.person} 负责的部门改为${after}`,
      before: { member: old.person, depts: before },
      after: { member: old.person, depts: after },
    });
  });
  const member = (await membersOf(ctx.db, id)).find((m) => m.uuid === uuid);
  if (!member) throw new NotFoundError(ApprovalMessages.memberNotFound);
  return member;
}

export async function removeMember(ctx: AppContext, actor: Actor, params: unknown): Promise<void> {
  authorizeTemplateAdmin(actor.caller);
  const { id, uuid } = parse(MemberParamsZ, params);
  await ctx.db.transaction().execute(async (trx) => {
    const old = await memberRow(trx, id, uuid);
    const job = await requireJob(trx, id);
    await trx.deleteFrom('job_members').where('job_id', '=', id).where('uuid', '=', uuid).execute();
    await recordOperation(trx, actor, {
      itemType: ITEM_TYPE,
      itemId: id,
      action: 'remove_member',
      summary: `审批岗位「${job.name}」移除成员 ${old.person}`,
      before: { member: old.person, depts: await deptsText(trx, old.deptIds) },
    });
  });
}
