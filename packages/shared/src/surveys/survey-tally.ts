import type { SurveyAnswers, SurveyAnswerValue } from './survey-answers';
import { surveyQuestions, type SurveyDefinition, type SurveyQuestion } from './survey-model';

/*
 * A response as counters (issue 16, docs/surveys-api.md "Results kept as counters"). The results of a survey are sums
 * over its responses, so each response is turned once — when it is submitted, in its transaction — into the cells it
 * adds to, and the results page reads the sums instead of the responses. The cells are named by stable ids (question,
 * option, row, column), never positions, so answers to an earlier version count wherever their ids still exist.
 *
 * Cells of one question (`question_id`; the cell `RESPONSES_CELL` of question '' counts the responses themselves):
 *
 * | Question | Cell | count | sum |
 * |---|---|---|---|
 * | every type answered | `''` | responses answering it | the value (rating, NPS, number) or the files given (file) |
 * | single, multiple, dropdown | `o:<option>` | picks | — |
 * | rating, NPS | `v:<value>` | answers of that value | — |
 * | number | `n:<value>` | answers of that value (kept apart: a number can have as many values as responses) | — |
 * | matrix | `r:<row>` | responses answering the row | the stars given (rating mode) |
 * | matrix | `c:<row>:<column or star>` | picks | — |
 * | ranking | `p:<option>` | times ranked | positions (1 is first) |
 * | ranking | `f:<option>` | times ranked first | — |
 * | department | `d:<department id>` | answers | — |
 *
 * Text, long text and date answers count in `''` only; their latest texts are kept apart (`surveyAnswerTexts`).
 */

export interface SurveyTallyCell {
  question_id: string;
  cell: string;
  count: number;
  sum: number;
}

/** The question id and cell of the number of responses. */
export const SURVEY_RESPONSES_QUESTION = '';
export const SURVEY_ANSWERED_CELL = '';
/** A number question's values are read apart from the other cells, at most this many + 1 (the results list ≤ 50). */
export const SURVEY_NUMBER_CELL_PREFIX = 'n:';

export const isSurveyNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
export const surveyPickList = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : typeof value === 'string' ? [value] : [];
export const isSurveyRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const answerOf = (answers: SurveyAnswers, id: string): SurveyAnswerValue | undefined =>
  Object.hasOwn(answers, id) ? answers[id] : undefined;

/** The matrix's column ids as answers name them: its columns, or in rating mode one a star ('1'..'N'). */
export function matrixColumnIds(question: Extract<SurveyQuestion, { type: 'matrix' }>): string[] {
  if (question.mode !== 'rating') return question.columns.map((c) => c.id);
  return Array.from({ length: question.stars ?? 5 }, (_, i) => String(i + 1));
}

/** The cells one answer adds to (answers are read leniently: what does not fit the question counts for nothing). */
function questionCells(question: SurveyQuestion, value: SurveyAnswerValue | undefined): SurveyTallyCell[] {
  const q = question.id;
  const cell = (name: string, sum = 0): SurveyTallyCell => ({ question_id: q, cell: name, count: 1, sum });
  switch (question.type) {
    case 'single':
    case 'multiple':
    case 'dropdown': {
      const known = new Set(question.options.map((o) => o.id));
      const picks = [...new Set(surveyPickList(value))].filter((id) => known.has(id));
      return picks.length === 0 ? [] : [cell(SURVEY_ANSWERED_CELL), ...picks.map((id) => cell(`o:${id}`))];
    }
    case 'rating':
    case 'nps':
      return isSurveyNumber(value) ? [cell(SURVEY_ANSWERED_CELL, value), cell(`v:${value}`)] : [];
    case 'number':
      return isSurveyNumber(value) ? [cell(SURVEY_ANSWERED_CELL, value), cell(`${SURVEY_NUMBER_CELL_PREFIX}${value}`)] : [];
    case 'matrix': {
      if (!isSurveyRecord(value)) return [];
      const columns = new Set(matrixColumnIds(question));
      const cells: SurveyTallyCell[] = [];
      for (const row of question.rows) {
        const given = Object.hasOwn(value, row.id) ? value[row.id] : undefined;
        const picks = question.mode === 'rating' ? (isSurveyNumber(given) ? [String(given)] : []) : surveyPickList(given);
        const known = [...new Set(picks)].filter((id) => columns.has(id));
        if (known.length === 0) continue;
        cells.push(cell(`r:${row.id}`, question.mode === 'rating' && isSurveyNumber(given) ? given : 0));
        for (const id of known) cells.push(cell(`c:${row.id}:${id}`));
      }
      return cells.length === 0 ? [] : [cell(SURVEY_ANSWERED_CELL), ...cells];
    }
    case 'ranking': {
      const known = new Set(question.options.map((o) => o.id));
      const order = surveyPickList(value).filter((id) => known.has(id));
      if (order.length === 0) return [];
      const cells = [cell(SURVEY_ANSWERED_CELL)];
      order.forEach((id, position) => {
        cells.push(cell(`p:${id}`, position + 1));
        if (position === 0) cells.push(cell(`f:${id}`));
      });
      return cells;
    }
    case 'text':
    case 'textarea':
    case 'date':
      return typeof value === 'string' && value.trim() !== '' ? [cell(SURVEY_ANSWERED_CELL)] : [];
    case 'department':
      return isSurveyNumber(value) ? [cell(SURVEY_ANSWERED_CELL), cell(`d:${value}`)] : [];
    case 'file': {
      const files = surveyPickList(value);
      return files.length === 0 ? [] : [cell(SURVEY_ANSWERED_CELL, files.length)];
    }
    case 'description':
      return [];
  }
}

/**
 * The cells a response adds to, read with `definition` — the version it answers — in one order (question id, then
 * cell): writers that take the cells' row locks in this order never wait for each other in a cycle.
 */
export function tallySurveyAnswers(definition: SurveyDefinition, answers: SurveyAnswers): SurveyTallyCell[] {
  const cells: SurveyTallyCell[] = [{ question_id: SURVEY_RESPONSES_QUESTION, cell: SURVEY_ANSWERED_CELL, count: 1, sum: 0 }];
  for (const { question } of surveyQuestions(definition)) cells.push(...questionCells(question, answerOf(answers, question.id)));
  return cells.sort(compareCells);
}

export function compareCells(a: { question_id: string; cell: string }, b: { question_id: string; cell: string }): number {
  if (a.question_id !== b.question_id) return a.question_id < b.question_id ? -1 : 1;
  return a.cell < b.cell ? -1 : a.cell > b.cell ? 1 : 0;
}

/** The text answers a response keeps for the results' lists (text, long text, date), by question. */
export function surveyAnswerTexts(definition: SurveyDefinition, answers: SurveyAnswers): { question_id: string; text: string }[] {
  const texts: { question_id: string; text: string }[] = [];
  for (const { question } of surveyQuestions(definition)) {
    if (question.type !== 'text' && question.type !== 'textarea' && question.type !== 'date') continue;
    const value = answerOf(answers, question.id);
    if (typeof value === 'string' && value.trim() !== '') texts.push({ question_id: question.id, text: value });
  }
  return texts;
}

/** The question ids whose answers `surveyAnswerTexts` keeps (for replacing a response's texts). */
export function surveyTextQuestionIds(definition: SurveyDefinition): string[] {
  return surveyQuestions(definition)
    .map((q) => q.question)
    .filter((q) => q.type === 'text' || q.type === 'textarea' || q.type === 'date')
    .map((q) => q.id);
}

/** The counters the results read: sums of cells by question and cell, and each text question's latest texts. */
export interface SurveyTallies {
  /** question id → cell → sums. */
  cells: ReadonlyMap<string, ReadonlyMap<string, { count: number; sum: number }>>;
  /** question id → its latest texts, newest response first (as many as the results list). */
  texts: ReadonlyMap<string, readonly { text: string; submitted_at: string }[]>;
}

/** Sums cells into tallies (the server's query does the same with `group by`). */
export function sumSurveyCells(cells: Iterable<SurveyTallyCell>): Map<string, Map<string, { count: number; sum: number }>> {
  const out = new Map<string, Map<string, { count: number; sum: number }>>();
  for (const c of cells) {
    let question = out.get(c.question_id);
    if (!question) {
      question = new Map();
      out.set(c.question_id, question);
    }
    const kept = question.get(c.cell);
    if (kept) {
      kept.count += c.count;
      kept.sum += c.sum;
    } else question.set(c.cell, { count: c.count, sum: c.sum });
  }
  return out;
}
