import { EngineMessages, STEP_REVIEW_KIND, STEP_TYPES, type StepType } from '@osp/shared';
import { describe, expect, it } from 'vitest';
import { ADMIN, approve, Harness, INITIATOR, linearFlow, memoryDirectory, step } from '../../test/flow-fixtures';
import { checkInvariants } from './invariants';

/**
 * Return semantics (the 会签 + 退回 bug class): n1 (user 2) → n2 (a step of `type` for 3, 4, 5) → n3 (user 6).
 * In n2 one handler agrees first where the type allows it without finishing the step, then another returns.
 */
function midway(type: StepType, resubmit: 'restart' | 'resume' = 'restart') {
  const flow = linearFlow(
    [approve('n1', step('a', 'orsign', [2])), approve('n2', step('b', type, [3, 4, 5])), approve('n3', step('c', 'orsign', [6]))],
    { resubmit },
  );
  const h = new Harness(flow);
  h.release();
  h.act('agree', 2);
  const single = STEP_REVIEW_KIND[type] === 'single';
  if (!single) h.act('agree', 3);
  // The handler who returns: the next in turn for ordersign, any other one otherwise.
  const returner = single ? 3 : 4;
  return { h, returner };
}

const tasksIn = (h: Harness, activationIndex: number) =>
  h.state.tasks.filter((t) => t.activationId === h.state.activations[activationIndex]?.id);

describe.each(STEP_TYPES)('returns from a %s step', (type) => {
  it('back: siblings cancelled, previous node re-entered fresh, the returning step runs again in full', () => {
    const { h, returner } = midway(type);
    const n2 = h.state.activations[2];
    expect(h.act('back', returner, '附件缺失').ok).toBe(true);
    expect(checkInvariants(h.state)).toEqual([]);
    // Nothing open is left behind in the returned node.
    const old = tasksIn(h, 2);
    expect(old.filter((t) => t.status === 'pending' || t.status === 'waiting')).toEqual([]);
    expect(old.find((t) => t.actingHandler === returner)?.status).toBe('returned');
    expect(old.filter((t) => t.actingHandler !== returner).every((t) => t.status === 'agreed' || t.status === 'cancelled')).toBe(true);
    expect(h.state.activations[2]).toMatchObject({ id: n2?.id, nodeId: 'n2', status: 'returned' });
    // n1 gets a new activation with a new task for 2.
    expect(h.state.activations[3]).toMatchObject({ nodeId: 'n1', status: 'active', cause: 'back' });
    expect(h.taskOf(2).activationId).toBe(h.state.activations[3]?.id);
    h.act('agree', 2);
    // n2 again: a third activation row for it, every handler asked again (earlier agreements do not carry over).
    expect(h.state.activations[4]).toMatchObject({ nodeId: 'n2', status: 'active', cause: 'forward' });
    const fresh = tasksIn(h, 4);
    expect(fresh.map((t) => t.actingHandler)).toEqual([3, 4, 5]);
    expect(fresh.map((t) => t.status)).toEqual(
      type === 'ordersign' ? ['pending', 'waiting', 'waiting'] : ['pending', 'pending', 'pending'],
    );
    for (const user of [3, 4, 5]) if (h.pending().some((t) => t.actingHandler === user)) h.act('agree', user);
    h.act('agree', 6);
    expect(h.state.status).toBe('done');
    expect(checkInvariants(h.state)).toEqual([]);
    // The old rows stay as history: 3 activations of n1/n2 rows plus the fresh ones.
    expect(h.state.activations.map((a) => a.nodeId)).toEqual(['start', 'n1', 'n2', 'n1', 'n2', 'n3', 'end']);
  });

  it('back from the next node into this step asks every handler again', () => {
    const { h } = midway(type);
    for (const user of [3, 4, 5]) if (h.pending().some((t) => t.actingHandler === user)) h.act('agree', user);
    h.act('back', 6, '重新审核');
    expect(h.activeNode()).toBe('n2');
    const open = h.state.tasks.filter((t) => t.activationId === h.state.activations.at(-1)?.id);
    expect(open.map((t) => t.actingHandler)).toEqual([3, 4, 5]);
    expect(checkInvariants(h.state)).toEqual([]);
  });

  it('reject: siblings cancelled, bill rejected; restart runs the flow from the start', () => {
    const { h, returner } = midway(type, 'restart');
    h.act('reject', returner, '不符合规定');
    expect(h.state.status).toBe('rejected');
    expect(h.state.tasks.filter((t) => t.status === 'pending' || t.status === 'waiting')).toEqual([]);
    expect(checkInvariants(h.state)).toEqual([]);
    expect(h.tryApply({ type: 'resubmit', actor: 3, form: {} })).toMatchObject({ code: 403 });
    h.apply({ type: 'resubmit', actor: INITIATOR, form: {} });
    expect(h.activeNode()).toBe('n1');
    expect(h.state.activations.at(-1)).toMatchObject({ nodeId: 'n1', cause: 'forward' });
    expect(checkInvariants(h.state)).toEqual([]);
  });

  it('reject: resume jumps straight back to the rejecting node with fresh tasks', () => {
    const { h, returner } = midway(type, 'resume');
    h.act('reject', returner, '不符合规定');
    h.apply({ type: 'resubmit', actor: INITIATOR, form: {} });
    expect(h.activeNode()).toBe('n2');
    expect(h.state.activations.at(-1)).toMatchObject({ nodeId: 'n2', cause: 'resume' });
    expect(tasksIn(h, h.state.activations.length - 1).map((t) => t.actingHandler)).toEqual([3, 4, 5]);
    expect(h.state.history.at(-1)).toMatchObject({ action: 'resubmit', before: 'rejected', after: 'doing' });
    expect(checkInvariants(h.state)).toEqual([]);
  });
});

describe('resubmission routing', () => {
  it('resume falls back to restart when the new form no longer routes through the rejecting node', () => {
    const flow = linearFlow([approve('n1', step('a', 'orsign', [2])), approve('n2', step('b', 'joinsign', [3, 4]))], {
      resubmit: 'resume',
    });
    // Big amounts go through n2, small ones skip it.
    flow.links = [
      { id: 'l1', from: 'start', to: 'n1', priority: 0, isDefault: true, rules: { logic: 'and', rules: [] } },
      {
        id: 'l2',
        from: 'n1',
        to: 'n2',
        priority: 0,
        isDefault: false,
        rules: { logic: 'and', rules: [{ on: 'field', field: 'amount', op: 'gt', value: 1000 }] },
      },
      { id: 'l3', from: 'n1', to: 'end', priority: 1, isDefault: true, rules: { logic: 'and', rules: [] } },
      { id: 'l4', from: 'n2', to: 'end', priority: 0, isDefault: true, rules: { logic: 'and', rules: [] } },
    ];
    const h = new Harness(flow);
    h.release({ amount: 5000 });
    h.act('agree', 2);
    h.act('reject', 4, '太贵');
    expect(h.state.rejectedNodeId).toBe('n2');
    h.apply({ type: 'resubmit', actor: INITIATOR, form: { amount: 500 } });
    expect(h.state.route).toEqual(['start', 'n1', 'end']);
    expect(h.activeNode()).toBe('n1');
    h.act('agree', 2);
    expect(h.state.status).toBe('done');
    expect(checkInvariants(h.state)).toEqual([]);
  });

  it('after a withdraw, resubmit always restarts', () => {
    const flow = linearFlow([approve('n1', step('a', 'orsign', [2])), approve('n2', step('b', 'orsign', [3]))], { resubmit: 'resume' });
    const h = new Harness(flow);
    h.release();
    h.act('agree', 2);
    h.apply({ type: 'withdraw', actor: INITIATOR });
    h.apply({ type: 'resubmit', actor: INITIATOR, form: {} });
    expect(h.activeNode()).toBe('n1');
  });
});

describe('back over nodes that found nobody (issue 13)', () => {
  // 1 is the initiator; dept 10 has no leader, so a 直属主管 step finds nobody.
  const noLeader = () => memoryDirectory({ depts: { 10: { parent: null, leader: null } } });
  const leaderStep = (id: string) => step(id, 'orsign', { kind: 'leader', levels: 1 });
  const refused = { ok: false, code: 422, message: EngineMessages.noBackTarget, field: 'comment' };

  it('refuses when every approve node before was skipped for want of a handler: nothing changes, no fresh task for the sender', () => {
    const h = new Harness(linearFlow([approve('n1', leaderStep('a')), approve('n2', step('b', 'orsign', [3]))]), noLeader());
    h.release();
    expect(h.state.steps.map((s) => s.status)).toEqual(['skipped', 'doing']);
    const before = structuredClone(h.state);
    expect(h.act('back', 3, '请上一级再看看')).toEqual(refused);
    expect(h.state).toEqual(before);
    expect(h.pending().map((t) => t.actingHandler)).toEqual([3]);
  });

  it('refuses when the node before was skipped by 发起人审批时 (the initiator was its only handler)', () => {
    const h = new Harness(linearFlow([approve('n1', step('a', 'orsign', [INITIATOR])), approve('n2', step('b', 'orsign', [3]))]));
    h.release();
    expect(h.act('back', 3, '退回')).toEqual(refused);
  });

  it('goes past skipped nodes to the last node someone decided', () => {
    const h = new Harness(
      linearFlow([approve('n1', step('a', 'orsign', [2])), approve('n2', leaderStep('b')), approve('n3', step('c', 'joinsign', [3, 4]))]),
      noLeader(),
    );
    h.release();
    h.act('agree', 2);
    h.act('agree', 3);
    expect(h.act('back', 4, '请重新审核').ok).toBe(true);
    expect(h.activeNode()).toBe('n1');
    expect(h.state.activations.at(-1)).toMatchObject({ nodeId: 'n1', cause: 'back', status: 'active' });
    expect(h.pending().map((t) => t.actingHandler)).toEqual([2]);
    expect(checkInvariants(h.state)).toEqual([]);
    // Forward again: n2 still finds nobody, n3 asks both again.
    h.act('agree', 2);
    expect(h.pending().map((t) => t.actingHandler)).toEqual([3, 4]);
  });

  it('a node of several steps counts when one of its steps was decided', () => {
    const h = new Harness(
      linearFlow([approve('n1', leaderStep('a'), step('b', 'orsign', [2])), approve('n2', step('c', 'orsign', [3]))]),
      noLeader(),
    );
    h.release();
    h.act('agree', 2);
    expect(h.act('back', 3, '退回').ok).toBe(true);
    expect(h.pending().map((t) => t.actingHandler)).toEqual([2]);
  });

  it('the administrator who took an empty step is a real approver', () => {
    const h = new Harness(
      linearFlow([approve('n1', leaderStep('a')), approve('n2', step('b', 'orsign', [3]))], { emptyHandler: 'admin', adminUserId: ADMIN }),
      noLeader(),
    );
    h.release();
    h.act('agree', ADMIN);
    expect(h.act('back', 3, '退回').ok).toBe(true);
    expect(h.pending().map((t) => [t.actingHandler, t.via])).toEqual([[ADMIN, 'admin']]);
  });

  it('a node whose handler has been disabled since finds nobody now: it is passed over too', () => {
    const disabled: number[] = [];
    const h = new Harness(
      linearFlow([
        approve('n1', step('a', 'orsign', [2])),
        approve('n2', step('b', 'orsign', [5])),
        approve('n3', step('c', 'orsign', [3])),
      ]),
      memoryDirectory({ disabled }),
    );
    h.release();
    h.act('agree', 2);
    h.act('agree', 5);
    disabled.push(5);
    expect(h.act('back', 3, '退回').ok).toBe(true);
    expect(h.activeNode()).toBe('n1');
    expect(h.pending().map((t) => t.actingHandler)).toEqual([2]);
    disabled.push(2);
    h.act('agree', 2);
    // n1 and n2 now find nobody: 3 cannot send it back into an empty loop.
    expect(h.activeNode()).toBe('n3');
    expect(h.act('back', 3, '退回')).toEqual(refused);
  });

  it('a node decided by the sender alone is passed over: back never hands the sender a fresh task', () => {
    const h = new Harness(
      linearFlow([
        approve('n1', step('a', 'orsign', [2])),
        approve('n2', step('b', 'orsign', [3])),
        approve('n3', step('c', 'orsign', [3])),
      ]),
    );
    h.release();
    h.act('agree', 2);
    h.act('agree', 3);
    expect(h.act('back', 3, '退回').ok).toBe(true);
    expect(h.activeNode()).toBe('n1');
    expect(h.pending().map((t) => t.actingHandler)).toEqual([2]);

    const alone = new Harness(linearFlow([approve('n1', step('a', 'orsign', [3])), approve('n2', step('b', 'orsign', [3]))]));
    alone.release();
    alone.act('agree', 3);
    expect(alone.act('back', 3, '退回')).toEqual(refused);
  });
});
