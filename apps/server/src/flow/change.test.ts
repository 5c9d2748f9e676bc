import { ChangeMessages } from '@osp/shared';
import { describe, expect, it } from 'vitest';
import { approve, Harness, linearFlow, step, type EventInput } from '../../test/flow-fixtures';
import { checkInvariants } from './invariants';

/** 变更节点 in the engine: its handlers get tasks like an approve node's; `change` edits the form at it and nowhere else. */

const changeNode = (id: string, ...steps: ReturnType<typeof step>[]) => ({ id, type: 'change' as const, name: `变更${id}`, steps });
const edit = (taskId: string, actor: number, amount: string): Extract<EventInput, { type: 'change' }> => ({
  type: 'change',
  taskId,
  actor,
  form: { amount },
  changes: [{ key: 'amount', label: '金额', before: '100', after: amount }],
});

describe('change nodes', () => {
  it('give their handlers tasks, take their edits into the form and the history, and pass on an agree', () => {
    const h = new Harness(linearFlow([approve('n1', step('a', 'orsign', [3])), changeNode('c1', step('c', 'orsign', [4]))]));
    h.release({ amount: '100' });
    h.act('agree', 3);
    expect(h.activeNode()).toBe('c1');
    const task = h.taskOf(4);
    const result = h.apply(edit(task.id, 4, '80'));
    expect(result.state.form).toEqual({ amount: '80' });
    expect(result.state.status).toBe('doing');
    expect(result.state.history.at(-1)).toMatchObject({
      action: 'change',
      actor: 4,
      nodeId: 'c1',
      taskId: task.id,
      before: 'doing',
      after: 'doing',
    });
    expect(result.state.history.at(-1)?.changes).toEqual([{ key: 'amount', label: '金额', before: '100', after: '80' }]);
    expect(h.taskOf(4).status).toBe('pending');
    expect(checkInvariants(h.state)).toEqual([]);
    h.act('agree', 4);
    expect(h.state.status).toBe('done');
    expect(checkInvariants(h.state)).toEqual([]);
  });

  it('refuses an edit at an approve node, by someone else, and one that changes nothing', () => {
    const h = new Harness(linearFlow([approve('n1', step('a', 'orsign', [3])), changeNode('c1', step('c', 'orsign', [4]))]));
    h.release({ amount: '100' });
    expect(h.tryApply(edit(h.taskOf(3).id, 3, '1'))).toMatchObject({ ok: false, code: 409, message: ChangeMessages.notChangeNode });
    h.act('agree', 3);
    expect(h.tryApply(edit(h.taskOf(4).id, 3, '1'))).toMatchObject({ ok: false, code: 403 });
    expect(h.tryApply({ ...edit(h.taskOf(4).id, 4, '100'), changes: [] })).toMatchObject({ ok: false, code: 422, field: 'form' });
    expect(h.state.form).toEqual({ amount: '100' });
  });

  it('passes a change node without steps at once (flows saved before change nodes had handlers)', () => {
    const h = new Harness(linearFlow([changeNode('c0'), approve('n1', step('a', 'orsign', [3]))]));
    h.release();
    expect(h.activeNode()).toBe('n1');
    expect(h.state.activations.find((a) => a.nodeId === 'c0')?.status).toBe('done');
    expect(checkInvariants(h.state)).toEqual([]);
  });
});
