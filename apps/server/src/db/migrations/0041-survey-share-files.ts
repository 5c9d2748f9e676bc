import { sql, type Kysely } from 'kysely';
import type { Engine } from '../index';
import type { ColumnKit } from './columns';

/**
 * Files uploaded through a survey's public link (issue 16, docs/surveys-api.md "Public uploads"): nobody is signed in,
 * so such a file has no uploader (`uploader_id` becomes nullable) and says instead which survey's share took it
 * (`share_survey_id`) and, once a public response answers with it, which response claimed it (`response_id`; the
 * claim is a conditional update, so one file serves one response). Both are plain integers, not foreign keys: the
 * surveys module's tables come and go without the files table holding them (0030's down stays whole), a survey with a
 * response cannot be deleted (and so neither can the response), and neither engine reuses an id.
 *
 * PostgreSQL drops the NOT NULL and adds the columns. SQLite cannot drop a NOT NULL: the table is rebuilt under the
 * procedure SQLite documents (foreign keys off outside the transaction, new table, copy, drop, rename, indexes, a
 * foreign key check, commit), so `bill_files` and `article_files`, which refer to `files` by name, keep their rows.
 * SQLite runs migrations outside a transaction (Kysely: no transactional DDL there), which is what lets the pragma act.
 */

/** The columns of `files` before this migration, in order (migration 0008). */
const BEFORE = ['id', 'name', 'size', 'mime', 'sha256', 'storage_path', 'uploader_id', 'created_at'] as const;

async function rebuildSqliteFiles(db: Kysely<unknown>, kit: ColumnKit, isShareAware: boolean): Promise<void> {
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      let table = trx.schema
        .createTable('files_next')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('name', 'varchar(255)', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('mime', 'varchar(127)', (c) => c.notNull())
        .addColumn('sha256', 'char(64)', (c) => c.notNull())
        .addColumn('storage_path', 'varchar(255)', (c) => c.notNull())
        .addColumn('uploader_id', 'integer', (c) => (isShareAware ? c.references('users.id') : c.notNull().references('users.id')))
        .addColumn('created_at', kit.timestamp, (c) => c.notNull());
      if (isShareAware) {
        table = table.addColumn('share_survey_id', 'integer').addColumn('response_id', 'integer');
      }
      await table.execute();
      const columns = sql.join(BEFORE.map((c) => sql.ref(c)));
      // Going down, the files nobody uploaded cannot stay (their uploader would be null); their bytes stay on disk.
      const kept = isShareAware ? sql`` : sql` where uploader_id is not null`;
      await sql`insert into files_next (${columns}) select ${columns} from files${kept}`.execute(trx);
      await sql`drop table files`.execute(trx);
      await sql`alter table files_next rename to files`.execute(trx);
      await trx.schema.createIndex('files_uploader').on('files').columns(['uploader_id', 'created_at']).execute();
      if (isShareAware) await trx.schema.createIndex('files_share_survey').on('files').columns(['share_survey_id', 'created_at']).execute();
      const { rows } = await sql<Record<string, unknown>>`pragma foreign_key_check`.execute(trx);
      if (rows.length > 0) throw new Error(`files rebuild broke ${rows.length} foreign keys`);
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

export function surveyShareFiles(engine: Engine, kit: ColumnKit) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (engine === 'sqlite') return rebuildSqliteFiles(db, kit, true);
      await sql`alter table files alter column uploader_id drop not null`.execute(db);
      await db.schema.alterTable('files').addColumn('share_survey_id', 'integer').execute();
      await db.schema.alterTable('files').addColumn('response_id', 'integer').execute();
      await db.schema.createIndex('files_share_survey').on('files').columns(['share_survey_id', 'created_at']).execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (engine === 'sqlite') return rebuildSqliteFiles(db, kit, false);
      await db.schema.dropIndex('files_share_survey').execute();
      await db.schema.alterTable('files').dropColumn('response_id').execute();
      await db.schema.alterTable('files').dropColumn('share_survey_id').execute();
      await sql`delete from files where uploader_id is null`.execute(db);
      await sql`alter table files alter column uploader_id set not null`.execute(db);
    },
  };
}
