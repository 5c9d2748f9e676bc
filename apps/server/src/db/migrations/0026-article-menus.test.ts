import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../../test/harness';
import type { Db } from '../index';
import { seedDemo } from '../../seed/seed';
import { articleMenus } from './0026-article-menus';

/**
 * Migration 0026 on both engines: an installation seeded before it gets what the seed now gives a new one — 公告 right
 * after 首页 for everyone, and 文章管理 first in 公告管理, for article_admin.
 */

let opened: TestDb | undefined;
afterEach(async () => {
  await opened?.handle.close();
  await opened?.drop();
  opened = undefined;
});

const topLevel = async (db: Db) =>
  (await db.selectFrom('menus').select(['path', 'permission']).where('parent_id', 'is', null).orderBy('sort').execute()).map(
    (m) => `${m.path}${m.permission ? `:${m.permission}` : ''}`,
  );

const articlePages = (db: Db) =>
  db
    .selectFrom('menus as m')
    .innerJoin('menus as parent', 'parent.id', 'm.parent_id')
    .select(['m.name', 'm.path', 'm.permission', 'm.icon', 'm.keep_alive'])
    .where('parent.path', '=', '/article')
    .orderBy('m.sort')
    .execute();

describe('migration 0026-article-menus', () => {
  it('adds 公告 after 首页 and 文章管理 before 文章类型 on an installation that predates it, as the seed does', async () => {
    opened = await openTestDb();
    await opened.migrate();
    const db = opened.handle.db;
    await seedDemo(db);
    const seeded = await topLevel(db);
    expect(seeded).toEqual(['/home', '/article/list', '/office', '/article', '/survey', '/holiday', '/system']);
    const pages = await articlePages(db);
    expect(pages).toEqual([
      { name: '文章管理', path: '/article/manage', permission: 'article_admin', icon: 'FileTextOutlined', keep_alive: 1 },
      { name: '文章类型', path: '/article/types', permission: 'article_admin', icon: 'TagsOutlined', keep_alive: 0 },
    ]);

    const untyped = db as unknown as Kysely<unknown>;
    const migration = articleMenus();
    await migration.down(untyped);
    expect(await topLevel(db)).toEqual(['/home', '/office', '/article', '/survey', '/holiday', '/system']);
    expect((await articlePages(db)).map((p) => p.path)).toEqual(['/article/types']);
    await migration.up(untyped);
    expect(await topLevel(db)).toEqual(seeded);
    expect(await articlePages(db)).toEqual(pages);

    // Run again: nothing is added twice.
    await migration.up(untyped);
    expect(await topLevel(db)).toEqual(seeded);
    expect(await articlePages(db)).toEqual(pages);
  });

  it('leaves a 公告管理 folder taken away by hand alone, and still adds 公告', async () => {
    opened = await openTestDb();
    await opened.migrate();
    const db = opened.handle.db;
    await seedDemo(db);
    const untyped = db as unknown as Kysely<unknown>;
    const migration = articleMenus();
    await migration.down(untyped);
    await db.deleteFrom('menus').where('path', 'like', '/article%').execute();
    await migration.up(untyped);
    expect(await topLevel(db)).toEqual(['/home', '/article/list', '/office', '/survey', '/holiday', '/system']);
    expect(await db.selectFrom('menus').select('id').where('path', '=', '/article/manage').execute()).toEqual([]);
  });

  it('adds no menu entry to a new database: the seed brings it', async () => {
    opened = await openTestDb();
    await opened.migrate();
    expect(await opened.handle.db.selectFrom('menus').select('id').execute()).toEqual([]);
  });
});
