import { CompiledQuery, sql, type Compilable, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestDb, TEST_ENGINE, type TestDb } from '../../../test/harness';
import type { Db } from '../index';
import { readableBy, type Reader } from '../../modules/articles/articles.repo';
import { articleReaderIndexes } from './0028-article-reader-indexes';

/**
 * Migration 0028 on both engines: the three reader indexes exist with their columns in order, go with down and come
 * back with up; on SQLite (whose planner needs no statistics to prefer them) the staff list's page and the
 * forced-read gate read them instead of sorting the published articles.
 */

let opened: TestDb | undefined;
afterEach(async () => {
  await opened?.handle.close();
  await opened?.drop();
  opened = undefined;
});

const EXPECTED = {
  articles_forced_idx: ['force_view', 'status', 'published_at', 'id'],
  articles_reader_idx: ['status', 'is_pinned', 'published_at', 'id', 'expire_at', 'type_id'],
  articles_type_reader_idx: ['type_id', 'status', 'is_pinned', 'published_at', 'id'],
};

/** The reader indexes of `articles` and their columns, in index order. */
async function readerIndexes(db: Db, opened: TestDb): Promise<Record<string, string[]>> {
  const names = Object.keys(EXPECTED);
  const found: Record<string, string[]> = {};
  if (opened.handle.engine === 'sqlite') {
    for (const name of names) {
      const { rows } = await sql<{ name: string }>`select name from pragma_index_info(${name}) order by seqno`.execute(db);
      if (rows.length > 0) found[name] = rows.map((r) => r.name);
    }
    return found;
  }
  const { rows } = await sql<{ index: string; column: string }>`
    select i.relname as index, a.attname as column
    from pg_index x
    join pg_class i on i.oid = x.indexrelid
    join pg_class t on t.oid = x.indrelid
    join pg_namespace n on n.oid = t.relnamespace
    cross join lateral unnest(x.indkey) with ordinality as k(attnum, position)
    join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum
    where n.nspname = ${opened.pgSchema ?? ''} and t.relname = 'articles' and i.relname in (${sql.join(names)})
    order by i.relname, k.position`.execute(db);
  for (const row of rows) (found[row.index] ??= []).push(row.column);
  return found;
}

/** SQLite's plan of a query, one line per step. */
async function sqlitePlan(db: Db, query: Compilable): Promise<string> {
  const compiled = query.compile();
  const result = await db.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
  );
  return result.rows.map((r) => r.detail).join('\n');
}

describe('migration 0028-article-reader-indexes', () => {
  it('adds the reader indexes with their columns in order, and goes down and up again', async () => {
    opened = await openTestDb();
    await opened.migrate();
    const db = opened.handle.db;
    expect(await readerIndexes(db, opened)).toEqual(EXPECTED);

    const migration = articleReaderIndexes();
    const untyped = db as unknown as Kysely<unknown>;
    await migration.down(untyped);
    expect(await readerIndexes(db, opened)).toEqual({});
    await migration.up(untyped);
    expect(await readerIndexes(db, opened)).toEqual(EXPECTED);
  });

  it.runIf(TEST_ENGINE === 'sqlite')('lets SQLite read the list page and the gate off the indexes, with no sort', async () => {
    opened = await openTestDb();
    await opened.migrate();
    const db = opened.handle.db;
    const reader: Reader = { userId: 2, roleIds: [2], deptChain: [5, 1] };
    const now = new Date().toISOString();
    const page = db
      .selectFrom('articles')
      .where(readableBy(reader, now))
      .select('articles.id')
      .orderBy('articles.is_pinned', 'desc')
      .orderBy('articles.published_at', 'desc')
      .orderBy('articles.id', 'desc')
      .limit(20);
    const pagePlan = await sqlitePlan(db, page);
    expect(pagePlan).toContain('articles_reader_idx');
    expect(pagePlan).not.toContain('TEMP B-TREE');

    const gate = db
      .selectFrom('articles')
      .where(readableBy(reader, now))
      .where('articles.force_view', '=', 1)
      .select('articles.id')
      .orderBy('articles.published_at')
      .orderBy('articles.id')
      .limit(1);
    const gatePlan = await sqlitePlan(db, gate);
    expect(gatePlan).toContain('articles_forced_idx');
    expect(gatePlan).not.toContain('TEMP B-TREE');

    // Without them the page sorts every readable article, and the gate walks every published one in publish order.
    await articleReaderIndexes().down(db as unknown as Kysely<unknown>);
    expect(await sqlitePlan(db, page)).toContain('TEMP B-TREE');
    expect(await sqlitePlan(db, gate)).toContain('articles_status_published_idx (status=?)');
  });
});
