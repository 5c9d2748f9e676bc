import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../../test/harness';
import { seedDemo } from '../../seed/seed';
import { columnKit } from './columns';
import { holidayEntitlement } from './0038-holiday-entitlement';

/**
 * Migration 0038 on both engines: the rules row starts with the statutory scale, a removed person takes their
 * 参加工作日期 and grants along, and the tables go down and come up again with the row.
 */

let opened: TestDb | undefined;
afterEach(async () => {
  await opened?.handle.close();
  await opened?.drop();
  opened = undefined;
});

describe('migration 0038-holiday-entitlement', () => {
  it('starts with the statutory rules, cascades with the person, and goes down and up again', async () => {
    opened = await openTestDb();
    await opened.migrate();
    const db = opened.handle.db;
    await seedDemo(db);
    const rules = async () => {
      const row = await db.selectFrom('holiday_entitlement_rules').selectAll().executeTakeFirstOrThrow();
      return { ...row, tiers: JSON.parse(row.tiers) as unknown, carry_max_days: Number(row.carry_max_days) };
    };
    expect(await rules()).toEqual({
      id: 1,
      tiers: [
        { years: 1, days: 5 },
        { years: 10, days: 10 },
        { years: 20, days: 15 },
      ],
      carry_max_days: 5,
      carry_until: '03-31',
      updated_at: null,
      updated_by: null,
    });

    const now = new Date().toISOString();
    const person = await db
      .insertInto('users')
      .values({ username: 'm0038', password_hash: 'x', name: '迁移', dept_id: null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('holiday_profiles')
      .values({ user_id: person.id, work_start_day: '2001-07-01', updated_at: now, updated_by: null })
      .execute();
    await db
      .insertInto('holiday_entitlements')
      .values({
        user_id: person.id,
        year: 2031,
        statutory_day: 15,
        carried_day: 2.5,
        carry_expires_on: '2031-03-31',
        granted_at: now,
        granted_by: null,
      })
      .execute();
    await db.deleteFrom('users').where('id', '=', person.id).execute();
    expect(await db.selectFrom('holiday_profiles').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('holiday_entitlements').selectAll().execute()).toEqual([]);

    const migration = holidayEntitlement(columnKit(opened.handle.engine));
    const untyped = db as unknown as Kysely<unknown>;
    await migration.down(untyped);
    await expect(db.selectFrom('holiday_entitlement_rules').selectAll().execute()).rejects.toThrow();
    await migration.up(untyped);
    expect((await rules()).carry_until).toBe('03-31');
    expect(await db.selectFrom('holiday_profiles').selectAll().execute()).toEqual([]);
  });
});
