import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../../test/harness';
import { seedDemo } from '../../seed/seed';
import { columnKit } from './columns';
import { articles } from './0023-articles';
import { articleReaderIndexes } from './0028-article-reader-indexes';

/**
 * Migration 0023 on both engines: articles written before it keep their audience (the people of article_audience)
 * and take their creation as their last change; down and up again leave the same tables.
 */

let opened: TestDb | undefined;
afterEach(async () => {
  await opened?.handle.close();
  await opened?.drop();
  opened = undefined;
});

describe('migration 0023-articles', () => {
  it('keeps the articles of before with their audience, dates their last change, and goes down and up again', async () => {
    opened = await openTestDb();
    await opened.migrate();
    const db = opened.handle.db;
    await seedDemo(db);
    const untyped = db as unknown as Kysely<unknown>;
    const migration = articles(columnKit(opened.handle.engine));

    // 0028's indexes name columns 0023 added, which SQLite will not drop under an index: the way down goes through 0028.
    await articleReaderIndexes().down(untyped);
    await migration.down(untyped);
    // An installation of before: articles without the new columns, some not yet touched since.
    await migration.up(untyped);
    await articleReaderIndexes().up(untyped);
    const rows = await db.selectFrom('articles').select(['id', 'created_at', 'updated_at', 'summary', 'is_pinned', 'expire_at']).execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row).toMatchObject({ updated_at: row.created_at, summary: '', is_pinned: 0, expire_at: null });
    }
    // The forced article of the demo is still for zhangsan alone: people stay in article_audience.
    expect(await db.selectFrom('article_audience').select('user_id').execute()).toHaveLength(1);
    expect(await db.selectFrom('article_audience_rules').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('article_views').selectAll().execute()).toEqual([]);
  });
});
