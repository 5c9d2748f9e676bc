import { fieldAccessAt, type FieldAccess, type FormSchema } from '@osp/shared';
import { activeActivation } from '../../flow/navigate';
import { pendingTaskOf } from '../../flow/present';
import type { BillState, FlowSnapshot } from '../../flow/types';

/** 变更节点 field permissions as they bind a reader of a bill (bills.change.ts edits, bills.detail.ts hides). */

/**
 * The field permissions that bind `userId` now: those of the change node where they hold the bill's pending task.
 * Null when they hold none there (every other reader sees the whole form).
 */
export function changeAccessOf(state: BillState, flow: FlowSnapshot, userId: number): Readonly<Record<string, FieldAccess>> | null {
  if (state.status !== 'doing' || pendingTaskOf(state, userId) === null) return null;
  const act = activeActivation(state);
  const node = act ? flow.nodes.find((n) => n.id === act.nodeId) : undefined;
  return node?.type === 'change' ? (node.fieldAccess ?? {}) : null;
}

/**
 * The form fields a change node's handler does not see (隐藏). The initiator sees their own bill whole, should the flow
 * make them a change node's handler.
 */
export function hiddenFieldKeys(state: BillState, flow: FlowSnapshot, schema: FormSchema, userId: number): Set<string> {
  const access = changeAccessOf(state, flow, userId);
  if (access === null || state.initiator?.userId === userId) return new Set();
  return new Set(schema.fields.filter((f) => fieldAccessAt(access, f) === 'hidden').map((f) => f.key));
}
