import type { Db } from '../../db/index';

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
 * draft deleted since it was read: the row is copied from the bill's own). Answers whether a row was written.
 */
export async function recordBillOpen(db: Db, open: BillOpen): Promise<boolean> {
  const result = await db
    .insertInto('bill_access_logs')
    .columns(['bill_id', 'user_id', 'dept_name', 'opened_at', 'opened_minute', 'ip', 'user_agent'])
    .expression((eb) =>
      eb
        .selectFrom('bills as b')
        .select([
          'b.id',
          eb.val(open.userId).as('user_id'),
          eb.val(open.deptName).as('dept_name'),
          eb.val(open.openedAt).as('opened_at'),
          eb.val(open.openedMinute).as('opened_minute'),
          eb.val(open.ip).as('ip'),
          eb.val(open.userAgent).as('user_agent'),
        ])
        .where('b.id', '=', open.billId)
        .where(
          eb.not(
            eb.exists(
              eb
                .selectFrom('bill_access_logs as l')
                .select('l.id')
                .where('l.bill_id', '=', open.billId)
                .where('l.user_id', '=', open.userId)
                // The range the unique key holds in order; opened_at then decides.
                .where('l.opened_minute', '>=', open.openedMinute - 2)
                .where('l.opened_at', '>', open.sameVisitAfter),
            ),
          ),
        ),
    )
    .onConflict((oc) => oc.columns(['bill_id', 'user_id', 'opened_minute']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
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
