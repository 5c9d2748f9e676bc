import type { Db } from '../../db/index';
import { preparedQuery } from '../../db/prepared';

/** The SQL of 访问记录 (bills.access-log.ts): recording an open, and one bill's log, newest first. */

export interface BillOpen {
  billId: number;
  userId: number;
  deptName: string | null;
  openedAt: string;
  /** Minutes since 1970 of `openedAt`. */
  openedMinute: number;
  /** Opens after this instant by the same reader are the same visit. */
  sameVisitAfter: string;
  ip: string;
  userAgent: string;
}

/**
 * One statement, nothing written when the reader already has an entry for this bill after `sameVisitAfter`, or one
 * in the same minute that a concurrent transaction committed first (the unique key), or when the bill is gone (a
 * draft deleted since it was read: the row is copied from the bill's own). Built and compiled once (preparedQuery):
 * every open of a bill by someone else runs it, and Kysely's building cost more than the statement.
 */
const recordOpenQuery = preparedQuery(
  (
    db: Db,
    p: {
      billId: number;
      userId: number;
      deptName: string;
      openedAt: string;
      openedMinute: number;
      firstMinute: number;
      sameVisitAfter: string;
      ip: string;
      userAgent: string;
    },
  ) =>
    db
      .insertInto('bill_access_logs')
      .columns(['bill_id', 'user_id', 'dept_name', 'opened_at', 'opened_minute', 'ip', 'user_agent'])
      .expression((eb) =>
        eb
          .selectFrom('bills as b')
          .select([
            'b.id',
            eb.val(p.userId).as('user_id'),
            // No department is sent as '' (a prepared parameter is text or a number) and stored as null.
            eb.fn<string | null>('nullif', [eb.val(p.deptName), eb.val('')]).as('dept_name'),
            eb.val(p.openedAt).as('opened_at'),
            eb.val(p.openedMinute).as('opened_minute'),
            eb.val(p.ip).as('ip'),
            eb.val(p.userAgent).as('user_agent'),
          ])
          .where('b.id', '=', p.billId)
          .where(
            eb.not(
              eb.exists(
                eb
                  .selectFrom('bill_access_logs as l')
                  .select('l.id')
                  .where('l.bill_id', '=', p.billId)
                  .where('l.user_id', '=', p.userId)
                  // The range the unique key holds in order; opened_at then decides.
                  .where('l.opened_minute', '>=', p.firstMinute)
                  .where('l.opened_at', '>', p.sameVisitAfter),
              ),
            ),
          ),
      )
      .onConflict((oc) => oc.columns(['bill_id', 'user_id', 'opened_minute']).doNothing())
      .returning('id'),
);

/** Records an open (see recordOpenQuery); answers whether a row was written. */
export async function recordBillOpen(db: Db, open: BillOpen): Promise<boolean> {
  const rows = await recordOpenQuery(db, {
    billId: open.billId,
    userId: open.userId,
    deptName: open.deptName ?? '',
    openedAt: open.openedAt,
    openedMinute: open.openedMinute,
    firstMinute: open.openedMinute - 2,
    sameVisitAfter: open.sameVisitAfter,
    ip: open.ip,
    userAgent: open.userAgent,
  });
  return rows.length > 0;
}

export interface BillAccessLogRow {
  id: number;
  user_id: number;
  dept_name: string | null;
  opened_at: string;
  ip: string;
  user_agent: string;
}

/** One bill's opens, newest first (the `(bill_id, opened_at)` index), and how many there are. */
export async function listBillAccessLog(
  db: Db,
  billId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: BillAccessLogRow[]; total: number }> {
  const ofBill = db.selectFrom('bill_access_logs').where('bill_id', '=', billId);
  const [rows, count] = await Promise.all([
    ofBill
      .select(['id', 'user_id', 'dept_name', 'opened_at', 'ip', 'user_agent'])
      .orderBy('opened_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    ofBill.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
