import { BILL_STATUS_LABELS, BillListQueryZ, onBehalfLabel, type BillListRow, type DashboardCounts, type Paged } from '@osp/shared';
import type { AppContext, Caller } from '../../context';
import { parse } from '../../http/validate';
import { countBills, dashboardCounts, findBillPage, type PageParams } from './bills-list.repo';

/** The boxes and the dashboard (issue 4); the statements and why they have their shape: bills-list.repo.ts. */

export async function listBills(ctx: AppContext, caller: Caller, query: unknown): Promise<Paged<BillListRow>> {
  const input = parse(BillListQueryZ, query);
  const params: PageParams = { me: caller.userId, limit: input.per_page, offset: (input.page - 1) * input.per_page };
  const rows = await findBillPage(ctx.db, input, params);
  const total = rows[0] !== undefined ? Number(rows[0].total) : input.page === 1 ? 0 : await countBills(ctx.db, input, params.me);
  const list: BillListRow[] = [];
  for (const r of rows) {
    // A bill's rows are adjacent, in task arrival order. A second one is another task of mine on it:
    // the bill is listed once, and my own task says more about it than one held for a colleague.
    const last = list.at(-1);
    if (last?.id === r.id) {
      // A later task of mine on the same bill (rows come in arrival order): the bill shows that one.
      if (r.received_at) last.received_at = r.received_at;
      last.on_behalf_of = r.behalf_name ? onBehalfLabel(r.behalf_name) : null;
      continue;
    }
    const row: BillListRow = {
      id: r.id,
      billID: r.id,
      title: r.title,
      template_id: r.template_id,
      template_name: r.template_name,
      status: r.status,
      status_text: BILL_STATUS_LABELS[r.status],
      initiator_id: r.initiator_id,
      initiator_name: r.initiator_name,
      dept_name: r.dept_name,
      current_node: r.current_node_name,
      created_at: r.created_at,
      updated_at: r.updated_at,
      released_at: r.released_at,
    };
    if (r.received_at) {
      row.received_at = r.received_at;
      row.on_behalf_of = r.behalf_name ? onBehalfLabel(r.behalf_name) : null;
    }
    list.push(row);
  }
  return { list, total, page: input.page, per_page: input.per_page };
}

/** GET /api/dashboard: my todo count, my bills in progress, my drafts, and how many bills I have handled. */
export async function dashboard(ctx: AppContext, caller: Caller): Promise<DashboardCounts> {
  return dashboardCounts(ctx.db, caller.userId);
}
