import type { ItemRow } from '@osp/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/index';
import type { BillItemsTable } from '../../db/schema';
import { preparedQuery } from '../../db/prepared';
import type { BillState } from '../../flow/types';
import type { UserCard } from '../directory/directory.service';
import { BILL_COLUMNS, itemsOf, toBillRow, type BillRow } from './bills.repo';
import { jsonArrayFrom, jsonRows, stateArrays, stateOf } from './bills-state.repo';

export interface BillView {
  bill: BillRow;
  state: BillState;
  items: Record<string, ItemRow[]>;
  /** Everyone the bill names (initiator, handlers, actors), with department and mobile. */
  cards: Map<number, UserCard>;
  template: { name: string; group_id: number; status: number; is_iptv: number; current_version_id: number | null } | null;
  /** The viewer follows the bill / it was shared with the viewer. */
  tracked: boolean;
  shared: boolean;
  /** The share is 待阅: opening the bill now reads it. */
  shareUnread: boolean;
}

type ItemRowJson = Pick<BillItemsTable, 'field' | 'seq' | 'data_json'>;

/**
 * Everything a reader of a bill needs, in one statement: the row, its template, the engine rows, the
 * item rows, the people it names, and whether the viewer follows it or had it shared. A bill detail is
 * the most read page of the product; see docs/performance.md.
 */
const billViewQuery = preparedQuery((db: Db, params: { billId: number; viewerId: number }) => {
  const json = jsonArrayFrom(db);
  const { billId, viewerId } = params;
  return db
    .selectFrom('bills as b')
    .leftJoin('templates as tpl', 'tpl.id', 'b.template_id')
    .select(BILL_COLUMNS.map((column) => `b.${column}` as const))
    .select([
      'tpl.name as template_name',
      'tpl.group_id as template_group_id',
      'tpl.status as template_status',
      'tpl.is_iptv as template_is_iptv',
      'tpl.current_version_id as template_current_version_id',
    ])
    .select((eb) => [
      ...stateArrays(db, sql<number>`b.id`),
      json(eb.selectFrom('bill_items as i').select(['i.field', 'i.seq', 'i.data_json']).whereRef('i.bill_id', '=', 'b.id')).as('items'),
      json(
        eb
          .selectFrom('users as u')
          .leftJoin('depts as d', 'd.id', 'u.dept_id')
          .select(['u.id', 'u.name', 'd.name as dept_name', 'u.mobile'])
          .where('u.id', 'in', (people) =>
            people
              .selectFrom('bill_tasks as pt')
              .select((e) => e.ref('pt.acting_handler').$castTo<number | null>().as('uid'))
              .whereRef('pt.bill_id', '=', 'b.id')
              .union(people.selectFrom('bill_tasks as po').select('po.original_handler as uid').whereRef('po.bill_id', '=', 'b.id'))
              .union(people.selectFrom('bill_tasks as pb').select('pb.on_behalf_of as uid').whereRef('pb.bill_id', '=', 'b.id'))
              .union(people.selectFrom('bill_events as ea').select('ea.actor as uid').whereRef('ea.bill_id', '=', 'b.id'))
              .union(people.selectFrom('bill_events as eb').select('eb.on_behalf_of as uid').whereRef('eb.bill_id', '=', 'b.id'))
              .union(people.selectFrom('bill_events as et').select('et.to_user as uid').whereRef('et.bill_id', '=', 'b.id'))
              .union(people.selectFrom('bills as bi').select('bi.initiator_id as uid').whereRef('bi.id', '=', 'b.id')),
          ),
      ).as('people'),
      eb
        .exists(
          eb.selectFrom('bill_tracks as tr').select('tr.bill_id').whereRef('tr.bill_id', '=', 'b.id').where('tr.user_id', '=', viewerId),
        )
        .as('tracked'),
      eb
        .exists(
          eb.selectFrom('bill_shares as sh').select('sh.bill_id').whereRef('sh.bill_id', '=', 'b.id').where('sh.user_id', '=', viewerId),
        )
        .as('shared'),
      eb
        .exists(
          eb
            .selectFrom('bill_shares as su')
            .select('su.bill_id')
            .whereRef('su.bill_id', '=', 'b.id')
            .where('su.user_id', '=', viewerId)
            .where('su.read_at', 'is', null),
        )
        .as('share_unread'),
    ])
    .where('b.id', '=', billId);
});

export async function loadBillView(db: Db, billId: number, viewerId: number): Promise<BillView | undefined> {
  const [row] = await billViewQuery(db, { billId, viewerId });
  if (!row) return undefined;
  const bill = toBillRow({
    id: row.id,
    template_id: row.template_id,
    template_version_id: row.template_version_id,
    title: row.title,
    initiator_id: row.initiator_id,
    dept_id: row.dept_id,
    status: row.status,
    form_json: row.form_json,
    chosen_json: row.chosen_json,
    route_json: row.route_json,
    rejected_node_id: row.rejected_node_id,
    current_node_name: row.current_node_name,
    version: row.version,
    created_at: row.created_at,
    updated_at: row.updated_at,
    released_at: row.released_at,
    finished_at: row.finished_at,
    archive_no: row.archive_no,
    archived_at: row.archived_at,
  });
  return {
    bill,
    state: stateOf(bill, row, []),
    items: itemsOf(billId, jsonRows<ItemRowJson>(row.items, `bill ${billId} items`)),
    cards: new Map(jsonRows<UserCard>(row.people, `bill ${billId} people`).map((card) => [card.id, card])),
    template:
      row.template_name === null
        ? null
        : {
            name: row.template_name,
            group_id: row.template_group_id ?? 0,
            status: row.template_status ?? 0,
            is_iptv: row.template_is_iptv ?? 0,
            current_version_id: row.template_current_version_id,
          },
    tracked: Boolean(row.tracked),
    shared: Boolean(row.shared),
    shareUnread: Boolean(row.share_unread),
  };
}
