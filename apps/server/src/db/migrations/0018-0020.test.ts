import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../../test/harness';
import { billLinks } from './0018-bill-links';
import { noticeMail } from './0019-notice-mail';
import { billArchive } from './0020-bill-archive';
import { columnKit } from './columns';

/** Migrations 0018 (关联审批), 0019 (mail of notifications) and 0020 (归档) go down and up again on both engines. */

let opened: TestDb | undefined;
afterEach(async () => {
  await opened?.handle.close();
  await opened?.drop();
  opened = undefined;
});

describe('migrations 0018-bill-links, 0019-notice-mail and 0020-bill-archive', () => {
  it('undo and redo cleanly, leaving the tables usable', async () => {
    opened = await openTestDb();
    await opened.migrate();
    const untyped = opened.handle.db as unknown as Kysely<unknown>;
    const kit = columnKit(opened.handle.engine);
    await billArchive(kit).down(untyped);
    await noticeMail(kit).down(untyped);
    await billLinks(kit).down(untyped);
    await billLinks(kit).up(untyped);
    await noticeMail(kit).up(untyped);
    await billArchive(kit).up(untyped);
    const db = opened.handle.db;
    expect(await db.selectFrom('bill_links').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('notice_settings').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('notifications').select('mail_state').execute()).toEqual([]);
    expect(await db.selectFrom('bills').select(['archive_no', 'archived_at']).execute()).toEqual([]);
    expect(await db.selectFrom('archive_counters').selectAll().execute()).toEqual([]);
  });
});
