import { ApprovalMessages, type FlowGraph, type Job, type Paged, type TemplateDetail } from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, userId, type TestServer } from '../../../test/harness';
import { idOf, linearGraph, SIMPLE_FORM, Tokens } from '../bills/test-support';

/**
 * Issue 14: the jobs list knows which jobs templates use, so 审批岗位 disables 删除 with the reason the server gives
 * when asked to delete one anyway (as 角色权限 does for roles with members).
 */

let server: TestServer;
let tokens: Tokens;
let groupId: number;

beforeAll(async () => {
  server = await startTestServer();
  tokens = new Tokens(server);
  groupId = (await server.db.selectFrom('template_groups').select('id').where('name', '=', 'IT服务').executeTakeFirstOrThrow()).id;
  // 林雪 administers templates and jobs but holds no IPTV permission.
  const role = await server.db
    .insertInto('roles')
    .values({ key: 'job_admin', name: '岗位管理员' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await server.db.insertInto('role_permissions').values({ role_id: role.id, permission: 'template_admin' }).execute();
  await server.db
    .insertInto('user_roles')
    .values({ user_id: await userId(server.db, 'linxue'), role_id: role.id })
    .execute();
  await server.accessChanged();
});
afterAll(async () => server.close());

async function call<T>(user: string, method: string, url: string, body?: unknown) {
  return server.call<T>(method, url, { token: await tokens.get(user), ...(body !== undefined ? { body } : {}) });
}

async function jobCount(): Promise<number> {
  const row = await server.db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One approve step sent to the job. */
async function flowOnJob(jobId: number): Promise<FlowGraph> {
  const flow = linearGraph([[{ type: 'orsign', userIds: [await idOf(server, 'hanbing')] }]]);
  const step = flow.nodes[1]?.steps[0];
  if (!step) throw new Error('no step');
  step.source = { kind: 'job', jobId };
  return flow;
}

async function listed(user: string, keyword: string): Promise<Job[]> {
  const { body } = await call<Paged<Job>>(user, 'GET', `/api/jobs?keyword=${encodeURIComponent(keyword)}`);
  expect(body.status_code, body.message).toBe(0);
  return body.data.list;
}

describe('GET /api/jobs: the use of each job', () => {
  it('counts the templates using a job, and gives the reason it cannot be deleted, as the refusal does', async () => {
    const used = (await call<Job>('admin', 'POST', '/api/jobs', { name: '用量法务' })).body.data;
    const free = (await call<Job>('admin', 'POST', '/api/jobs', { name: '用量空闲' })).body.data;
    expect(used).toMatchObject({ template_count: 0, abilities: { delete: true }, delete_blocked_reason: '' });

    const body = { group_id: groupId, form_schema: SIMPLE_FORM, flow: await flowOnJob(used.id) };
    const plain = await call<TemplateDetail>('admin', 'POST', '/api/templates', { ...body, name: '用量合同审批' });
    const iptv = await call<TemplateDetail>('admin', 'POST', '/api/iptvtemplates', { ...body, name: '用量 IPTV 结算' });
    expect([plain.body.status_code, iptv.body.status_code], plain.body.message).toEqual([0, 0]);

    // The administrator sees every template's name; 林雪, without IPTV permission, the count of the IPTV ones.
    const forAdmin = ApprovalMessages.jobInUse(['用量合同审批', '用量 IPTV 结算']);
    const forLinxue = ApprovalMessages.jobInUse(['用量合同审批'], 1);
    expect(forLinxue).toBe('岗位正被审批模板使用（用量合同审批、另有1个IPTV模板），请先在流程中移除后再删除');
    expect(await listed('admin', '用量')).toEqual([
      expect.objectContaining({ id: used.id, template_count: 2, abilities: { delete: false }, delete_blocked_reason: forAdmin }),
      expect.objectContaining({ id: free.id, template_count: 0, abilities: { delete: true }, delete_blocked_reason: '' }),
    ]);
    expect(await listed('linxue', '用量法务')).toEqual([
      expect.objectContaining({ template_count: 2, abilities: { delete: false }, delete_blocked_reason: forLinxue }),
    ]);
    expect((await call<Job>('linxue', 'GET', `/api/jobs/${used.id}`)).body.data).toMatchObject({
      template_count: 2,
      delete_blocked_reason: forLinxue,
    });

    // Asked anyway: refused with the same reason, nothing deleted.
    const before = await jobCount();
    expect((await call('linxue', 'DELETE', `/api/jobs/${used.id}`)).body).toMatchObject({ status_code: 409, message: forLinxue });
    expect((await call('admin', 'DELETE', `/api/jobs/${used.id}`)).body).toMatchObject({ status_code: 409, message: forAdmin });
    expect(await jobCount()).toBe(before);

    // Once no template uses it, it may go.
    for (const [url, id] of [
      ['/api/templates', plain.body.data.id],
      ['/api/iptvtemplates', iptv.body.data.id],
    ] as const) {
      expect((await call('admin', 'DELETE', `${url}/${id}`)).body.status_code).toBe(0);
    }
    expect(await listed('linxue', '用量法务')).toEqual([
      expect.objectContaining({ template_count: 0, abilities: { delete: true }, delete_blocked_reason: '' }),
    ]);
    expect((await call('linxue', 'DELETE', `/api/jobs/${used.id}`)).body.status_code).toBe(0);
    expect(await jobCount()).toBe(before - 1);
  });

  it('answers 403 to someone who does not administer templates', async () => {
    expect((await call('zhangsan', 'GET', '/api/jobs')).status).toBe(403);
    expect((await call('zhaoliu', 'GET', '/api/jobs')).status).toBe(403);
  });
});
