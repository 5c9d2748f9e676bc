import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../../test/harness';
import type { Db } from '../index';
import { seedDemo } from '../../seed/seed';
import { entrustPage } from './0017-entrust-page';

/** Migration 0017 on both engines: the 委托管理 entry an existing installation lacks, right after 抄送我的. */

let opened: TestDb | undefined;
afterEach(async () => {
  await opened?.handle.close();
  await opened?.drop();
  opened = undefined;
});

const approvalPages = (db: Db) =>
  db
    .selectFrom('menus as m')
    .innerJoin('menus as parent', 'parent.id', 'm.parent_id')
    .select(['m.name', 'm.path', 'm.permission', 'm.keep_alive', 'parent.path as parent_path'])
    .where('parent.path', '=', '/office')
    .orderBy('m.sort')
    .execute();

describe('migration 0017-entrust-page', () => {
  it('adds 委托管理 under 审批, after 抄送我的 and for everyone, on an installation that predates it', async () => {
    opened = await openTestDb();
    await opened.migrate();
    const db = opened.handle.db;
    await seedDemo(db);
    const seeded = await approvalPages(db);
    const names = seeded.map((page) => page.name);
    expect(names.indexOf('委托管理')).toBe(names.indexOf('抄送我的') + 1);
    expect(seeded.find((page) => page.path === '/office/approval/entrust')).toMatchObject({ permission: null, keep_alive: 1 });

    const untyped = db as unknown as Kysely<unknown>;
    const migration = entrustPage();
    await migration.down(untyped);
    expect((await approvalPages(db)).map((page) => page.name)).not.toContain('委托管理');
    await migration.up(untyped);
    expect(await approvalPages(db)).toEqual(seeded);
    // Run twice (a restore of an old backup over a seeded menu): still one entry.
    await migration.up(untyped);
    expect(await approvalPages(db)).toEqual(seeded);
  });

  it('adds no menu entry to a new database: the seed brings it', async () => {
    opened = await openTestDb();
    await opened.migrate();
    expect(await opened.handle.db.selectFrom('menus').select('id').execute()).toEqual([]);
  });
});
