import { ArticleAdminMessages, type ArticleAttachment, type ArticleInput } from '@osp/shared';
import type { AppContext, Caller } from '../../context';
import type { Db } from '../../db/index';
import { nowIso } from '../../db/index';
import { uploadedFiles } from '../files/attachments.service';
import { readerOf } from './articles.audience';
import { isArticleAdmin } from './articles.policy';
import * as repo from './article-files.repo';

/**
 * Files in articles (issue 15, docs/articles-api.md "Files"): the images of the text, the cover and the 附件 an article
 * names are recorded on every save (article_files), so that whoever may read the article may download them — the
 * files module asks `readableArticleFileIds` (docs/files.md "Who may download"), never these tables.
 */

/** Our own downloads in sanitised HTML: the sanitiser keeps an <img> only with such a source (article-html.ts). */
const IMAGE_SOURCE = /<img\b[^>]*?\ssrc="\/api\/files\/download\/([A-Za-z0-9_-]{1,64})(?:[?"])/g;

/** The file ids of the images in the article's (sanitised) text, each once, in reading order. */
export function contentFileIds(html: string): string[] {
  return [...new Set([...html.matchAll(IMAGE_SOURCE)].map((m) => m[1] ?? ''))].filter((id) => id !== '');
}

function linksOf(input: ArticleInput): repo.ArticleFileLink[] {
  return [
    ...contentFileIds(input.content).map((fileId, position) => ({ fileId, kind: 'content' as const, position })),
    ...(input.cover ? [{ fileId: input.cover, kind: 'cover' as const, position: 0 }] : []),
    ...[...new Set(input.attachments)].map((fileId, position) => ({ fileId, kind: 'attachment' as const, position })),
  ];
}

/**
 * The field errors of the article's files: each must exist and be the caller's upload or be in this article already
 * (`articleId` when editing), as a bill's attachments (files/attachments.service checkAttachments). Empty when all pass.
 */
export async function articleFileErrors(
  db: Db,
  caller: Caller,
  input: ArticleInput,
  articleId?: number,
): Promise<Record<string, string[]>> {
  const links = linksOf(input);
  if (links.length === 0) return {};
  const ids = [...new Set(links.map((l) => l.fileId))];
  const files = await uploadedFiles(db, ids);
  const others = ids.filter((id) => files.get(id)?.uploader_id !== caller.userId);
  const inArticle = articleId === undefined ? new Set<string>() : await repo.filesOfArticleAmong(db, articleId, others);
  const isAllowed = (id: string) => files.has(id) && (files.get(id)?.uploader_id === caller.userId || inArticle.has(id));
  const errors: Record<string, string[]> = {};
  const refused = (kind: repo.ArticleFileKind) => links.some((l) => l.kind === kind && !isAllowed(l.fileId));
  if (refused('content')) errors.content = [ArticleAdminMessages.contentFileUnknown];
  // A cover that is no file at all keeps its message of before (the upload was lost, not someone else's).
  if (input.cover && !files.has(input.cover)) errors.cover = [ArticleAdminMessages.coverMissing];
  else if (refused('cover')) errors.cover = [ArticleAdminMessages.coverUnknown];
  if (refused('attachment')) errors.attachments = [ArticleAdminMessages.attachmentsUnknown];
  return errors;
}

/** Records what the saved article names, replacing what it named before; inside the save's transaction. */
export async function writeArticleFiles(db: Db, articleId: number, input: ArticleInput): Promise<void> {
  await repo.replaceArticleFiles(db, articleId, linksOf(input));
}

/** The article's 附件 as cards, in the order saved. */
export async function attachmentsOf(db: Db, articleId: number): Promise<ArticleAttachment[]> {
  const ids = await repo.attachmentIdsOf(db, articleId);
  const files = await uploadedFiles(db, ids);
  return ids.flatMap((id) => {
    const file = files.get(id);
    return file ? [{ id: file.id, name: file.name, size: file.size, mime: file.mime }] : [];
  });
}

/**
 * Of `fileIds`, those the caller may download as a reader of an article naming them: one they may read now (the
 * readers' rule, articles.repo readableBy), or any article's for holders of article_admin.
 */
export async function readableArticleFileIds(ctx: AppContext, caller: Caller, fileIds: readonly string[]): Promise<Set<string>> {
  if (fileIds.length === 0) return new Set();
  if (isArticleAdmin(caller)) return repo.filesOfAnyArticle(ctx.db, fileIds);
  return repo.filesOfReadableArticles(ctx.db, fileIds, await readerOf(ctx, caller), nowIso());
}
