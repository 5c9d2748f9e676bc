import type { Db } from '../../db/index';

/**
 * The SQL of moving a person's work to someone else (bills.reassign.ts): which bills hold their open tasks, how
 * many, and their drafts. Every function takes `db` or a transaction.
 */

const OPEN = ['pending', 'waiting'] as const;

/** Bills in progress on which `userId` holds an open task, in id order (the order they are locked in), optionally of some templates. */
export async function billsWithOpenTasks(db: Db, userId: number, templateIds: readonly number[]): Promise<number[]> {
  let query = db
    .selectFrom('bill_tasks as t')
    .innerJoin('bills as b', 'b.id', 't.bill_id')
    .select('b.id')
    .distinct()
    .where('t.acting_handler', '=', userId)
    .where('t.status', 'in', OPEN)
    .where('b.status', '=', 'doing')
    .orderBy('b.id');
  if (templateIds.length > 0) query = query.where('b.template_id', 'in', [...templateIds]);
  return (await query.execute()).map((r) => r.id);
}

/** How many open tasks `userId` holds on bills in progress, and on how many bills. */
export async function openTaskCounts(db: Db, userId: number): Promise<{ tasks: number; bills: number }> {
  const row = await db
    .selectFrom('bill_tasks as t')
    .innerJoin('bills as b', 'b.id', 't.bill_id')
    .select((eb) => [eb.fn.countAll<number | string>().as('tasks'), eb.fn.count<number | string>('t.bill_id').distinct().as('bills')])
    .where('t.acting_handler', '=', userId)
    .where('t.status', 'in', OPEN)
    .where('b.status', '=', 'doing')
    .executeTakeFirstOrThrow();
  return { tasks: Number(row.tasks), bills: Number(row.bills) };
}

export async function draftCount(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('bills')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('initiator_id', '=', userId)
    .where('status', '=', 'draft')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Gives `from`'s drafts to `to`: they become the initiator, with their department, as a release would record it.
 * The version is bumped so that an editor still open on the old owner's screen is refused (409) rather than
 * writing over the new owner's work; the double-submit key goes, since it was the old owner's.
 */
export async function moveDrafts(db: Db, from: number, to: number, toDeptId: number | null, at: string): Promise<number> {
  const result = await db
    .updateTable('bills')
    .set((eb) => ({ initiator_id: to, dept_id: toDeptId, client_key: null, updated_at: at, version: eb('version', '+', 1) }))
    .where('initiator_id', '=', from)
    .where('status', '=', 'draft')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
