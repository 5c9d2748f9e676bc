import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../../test/harness';
import { seedDemo } from '../../seed/seed';
import { pointSourceBigint } from './0027-point-source-bigint';

/** Migration 0027 on both engines: a task key beyond 32 bits is stored and read back exactly, and the way down works. */

let opened: TestDb | undefined;
afterEach(async () => {
  await opened?.handle.close();
  await opened?.drop();
  opened = undefined;
});

describe('migration 0027-point-source-bigint', () => {
  it('keeps a task key of 15 digits, and goes down (dropping task awards) and up again', async () => {
    opened = await openTestDb();
    await opened.migrate();
    const db = opened.handle.db;
    await seedDemo(db);
    const user = await db.selectFrom('users').select('id').where('username', '=', 'zhangsan').executeTakeFirstOrThrow();
    const key = 999_999_999_999_999;
    const row = (sourceKind: string, sourceId: number) => ({
      user_id: user.id,
      points: 1,
      reason: '测试',
      source_kind: sourceKind,
      source_id: sourceId,
      created_at: new Date().toISOString(),
      created_by: null,
    });
    await db.insertInto('point_ledger').values(row('approval_timely', key)).execute();
    await expect(db.insertInto('point_ledger').values(row('approval_timely', key)).execute()).rejects.toThrow();
    const stored = await db.selectFrom('point_ledger').select('source_id').where('source_kind', '=', 'approval_timely').execute();
    expect(stored).toEqual([{ source_id: key }]);

    await db.insertInto('point_ledger').values(row('article_confirm', 7)).execute();
    const migration = pointSourceBigint(opened.handle.engine);
    const untyped = db as unknown as Kysely<unknown>;
    await migration.down(untyped);
    const kinds = await db.selectFrom('point_ledger').select('source_kind').execute();
    expect(kinds.map((k) => k.source_kind)).toEqual(
      opened.handle.engine === 'postgres' ? ['article_confirm'] : ['approval_timely', 'article_confirm'],
    );
    await migration.up(untyped);
    await db
      .insertInto('point_ledger')
      .values(row('approval_timely', key - 1))
      .execute();
  });
});
