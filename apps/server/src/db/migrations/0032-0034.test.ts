import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../../test/harness';
import type { Db } from '../index';
import { seedDemo } from '../../seed/seed';
import { columnKit } from './columns';
import { workCalendar } from './0032-work-calendar';
import { holidayMenus } from './0034-holiday-menus';
import { leaveMenus } from './0036-leave-menus';
import { leaveTypeMenus } from './0037-leave-type-menus';

/**
 * Migrations 0032 and 0034 on both engines: the administrator role gets holiday_admin once, the table goes down and
 * up, and an installation seeded before gets 假期管理 after 问卷 as the seed gives it.
 */

let opened: TestDb | undefined;
afterEach(async () => {
  await opened?.handle.close();
  await opened?.drop();
  opened = undefined;
});

const adminGrants = async (db: Db) =>
  (
    await db
      .selectFrom('role_permissions as p')
      .innerJoin('roles as r', 'r.id', 'p.role_id')
      .select('p.permission')
      .where('r.key', '=', 'admin')
      .where('p.permission', '=', 'holiday_admin')
      .execute()
  ).length;

describe('migration 0032-work-calendar', () => {
  it('grants holiday_admin to the administrator role once, and goes down and up again', async () => {
    opened = await openTestDb();
    await opened.migrate();
    const db = opened.handle.db;
    await seedDemo(db);
    expect(await adminGrants(db)).toBe(1);
    const migration = workCalendar(columnKit(opened.handle.engine));
    const untyped = db as unknown as Kysely<unknown>;
    await migration.down(untyped);
    expect(await adminGrants(db)).toBe(0);
    await migration.up(untyped);
    await db
      .insertInto('work_calendar')
      .values({ day: '2031-10-01', kind: 'holiday', name: '国庆节', updated_at: new Date().toISOString(), updated_by: null })
      .execute();
    expect(await adminGrants(db)).toBe(1);
    expect(await db.selectFrom('work_calendar').select('day').execute()).toEqual([{ day: '2031-10-01' }]);
  });
});

const topLevel = async (db: Db) =>
  (await db.selectFrom('menus').select('path').where('parent_id', 'is', null).orderBy('sort').execute()).map((m) => m.path);

const holidayPages = (db: Db) =>
  db
    .selectFrom('menus as m')
    .innerJoin('menus as parent', 'parent.id', 'm.parent_id')
    .select(['m.name', 'm.path', 'm.permission'])
    .where('parent.path', '=', '/holiday')
    .orderBy('m.sort')
    .execute();

describe('migrations 0034-holiday-menus, 0036-leave-menus and 0037-leave-type-menus', () => {
  it('adds 假期管理 after 问卷 with everyone’s leave pages and HR’s, as the seed does, once', async () => {
    opened = await openTestDb();
    await opened.migrate();
    const db = opened.handle.db;
    await seedDemo(db);
    const seeded = await topLevel(db);
    expect(seeded).toEqual(['/home', '/article/list', '/office', '/article', '/survey', '/holiday', '/system']);
    const pages = await holidayPages(db);
    expect(pages).toEqual([
      { name: '我的假期', path: '/holiday/mine', permission: null },
      { name: '请假记录', path: '/holiday/details', permission: null },
      { name: '假期额度', path: '/holiday/stats', permission: 'holiday_admin' },
      { name: '工作日历', path: '/holiday/calendar', permission: 'holiday_admin' },
      { name: '请假类型', path: '/holiday/types', permission: 'holiday_admin' },
    ]);
    const untyped = db as unknown as Kysely<unknown>;
    await leaveTypeMenus().down(untyped);
    await leaveMenus().down(untyped);
    await holidayMenus().down(untyped);
    expect(await topLevel(db)).not.toContain('/holiday');
    // 0036 without the folder leaves the menu alone.
    await leaveMenus().up(untyped);
    expect(await db.selectFrom('menus').select('id').where('path', '=', '/holiday/mine').execute()).toEqual([]);
    for (let twice = 0; twice < 2; twice += 1) {
      await holidayMenus().up(untyped);
      await leaveMenus().up(untyped);
      await leaveTypeMenus().up(untyped);
    }
    expect(await topLevel(db)).toEqual(seeded);
    expect(await holidayPages(db)).toEqual(pages);
  });
});
