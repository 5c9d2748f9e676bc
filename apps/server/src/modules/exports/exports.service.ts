import { finished, PassThrough, type Readable } from 'node:stream';
import {
  BILL_BOX_TITLES,
  BILL_EXPORT_COLUMN_LABELS,
  BILL_EXPORT_MAX_ROWS,
  BillExportMessages,
  BillExportQueryZ,
  BillListQueryZ,
  billExportColumns,
  SHARE_READ_LABELS,
  billExportFilename,
  StatusCode,
  type BillExportColumn,
} from '@osp/shared';
import type { AppContext, Caller } from '../../context';
import { AppError, TooManyError } from '../../http/errors';
import { parse } from '../../http/validate';
import { collectGarbageSoon } from '../../lib/gc';
import { billIdsInListOrder, billsInListOrder, type BillExportRow } from '../bills/bills.list';
import { streamSheet, type SheetColumn } from './exports.sheet';

/**
 * GET /api/export/bills (issue 13, docs/approval-api.md "Export"): the caller's box of the approval lists as an xlsx,
 * with the list's filters and order, read and written a chunk at a time. The bills come from the bills module's
 * list (the same statements as GET /api/bills, scoped to the caller), never from its tables: first the ids of the box
 * in order (one sort; at most BILL_EXPORT_MAX_ROWS + 1 numbers), then their rows a chunk of ids at a time.
 */

/** Bills read per statement (a look-up by id each): few statements, and a chunk small enough to hold. */
const CHUNK_BILLS = 1000;
/**
 * Exports running at once in this process, per person and in all: each holds a chunk and a database statement at a
 * time, and a person who clicks again or opens a second tab gets a clear answer rather than a second copy.
 */
const MAX_PER_PERSON = 2;
const MAX_RUNNING = 6;

const running = new Map<number, number>();
let runningTotal = 0;

/** Takes a place for the caller's export, or refuses with 429; the function returned gives it back (once). */
function claimPlace(userId: number): () => void {
  const mine = running.get(userId) ?? 0;
  if (mine >= MAX_PER_PERSON) throw new TooManyError(BillExportMessages.busyUser);
  if (runningTotal >= MAX_RUNNING) throw new TooManyError(BillExportMessages.busyServer);
  running.set(userId, mine + 1);
  runningTotal += 1;
  let isReleased = false;
  return () => {
    if (isReleased) return;
    isReleased = true;
    runningTotal -= 1;
    const left = (running.get(userId) ?? 1) - 1;
    if (left > 0) running.set(userId, left);
    else running.delete(userId);
  };
}

const text = (value: (row: BillExportRow) => string | null | undefined): Pick<SheetColumn<BillExportRow>, 'kind' | 'value'> => ({
  kind: 'text',
  value: (row) => value(row) ?? null,
});
const time = (value: (row: BillExportRow) => string | null | undefined): Pick<SheetColumn<BillExportRow>, 'kind' | 'value'> => ({
  kind: 'time',
  value: (row) => value(row) ?? null,
});

/** Each column's cells: labels as the list shows them (status text, 代 X 审批), amounts and numbers as numbers. */
const CELLS: Record<BillExportColumn, Pick<SheetColumn<BillExportRow>, 'kind' | 'value'>> = {
  id: { kind: 'number', value: (row) => row.id },
  title: text((row) => row.title),
  template: text((row) => row.template_name),
  initiator: text((row) => row.initiator_name),
  dept: text((row) => row.dept_name),
  status: text((row) => row.status_text),
  node: text((row) => row.current_node),
  amount: { kind: 'money', value: (row) => row.amount },
  received_at: time((row) => row.received_at),
  on_behalf_of: text((row) => row.on_behalf_of),
  shared_by: text((row) => row.share?.shared_by_name),
  shared_at: time((row) => row.share?.shared_at),
  read_state: text((row) => (row.share ? SHARE_READ_LABELS[row.share.read_at === null ? 'unread' : 'read'] : null)),
  created_at: time((row) => row.created_at),
  released_at: time((row) => row.released_at),
  updated_at: time((row) => row.updated_at),
};

/** The day of the export on the company's clock (Asia/Shanghai, DESIGN §4), as YYYYMMDD. */
function companyDay(now: number): string {
  return new Date(now + 8 * 3600_000).toISOString().slice(0, 10).replaceAll('-', '');
}

export interface BillExportFile {
  filename: string;
  /** The xlsx, produced as it is read. */
  body: Readable;
}

/**
 * Checks the request and the box's size (its ids), reads the first chunk (so that a refusal or a database failure
 * is still an envelope), then answers the file whose rows follow as they are read. Refusals: 422 for a bad filter or
 * a box over BILL_EXPORT_MAX_ROWS, 429 while too many exports run.
 */
export async function exportBills(ctx: AppContext, caller: Caller, query: unknown): Promise<BillExportFile> {
  const input = parse(BillListQueryZ, query);
  parse(BillExportQueryZ, query);
  const release = claimPlace(caller.userId);
  try {
    const ids = await billIdsInListOrder(ctx, caller, input, BILL_EXPORT_MAX_ROWS + 1);
    if (ids.length > BILL_EXPORT_MAX_ROWS) throw new AppError(StatusCode.invalid, BillExportMessages.tooMany);
    const chunks = billsInListOrder(ctx, caller, input, ids, CHUNK_BILLS);
    const first = await chunks.next();
    const body = new PassThrough();
    const readerGone = new AbortController();
    // The file was read to its end, or the reader went away, or the writing failed: the place is free again, and
    // the export's garbage is collected now rather than still held during the next one (lib/gc.ts).
    finished(body, () => {
      readerGone.abort();
      release();
      collectGarbageSoon();
    });
    const columns = billExportColumns(input.box).map((key) => ({ header: BILL_EXPORT_COLUMN_LABELS[key], ...CELLS[key] }));
    streamSheet({
      output: body,
      sheetName: BILL_BOX_TITLES[input.box],
      columns,
      first: first.done ? [] : first.value,
      rest: chunks,
      signal: readerGone.signal,
    }).catch((error: unknown) => {
      if (!readerGone.signal.aborted) ctx.log.error({ err: error, user: caller.username }, 'bill export failed after its answer began');
      // The reader sees a cut download, never a file that looks whole.
      body.destroy(error instanceof Error ? error : new Error(String(error)));
    });
    return { filename: billExportFilename(input.box, companyDay(Date.now())), body };
  } catch (error) {
    release();
    throw error;
  }
}
