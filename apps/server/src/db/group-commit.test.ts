import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, TEST_ENGINE, type TestDb } from '../../test/harness';
import { atCommit, groupCommit, type CommitWork } from './group-commit';
import type { Db } from './index';

// The probe table is not part of the product's schema: raw SQL, in this file's own database (or schema).
let testDb: TestDb;
let db: Db;
beforeAll(async () => {
  testDb = await openTestDb();
  db = testDb.handle.db;
  await sql`create table group_probe (id integer primary key, name varchar(40) not null unique)`.execute(db);
});
afterAll(async () => {
  await testDb.handle.close();
  await testDb.drop();
});

let nextId = 1;
const insert = (trx: Db, name: string) => sql`insert into group_probe (id, name) values (${nextId++}, ${name})`.execute(trx);

async function names(prefix: string): Promise<string[]> {
  const result = await sql<{ name: string }>`select name from group_probe where name like ${`${prefix}%`} order by name`.execute(db);
  return result.rows.map((row) => row.name);
}

class Refused extends Error {}

describe('groupCommit', () => {
  it('stores every write queued together and answers each with its own value', async () => {
    const values = await Promise.all(
      Array.from({ length: 150 }, (_, i) =>
        groupCommit(db, async (trx) => {
          await insert(trx, `many-${String(i).padStart(3, '0')}`);
          return i * 2;
        }),
      ),
    );
    expect(values).toEqual(Array.from({ length: 150 }, (_, i) => i * 2));
    expect(await names('many-')).toHaveLength(150);
  });

  it('rolls back a write that throws, alone: the others of its group are stored', async () => {
    const outcomes = await Promise.allSettled([
      groupCommit(db, (trx) => insert(trx, 'alone-a')),
      groupCommit(db, async (trx) => {
        await insert(trx, 'alone-b');
        throw new Refused('不行');
      }),
      groupCommit(db, (trx) => insert(trx, 'alone-c')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toBeInstanceOf(Refused);
    expect(await names('alone-')).toEqual(['alone-a', 'alone-c']);
  });

  it('a write refused by a unique key leaves the same key free for the write that holds it', async () => {
    const outcomes = await Promise.allSettled(Array.from({ length: 5 }, () => groupCommit(db, (trx) => insert(trx, 'once'))));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(await names('once')).toEqual(['once']);
  });

  // On PostgreSQL each write is a transaction of its own, which sees another's rows only once it committed.
  it.runIf(TEST_ENGINE === 'sqlite')('a write reads what the writes before it in its group wrote', async () => {
    const [, seen] = await Promise.all([
      groupCommit(db, (trx) => insert(trx, 'seen-first')),
      groupCommit(db, async (trx) => {
        const result = await sql<{ n: number }>`select count(*) as n from group_probe where name = 'seen-first'`.execute(trx);
        return Number(result.rows[0]?.n);
      }),
    ]);
    expect(seen).toBe(1);
  });

  it('does the work writes leave for the commit once, with the items of the writes that succeeded', async () => {
    const runs: string[][] = [];
    const work: CommitWork<string> = {
      async run(trx, items) {
        runs.push([...items]);
        for (const name of items) await insert(trx, name);
      },
    };
    const outcomes = await Promise.allSettled([
      groupCommit(db, (trx) => atCommit(trx, work, ['late-a1', 'late-a2'])),
      groupCommit(db, async (trx) => {
        await atCommit(trx, work, ['late-b']);
        throw new Refused('不行');
      }),
      groupCommit(db, (trx) => atCommit(trx, work, ['late-c'])),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await names('late-')).toEqual(['late-a1', 'late-a2', 'late-c']);
    // SQLite: one run for the group. PostgreSQL: no group, each write's work at once (the refused one's rolled back).
    if (TEST_ENGINE === 'sqlite') expect(runs).toEqual([['late-a1', 'late-a2', 'late-c']]);
    else expect(runs.map((items) => items.join()).sort()).toEqual(['late-a1,late-a2', 'late-b', 'late-c']);
  });

  it('keeps working after a group failed', async () => {
    await expect(groupCommit(db, () => Promise.reject(new Refused('先失败')))).rejects.toBeInstanceOf(Refused);
    await groupCommit(db, (trx) => insert(trx, 'after-failure'));
    expect(await names('after-')).toEqual(['after-failure']);
  });

  // SQLite: the group shares one transaction, so when it breaks no write of it is answered as stored — even one whose
  // own statements succeeded. PostgreSQL gives each write a transaction of its own: the others stand.
  it('a broken transaction fails every write of its group on SQLite, and only its own on PostgreSQL', async () => {
    const outcomes = await Promise.allSettled([
      groupCommit(db, (trx) => insert(trx, 'broken-a')),
      groupCommit(db, async (trx) => {
        await insert(trx, 'broken-b');
        // Ends the transaction under the group, as SQLite does itself on an I/O error.
        await sql`rollback`.execute(trx);
        throw new Refused('磁盘出错');
      }),
      groupCommit(db, (trx) => insert(trx, 'broken-c')),
    ]);
    if (TEST_ENGINE === 'sqlite') {
      expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected']);
      for (const outcome of outcomes) expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(Refused);
      expect(await names('broken-')).toEqual([]);
    } else {
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect(await names('broken-')).toEqual(['broken-a', 'broken-c']);
    }
    // The next group starts a fresh transaction.
    await groupCommit(db, (trx) => insert(trx, 'broken-after'));
    expect(await names('broken-after')).toEqual(['broken-after']);
  });
});
