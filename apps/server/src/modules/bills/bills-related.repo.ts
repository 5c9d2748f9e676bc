import type { Db } from '../../db/index';
import { containsText } from '../../db/like';

/** bill_links (migration 0018): the only code that reads or writes a bill's 关联审批. */

function billSummaries(db: Db) {
  return db
    .selectFrom('bills as b')
    .innerJoin('templates as t', 't.id', 'b.template_id')
    .innerJoin('users as u', 'u.id', 'b.initiator_id')
    .select(['b.id', 'b.title', 't.name as template_name', 'b.status', 'b.initiator_id', 'b.created_at', 'u.name as initiator_name']);
}

export type BillSummaryRow = Awaited<ReturnType<typeof linksOf>>[number];

/** The bills `billId` links to, in the order they were linked. */
export function linksOf(db: Db, billId: number) {
  return billSummaries(db)
    .innerJoin('bill_links as l', 'l.related_id', 'b.id')
    .where('l.bill_id', '=', billId)
    .orderBy('l.created_at')
    .orderBy('b.id')
    .execute();
}

/** The bills that link to `billId`, newest link first. */
export function linkedFrom(db: Db, billId: number) {
  return billSummaries(db)
    .innerJoin('bill_links as l', 'l.bill_id', 'b.id')
    .where('l.related_id', '=', billId)
    .orderBy('l.created_at', 'desc')
    .orderBy('b.id', 'desc')
    .execute();
}

/** A user's own submitted bills (no drafts, none voided) that `excludeBillId` could link, newest first. */
function candidates(db: Db, userId: number, keyword: string | undefined, excludeBillId: number | undefined) {
  return billSummaries(db)
    .where('b.initiator_id', '=', userId)
    .where('b.status', 'not in', ['draft', 'abandoned'])
    .$if(excludeBillId !== undefined, (qb) =>
      qb.where('b.id', '!=', excludeBillId ?? 0).where(
        'b.id',
        'not in',
        db
          .selectFrom('bill_links')
          .select('related_id')
          .where('bill_id', '=', excludeBillId ?? 0),
      ),
    )
    .$if(Boolean(keyword), (qb) => {
      const word = keyword ?? '';
      const asId = /^\d{1,12}$/.test(word) ? Number(word) : null;
      return qb.where((eb) =>
        eb.or([
          containsText(eb.ref('b.title'), word),
          containsText(eb.ref('t.name'), word),
          ...(asId !== null ? [eb('b.id', '=', asId)] : []),
        ]),
      );
    });
}

export function candidatePage(
  db: Db,
  userId: number,
  keyword: string | undefined,
  excludeBillId: number | undefined,
  limit: number,
  offset: number,
) {
  return candidates(db, userId, keyword, excludeBillId).orderBy('b.id', 'desc').limit(limit).offset(offset).execute();
}

export async function candidateCount(
  db: Db,
  userId: number,
  keyword: string | undefined,
  excludeBillId: number | undefined,
): Promise<number> {
  const row = await candidates(db, userId, keyword, excludeBillId)
    .clearSelect()
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Of these ids, the bills `userId` may link: their own, submitted and not voided. */
export async function linkableIds(db: Db, userId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('bills')
    .select('id')
    .where('id', 'in', [...ids])
    .where('initiator_id', '=', userId)
    .where('status', 'not in', ['draft', 'abandoned'])
    .execute();
  return new Set(rows.map((r) => r.id));
}

export async function linkCount(db: Db, billId: number): Promise<number> {
  const row = await db
    .selectFrom('bill_links')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('bill_id', '=', billId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Adds links; one already there is left as it was. */
export async function addLinks(db: Db, billId: number, relatedIds: readonly number[], linkedBy: number, at: string): Promise<void> {
  if (relatedIds.length === 0) return;
  await db
    .insertInto('bill_links')
    .values(relatedIds.map((relatedId) => ({ bill_id: billId, related_id: relatedId, linked_by: linkedBy, created_at: at })))
    .onConflict((oc) => oc.columns(['bill_id', 'related_id']).doNothing())
    .execute();
}

export async function removeLink(db: Db, billId: number, relatedId: number): Promise<boolean> {
  const result = await db.deleteFrom('bill_links').where('bill_id', '=', billId).where('related_id', '=', relatedId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
