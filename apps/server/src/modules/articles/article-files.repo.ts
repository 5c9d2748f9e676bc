import type { Db } from '../../db/index';
import type { ArticleFilesTable } from '../../db/schema';
import { readableBy, type Reader } from './articles.repo';

/** The files an article names (migration 0025 `article_files`): its text's images, its cover, its 附件. */

export type ArticleFileKind = ArticleFilesTable['kind'];

export interface ArticleFileLink {
  fileId: string;
  kind: ArticleFileKind;
  position: number;
}

/** Replaces what the article names; run inside the article's save. */
export async function replaceArticleFiles(db: Db, articleId: number, links: readonly ArticleFileLink[]): Promise<void> {
  await db.deleteFrom('article_files').where('article_id', '=', articleId).execute();
  if (links.length === 0) return;
  await db
    .insertInto('article_files')
    .values(links.map((l) => ({ article_id: articleId, file_id: l.fileId, kind: l.kind, position: l.position })))
    .execute();
}

/** Of `fileIds`, those the article names already (in any part): an editor may keep a colleague's image. */
export async function filesOfArticleAmong(db: Db, articleId: number, fileIds: readonly string[]): Promise<Set<string>> {
  if (fileIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('article_files')
    .select('file_id')
    .where('article_id', '=', articleId)
    .where('file_id', 'in', [...fileIds])
    .execute();
  return new Set(rows.map((r) => r.file_id));
}

/** The article's 附件 ids in their order. */
export async function attachmentIdsOf(db: Db, articleId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('article_files')
    .select('file_id')
    .where('article_id', '=', articleId)
    .where('kind', '=', 'attachment')
    .orderBy('position')
    .execute();
  return rows.map((r) => r.file_id);
}

/** Of `fileIds`, those some article names (for holders of article_admin, who may read every article). */
export async function filesOfAnyArticle(db: Db, fileIds: readonly string[]): Promise<Set<string>> {
  if (fileIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('article_files')
    .select('file_id')
    .distinct()
    .where('file_id', 'in', [...fileIds])
    .execute();
  return new Set(rows.map((r) => r.file_id));
}

/** Of `fileIds`, those named by an article the reader may read at `now` (articles.repo readableBy). */
export async function filesOfReadableArticles(db: Db, fileIds: readonly string[], reader: Reader, now: string): Promise<Set<string>> {
  if (fileIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('article_files')
    .innerJoin('articles', 'articles.id', 'article_files.article_id')
    .select('article_files.file_id')
    .distinct()
    .where('article_files.file_id', 'in', [...fileIds])
    .where(readableBy(reader, now))
    .execute();
  return new Set(rows.map((r) => r.file_id));
}
