import { EngineMessages } from '@osp/shared';
import { describe, expect, it } from 'vitest';
import { ADMIN, approve, Harness, INITIATOR, linearFlow, memoryDirectory, step, users } from '../../test/flow-fixtures';
import { checkInvariants } from './invariants';
import { openTasksOf, reassignRefusal } from './reassign';

/** `reassign` (issue 13): open tasks move to another person with a history entry each, or nothing moves. */

const move = (h: Harness, from: number, to: number, reason: 'entrust' | 'handover' = 'entrust', actor = from) =>
  h.tryApply({ type: 'reassign', reason, actor, from, to, taskIds: openTasksOf(h.state, from).map((t) => t.id), comment: '移交说明' });

describe('reassign', () => {
  it('moves a pending task to the receiver, acting for the one it was taken from, and the flow goes on', () => {
    const h = new Harness(linearFlow([approve('n1', step('a', 'orsign', [3])), approve('n2', step('b', 'orsign', [6]))]));
    h.release();
    const result = move(h, 3, 7);
    expect(result.ok).toBe(true);
    expect(checkInvariants(h.state)).toEqual([]);
    const [old, next] = h.state.tasks;
    expect(old).toMatchObject({ actingHandler: 3, status: 'transferred', comment: '移交说明' });
    expect(next).toMatchObject({
      originalHandler: 3,
      actingHandler: 7,
      onBehalfOf: 3,
      via: 'entrust',
      status: 'pending',
      transferredFrom: old?.id,
    });
    expect(h.state.history.at(-1)).toMatchObject({
      action: 'entrust',
      actor: 3,
      toUser: 7,
      taskId: old?.id,
      nodeId: 'n1',
      comment: '移交说明',
    });
    expect(result.ok && result.effects).toEqual([{ kind: 'task_assigned', taskId: next?.id, userId: 7 }]);
    expect(h.state.version).toBe(2);
    // The old holder can no longer act; the receiver can, and the bill moves on.
    expect(h.tryApply({ type: 'agree', taskId: old?.id ?? '', actor: 3 }).ok).toBe(false);
    h.act('agree', 7);
    expect(h.activeNode()).toBe('n2');
    expect(checkInvariants(h.state)).toEqual([]);
  });

  it('moves an ordersign task still waiting for its turn; it opens for the receiver when the turn comes', () => {
    const h = new Harness(linearFlow([approve('n1', step('a', 'ordersign', [3, 4]))]));
    h.release();
    expect(move(h, 4, 8, 'handover', ADMIN).ok).toBe(true);
    expect(h.state.tasks.find((t) => t.actingHandler === 8)).toMatchObject({ status: 'waiting', order: 1, via: 'transfer', onBehalfOf: 4 });
    expect(h.state.history.at(-1)).toMatchObject({ action: 'handover', actor: ADMIN, toUser: 8 });
    h.act('agree', 3);
    h.act('agree', 8);
    expect(h.state.status).toBe('done');
    expect(checkInvariants(h.state)).toEqual([]);
  });

  it('refuses the initiator as receiver unless the flow lets them approve, and a receiver already in the step', () => {
    const h = new Harness(linearFlow([approve('n1', step('a', 'joinsign', [3, 4]))]));
    h.release();
    const before = h.state;
    const [task3] = openTasksOf(h.state, 3);
    if (!task3) throw new Error('no task');
    expect(reassignRefusal(h.ctx.flow, h.state, task3, INITIATOR)).toBe('initiator');
    expect(reassignRefusal(h.ctx.flow, h.state, task3, 4)).toBe('same_step');
    expect(move(h, 3, INITIATOR)).toMatchObject({ ok: false, code: 422, message: EngineMessages.transferToInitiator, field: 'to_user_id' });
    expect(move(h, 3, 4)).toMatchObject({ ok: false, code: 422, message: EngineMessages.transferToHandler });
    expect(h.state).toBe(before);

    const self = new Harness(linearFlow([approve('n1', step('a', 'orsign', [3]))], { initiatorApproves: 'self' }));
    self.release();
    expect(move(self, 3, INITIATOR).ok).toBe(true);
    // A 发起人本人 step is the initiator's own: a task of it held for them goes back to them whatever the setting.
    const own = new Harness(
      linearFlow([approve('n1', step('a', 'orsign', { kind: 'initiator' }))]),
      memoryDirectory({ entrusts: [{ from: INITIATOR, to: 5, start: '2000-01-01', end: '2100-01-01' }] }),
    );
    own.release();
    expect(own.state.tasks[0]).toMatchObject({ actingHandler: 5, onBehalfOf: INITIATOR });
    expect(move(own, 5, INITIATOR).ok).toBe(true);
  });

  it('refuses a disabled receiver, oneself, a task already decided and a bill not in progress', () => {
    const h = new Harness(linearFlow([approve('n1', step('a', 'orsign', [3, 4]))]), memoryDirectory({ disabled: [9] }));
    h.release();
    expect(move(h, 3, 9)).toMatchObject({ ok: false, code: 422, field: 'to_user_id' });
    expect(move(h, 3, 3)).toMatchObject({ ok: false, code: 422, message: EngineMessages.transferToSelf });
    const task3 = openTasksOf(h.state, 3)[0]?.id ?? '';
    h.act('agree', 4);
    expect(h.state.status).toBe('done');
    expect(h.tryApply({ type: 'reassign', reason: 'entrust', actor: 3, from: 3, to: 7, taskIds: [task3] })).toMatchObject({
      ok: false,
      code: 409,
    });
    const other = new Harness(linearFlow([approve('n1', step('a', 'orsign', users(3)))]));
    other.release();
    expect(other.tryApply({ type: 'reassign', reason: 'entrust', actor: 4, from: 4, to: 7, taskIds: [other.taskOf(3).id] })).toMatchObject({
      ok: false,
      code: 409,
      message: EngineMessages.taskHandled,
    });
  });
});
