import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../../test/harness';
import type { Db } from '../index';
import { seedDemo } from '../../seed/seed';
import { templateDesigner } from './0010-template-designer';

/** Migration 0010 on both engines: the starters table, and the two menu entries an existing installation lacks. */

let opened: TestDb | undefined;
afterEach(async () => {
  await opened?.handle.close();
  await opened?.drop();
  opened = undefined;
});

async function migratedDb(): Promise<Db> {
  opened = await openTestDb();
  await opened.migrate();
  return opened.handle.db;
}

const adminPages = (db: Db) =>
  db
    .selectFrom('menus as m')
    .innerJoin('menus as parent', 'parent.id', 'm.parent_id')
    .select(['m.name', 'm.path', 'm.type', 'm.icon', 'm.permission', 'parent.path as parent_path'])
    .where('m.path', 'in', ['/office/templates', '/office/jobs'])
    .orderBy('m.sort')
    .execute();

describe('migration 0010-template-designer', () => {
  it('adds 模板管理 and 审批岗位 under 审批 on an installation that predates them', async () => {
    const db = await migratedDb();
    await seedDemo(db);
    const seeded = await adminPages(db);
    expect(seeded).toEqual([
      {
        name: '模板管理',
        path: '/office/templates',
        type: 1,
        icon: 'AppstoreOutlined',
        permission: 'template_admin',
        parent_path: '/office',
      },
      { name: '审批岗位', path: '/office/jobs', type: 1, icon: 'TeamOutlined', permission: 'template_admin', parent_path: '/office' },
    ]);
    // As before this migration: no starters table, no entries; then the migration runs on it.
    // A migration gets the database untyped, as the Migrator hands it over.
    const untyped = db as unknown as Kysely<unknown>;
    await templateDesigner().down(untyped);
    expect(await adminPages(db)).toEqual([]);
    await templateDesigner().up(untyped);
    expect(await adminPages(db)).toEqual(seeded);
    const tracked = await db.selectFrom('menus').select('sort').where('path', '=', '/office/approval/tracked').executeTakeFirstOrThrow();
    const added = await db.selectFrom('menus').select('sort').where('path', '=', '/office/templates').executeTakeFirstOrThrow();
    expect(added.sort).toBeGreaterThan(tracked.sort);
    // The table is back, with its key.
    const template = await db.selectFrom('templates').select('id').limit(1).executeTakeFirstOrThrow();
    await db.insertInto('template_starters').values({ template_id: template.id, kind: 'user', ref_id: 1 }).execute();
    await expect(
      db.insertInto('template_starters').values({ template_id: template.id, kind: 'user', ref_id: 1 }).execute(),
    ).rejects.toThrow();
  });

  it('adds no menu entries to a new database: the seed brings them', async () => {
    const db = await migratedDb();
    expect(await db.selectFrom('menus').select('id').execute()).toEqual([]);
  });
});
