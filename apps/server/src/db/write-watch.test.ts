import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../test/harness';
import type { DbHandle } from './index';
import type { TableWrite } from './write-watch';

describe('the write watch', () => {
  let opened: Awaited<ReturnType<typeof openTestDb>>;
  let handle: DbHandle;
  /** What the listener was told, in order: the writes it matched, then 'commit' each time it was told. */
  const heard: string[] = [];
  let stop: () => void;

  beforeAll(async () => {
    opened = await openTestDb();
    handle = opened.handle;
    await opened.migrate();
    stop = handle.writes.listen({
      matches: (write: TableWrite) => {
        if (write.table !== 'depts') return false;
        heard.push(`${write.kind} ${write.columns.join(',')}`.trim());
        return true;
      },
      afterCommit: async () => {
        heard.push('commit');
      },
    });
  });
  afterAll(async () => {
    stop();
    await handle.close();
    await opened.drop();
  });

  const now = '2026-11-25T00:00:00.000Z';
  const addDept = (name: string) =>
    handle.db
      .insertInto('depts')
      .values({ name, parent_id: null, leader_id: null, sort: 0, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();

  it('tells a lone write once it is done, with the table, the kind and the columns set', async () => {
    heard.length = 0;
    const { id } = await addDept('观察部');
    await handle.db.updateTable('depts').set({ name: '观察二部', sort: 5 }).where('id', '=', id).execute();
    await handle.db.deleteFrom('depts').where('id', '=', id).execute();
    expect(heard).toEqual(['insert', 'commit', 'update name,sort', 'commit', 'delete', 'commit']);
  });

  it('tells a transaction once, after its commit, however many writes it made', async () => {
    heard.length = 0;
    await handle.db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('depts')
        .values({ name: '事务部', parent_id: null, leader_id: null, sort: 0, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.updateTable('depts').set({ sort: 1 }).where('id', '=', id).execute();
      expect(heard).not.toContain('commit');
    });
    expect(heard).toEqual(['insert', 'update sort', 'commit']);
  });

  it('tells nothing of a transaction that rolls back, of reads, or of other tables', async () => {
    heard.length = 0;
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await trx.updateTable('depts').set({ sort: 2 }).execute();
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(heard).toEqual(['update sort']);
    heard.length = 0;
    await handle.db.selectFrom('depts').selectAll().execute();
    await handle.db.updateTable('settings').set({ value: '1' }).where('key', '=', 'nothing').execute();
    // Raw SQL is not read (documented in write-watch.ts): only migrations write that way.
    await sql`update depts set sort = 3 where id = -1`.execute(handle.db);
    expect(heard).toEqual([]);
  });

  it('lets a listener query the database once told (SQLite has one connection)', async () => {
    let names: string[] = [];
    const stopOther = handle.writes.listen({
      matches: (write) => write.table === 'depts',
      afterCommit: async () => {
        names = (await handle.db.selectFrom('depts').select('name').where('name', '=', '查询部').execute()).map((r) => r.name);
      },
    });
    try {
      await addDept('查询部');
      expect(names).toEqual(['查询部']);
    } finally {
      stopOther();
    }
  });
});
