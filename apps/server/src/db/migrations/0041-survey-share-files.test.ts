import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../../test/harness';
import { columnKit } from './columns';
import { surveyShareFiles } from './0041-survey-share-files';

/**
 * Migration 0041 on both engines: files may have no uploader and name a survey's share; going down drops the files
 * nobody uploaded and keeps the rest; SQLite's rebuilt table keeps the foreign keys of the tables that refer to it.
 */

let opened: TestDb | undefined;
afterEach(async () => {
  await opened?.handle.close();
  await opened?.drop();
  opened = undefined;
});

const file = (id: string, uploader: number | null) => ({
  id,
  name: `${id}.txt`,
  size: 1,
  mime: 'text/plain',
  sha256: '0'.repeat(64),
  storage_path: `files/${id}`,
  uploader_id: uploader,
  created_at: new Date().toISOString(),
});

describe('migration 0041-survey-share-files', () => {
  it('lets a file have no uploader, goes down keeping the uploaded files only, and up again', async () => {
    opened = await openTestDb();
    await opened.migrate();
    const { db, engine } = opened.handle;
    await db
      .insertInto('users')
      .values({
        username: 'u1',
        name: '甲',
        password_hash: 'x',
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute();
    const user = await db.selectFrom('users').select('id').where('username', '=', 'u1').executeTakeFirstOrThrow();
    await db.insertInto('files').values(file('mine', user.id)).execute();
    await db.insertInto('files').values(file('shared', null)).execute();

    const migration = surveyShareFiles(engine, columnKit(engine));
    const untyped = db as unknown as Kysely<unknown>;
    await migration.down(untyped);
    const kept = await sql<{ id: string; uploader_id: number }>`select id, uploader_id from files order by id`.execute(db);
    expect(kept.rows).toEqual([{ id: 'mine', uploader_id: user.id }]);
    await expect(
      sql`insert into files (id, name, size, mime, sha256, storage_path, created_at) values ('x', 'x', 1, 'x', 'x', 'x', 'x')`.execute(db),
    ).rejects.toThrow();

    await migration.up(untyped);
    await db.insertInto('files').values(file('shared', null)).execute();
    expect(await db.selectFrom('files').select(['id', 'uploader_id', 'share_survey_id', 'response_id']).orderBy('id').execute()).toEqual([
      { id: 'mine', uploader_id: user.id, share_survey_id: null, response_id: null },
      { id: 'shared', uploader_id: null, share_survey_id: null, response_id: null },
    ]);
    if (engine === 'sqlite') {
      // The rebuilt table is the one the tables naming a file refer to, and nothing dangles.
      for (const table of ['bill_files', 'article_files']) {
        const { rows } = await sql<{ table: string }>`select "table" from pragma_foreign_key_list(${table})`.execute(db);
        expect(rows.map((r) => r.table)).toContain('files');
      }
      expect((await sql`pragma foreign_key_check`.execute(db)).rows).toEqual([]);
      expect((await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db)).rows[0]?.foreign_keys).toBe(1);
    }
  });
});
