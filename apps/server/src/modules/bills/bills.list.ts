import {
  BILL_STATUS_LABELS,
  BillListQueryZ,
  onBehalfLabel,
  type BillListRow,
  type BillStatus,
  type DashboardCounts,
  type Paged,
} from '@osp/shared';
import type { AppContext, Caller } from '../../context';
import { parse } from '../../http/validate';

/**
 * The boxes (issue 4): todo — bills with a pending task of mine (index bill_tasks(acting_handler,
 * status, bill_id)); done — bills where I decided a task; mine — bills I started, drafts excluded (index
 * bills(initiator_id, status, updated_at)); draft — my drafts; tracked — bills I follow (bill_tracks,
 * primary key (user_id, bill_id)). Filters and the sort field are whitelisted
 * by BillListQueryZ; every query has a fixed shape apart from the optional filters.
 */

const DECIDED = ['agreed', 'rejected', 'returned', 'transferred'];

/** A date of the Asia/Shanghai calendar (the UI's zone, DESIGN §4) as the UTC instant it starts at. */
function dayStart(date: string, plusDays = 0): string {
  const start = new Date(`${date}T00:00:00+08:00`);
  start.setUTCDate(start.getUTCDate() + plusDays);
  return start.toISOString();
}

export async function listBills(ctx: AppContext, caller: Caller, query: unknown): Promise<Paged<BillListRow>> {
  const input = parse(BillListQueryZ, query);
  const me = caller.userId;
  let base = ctx.db
    .selectFrom('bills as b')
    .innerJoin('templates as tpl', 'tpl.id', 'b.template_id')
    .innerJoin('users as u', 'u.id', 'b.initiator_id')
    .leftJoin('depts as d', 'd.id', 'b.dept_id');
  switch (input.box) {
    case 'todo':
      base = base.where('b.id', 'in', (eb) =>
        eb.selectFrom('bill_tasks').select('bill_id').where('acting_handler', '=', me).where('status', '=', 'pending'),
      );
      break;
    case 'done':
      base = base.where('b.id', 'in', (eb) =>
        eb.selectFrom('bill_tasks').select('bill_id').where('acting_handler', '=', me).where('status', 'in', DECIDED),
      );
      break;
    case 'mine':
      base = base.where('b.initiator_id', '=', me).where('b.status', '<>', 'draft');
      break;
    case 'draft':
      base = base.where('b.initiator_id', '=', me).where('b.status', '=', 'draft');
      break;
    case 'tracked':
      base = base.where('b.id', 'in', (eb) => eb.selectFrom('bill_tracks').select('bill_id').where('user_id', '=', me));
      break;
  }
  if (input.template_id !== undefined) base = base.where('b.template_id', '=', input.template_id);
  if (input.status !== undefined) base = base.where('b.status', '=', input.status);
  if (input.keyword) {
    const keyword = input.keyword;
    const asId = /^\d{1,12}$/.test(keyword) ? Number(keyword) : null;
    base = base.where((eb) =>
      eb.or([
        eb('b.title', 'like', `%${keyword}%`),
        eb('tpl.name', 'like', `%${keyword}%`),
        ...(asId !== null ? [eb('b.id', '=', asId)] : []),
      ]),
    );
  }
  if (input.date_from) base = base.where('b.created_at', '>=', dayStart(input.date_from));
  if (input.date_to) base = base.where('b.created_at', '<', dayStart(input.date_to, 1));

  const sortColumn = `b.${input.sort}` as const;
  const rowsQuery = base
    .select([
      'b.id',
      'b.title',
      'b.template_id',
      'tpl.name as template_name',
      'b.status',
      'b.initiator_id',
      'u.name as initiator_name',
      'd.name as dept_name',
      'b.current_node_name',
      'b.created_at',
      'b.updated_at',
      'b.released_at',
    ])
    .orderBy(sortColumn, input.order)
    .orderBy('b.id', input.order)
    .limit(input.per_page)
    .offset((input.page - 1) * input.per_page);
  const [rows, total] = await Promise.all([
    rowsQuery.execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  // The todo box shows when each task arrived and on whose behalf it is: one look-up for the page.
  const tasks =
    input.box === 'todo' && rows.length > 0
      ? await ctx.db
          .selectFrom('bill_tasks as t')
          .leftJoin('users as behalf', 'behalf.id', 't.on_behalf_of')
          .select(['t.bill_id', 't.created_at', 'behalf.name as behalf_name'])
          .where('t.acting_handler', '=', me)
          .where('t.status', '=', 'pending')
          .where(
            't.bill_id',
            'in',
            rows.map((r) => r.id),
          )
          .execute()
      : [];
  const taskOf = new Map(tasks.map((t) => [t.bill_id, t]));
  return {
    list: rows.map((r) => {
      const row: BillListRow = {
        id: r.id,
        billID: r.id,
        title: r.title,
        template_id: r.template_id,
        template_name: r.template_name,
        status: r.status as BillStatus,
        status_text: BILL_STATUS_LABELS[r.status as BillStatus],
        initiator_id: r.initiator_id,
        initiator_name: r.initiator_name,
        dept_name: r.dept_name,
        current_node: r.current_node_name,
        created_at: r.created_at,
        updated_at: r.updated_at,
        released_at: r.released_at,
      };
      const task = taskOf.get(r.id);
      if (task) {
        row.received_at = task.created_at;
        row.on_behalf_of = task.behalf_name === null ? null : onBehalfLabel(task.behalf_name);
      }
      return row;
    }),
    total: Number(total.n),
    page: input.page,
    per_page: input.per_page,
  };
}

/** GET /api/dashboard: my todo count, my bills in progress, my drafts, and how many bills I have handled. */
export async function dashboard(ctx: AppContext, caller: Caller): Promise<DashboardCounts> {
  const me = caller.userId;
  const count = (rows: { n: number | string } | undefined) => Number(rows?.n ?? 0);
  const [todo, mine, done] = await Promise.all([
    ctx.db
      .selectFrom('bill_tasks')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('acting_handler', '=', me)
      .where('status', '=', 'pending')
      .executeTakeFirst(),
    ctx.db
      .selectFrom('bills')
      .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('initiator_id', '=', me)
      .where('status', 'in', ['doing', 'draft'])
      .groupBy('status')
      .execute(),
    ctx.db
      .selectFrom('bill_tasks')
      .select((eb) => eb.fn.count<number | string>('bill_id').distinct().as('n'))
      .where('acting_handler', '=', me)
      .where('status', 'in', DECIDED)
      .executeTakeFirst(),
  ]);
  return {
    todo: count(todo),
    doing: count(mine.find((r) => r.status === 'doing')),
    draft: count(mine.find((r) => r.status === 'draft')),
    done: count(done),
  };
}
