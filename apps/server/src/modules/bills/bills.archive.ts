import { archiveComment, archiveNumber } from '@osp/shared';
import type { Db } from '../../db/index';
import type { BillState, Effect } from '../../flow/types';
import type { BillColumns } from './bills-state.repo';
import { nextArchiveSeq, type BillRow } from './bills.repo';

/** The calendar year of an instant in Asia/Shanghai (DESIGN §4). */
const shanghaiYear = (at: string) => new Date(new Date(at).getTime() + 8 * 3600_000).getUTCFullYear();

/**
 * 归档 (issue 13): the first time a bill passes an archive node it gets its archive number, in the event's
 * transaction; a later pass (after a back or a resubmit) keeps it. The engine's 归档 history entries of this event get
 * the number as their comment, so the history says what was filed under which number.
 */
export async function fileArchive(
  trx: Db,
  bill: Pick<BillRow, 'archive_no'>,
  before: BillState,
  after: BillState,
  effects: readonly Effect[],
  at: string,
): Promise<Pick<BillColumns, 'archive_no' | 'archived_at'>> {
  if (!effects.some((effect) => effect.kind === 'archive')) return {};
  let archiveNo = bill.archive_no;
  if (archiveNo === null) {
    const year = shanghaiYear(at);
    archiveNo = archiveNumber(year, await nextArchiveSeq(trx, year));
  }
  for (const entry of after.history.slice(before.history.length)) {
    if (entry.action === 'archive') entry.comment = archiveComment(archiveNo);
  }
  return bill.archive_no === null ? { archive_no: archiveNo, archived_at: at } : {};
}
