import { EngineMessages, type HandlerSource, type InitiatorApproves } from '@osp/shared';
import { describe, expect, it } from 'vitest';
import { ADMIN, approve, Harness, INITIATOR, LEADER, linearFlow, memoryDirectory, step, time } from '../../test/flow-fixtures';
import { applyInitiatorRule, resolveSource } from './handlers';
import { checkInvariants } from './invariants';

/**
 * 发起人审批时 (issue 11, item 3): an initiator named by a step's source — a named user, a job member, a leader,
 * 发起人自选 — is left out (skip, the default), kept (self) or replaced by their direct leader (leader). The
 * 发起人本人 source is the exception. Before this setting the initiator got a task at such a step.
 */

// Departments: 30 ⊂ 20 ⊂ 10. Leaders: 10 → 2, 20 → 7, 30 → 8; 40 has no leader; 50 is led by the initiator.
const directory = memoryDirectory({
  depts: {
    10: { parent: null, leader: LEADER },
    20: { parent: 10, leader: 7 },
    30: { parent: 20, leader: 8 },
    40: { parent: null, leader: null },
    50: { parent: 20, leader: INITIATOR },
  },
  jobs: {
    5: [
      { userId: INITIATOR, deptIds: [] },
      { userId: 11, deptIds: [] },
    ],
    6: [{ userId: INITIATOR, deptIds: [] }],
  },
});
const initiator = { userId: INITIATOR, deptId: 30, jobIds: [] };

const release = (h: Harness, deptId = 30, chosen: Record<string, number[]> = {}) =>
  h.tryApply({ type: 'release', initiator: { userId: INITIATOR, deptId, jobIds: [] }, form: {}, chosenHandlers: chosen });

function rule(source: HandlerSource, setting: InitiatorApproves, who = initiator) {
  return applyInitiatorRule(source, resolveSource(source, directory, who, [INITIATOR, 9]), setting, directory, who);
}

describe('applyInitiatorRule', () => {
  it('skip leaves the initiator out of every source but 发起人本人', () => {
    expect(rule({ kind: 'users', userIds: [4, INITIATOR, 3] }, 'skip')).toEqual({ users: [4, 3], outcome: 'skipped' });
    expect(rule({ kind: 'job', jobId: 5 }, 'skip')).toEqual({ users: [11], outcome: 'skipped' });
    expect(rule({ kind: 'chosen' }, 'skip')).toEqual({ users: [9], outcome: 'skipped' });
    expect(rule({ kind: 'initiator' }, 'skip')).toEqual({ users: [INITIATOR], outcome: 'none' });
    expect(rule({ kind: 'users', userIds: [4] }, 'skip')).toEqual({ users: [4], outcome: 'none' });
  });

  it('self changes nothing', () => {
    expect(rule({ kind: 'users', userIds: [INITIATOR, 3] }, 'self')).toEqual({ users: [INITIATOR, 3], outcome: 'none' });
  });

  it('leader puts the direct leader in the initiator’s place, once, one level up for a leader’s own department', () => {
    expect(rule({ kind: 'users', userIds: [4, INITIATOR, 3] }, 'leader')).toEqual({ users: [4, 8, 3], outcome: 'leader' });
    expect(rule({ kind: 'users', userIds: [INITIATOR, 8] }, 'leader')).toEqual({ users: [8], outcome: 'leader' });
    // The initiator leads department 50: their direct leader is 20's.
    expect(rule({ kind: 'job', jobId: 6 }, 'leader', { ...initiator, deptId: 50 })).toEqual({ users: [7], outcome: 'leader' });
    // A department without a leader: nobody in their place.
    expect(rule({ kind: 'job', jobId: 6 }, 'leader', { ...initiator, deptId: 40 })).toEqual({ users: [], outcome: 'leader' });
    expect(rule({ kind: 'initiator' }, 'leader')).toEqual({ users: [INITIATOR], outcome: 'none' });
  });
});

describe('engine: 发起人审批时', () => {
  const twoSteps = (setting?: InitiatorApproves, emptyHandler: 'skip' | 'admin' = 'skip') =>
    linearFlow([approve('n1', step('a', 'orsign', [INITIATOR]), step('b', 'orsign', [3]))], {
      emptyHandler,
      adminUserId: ADMIN,
      ...(setting ? { initiatorApproves: setting } : {}),
    });

  it('skip (the default): a step whose only handler is the initiator passes by itself, saying why, even with emptyHandler admin', () => {
    for (const emptyHandler of ['skip', 'admin'] as const) {
      const h = new Harness(twoSteps(undefined, emptyHandler), directory);
      expect(release(h).ok).toBe(true);
      expect(h.state.tasks.some((t) => t.actingHandler === INITIATOR || t.actingHandler === ADMIN)).toBe(false);
      expect(h.state.steps.map((s) => s.status)).toEqual(['skipped', 'doing']);
      expect(h.state.history.map((e) => [e.action, e.comment])).toEqual([
        ['release', null],
        ['skip', EngineMessages.initiatorSkipped],
      ]);
      expect(h.taskOf(3)).toBeTruthy();
      expect(checkInvariants(h.state)).toEqual([]);
    }
  });

  it('skip: a job step keeps its other members', () => {
    const h = new Harness(linearFlow([approve('n1', step('a', 'orsign', { kind: 'job', jobId: 5 }))]), directory);
    release(h);
    expect(h.pending().map((t) => t.actingHandler)).toEqual([11]);
  });

  it('self: the initiator approves, as before', () => {
    const h = new Harness(twoSteps('self'), directory);
    release(h);
    expect(h.pending().map((t) => t.actingHandler)).toEqual([INITIATOR]);
  });

  it('leader: the direct leader gets the task; nobody found follows emptyHandler', () => {
    const h = new Harness(twoSteps('leader'), directory);
    release(h);
    expect(h.pending().map((t) => [t.originalHandler, t.actingHandler, t.via])).toEqual([[8, 8, 'direct']]);

    const admin = new Harness(twoSteps('leader', 'admin'), directory);
    release(admin, 40);
    expect(admin.pending().map((t) => [t.actingHandler, t.via])).toEqual([[ADMIN, 'admin']]);

    const skipped = new Harness(twoSteps('leader', 'skip'), directory);
    release(skipped, 40);
    expect(skipped.state.history.map((e) => [e.action, e.comment])).toEqual([
      ['release', null],
      ['skip', null],
    ]);
  });

  it('the 发起人本人 source still goes to the initiator', () => {
    const h = new Harness(linearFlow([approve('n1', step('a', 'check', { kind: 'initiator' }))]), directory);
    release(h);
    expect(h.pending().map((t) => t.actingHandler)).toEqual([INITIATOR]);
  });

  it('choosing oneself at 发起人自选 is refused with the step named, for every setting; nothing changes', () => {
    for (const setting of ['skip', 'self', 'leader'] as const) {
      const h = new Harness(
        linearFlow([approve('n1', step('a', 'orsign', { kind: 'chosen' }))], { initiatorApproves: setting }),
        directory,
      );
      const before = structuredClone(h.state);
      expect(release(h, 30, { a: [9, INITIATOR] })).toEqual({
        ok: false,
        code: 422,
        message: EngineMessages.chosenInitiator('步骤a'),
        field: 'chosen_handlers',
      });
      expect(h.state).toEqual(before);
    }
  });

  it('an entrust to the initiator is not followed unless they may approve their own bill', () => {
    const entrusting = memoryDirectory({ entrusts: [{ from: 3, to: INITIATOR, start: time(0), end: time(100) }] });
    const flow = (setting: InitiatorApproves) => linearFlow([approve('n1', step('a', 'orsign', [3]))], { initiatorApproves: setting });
    const h = new Harness(flow('skip'), entrusting);
    h.release();
    expect(h.pending().map((t) => [t.actingHandler, t.via])).toEqual([[3, 'direct']]);
    const self = new Harness(flow('self'), entrusting);
    self.release();
    expect(self.pending().map((t) => [t.actingHandler, t.via])).toEqual([[INITIATOR, 'entrust']]);
  });

  it('a transfer to the initiator is refused, except with self or at a 发起人本人 step', () => {
    const h = new Harness(twoSteps('skip'), directory);
    release(h);
    const task = h.taskOf(3);
    expect(h.tryApply({ type: 'transfer', taskId: task.id, actor: 3, to: INITIATOR })).toEqual({
      ok: false,
      code: 422,
      message: EngineMessages.transferToInitiator,
      field: 'to_user_id',
    });
    const self = new Harness(linearFlow([approve('n1', step('a', 'orsign', [3]))], { initiatorApproves: 'self' }), directory);
    release(self);
    expect(self.tryApply({ type: 'transfer', taskId: self.taskOf(3).id, actor: 3, to: INITIATOR }).ok).toBe(true);
    const own = new Harness(linearFlow([approve('n1', step('a', 'check', { kind: 'initiator' }))]), directory);
    release(own);
    own.apply({ type: 'transfer', taskId: own.taskOf(INITIATOR).id, actor: INITIATOR, to: 3 });
    expect(own.tryApply({ type: 'transfer', taskId: own.taskOf(3).id, actor: 3, to: INITIATOR }).ok).toBe(true);
  });
});
