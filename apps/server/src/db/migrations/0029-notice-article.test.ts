import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../../test/harness';
import { seedDemo } from '../../seed/seed';
import { noticeArticle } from './0029-notice-article';

/** Migration 0029 on both engines: a notification keeps the article it names; the way down drops the column, up brings it back. */

let opened: TestDb | undefined;
afterEach(async () => {
  await opened?.handle.close();
  await opened?.drop();
  opened = undefined;
});

describe('migration 0029-notice-article', () => {
  it('stores an article id on a notification, and goes down and up again', async () => {
    opened = await openTestDb();
    await opened.migrate();
    const db = opened.handle.db;
    await seedDemo(db);
    const user = await db.selectFrom('users').select('id').where('username', '=', 'zhangsan').executeTakeFirstOrThrow();
    const notice = (articleId: number | null) => ({
      user_id: user.id,
      kind: 'article',
      bill_id: null,
      article_id: articleId,
      actor_id: null,
      detail: '通知',
      created_at: new Date().toISOString(),
    });
    await db.insertInto('notifications').values(notice(42)).execute();
    const stored = await db.selectFrom('notifications').select('article_id').where('kind', '=', 'article').execute();
    expect(stored).toEqual([{ article_id: 42 }]);

    const migration = noticeArticle();
    const untyped = db as unknown as Kysely<unknown>;
    await migration.down(untyped);
    await expect(db.selectFrom('notifications').select('article_id').execute()).rejects.toThrow();
    await migration.up(untyped);
    await db.insertInto('notifications').values(notice(43)).execute();
    const after = await db.selectFrom('notifications').select('article_id').where('kind', '=', 'article').execute();
    expect(after).toEqual([{ article_id: null }, { article_id: 43 }]);
  });
});
