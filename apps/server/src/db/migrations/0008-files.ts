import type { Kysely } from 'kysely';
import type { ColumnKit } from './columns';

/**
 * Uploaded files (SPEC §7 Files, docs/files.md). `files.id` is a random, unguessable text id (it is what a
 * bill's attachment field holds); the bytes live on disk under `<uploadsDir>/<storage_path>`, stored as
 * uploaded. `bill_files` records which bills' forms name a file: it is what lets a bill's readers download
 * it, and what the bills service replaces on every save of the form. A file may be named by several bills
 * (a copied bill keeps its attachments), hence a link table rather than a bill id on the file.
 */
export function files(kit: ColumnKit) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('files')
        .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('name', 'varchar(255)', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('mime', 'varchar(127)', (c) => c.notNull())
        .addColumn('sha256', 'char(64)', (c) => c.notNull())
        .addColumn('storage_path', 'varchar(255)', (c) => c.notNull())
        .addColumn('uploader_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', kit.timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('files_uploader').on('files').columns(['uploader_id', 'created_at']).execute();

      await db.schema
        .createTable('bill_files')
        .addColumn('bill_id', 'integer', (c) => c.notNull().references('bills.id').onDelete('cascade'))
        .addColumn('file_id', 'varchar(64)', (c) => c.notNull().references('files.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('bill_files_pk', ['bill_id', 'file_id'])
        .execute();
      // Who may download a file: the bills that name it.
      await db.schema.createIndex('bill_files_file').on('bill_files').column('file_id').execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('bill_files').execute();
      await db.schema.dropTable('files').execute();
    },
  };
}
