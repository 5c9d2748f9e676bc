import type { FlowGraph, Job, JobMember, OperationLogEntry, Paged, TemplateDetail, TemplateGroup } from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, userId, type TestServer } from '../../../test/harness';
import { idOf, linearGraph, SIMPLE_FORM, Tokens } from '../bills/test-support';

/** Issue 3: every write of templates, groups, nodes, links, order and jobs leaves one operation-log row. */

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
    .values({ key: 'tpl_admin', name: '模板管理员' })
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

/** A call as `user` with the Service header the log must keep. */
async function call<T>(user: string, method: string, url: string, body?: unknown) {
  return server.call<T>(method, url, {
    token: await tokens.get(user),
    headers: { service: 'system' },
    ...(body !== undefined ? { body } : {}),
  });
}

async function lastLogId(): Promise<number> {
  const row = await server.db
    .selectFrom('operation_logs')
    .select((eb) => eb.fn.max('id').as('m'))
    .executeTakeFirst();
  return Number(row?.m ?? 0);
}

async function rowsSince(id: number) {
  return server.db.selectFrom('operation_logs').selectAll().where('id', '>', id).orderBy('id').execute();
}

/** Runs `write`, expects it to succeed and to leave exactly one row matching `expected`; returns the row and the answer. */
async function logsOne<T>(
  write: () => Promise<{ body: { status_code: number; message: string; data: T } }>,
  expected: Record<string, unknown>,
) {
  const since = await lastLogId();
  const result = await write();
  expect(result.body.status_code, result.body.message).toBe(0);
  const rows = await rowsSince(since);
  expect(rows).toHaveLength(1);
  const row = rows[0];
  if (!row) throw new Error('no row');
  expect(row).toMatchObject({ username: 'admin', user_name: '系统管理员', service: 'system', ...expected });
  return {
    row: {
      ...row,
      before: JSON.parse(row.before_json ?? 'null') as Record<string, unknown>,
      after: JSON.parse(row.after_json ?? 'null') as Record<string, unknown>,
    },
    data: result.body.data,
  };
}

/** Runs a refused write and expects no row. */
async function logsNone(write: () => Promise<{ status: number; body: { status_code: number } }>, status: number) {
  const since = await lastLogId();
  const result = await write();
  expect(result.status === 403 ? 403 : result.body.status_code).toBe(status);
  expect(await rowsSince(since)).toHaveLength(0);
}

describe('operation log of template groups', () => {
  it('logs create, rename and delete; refusals log nothing', async () => {
    const created = await logsOne(() => call<TemplateGroup>('admin', 'POST', '/api/template/groups', { name: '日志分组' }), {
      item_type: 'template_group',
      action: 'create',
      summary: '新建模板分组「日志分组」',
    });
    const id = created.data.id;
    expect(created.row.item_id).toBe(String(id));
    const renamed = await logsOne(() => call('admin', 'PUT', `/api/template/groups/${id}`, { name: '日志分组2' }), {
      item_type: 'template_group',
      item_id: String(id),
      action: 'update',
      summary: '修改模板分组「日志分组」：改名为「日志分组2」',
    });
    expect(renamed.row).toMatchObject({ before: { name: '日志分组' }, after: { name: '日志分组2' } });
    await logsNone(() => call('zhangsan', 'POST', '/api/template/groups', { name: '越权' }), 403);
    await logsNone(() => call('admin', 'POST', '/api/template/groups', { name: '日志分组2' }), 422);
    await logsNone(() => call('admin', 'DELETE', `/api/template/groups/${groupId}`), 409);
    await logsOne(() => call('admin', 'DELETE', `/api/template/groups/${id}`), {
      item_type: 'template_group',
      item_id: String(id),
      action: 'delete',
      summary: '删除模板分组「日志分组2」',
    });
  });
});

describe('operation log of templates', () => {
  it('logs every write of a template, its nodes, links and order, summarised; favourites and refusals log nothing', async () => {
    const [lisi, wangwu] = [await idOf(server, 'lisi'), await idOf(server, 'wangwu')];
    const flow = linearGraph([[{ type: 'orsign', userIds: [lisi] }]]);
    const body = { group_id: groupId, name: '日志模板', form_schema: SIMPLE_FORM, flow };
    const created = await logsOne(() => call<TemplateDetail>('admin', 'POST', '/api/templates', body), {
      item_type: 'template',
      action: 'create',
      summary: '新建审批模板「日志模板」（分组：IT服务，启用，2 个字段，3 个节点）',
    });
    const id = created.data.id;
    expect(created.row.item_id).toBe(String(id));
    expect(created.row.after).toMatchObject({
      name: '日志模板',
      group: 'IT服务',
      form_fields: ['事由（必填）', '金额'],
      nodes: ['发起', '审批1：步骤1-1（或签，指定 1 人）', '结束'],
      links: ['发起 → 审批1', '审批1 → 结束'],
    });

    // A condition on the amount: before/after name only the changed link, not the flow's JSON.
    const conditional: FlowGraph = {
      ...flow,
      links: flow.links.map((l) =>
        l.to === 'end' ? { ...l, rules: { logic: 'and', rules: [{ on: 'field', field: 'amount', op: 'gt', value: 5000 }] } } : l,
      ),
    };
    const updated = await logsOne(() => call('admin', 'PUT', `/api/templates/${id}`, { ...body, status: 0, flow: conditional }), {
      item_type: 'template',
      item_id: String(id),
      action: 'update',
      summary: '修改审批模板「日志模板」：改为停用，修改连线',
    });
    expect(updated.row.before).toEqual({ status: '启用', links: ['发起 → 审批1', '审批1 → 结束'] });
    expect(updated.row.after).toEqual({ status: '停用', links: ['发起 → 审批1', '审批1 → 结束（金额 > 5000）'] });
    expect(updated.row.after_json).not.toContain('"rules"');
    // The same PUT again changes nothing and logs nothing.
    const since = await lastLogId();
    expect((await call('admin', 'PUT', `/api/templates/${id}`, { ...body, status: 0, flow: conditional })).body.status_code).toBe(0);
    expect(await rowsSince(since)).toHaveLength(0);

    // Nodes and links: updates of the template naming the node or link.
    const node = await logsOne(
      () =>
        call<FlowGraph>('admin', 'PUT', `/api/templates/${id}/nodes/n1`, {
          type: 'approve',
          name: '财务审批',
          steps: [{ id: 'n1s1', name: '财务', type: 'joinsign', source: { kind: 'users', userIds: [lisi, wangwu] } }],
        }),
      {
        item_type: 'template',
        item_id: String(id),
        action: 'update',
        summary: '修改审批模板「日志模板」：修改节点「审批1」（改名为「财务审批」，审批步骤改为 1 步）',
      },
    );
    expect(node.row.after).toMatchObject({ nodes: ['发起', '财务审批：财务（会签，指定 2 人）', '结束'] });
    await logsOne(
      () =>
        call('admin', 'POST', `/api/templates/${id}/nodes`, {
          id: 'archive',
          type: 'archive',
          name: '归档',
          links: [
            { from: 'n1', to: 'archive', priority: 1, isDefault: true },
            { from: 'archive', to: 'end' },
          ],
        }),
      { item_type: 'template', action: 'update', summary: '修改审批模板「日志模板」：新增节点「归档」及 2 条连线' },
    );
    const linked = await logsOne(
      () =>
        call<FlowGraph>('admin', 'POST', `/api/templates/${id}/nodeLinks`, {
          from: 'start',
          to: 'end',
          priority: -1,
          rules: { logic: 'and', rules: [{ on: 'field', field: 'amount', op: 'lt', value: 10 }] },
        }),
      { item_type: 'template', action: 'update', summary: '修改审批模板「日志模板」：新增连线 发起 → 结束（金额 < 10）' },
    );
    const linkId = linked.data.links.find((l) => l.from === 'start' && l.to === 'end')?.id;
    await logsOne(() => call('admin', 'DELETE', `/api/templates/nodeLinks/${linkId}`), {
      item_type: 'template',
      item_id: String(id),
      action: 'update',
      summary: '修改审批模板「日志模板」：删除连线 发起 → 结束（金额 < 10）',
    });
    await logsOne(() => call('admin', 'DELETE', `/api/templates/${id}/nodes/archive`), {
      item_type: 'template',
      action: 'update',
      summary: '修改审批模板「日志模板」：删除节点「归档」及其 2 条连线',
    });

    // Refused writes: nothing logged.
    await logsNone(() => call('zhangsan', 'PUT', `/api/templates/${id}/nodes/n1`, { type: 'approve', name: 'x', steps: [] }), 403);
    await logsNone(() => call('zhangsan', 'PUT', `/api/templates/${id}`, body), 403);
    await logsNone(() => call('admin', 'PUT', `/api/templates/${id}`, { ...body, flow: { ...flow, links: [] } }), 422);
    const into = (await call<FlowGraph>('admin', 'GET', `/api/templates/${id}/nodes`)).body.data.links.find((l) => l.to === 'n1');
    await logsNone(() => call('admin', 'DELETE', `/api/templates/nodeLinks/${into?.id}`), 422);
    await logsNone(() => call('admin', 'POST', '/api/templates/sort', { ids: [id, 99999] }), 422);

    // Order: one row on the group.
    const sorted = await logsOne(() => call('admin', 'POST', '/api/templates/sort', { ids: [id] }), {
      item_type: 'template_group',
      item_id: String(groupId),
      action: 'sort',
      summary: '调整分组「IT服务」中 1 个模板的顺序',
    });
    expect(sorted.row.after).toEqual({ order: ['日志模板'] });

    // A favourite is a personal preference, not a change to shared data.
    const since2 = await lastLogId();
    expect((await call('admin', 'POST', `/api/templates/${id}/favorite`)).body.status_code).toBe(0);
    expect((await call('admin', 'POST', `/api/templates/${id}/unfavorite`)).body.status_code).toBe(0);
    expect(await rowsSince(since2)).toHaveLength(0);

    await logsOne(() => call('admin', 'DELETE', `/api/templates/${id}`), {
      item_type: 'template',
      item_id: String(id),
      action: 'delete',
      summary: '删除审批模板「日志模板」',
    });

    // The history: for template administrators, newest first; not for zhangsan.
    const history = await call<Paged<OperationLogEntry>>('linxue', 'GET', `/api/syslog?item_type=template&item_id=${id}`);
    expect(history.status).toBe(200);
    expect(history.body.data.list.map((e) => e.action)).toEqual(['delete', ...Array<string>(6).fill('update'), 'create']);
    expect((await call('admin', 'GET', `/api/syslog?item_type=template&item_id=${id}`)).body.data).toMatchObject({ total: 8 });
    expect((await call('zhangsan', 'GET', `/api/syslog?item_type=template&item_id=${id}`)).status).toBe(403);
  });

  it('logs IPTV templates as iptv_template, readable only with an IPTV permission too', async () => {
    const lisi = await idOf(server, 'lisi');
    const created = await logsOne(
      () =>
        call<TemplateDetail>('admin', 'POST', '/api/iptvtemplates', {
          group_id: groupId,
          name: 'IPTV 日志模板',
          form_schema: SIMPLE_FORM,
          flow: linearGraph([[{ type: 'orsign', userIds: [lisi] }]]),
        }),
      { item_type: 'iptv_template', action: 'create' },
    );
    const url = `/api/syslog?item_type=iptv_template&item_id=${created.data.id}`;
    expect((await call<Paged<OperationLogEntry>>('admin', 'GET', url)).body.data.total).toBe(1);
    expect((await call('linxue', 'GET', url)).status).toBe(403);
    expect((await call('zhaoliu', 'GET', url)).status).toBe(403);
    // Without a type, 林雪 sees no IPTV rows.
    const all = await call<Paged<OperationLogEntry>>('linxue', 'GET', '/api/syslog?per_page=100');
    expect(all.body.data.list.some((e) => e.item_type === 'iptv_template')).toBe(false);
  });
});

describe('operation log of jobs', () => {
  it('logs create, update, delete and member changes on the job; refusals log nothing', async () => {
    const created = await logsOne(() => call<Job>('admin', 'POST', '/api/jobs', { name: '日志岗位', description: '说明' }), {
      item_type: 'job',
      action: 'create',
      summary: '新建审批岗位「日志岗位」',
    });
    const id = created.data.id;
    expect(created.row.item_id).toBe(String(id));
    const updated = await logsOne(() => call('admin', 'PUT', `/api/jobs/${id}`, { name: '日志岗位', description: '新说明' }), {
      item_type: 'job',
      item_id: String(id),
      action: 'update',
      summary: '修改审批岗位「日志岗位」：修改说明',
    });
    expect(updated.row).toMatchObject({ before: { description: '说明' }, after: { description: '新说明' } });

    const hanbing = await idOf(server, 'hanbing');
    const tech = (await server.db.selectFrom('depts').select('id').where('name', '=', '技术部').executeTakeFirstOrThrow()).id;
    const added = await logsOne(() => call<JobMember>('admin', 'POST', `/api/jobs/${id}/members`, { user_id: hanbing, dept_ids: [tech] }), {
      item_type: 'job',
      item_id: String(id),
      action: 'add_member',
      summary: '审批岗位「日志岗位」添加成员 韩冰（hanbing），负责技术部',
    });
    const uuid = added.data.uuid;
    await logsNone(() => call('admin', 'POST', `/api/jobs/${id}/members`, { user_id: hanbing }), 422);
    const lisi = await idOf(server, 'lisi');
    await logsNone(() => call('zhangsan', 'POST', `/api/jobs/${id}/members`, { user_id: lisi }), 403);
    const changed = await logsOne(() => call('admin', 'PUT', `/api/jobs/${id}/members/${uuid}`, { dept_ids: [] }), {
      item_type: 'job',
      action: 'update_member',
      summary: '审批岗位「日志岗位」成员 韩冰（hanbing） 负责的部门改为全部部门',
    });
    expect(changed.row).toMatchObject({ before: { depts: '技术部' }, after: { depts: '全部部门' } });
    await logsOne(() => call('admin', 'DELETE', `/api/jobs/${id}/members/${uuid}`), {
      item_type: 'job',
      action: 'remove_member',
      summary: '审批岗位「日志岗位」移除成员 韩冰（hanbing）',
    });
    await logsNone(() => call('zhangsan', 'PUT', `/api/jobs/${id}`, { name: '越权' }), 403);
    await logsNone(() => call('admin', 'PUT', `/api/jobs/${id}`, { name: '' }), 422);
    await logsOne(() => call('admin', 'DELETE', `/api/jobs/${id}`), {
      item_type: 'job',
      item_id: String(id),
      action: 'delete',
      summary: '删除审批岗位「日志岗位」',
    });
    const history = await call<Paged<OperationLogEntry>>('linxue', 'GET', `/api/syslog?item_type=job&item_id=${id}`);
    expect(history.body.data.list.map((e) => e.action)).toEqual([
      'delete',
      'remove_member',
      'update_member',
      'add_member',
      'update',
      'create',
    ]);
    expect((await call('zhangsan', 'GET', `/api/syslog?item_type=job&item_id=${id}`)).status).toBe(403);
  });
});
