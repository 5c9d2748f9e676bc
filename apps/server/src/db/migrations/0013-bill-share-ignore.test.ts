import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../../test/harness';
import type { Db } from '../index';
import { seedDemo } from '../../seed/seed';
import { billShareIgnore } from './0013-bill-share-ignore';
import { billShareRead } from './0014-bill-share-read';
import { columnKit } from './columns';

/** Migration 0013 on both engines: the 抄送我的 entry an existing installation lacks, right after 我关注的. */

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

describe('migration 0013-bill-share-ignore', () => {
  it('adds 抄送我的 under 审批, after 我关注的, on an installation that predates it', async () => {
    opened = await openTestDb();
    await opened.migrate();
    const db = opened.handle.db;
    await seedDemo(db);
    const seeded = await approvalPages(db);
    const names = seeded.map((page) => page.name);
    expect(names.indexOf('抄送我的')).toBe(names.indexOf('我关注的') + 1);
    expect(seeded.find((page) => page.path === '/office/approval/shared')).toMatchObject({ permission: null, keep_alive: 1 });

    const untyped = db as unknown as Kysely<unknown>;
    const migration = billShareIgnore(columnKit(opened.handle.engine));
    // 0014's index names the column 0013 adds: it goes first and comes back last.
    const readState = billShareRead(columnKit(opened.handle.engine));
    await readState.down(untyped);
    await migration.down(untyped);
    expect((await approvalPages(db)).map((page) => page.name)).not.toContain('抄送我的');
    await migration.up(untyped);
    await readState.up(untyped);
    expect(await approvalPages(db)).toEqual(seeded);
  });

  it('adds no menu entry to a new database: the seed brings it', async () => {
    opened = await openTestDb();
    await opened.migrate();
    expect(await opened.handle.db.selectFrom('menus').select('id').execute()).toEqual([]);
  });
});
