import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../../test/harness';
import { billShareRead } from './0014-bill-share-read';
import { notifications } from './0016-notifications';
import { columnKit } from './columns';

/** Migrations 0014 (share read state) and 0016 (notifications, urges) go down and up again on both engines. */

let opened: TestDb | undefined;
afterEach(async () => {
  await opened?.handle.close();
  await opened?.drop();
  opened = undefined;
});

describe('migrations 0014-bill-share-read and 0016-notifications', () => {
  it('undo and redo cleanly, leaving the tables usable', async () => {
    opened = await openTestDb();
    await opened.migrate();
    const untyped = opened.handle.db as unknown as Kysely<unknown>;
    const kit = columnKit(opened.handle.engine);
    await notifications(kit).down(untyped);
    await billShareRead(kit).down(untyped);
    await billShareRead(kit).up(untyped);
    await notifications(kit).up(untyped);
    const db = opened.handle.db;
    expect(await db.selectFrom('notifications').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('bill_urges').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('bill_shares').select(['read_at', 'ignored_at']).execute()).toEqual([]);
  });
});
