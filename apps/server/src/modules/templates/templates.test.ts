import {
  ApprovalMessages,
  FlowMessages,
  type FlowGraph,
  type Job,
  type JobMember,
  type Paged,
  type TemplateDetail,
  type TemplateGroup,
  type TemplateSummary,
} from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { idOf, linearGraph, pendingTask, releasedBill, SIMPLE_FORM, Tokens } from '../bills/test-support';

let server: TestServer;
let tokens: Tokens;
let groupId: number;

beforeAll(async () => {
  server = await startTestServer();
  tokens = new Tokens(server);
  groupId = (await server.db.selectFrom('template_groups').select('id').where('name', '=', 'IT服务').executeTakeFirstOrThrow()).id;
});
afterAll(async () => server.close());

async function call<T>(user: string, method: string, url: string, body?: unknown) {
  return server.call<T>(method, url, { token: await tokens.get(user), ...(body !== undefined ? { body } : {}) });
}

const count = async (table: 'templates' | 'template_versions' | 'template_groups' | 'jobs' | 'job_members' | 'template_node_links') =>
  Number(
    (
      await server.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('template groups', () => {
  it('are managed by template administrators only', async () => {
    const created = await call<TemplateGroup>('admin', 'POST', '/api/template/groups', { name: '采购' });
    expect(created.body).toMatchObject({ status_code: 0, data: { name: '采购', template_count: 0 } });
    const id = created.body.data.id;
    expect((await call('admin', 'POST', '/api/template/groups', { name: '采购' })).body).toMatchObject({
      status_code: 422,
      data: { errors: { name: [ApprovalMessages.groupNameTaken('采购')] } },
    });
    expect((await call('admin', 'POST', '/api/template/groups', { name: ' ' })).body).toMatchObject({
      status_code: 422,
      message: ApprovalMessages.groupNameRequired,
    });
    const before = await count('template_groups');
    for (const [method, url, body] of [
      ['POST', '/api/template/groups', { name: '越权' }],
      ['PUT', `/api/template/groups/${id}`, { name: '越权' }],
      ['DELETE', `/api/template/groups/${id}`, undefined],
    ] as const) {
      expect((await call('zhangsan', method, url, body)).status, `${method} ${url}`).toBe(403);
    }
    expect(await count('template_groups')).toBe(before);
    expect((await call<TemplateGroup>('zhangsan', 'GET', `/api/template/groups/${id}`)).body.data.name).toBe('采购');
    expect((await call('admin', 'DELETE', `/api/template/groups/${groupId}`)).body).toMatchObject({
      status_code: 409,
      message: ApprovalMessages.groupNotEmpty(2),
    });
    expect((await call('admin', 'PUT', `/api/template/groups/${id}`, { name: '采购管理' })).body.data).toMatchObject({ name: '采购管理' });
    expect((await call('admin', 'DELETE', `/api/template/groups/${id}`)).body.status_code).toBe(0);
  });
});

describe('templates', () => {
  it('validates the flow when saved and answers 422 naming the faulty node; nothing is written', async () => {
    const lisi = await idOf(server, 'lisi');
    const graph = linearGraph([[{ type: 'orsign', userIds: [lisi] }]]);
    const broken: FlowGraph = { ...graph, nodes: graph.nodes.map((n) => (n.id === 'n1' ? { ...n, steps: [] } : n)) };
    const before = [await count('templates'), await count('template_versions')];
    const result = await call('admin', 'POST', '/api/templates', {
      group_id: groupId,
      name: '坏流程',
      form_schema: SIMPLE_FORM,
      flow: broken,
    });
    expect(result.body).toMatchObject({
      status_code: 422,
      message: FlowMessages.noSteps('审批1'),
      data: { errors: { 'flow.n1': [FlowMessages.noSteps('审批1')] } },
    });
    const unknownField = {
      ...graph,
      links: graph.links.map((l, i) =>
        i === 1
          ? { ...l, rules: { logic: 'and' as const, rules: [{ on: 'field' as const, field: 'salary', op: 'gt' as const, value: 1 }] } }
          : l,
      ),
    };
    const rule = await call('admin', 'POST', '/api/templates', {
      group_id: groupId,
      name: '坏条件',
      form_schema: SIMPLE_FORM,
      flow: unknownField,
    });
    expect(rule.body).toMatchObject({ status_code: 422, message: FlowMessages.unknownField('审批1', 'salary') });
    const badForm = await call('admin', 'POST', '/api/templates', {
      group_id: groupId,
      name: '坏表单',
      form_schema: { fields: [{ key: 'kind', type: 'select', label: '类型' }] },
    });
    expect(badForm.body).toMatchObject({
      status_code: 422,
      data: { errors: { 'form_schema.fields.0.options': ['字段「类型」须至少有一个选项'] } },
    });
    const ghost = await call('admin', 'POST', '/api/templates', {
      group_id: groupId,
      name: '幽灵',
      form_schema: SIMPLE_FORM,
      flow: linearGraph([[{ type: 'orsign', userIds: [99999] }]]),
    });
    expect(ghost.body).toMatchObject({ status_code: 422, data: { errors: { 'flow.n1': [ApprovalMessages.usersMissing([99999])] } } });
    // A disabled person is named, so the administrator knows whom to replace.
    const fengxiao = await idOf(server, 'fengxiao');
    await server.db.updateTable('users').set({ status: 0 }).where('id', '=', fengxiao).execute();
    const disabled = await call('admin', 'POST', '/api/templates', {
      group_id: groupId,
      name: '停用审批人',
      form_schema: SIMPLE_FORM,
      flow: linearGraph([[{ type: 'orsign', userIds: [fengxiao] }]]),
    });
    const name = (await server.db.selectFrom('users').select('name').where('id', '=', fengxiao).executeTakeFirstOrThrow()).name;
    expect(disabled.body).toMatchObject({
      status_code: 422,
      data: { errors: { 'flow.n1': [ApprovalMessages.usersMissing([name])] } },
    });
    const starter = await call('admin', 'POST', '/api/templates', {
      group_id: groupId,
      name: '停用发起人',
      form_schema: SIMPLE_FORM,
      starters: { user_ids: [fengxiao] },
    });
    expect(starter.body).toMatchObject({
      status_code: 422,
      data: { errors: { 'starters.user_ids': [ApprovalMessages.usersMissing([name])] } },
    });
    await server.db.updateTable('users').set({ status: 1 }).where('id', '=', fengxiao).execute();
    expect([await count('templates'), await count('template_versions')]).toEqual(before);
  });

  it('pins the released version: later edits of nodes and links do not change a bill in progress', async () => {
    const [lisi, wangwu] = [await idOf(server, 'lisi'), await idOf(server, 'wangwu')];
    const created = await call<TemplateDetail>('admin', 'POST', '/api/templates', {
      group_id: groupId,
      name: '版本测试',
      form_schema: SIMPLE_FORM,
      flow: linearGraph([[{ type: 'orsign', userIds: [lisi] }]]),
    });
    expect(created.body.data).toMatchObject({ version_no: 1, startable: true });
    const templateId = created.body.data.id;
    const bill = await releasedBill(server, await tokens.get('zhangsan'), templateId);

    // Change the approver of node n1 through the node endpoint: a new version, the old bill untouched.
    const node = await call<{ steps: unknown[] }>('admin', 'GET', `/api/templates/${templateId}/nodes/n1`);
    expect(node.body.data.steps).toHaveLength(1);
    const updated = await call<FlowGraph>('admin', 'PUT', `/api/templates/${templateId}/nodes/n1`, {
      type: 'approve',
      name: '财务审批',
      steps: [{ id: 'n1s1', name: '财务', type: 'orsign', source: { kind: 'users', userIds: [wangwu] } }],
    });
    expect(updated.body.status_code, updated.body.message).toBe(0);
    expect((await call<TemplateDetail>('admin', 'GET', `/api/templates/${templateId}`)).body.data.version_no).toBe(2);

    await call('lisi', 'POST', `/api/bills/flownode/${await pendingTask(server, bill.id, lisi)}/agree`, {});
    expect((await server.db.selectFrom('bills').select('status').where('id', '=', bill.id).executeTakeFirstOrThrow()).status).toBe('done');
    const next = await releasedBill(server, await tokens.get('zhangsan'), templateId);
    expect(await pendingTask(server, next.id, wangwu)).toBeTruthy();

    // Deleting a link that leaves a node unreachable is refused, naming the node; nothing changes.
    const flow = (await call<FlowGraph>('admin', 'GET', `/api/templates/${templateId}/nodes`)).body.data;
    const into = flow.links.find((l) => l.to === 'n1');
    const links = await count('template_node_links');
    const refused = await call('admin', 'DELETE', `/api/templates/nodeLinks/${into?.id}`);
    expect(refused.body).toMatchObject({ status_code: 422, message: FlowMessages.unreachable('财务审批') });
    expect(await count('template_node_links')).toBe(links);

    // A node added with its links, then removed again.
    const added = await call<FlowGraph>('admin', 'POST', `/api/templates/${templateId}/nodes`, {
      id: 'archive',
      type: 'archive',
      name: '归档',
      links: [
        {
          from: 'n1',
          to: 'archive',
          priority: 0,
          isDefault: false,
          rules: { logic: 'and', rules: [{ on: 'field', field: 'amount', op: 'gt', value: 100 }] },
        },
        { from: 'archive', to: 'end' },
      ],
    });
    expect(added.body.status_code, added.body.message).toBe(0);
    expect(added.body.data.nodes.map((n) => n.id)).toContain('archive');
    expect((await call('admin', 'DELETE', `/api/templates/${templateId}/nodes/archive`)).body.status_code).toBe(0);
    expect((await call('zhangsan', 'PUT', `/api/templates/${templateId}/nodes/n1`, { type: 'approve', name: 'x', steps: [] })).status).toBe(
      403,
    );

    // A template with bills cannot be deleted.
    expect((await call('admin', 'DELETE', `/api/templates/${templateId}`)).body).toMatchObject({
      status_code: 409,
      message: ApprovalMessages.templateInUse(2),
    });
  });

  it('sorts, and lists favourites first for each user', async () => {
    const list = (await call<Paged<TemplateSummary>>('zhangsan', 'GET', `/api/templates?group_id=${groupId}`)).body.data.list;
    const ids = list.map((t) => t.id).reverse();
    expect((await call('zhangsan', 'POST', '/api/templates/sort', { ids })).status).toBe(403);
    expect((await call('admin', 'POST', '/api/templates/sort', { ids: [...ids, 99999] })).body).toMatchObject({
      status_code: 422,
      message: ApprovalMessages.sortUnknown([99999]),
    });
    expect((await call('admin', 'POST', '/api/templates/sort', { ids })).body.status_code).toBe(0);
    expect(
      (await call<Paged<TemplateSummary>>('zhangsan', 'GET', `/api/templates?group_id=${groupId}`)).body.data.list.map((t) => t.id),
    ).toEqual(ids);

    const last = ids.at(-1) ?? 0;
    expect((await call('zhangsan', 'POST', `/api/templates/${last}/favorite`)).body).toMatchObject({
      status_code: 0,
      message: ApprovalMessages.favorited,
    });
    const all = (await call<Paged<TemplateSummary>>('zhangsan', 'GET', '/api/templates')).body.data.list;
    expect(all[0]).toMatchObject({ id: last, favorite: true });
    expect((await call<Paged<TemplateSummary>>('lisi', 'GET', '/api/templates')).body.data.list[0]?.favorite).toBe(false);
    await call('zhangsan', 'POST', `/api/templates/${last}/unfavorite`);
    expect((await call<Paged<TemplateSummary>>('zhangsan', 'GET', '/api/templates')).body.data.list.some((t) => t.favorite)).toBe(false);
    expect((await call('zhangsan', 'GET', '/api/templates?all=1')).status).toBe(403);
  });

  it('keeps IPTV templates for IPTV roles', async () => {
    const lisi = await idOf(server, 'lisi');
    const body = {
      group_id: groupId,
      name: 'IPTV 结算审批',
      form_schema: SIMPLE_FORM,
      flow: linearGraph([[{ type: 'orsign', userIds: [lisi] }]]),
    };
    const created = await call<TemplateDetail>('admin', 'POST', '/api/iptvtemplates', body);
    expect(created.body.data).toMatchObject({ is_iptv: 1 });
    const id = created.body.data.id;
    expect((await call('zhangsan', 'GET', '/api/iptvtemplates')).status).toBe(403);
    expect((await call('zhangsan', 'GET', `/api/iptvtemplates/${id}`)).status).toBe(403);
    expect((await call('zhangsan', 'GET', `/api/templates/${id}`)).body.status_code).toBe(404);
    expect((await call<Paged<TemplateSummary>>('zhangsan', 'GET', '/api/templates')).body.data.list.some((t) => t.id === id)).toBe(false);
    expect((await call<Paged<TemplateSummary>>('zhaoliu', 'GET', '/api/iptvtemplates')).body.data.list.map((t) => t.id)).toEqual([id]);
    expect((await call('zhaoliu', 'PUT', `/api/iptvtemplates/${id}`, { ...body, name: '改名' })).status).toBe(403);
    // Only IPTV roles may start a bill on it.
    expect((await call('zhangsan', 'POST', '/api/bills', { template_id: id, form: { reason: 'x' } })).status).toBe(403);
    expect((await call('zhaoliu', 'POST', '/api/bills', { template_id: id, form: { reason: 'x' } })).body.status_code).toBe(0);
  });
});

describe('jobs', () => {
  it('are managed with their members by template administrators only', async () => {
    const before = [await count('jobs'), await count('job_members')];
    expect((await call('zhangsan', 'GET', '/api/jobs')).status).toBe(403);
    expect((await call('zhangsan', 'POST', '/api/jobs', { name: '越权岗位' })).status).toBe(403);
    expect([await count('jobs'), await count('job_members')]).toEqual(before);

    const created = await call<Job>('admin', 'POST', '/api/jobs', { name: '法务审核', description: '合同法务' });
    const id = created.body.data.id;
    const hanbing = await idOf(server, 'hanbing');
    const tech = (await server.db.selectFrom('depts').select('id').where('name', '=', '技术部').executeTakeFirstOrThrow()).id;
    const member = await call<JobMember>('admin', 'POST', `/api/jobs/${id}/members`, { user_id: hanbing, dept_ids: [tech] });
    expect(member.body.data).toMatchObject({ name: '韩冰', dept_ids: [tech] });
    expect((await call('admin', 'POST', `/api/jobs/${id}/members`, { user_id: hanbing })).body).toMatchObject({
      status_code: 422,
      data: { errors: { user_id: [ApprovalMessages.memberExists] } },
    });
    expect((await call('admin', 'POST', `/api/jobs/${id}/members`, { user_id: 99999 })).body).toMatchObject({
      status_code: 422,
      data: { errors: { user_id: [ApprovalMessages.userMissing] } },
    });
    expect(
      (await call('admin', 'POST', `/api/jobs/${id}/members`, { user_id: await idOf(server, 'lisi'), dept_ids: [99999] })).body,
    ).toMatchObject({
      status_code: 422,
      data: { errors: { dept_ids: [ApprovalMessages.deptsMissing([99999])] } },
    });
    const uuid = member.body.data.uuid;
    expect((await call('zhangsan', 'DELETE', `/api/jobs/${id}/members/${uuid}`)).status).toBe(403);
    expect((await call<JobMember>('admin', 'PUT', `/api/jobs/${id}/members/${uuid}`, { dept_ids: [] })).body.data.dept_ids).toEqual([]);

    // A template that sends a step to the job: listed, and the job cannot be deleted.
    const flow = linearGraph([[{ type: 'orsign', userIds: [hanbing] }]]);
    const node = flow.nodes[1];
    if (!node?.steps[0]) throw new Error('no step');
    node.steps[0].source = { kind: 'job', jobId: id };
    const template = await call<TemplateDetail>('admin', 'POST', '/api/templates', {
      group_id: groupId,
      name: '合同审批',
      form_schema: SIMPLE_FORM,
      flow,
    });
    expect(template.body.status_code, template.body.message).toBe(0);
    expect((await call<{ name: string }[]>('admin', 'GET', `/api/jobs/${id}/templates`)).body.data.map((t) => t.name)).toEqual([
      '合同审批',
    ]);
    expect((await call('admin', 'DELETE', `/api/jobs/${id}`)).body).toMatchObject({
      status_code: 409,
      message: ApprovalMessages.jobInUse(['合同审批']),
    });
    const bill = await releasedBill(server, await tokens.get('zhangsan'), template.body.data.id);
    expect(await pendingTask(server, bill.id, hanbing)).toBeTruthy();

    const job = await call<Job>('admin', 'GET', `/api/jobs/${id}`);
    expect(job.body.data).toMatchObject({ name: '法务审核', member_count: 1 });
    expect((await call('admin', 'DELETE', `/api/jobs/${id}/members/${uuid}`)).body.status_code).toBe(0);
    expect((await call<Paged<Job>>('admin', 'GET', '/api/jobs?keyword=法务')).body.data.list).toMatchObject([
      { name: '法务审核', member_count: 0 },
    ]);
  });
});
