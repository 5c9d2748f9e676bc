import type { BillListRow, Paged } from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { Tokens } from './test-support';

/**
 * The page sizes the web app uses are written into the page statement as literals, and SQLite's unfiltered todo box
 * by arrival runs as one flat statement (bills-list.repo.ts). bills.list.test.ts holds the lists against the tables at
 * 7 a page, a size that keeps the bound limit and the CTE; here every size with a literal limit must list the same
 * rows, field for field, as 7 a page does.
 */

let server: TestServer;
let tokens: Tokens;

beforeAll(async () => {
  server = await startTestServer();
  tokens = new Tokens(server);
});
afterAll(async () => server.close());

/** Every row of a box, `perPage` a page, with the totals the pages reported. */
async function walk(user: string, query: Record<string, string>, perPage: number) {
  const rows: BillListRow[] = [];
  const totals = new Set<number>();
  for (let page = 1; page < 100; page++) {
    const params = new URLSearchParams({ ...query, page: String(page), per_page: String(perPage) });
    const answer = await server.call<Paged<BillListRow>>('GET', `/api/bills?${params.toString()}`, { token: await tokens.get(user) });
    expect(answer.body.status_code, answer.body.message).toBe(0);
    totals.add(answer.body.data.total);
    rows.push(...answer.body.data.list);
    if (answer.body.data.list.length < perPage) break;
  }
  return { rows, totals: [...totals] };
}

describe('the boxes at the page sizes the web app uses', () => {
  it('list the same rows as at 7 a page, for every box of every demo user, in both orders', async () => {
    let todoRows = 0;
    for (const user of ['zhangsan', 'lisi', 'wangwu', 'hanbing', 'admin']) {
      for (const box of ['todo', 'done', 'mine', 'draft', 'tracked', 'shared']) {
        for (const order of ['desc', 'asc']) {
          const query = { box, order };
          const reference = await walk(user, query, 7);
          if (box === 'todo') todoRows += reference.rows.length;
          for (const perPage of [10, 15, 20]) {
            const listed = await walk(user, query, perPage);
            expect(listed.rows, `${user} ${box} ${order} ${perPage}`).toEqual(reference.rows);
            expect(listed.totals, `${user} ${box} ${order} ${perPage}`).toEqual([reference.rows.length]);
          }
        }
      }
    }
    // The demo data gives the todo boxes rows to compare.
    expect(todoRows).toBeGreaterThan(0);
  });

  it('show every time as the text the database handle reads it as (on PostgreSQL the database writes it)', async () => {
    const bills = new Map(
      (await server.db.selectFrom('bills').select(['id', 'created_at', 'updated_at', 'released_at']).execute()).map((b) => [b.id, b]),
    );
    let checked = 0;
    for (const user of ['zhangsan', 'lisi', 'wangwu', 'hanbing']) {
      const me = (await server.db.selectFrom('users').select('id').where('username', '=', user).executeTakeFirstOrThrow()).id;
      const tasks = await server.db
        .selectFrom('bill_tasks')
        .select(['bill_id', 'created_at'])
        .where('acting_handler', '=', me)
        .where('status', '=', 'pending')
        .execute();
      const shares = new Map(
        (await server.db.selectFrom('bill_shares').select(['bill_id', 'created_at', 'read_at']).where('user_id', '=', me).execute()).map(
          (s) => [s.bill_id, s],
        ),
      );
      for (const box of ['todo', 'mine', 'shared']) {
        for (const perPage of [7, 20]) {
          for (const row of (await walk(user, { box }, perPage)).rows) {
            const bill = bills.get(row.id);
            expect({ created_at: row.created_at, updated_at: row.updated_at, released_at: row.released_at }).toEqual({
              created_at: bill?.created_at,
              updated_at: bill?.updated_at,
              released_at: bill?.released_at,
            });
            if (box === 'todo') {
              const arrivals = tasks.filter((t) => t.bill_id === row.id).map((t) => t.created_at);
              expect(row.received_at).toBe(arrivals.sort().at(-1));
            }
            if (box === 'shared') {
              const share = shares.get(row.id);
              expect(row.share).toMatchObject({ shared_at: share?.created_at, read_at: share?.read_at });
            }
            checked += 1;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('tell the total on a page past the end at a literal size', async () => {
    const { rows } = await walk('lisi', { box: 'todo' }, 7);
    const past = await server.call<Paged<BillListRow>>('GET', '/api/bills?box=todo&page=50&per_page=20', {
      token: await tokens.get('lisi'),
    });
    expect(past.body.data).toMatchObject({ list: [], total: rows.length, page: 50, per_page: 20 });
  });
});
