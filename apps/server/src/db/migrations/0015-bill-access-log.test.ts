import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../../test/harness';
import type { Db, DbHandle } from '../index';
import { seedDemo } from '../../seed/seed';
import { billAccessLog } from './0015-bill-access-log';
import { columnKit } from './columns';

/** Migration 0015 on both engines: the 访问记录 table, its two indexes, its unique visit key and its cascade. */

let opened: TestDb | undefined;
afterEach(async () => {
  await opened?.handle.close();
  await opened?.drop();
  opened = undefined;
});

/** The indexes of the table with their columns in order, as each engine's catalogue tells them. */
async function indexesOf(handle: DbHandle): Promise<Record<string, { columns: string[]; unique: boolean }>> {
  const found: Record<string, { columns: string[]; unique: boolean }> = {};
  if (handle.engine === 'sqlite') {
    const { rows } = await sql<{ name: string; unique: number }>`select name, "unique" from pragma_index_list('bill_access_logs')`.execute(
      handle.db,
    );
    for (const index of rows) {
      const { rows: columns } = await sql<{ name: string }>`select name from pragma_index_info(${index.name}) order by seqno`.execute(
        handle.db,
      );
      found[index.name] = { columns: columns.map((c) => c.name), unique: index.unique === 1 };
    }
    return found;
  }
  const { rows } = await sql<{ name: string; columns: string; unique: boolean }>`
    select i.relname as name, ix.indisunique as unique,
      (select string_agg(a.attname, ',' order by k.n) from unnest(ix.indkey) with ordinality k(attnum, n)
            join pg_attribute a on a.attrelid = ix.indrelid and a.attnum = k.attnum) as columns
    from pg_index ix
    join pg_class i on i.oid = ix.indexrelid
    join pg_class t on t.oid = ix.indrelid
    join pg_namespace ns on ns.oid = t.relnamespace
    where t.relname = 'bill_access_logs' and ns.nspname = current_schema() and not ix.indisprimary`.execute(handle.db);
  for (const index of rows) found[index.name] = { columns: index.columns.split(','), unique: index.unique };
  return found;
}

const row = (billId: number, userId: number, minute: number) => ({
  bill_id: billId,
  user_id: userId,
  dept_name: '技术部',
  opened_at: new Date(minute * 60_000).toISOString(),
  opened_minute: minute,
  ip: '192.0.2.10',
  user_agent: 'test',
});

async function aDraftAndAUser(db: Db): Promise<{ billId: number; userId: number }> {
  const bill = await db
    .selectFrom('bills')
    .select('id')
    .where('status', '=', 'draft')
    .where((eb) => eb.not(eb.exists(eb.selectFrom('bill_events').select('bill_id').whereRef('bill_events.bill_id', '=', 'bills.id'))))
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const user = await db.selectFrom('users').select('id').where('username', '=', 'lisi').executeTakeFirstOrThrow();
  return { billId: bill.id, userId: user.id };
}

describe('migration 0015-bill-access-log', () => {
  it('creates the table with the log index (bill_id, opened_at) and the unique visit key; down removes it, up brings it back', async () => {
    opened = await openTestDb();
    const handle = opened.handle;
    await opened.migrate();
    const expected = {
      bill_access_logs_bill: { columns: ['bill_id', 'opened_at'], unique: false },
      bill_access_logs_visit: { columns: ['bill_id', 'user_id', 'opened_minute'], unique: true },
    };
    expect(await indexesOf(handle)).toEqual(expected);

    const migration = billAccessLog(columnKit(handle.engine));
    const untyped = handle.db as unknown as Kysely<unknown>;
    await migration.down(untyped);
    expect(await indexesOf(handle)).toEqual({});
    await expect(handle.db.selectFrom('bill_access_logs').select('id').execute()).rejects.toThrow();
    await migration.up(untyped);
    expect(await indexesOf(handle)).toEqual(expected);
  });

  it('refuses a second row for one reader, bill and minute, and drops a bill’s rows with the bill', async () => {
    opened = await openTestDb();
    await opened.migrate();
    const db = opened.handle.db;
    await seedDemo(db);
    const { billId, userId } = await aDraftAndAUser(db);
    const minute = Math.floor(Date.now() / 60_000);
    await db
      .insertInto('bill_access_logs')
      .values(row(billId, userId, minute))
      .execute();
    await expect(
      db
        .insertInto('bill_access_logs')
        .values(row(billId, userId, minute))
        .execute(),
    ).rejects.toThrow();
    await db
      .insertInto('bill_access_logs')
      .values(row(billId, userId, minute + 1))
      .execute();
    expect(await db.selectFrom('bill_access_logs').select('opened_minute').where('bill_id', '=', billId).orderBy('id').execute()).toEqual([
      { opened_minute: minute },
      { opened_minute: minute + 1 },
    ]);

    await db.deleteFrom('bill_items').where('bill_id', '=', billId).execute();
    await db.deleteFrom('bills').where('id', '=', billId).execute();
    expect(await db.selectFrom('bill_access_logs').select('id').where('bill_id', '=', billId).execute()).toEqual([]);
  });
});
