import { APPROVER_DEDUP, STEP_TYPES, type FlowLink, type FlowNode, type HandlerSource } from '@osp/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ADMIN, approve, Harness, INITIATOR, link, memoryDirectory, node, snapshot, type EventInput } from '../../test/flow-fixtures';
import { checkInvariants } from './invariants';
import { openTasksOf } from './reassign';
import type { FlowSnapshot } from './types';

/**
 * Random flows × random operation orders. After every event: exactly one active node while the bill is
 * doing, no done step without its required agreements, no doing step that nobody can act on, history
 * complete and in order, no task for a disabled account, a back never waiting on its sender alone; a
 * refused event changes nothing.
 */

const POOL = [2, 3, 4, 5, 6];
/** A disabled account among the people steps name (and transfers aim at): it must never get a task. */
const DISABLED = 6;
/** Department 10 has no leader, so a 直属主管 step finds nobody (the empty-handler and back cases). */
const directory = () => memoryDirectory({ depts: { 10: { parent: null, leader: null } }, disabled: [DISABLED] });

const sourceArb: fc.Arbitrary<HandlerSource> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      // The initiator among named handlers: 发起人审批时 decides what happens to them.
      .uniqueArray(fc.constantFrom(...POOL, INITIATOR), { minLength: 1, maxLength: 3 })
      .map((userIds) => ({ kind: 'users' as const, userIds })),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'initiator' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'job' as const, jobId: 404 }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'leader' as const, levels: 1 }) },
);

const flowArb: fc.Arbitrary<FlowSnapshot> = fc
  .record({
    nodes: fc.array(fc.array(fc.record({ type: fc.constantFrom(...STEP_TYPES), source: sourceArb }), { minLength: 1, maxLength: 3 }), {
      minLength: 1,
      maxLength: 4,
    }),
    bypass: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
    emptyHandler: fc.constantFrom('skip' as const, 'admin' as const),
    resubmit: fc.constantFrom('restart' as const, 'resume' as const),
    approverDedup: fc.constantFrom(...APPROVER_DEDUP),
    initiatorApproves: fc.constantFrom('skip' as const, 'self' as const, 'leader' as const),
  })
  .map(({ nodes: defs, bypass, ...flowSettings }) => {
    const approves: FlowNode[] = defs.map((steps, i) =>
      approve(`n${i}`, ...steps.map((s, j) => ({ id: `n${i}s${j}`, name: `步骤${i}-${j}`, type: s.type, source: s.source }))),
    );
    const nodes = [node('start', 'start'), ...approves, node('end', 'end')];
    const links: FlowLink[] = [];
    nodes.forEach((n, i) => {
      const next = nodes[i + 1];
      const after = nodes[i + 2];
      if (!next) return;
      // Some nodes are bypassed for big amounts, so routes differ between release and resubmit.
      if (bypass[i] && after)
        links.push(link(n.id, after.id, { rules: { logic: 'and', rules: [{ on: 'field', field: 'amount', op: 'gt', value: 1000 }] } }));
      links.push(link(n.id, next.id, { isDefault: true, priority: 1 }));
    });
    return snapshot(nodes, links, { ...flowSettings, adminUserId: ADMIN });
  });

const opArb = fc.record({
  kind: fc.constantFrom(
    'agree',
    'agree',
    'agree',
    'reject',
    'back',
    'back',
    'transfer',
    'reassign',
    'withdraw',
    'resubmit',
    'stray',
    'close',
  ),
  pick: fc.nat(),
  who: fc.constantFrom(...POOL, INITIATOR, ADMIN),
  comment: fc.constantFrom('意见', '', null),
  amount: fc.constantFrom(10, 5000),
});
type Op = typeof opArb extends fc.Arbitrary<infer T> ? T : never;

/** Turns a random op into an event against the current state (sometimes a wrong one, on purpose). */
function toEvent(h: Harness, op: Op): EventInput | null {
  const pending = h.pending();
  const task = pending[op.pick % Math.max(pending.length, 1)];
  switch (op.kind) {
    case 'agree':
    case 'reject':
    case 'back':
      return task ? { type: op.kind, taskId: task.id, actor: task.actingHandler, comment: op.comment } : null;
    case 'transfer':
      return task ? { type: 'transfer', taskId: task.id, actor: task.actingHandler, to: op.who } : null;
    case 'reassign':
      // An administrator's handover of every open task of a pending task's handler (issue 13).
      return task
        ? {
            type: 'reassign',
            reason: op.pick % 2 === 0 ? 'handover' : 'entrust',
            actor: op.pick % 2 === 0 ? ADMIN : task.actingHandler,
            from: task.actingHandler,
            to: op.who,
            taskIds: openTasksOf(h.state, task.actingHandler).map((t) => t.id),
          }
        : null;
    case 'stray': {
      // Anyone acting on any task, pending or not.
      const any = h.state.tasks[op.pick % Math.max(h.state.tasks.length, 1)];
      return any ? { type: 'agree', taskId: any.id, actor: op.who } : null;
    }
    case 'withdraw':
      return { type: 'withdraw', actor: op.pick % 3 === 0 ? op.who : INITIATOR };
    case 'resubmit':
      return { type: 'resubmit', actor: INITIATOR, form: { amount: op.amount } };
    case 'close':
      return op.pick % 4 === 0 ? { type: 'close', actor: ADMIN } : null;
    default:
      return null;
  }
}

describe('engine properties', () => {
  it('every reachable state keeps the invariants; refused events change nothing', () => {
    fc.assert(
      fc.property(flowArb, fc.constantFrom(10, 5000), fc.array(opArb, { maxLength: 40 }), (flow, amount, ops) => {
        const h = new Harness(flow, directory());
        h.release({ amount });
        expect(checkInvariants(h.state)).toEqual([]);
        for (const op of ops) {
          const event = toEvent(h, op);
          if (!event) continue;
          const before = structuredClone(h.state);
          const result = h.tryApply(event);
          if (!result.ok) {
            expect([403, 404, 409, 422]).toContain(result.code);
            expect(h.state).toEqual(before);
            continue;
          }
          expect(checkInvariants(h.state)).toEqual([]);
          // A disabled account is never handed a task, by the flow, an entrust or a transfer.
          expect(h.state.tasks.filter((t) => t.actingHandler === DISABLED)).toEqual([]);
          // 退回 lands on someone who decided before, never back on the sender alone.
          if (event.type === 'back') expect(h.pending().some((t) => t.actingHandler !== event.actor)).toBe(true);
          expect(h.state.version).toBe(before.version + 1);
          // History: the old entries unchanged, the event's own entry first among the new ones.
          expect(h.state.history.slice(0, before.history.length)).toEqual(before.history);
          expect(h.state.history[before.history.length]?.action).toBe(event.type === 'reassign' ? event.reason : event.type);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('agreeing every task in any order always finishes the bill, with every step agreed or skipped', () => {
    fc.assert(
      fc.property(flowArb, fc.constantFrom(10, 5000), fc.array(fc.nat(), { minLength: 60, maxLength: 60 }), (flow, amount, picks) => {
        const h = new Harness(flow, directory());
        h.release({ amount });
        for (const pick of picks) {
          const pending = h.pending();
          const task = pending[pick % Math.max(pending.length, 1)];
          if (!task) break;
          h.apply({ type: 'agree', taskId: task.id, actor: task.actingHandler });
          expect(checkInvariants(h.state)).toEqual([]);
        }
        expect(h.state.status).toBe('done');
        expect(h.state.steps.every((s) => s.status === 'done' || s.status === 'skipped')).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('a back or reject from any pending task leaves no open task outside the active step', () => {
    fc.assert(
      fc.property(flowArb, fc.array(fc.nat(), { minLength: 1, maxLength: 20 }), fc.boolean(), (flow, picks, isReject) => {
        const h = new Harness(flow, directory());
        h.release({ amount: 10 });
        for (const pick of picks) {
          const pending = h.pending();
          const task = pending[pick % Math.max(pending.length, 1)];
          if (!task) return;
          if (pick % 3 === 0)
            h.tryApply({ type: isReject ? 'reject' : 'back', taskId: task.id, actor: task.actingHandler, comment: '退回' });
          else h.apply({ type: 'agree', taskId: task.id, actor: task.actingHandler });
          const active = h.state.activations.find((a) => a.status === 'active');
          const open = h.state.tasks.filter((t) => t.status === 'pending' || t.status === 'waiting');
          expect(open.every((t) => t.activationId === active?.id)).toBe(true);
          expect(checkInvariants(h.state)).toEqual([]);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('unless the flow says self, the initiator acts only at a 发起人本人 step, whatever happens', () => {
    fc.assert(
      fc.property(flowArb, fc.constantFrom(10, 5000), fc.array(opArb, { maxLength: 40 }), (flow, amount, ops) => {
        const h = new Harness(flow, directory());
        h.release({ amount });
        const ownSteps = new Set(flow.nodes.flatMap((n) => n.steps.filter((st) => st.source.kind === 'initiator').map((st) => st.id)));
        const check = () => {
          if (flow.settings.initiatorApproves === 'self') return;
          for (const t of h.state.tasks) {
            if (t.actingHandler !== INITIATOR) continue;
            const run = h.state.steps.find((st) => st.id === t.stepRunId);
            expect(ownSteps.has(run?.stepId ?? '')).toBe(true);
          }
        };
        check();
        for (const op of ops) {
          const event = toEvent(h, op);
          if (event) h.tryApply(event);
          check();
        }
      }),
      { numRuns: 300 },
    );
  });
});
