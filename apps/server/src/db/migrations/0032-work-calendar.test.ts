import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../../test/harness';
import type { Db } from '../index';
import { seedDemo } from '../../seed/seed';
import { columnKit } from './columns';
import { workCalendar } from './0032-work-calendar';

/** Migration 0032 on both engines: the administrator role gets holiday_admin once, and the table goes down and up. */

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
    await db.insertInto('work_calendar').values({ day: '2031-10-01', kind: 'holiday', name: '国庆节', updated_at: new Date().toISOString(), updated_by: null }).execute();
    expect(await adminGrants(db)).toBe(1);
    expect(await db.selectFrom('work_calendar').select('day').execute()).toEqual([{ day: '2031-10-01' }]);
  });
});
