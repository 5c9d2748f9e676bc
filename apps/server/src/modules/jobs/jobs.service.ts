import { randomUUID } from 'node:crypto';
import {
  ApprovalMessages,
  JobIdZ,
  JobInputZ,
  JobListQueryZ,
  JobMemberInputZ,
  JobMemberUpdateZ,
  type Job,
  type JobMember,
  type Paged,
  type TemplateSummary,
} from '@osp/shared';
import { z } from 'zod';
import type { Actor, AppContext, Caller } from '../../context';
import type { Db } from '../../db/index';
import { nowIso } from '../../db/index';
import { ConflictError, NotFoundError, ValidationError } from '../../http/errors';
import { parse } from '../../http/validate';
import { recordOperation } from '../syslog/syslog.service';
import { authorizeTemplateAdmin, hasIptvAccess } from '../templates/templates.policy';
import { activeUserIds, deptRows, existingDeptIds, type DirectoryContext } from '../directory/directory.service';
import * as repo from './jobs.repo';

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
  const job = await repo.findJob(db, id);
  if (!job) throw new NotFoundError(ApprovalMessages.jobNotFound);
  return job;
}

async function membersOf(db: Db, jobId: number): Promise<JobMember[]> {
  const rows = await repo.listJobMembers(db, jobId);
  return rows.map((r) => ({ uuid: r.uuid, user_id: r.user_id, name: r.name, dept_name: r.dept_name, dept_ids: r.dept_ids }));
}

type UsingTemplate = Pick<TemplateSummary, 'id' | 'name' | 'is_iptv'>;

/** Every job a template's working flow sends a step to or routes on → those templates, by id. */
async function templatesByJob(db: Db): Promise<Map<number, UsingTemplate[]>> {
  const [nodes, links] = await Promise.all([repo.jobsOfFlowSteps(db), repo.jobsOfLinkRules(db)]);
  const byJob = new Map<number, Map<number, UsingTemplate>>();
  for (const t of [...nodes, ...links]) {
    for (const jobId of t.jobIds) {
      const using = byJob.get(jobId) ?? new Map<number, UsingTemplate>();
      using.set(t.id, { id: t.id, name: t.name, is_iptv: t.is_iptv });
      byJob.set(jobId, using);
    }
  }
  return new Map([...byJob].map(([jobId, using]) => [jobId, [...using.values()].sort((a, b) => a.id - b.id)]));
}

/** Templates whose working flow sends a step to this job or routes on it. */
async function templatesUsingJob(db: Db, jobId: number): Promise<UsingTemplate[]> {
  return (await templatesByJob(db)).get(jobId) ?? [];
}

/** An IPTV template's name is not shown to those who may not see IPTV templates. */
function shownTo(caller: Caller, using: readonly UsingTemplate[]): UsingTemplate[] {
  return using.filter((t) => t.is_iptv === 0 || hasIptvAccess(caller));
}

/**
 * What the list says about a job's use: the page disables 删除 with the same reason the server gives when asked to
 * delete it anyway (deleteJob).
 */
function useOf(caller: Caller, using: readonly UsingTemplate[]): Pick<Job, 'template_count' | 'abilities' | 'delete_blocked_reason'> {
  const shown = shownTo(caller, using);
  return {
    template_count: using.length,
    abilities: { delete: using.length === 0 },
    delete_blocked_reason:
      using.length === 0
        ? ''
        : ApprovalMessages.jobInUse(
            shown.map((t) => t.name),
            using.length - shown.length,
          ),
  };
}

export async function listJobs(ctx: AppContext, caller: Caller, query: unknown): Promise<Paged<Job>> {
  authorizeTemplateAdmin(caller);
  const input = parse(JobListQueryZ, query);
  const [{ rows, total }, byJob] = await Promise.all([
    repo.listJobs(ctx.db, input.keyword, input.page, input.per_page),
    templatesByJob(ctx.db),
  ]);
  return {
    list: rows.map((row) => ({ ...row, ...useOf(caller, byJob.get(row.id) ?? []) })),
    total,
    page: input.page,
    per_page: input.per_page,
  };
}

export async function getJob(ctx: AppContext, caller: Caller, params: unknown): Promise<Job> {
  authorizeTemplateAdmin(caller);
  const { id } = parse(JobIdZ, params);
  const job = await requireJob(ctx.db, id);
  const members = await membersOf(ctx.db, id);
  return { ...job, member_count: members.length, ...useOf(caller, await templatesUsingJob(ctx.db, id)), members };
}

async function assertNameFree(db: Db, name: string, id: number | null): Promise<void> {
  const same = await repo.findJobByName(db, name);
  if (same && same.id !== id) throw new ValidationError({ name: [ApprovalMessages.jobNameTaken(name)] });
}

export async function createJob(ctx: AppContext, actor: Actor, body: unknown): Promise<Job> {
  authorizeTemplateAdmin(actor.caller);
  const input = parse(JobInputZ, body);
  const row = await ctx.db.transaction().execute(async (trx) => {
    await assertNameFree(trx, input.name, null);
    const created = await repo.insertJob(trx, input, nowIso());
    await recordOperation(trx, actor, {
      itemType: ITEM_TYPE,
      itemId: created.id,
      action: 'create',
      summary: `新建审批岗位「${created.name}」`,
      after: { name: created.name, description: created.description },
    });
    return created;
  });
  return { ...row, member_count: 0, ...useOf(actor.caller, []), members: [] };
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
    await repo.updateJob(trx, id, input, nowIso());
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

export async function jobTemplates(ctx: AppContext, caller: Caller, params: unknown): Promise<UsingTemplate[]> {
  authorizeTemplateAdmin(caller);
  const { id } = parse(JobIdZ, params);
  await requireJob(ctx.db, id);
  return shownTo(caller, await templatesUsingJob(ctx.db, id));
}

export async function deleteJob(ctx: AppContext, actor: Actor, params: unknown): Promise<void> {
  authorizeTemplateAdmin(actor.caller);
  const { id } = parse(JobIdZ, params);
  await ctx.db.transaction().execute(async (trx) => {
    const job = await requireJob(trx, id);
    const using = await templatesUsingJob(trx, id);
    if (using.length > 0) throw new ConflictError(useOf(actor.caller, using).delete_blocked_reason);
    const members = await membersOf(trx, id);
    await repo.deleteJob(trx, id);
    await recordOperation(trx, actor, {
      itemType: ITEM_TYPE,
      itemId: id,
      action: 'delete',
      summary: `删除审批岗位「${job.name}」${members.length > 0 ? `（${members.length} 名成员）` : ''}`,
      before: { name: job.name, description: job.description, members: members.map((m) => m.name) },
    });
  });
}

/**
 * "技术部、财务部", or 全部部门 for a member covering every department. `db` is the transaction, so that on a
 * cold cache the directory reads through it: SQLite has one connection, which the transaction holds.
 */
async function deptsText(ctx: DirectoryContext, db: Db, deptIds: readonly number[]): Promise<string> {
  if (deptIds.length === 0) return '全部部门';
  const names = new Map((await deptRows(ctx, db)).map((r) => [r.id, r.name]));
  return deptIds.map((d) => names.get(d) ?? `部门#${d}`).join('、');
}

async function memberRow(db: Db, jobId: number, uuid: string) {
  const row = await repo.findJobMember(db, jobId, uuid);
  if (!row) throw new NotFoundError(ApprovalMessages.memberNotFound);
  return { person: `${row.name}（${row.username}）`, deptIds: row.dept_ids };
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
    if (await repo.isJobMember(trx, id, input.user_id)) throw new ValidationError({ user_id: [ApprovalMessages.memberExists] });
    const deptIds = [...new Set(input.dept_ids)];
    await repo.insertJobMember(trx, { uuid, jobId: id, userId: input.user_id, deptIds, createdAt: nowIso() });
    const added = await memberRow(trx, id, uuid);
    const depts = await deptsText(ctx, trx, deptIds);
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
    await repo.updateJobMemberDepts(trx, id, uuid, deptIds);
    const [before, after] = [await deptsText(ctx, trx, old.deptIds), await deptsText(ctx, trx, deptIds)];
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
    await repo.deleteJobMember(trx, id, uuid);
    await recordOperation(trx, actor, {
      itemType: ITEM_TYPE,
      itemId: id,
      action: 'remove_member',
      summary: `审批岗位「${job.name}」移除成员 ${old.person}`,
      before: { member: old.person, depts: await deptsText(ctx, trx, old.deptIds) },
    });
  });
}
