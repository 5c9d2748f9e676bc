import {
  ApprovalMessages,
  FlowMessages,
  type BillDetail,
  type BillFlowView,
  type FlowGraph,
  type FormSchema,
  type Paged,
  type TemplateDetail,
  type TemplateGroup,
  type TemplateSummary,
} from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { idOf, linearGraph, pendingTask, releasedBill, SIMPLE_FORM, Tokens } from '../bills/test-support';

/** Issue 5 on the server: save vs publish, starters, copy, group order, the IPTV flag, flow faults named. */

let server: TestServer;
let tokens: Tokens;
let groupId: number;
let seq = 0;

beforeAll(async () => {
  server = await startTestServer();
  tokens = new Tokens(server);
  groupId = (await server.db.selectFrom('template_groups').select('id').where('name', '=', 'IT服务').executeTakeFirstOrThrow()).id;
});
afterAll(async () => server.close());

async function call<T>(user: string, method: string, url: string, body?: unknown) {
  return server.call<T>(method, url, { token: await tokens.get(user), ...(body !== undefined ? { body } : {}) });
}

const deptId = async (name: string) =>
  (await server.db.selectFrom('depts').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const roleId = async (key: string) =>
  (await server.db.selectFrom('roles').select('id').where('key', '=', key).executeTakeFirstOrThrow()).id;

async function snapshot(templateId: number) {
  const [template, versions, nodes, links, starters, logs] = await Promise.all([
    server.db.selectFrom('templates').selectAll().where('id', '=', templateId).executeTakeFirst(),
    server.db.selectFrom('template_versions').select('id').where('template_id', '=', templateId).execute(),
    server.db.selectFrom('template_nodes').selectAll().where('template_id', '=', templateId).orderBy('id').execute(),
    server.db.selectFrom('template_node_links').selectAll().where('template_id', '=', templateId).orderBy('id').execute(),
    server.db.selectFrom('template_starters').selectAll().where('template_id', '=', templateId).orderBy('kind').orderBy('ref_id').execute(),
    server.db.selectFrom('operation_logs').select('id').execute(),
  ]);
  return { template, versions, nodes, links, starters, logs: logs.length };
}

type Body = { group_id: number; name: string; form_schema: FormSchema; flow?: FlowGraph } & Record<string, unknown>;

async function createTemplate(extra: Partial<Body> = {}, user = 'admin', prefix = '/api/templates') {
  const lisi = await idOf(server, 'lisi');
  const body: Body = {
    group_id: groupId,
    name: `设计器模板${++seq}`,
    form_schema: SIMPLE_FORM,
    flow: linearGraph([[{ type: 'orsign', userIds: [lisi] }]]),
    ...extra,
  };
  const created = await call<TemplateDetail>(user, 'POST', prefix, body);
  expect(created.body.status_code, created.body.message).toBe(0);
  return { id: created.body.data.id, body, detail: created.body.data };
}

describe('save and publish', () => {
  it('publish:false keeps bills on the published version; publish:true makes the working copy the new version', async () => {
    const [lisi, wangwu] = [await idOf(server, 'lisi'), await idOf(server, 'wangwu')];
    const { id, body, detail } = await createTemplate();
    expect(detail).toMatchObject({ version_no: 1, has_unpublished: false, version_bills: { total: 0, in_progress: 0 } });
    const first = await releasedBill(server, await tokens.get('zhangsan'), id);
    expect(await pendingTask(server, first.id, lisi)).toBeTruthy();

    // 保存: a new field and another approver, checked but not published.
    const working = {
      ...body,
      form_schema: { fields: [...SIMPLE_FORM.fields, { key: 'place', type: 'text', label: '地点', required: false }] },
      flow: linearGraph([[{ type: 'orsign', userIds: [wangwu] }]]),
      publish: false,
    };
    const saved = await call<TemplateDetail>('admin', 'PUT', `/api/templates/${id}`, working);
    expect(saved.body).toMatchObject({
      status_code: 0,
      message: ApprovalMessages.draftSaved,
      data: { version_no: 1, has_unpublished: true, version_bills: { total: 1, in_progress: 1 } },
    });
    // GET answers the working copy.
    const read = (await call<TemplateDetail>('admin', 'GET', `/api/templates/${id}`)).body.data;
    expect(read.form_schema.fields.map((f) => f.key)).toEqual(['reason', 'amount', 'place']);
    expect(read.flow?.nodes[1]?.steps[0]?.source).toEqual({ kind: 'users', userIds: [wangwu] });
    expect(read.has_unpublished).toBe(true);
    // The bill edit page (?published=1) and staff see the published form and flow, not the administrator's edit.
    for (const [who, query] of [
      ['admin', '?published=1'],
      ['zhangsan', ''],
      ['zhangsan', '?published=1'],
    ] as const) {
      const shown = (await call<TemplateDetail>(who, 'GET', `/api/templates/${id}${query}`)).body.data;
      expect(shown.form_schema.fields.map((f) => f.key)).toEqual(['reason', 'amount']);
      expect(shown.flow?.nodes[1]?.steps[0]?.source).toEqual({ kind: 'users', userIds: [lisi] });
      expect(shown.has_unpublished).toBe(false);
    }
    // Saving the same again is still unpublished.
    expect((await call<TemplateDetail>('admin', 'PUT', `/api/templates/${id}`, working)).body.data.has_unpublished).toBe(true);

    // A bill started now follows the published version: 李四 approves, the new field is not on its form.
    const second = await releasedBill(server, await tokens.get('zhangsan'), id);
    expect(await pendingTask(server, second.id, lisi)).toBeTruthy();
    expect(second.template_version_id).toBe(first.template_version_id);
    expect(second.form_schema.fields.map((f) => f.key)).toEqual(['reason', 'amount']);
    expect((await call<TemplateDetail>('admin', 'GET', `/api/templates/${id}`)).body.data.version_bills).toEqual({
      total: 2,
      in_progress: 2,
    });

    // 发布: the same body with publish:true makes version 2, logged as a publication.
    const logsBefore = (await snapshot(id)).logs;
    const published = await call<TemplateDetail>('admin', 'PUT', `/api/templates/${id}`, { ...working, publish: true });
    expect(published.body).toMatchObject({
      status_code: 0,
      message: ApprovalMessages.templatePublished,
      data: { version_no: 2, has_unpublished: false, version_bills: { total: 0, in_progress: 0 } },
    });
    const log = await server.db.selectFrom('operation_logs').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect((await snapshot(id)).logs).toBe(logsBefore + 1);
    expect(log).toMatchObject({ item_type: 'template', action: 'update', summary: `修改审批模板「${body.name}」：发布为第 2 版` });

    const third = await releasedBill(server, await tokens.get('zhangsan'), id);
    expect(await pendingTask(server, third.id, wangwu)).toBeTruthy();
    expect(third.form_schema.fields.map((f) => f.key)).toEqual(['reason', 'amount', 'place']);

    // The bills in progress keep their flow: still at 李四, the flow view shows the old approver.
    for (const bill of [first, second]) {
      expect(await pendingTask(server, bill.id, lisi)).toBeTruthy();
      const flow = (await call<BillFlowView>('zhangsan', 'GET', `/oa/flow/${bill.id}`)).body.data;
      const handlers = flow.flowNodes.find((n) => n.flowNodeID === 'n1')?.flowNodeSteps[0]?.handlers.map((h) => h.name);
      expect(handlers).toEqual(['李四']);
      const detail = (await call<BillDetail>('zhangsan', 'GET', `/api/bills/${bill.id}`)).body.data;
      expect(detail.form_schema.fields.map((f) => f.key)).toEqual(['reason', 'amount']);
    }
    await call('lisi', 'POST', `/api/bills/flownode/${await pendingTask(server, first.id, lisi)}/agree`, {});
    expect((await server.db.selectFrom('bills').select('status').where('id', '=', first.id).executeTakeFirstOrThrow()).status).toBe('done');
  });

  it('shows the demo templates as published, with the bills of their version', async () => {
    const list = (await call<Paged<TemplateSummary>>('admin', 'GET', '/api/templates?all=1&per_page=100')).body.data.list;
    const demo = list.filter((t) => ['请假申请', '费用报销', '采购申请', '用章申请', '报修', '工单', '会议室预定'].includes(t.name));
    expect(demo).toHaveLength(7);
    for (const summary of demo) {
      const detail = (await call<TemplateDetail>('admin', 'GET', `/api/templates/${summary.id}`)).body.data;
      expect(detail, summary.name).toMatchObject({ version_no: 1, has_unpublished: false });
    }
    const leave = demo.find((t) => t.name === '请假申请');
    const pinned = await server.db
      .selectFrom('bills')
      .select(['status'])
      .where('template_id', '=', leave?.id ?? 0)
      .where('template_version_id', 'is not', null)
      .execute();
    expect((await call<TemplateDetail>('admin', 'GET', `/api/templates/${leave?.id}`)).body.data.version_bills).toEqual({
      total: pinned.length,
      in_progress: pinned.filter((b) => b.status === 'doing').length,
    });
    expect(pinned.filter((b) => b.status === 'doing').length).toBeGreaterThan(0);
  });

  it('a new template saved without publishing cannot be started until it is published', async () => {
    const { id, body, detail } = await createTemplate({ publish: false });
    expect(detail).toMatchObject({ version_no: 0, version_id: null, startable: false, has_unpublished: true });
    expect((await call('zhangsan', 'POST', '/api/bills', { template_id: id, form: { reason: 'x' } })).body).toMatchObject({
      status_code: 422,
      message: ApprovalMessages.templateNoFlow,
    });
    // Nothing published: the bill edit page has no form to show yet, and staff are not shown the working copy.
    for (const [who, query] of [
      ['admin', '?published=1'],
      ['zhangsan', ''],
    ] as const) {
      expect((await call(who, 'GET', `/api/templates/${id}${query}`)).body).toMatchObject({
        status_code: 409,
        message: ApprovalMessages.templateNoFlow,
      });
    }
    const published = await call<TemplateDetail>('admin', 'PUT', `/api/templates/${id}`, { ...body, publish: true });
    expect(published.body.data).toMatchObject({ version_no: 1, startable: true, has_unpublished: false });
  });

  it('refuses a faulty flow with the node named, on save and on publish, and changes nothing', async () => {
    const lisi = await idOf(server, 'lisi');
    const { id, body } = await createTemplate({
      flow: {
        ...linearGraph([[{ type: 'orsign', userIds: [lisi] }]]),
        links: linearGraph([[{ type: 'orsign', userIds: [lisi] }]]).links.map((l) =>
          l.from === 'n1' ? { ...l, rules: { logic: 'and', rules: [{ on: 'field', field: 'amount', op: 'gt', value: 100 }] } } : l,
        ),
      },
    });
    const two = linearGraph([[{ type: 'orsign', userIds: [lisi] }], [{ type: 'orsign', userIds: [lisi] }]]);
    const cycle: FlowGraph = {
      ...two,
      links: [...two.links, { ...two.links[0], id: 'back', from: 'n2', to: 'n1' } as FlowGraph['links'][number]],
    };
    const unreachable: FlowGraph = {
      ...two,
      links: two.links
        .filter((l) => l.to !== 'n2')
        .concat([{ ...two.links[0], id: 'skip', from: 'n1', to: 'end' } as FlowGraph['links'][number]]),
    };
    const before = await snapshot(id);
    for (const publish of [false, true]) {
      const cyclic = await call('admin', 'PUT', `/api/templates/${id}`, { ...body, flow: cycle, publish });
      expect(cyclic.body).toMatchObject({
        status_code: 422,
        message: FlowMessages.cycle('审批1'),
        data: { errors: { 'flow.n1': [FlowMessages.cycle('审批1')] } },
      });
      const lost = await call('admin', 'PUT', `/api/templates/${id}`, { ...body, flow: unreachable, publish });
      expect(lost.body).toMatchObject({
        status_code: 422,
        message: FlowMessages.unreachable('审批2'),
        data: { errors: { 'flow.n2': [FlowMessages.unreachable('审批2')] } },
      });
      // The rule on 金额 stays in the working flow while the form loses the field.
      const { flow: _flow, ...withoutFlow } = body;
      const fieldGone = await call('admin', 'PUT', `/api/templates/${id}`, {
        ...withoutFlow,
        form_schema: { fields: SIMPLE_FORM.fields.slice(0, 1) },
        publish,
      });
      expect(fieldGone.body).toMatchObject({
        status_code: 422,
        message: FlowMessages.unknownField('审批1', 'amount'),
        data: { errors: { 'flow.n1': [FlowMessages.unknownField('审批1', 'amount')] } },
      });
    }
    expect(await snapshot(id)).toEqual(before);
  });

  it('keeps the IPTV flag of the route', async () => {
    const { id, body } = await createTemplate();
    const before = await snapshot(id);
    expect((await call('admin', 'PUT', `/api/templates/${id}`, { ...body, is_iptv: 1 })).body).toMatchObject({
      status_code: 422,
      data: { errors: { is_iptv: [ApprovalMessages.iptvFlagFixed] } },
    });
    expect((await call('admin', 'PUT', `/api/iptvtemplates/${id}`, body)).body.status_code).toBe(404);
    expect(await snapshot(id)).toEqual(before);
    const iptv = await createTemplate({}, 'admin', '/api/iptvtemplates');
    expect((await call('admin', 'PUT', `/api/templates/${iptv.id}`, iptv.body)).body.status_code).toBe(404);
    expect((await call('admin', 'PUT', `/api/iptvtemplates/${iptv.id}`, { ...iptv.body, is_iptv: false })).body).toMatchObject({
      status_code: 422,
      data: { errors: { is_iptv: [ApprovalMessages.iptvFlagFixed] } },
    });
    expect(
      (await call<TemplateDetail>('admin', 'PUT', `/api/iptvtemplates/${iptv.id}`, { ...iptv.body, is_iptv: 1 })).body.data.is_iptv,
    ).toBe(1);
  });
});

describe('starters', () => {
  const listed = async (user: string) =>
    (await call<Paged<TemplateSummary>>(user, 'GET', '/api/templates?per_page=100')).body.data.list.map((t) => t.name);

  it('limit the 发起审批 list and bill creation to listed departments (and below), roles and users', async () => {
    const tech = await deptId('技术部');
    const { id, body } = await createTemplate({ starters: { dept_ids: [tech], role_ids: [], user_ids: [] } });
    expect((await call<TemplateDetail>('admin', 'GET', `/api/templates/${id}`)).body.data.starters).toEqual({
      dept_ids: [tech],
      role_ids: [],
      user_ids: [],
    });
    // 张三 is in 技术部, 刘洋 in 研发组 below it; 朱伟 (市场部) and the administrator (综合管理部) are not.
    expect(await listed('zhangsan')).toContain(body.name);
    expect(await listed('liuyang')).toContain(body.name);
    expect(await listed('zhuwei')).not.toContain(body.name);
    expect(await listed('admin')).not.toContain(body.name);
    const all = (await call<Paged<TemplateSummary>>('admin', 'GET', '/api/templates?all=1&per_page=100')).body.data.list;
    expect(all.map((t) => t.name)).toContain(body.name);
    await releasedBill(server, await tokens.get('liuyang'), id);
    const bills = (await server.db.selectFrom('bills').select('id').execute()).length;
    const refused = await call('zhuwei', 'POST', '/api/bills', { template_id: id, form: { reason: 'x' } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(ApprovalMessages.notStarter);
    expect((await server.db.selectFrom('bills').select('id').execute()).length).toBe(bills);

    // The group counts on 发起审批 follow the same rule.
    const count = async (user: string) =>
      (await call<TemplateGroup[]>(user, 'GET', '/api/template/groups')).body.data.find((g) => g.id === groupId)?.template_count;
    expect((await count('zhangsan')) ?? 0).toBe(((await count('zhuwei')) ?? 0) + 1);

    // A role: 部门负责人 admits 郑一 (市场部); a user: 朱伟 by name.
    const leader = await roleId('leader');
    const zhuwei = await idOf(server, 'zhuwei');
    await call('admin', 'PUT', `/api/templates/${id}`, { ...body, starters: { dept_ids: [tech], role_ids: [leader], user_ids: [] } });
    expect(await listed('zhengyi')).toContain(body.name);
    expect(await listed('zhuwei')).not.toContain(body.name);
    await releasedBill(server, await tokens.get('zhengyi'), id);
    const updated = await call<TemplateDetail>('admin', 'PUT', `/api/templates/${id}`, {
      ...body,
      starters: { dept_ids: [tech], role_ids: [leader], user_ids: [zhuwei] },
    });
    expect(updated.body.data.starters).toEqual({ dept_ids: [tech], role_ids: [leader], user_ids: [zhuwei] });
    expect(await listed('zhuwei')).toContain(body.name);
    await releasedBill(server, await tokens.get('zhuwei'), id);
    expect(await listed('guoqiang')).not.toContain(body.name);
  });

  it('are checked again when a draft is released or a bill replicated', async () => {
    const { id, body } = await createTemplate();
    const token = await tokens.get('hulin');
    const draft = await call<BillDetail>('hulin', 'POST', '/api/bills', { template_id: id, form: { reason: '出差' } });
    expect(draft.body.status_code, draft.body.message).toBe(0);
    const done = await releasedBill(server, token, id);
    await call('admin', 'PUT', `/api/templates/${id}`, {
      ...body,
      starters: { dept_ids: [await deptId('财务部')], role_ids: [], user_ids: [] },
    });
    const release = await call('hulin', 'POST', `/api/bills/${draft.body.data.id}/release`, {});
    expect(release.status).toBe(403);
    expect(release.body.message).toBe(ApprovalMessages.notStarter);
    expect(
      (await server.db.selectFrom('bills').select('status').where('id', '=', draft.body.data.id).executeTakeFirstOrThrow()).status,
    ).toBe('draft');
    const copy = await call('hulin', 'PATCH', `/api/bills/${done.id}/replication`, {});
    expect(copy.status).toBe(403);
    expect(copy.body.message).toBe(ApprovalMessages.notStarter);
  });

  it('must name existing departments, roles and active users', async () => {
    const { id, body } = await createTemplate();
    const before = await snapshot(id);
    const result = await call('admin', 'PUT', `/api/templates/${id}`, {
      ...body,
      starters: { dept_ids: [99999], role_ids: [88888], user_ids: [77777] },
    });
    expect(result.body).toMatchObject({
      status_code: 422,
      data: {
        errors: {
          'starters.dept_ids': [ApprovalMessages.deptsMissing([99999])],
          'starters.role_ids': [ApprovalMessages.startersRolesMissing([88888])],
          'starters.user_ids': [ApprovalMessages.usersMissing([77777])],
        },
      },
    });
    expect(await snapshot(id)).toEqual(before);
    const templates = (await server.db.selectFrom('templates').select('id').execute()).length;
    const created = await call('admin', 'POST', '/api/templates', { ...body, name: '发起人不存在', starters: { dept_ids: [99999] } });
    expect(created.body).toMatchObject({
      status_code: 422,
      data: { errors: { 'starters.dept_ids': [ApprovalMessages.deptsMissing([99999])] } },
    });
    expect((await server.db.selectFrom('templates').select('id').execute()).length).toBe(templates);

    // Deleting a template takes its starters with it.
    const limited = await createTemplate({ flow: undefined, starters: { dept_ids: [await deptId('技术部')], role_ids: [], user_ids: [] } });
    expect((await snapshot(limited.id)).starters).toHaveLength(1);
    expect((await call('admin', 'DELETE', `/api/templates/${limited.id}`)).body.status_code).toBe(0);
    expect((await snapshot(limited.id)).starters).toEqual([]);
  });

  it('limit the demo 采购申请 to its departments and the department leaders', async () => {
    expect(await listed('zhangsan')).toContain('采购申请');
    expect(await listed('liuyang')).toContain('采购申请');
    expect(await listed('zhengyi')).toContain('采购申请');
    expect(await listed('zhuwei')).not.toContain('采购申请');
  });
});

describe('copy', () => {
  it('copies the working form, flow and starters into a disabled, published template, once per name', async () => {
    const tech = await deptId('技术部');
    const { id, body } = await createTemplate({
      description: '原模板',
      icon: 'ToolOutlined',
      starters: { dept_ids: [tech], role_ids: [], user_ids: [] },
    });
    const copied = await call<TemplateDetail>('admin', 'POST', `/api/templates/${id}/copy`);
    const name = `${body.name}（副本）`;
    expect(copied.body).toMatchObject({
      status_code: 0,
      message: ApprovalMessages.templateCopied(name),
      data: {
        name,
        group_id: groupId,
        status: 0,
        is_iptv: 0,
        description: '原模板',
        icon: 'ToolOutlined',
        version_no: 1,
        has_unpublished: false,
        starters: { dept_ids: [tech], role_ids: [], user_ids: [] },
        form_schema: SIMPLE_FORM,
      },
    });
    const copy = copied.body.data;
    expect(copy.id).not.toBe(id);
    expect(copy.flow?.nodes).toEqual(body.flow?.nodes);
    const log = await server.db.selectFrom('operation_logs').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(log).toMatchObject({
      item_type: 'template',
      item_id: String(copy.id),
      action: 'create',
      summary: `复制审批模板「${body.name}」为「${name}」（停用）`,
    });
    // Enabling it is all that is left.
    const enabled = await call<TemplateDetail>('admin', 'PUT', `/api/templates/${copy.id}`, {
      ...body,
      name,
      status: 1,
      starters: copy.starters,
    });
    expect(enabled.body.data).toMatchObject({ status: 1, startable: true, version_no: 1 });
    expect((await call<TemplateDetail>('admin', 'POST', `/api/templates/${id}/copy`)).body.data.name).toBe(`${body.name}（副本2）`);

    // A long name is shortened to fit; a template without a flow is copied unpublished.
    const long = await createTemplate({ name: '很'.repeat(50) });
    expect((await call<TemplateDetail>('admin', 'POST', `/api/templates/${long.id}/copy`)).body.data.name).toBe(
      `${'很'.repeat(46)}（副本）`,
    );
    const bare = await createTemplate({ flow: undefined });
    expect((await call<TemplateDetail>('admin', 'POST', `/api/templates/${bare.id}/copy`)).body.data).toMatchObject({
      version_no: 0,
      flow: null,
      startable: false,
    });

    const templates = (await server.db.selectFrom('templates').select('id').execute()).length;
    expect((await call('zhangsan', 'POST', `/api/templates/${id}/copy`)).status).toBe(403);
    expect((await call('admin', 'POST', '/api/templates/99999/copy')).body.status_code).toBe(404);
    expect((await call('admin', 'POST', `/api/iptvtemplates/${id}/copy`)).body.status_code).toBe(404);
    expect((await server.db.selectFrom('templates').select('id').execute()).length).toBe(templates);
  });

  it('copies an IPTV template as an IPTV template, logged as such', async () => {
    const iptv = await createTemplate({}, 'admin', '/api/iptvtemplates');
    const copied = await call<TemplateDetail>('admin', 'POST', `/api/iptvtemplates/${iptv.id}/copy`);
    expect(copied.body.data).toMatchObject({ is_iptv: 1, status: 0, name: `${iptv.body.name}（副本）` });
    const log = await server.db.selectFrom('operation_logs').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(log).toMatchObject({ item_type: 'iptv_template', action: 'create' });
    expect((await call('admin', 'POST', `/api/templates/${iptv.id}/copy`)).body.status_code).toBe(404);
  });
});

describe('group order', () => {
  it('sorts every group as sent, logs it once, and refuses unknown or repeated ids', async () => {
    const order = async () => (await call<TemplateGroup[]>('zhangsan', 'GET', '/api/template/groups')).body.data.map((g) => g.id);
    const before = await order();
    const reversed = [...before].reverse();
    const logs = (await server.db.selectFrom('operation_logs').select('id').execute()).length;
    const sorted = await call<TemplateGroup[]>('admin', 'POST', '/api/template/groups/sort', { ids: reversed });
    expect(sorted.body.status_code, sorted.body.message).toBe(0);
    expect(sorted.body.data.map((g) => g.id)).toEqual(reversed);
    expect(await order()).toEqual(reversed);
    const log = await server.db.selectFrom('operation_logs').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(log).toMatchObject({ item_type: 'template_group', item_id: '0', action: 'sort' });
    expect((await server.db.selectFrom('operation_logs').select('id').execute()).length).toBe(logs + 1);

    // Only the first listed: it moves to the top, the others keep their order after it.
    const last = reversed.at(-1) ?? 0;
    await call('admin', 'POST', '/api/template/groups/sort', { ids: [last] });
    expect(await order()).toEqual([last, ...reversed.slice(0, -1)]);

    const now = await order();
    expect((await call('admin', 'POST', '/api/template/groups/sort', { ids: [...now, 99999] })).body).toMatchObject({
      status_code: 422,
      data: { errors: { ids: [ApprovalMessages.groupSortUnknown([99999])] } },
    });
    expect((await call('admin', 'POST', '/api/template/groups/sort', { ids: [now[0], now[0]] })).body).toMatchObject({
      status_code: 422,
      message: ApprovalMessages.groupSortInvalid,
    });
    expect((await call('admin', 'POST', '/api/template/groups/sort', { ids: 'x' })).body).toMatchObject({
      status_code: 422,
      message: ApprovalMessages.groupSortInvalid,
    });
    expect((await call('zhangsan', 'POST', '/api/template/groups/sort', { ids: before })).status).toBe(403);
    expect(await order()).toEqual(now);
  });
});
