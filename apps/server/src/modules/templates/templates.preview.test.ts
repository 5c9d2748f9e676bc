import {
  ApprovalMessages,
  EngineMessages,
  FlowMessages,
  type FlowGraph,
  type FlowPreview,
  type FlowPreviewInput,
  type StepDef,
} from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { idOf, makeTemplate, releasedBill, SIMPLE_FORM, Tokens } from '../bills/test-support';

/**
 * POST /api/templates/flow-preview: the designer's 预览 over the demo company. 张三 is in 技术部 (led by 李四,
 * under 星河科技 led by 陈七); 刘洋 in 研发组 (led by 周九); 财务审核 holds 王五 and 孙浩 (both 财务部).
 */

let server: TestServer;
let tokens: Tokens;
let financeJob: number;

beforeAll(async () => {
  server = await startTestServer();
  tokens = new Tokens(server);
  financeJob = (await server.db.selectFrom('jobs').select('id').where('name', '=', '财务审核').executeTakeFirstOrThrow()).id;
});
afterAll(async () => server.close());

async function preview(user: string, body: FlowPreviewInput) {
  return server.call<FlowPreview>('POST', '/api/templates/flow-preview', { token: await tokens.get(user), body });
}

const step = (id: string, name: string, source: StepDef['source']): StepDef => ({ id, name, type: 'orsign', source });

/** start → 主管 (leader) → 财务 (job) when 金额 > 5000, else straight on → 结束. */
function moneyFlow(extra: Partial<FlowGraph['settings']> = {}): FlowGraph {
  return {
    nodes: [
      { id: 'start', type: 'start', name: '发起', steps: [] },
      { id: 'lead', type: 'approve', name: '主管审批', steps: [step('lead-1', '直属主管', { kind: 'leader', levels: 1 })] },
      { id: 'fin', type: 'approve', name: '财务审批', steps: [step('fin-1', '财务审核', { kind: 'job', jobId: financeJob })] },
      { id: 'end', type: 'end', name: '结束', steps: [] },
    ],
    links: [
      { id: 'a', from: 'start', to: 'lead', priority: 0, isDefault: false, rules: { logic: 'and', rules: [] } },
      {
        id: 'b',
        from: 'lead',
        to: 'fin',
        priority: 0,
        isDefault: false,
        rules: { logic: 'and', rules: [{ on: 'field', field: 'amount', op: 'gt', value: 5000 }] },
      },
      { id: 'c', from: 'lead', to: 'end', priority: 1, isDefault: true, rules: { logic: 'and', rules: [] } },
      { id: 'd', from: 'fin', to: 'end', priority: 0, isDefault: false, rules: { logic: 'and', rules: [] } },
    ],
    settings: {
      emptyHandler: 'skip',
      adminUserId: null,
      resubmit: 'restart',
      approverDedup: 'none',
      initiatorApproves: 'skip',
      ...extra,
    },
  };
}

const names = (result: FlowPreview) => result.path.map((n) => n.name);
const handlersAt = (result: FlowPreview, nodeId: string) => result.path.find((n) => n.id === nodeId)?.steps[0]?.handlers;

describe('flow preview', () => {
  it('follows the money condition on both sides and names the handlers with their departments', async () => {
    const above = await preview('admin', {
      form_schema: SIMPLE_FORM,
      flow: moneyFlow(),
      form: { amount: '6000.00' },
      initiator_id: await idOf(server, 'zhangsan'),
    });
    expect(above.body.status_code, above.body.message).toBe(0);
    expect(above.body.data).toMatchObject({ ok: true, message: null, node_id: null });
    expect(names(above.body.data)).toEqual(['发起', '主管审批', '财务审批', '结束']);
    expect(handlersAt(above.body.data, 'lead')).toEqual([{ id: await idOf(server, 'lisi'), name: '李四', dept_name: '技术部' }]);
    expect(handlersAt(above.body.data, 'fin')).toEqual([
      { id: await idOf(server, 'wangwu'), name: '王五', dept_name: '财务部' },
      { id: await idOf(server, 'sunhao'), name: '孙浩', dept_name: '财务部' },
    ]);
    expect(above.body.data.path[1]?.steps[0]).toMatchObject({ id: 'lead-1', name: '直属主管', type: 'orsign', note: null });

    const below = await preview('admin', {
      form_schema: SIMPLE_FORM,
      flow: moneyFlow(),
      form: { amount: '100' },
      initiator_id: await idOf(server, 'liuyang'),
    });
    expect(names(below.body.data)).toEqual(['发起', '主管审批', '结束']);
    expect(handlersAt(below.body.data, 'lead')?.map((h) => h.name)).toEqual(['周九']);
    // Without initiator_id the caller is the initiator: the administrator (综合管理部, led by 孙八).
    const mine = await preview('admin', { form_schema: SIMPLE_FORM, flow: moneyFlow(), form: {} });
    expect(handlersAt(mine.body.data, 'lead')?.map((h) => h.name)).toEqual(['孙八']);
  });

  it('resolves handlers as a released bill does', async () => {
    const admin = await tokens.get('admin');
    const templateId = await makeTemplate(server, admin, moneyFlow());
    const bill = await releasedBill(server, await tokens.get('zhangsan'), templateId, { reason: '设备', amount: '6000.00' });
    const lisi = await idOf(server, 'lisi');
    const task = await server.db
      .selectFrom('bill_tasks')
      .select('id')
      .where('bill_id', '=', bill.id)
      .where('acting_handler', '=', lisi)
      .executeTakeFirstOrThrow();
    await server.call('POST', `/api/bills/flownode/${task.id}/agree`, { token: await tokens.get('lisi'), body: {} });
    const tasks = await server.db
      .selectFrom('bill_tasks')
      .select('original_handler')
      .where('bill_id', '=', bill.id)
      .where('status', '=', 'pending')
      .orderBy('ord')
      .execute();
    const previewed = await preview('admin', {
      form_schema: SIMPLE_FORM,
      flow: moneyFlow(),
      form: { amount: '6000.00' },
      initiator_id: await idOf(server, 'zhangsan'),
    });
    expect(handlersAt(previewed.body.data, 'fin')?.map((h) => h.id)).toEqual(tasks.map((t) => t.original_handler));
  });

  it('marks chosen steps, and empty sources as skipped or sent to the administrator', async () => {
    const flow = moneyFlow();
    flow.nodes = flow.nodes.map((n) =>
      n.id === 'lead'
        ? {
            ...n,
            steps: [step('pick', '自选', { kind: 'chosen' }), step('far', '三级主管', { kind: 'leader', levels: 3 })],
          }
        : n,
    );
    const zhangsan = await idOf(server, 'zhangsan');
    const skipped = await preview('admin', { form_schema: SIMPLE_FORM, flow, form: {}, initiator_id: zhangsan });
    expect(skipped.body.data.path[1]?.steps).toEqual([
      { id: 'pick', name: '自选', type: 'orsign', handlers: [], note: 'chosen', initiator: null },
      { id: 'far', name: '三级主管', type: 'orsign', handlers: [], note: 'skip', initiator: null },
    ]);
    const adminId = await idOf(server, 'admin');
    const toAdmin = await preview('admin', {
      form_schema: SIMPLE_FORM,
      flow: { ...flow, settings: { ...flow.settings, emptyHandler: 'admin', adminUserId: adminId } },
      form: {},
      initiator_id: zhangsan,
    });
    expect(toAdmin.body.data.path[1]?.steps[1]).toEqual({
      id: 'far',
      name: '三级主管',
      type: 'orsign',
      handlers: [{ id: adminId, name: '系统管理员', dept_name: '综合管理部' }],
      note: 'admin',
      initiator: null,
    });
  });

  it('发起人审批时: shows the sample initiator left out (a step passing by itself), kept, or handed to the leader', async () => {
    // 王五 is in 财务审核 and leads 财务部, so his direct leader is 星河科技's, 陈七.
    const wangwu = await idOf(server, 'wangwu');
    const flow = moneyFlow();
    flow.nodes = flow.nodes.map((n) =>
      n.id === 'fin' ? { ...n, steps: [...n.steps, step('own', '王五复核', { kind: 'users', userIds: [wangwu] })] } : n,
    );
    const ask = async (initiatorApproves: FlowGraph['settings']['initiatorApproves']) => {
      const result = await preview('admin', {
        form_schema: SIMPLE_FORM,
        flow: { ...flow, settings: { ...flow.settings, initiatorApproves } },
        form: { amount: '6000.00' },
        initiator_id: wangwu,
      });
      expect(result.body.status_code, result.body.message).toBe(0);
      return result.body.data.path.find((n) => n.id === 'fin')?.steps.map((s) => [s.handlers.map((h) => h.name), s.note, s.initiator]);
    };
    expect(await ask('skip')).toEqual([
      [['孙浩'], null, 'skipped'],
      [[], null, 'skipped'],
    ]);
    expect(await ask('self')).toEqual([
      [['王五', '孙浩'], null, null],
      [['王五'], null, null],
    ]);
    expect(await ask('leader')).toEqual([
      [['陈七', '孙浩'], null, 'leader'],
      [['陈七'], null, 'leader'],
    ]);
  });

  it('a 发起人部门 rule takes in the departments below (刘洋 in 研发组 is in 技术部), and a disabled leader is nobody', async () => {
    const tech = (await server.db.selectFrom('depts').select('id').where('name', '=', '技术部').executeTakeFirstOrThrow()).id;
    const flow = moneyFlow();
    // Into 财务 only for 技术部 people, whatever the amount.
    flow.links = flow.links.map((l) =>
      l.id === 'b' ? { ...l, rules: { logic: 'and', rules: [{ on: 'dept', op: 'eq', value: tech }] } } : l,
    );
    const ask = async (user: string) => {
      const result = await preview('admin', { form_schema: SIMPLE_FORM, flow, form: {}, initiator_id: await idOf(server, user) });
      expect(result.body.status_code, result.body.message).toBe(0);
      return result.body.data;
    };
    expect(names(await ask('liuyang'))).toEqual(['发起', '主管审批', '财务审批', '结束']);
    expect(names(await ask('zhangsan'))).toEqual(['发起', '主管审批', '财务审批', '结束']);
    expect(names(await ask('wangwu'))).toEqual(['发起', '主管审批', '结束']);
    // 刘洋's direct leader 周九, disabled: the step finds nobody, as a release would.
    const zhoujiu = await idOf(server, 'zhoujiu');
    await server.db.updateTable('users').set({ status: 0 }).where('id', '=', zhoujiu).execute();
    try {
      expect((await ask('liuyang')).path[1]?.steps[0]).toMatchObject({ handlers: [], note: 'skip' });
    } finally {
      await server.db.updateTable('users').set({ status: 1 }).where('id', '=', zhoujiu).execute();
    }
  });

  it('stops where no link matches and says so', async () => {
    const flow = moneyFlow();
    flow.links = flow.links.filter((l) => l.id !== 'c');
    const result = await preview('admin', { form_schema: SIMPLE_FORM, flow, form: { amount: '10' } });
    expect(result.body.data).toMatchObject({ ok: false, message: EngineMessages.noRoute('主管审批'), node_id: 'lead' });
    expect(names(result.body.data)).toEqual(['发起', '主管审批']);
  });

  it('refuses a faulty graph with the node named, an unknown initiator, and callers without template_admin', async () => {
    const flow = moneyFlow();
    flow.links.push({ id: 'loop', from: 'fin', to: 'lead', priority: 1, isDefault: false, rules: { logic: 'and', rules: [] } });
    expect((await preview('admin', { form_schema: SIMPLE_FORM, flow, form: {} })).body).toMatchObject({
      status_code: 422,
      message: FlowMessages.cycle('主管审批'),
      data: { errors: { 'flow.lead': [FlowMessages.cycle('主管审批')] } },
    });
    const noField = await preview('admin', { form_schema: { fields: SIMPLE_FORM.fields.slice(0, 1) }, flow: moneyFlow(), form: {} });
    expect(noField.body).toMatchObject({
      status_code: 422,
      data: { errors: { 'flow.lead': [FlowMessages.unknownField('主管审批', 'amount')] } },
    });
    expect((await preview('admin', { form_schema: SIMPLE_FORM, flow: moneyFlow(), form: {}, initiator_id: 99999 })).body).toMatchObject({
      status_code: 422,
      data: { errors: { initiator_id: [ApprovalMessages.previewInitiatorMissing] } },
    });
    const refused = await preview('zhangsan', { form_schema: SIMPLE_FORM, flow: moneyFlow(), form: {} });
    expect(refused.status).toBe(403);
  });
});
