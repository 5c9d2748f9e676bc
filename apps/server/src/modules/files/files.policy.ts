import { FileMessages } from '@osp/shared';
import type { Caller } from '../../context';
import { ForbiddenError } from '../../http/errors';
import { isSurveyAdmin } from '../surveys/surveys.policy';
import type { FileRow } from './files.repo';

/**
 * Who may download a file (docs/files.md): its uploader, whoever may read a bill whose form names it, and whoever
 * may read an article naming it. Pure: files.service looks up the bills linking the files and asks the bills module
 * which of them the caller may read (bills.access `readableBillIds`: initiator, past and current handlers, users it
 * was shared with, bill administrators), once per bill however many files it holds; and asks the articles module
 * which of the files are in an article the caller may read (articles.files `readableArticleFileIds`: published, in
 * its window, meant for them; every article for holders of article_admin). A file a public survey response answers
 * with (uploaded through the survey's link, claimed by the response: `response_id`) is its survey administrators'
 * (survey_admin), who read the responses (docs/surveys-api.md "Public uploads").
 */
export function downloadableIds(
  caller: Caller,
  files: readonly Pick<FileRow, 'id' | 'uploader_id' | 'response_id'>[],
  links: readonly { file_id: string; bill_id: number }[],
  readableBills: ReadonlySet<number>,
  readableArticleFiles: ReadonlySet<string> = new Set(),
): Set<string> {
  const allowed = new Set(files.filter((f) => f.uploader_id === caller.userId).map((f) => f.id));
  for (const link of links) if (readableBills.has(link.bill_id)) allowed.add(link.file_id);
  for (const file of files) if (readableArticleFiles.has(file.id)) allowed.add(file.id);
  if (isSurveyAdmin(caller)) for (const file of files) if (file.response_id !== null) allowed.add(file.id);
  return allowed;
}

export function authorizeDownload(files: readonly Pick<FileRow, 'id'>[], allowed: ReadonlySet<string>): void {
  if (files.some((f) => !allowed.has(f.id))) throw new ForbiddenError(FileMessages.forbidden);
}
