import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../../test/harness';
import { seedDemo } from '../../seed/seed';
import { columnKit } from './columns';
import { articleFiles } from './0025-article-files';

/**
 * Migration 0025 on both engines: articles saved before it get their cover and the images of their text recorded
 * (files that exist only), so their readers may still download them; article_reminders takes one row per article
 * and day; down and up again.
 */

let opened: TestDb | undefined;
afterEach(async () => {
  await opened?.handle.close();
  await opened?.drop();
  opened = undefined;
});

describe('migration 0025-article-files', () => {
  it('records the files of the articles of before, and keeps one reminder per article and day', async () => {
    opened = await openTestDb();
    await opened.migrate();
    const db = opened.handle.db;
    await seedDemo(db);
    const untyped = db as unknown as Kysely<unknown>;
    const migration = articleFiles(columnKit(opened.handle.engine));
    await migration.down(untyped);

    const admin = await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const file = (id: string) => ({
      id,
      name: `${id}.png`,
      size: 3,
      mime: 'image/png',
      sha256: 'x',
      storage_path: `files/${id}`,
      uploader_id: admin.id,
      created_at: now,
    });
    await db
      .insertInto('files')
      .values([file('coverAAA'), file('imageBBB'), file('imageCCC')])
      .execute();
    const { id } = await db
      .insertInto('articles')
      .values({
        title: '旧文章',
        content:
          '<p><img src="/api/files/download/imageBBB" /><img src="/api/files/download/gone1234?x=1" /><img src="/api/files/download/imageCCC" /><img src="/api/files/download/imageBBB" /></p>',
        cover_file_id: 'coverAAA',
        author_id: admin.id,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    await migration.up(untyped);
    const links = await db
      .selectFrom('article_files')
      .select(['file_id', 'kind', 'position'])
      .where('article_id', '=', id)
      .orderBy('kind')
      .orderBy('position')
      .execute();
    expect(links).toEqual([
      { file_id: 'imageBBB', kind: 'content', position: 0 },
      { file_id: 'imageCCC', kind: 'content', position: 1 },
      { file_id: 'coverAAA', kind: 'cover', position: 0 },
    ]);

    const reminder = { article_id: id, day: '2026-11-27', reminded_by: admin.id, reminded_at: now, user_count: 3 };
    await db.insertInto('article_reminders').values(reminder).execute();
    await expect(db.insertInto('article_reminders').values(reminder).execute()).rejects.toThrow();
    await db
      .insertInto('article_reminders')
      .values({ ...reminder, day: '2026-11-28' })
      .execute();
    // Deleting the article takes its rows along.
    await db.deleteFrom('articles').where('id', '=', id).execute();
    expect(await db.selectFrom('article_files').selectAll().where('article_id', '=', id).execute()).toEqual([]);
    expect(await db.selectFrom('article_reminders').selectAll().where('article_id', '=', id).execute()).toEqual([]);
  });
});
