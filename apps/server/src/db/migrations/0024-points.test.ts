import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../../test/harness';
import type { Db } from '../index';
import { seedDemo } from '../../seed/seed';
import { columnKit } from './columns';
import { points } from './0024-points';

/**
 * Migration 0024 on both engines: an installation seeded before it gets point_admin on its administrator role (once,
 * however often the grant runs), staff keep point_rank, and the ledger's unique key refuses a second award for one
 * source while adjustments (no source id) may repeat.
 */

let opened: TestDb | undefined;
afterEach(async () => {
  await opened?.handle.close();
  await opened?.drop();
  opened = undefined;
});

const grantsOf = async (db: Db, permission: string) =>
  (
    await db
      .selectFrom('role_permissions as p')
      .innerJoin('roles as r', 'r.id', 'p.role_id')
      .select('r.key')
      .where('p.permission', '=', permission)
      .orderBy('r.key')
      .execute()
  ).map((r) => r.key);

describe('migration 0024-points', () => {
  it('grants point_admin to the administrator role of an installation that predates it', async () => {
    opened = await openTestDb();
    await opened.migrate();
    const db = opened.handle.db;
    await seedDemo(db);
    expect(await grantsOf(db, 'point_admin')).toEqual(['admin']);
    expect(await grantsOf(db, 'point_rank')).toEqual(['admin', 'staff']);

    const untyped = db as unknown as Kysely<unknown>;
    const migration = points(columnKit(opened.handle.engine));
    await migration.down(untyped);
    expect(await grantsOf(db, 'point_admin')).toEqual([]);
    await migration.up(untyped);
    expect(await grantsOf(db, 'point_admin')).toEqual(['admin']);
  });

  it('keeps one award per person and source, and lets adjustments repeat', async () => {
    opened = await openTestDb();
    await opened.migrate();
    const db = opened.handle.db;
    await seedDemo(db);
    const user = await db.selectFrom('users').select('id').where('username', '=', 'zhangsan').executeTakeFirstOrThrow();
    const row = (sourceKind: string, sourceId: number | null) => ({
      user_id: user.id,
      points: 1,
      reason: '测试',
      source_kind: sourceKind,
      source_id: sourceId,
      created_at: new Date().toISOString(),
      created_by: null,
    });
    await db.insertInto('point_ledger').values(row('article_confirm', 7)).execute();
    await expect(db.insertInto('point_ledger').values(row('article_confirm', 7)).execute()).rejects.toThrow();
    await db
      .insertInto('point_ledger')
      .values([row('adjust', null), row('adjust', null)])
      .execute();
    const { rows } = await sql<{ n: number | string }>`select count(*) as n from point_ledger`.execute(db);
    expect(Number(rows[0]?.n)).toBe(3);
  });
});
