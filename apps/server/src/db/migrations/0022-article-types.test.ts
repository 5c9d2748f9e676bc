import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../../test/harness';
import type { Db } from '../index';
import { seedDemo } from '../../seed/seed';
import { columnKit } from './columns';
import { articleTypes } from './0022-article-types';
import { articleMenus } from './0026-article-menus';
import { articleReaderIndexes } from './0028-article-reader-indexes';

/**
 * Migration 0022 on both engines: an installation seeded before it gets what the seed now gives a new one — the
 * administrator role holds article_admin, and 公告管理 → 文章类型 sits between 审批 and 系统管理.
 */

let opened: TestDb | undefined;
afterEach(async () => {
  await opened?.handle.close();
  await opened?.drop();
  opened = undefined;
});

const topFolders = async (db: Db) =>
  (await db.selectFrom('menus').select('path').where('parent_id', 'is', null).orderBy('sort').execute()).map((m) => m.path);

const articlePages = (db: Db) =>
  db
    .selectFrom('menus as m')
    .innerJoin('menus as parent', 'parent.id', 'm.parent_id')
    .select(['m.name', 'm.path', 'm.permission', 'm.icon', 'parent.name as folder'])
    .where('parent.path', '=', '/article')
    .execute();

const adminGrants = async (db: Db) =>
  (
    await db
      .selectFrom('role_permissions as p')
      .innerJoin('roles as r', 'r.id', 'p.role_id')
      .select('p.permission')
      .where('r.key', '=', 'admin')
      .where('p.permission', '=', 'article_admin')
      .execute()
  ).length;

describe('migration 0022-article-types', () => {
  it('grants article_admin to the administrator role and adds 公告管理 → 文章类型 on an installation that predates it', async () => {
    opened = await openTestDb();
    await opened.migrate();
    const db = opened.handle.db;
    await seedDemo(db);
    // The menu as it stood before 0026 added 公告 and 文章管理 (its own test covers those).
    await articleMenus().down(db as unknown as Kysely<unknown>);
    const folders = await topFolders(db);
    expect(folders).toEqual(['/home', '/office', '/article', '/survey', '/holiday', '/system']);
    const pages = await articlePages(db);
    expect(pages).toEqual([
      { name: '文章类型', path: '/article/types', permission: 'article_admin', icon: 'TagsOutlined', folder: '公告管理' },
    ]);
    expect(await adminGrants(db)).toBe(1);

    const untyped = db as unknown as Kysely<unknown>;
    const migration = articleTypes(columnKit(opened.handle.engine));
    // 0028's indexes name articles.type_id, which SQLite will not drop under an index: the way down goes through 0028.
    await articleReaderIndexes().down(untyped);
    await migration.down(untyped);
    expect(await topFolders(db)).toEqual(['/home', '/office', '/survey', '/holiday', '/system']);
    expect(await adminGrants(db)).toBe(0);
    await migration.up(untyped);
    await articleReaderIndexes().up(untyped);
    expect(await topFolders(db)).toEqual(folders);
    expect(await articlePages(db)).toEqual(pages);
    expect(await adminGrants(db)).toBe(1);
  });

  it('adds no menu entry to a new database: the seed brings it', async () => {
    opened = await openTestDb();
    await opened.migrate();
    expect(await opened.handle.db.selectFrom('menus').select('id').execute()).toEqual([]);
  });
});
