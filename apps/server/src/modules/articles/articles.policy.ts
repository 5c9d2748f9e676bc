import type { Caller } from '../../context';
import { ForbiddenError } from '../../http/errors';

/**
 * Who may administer articles (issue 15): holders of `article_admin` manage article types, and the articles
 * themselves when their administration lands. Reading an article is the audience rule of articles.repo (readableBy).
 */

export function isArticleAdmin(caller: Caller): boolean {
  return caller.permissions.includes('article_admin');
}

export function authorizeArticleAdmin(caller: Caller): void {
  if (!isArticleAdmin(caller)) throw new ForbiddenError();
}
