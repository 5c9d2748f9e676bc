import type { Kysely } from 'kysely';
import type { ColumnKit } from './columns';

/**
 * Files in articles and 提醒 (issue 15, docs/articles-api.md):
 * - `article_files`: the files an article names — the images of its text (`content`), its cover (`cover`), its
 *   附件 (`attachment`, in `position` order). Replaced on every save; what lets the article's readers download them
 *   (docs/files.md "Who may download"). Articles saved before this migration get their cover and the images of
 *   their text, so what readers saw before stays downloadable to them.
 * - `article_reminders`: one row per 提醒 of an article and Asia/Shanghai calendar day. Its primary key is the
 *   once-a-day promise: of two reminders at once the second insert conflicts and sends nothing.
 */

/** The ids of our own downloads in an article's text, as the sanitiser lets them stand (article-html.ts OWN_IMAGE). */
const IMAGE_SOURCE = /\/api\/files\/download\/([A-Za-z0-9_-]{1,64})/g;

export function articleFiles(kit: ColumnKit) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('article_files')
        .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
        .addColumn('file_id', 'varchar(64)', (c) => c.notNull().references('files.id').onDelete('cascade'))
        // 'content' | 'cover' | 'attachment'.
        .addColumn('kind', 'varchar(12)', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('article_files_pk', ['article_id', 'kind', 'file_id'])
        .execute();
      // The download rule asks which articles name a file.
      await db.schema.createIndex('article_files_file_idx').on('article_files').column('file_id').execute();

      await db.schema
        .createTable('article_reminders')
        .addColumn('article_id', 'integer', (c) => c.notNull().references('articles.id').onDelete('cascade'))
        // YYYY-MM-DD on the Asia/Shanghai calendar.
        .addColumn('day', 'varchar(10)', (c) => c.notNull())
        .addColumn('reminded_by', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('reminded_at', kit.timestamp, (c) => c.notNull())
        .addColumn('user_count', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('article_reminders_pk', ['article_id', 'day'])
        .execute();

      // Kysely<unknown> knows no tables: the rows of before are read and written untyped.
      const untyped = db as unknown as Kysely<{
        articles: { id: number; content: string; cover_file_id: string | null };
        files: { id: string };
        article_files: { article_id: number; file_id: string; kind: string; position: number };
      }>;
      const rows = await untyped.selectFrom('articles').select(['id', 'content', 'cover_file_id']).execute();
      const named = rows.map((row) => ({
        id: row.id,
        cover: row.cover_file_id,
        images: [...new Set([...row.content.matchAll(IMAGE_SOURCE)].map((m) => m[1] ?? ''))],
      }));
      const wanted = [...new Set(named.flatMap((a) => [...a.images, ...(a.cover ? [a.cover] : [])]))];
      const existing = new Set<string>();
      for (let i = 0; i < wanted.length; i += 500) {
        const found = await untyped
          .selectFrom('files')
          .select('id')
          .where('id', 'in', wanted.slice(i, i + 500))
          .execute();
        for (const file of found) existing.add(file.id);
      }
      const links = named.flatMap((a) => [
        ...a.images.filter((id) => existing.has(id)).map((file_id, position) => ({ article_id: a.id, file_id, kind: 'content', position })),
        ...(a.cover && existing.has(a.cover) ? [{ article_id: a.id, file_id: a.cover, kind: 'cover', position: 0 }] : []),
      ]);
      for (let i = 0; i < links.length; i += 500)
        await untyped
          .insertInto('article_files')
          .values(links.slice(i, i + 500))
          .execute();
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('article_reminders').execute();
      await db.schema.dropIndex('article_files_file_idx').execute();
      await db.schema.dropTable('article_files').execute();
    },
  };
}
