import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../../test/harness';
import type { Db } from '../index';
import { seedDemo } from '../../seed/seed';
import { columnKit } from './columns';
import { surveys } from './0030-surveys';
import { surveyMenus } from './0031-survey-menus';
import { surveyResultCounters } from './0040-survey-result-counters';

/**
 * Migrations 0030 and 0031 on both engines: an installation seeded before them gets what the seed gives a new one —
 * survey_admin for the administrator role, and the 问卷 folder after 公告管理 with its three pages — and both go down
 * and up again.
 */

let opened: TestDb | undefined;
afterEach(async () => {
  await opened?.handle.close();
  await opened?.drop();
  opened = undefined;
});

const topLevel = async (db: Db) =>
  (await db.selectFrom('menus').select('path').where('parent_id', 'is', null).orderBy('sort').execute()).map((m) => m.path);

const surveyPages = (db: Db) =>
  db
    .selectFrom('menus as m')
    .innerJoin('menus as parent', 'parent.id', 'm.parent_id')
    .select(['m.name', 'm.path', 'm.permission', 'm.icon', 'm.keep_alive'])
    .where('parent.path', '=', '/survey')
    .orderBy('m.sort')
    .execute();

const adminGrants = async (db: Db) =>
  (
    await db
      .selectFrom('role_permissions as p')
      .innerJoin('roles as r', 'r.id', 'p.role_id')
      .select('p.permission')
      .where('r.key', '=', 'admin')
      .where('p.permission', '=', 'survey_admin')
      .execute()
  ).length;

describe('migrations 0030-surveys and 0031-survey-menus', () => {
  it('add the 问卷 folder after 公告管理 as the seed does, grant survey_admin, and go down and up again', async () => {
    opened = await openTestDb();
    await opened.migrate();
    const db = opened.handle.db;
    await seedDemo(db);
    const seeded = await topLevel(db);
    expect(seeded).toEqual(['/home', '/article/list', '/office', '/article', '/survey', '/holiday', '/system']);
    const pages = await surveyPages(db);
    expect(pages).toEqual([
      { name: '我的问卷', path: '/survey/mine', permission: null, icon: 'ProfileOutlined', keep_alive: 1 },
      { name: '待我评价', path: '/feedback/pending', permission: null, icon: 'LikeOutlined', keep_alive: 1 },
      { name: '问卷管理', path: '/survey/manage', permission: 'survey_admin', icon: 'FileSearchOutlined', keep_alive: 1 },
    ]);
    expect(await adminGrants(db)).toBe(1);

    const untyped = db as unknown as Kysely<unknown>;
    const menus = surveyMenus();
    const tables = surveys(columnKit(opened.handle.engine));
    // The result counters (0040) hang off the survey tables: they come down first and go up after.
    const counters = surveyResultCounters(columnKit(opened.handle.engine));
    await menus.down(untyped);
    await counters.down(untyped);
    await tables.down(untyped);
    expect(await topLevel(db)).toEqual(['/home', '/article/list', '/office', '/article', '/holiday', '/system']);
    expect(await adminGrants(db)).toBe(0);

    await tables.up(untyped);
    await counters.up(untyped);
    await menus.up(untyped);
    expect(await topLevel(db)).toEqual(seeded);
    expect(await surveyPages(db)).toEqual(pages);
    expect(await adminGrants(db)).toBe(1);

    // Run again: nothing is added twice.
    await menus.up(untyped);
    expect(await surveyPages(db)).toEqual(pages);
  });

  it('leaves a database without menus alone (the seed adds them later)', async () => {
    opened = await openTestDb();
    await opened.migrate();
    expect(await topLevel(opened.handle.db)).toEqual([]);
  });
});
