import { defaultBillSort, type BillListQuery, type BillSortField } from '@osp/shared';
import { sql } from 'kysely';
import { engineOf, type Db } from '../../db/index';
import type { TaskStatus } from '../../flow/types';
import { preparedQuery } from '../../db/prepared';
import { containsText } from '../../db/like';

/**
 * The boxes (issue 4): todo — bills with a pending task of mine (index bill_tasks(acting_handler,
 * status, bill_id)); done — bills where I decided a task; mine — bills I started, drafts excluded (index
 * bills(initiator_id, status, updated_at)); draft — my drafts; tracked — bills I follow (bill_tracks,
 * primary key (user_id, bill_id)); shared — bills shared with me that I have not taken out of the box (bill_shares,
 * index (user_id, ignored_at, bill_id)). Filters and the sort field are whitelisted by BillListQueryZ.
 *
 * A page is one statement. It picks the page's bill ids first (a CTE that touches only `bills` and the
 * box's index), then joins the names for those ids alone, so the joins cost twenty look-ups whatever the
 * box holds; the total is a scalar sub-select on the same row. Without filters the statement has a fixed
 * shape and runs prepared (db/prepared.ts), and a task box's total is counted from bill_tasks' covering
 * index alone. Three refinements for the todo page (issue 13): the web app's page sizes are literal limits, SQLite's
 * unfiltered todo box by arrival needs no CTE (arrivalPage), and PostgreSQL writes the timestamps as ISO text itself
 * (isoText). See docs/performance.md for the measurements behind this shape.
 */

const DECIDED: TaskStatus[] = ['agreed', 'rejected', 'returned', 'transferred'];

/** A date of the Asia/Shanghai calendar (the UI's zone, DESIGN §4) as the UTC instant it starts at. */
function dayStart(date: string, plusDays = 0): string {
  const start = new Date(`${date}T00:00:00+08:00`);
  start.setUTCDate(start.getUTCDate() + plusDays);
  return start.toISOString();
}

type ListInput = BillListQuery;
export interface PageParams extends Record<string, string | number> {
  me: number;
  limit: number;
  offset: number;
}

/**
 * Page sizes written into the page statement as a literal `limit`. SQLite runs the todo page with `limit 20` in about
 * two thirds of the time it takes with `limit ?` (the same plan; docs/performance.md, issue 13). Only the sizes the
 * web app and API clients use, so the prepared statements stay few: on PostgreSQL each one is a named statement on
 * every connection, and any other size runs with a bound limit as before.
 */
const LITERAL_PAGE_SIZES: ReadonlySet<number> = new Set([10, 15, 20, 30, 50, 100]);

function literalLimit(limit: number): number | undefined {
  return LITERAL_PAGE_SIZES.has(limit) ? limit : undefined;
}

/** The page statement's limit: the literal (one of LITERAL_PAGE_SIZES, validated) or the bound parameter. */
function limitOf(params: PageParams, literal: number | undefined) {
  return literal !== undefined ? sql.lit(literal) : params.limit;
}

/**
 * A timestamp column as ISO text (`2026-11-25T10:51:49.894Z`). SQLite stores it so. On PostgreSQL the database writes
 * the text that db/index.ts's timestamptz parser would make of it (`new Date(text).toISOString()`: milliseconds,
 * truncated, UTC): parsing the four timestamps of each row in JavaScript was about half of the server's CPU for the
 * todo page's statement there (docs/performance.md, issue 13).
 */
function isoText<T extends string | null>(db: Db, column: string) {
  return engineOf(db) === 'postgres'
    ? sql<T>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
    : sql<T>`${sql.ref(column)}`;
}

export function hasFilters(input: ListInput): boolean {
  return (
    input.template_id !== undefined ||
    input.status !== undefined ||
    Boolean(input.keyword) ||
    Boolean(input.date_from) ||
    Boolean(input.date_to) ||
    input.share_state !== undefined
  );
}

/**
 * The bills of the box, filtered: `bills as b` (joined with templates only when the keyword needs its name).
 * `only` (an export's chunk, findBillChunk): these bills, each looked up in the box by its id, where the whole box's
 * list of ids would be built again for every chunk.
 */
function boxScope(db: Db, input: ListInput, me: number, only?: readonly number[]) {
  let scope = db.selectFrom('bills as b');
  if (only) scope = scope.where('b.id', 'in', only);
  const isProbe = only !== undefined;
  switch (input.box) {
    case 'todo':
      scope = scope.where('b.id', 'in', (eb) =>
        eb
          .selectFrom('bill_tasks')
          .select('bill_id')
          .where('acting_handler', '=', me)
          .where('status', '=', 'pending')
          .$if(isProbe, (qb) => qb.whereRef('bill_id', '=', 'b.id')),
      );
      break;
    case 'done':
      scope = scope.where('b.id', 'in', (eb) =>
        eb
          .selectFrom('bill_tasks')
          .select('bill_id')
          .where('acting_handler', '=', me)
          .where('status', 'in', DECIDED)
          .$if(isProbe, (qb) => qb.whereRef('bill_id', '=', 'b.id')),
      );
      break;
    case 'mine':
      scope = scope.where('b.initiator_id', '=', me).where('b.status', '<>', 'draft');
      break;
    case 'draft':
      scope = scope.where('b.initiator_id', '=', me).where('b.status', '=', 'draft');
      break;
    case 'tracked':
      scope = scope.where('b.id', 'in', (eb) =>
        eb
          .selectFrom('bill_tracks')
          .select('bill_id')
          .where('user_id', '=', me)
          .$if(isProbe, (qb) => qb.whereRef('bill_id', '=', 'b.id')),
      );
      break;
    case 'shared':
      // Shares the user has not taken out of the box (PATCH /api/bills/{id}/ignore); index bill_shares(user_id, ignored_at, bill_id).
      scope = scope.where('b.id', 'in', (eb) =>
        eb
          .selectFrom('bill_shares')
          .select('bill_id')
          .where('user_id', '=', me)
          .where('ignored_at', 'is', null)
          .$if(input.share_state !== undefined, (qb) => qb.where('read_at', input.share_state === 'unread' ? 'is' : 'is not', null))
          .$if(isProbe, (qb) => qb.whereRef('bill_id', '=', 'b.id')),
      );
      break;
  }
  if (input.template_id !== undefined) scope = scope.where('b.template_id', '=', input.template_id);
  if (input.status !== undefined) scope = scope.where('b.status', '=', input.status);
  if (input.keyword) {
    const keyword = input.keyword;
    const asId = /^\d{1,12}$/.test(keyword) ? Number(keyword) : null;
    scope = scope.where((eb) =>
      eb.or([
        containsText(eb.ref('b.title'), keyword),
        eb(
          'b.template_id',
          'in',
          eb
            .selectFrom('templates')
            .select('id')
            .where((t) => containsText(t.ref('name'), keyword)),
        ),
        ...(asId !== null ? [eb('b.id', '=', asId)] : []),
      ]),
    );
  }
  if (input.date_from) scope = scope.where('b.created_at', '>=', dayStart(input.date_from));
  if (input.date_to) scope = scope.where('b.created_at', '<', dayStart(input.date_to, 1));
  return scope;
}

function countQuery(db: Db, input: ListInput, me: number) {
  // Without filters a task box's total is the number of distinct bills in bill_tasks' covering index.
  if (!hasFilters(input) && (input.box === 'todo' || input.box === 'done')) {
    const statuses: TaskStatus[] = input.box === 'todo' ? ['pending'] : DECIDED;
    return db
      .selectFrom('bill_tasks')
      .select((eb) => eb.fn.count<number | string>('bill_id').distinct().as('n'))
      .where('acting_handler', '=', me)
      .where('status', 'in', statuses);
  }
  return boxScope(db, input, me).select((eb) => eb.fn.countAll<number | string>().as('n'));
}

/**
 * My pending tasks (`pt`) that stand for their bill in the todo box by arrival: the bill's latest pending task of mine
 * (the later id on a tie), i.e. no later one exists, which both engines look up through
 * bill_tasks(acting_handler, status, bill_id). Filtered like the box; `only`: an export's chunk.
 */
function latestArrivals(db: Db, input: ListInput, me: number, only?: readonly number[]) {
  let arrivals = db
    .selectFrom('bill_tasks as pt')
    .where('pt.acting_handler', '=', me)
    .where('pt.status', '=', 'pending')
    .where((outer) =>
      outer.not(
        outer.exists(
          outer
            .selectFrom('bill_tasks as later')
            .select('later.id')
            .whereRef('later.bill_id', '=', 'pt.bill_id')
            .where('later.acting_handler', '=', me)
            .where('later.status', '=', 'pending')
            .where((eb) =>
              eb.or([
                eb('later.created_at', '>', eb.ref('pt.created_at')),
                eb.and([eb('later.created_at', '=', eb.ref('pt.created_at')), eb('later.id', '>', eb.ref('pt.id'))]),
              ]),
            ),
        ),
      ),
    );
  if (hasFilters(input)) arrivals = arrivals.where('pt.bill_id', 'in', boxScope(db, input, me, only).select('b.id'));
  if (only) arrivals = arrivals.where('pt.bill_id', 'in', only);
  return arrivals;
}

/**
 * The page's bills as `id`, `sort_key` and `behalf_id`. By arrival (the todo box), a bill stands at its
 * latest pending task of mine (the later id on a tie), so one holding two of my tasks is listed once:
 * SQLite walks the index bill_tasks(acting_handler, status, created_at, bill_id) in order, skips a task
 * that has a later sibling and stops after the page, the task's own `on_behalf_of` coming along; PostgreSQL
 * groups the same index's entries (see there) and its rows get their task from the join in pageQuery.
 * Every other order sorts the box's bills by a column of `bills`.
 */
function pageIds(db: Db, input: ListInput, sort: BillSortField, params: PageParams, only?: readonly number[], literal?: number) {
  const direction = input.order;
  const limit = limitOf(params, literal);
  if (sort === 'received_at' && engineOf(db) === 'postgres') {
    // PostgreSQL plans the anti-join below by reading all the user's pending tasks for every entry; it
    // groups the index's entries (index-only) in one pass instead. Same rows: a bill at its latest arrival.
    let arrivals = db
      .selectFrom('bill_tasks as pt')
      .select((eb) => ['pt.bill_id as id', eb.fn.max('pt.created_at').as('sort_key'), sql<number | null>`null`.as('behalf_id')])
      .where('pt.acting_handler', '=', params.me)
      .where('pt.status', '=', 'pending')
      .groupBy('pt.bill_id');
    if (hasFilters(input)) arrivals = arrivals.where('pt.bill_id', 'in', boxScope(db, input, params.me, only).select('b.id'));
    if (only) arrivals = arrivals.where('pt.bill_id', 'in', only);
    return arrivals
      .orderBy((eb) => eb.fn.max('pt.created_at'), direction)
      .orderBy('pt.bill_id', direction)
      .limit(limit)
      .offset(params.offset);
  }
  if (sort === 'received_at') {
    return latestArrivals(db, input, params.me, only)
      .select(['pt.bill_id as id', 'pt.created_at as sort_key', 'pt.on_behalf_of as behalf_id'])
      .orderBy('pt.created_at', direction)
      .orderBy('pt.bill_id', direction)
      .limit(limit)
      .offset(params.offset);
  }
  // Bills never submitted have no released_at: last either way, on both engines (their defaults differ).
  return boxScope(db, input, params.me, only)
    .select(['b.id', sql<string | number | null>`${sql.ref(`b.${sort}`)}`.as('sort_key'), sql<number | null>`null`.as('behalf_id')])
    .orderBy(`b.${sort}`, (ob) => (direction === 'asc' ? ob.asc() : ob.desc()).nullsLast())
    .orderBy('b.id', direction)
    .limit(limit)
    .offset(params.offset);
}

/** What a row of the list shows of its bill, from `b` joined with `tpl`, `u` (its initiator) and `d` (its department). */
function billColumns(db: Db) {
  return [
    'b.id',
    'b.title',
    'b.template_id',
    'tpl.name as template_name',
    'b.status',
    'b.initiator_id',
    'u.name as initiator_name',
    'd.name as dept_name',
    'b.current_node_name',
    isoText<string>(db, 'b.created_at').as('created_at'),
    isoText<string>(db, 'b.updated_at').as('updated_at'),
    isoText<string | null>(db, 'b.released_at').as('released_at'),
  ] as const;
}

/**
 * The unfiltered todo box by arrival on SQLite as one flat statement: SQLite walks
 * bill_tasks(acting_handler, status, created_at, bill_id) in the page's order, joins each standing task's bill and
 * names, and stops after the page, so no page CTE is built and nothing is sorted again. Its rows are pageQuery's rows
 * for the same page (the joined rows always exist: foreign keys), in the same order; about 10 % less CPU than the
 * CTE (docs/performance.md, issue 13).
 */
function arrivalPage(db: Db, input: ListInput, params: PageParams, literal?: number) {
  const direction = input.order;
  return latestArrivals(db, input, params.me)
    .innerJoin('bills as b', 'b.id', 'pt.bill_id')
    .innerJoin('templates as tpl', 'tpl.id', 'b.template_id')
    .innerJoin('users as u', 'u.id', 'b.initiator_id')
    .leftJoin('depts as d', 'd.id', 'b.dept_id')
    .leftJoin('users as behalf', 'behalf.id', 'pt.on_behalf_of')
    .select(billColumns(db))
    .select(() => countQuery(db, input, params.me).as('total'))
    .select(['pt.created_at as received_at', 'behalf.name as behalf_name'])
    .orderBy('pt.created_at', direction)
    .orderBy('pt.bill_id', direction)
    .limit(limitOf(params, literal))
    .offset(params.offset);
}

/**
 * The statement of an unfiltered page: arrivalPage where it applies (SQLite, todo by arrival), else pageQuery. A
 * filtered page keeps pageQuery's CTE, which picks the page's ids before anything is joined whatever the filter.
 */
function unfilteredStatement(db: Db, input: ListInput, params: PageParams, literal?: number) {
  const isArrival = input.box === 'todo' && (input.sort ?? defaultBillSort(input.box)) === 'received_at';
  return isArrival && engineOf(db) === 'sqlite'
    ? arrivalPage(db, input, params, literal)
    : pageQuery(db, input, params, undefined, literal);
}

/** An export's chunk (findBillChunk): these bills of the box, no total, and the form of each bill comes along. */
interface ChunkOptions {
  only: readonly number[];
}

function pageQuery(db: Db, input: ListInput, params: PageParams, chunk?: ChunkOptions, literal?: number) {
  const sort = input.sort ?? defaultBillSort(input.box);
  // Whether the row's task comes from joining my pending tasks (folded in listBills) rather than from the page.
  const perTask = sort !== 'received_at' || engineOf(db) === 'postgres';
  const direction = input.order;
  return (
    db
      .with('page', () => pageIds(db, input, sort, params, chunk?.only, literal))
      .selectFrom('page')
      .innerJoin('bills as b', 'b.id', 'page.id')
      .innerJoin('templates as tpl', 'tpl.id', 'b.template_id')
      .innerJoin('users as u', 'u.id', 'b.initiator_id')
      .leftJoin('depts as d', 'd.id', 'b.dept_id')
      .select(billColumns(db))
      // The box's total rides on every row: one statement per page. (An empty page past the end has no
      // row to carry it; listBills counts apart then.)
      .$if(!chunk, (qb) => qb.select(() => countQuery(db, input, params.me).as('total')))
      // An export's chunk carries the form each bill's amount comes from, read against the version it follows: its
      // pinned one, or the template's current one for a draft.
      .$if(Boolean(chunk), (qb) =>
        qb.select(['b.form_json', (eb) => eb.fn.coalesce('b.template_version_id', 'tpl.current_version_id').as('form_version_id')]),
      )
      .orderBy('page.sort_key', (ob) => (direction === 'asc' ? ob.asc() : ob.desc()).nullsLast())
      .orderBy('b.id', direction)
      // The todo box shows when my task arrived and on whose behalf it is: by arrival, the page already
      // knows; otherwise my pending tasks on the page's bills are joined, and the rows of a bill holding two
      // are folded in listBills into its latest one, the same task the arrival order stands a bill at.
      .$if(input.box === 'todo' && !perTask, (qb) =>
        qb
          .leftJoin('users as behalf', 'behalf.id', 'page.behalf_id')
          .select([sql<string>`page.sort_key`.as('received_at'), 'behalf.name as behalf_name']),
      )
      // 抄送我的 shows who shared the bill with me, when, and whether I have read it since.
      .$if(input.box === 'shared', (qb) =>
        qb
          .leftJoin('bill_shares as sh', (join) => join.onRef('sh.bill_id', '=', 'b.id').on('sh.user_id', '=', params.me))
          .leftJoin('users as sharer', 'sharer.id', 'sh.shared_by')
          .select([
            isoText<string | null>(db, 'sh.created_at').as('shared_at'),
            isoText<string | null>(db, 'sh.read_at').as('share_read_at'),
            'sharer.name as shared_by_name',
          ]),
      )
      .$if(input.box === 'todo' && perTask, (qb) =>
        qb
          .leftJoin('bill_tasks as t', (join) =>
            join.onRef('t.bill_id', '=', 'b.id').on('t.acting_handler', '=', params.me).on('t.status', '=', 'pending'),
          )
          .leftJoin('users as behalf', 'behalf.id', 't.on_behalf_of')
          .select([isoText<string | null>(db, 't.created_at').as('received_at'), 'behalf.name as behalf_name'])
          .orderBy('t.created_at')
          .orderBy('t.id'),
      )
  );
}

type PageRow = Awaited<ReturnType<ReturnType<typeof pageQuery>['execute']>>[number];

/** Prepared statements of the unfiltered lists, one per box, sort field, direction and literal page size. */
const preparedPages = new Map<string, (db: Db, params: PageParams) => Promise<PageRow[]>>();

function unfilteredPage(input: ListInput, literal: number | undefined) {
  const key = `${input.box}:${input.sort ?? defaultBillSort(input.box)}:${input.order}:${literal ?? '?'}`;
  let run = preparedPages.get(key);
  if (!run) {
    run = preparedQuery((db: Db, params: PageParams) => unfilteredStatement(db, input, params, literal));
    preparedPages.set(key, run);
  }
  return run;
}

/** One page of a box (with the box's total on each row); prepared when unfiltered. */
export function findBillPage(db: Db, input: ListInput, params: PageParams): Promise<PageRow[]> {
  const literal = literalLimit(params.limit);
  return hasFilters(input) ? pageQuery(db, input, params, undefined, literal).execute() : unfilteredPage(input, literal)(db, params);
}

/**
 * The ids of a box's first `limit` bills, filtered and in the list's order (GET /api/export/bills, issue 13): the page
 * statement with a large page. One statement sorts the box once; the export then reads its rows a chunk of ids at a
 * time (findBillChunk), each chunk a look-up by id, where a keyset or an offset would sort the box again for each.
 */
export async function findBillIds(db: Db, input: ListInput, me: number, limit: number): Promise<number[]> {
  const sort = input.sort ?? defaultBillSort(input.box);
  const rows = await pageIds(db, input, sort, { me, limit, offset: 0 }).execute();
  return rows.map((row) => row.id);
}

/**
 * The list's rows of these bills, in the list's order (a chunk of findBillIds): the page statement, its page being
 * these ids where they still are in the box. A todo bill holding two of my tasks comes as adjacent rows, as on a page.
 */
export async function findBillChunk(db: Db, input: ListInput, me: number, ids: readonly number[]) {
  // `in ()` is not SQL: no ids, no statement.
  if (ids.length === 0) return [];
  return pageQuery(db, input, { me, limit: ids.length, offset: 0 }, { only: ids }).execute();
}

/** The box's total, for a page past its end (a page with rows carries the total itself). */
export async function countBills(db: Db, input: ListInput, me: number): Promise<number> {
  return Number((await countQuery(db, input, me).executeTakeFirst())?.n ?? 0);
}

/**
 * The dashboard's counts, each the total of its box: the bills waiting for me (a bill holding two of my
 * pending tasks, my own and one held for a colleague, counts once, as the todo box lists it once), my bills
 * in progress and drafts, the bills I decided on. Both task counts read bill_tasks' covering index
 * (acting_handler, status, created_at, bill_id) alone.
 */
export async function dashboardCounts(db: Db, me: number) {
  const count = (rows: { n: number | string } | undefined) => Number(rows?.n ?? 0);
  const [todo, mine, done, sharedUnread] = await Promise.all([
    db
      .selectFrom('bill_tasks')
      .select((eb) => eb.fn.count<number | string>('bill_id').distinct().as('n'))
      .where('acting_handler', '=', me)
      .where('status', '=', 'pending')
      .executeTakeFirst(),
    db
      .selectFrom('bills')
      .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('initiator_id', '=', me)
      .where('status', 'in', ['doing', 'draft'])
      .groupBy('status')
      .execute(),
    db
      .selectFrom('bill_tasks')
      .select((eb) => eb.fn.count<number | string>('bill_id').distinct().as('n'))
      .where('acting_handler', '=', me)
      .where('status', 'in', DECIDED)
      .executeTakeFirst(),
    // Index bill_shares_unread (user_id, read_at, ignored_at) answers it alone.
    db
      .selectFrom('bill_shares')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', me)
      .where('read_at', 'is', null)
      .where('ignored_at', 'is', null)
      .executeTakeFirst(),
  ]);
  return {
    todo: count(todo),
    doing: count(mine.find((r) => r.status === 'doing')),
    draft: count(mine.find((r) => r.status === 'draft')),
    done: count(done),
    shared_unread: count(sharedUnread),
  };
}
