import type { Db } from '../../db/index';
import { containsText } from '../../db/like';

/**
 * Jobs' SQL (issue 12). Every function takes `db` or a transaction. JSON columns are decoded here, so the
 * service sees `dept_ids` as numbers and a template's flow as the jobs it names.
 */

export function findJob(db: Db, id: number) {
  return db.selectFrom('jobs').select(['id', 'name', 'description']).where('id', '=', id).executeTakeFirst();
}

export function findJobByName(db: Db, name: string) {
  return db.selectFrom('jobs').select('id').where('name', '=', name).executeTakeFirst();
}

export async function listJobs(db: Db, keyword: string | undefined, page: number, perPage: number) {
  let base = db.selectFrom('jobs');
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
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    // PostgreSQL's count is int8 and a correlated subquery may come back null: both read as a plain number.
    rows: rows.map((r) => ({ id: r.id, name: r.name, description: r.description, member_count: Number(r.member_count ?? 0) })),
    total: Number(total.n),
  };
}

export function insertJob(db: Db, values: { name: string; description: string }, now: string) {
  return db
    .insertInto('jobs')
    .values({ ...values, created_at: now, updated_at: now })
    .returning(['id', 'name', 'description'])
    .executeTakeFirstOrThrow();
}

export async function updateJob(db: Db, id: number, values: { name: string; description: string }, now: string): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ ...values, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function deleteJob(db: Db, id: number): Promise<void> {
  await db.deleteFrom('jobs').where('id', '=', id).execute();
}

// ---------- members ----------

/**
 * A job's members with their names and departments for display, oldest membership first. The names come
 * with the membership in one join, which the directory has no look-up for.
 */
export async function listJobMembers(db: Db, jobId: number) {
  const rows = await db
    .selectFrom('job_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .leftJoin('depts as d', 'd.id', 'u.dept_id')
    .select(['m.uuid', 'm.user_id', 'u.name', 'd.name as dept_name', 'm.dept_ids'])
    .where('m.job_id', '=', jobId)
    .orderBy('m.created_at')
    .orderBy('m.user_id')
    .execute();
  return rows.map((r) => ({ ...r, dept_ids: parseDeptIds(r.dept_ids) }));
}

/** One member with the name and username the log names them by. */
export async function findJobMember(db: Db, jobId: number, uuid: string) {
  const row = await db
    .selectFrom('job_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.uuid', 'm.dept_ids', 'u.name', 'u.username'])
    .where('m.job_id', '=', jobId)
    .where('m.uuid', '=', uuid)
    .executeTakeFirst();
  return row && { ...row, dept_ids: parseDeptIds(row.dept_ids) };
}

export async function isJobMember(db: Db, jobId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('job_members')
    .select('uuid')
    .where('job_id', '=', jobId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertJobMember(
  db: Db,
  member: { uuid: string; jobId: number; userId: number; deptIds: readonly number[]; createdAt: string },
): Promise<void> {
  await db
    .insertInto('job_members')
    .values({
      uuid: member.uuid,
      job_id: member.jobId,
      user_id: member.userId,
      dept_ids: JSON.stringify(member.deptIds),
      created_at: member.createdAt,
    })
    .execute();
}

export async function updateJobMemberDepts(db: Db, jobId: number, uuid: string, deptIds: readonly number[]): Promise<void> {
  await db
    .updateTable('job_members')
    .set({ dept_ids: JSON.stringify(deptIds) })
    .where('job_id', '=', jobId)
    .where('uuid', '=', uuid)
    .execute();
}

export async function deleteJobMember(db: Db, jobId: number, uuid: string): Promise<void> {
  await db.deleteFrom('job_members').where('job_id', '=', jobId).where('uuid', '=', uuid).execute();
}

/**
 * job_members.dept_ids. An empty list means every department, so a malformed value fails here instead
 * of reading as one that covers everything.
 */
function parseDeptIds(text: string): number[] {
  const value: unknown = JSON.parse(text);
  if (Array.isArray(value) && value.every((v): v is number => typeof v === 'number')) return value;
  throw new Error(`job_members.dept_ids is not a list of ids: ${text}`);
}

// ---------- templates' flows ----------

/** A template and the jobs one of its nodes or links names. */
export interface TemplateJobs {
  id: number;
  name: string;
  is_iptv: number;
  jobIds: number[];
}

/** Every template node with the jobs its steps send tasks to (steps_json holds StepDef[]). */
export async function jobsOfFlowSteps(db: Db): Promise<TemplateJobs[]> {
  const rows = await db
    .selectFrom('template_nodes')
    .innerJoin('templates', 'templates.id', 'template_nodes.template_id')
    .select(['templates.id', 'templates.name', 'templates.is_iptv', 'template_nodes.steps_json'])
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, is_iptv: r.is_iptv, jobIds: stepJobIds(r.steps_json) }));
}

/** Every template link with the jobs its rules route on (rules_json holds a RuleGroup). */
export async function jobsOfLinkRules(db: Db): Promise<TemplateJobs[]> {
  const rows = await db
    .selectFrom('template_node_links')
    .innerJoin('templates', 'templates.id', 'template_node_links.template_id')
    .select(['templates.id', 'templates.name', 'templates.is_iptv', 'template_node_links.rules_json'])
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, is_iptv: r.is_iptv, jobIds: ruleJobIds(r.rules_json) }));
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function stepJobIds(text: string): number[] {
  const steps: unknown = JSON.parse(text);
  if (!Array.isArray(steps)) throw new Error(`template_nodes.steps_json is not a list of steps: ${text}`);
  return steps.flatMap((step: unknown) => {
    const source = isRecord(step) ? step.source : undefined;
    if (!isRecord(source)) throw new Error(`template_nodes.steps_json has a step without a source: ${text}`);
    return source.kind === 'job' && typeof source.jobId === 'number' ? [source.jobId] : [];
  });
}

function ruleJobIds(text: string): number[] {
  // Most links have no job condition: a textual scan finds the candidates, and only those are parsed.
  if (!text.includes('"job"')) return [];
  const ids: number[] = [];
  const visit = (rule: unknown): void => {
    if (!isRecord(rule)) throw new Error(`template_node_links.rules_json is not a rule group: ${text}`);
    if (Array.isArray(rule.rules)) {
      for (const inner of rule.rules as unknown[]) visit(inner);
    } else if (rule.on === 'job') {
      const values: unknown[] = Array.isArray(rule.value) ? rule.value : [rule.value];
      for (const v of values) if (typeof v === 'number') ids.push(v);
    }
  };
  visit(JSON.parse(text));
  return ids;
}
