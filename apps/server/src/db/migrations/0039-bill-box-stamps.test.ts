import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../../test/harness';
import type { Db } from '../index';
import { billBoxStamps } from './0039-bill-box-stamps';

/** Migration 0039 on both engines: its table and triggers go with down and come back with up. */

let opened: TestDb | undefined;
afterEach(async () => {
  await opened?.handle.close();
  await opened?.drop();
  opened = undefined;
});

/** The names of the box-stamp triggers, with the table each is on. */
async function triggers(db: Db, opened: TestDb): Promise<string[]> {
  if (opened.handle.engine === 'sqlite') {
    const { rows } = await sql<{ name: string; tbl_name: string }>`
      select name, tbl_name from sqlite_master where type = 'trigger' and name like 'bill_box_%' order by name`.execute(db);
    return rows.map((r) => `${r.tbl_name}.${r.name}`);
  }
  const { rows } = await sql<{ name: string; table: string }>`
    select t.tgname as name, c.relname as table from pg_trigger t
    join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = ${opened.pgSchema ?? ''} and t.tgname like 'bill_box_%' order by c.relname, t.tgname`.execute(db);
  return rows.map((r) => `${r.table}.${r.name}`);
}

describe('migration 0039-bill-box-stamps', () => {
  it('adds the stamps and their triggers on every watched table, and goes down and up again', async () => {
    opened = await openTestDb();
    await opened.migrate();
    const db = opened.handle.db;
    const installed = await triggers(db, opened);
    for (const table of ['bill_tasks', 'bills', 'bill_shares', 'templates', 'users', 'depts']) {
      expect(
        installed.some((name) => name.startsWith(`${table}.`)),
        table,
      ).toBe(true);
    }

    const migration = billBoxStamps(opened.handle.engine);
    const untyped = db as unknown as Kysely<unknown>;
    await migration.down(untyped);
    expect(await triggers(db, opened)).toEqual([]);
    await migration.up(untyped);
    expect(await triggers(db, opened)).toEqual(installed);
    expect(await db.selectFrom('bill_box_stamps').selectAll().execute()).toEqual([]);
  });
});
