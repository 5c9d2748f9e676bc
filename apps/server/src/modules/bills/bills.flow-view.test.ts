import { FlowViewTexts, type BillFlowView, type FlowGraph, type FlowStepView } from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { idOf, linearGraph, makeTemplate, pendingTask, releasedBill, snapshotOf, Tokens } from './test-support';

/**
 * GET /oa/flow/{id} (SPEC §2: the bill flow popover shows each step with its approvers): the steps a bill in
 * progress has not reached yet carry the handlers the engine would ask, marked as predicted; every step carries its
 * handler count; a withdrawn or closed bill shows no step as 待审批 and predicts nothing.
 */

let server: TestServer;
let tokens: Tokens;

beforeAll(async () => {
  server = await startTestServer();
  tokens = new Tokens(server);
});
afterAll(async () => server.close());

async function call<T>(user: string, method: string, url: string, body?: unknown) {
  return server.call<T>(method, url, { token: await tokens.get(user), ...(body !== undefined ? { body } : {}) });
}

async function flowOf(user: string, billId: number): Promise<BillFlowView> {
  const answer = await call<BillFlowView>(user, 'GET', `/oa/flow/${billId}`);
  expect(answer.body.status_code, answer.body.message).toBe(0);
  return answer.body.data;
}

function stepOf(view: BillFlowView, nodeName: string, index = 0): FlowStepView {
  const step = view.flowNodes.find((n) => n.name === nodeName)?.flowNodeSteps[index];
  if (!step) throw new Error(`no step ${index} at ${nodeName}`);
  return step;
}

const who = (step: FlowStepView) => step.handlers.map((h) => [h.name, h.on_behalf_of, h.predicted]);
const allSteps = (view: BillFlowView) => view.flowNodes.flatMap((n) => n.flowNodeSteps);

/**
 * 审批1: 李四 (或签), then 陈七; 审批2: the 财务审核 job (王五, 孙浩; 会签), then the initiator himself (waived by
 * 发起人审批时 = skip); 审批3: the initiator's department leader (李四).
 */
async function threeNodeFlow(): Promise<FlowGraph> {
  const [lisi, chenqi, zhangsan] = [await idOf(server, 'lisi'), await idOf(server, 'chenqi'), await idOf(server, 'zhangsan')];
  const finance = await server.db.selectFrom('jobs').select('id').where('name', '=', '财务审核').executeTakeFirstOrThrow();
  const graph = linearGraph([
    [
      { type: 'orsign', userIds: [lisi] },
      { type: 'orsign', userIds: [chenqi] },
    ],
    [
      { type: 'joinsign', userIds: [] },
      { type: 'orsign', userIds: [zhangsan] },
    ],
    [{ type: 'orsign', userIds: [] }],
  ]);
  const [, n1, n2, n3] = graph.nodes;
  if (!n1 || !n2 || !n3 || !n2.steps[0] || !n3.steps[0]) throw new Error('linearGraph changed shape');
  n2.steps[0].source = { kind: 'job', jobId: finance.id };
  n3.steps[0].source = { kind: 'leader', levels: 1 };
  return graph;
}

describe('GET /oa/flow/{id}: what kind of step each one is', () => {
  it('says where the handlers come from (审批类型) beside how they decide (审批方式), reached or not', async () => {
    const templateId = await makeTemplate(server, await tokens.get('admin'), await threeNodeFlow());
    const bill = await releasedBill(server, await tokens.get('zhangsan'), templateId);
    const view = await flowOf('zhangsan', bill.id);
    const kinds = (step: FlowStepView) => [step.stepType, step.approvalModeLabel, step.sourceLabel];
    // 审批1's first step is a step run (reached); the others come from the snapshot's definitions.
    expect(stepOf(view, '审批1')).toMatchObject({ predicted: false, stepStatus: 'doing' });
    expect(kinds(stepOf(view, '审批1'))).toEqual(['orsign', '或签', '指定人员']);
    expect(kinds(stepOf(view, '审批2'))).toEqual(['joinsign', '会签', '审批岗位']);
    expect(kinds(stepOf(view, '审批2', 1))).toEqual(['orsign', '或签', '指定人员']);
    expect(kinds(stepOf(view, '审批3'))).toEqual(['orsign', '或签', '部门主管（直属主管）']);
  });
});

describe('GET /oa/flow/{id}: predicted handlers', () => {
  it('names the handlers of every step not reached yet (entrusts applied), marked predicted, and they are the ones asked later', async () => {
    const zhaoliu = await idOf(server, 'zhaoliu');
    const entrust = await call('wangwu', 'POST', '/api/users/billEntrust', {
      delegate_id: zhaoliu,
      start_at: new Date(Date.now() - 3_600_000).toISOString(),
      end_at: new Date(Date.now() + 48 * 3_600_000).toISOString(),
      reason: '出差',
    });
    expect(entrust.body.status_code, entrust.body.message).toBe(0);
    const templateId = await makeTemplate(server, await tokens.get('admin'), await threeNodeFlow());
    const bill = await releasedBill(server, await tokens.get('zhangsan'), templateId);
    const before = await snapshotOf(server, bill.id);

    const view = await flowOf('zhangsan', bill.id);
    expect(view.flowNodes.map((n) => [n.name, n.entered, n.current])).toEqual([
      ['发起', true, false],
      ['审批1', true, true],
      ['审批2', false, false],
      ['审批3', false, false],
      ['结束', false, false],
    ]);
    // The step the bill waits at: real tasks.
    expect(stepOf(view, '审批1')).toMatchObject({ predicted: false, stepStatus: 'doing', stepStatusText: '等待李四审批', handlerCount: 1 });
    expect(who(stepOf(view, '审批1'))).toEqual([['李四', null, false]]);
    // The next step of the same node, and the nodes ahead: predicted.
    expect(stepOf(view, '审批1', 1)).toMatchObject({ predicted: true, stepStatus: 'waiting', stepStatusText: '待审批', handlerCount: 1 });
    expect(who(stepOf(view, '审批1', 1))).toEqual([['陈七', null, true]]);
    // A predicted handler was asked nothing yet: no arrival to measure 耗时 from; the real task has one.
    expect(stepOf(view, '审批1', 1).handlers[0]?.arrived_at).toBeNull();
    expect(stepOf(view, '审批1').handlers[0]?.arrived_at).toEqual(expect.any(String));
    expect(stepOf(view, '审批2')).toMatchObject({ predicted: true, stepStatus: 'waiting', stepStatusText: '待审批', handlerCount: 2 });
    expect(who(stepOf(view, '审批2'))).toEqual([
      ['赵六', '代王五审批', true],
      ['孙浩', null, true],
    ]);
    expect(stepOf(view, '审批2').handlers.every((h) => h.operation === 0 && h.comment === null && h.time === null)).toBe(true);
    // The initiator's own step passes by itself (发起人审批时 = skip): nobody to predict, and it says so.
    expect(stepOf(view, '审批2', 1)).toMatchObject({
      predicted: true,
      handlerCount: 0,
      handlers: [],
      stepStatusText: FlowViewTexts.predictedSkip,
    });
    expect(who(stepOf(view, '审批3'))).toEqual([['李四', null, true]]);
    // The count is on every step and is the handlers shown.
    for (const step of allSteps(view)) expect(step.handlerCount, step.stepName).toBe(step.handlers.length);
    // Every reader sees the same; reading writes nothing.
    expect(await flowOf('lisi', bill.id)).toEqual(view);
    expect(await snapshotOf(server, bill.id)).toEqual(before);

    // What was predicted is what the engine does when the bill gets there.
    const [lisi, chenqi] = [await idOf(server, 'lisi'), await idOf(server, 'chenqi')];
    expect((await call('lisi', 'POST', `/api/bills/flownode/${await pendingTask(server, bill.id, lisi)}/agree`, {})).body.status_code).toBe(
      0,
    );
    const second = await flowOf('zhangsan', bill.id);
    expect(who(stepOf(second, '审批1', 1))).toEqual([['陈七', null, false]]);
    expect(stepOf(second, '审批1', 1)).toMatchObject({ predicted: false, stepStatus: 'doing' });
    expect(stepOf(second, '审批1')).toMatchObject({ predicted: false, stepStatus: 'done', stepStatusText: '已审批' });
    expect(
      (await call('chenqi', 'POST', `/api/bills/flownode/${await pendingTask(server, bill.id, chenqi)}/agree`, {})).body.status_code,
    ).toBe(0);
    const third = await flowOf('zhangsan', bill.id);
    expect(stepOf(third, '审批2')).toMatchObject({ predicted: false, stepStatus: 'doing', handlerCount: 2 });
    expect(who(stepOf(third, '审批2'))).toEqual([
      ['赵六', '代王五审批', false],
      ['孙浩', null, false],
    ]);
    expect(who(stepOf(third, '审批3'))).toEqual([['李四', null, true]]);

    // Sent back to 审批1: the node ahead shows what it will ask again, not the record of the round that was sent back.
    const back = await call('zhaoliu', 'POST', `/api/bills/flownode/${await pendingTask(server, bill.id, zhaoliu)}/back`, {
      comment: '请补充说明',
    });
    expect(back.body.status_code, back.body.message).toBe(0);
    const returned = await flowOf('zhangsan', bill.id);
    const node2 = returned.flowNodes.find((n) => n.name === '审批2');
    expect(node2).toMatchObject({ entered: false, current: false });
    expect(stepOf(returned, '审批2')).toMatchObject({ predicted: true, stepStatus: 'waiting', stepStatusText: '待审批', handlerCount: 2 });
    expect(who(stepOf(returned, '审批2'))).toEqual([
      ['赵六', '代王五审批', true],
      ['孙浩', null, true],
    ]);
    expect(returned.flowNodes.find((n) => n.name === '审批1')).toMatchObject({ entered: true, current: true });
  });

  it('predicts nothing and shows no step as 待审批 on a withdrawn or a closed bill', async () => {
    const templateId = await makeTemplate(server, await tokens.get('admin'), await threeNodeFlow());
    const withdrawn = await releasedBill(server, await tokens.get('zhangsan'), templateId);
    expect((await call('zhangsan', 'PATCH', `/api/bills/${withdrawn.id}/returned`, {})).body.status_code).toBe(0);
    const closed = await releasedBill(server, await tokens.get('zhangsan'), templateId);
    const closing = await call('admin', 'PATCH', `/api/bills/${closed.id}/close`, { comment: '不再需要' });
    expect(closing.body.status_code, closing.body.message).toBe(0);

    for (const [bill, status, text] of [
      [withdrawn, 'returned', FlowViewTexts.withdrawn],
      [closed, 'closed', FlowViewTexts.closed],
    ] as const) {
      const view = await flowOf('zhangsan', bill.id);
      expect(view.status).toBe(status);
      // 李四's task was cancelled: the step says how it ended, and 李四 is not waited for.
      expect(stepOf(view, '审批1'), status).toMatchObject({
        predicted: false,
        stepStatus: 'waiting',
        stepStatusText: text,
        handlerCount: 1,
      });
      expect(who(stepOf(view, '审批1')), status).toEqual([['李四', null, false]]);
      // The rest was never reached and will not be in this pass.
      for (const [node, index] of [
        ['审批1', 1],
        ['审批2', 0],
        ['审批2', 1],
        ['审批3', 0],
      ] as const) {
        expect(stepOf(view, node, index), `${status} ${node} ${index}`).toMatchObject({
          predicted: false,
          stepStatusText: FlowViewTexts.notReached,
          handlerCount: 0,
          handlers: [],
        });
      }
      expect(
        allSteps(view).map((s) => s.stepStatusText),
        status,
      ).not.toContain('待审批');
      expect(
        allSteps(view).some((s) => s.predicted || s.handlers.some((h) => h.predicted)),
        status,
      ).toBe(false);
      expect(
        view.flowNodes.some((n) => n.current),
        status,
      ).toBe(false);
    }
  });
});
