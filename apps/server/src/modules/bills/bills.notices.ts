import { RESULT_STATUSES, trackedDetail } from '@osp/shared';
import type { Db } from '../../db/index';
import type { BillState, Effect, FlowEvent } from '../../flow/types';
import { notify, type Notice } from '../notifications/notifications.service';
import { trackersOf } from './bills.repo';

/**
 * What an engine event tells people (docs/notifications.md), written in the event's transaction: a new task to its
 * handler, a finished bill's result to its initiator, a move of a followed bill to its followers. Nobody is told of
 * their own doing.
 */
export async function tellEventNotices(
  trx: Db,
  billId: number,
  before: { state: BillState; nodeName: string | null },
  after: { state: BillState; nodeName: string | null },
  effects: readonly Effect[],
  event: FlowEvent,
): Promise<void> {
  const actorId = event.type === 'release' ? event.initiator.userId : event.actor;
  const at = event.at;
  const notices: Notice[] = [];
  for (const effect of effects) {
    if (effect.kind === 'task_assigned') notices.push({ userId: effect.userId, kind: 'task', billId, actorId, detail: after.nodeName, at });
  }
  const statusChanged = before.state.status !== after.state.status;
  const initiatorId = after.state.initiator?.userId ?? null;
  const told = new Set<number>();
  if (statusChanged && initiatorId !== null && RESULT_STATUSES.includes(after.state.status)) {
    notices.push({ userId: initiatorId, kind: 'result', billId, actorId, detail: after.state.status, at });
    told.add(initiatorId);
  }
  if (statusChanged || before.nodeName !== after.nodeName) {
    const detail = trackedDetail(after.state.status, after.nodeName);
    for (const userId of await trackersOf(trx, billId)) {
      if (!told.has(userId)) notices.push({ userId, kind: 'tracked', billId, actorId, detail, at });
    }
  }
  await notify(trx, notices);
}
