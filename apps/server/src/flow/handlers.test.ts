import { EngineMessages, type FlowSettings, type HandlerSource } from '@osp/shared';
import { describe, expect, it } from 'vitest';
import {
  ADMIN,
  approve,
  Harness,
  INITIATOR,
  LEADER,
  link,
  linearFlow,
  memoryDirectory,
  node,
  snapshot,
  step,
  time,
} from '../../test/flow-fixtures';
import { resolveSource } from './handlers';
import { checkInvariants } from './invariants';

// Departments: 30 ⊂ 20 ⊂ 10. Leaders: 10 → 2, 20 → 7, 30 → 8 (or the initiator).
const directory = memoryDirectory({
  depts: {
    10: { parent: null, leader: LEADER },
    20: { parent: 10, leader: 7 },
    30: { parent: 20, leader: 8 },
    40: { parent: 10, leader: null },
  },
  jobs: {
    5: [
      { userId: 11, deptIds: [30] },
      { userId: 12, deptIds: [10] },
      { userId: 13, deptIds: [40] },
      // 负责部门 left empty: covers every department (job_members.dept_ids, the 审批岗位 page's 全部部门).
      { userId: 14, deptIds: [] },
    ],
  },
});
const initiator = { userId: INITIATOR, deptId: 30, jobIds: [] };

describe('handler sources', () => {
  it('users keep their order without repeats', () => {
    expect(resolveSource({ kind: 'users', userIds: [4, 3, 4] }, directory, initiator, undefined)).toEqual([4, 3]);
  });

  it('a job: all members, or only those covering the initiator department (itself or above)', () => {
    expect(resolveSource({ kind: 'job', jobId: 5 }, directory, initiator, undefined)).toEqual([11, 12, 13, 14]);
    expect(resolveSource({ kind: 'job', jobId: 5, onlyCoveringInitiatorDept: true }, directory, initiator, undefined)).toEqual([
      11, 12, 14,
    ]);
    expect(resolveSource({ kind: 'job', jobId: 6 }, directory, initiator, undefined)).toEqual([]);
  });

  it('the department leader n levels up', () => {
    const leader = (levels: number, who = initiator) => resolveSource({ kind: 'leader', levels }, directory, who, undefined);
    expect([leader(1), leader(2), leader(3), leader(4)]).toEqual([[8], [7], [LEADER], []]);
    // A leader's own bill goes to the leader above.
    expect(resolveSource({ kind: 'leader', levels: 1 }, directory, { ...initiator, userId: 8 }, undefined)).toEqual([7]);
    // A department without a leader keeps its level empty.
    expect(resolveSource({ kind: 'leader', levels: 1 }, directory, { ...initiator, deptId: 40 }, undefined)).toEqual([]);
  });

  it('chosen at release, and the initiator', () => {
    expect(resolveSource({ kind: 'chosen' }, directory, initiator, [9, 9, 4])).toEqual([9, 4]);
    expect(resolveSource({ kind: 'initiator' }, directory, initiator, undefined)).toEqual([INITIATOR]);
  });
});

describe('release with chosen handlers', () => {
  const flow = linearFlow([approve('n1', step('a', 'orsign', { kind: 'chosen' }))]);

  it('refuses a release that leaves a chosen step empty, naming the step', () => {
    const h = new Harness(flow);
    expect(h.tryApply({ type: 'release', initiator: { userId: 1, deptId: 10, jobIds: [] }, form: {} })).toEqual({
      ok: false,
      code: 422,
      message: EngineMessages.chosenMissing('步骤a'),
      field: 'chosen_handlers',
    });
    expect(h.state.status).toBe('draft');
    h.release({}, { a: [5] });
    expect(h.taskOf(5)).toBeTruthy();
  });
});

describe('empty handler sources', () => {
  const nodes = () => [approve('n1', step('a', 'orsign', { kind: 'job', jobId: 404 }), step('b', 'orsign', [3]))];

  it('skip: the step is passed over and recorded', () => {
    const h = new Harness(linearFlow(nodes(), { emptyHandler: 'skip' }));
    h.release();
    expect(h.state.steps.map((s) => s.status)).toEqual(['skipped', 'doing']);
    expect(h.state.history.map((e) => e.action)).toEqual(['release', 'skip']);
    expect(checkInvariants(h.state)).toEqual([]);
  });

  it('admin: the template administrator gets the task', () => {
    const h = new Harness(linearFlow(nodes(), { emptyHandler: 'admin', adminUserId: ADMIN }));
    h.release();
    expect(h.taskOf(ADMIN)).toMatchObject({ via: 'admin', originalHandler: ADMIN });
  });

  it('a flow whose every step is empty completes at release', () => {
    const h = new Harness(linearFlow([approve('n1', step('a', 'joinsign', { kind: 'job', jobId: 404 }))]));
    const result = h.release();
    expect(h.state.status).toBe('done');
    expect(result.effects).toContainEqual({ kind: 'bill_done' });
  });
});

describe('disabled people get no task (issue 13): they count as nobody found', () => {
  const flowOf = (source: HandlerSource | number[], flowSettings: Partial<FlowSettings> = {}) =>
    linearFlow([approve('n1', step('a', 'orsign', source)), approve('n2', step('b', 'orsign', [6]))], flowSettings);
  const stepA = (h: Harness) => h.state.steps.find((s) => s.stepId === 'a');

  it('a named handler: left out of the step; alone, the step follows emptyHandler (skip or admin)', () => {
    const some = new Harness(flowOf([3, 4]), memoryDirectory({ disabled: [3] }));
    some.release();
    expect(some.pending().map((t) => t.actingHandler)).toEqual([4]);

    const skip = new Harness(flowOf([3]), memoryDirectory({ disabled: [3] }));
    skip.release();
    expect(stepA(skip)?.status).toBe('skipped');
    expect(skip.state.history.map((e) => e.action)).toEqual(['release', 'skip']);
    expect(skip.pending().map((t) => t.actingHandler)).toEqual([6]);

    const admin = new Harness(flowOf([3], { emptyHandler: 'admin', adminUserId: ADMIN }), memoryDirectory({ disabled: [3] }));
    admin.release();
    expect(admin.pending().map((t) => [t.actingHandler, t.via])).toEqual([[ADMIN, 'admin']]);
    expect(admin.state.tasks.some((t) => t.actingHandler === 3)).toBe(false);
    expect(checkInvariants(admin.state)).toEqual([]);
  });

  it('a disabled department leader: the level is empty, as a department without a leader', () => {
    const leaderOff = memoryDirectory({ depts: { 10: { parent: null, leader: LEADER } }, disabled: [LEADER] });
    const skip = new Harness(flowOf({ kind: 'leader', levels: 1 }), leaderOff);
    skip.release();
    expect(stepA(skip)?.status).toBe('skipped');
    expect(skip.pending().map((t) => t.actingHandler)).toEqual([6]);
    const admin = new Harness(flowOf({ kind: 'leader', levels: 1 }, { emptyHandler: 'admin', adminUserId: ADMIN }), leaderOff);
    admin.release();
    expect(admin.pending().map((t) => t.actingHandler)).toEqual([ADMIN]);
    // 发起人审批时 = leader hands the initiator's place to that leader: disabled, nobody takes it.
    const replaced = new Harness(
      flowOf([INITIATOR], { initiatorApproves: 'leader', emptyHandler: 'admin', adminUserId: ADMIN }),
      leaderOff,
    );
    replaced.release();
    expect(replaced.pending().map((t) => t.actingHandler)).toEqual([ADMIN]);
  });

  it('a disabled job member, in the in-memory directory too', () => {
    const h = new Harness(
      flowOf({ kind: 'job', jobId: 5 }),
      memoryDirectory({
        jobs: {
          5: [
            { userId: 3, deptIds: [] },
            { userId: 4, deptIds: [] },
          ],
        },
        disabled: [4],
      }),
    );
    h.release();
    expect(h.pending().map((t) => t.actingHandler)).toEqual([3]);
  });

  it('发起人自选: choosing a disabled person is refused at release, naming the step; one disabled later is passed over', () => {
    const disabled: number[] = [5];
    const flow = linearFlow([approve('n1', step('a', 'orsign', [3])), approve('n2', step('b', 'orsign', { kind: 'chosen' }))]);
    const h = new Harness(flow, memoryDirectory({ disabled }));
    expect(
      h.tryApply({ type: 'release', initiator: { userId: INITIATOR, deptId: 10, jobIds: [] }, form: {}, chosenHandlers: { b: [4, 5] } }),
    ).toEqual({
      ok: false,
      code: 422,
      message: EngineMessages.chosenDisabled('步骤b'),
      field: 'chosen_handlers',
    });
    expect(h.state.status).toBe('draft');
    h.release({}, { b: [4] });
    // 4 leaves the company while the bill is at n1: their step finds nobody and is skipped.
    disabled.push(4);
    h.act('agree', 3);
    expect(h.state.steps.find((s) => s.stepId === 'b')?.status).toBe('skipped');
    expect(h.state.status).toBe('done');
    expect(h.state.tasks.some((t) => t.actingHandler === 4)).toBe(false);
  });

  it('a resubmission keeping a choice of someone disabled since is refused', () => {
    const disabled: number[] = [];
    const h = new Harness(linearFlow([approve('n1', step('a', 'orsign', { kind: 'chosen' }))]), memoryDirectory({ disabled }));
    h.release({}, { a: [4] });
    h.act('reject', 4, '不同意');
    disabled.push(4);
    expect(h.tryApply({ type: 'resubmit', actor: INITIATOR, form: {} })).toMatchObject({
      ok: false,
      code: 422,
      message: EngineMessages.chosenDisabled('步骤a'),
      field: 'chosen_handlers',
    });
    h.apply({ type: 'resubmit', actor: INITIATOR, form: {}, chosenHandlers: { a: [5] } });
    expect(h.pending().map((t) => t.actingHandler)).toEqual([5]);
  });
});

describe('entrust', () => {
  const entrusting = memoryDirectory({
    entrusts: [
      { from: 3, to: 9, start: time(0), end: time(100) },
      { from: 9, to: 10, start: time(0), end: time(100) },
      { from: 4, to: 9, templateId: 'other', start: time(0), end: time(100) },
    ],
  });

  it('hands new tasks to the delegate, recorded as 代 X 审批 (on behalf of X), one hop only', () => {
    const h = new Harness(linearFlow([approve('n1', step('a', 'joinsign', [3, 4]))]), entrusting);
    h.release();
    expect(h.taskOf(9)).toMatchObject({ originalHandler: 3, actingHandler: 9, onBehalfOf: 3, via: 'entrust' });
    // 4's entrust covers another template only.
    expect(h.taskOf(4)).toMatchObject({ onBehalfOf: null, via: 'direct' });
    expect(h.tryApply({ type: 'agree', taskId: h.taskOf(9).id, actor: 3 })).toMatchObject({ code: 403 });
    h.act('agree', 9);
    expect(h.state.history.at(-1)).toMatchObject({ action: 'agree', actor: 9, onBehalfOf: 3 });
  });

  it('an entrust outside its period does not apply', () => {
    const late = memoryDirectory({ entrusts: [{ from: 3, to: 9, start: time(50), end: time(100) }] });
    const h = new Harness(linearFlow([approve('n1', step('a', 'orsign', [3]))]), late);
    h.release();
    expect(h.taskOf(3).via).toBe('direct');
  });
});

describe('auto-agree when the same person handled the previous step', () => {
  const flow = (auto: boolean) =>
    linearFlow(
      [
        approve('n1', step('a', 'orsign', [3])),
        approve('n2', step('b', 'joinsign', [3, 4]), step('c', 'ordersign', [4, 3, 5])),
        approve('n3', step('d', 'orsign', [6])),
      ],
      { approverDedup: auto ? 'consecutive' : 'none' },
    );

  it('agrees for the repeated handler only, in every step type, and records it', () => {
    const h = new Harness(flow(true));
    h.release();
    h.act('agree', 3);
    const auto = h.state.tasks.filter((t) => t.isAuto);
    expect(auto.map((t) => t.actingHandler)).toEqual([3]);
    expect(h.state.history.at(-1)).toMatchObject({ action: 'auto_agree', actor: 3, comment: EngineMessages.autoAgreed });
    expect(auto[0]?.comment).toBe(EngineMessages.autoAgreed);
    h.act('agree', 4);
    // Step c: 4 agreed step b, so 4's first turn is automatic; 3 also agreed step b (automatically).
    expect(h.pending().map((t) => t.actingHandler)).toEqual([5]);
    expect(checkInvariants(h.state)).toEqual([]);
  });

  it('is off unless the template asks for it', () => {
    const h = new Harness(flow(false));
    h.release();
    h.act('agree', 3);
    expect(h.state.tasks.some((t) => t.isAuto)).toBe(false);
    expect(h.pending().map((t) => t.actingHandler)).toEqual([3, 4]);
  });

  it('does not apply to a node re-entered after a back', () => {
    const h = new Harness(flow(true));
    h.release();
    h.act('agree', 3);
    h.act('agree', 4);
    h.act('agree', 5);
    h.act('back', 6, '重新审核');
    expect(h.activeNode()).toBe('n2');
    expect(h.pending().map((t) => t.actingHandler)).toEqual([3, 4]);
  });
});

describe('审批人去重 仅审批第一次 (first): one agreement per person and pass', () => {
  // 3 at n1 and again at n4 (会签 with 6), other people between.
  const flow = (dedup: FlowSettings['approverDedup']) =>
    linearFlow(
      [
        approve('n1', step('a', 'orsign', [3])),
        approve('n2', step('b', 'orsign', [4])),
        approve('n3', step('c', 'orsign', [5])),
        approve('n4', step('d', 'joinsign', [3, 6])),
      ],
      { approverDedup: dedup },
    );

  it('agrees for someone who agreed any step before, not only the one just before; 仅连续 does not', () => {
    const h = new Harness(flow('first'));
    h.release();
    for (const user of [3, 4, 5]) expect(h.act('agree', user).ok).toBe(true);
    expect(h.pending().map((t) => t.actingHandler)).toEqual([6]);
    const auto = h.state.tasks.filter((t) => t.isAuto);
    expect(auto.map((t) => [t.actingHandler, t.comment])).toEqual([[3, EngineMessages.autoAgreedEarlier]]);
    expect(h.state.history.at(-1)).toMatchObject({ action: 'auto_agree', actor: 3, comment: EngineMessages.autoAgreedEarlier });
    expect(checkInvariants(h.state)).toEqual([]);

    const consecutive = new Harness(flow('consecutive'));
    consecutive.release();
    for (const user of [3, 4, 5]) consecutive.act('agree', user);
    expect(consecutive.pending().map((t) => t.actingHandler)).toEqual([3, 6]);
  });

  it('an agreement before a 退回 stands; the node sent back to decides again', () => {
    const h = new Harness(flow('first'));
    h.release();
    h.act('agree', 3);
    h.act('agree', 4);
    expect(h.act('back', 5, '请补充').ok).toBe(true);
    expect(h.activeNode()).toBe('n2');
    expect(h.pending().map((t) => t.actingHandler)).toEqual([4]);
    h.act('agree', 4);
    h.act('agree', 5);
    // 3's agreement at n1 was not gone back over: it still stands at n4.
    expect(h.pending().map((t) => t.actingHandler)).toEqual([6]);
    expect(checkInvariants(h.state)).toEqual([]);
  });

  it('a node re-entered by 退回 is decided again even by someone who agreed before it', () => {
    // 3 at n1 and n2: n2's 3 is agreed for on the way forward, but not when n3 sends the bill back to n2.
    const h = new Harness(
      linearFlow(
        [approve('n1', step('a', 'orsign', [3])), approve('n2', step('b', 'orsign', [3, 4])), approve('n3', step('c', 'orsign', [5]))],
        {
          approverDedup: 'first',
        },
      ),
    );
    h.release();
    h.act('agree', 3);
    expect(h.activeNode()).toBe('n3');
    expect(h.act('back', 5, '重新审核').ok).toBe(true);
    expect(h.activeNode()).toBe('n2');
    expect(h.pending().map((t) => t.actingHandler)).toEqual([3, 4]);
  });

  it('a resubmitted bill that resumes at the rejecting node keeps the agreements before it', () => {
    const resumed = flow('first');
    const h = new Harness({ ...resumed, settings: { ...resumed.settings, resubmit: 'resume' } });
    h.release();
    h.act('agree', 3);
    h.act('agree', 4);
    h.act('reject', 5, '请补充');
    h.apply({ type: 'resubmit', actor: INITIATOR, form: {} });
    expect(h.activeNode()).toBe('n3');
    h.act('agree', 5);
    expect(h.pending().map((t) => t.actingHandler)).toEqual([6]);
  });

  it('a resubmitted bill that restarts asks again: an agreement of the rejected round, on a node the new route leaves out, counts for nothing', () => {
    // 金额 over 1000 passes 大额 (3) first; 复核 (4) then 终审 (3).
    const big = { logic: 'and' as const, rules: [{ on: 'field' as const, field: 'amount', op: 'gt' as const, value: 1000 }] };
    const h = new Harness(
      snapshot(
        [
          node('start', 'start'),
          approve('big', step('a', 'orsign', [3])),
          approve('check', step('b', 'orsign', [4])),
          approve('final', step('c', 'orsign', [3])),
          node('end', 'end'),
        ],
        [
          link('start', 'big', { rules: big }),
          link('start', 'check', { priority: 1, isDefault: true }),
          link('big', 'check'),
          link('check', 'final'),
          link('final', 'end'),
        ],
        { approverDedup: 'first' },
      ),
    );
    h.release({ amount: 2000 });
    h.act('agree', 3);
    h.act('reject', 4, '金额有误');
    expect(h.state.status).toBe('rejected');
    h.apply({ type: 'resubmit', actor: INITIATOR, form: { amount: 500 } });
    expect(h.activeNode()).toBe('check');
    h.act('agree', 4);
    expect(h.activeNode()).toBe('final');
    expect(h.pending().map((t) => t.actingHandler)).toEqual([3]);
    expect(h.state.tasks.some((t) => t.isAuto)).toBe(false);
  });
});
