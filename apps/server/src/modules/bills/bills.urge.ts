import { BillIdZ, NoticeMessages } from '@osp/shared';
import type { AppContext, Caller } from '../../context';
import { nowIso } from '../../db/index';
import { ConflictError, ForbiddenError, TooManyError } from '../../http/errors';
import { parse } from '../../http/validate';
import { notify } from '../notifications/notifications.service';
import { canReadBill } from './bills.access';
import { billUnavailable } from './bills.policy';
import * as repo from './bills.repo';
import { mutate } from './bills.transactions';

/** An initiator urges a bill's handlers at most once in this long (issue 13). */
export const URGE_INTERVAL_MS = 3600_000;

/** HH:mm in Asia/Shanghai, the UI's zone (DESIGN §4), for the once-an-hour message. */
const shanghaiClock = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(11, 16);

export interface UrgeResult {
  bill_id: number;
  /** How many people were urged. */
  urged: number;
}

/**
 * PATCH /api/bills/{id}/urge (催办): the initiator of a bill in approval reminds its current handlers, at most once an
 * hour per bill. Each handler gets an urge notification; the urge is recorded in bill_urges. The bill row stays
 * locked while the rule is checked, so two urges at once cannot both pass it.
 */
export async function urgeBill(ctx: AppContext, caller: Caller, params: unknown): Promise<UrgeResult> {
  const { id } = parse(BillIdZ, params);
  return mutate(ctx, id, async (trx, bill) => {
    if (bill.initiator_id !== caller.userId) {
      if (!(await canReadBill(trx, caller, bill))) throw billUnavailable();
      throw new ForbiddenError(NoticeMessages.urgeNotInitiator);
    }
    if (bill.status !== 'doing') throw new ConflictError(NoticeMessages.urgeNotDoing);
    const handlers = (await repo.pendingHandlersOf(trx, id)).filter((userId) => userId !== caller.userId);
    if (handlers.length === 0) throw new ConflictError(NoticeMessages.urgeNobody);
    const at = nowIso();
    const last = await repo.lastUrgeAt(trx, id);
    if (last !== null) {
      const nextAllowed = new Date(last).getTime() + URGE_INTERVAL_MS;
      if (nextAllowed > new Date(at).getTime()) throw new TooManyError(NoticeMessages.urgeTooSoon(shanghaiClock(nextAllowed)));
    }
    await repo.insertUrge(trx, id, caller.userId, at, handlers.length);
    await notify(
      trx,
      handlers.map((userId) => ({ userId, kind: 'urge' as const, billId: id, actorId: caller.userId, at })),
    );
    return { bill_id: id, urged: handlers.length };
  });
}
