import {
  amountField,
  amountValue,
  BILL_STATUS_LABELS,
  BillListQueryZ,
  onBehalfLabel,
  type BillListQuery,
  type BillListRow,
  type DashboardCounts,
  type Paged,
} from '@osp/shared';
import type { AppContext, Caller } from '../../context';
import { parse } from '../../http/validate';
import { loadVersion } from '../templates/templates.versions';
import { ok } from '../../http/envelope';
import { billBoxCache } from './bills.box-cache';
import { countBills, dashboardCounts, findBillChunk, findBillIds, findBillPage, hasFilters, type PageParams } from './bills-list.repo';

/** The boxes and the dashboard (issue 4); the statements and why they have their shape: bills-list.repo.ts. */

/**
 * GET /api/bills as the JSON answered. The unfiltered todo box is kept per person until their box stamp moves
 * (bills.box-cache.ts); the input parsed whole is its key, so every page, size and order is an answer of its own.
 */
export async function listBillsJson(ctx: AppContext, caller: Caller, query: unknown): Promise<Buffer> {
  const input = parse(BillListQueryZ, query);
  const compute = async () => Buffer.from(JSON.stringify(ok(await listPage(ctx, caller, input))));
  if (input.box !== 'todo' || hasFilters(input)) return compute();
  return billBoxCache(ctx).answer(ctx, caller.userId, `list:${JSON.stringify(input)}`, compute);
}

async function listPage(ctx: AppContext, caller: Caller, input: BillListQuery): Promise<Paged<BillListRow>> {
  const params: PageParams = { me: caller.userId, limit: input.per_page, offset: (input.page - 1) * input.per_page };
  const rows = await findBillPage(ctx.db, input, params);
  const total = rows[0] !== undefined ? Number(rows[0].total) : input.page === 1 ? 0 : await countBills(ctx.db, input, params.me);
  return { list: toListRows(rows), total, page: input.page, per_page: input.per_page };
}

type PageRow = Awaited<ReturnType<typeof findBillPage>>[number];

/** A page's rows as the list shows its bills. */
function toListRows(rows: readonly PageRow[]): BillListRow[] {
  const list: BillListRow[] = [];
  for (const r of rows) {
    // A bill's rows are adjacent, in task arrival order. A second one is another task of mine on it:
    // the bill is listed once, and my own task says more about it than one held for a colleague.
    const last = list.at(-1);
    if (last?.id === r.id) takeLaterTask(last, r);
    else list.push(fillListRow({} as BillListRow, r));
  }
  return list;
}

/** Sets every field of `row` to the bill of the page row `r`: a refilled row keeps nothing of the bill before. */
function fillListRow(row: BillListRow, r: PageRow): BillListRow {
  row.id = r.id;
  row.billID = r.id;
  row.title = r.title;
  row.template_id = r.template_id;
  row.template_name = r.template_name;
  row.status = r.status;
  row.status_text = BILL_STATUS_LABELS[r.status];
  row.initiator_id = r.initiator_id;
  row.initiator_name = r.initiator_name;
  row.dept_name = r.dept_name;
  row.current_node = r.current_node_name;
  row.created_at = r.created_at;
  row.updated_at = r.updated_at;
  row.released_at = r.released_at;
  row.share = r.shared_at
    ? { shared_by_name: r.shared_by_name ?? '', shared_at: r.shared_at, read_at: r.share_read_at ?? null }
    : undefined;
  row.received_at = r.received_at ?? undefined;
  row.on_behalf_of = r.received_at ? (r.behalf_name ? onBehalfLabel(r.behalf_name) : null) : undefined;
  return row;
}

/** A later task of mine on the same bill (rows come in arrival order): the bill shows that one. */
function takeLaterTask(row: BillListRow, r: PageRow): void {
  if (r.received_at) row.received_at = r.received_at;
  row.on_behalf_of = r.behalf_name ? onBehalfLabel(r.behalf_name) : null;
}

/** GET /api/dashboard: my todo count, my bills in progress, my drafts, and how many bills I have handled. */
export async function dashboard(ctx: AppContext, caller: Caller): Promise<DashboardCounts> {
  return dashboardCounts(ctx.db, caller.userId);
}

/** GET /api/dashboard as the JSON answered, kept per person until their box stamp moves (bills.box-cache.ts). */
export function dashboardJson(ctx: AppContext, caller: Caller): Promise<Buffer> {
  return billBoxCache(ctx).answer(ctx, caller.userId, 'dashboard', async () =>
    Buffer.from(JSON.stringify(ok(await dashboard(ctx, caller)))),
  );
}

/** One bill of an export: its row as the list shows it, and its amount (null when its form has no 金额). */
export interface BillExportRow extends BillListRow {
  amount: number | null;
}

/**
 * The ids of the caller's box, filtered and in the order GET /api/bills lists it, at most `limit` of them
 * (GET /api/export/bills, issue 13): the box as it stands when the export begins.
 */
export function billIdsInListOrder(ctx: AppContext, caller: Caller, input: BillListQuery, limit: number): Promise<number[]> {
  return findBillIds(ctx.db, input, caller.userId, limit);
}

/**
 * The list's rows of these bills of the caller's box (billIdsInListOrder), `chunkSize` at a time, with each bill's
 * amount: the list's own statement and rows, so memory holds one chunk whatever the box holds. A bill that has left
 * the box since (untracked, decided, deleted) is left out; every row is the bill as it is when its chunk is read.
 * A chunk may be iterated more than once (the sheet's widths, then its rows); see ExportChunk for what a row is.
 */
export async function* billsInListOrder(
  ctx: AppContext,
  caller: Caller,
  input: BillListQuery,
  ids: readonly number[],
  chunkSize: number,
): AsyncGenerator<ExportChunk, void, undefined> {
  // The field each template version's amount is read from; versions are few and immutable.
  const amountKeys = new Map<number, string | null>();
  for (let start = 0; start < ids.length; start += chunkSize) {
    const rows = await findBillChunk(ctx.db, input, caller.userId, ids.slice(start, start + chunkSize));
    for (const r of rows) {
      const versionId = r.form_version_id;
      if (versionId !== null && versionId !== undefined && !amountKeys.has(versionId)) {
        amountKeys.set(versionId, amountField((await loadVersion(ctx.db, versionId, ctx.db)).formSchema)?.key ?? null);
      }
    }
    yield { [Symbol.iterator]: () => exportRowsOf(rows, amountKeys) };
  }
}

/**
 * A chunk of an export's bills. Each bill is the same object refilled, valid until the next one is taken: read it,
 * never keep it. A fresh object per bill, dropped at once, is what V8 allocated straight into its old generation for
 * the length of an export (half of the heap's growth; docs/performance.md "Export memory").
 */
export type ExportChunk = Iterable<BillExportRow>;

function* exportRowsOf(
  rows: readonly PageRow[],
  amountKeys: ReadonlyMap<number, string | null>,
): Generator<BillExportRow, void, undefined> {
  const row = {} as BillExportRow;
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    if (r === undefined) continue;
    // A bill's rows are adjacent (toListRows): the later ones are further tasks of mine on it.
    if (i > 0 && row.id === r.id) {
      takeLaterTask(row, r);
      continue;
    }
    if (i > 0) yield row;
    fillListRow(row, r);
    const key = r.form_version_id ? amountKeys.get(r.form_version_id) : null;
    // A form_json that is not JSON is a damaged row: the export stops there rather than write a wrong file.
    row.amount = key && r.form_json ? amountValue((JSON.parse(r.form_json) as Record<string, unknown>)[key]) : null;
  }
  if (rows.length > 0) yield row;
}
