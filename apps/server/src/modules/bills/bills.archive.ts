import { archiveComment, archiveNumber } from '@osp/shared';
import type { Db } from '../../db/index';
import type { BillState, Effect } from '../../flow/types';
import { nextArchiveSeq, setArchiveComments, setArchiveNo, type BillRow } from './bills.repo';

/** The calendar year of an instant in Asia/Shanghai (DESIGN §4). */
const shanghaiYear = (at: string) => new Date(new Date(at).getTime() + 8 * 3600_000).getUTCFullYear();

/**
 * 归档 (issue 13): the first time a bill passes an archive node it gets its archive number, in the event's
 * transaction; a later pass (after a back or a resubmit) keeps it. The engine's 归档 history entries of this event get
 * the number as their comment, so the history says what was filed under which number.
 *
 * Called last in the transaction, after the bill's rows are written (bills.transactions `runEngine`): taking a new
 * number locks the year's `archive_counters` row until the commit, so every other decision that files a bill waits for
 * this one from here on. Taken earlier, that wait covered the whole write of the bill and its notifications.
 */
export async function fileArchive(
  trx: Db,
  bill: Pick<BillRow, 'id' | 'archive_no'>,
  before: BillState,
  after: BillState,
  effects: readonly Effect[],
  at: string,
): Promise<void> {
  if (!effects.some((effect) => effect.kind === 'archive')) return;
  let archiveNo = bill.archive_no;
  if (archiveNo === null) {
    const year = shanghaiYear(at);
    archiveNo = archiveNumber(year, await nextArchiveSeq(trx, year));
    await setArchiveNo(trx, bill.id, archiveNo, at);
  }
  const comment = archiveComment(archiveNo);
  const filed = after.history.slice(before.history.length).filter((entry) => entry.action === 'archive');
  for (const entry of filed) entry.comment = comment;
  await setArchiveComments(
    trx,
    bill.id,
    filed.map((entry) => entry.seq),
    comment,
  );
}
