import {
  BILL_OPEN_DEDUP_SECONDS,
  BILL_OPEN_USER_AGENT_MAX,
  BillAccessLogMessages,
  BillAccessLogQueryZ,
  type BillAccessLogEntry,
  type BillDetail,
  type Paged,
} from '@osp/shared';
import type { AppContext, Caller } from '../../context';
import { ForbiddenError } from '../../http/errors';
import { parse } from '../../http/validate';
import { userCards } from '../directory/directory.service';
import type { ClientInfo } from '../security-log/security-log.service';
import { canReadBill } from './bills.access';
import { getBill } from './bills.detail';
import { billUnavailable, canReadAccessLog } from './bills.policy';
import { findBill } from './bills.repo';
import * as repo from './bills-access-log.repo';

/**
 * 访问记录 (issue 13): who opened a bill, when, from which address (docs/approval-api.md, "Access log").
 *
 * An open is a GET /api/bills/{id} that answered the bill, by anyone but its initiator: the detail is read and
 * authorised first, so a refused or unknown id records nothing. The open is recorded before the answer is sent, with
 * the same database; should that write fail, the request fails as the read would have (the log never misses an open
 * that was answered). Repeats within BILL_OPEN_DEDUP_SECONDS are one entry, decided by the insert itself.
 */

const MINUTE_MS = 60_000;

/** GET /api/bills/{id}: the bill as its reader sees it, and this reader's open recorded. */
export async function openBill(ctx: AppContext, caller: Caller, params: unknown, client: ClientInfo): Promise<BillDetail> {
  const detail = await getBill(ctx, caller, params);
  // The initiator's own opens tell nobody anything, and they are most of all opens (我发起的).
  if (detail.initiator.id !== caller.userId) await recordOpen(ctx, caller, detail.id, client);
  return detail;
}

async function recordOpen(ctx: AppContext, caller: Caller, billId: number, client: ClientInfo): Promise<void> {
  const now = Date.now();
  await repo.recordBillOpen(ctx.db, {
    billId,
    userId: caller.userId,
    deptName: caller.user.dept_name,
    openedAt: new Date(now).toISOString(),
    openedMinute: Math.floor(now / MINUTE_MS),
    sameVisitAfter: new Date(now - BILL_OPEN_DEDUP_SECONDS * 1000).toISOString(),
    ip: client.ip.slice(0, 64),
    userAgent: client.userAgent.slice(0, BILL_OPEN_USER_AGENT_MAX),
  });
}

/**
 * GET /api/bills/access/log?bill_id&page&per_page: one bill's opens, newest first, for its initiator and bill
 * administrators. Another reader of the bill is told who may (403); anyone else, and an id that is no bill, get the
 * answer of every bill endpoint for a bill they may not see (403 单据不存在或您无权查看, docs/security.md).
 */
export async function findBillAccessLog(ctx: AppContext, caller: Caller, query: unknown): Promise<Paged<BillAccessLogEntry>> {
  const input = parse(BillAccessLogQueryZ, query);
  const bill = await findBill(ctx.db, input.bill_id);
  if (!bill) throw billUnavailable();
  if (!canReadAccessLog(caller, bill)) {
    if (await canReadBill(ctx.db, caller, bill)) throw new ForbiddenError(BillAccessLogMessages.forbidden);
    throw billUnavailable();
  }
  const { rows, total } = await repo.listBillAccessLog(ctx.db, bill.id, {
    limit: input.per_page,
    offset: (input.page - 1) * input.per_page,
  });
  const cards = await userCards(
    ctx.db,
    rows.map((row) => row.user_id),
  );
  return {
    list: rows.map((row) => ({
      id: row.id,
      user_id: row.user_id,
      user_name: cards.get(row.user_id)?.name ?? `#${row.user_id}`,
      dept_name: row.dept_name,
      opened_at: row.opened_at,
      ip: row.ip,
      user_agent: row.user_agent,
    })),
    total,
    page: input.page,
    per_page: input.per_page,
  };
}
