import { finished, PassThrough, type Readable } from 'node:stream';
import {
  SurveyExportQueryZ,
  SurveyExportTexts,
  surveyAnswerText,
  surveyQuestions,
  type SurveyAnswers,
  type SurveyQuestion,
} from '@osp/shared';
import type { AppContext, Caller } from '../../context';
import { parse } from '../../http/validate';
import { streamSheet, type SheetColumn } from '../exports/exports.sheet';
import { authorizeSurveyAdmin } from './surveys.policy';
import { deptNames, fileNames, resultsSurvey } from './survey-results.service';
import * as repo from './survey-results.repo';

/**
 * GET /api/survey/exportAs?survey_id=&personal=0|1 (issue 16, docs/surveys-api.md "Export"): the responses as an xlsx,
 * one row a response, one column a question, answers as option labels (never ids). Written by the exports module's
 * streaming sheet writer (text cells never formulas, SPEC §9 auto column widths) and read from the database a chunk at
 * a time, so a survey of 100,000 responses never sits in memory. `personal=1` adds who answered and their department —
 * never for an anonymous survey, whatever is asked.
 */

const CHUNK = 1000;

type Row = repo.ExportRow & { number: number; parsed: SurveyAnswers; files: ReadonlyMap<string, string> };

export async function exportSurvey(ctx: AppContext, caller: Caller, query: unknown): Promise<{ filename: string; body: Readable }> {
  authorizeSurveyAdmin(caller);
  const input = parse(SurveyExportQueryZ, query);
  const survey = await resultsSurvey(ctx, input.survey_id);
  const depts = await deptNames(ctx);
  const personal = input.personal && !survey.definition.settings.anonymous;
  const questions = surveyQuestions(survey.definition)
    .map((q) => q.question)
    .filter((q) => q.type !== 'description');
  const answerColumn = (question: SurveyQuestion): SheetColumn<Row> => ({
    header: question.title,
    kind: question.type === 'number' || question.type === 'rating' || question.type === 'nps' ? 'number' : 'text',
    value: (row) => {
      const value = Object.hasOwn(row.parsed, question.id) ? row.parsed[question.id] : undefined;
      if (value === undefined) return null;
      return typeof value === 'number' ? value : surveyAnswerText(question, value, depts, row.files);
    },
  });
  const columns: SheetColumn<Row>[] = [
    { header: SurveyExportTexts.number, kind: 'number', value: (r) => r.number },
    ...(personal
      ? [
          { header: SurveyExportTexts.name, kind: 'text' as const, value: (r: Row) => r.user_name ?? r.respondent_name },
          { header: SurveyExportTexts.dept, kind: 'text' as const, value: (r: Row) => r.dept_name },
        ]
      : []),
    ...(survey.kind === 'evaluation' ? [{ header: SurveyExportTexts.ratee, kind: 'text' as const, value: (r: Row) => r.ratee_name }] : []),
    { header: SurveyExportTexts.submittedAt, kind: 'time', value: (r) => r.submitted_at },
    { header: SurveyExportTexts.duration, kind: 'number', value: (r) => r.duration_seconds },
    ...questions.map(answerColumn),
  ];

  let number = 0;
  let lastId = 0;
  const readChunk = async (): Promise<Row[]> => {
    const rows = await repo.exportRows(ctx.db, survey.id, input.ratee_id, lastId, CHUNK);
    lastId = rows.at(-1)?.id ?? lastId;
    const parsed = rows.map((r) => JSON.parse(r.answers) as SurveyAnswers);
    const files = await fileNames(ctx, questions, parsed);
    return rows.map((r, i) => ({ ...r, number: ++number, parsed: parsed[i] ?? {}, files }));
  };
  // The first chunk is read before the answer begins: a failure there is still an envelope, and it sets the widths.
  const first = await readChunk();
  async function* rest(): AsyncIterable<Iterable<Row>> {
    if (first.length < CHUNK) return;
    for (;;) {
      const rows = await readChunk();
      if (rows.length > 0) yield rows;
      if (rows.length < CHUNK) return;
    }
  }
  const body = new PassThrough();
  const readerGone = new AbortController();
  finished(body, () => readerGone.abort());
  streamSheet({ output: body, sheetName: SurveyExportTexts.sheet, columns, first, rest: rest(), signal: readerGone.signal }).catch(
    (error: unknown) => {
      if (!readerGone.signal.aborted) ctx.log.error({ err: error, survey: survey.id }, 'survey export failed after its answer began');
      // The reader sees a cut download, never a file that looks whole.
      body.destroy(error instanceof Error ? error : new Error(String(error)));
    },
  );
  const day = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
  return { filename: SurveyExportTexts.filename(survey.name, day), body };
}
