import { EngineMessages, STEP_TYPES, type StepType } from '@osp/shared';
import { describe, expect, it } from 'vitest';
import { applyEvent, draftBill } from './engine';
import { approve, Harness, INITIATOR, linearFlow, step, time } from '../../test/flow-fixtures';
import { checkInvariants } from './invariants';
import { handlerOperationOf, stepStatusOf } from './present';

/** Node n1 holds one step of `type` with handlers 3, 4, 5; node n2 one step for user 6. */
function twoNodes(type: StepType) {
  const h = new Harness(linearFlow([approve('n1', step('a', type, [3, 4, 5])), approve('n2', step('b', 'orsign', [6]))]));
  h.release();
  return h;
}

const statusOf = (h: Harness) => Object.fromEntries(h.state.tasks.map((t) => [t.actingHandler, t.status]));

/** Expected task statuses of handlers 3, 4, 5 and the active node after handler 3 agrees. */
const afterFirstAgree: Record<StepType, { tasks: Record<number, string>; node: string }> = {
  orsign: { tasks: { 3: 'agreed', 4: 'skipped', 5: 'skipped', 6: 'pending' }, node: 'n2' },
  group_only: { tasks: { 3: 'agreed', 4: 'skipped', 5: 'skipped', 6: 'pending' }, node: 'n2' },
  check: { tasks: { 3: 'agreed', 4: 'skipped', 5: 'skipped', 6: 'pending' }, node: 'n2' },
  group_all: { tasks: { 3: 'agreed', 4: 'pending', 5: 'pending' }, node: 'n1' },
  joinsign: { tasks: { 3: 'agreed', 4: 'pending', 5: 'pending' }, node: 'n1' },
  ordersign: { tasks: { 3: 'agreed', 4: 'pending', 5: 'waiting' }, node: 'n1' },
};

describe.each(STEP_TYPES)('step type %s', (type) => {
  it('opens tasks on release as the type requires', () => {
    const h = twoNodes(type);
    expect(h.state.status).toBe('doing');
    expect(statusOf(h)).toEqual(
      type === 'ordersign' ? { 3: 'pending', 4: 'waiting', 5: 'waiting' } : { 3: 'pending', 4: 'pending', 5: 'pending' },
    );
    expect(checkInvariants(h.state)).toEqual([]);
  });

  it('agree by the first handler', () => {
    const h = twoNodes(type);
    expect(h.act('agree', 3, null).ok).toBe(true);
    expect(statusOf(h)).toEqual(afterFirstAgree[type].tasks);
    expect(h.activeNode()).toBe(afterFirstAgree[type].node);
    expect(checkInvariants(h.state)).toEqual([]);
  });

  it('agree by every handler in order finishes the step, then the bill', () => {
    const h = twoNodes(type);
    for (const user of [3, 4, 5]) if (h.pending().some((t) => t.actingHandler === user)) h.act('agree', user);
    expect(h.activeNode()).toBe('n2');
    h.act('agree', 6);
    expect(h.state.status).toBe('done');
    expect(h.state.activations.map((a) => [a.nodeId, a.status])).toEqual([
      ['start', 'done'],
      ['n1', 'done'],
      ['n2', 'done'],
      ['end', 'done'],
    ]);
    expect(checkInvariants(h.state)).toEqual([]);
  });

  it('reject by a handler sends the bill back to the initiator and cancels every sibling task', () => {
    const h = twoNodes(type);
    if (type !== 'ordersign') h.act('agree', 4);
    if (h.state.status === 'doing' && h.activeNode() === 'n1') {
      const result = h.act('reject', 3, '金额不对');
      expect(result.ok).toBe(true);
      expect(h.state.status).toBe('rejected');
      expect(h.state.rejectedNodeId).toBe('n1');
      expect(h.pending()).toEqual([]);
      expect(h.state.tasks.filter((t) => t.status === 'waiting')).toEqual([]);
      expect(statusOf(h)[3]).toBe('rejected');
      expect(h.state.steps[0]?.status).toBe('rejected');
      if (result.ok) expect(result.effects).toContainEqual({ kind: 'bill_rejected', notify: INITIATOR });
    }
    expect(checkInvariants(h.state)).toEqual([]);
  });

  it('back from the second node re-enters the first with fresh tasks, keeping the old ones', () => {
    const h = twoNodes(type);
    for (const user of [3, 4, 5]) if (h.pending().some((t) => t.actingHandler === user)) h.act('agree', user);
    const before = h.state.tasks.filter((t) => t.activationId === h.state.activations[1]?.id).map((t) => ({ ...t }));
    expect(h.act('back', 6, '请补充发票').ok).toBe(true);
    expect(h.activeNode()).toBe('n1');
    const [, oldN1, n2, newN1] = h.state.activations;
    expect([oldN1?.status, n2?.status, newN1?.status, newN1?.cause]).toEqual(['done', 'returned', 'active', 'back']);
    expect(h.state.tasks.filter((t) => t.activationId === oldN1?.id)).toEqual(before);
    const fresh = h.state.tasks.filter((t) => t.activationId === newN1?.id);
    expect(fresh.map((t) => t.actingHandler)).toEqual([3, 4, 5]);
    expect(fresh.every((t) => t.status === 'pending' || t.status === 'waiting')).toBe(true);
    expect(checkInvariants(h.state)).toEqual([]);
  });

  it('transfer hands the task over, recorded on behalf of the original handler', () => {
    const h = twoNodes(type);
    const task = h.taskOf(3);
    expect(h.tryApply({ type: 'transfer', taskId: task.id, actor: 3, to: 7, comment: '出差' }).ok).toBe(true);
    const moved = h.taskOf(7);
    expect(moved).toMatchObject({ originalHandler: 3, onBehalfOf: 3, via: 'transfer', transferredFrom: task.id, order: 0 });
    expect(h.state.tasks.find((t) => t.id === task.id)?.status).toBe('transferred');
    h.act('agree', 7);
    expect(h.activeNode()).toBe(afterFirstAgree[type].node);
    expect(h.state.history.at(-2)).toMatchObject({ action: 'transfer', actor: 3, toUser: 7 });
    expect(h.state.history.at(-1)).toMatchObject({ action: 'agree', actor: 7, onBehalfOf: 3 });
    expect(checkInvariants(h.state)).toEqual([]);
  });
});

describe('operation checks', () => {
  it('refuses a non-handler with 403, a missing task with 404, a handled task with 409', () => {
    const h = twoNodes('orsign');
    const task = h.taskOf(3);
    expect(h.tryApply({ type: 'agree', taskId: task.id, actor: 8 })).toEqual({ ok: false, code: 403, message: EngineMessages.notHandler });
    expect(h.tryApply({ type: 'agree', taskId: 'nope', actor: 3 })).toMatchObject({ code: 404 });
    const sibling = h.taskOf(4);
    h.act('agree', 3);
    expect(h.tryApply({ type: 'agree', taskId: sibling.id, actor: 4 })).toEqual({
      ok: false,
      code: 409,
      message: EngineMessages.taskHandled,
    });
    expect(h.tryApply({ type: 'agree', taskId: task.id, actor: 3 })).toMatchObject({ code: 409 });
  });

  it('an ordersign handler whose turn has not come gets 409', () => {
    const h = twoNodes('ordersign');
    const later = h.state.tasks.find((t) => t.actingHandler === 5);
    expect(h.tryApply({ type: 'agree', taskId: later?.id ?? '', actor: 5 })).toEqual({
      ok: false,
      code: 409,
      message: EngineMessages.notYourTurn,
    });
  });

  it.each(['reject', 'back'] as const)('%s needs a comment (422); agree does not', (op) => {
    const h = new Harness(linearFlow([approve('n1', step('a', 'orsign', [3])), approve('n2', step('b', 'orsign', [6]))]));
    h.release();
    h.act('agree', 3, null);
    for (const comment of [null, '', '   ']) {
      expect(h.act(op, 6, comment)).toEqual({ ok: false, code: 422, message: EngineMessages.commentRequired, field: 'comment' });
    }
    expect(h.act(op, 6, '不同意').ok).toBe(true);
  });

  it('agree on a step marked 同意时须填写审批意见 needs a comment (422, nothing changes); the next step does not', () => {
    const h = new Harness(
      linearFlow([approve('n1', { ...step('a', 'joinsign', [3, 4]), commentRequired: true }), approve('n2', step('b', 'orsign', [6]))]),
    );
    h.release();
    const before = structuredClone(h.state);
    for (const comment of [null, '', '   ']) {
      expect(h.act('agree', 3, comment)).toEqual({ ok: false, code: 422, message: EngineMessages.commentRequired, field: 'comment' });
    }
    expect(h.state).toEqual(before);
    expect(h.act('agree', 3, '核对无误').ok).toBe(true);
    expect(h.act('agree', 4, '同意').ok).toBe(true);
    expect(h.activeNode()).toBe('n2');
    expect(h.act('agree', 6, null).ok).toBe(true);
    expect(h.state.status).toBe('done');
    expect(checkInvariants(h.state)).toEqual([]);
  });

  it('back from the first approve node is refused with a hint to reject', () => {
    const h = twoNodes('orsign');
    expect(h.act('back', 3, '退回')).toEqual({ ok: false, code: 422, message: EngineMessages.noBackTarget, field: 'comment' });
  });

  it('transfer to oneself or to a handler of the same step is refused', () => {
    const h = twoNodes('joinsign');
    const task = h.taskOf(3);
    expect(h.tryApply({ type: 'transfer', taskId: task.id, actor: 3, to: 3 })).toMatchObject({
      code: 422,
      message: EngineMessages.transferToSelf,
    });
    expect(h.tryApply({ type: 'transfer', taskId: task.id, actor: 3, to: 4 })).toMatchObject({
      code: 422,
      message: EngineMessages.transferToHandler,
    });
  });

  it('checks the version the client saw and the pinned flow version', () => {
    const h = twoNodes('orsign');
    const task = h.taskOf(3);
    expect(h.tryApply({ type: 'agree', taskId: task.id, actor: 3, expectedVersion: 0 })).toEqual({
      ok: false,
      code: 409,
      message: EngineMessages.staleVersion,
    });
    const other = { ...h.ctx, flow: { ...h.ctx.flow, versionId: 'v2' } };
    expect(applyEvent(other, h.state, { type: 'agree', taskId: task.id, actor: 3, at: time(99) })).toMatchObject({ code: 409 });
    const ok = h.tryApply({ type: 'agree', taskId: task.id, actor: 3, expectedVersion: 1 });
    expect(ok.ok && ok.state.version).toBe(2);
  });

  it('never changes the state it was given', () => {
    const h = twoNodes('joinsign');
    const frozen = structuredClone(h.state);
    applyEvent(h.ctx, h.state, { type: 'reject', taskId: h.taskOf(3).id, actor: 3, comment: 'x', at: time(50) });
    expect(h.state).toEqual(frozen);
  });

  it('release twice is refused; release pins the flow version and records history', () => {
    const h = twoNodes('orsign');
    expect(h.state.flowVersionId).toBe('v1');
    expect(h.state.history[0]).toMatchObject({ action: 'release', actor: INITIATOR, before: 'draft', after: 'doing', seq: 0 });
    expect(h.tryApply({ type: 'release', initiator: { userId: 1, deptId: 10, jobIds: [] }, form: {} })).toMatchObject({ code: 409 });
  });
});

describe('withdraw, abandon, close', () => {
  it('the initiator withdraws a doing bill: open tasks cancelled, status returned', () => {
    const h = twoNodes('joinsign');
    expect(h.tryApply({ type: 'withdraw', actor: 3 })).toMatchObject({ code: 403 });
    h.apply({ type: 'withdraw', actor: INITIATOR });
    expect(h.state.status).toBe('returned');
    expect(h.pending()).toEqual([]);
    expect(h.state.steps[0]?.status).toBe('cancelled');
    expect(checkInvariants(h.state)).toEqual([]);
    h.apply({ type: 'resubmit', actor: INITIATOR, form: {} });
    expect(h.activeNode()).toBe('n1');
    expect(h.pending().map((t) => t.actingHandler)).toEqual([3, 4, 5]);
  });

  it('abandon only from draft, rejected or returned; close ends a doing bill', () => {
    const h = twoNodes('orsign');
    expect(h.tryApply({ type: 'abandon', actor: INITIATOR })).toMatchObject({ code: 409 });
    h.apply({ type: 'close', actor: 99, comment: '重复提交' });
    expect(h.state.status).toBe('closed');
    expect(h.pending()).toEqual([]);
    expect(checkInvariants(h.state)).toEqual([]);
    const d = new Harness(h.ctx.flow);
    d.apply({ type: 'abandon', actor: 0 });
    expect(d.state.status).toBe('abandoned');
    expect(draftBill().status).toBe('draft');
  });
});

describe('API mapping (SPEC §4)', () => {
  it('maps internal statuses to operation 0/1/2 and step statuses', () => {
    expect(['pending', 'waiting', 'cancelled', 'transferred', 'skipped'].map((s) => handlerOperationOf(s as 'pending'))).toEqual([
      0, 0, 0, 0, 0,
    ]);
    expect(handlerOperationOf('agreed')).toBe(1);
    expect([handlerOperationOf('rejected'), handlerOperationOf('returned')]).toEqual([2, 2]);
    expect(['waiting', 'doing', 'done', 'skipped', 'rejected', 'cancelled'].map((s) => stepStatusOf(s as 'done'))).toEqual([
      'waiting',
      'doing',
      'done',
      'done',
      'rejected',
      'waiting',
    ]);
  });
});
