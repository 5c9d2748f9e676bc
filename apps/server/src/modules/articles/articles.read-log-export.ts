import { finished, PassThrough, type Readable } from 'node:stream';
import { ArticleReadExportTexts, ArticleReadLogQueryZ, READ_STATE_LABELS, type ArticleReadPerson } from '@osp/shared';
import type { AppContext, Caller } from '../../context';
import { parse } from '../../http/validate';
import { streamSheet, type SheetColumn } from '../exports/exports.sheet';
import { authorizeArticleAdmin } from './articles.policy';
import { groupByDept, readLogFacts } from './articles.read-log';

/**
 * GET /api/article/view/log/export (issue 15, docs/articles-api.md "Export"): the read log as an xlsx, with the log's
 * filters and order, one row a person. Written by the exports module's sheet writer (exports.sheet.ts: text cells
 * never formulas, times on the Asia/Shanghai clock as yyyy-mm-dd hh:mm, auto column width). One article's audience
 * is the company at most, so the rows are read before the answer begins: a refusal is still an envelope.
 */

type Row = ArticleReadPerson & { dept: string };

const COLUMNS: readonly SheetColumn<Row>[] = [
  { header: ArticleReadExportTexts.dept, kind: 'text', value: (r) => r.dept },
  { header: ArticleReadExportTexts.name, kind: 'text', value: (r) => r.name },
  { header: ArticleReadExportTexts.username, kind: 'text', value: (r) => r.username },
  { header: ArticleReadExportTexts.state, kind: 'text', value: (r) => READ_STATE_LABELS[r.state] },
  { header: ArticleReadExportTexts.firstOpenedAt, kind: 'time', value: (r) => r.first_opened_at },
  { header: ArticleReadExportTexts.lastOpenedAt, kind: 'time', value: (r) => r.last_opened_at },
  { header: ArticleReadExportTexts.openCount, kind: 'number', value: (r) => r.open_count },
  { header: ArticleReadExportTexts.confirmedAt, kind: 'time', value: (r) => r.confirmed_at },
];

async function* nothingMore(): AsyncIterable<Iterable<Row>> {
  // Every row is in the first chunk.
}

export async function exportReadLog(ctx: AppContext, caller: Caller, query: unknown): Promise<{ filename: string; body: Readable }> {
  authorizeArticleAdmin(caller);
  const input = parse(ArticleReadLogQueryZ, query);
  const facts = await readLogFacts(ctx, input.id);
  const depts = await groupByDept(ctx, facts, input);
  const rows: Row[] = depts.flatMap((d) => d.people.map((p) => ({ ...p, dept: d.dept_name })));
  const body = new PassThrough();
  const readerGone = new AbortController();
  finished(body, () => readerGone.abort());
  streamSheet({
    output: body,
    sheetName: ArticleReadExportTexts.sheet,
    columns: COLUMNS,
    first: rows,
    rest: nothingMore(),
    signal: readerGone.signal,
  }).catch((error: unknown) => {
    if (!readerGone.signal.aborted) ctx.log.error({ err: error, article: input.id }, 'read log export failed after its answer began');
    // The reader sees a cut download, never a file that looks whole.
    body.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return { filename: ArticleReadExportTexts.filename(facts.article.title), body };
}
