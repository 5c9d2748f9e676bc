import { z } from 'zod';
import { escapeHtml } from '../common/html';
import { PageQueryZ } from '../common/paging';
import type { SurveyAnswers, SurveyAnswerValue } from './survey-answers';
import type { FileCard } from '../files/files';
import { surveyQuestions, type SurveyDefinition, type SurveyQuestion, type SurveyQuestionOf } from './survey-model';
import { SURVEY_RESULT_LINK_DAYS_MAX, SurveyApiMessages, type SurveyAssignmentState } from './survey-api';
import {
  isSurveyNumber,
  isSurveyRecord,
  matrixColumnIds,
  sumSurveyCells,
  surveyAnswerTexts,
  surveyPickList,
  SURVEY_ANSWERED_CELL,
  SURVEY_NUMBER_CELL_PREFIX,
  SURVEY_RESPONSES_QUESTION,
  tallySurveyAnswers,
  type SurveyTallies,
} from './survey-tally';

/*
 * A survey's results (issue 16, docs/surveys-api.md "Results"): the aggregation of responses the results page, the
 * public results link and the export read. Pure: the server reads the responses and the departments and passes them
 * in, so a browser test or the bench can run the same code on the same rows.
 *
 * Anonymous surveys (settings.anonymous): a cell counted by at least one and fewer than `minCount` people is hidden —
 * its count is null and its question says `hidden: true` — and a question answered by fewer than `minCount` people
 * shows its answered count only (no average, no distribution, no texts). Text answers of an anonymous survey come
 * sorted by their text, never by time, so that the order cannot be matched with who submitted when. A count of 0 is
 * shown: it says nobody, not who.
 */

/** One response as the aggregation reads it: the clean answers and the respondent's department at submission. */
export interface SurveyResponseForResults {
  answers: SurveyAnswers;
  dept_id: number | null;
  submitted_at: string;
}

export interface SurveyResultsOptions {
  /** settings.anonymousMinCount; only anonymous surveys hide cells. */
  minCount: number;
  anonymous: boolean;
  /** Department names by id, for department answers and the cross-tab by department. */
  depts?: ReadonlyMap<number, string>;
  /** How many text answers a text question lists (the latest first for a named survey). */
  textLimit?: number;
}

/** A count that an anonymous survey may hide (null) because fewer than the minimum count of people make it. */
export type SurveyResultCount = number | null;

export interface SurveyResultCell {
  id: string;
  label: string;
  count: SurveyResultCount;
}

interface QuestionResultBase {
  question_id: string;
  title: string;
  /** Responses that answer it. */
  answered: number;
  /** Some count, average or text of it is hidden (anonymous survey, fewer than the minimum count). */
  hidden: boolean;
}

export interface SurveyChoiceResult extends QuestionResultBase {
  kind: 'choice';
  type: 'single' | 'multiple' | 'dropdown';
  options: SurveyResultCell[];
}

export interface SurveyScoreResult extends QuestionResultBase {
  kind: 'score';
  type: 'rating' | 'number';
  average: number | null;
  /** Per value given (a rating's every star, 1..stars; a number's distinct values, smallest first). */
  distribution: { value: number; count: SurveyResultCount }[];
}

export interface SurveyNpsResult extends QuestionResultBase {
  kind: 'nps';
  type: 'nps';
  average: number | null;
  /** 9–10, 7–8, 0–6. */
  promoters: SurveyResultCount;
  passives: SurveyResultCount;
  detractors: SurveyResultCount;
  /** % promoters − % detractors, −100..100, one decimal. */
  score: number | null;
  distribution: { value: number; count: SurveyResultCount }[];
}

export interface SurveyMatrixResult extends QuestionResultBase {
  kind: 'matrix';
  type: 'matrix';
  mode: 'single' | 'multiple' | 'rating';
  /** Single and multiple mode: the columns; rating mode: one column a star, ids '1'..'N'. */
  columns: { id: string; label: string }[];
  rows: { id: string; label: string; answered: number; cells: SurveyResultCount[]; average: number | null }[];
}

export interface SurveyRankingResult extends QuestionResultBase {
  kind: 'ranking';
  type: 'ranking';
  /** Average position (1 is first), best first; null when hidden. */
  options: { id: string; label: string; average_rank: number | null; first: SurveyResultCount }[];
}

export interface SurveyTextResult extends QuestionResultBase {
  kind: 'text';
  type: 'text' | 'textarea' | 'date';
  /** Named: the latest first, with their time; anonymous: sorted by text, no time. Empty when hidden. */
  texts: { text: string; submitted_at: string | null }[];
}

export interface SurveyDepartmentResult extends QuestionResultBase {
  kind: 'department';
  type: 'department';
  /** Departments picked, most picked first. */
  depts: { id: number; label: string; count: SurveyResultCount }[];
}

export interface SurveyFileResult extends QuestionResultBase {
  kind: 'file';
  type: 'file';
  files: number;
}

export type SurveyQuestionResult =
  | SurveyChoiceResult
  | SurveyScoreResult
  | SurveyNpsResult
  | SurveyMatrixResult
  | SurveyRankingResult
  | SurveyTextResult
  | SurveyDepartmentResult
  | SurveyFileResult;

/** An evaluation's (评价) dimension: the average of every score given to its questions (rating, NPS, number, rating-matrix rows). */
export interface SurveyDimensionResult {
  id: string;
  title: string;
  scores: number;
  average: number | null;
}

export interface SurveyResults {
  responses: number;
  anonymous: boolean;
  min_count: number;
  questions: SurveyQuestionResult[];
  dimensions: SurveyDimensionResult[];
}

export const SURVEY_TEXT_LIMIT_DEFAULT = 50;
const TEXT_LIMIT_DEFAULT = SURVEY_TEXT_LIMIT_DEFAULT;
/** A number question lists its distinct values only up to this many; beyond, the average alone. */
export const SURVEY_NUMBER_VALUES_MAX = 50;
const NUMBER_VALUES_MAX = SURVEY_NUMBER_VALUES_MAX;

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
const mean = (sum: number, count: number) => (count === 0 ? null : round(sum / count));

/** The rules of hiding, in one place. */
class Hider {
  constructor(private readonly options: SurveyResultsOptions) {}
  hidden = false;
  /** A count as shown: null when an anonymous survey may not show it. */
  count(value: number): SurveyResultCount {
    if (!this.options.anonymous || value === 0 || value >= this.options.minCount) return value;
    this.hidden = true;
    return null;
  }
  /** Whether a whole question (its averages, texts) is shown: answered by at least the minimum count, or named. */
  shows(answered: number): boolean {
    if (!this.options.anonymous || answered === 0 || answered >= this.options.minCount) return true;
    this.hidden = true;
    return false;
  }
}

const answerOf = (response: SurveyResponseForResults, id: string): SurveyAnswerValue | undefined =>
  Object.hasOwn(response.answers, id) ? response.answers[id] : undefined;

const isNumber = isSurveyNumber;
const asList = surveyPickList;
const isRecord = isSurveyRecord;

function valuesOf(question: SurveyQuestion, responses: readonly SurveyResponseForResults[]): number[] {
  return responses.map((r) => answerOf(r, question.id)).filter(isNumber);
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

const NO_CELL = { count: 0, sum: 0 } as const;

/** The tallies of one question. */
class QuestionTally {
  private readonly cells: ReadonlyMap<string, { count: number; sum: number }>;
  constructor(tallies: SurveyTallies, questionId: string) {
    this.cells = tallies.cells.get(questionId) ?? new Map();
  }
  get(cell: string): { count: number; sum: number } {
    return this.cells.get(cell) ?? NO_CELL;
  }
  count(cell: string): number {
    return this.get(cell).count;
  }
  get answered(): number {
    return this.count(SURVEY_ANSWERED_CELL);
  }
  /** The cells named `<prefix><value>` that someone counts in (a replaced answer leaves a 0 behind), by value. */
  prefixed(prefix: string): { value: string; count: number; sum: number }[] {
    const out: { value: string; count: number; sum: number }[] = [];
    for (const [cell, sums] of this.cells) {
      if (cell.startsWith(prefix) && sums.count > 0) out.push({ value: cell.slice(prefix.length), ...sums });
    }
    return out;
  }
}

function choiceResult(question: SurveyQuestionOf<'single' | 'multiple' | 'dropdown'>, t: QuestionTally, hider: Hider): SurveyChoiceResult {
  return {
    kind: 'choice',
    type: question.type,
    question_id: question.id,
    title: question.title,
    answered: t.answered,
    options: question.options.map((o) => ({ id: o.id, label: o.label, count: hider.count(t.count(`o:${o.id}`)) })),
    hidden: hider.hidden,
  };
}

/** Per value given, smallest first: every value of `domain` (with 0), and any other counted; none beyond `max` values. */
function distribution(t: QuestionTally, prefix: string, domain: readonly number[] | null, hider: Hider) {
  const counts = new Map<number, number>((domain ?? []).map((v) => [v, 0]));
  for (const { value, count } of t.prefixed(prefix)) counts.set(Number(value), (counts.get(Number(value)) ?? 0) + count);
  if (domain === null && counts.size > NUMBER_VALUES_MAX) return [];
  return [...counts.entries()].sort((a, b) => a[0] - b[0]).map(([value, count]) => ({ value, count: hider.count(count) }));
}

function scoreResult(question: SurveyQuestionOf<'rating' | 'number'>, t: QuestionTally, hider: Hider): SurveyScoreResult {
  const answered = t.get(SURVEY_ANSWERED_CELL);
  const shown = hider.shows(answered.count);
  const isRating = question.type === 'rating';
  return {
    kind: 'score',
    type: question.type,
    question_id: question.id,
    title: question.title,
    answered: answered.count,
    average: shown ? mean(answered.sum, answered.count) : null,
    distribution: shown
      ? distribution(t, isRating ? 'v:' : SURVEY_NUMBER_CELL_PREFIX, isRating ? range(1, question.stars) : null, hider)
      : [],
    hidden: hider.hidden,
  };
}

function npsResult(question: SurveyQuestionOf<'nps'>, t: QuestionTally, hider: Hider): SurveyNpsResult {
  const answered = t.get(SURVEY_ANSWERED_CELL);
  const shown = hider.shows(answered.count);
  let promoters = 0;
  let detractors = 0;
  for (const { value, count } of t.prefixed('v:')) {
    if (Number(value) >= 9) promoters += count;
    else if (Number(value) <= 6) detractors += count;
  }
  const passives = answered.count - promoters - detractors;
  const score = answered.count === 0 ? null : round(((promoters - detractors) * 100) / answered.count, 1);
  return {
    kind: 'nps',
    type: 'nps',
    question_id: question.id,
    title: question.title,
    answered: answered.count,
    average: shown ? mean(answered.sum, answered.count) : null,
    promoters: shown ? hider.count(promoters) : null,
    passives: shown ? hider.count(passives) : null,
    detractors: shown ? hider.count(detractors) : null,
    score: shown ? score : null,
    distribution: shown ? distribution(t, 'v:', range(0, 10), hider) : [],
    hidden: hider.hidden,
  };
}

function matrixColumns(question: SurveyQuestionOf<'matrix'>): { id: string; label: string }[] {
  if (question.mode !== 'rating') return question.columns.map((c) => ({ id: c.id, label: c.label }));
  return matrixColumnIds(question).map((star) => ({ id: star, label: star }));
}

function matrixResult(question: SurveyQuestionOf<'matrix'>, t: QuestionTally, hider: Hider): SurveyMatrixResult {
  const columns = matrixColumns(question);
  return {
    kind: 'matrix',
    type: 'matrix',
    mode: question.mode,
    question_id: question.id,
    title: question.title,
    answered: t.answered,
    columns,
    rows: question.rows.map((row) => {
      const answered = t.get(`r:${row.id}`);
      const shown = hider.shows(answered.count);
      return {
        id: row.id,
        label: row.label,
        answered: answered.count,
        cells: columns.map((c) => (shown ? hider.count(t.count(`c:${row.id}:${c.id}`)) : null)),
        average: question.mode === 'rating' && shown ? mean(answered.sum, answered.count) : null,
      };
    }),
    hidden: hider.hidden,
  };
}

function rankingResult(question: SurveyQuestionOf<'ranking'>, t: QuestionTally, hider: Hider): SurveyRankingResult {
  const answered = t.answered;
  const shown = hider.shows(answered);
  const rows = question.options.map((o) => {
    const ranked = t.get(`p:${o.id}`);
    return {
      id: o.id,
      label: o.label,
      average_rank: shown ? mean(ranked.sum, ranked.count) : null,
      first: shown ? hider.count(t.count(`f:${o.id}`)) : null,
    };
  });
  rows.sort((a, b) => (a.average_rank ?? Infinity) - (b.average_rank ?? Infinity));
  return {
    kind: 'ranking',
    type: 'ranking',
    question_id: question.id,
    title: question.title,
    answered,
    options: rows,
    hidden: hider.hidden,
  };
}

function textResult(
  question: SurveyQuestionOf<'text' | 'textarea' | 'date'>,
  t: QuestionTally,
  latest: readonly { text: string; submitted_at: string }[],
  options: SurveyResultsOptions,
  hider: Hider,
): SurveyTextResult {
  const answered = t.answered;
  const kept = latest.slice(0, options.textLimit ?? TEXT_LIMIT_DEFAULT);
  let texts: SurveyTextResult['texts'] = [];
  if (hider.shows(answered)) {
    texts = options.anonymous
      ? kept.map((x) => ({ text: x.text, submitted_at: null })).sort((a, b) => (a.text < b.text ? -1 : a.text > b.text ? 1 : 0))
      : [...kept].sort((a, b) => (a.submitted_at < b.submitted_at ? 1 : a.submitted_at > b.submitted_at ? -1 : 0));
  }
  return { kind: 'text', type: question.type, question_id: question.id, title: question.title, answered, texts, hidden: hider.hidden };
}

function departmentResult(
  question: SurveyQuestionOf<'department'>,
  t: QuestionTally,
  options: SurveyResultsOptions,
  hider: Hider,
): SurveyDepartmentResult {
  const depts = t
    .prefixed('d:')
    .map(({ value, count }) => ({ id: Number(value), count }))
    .sort((a, b) => b.count - a.count || a.id - b.id)
    .map(({ id, count }) => ({ id, label: options.depts?.get(id) ?? String(id), count: hider.count(count) }));
  return {
    kind: 'department',
    type: 'department',
    question_id: question.id,
    title: question.title,
    answered: t.answered,
    depts,
    hidden: hider.hidden,
  };
}

function fileResult(question: SurveyQuestionOf<'file'>, t: QuestionTally): SurveyFileResult {
  const answered = t.get(SURVEY_ANSWERED_CELL);
  return {
    kind: 'file',
    type: 'file',
    question_id: question.id,
    title: question.title,
    answered: answered.count,
    files: answered.sum,
    hidden: false,
  };
}

function questionResult(question: SurveyQuestion, tallies: SurveyTallies, options: SurveyResultsOptions): SurveyQuestionResult | null {
  const t = new QuestionTally(tallies, question.id);
  const hider = new Hider(options);
  switch (question.type) {
    case 'single':
    case 'multiple':
    case 'dropdown':
      return choiceResult(question, t, hider);
    case 'rating':
    case 'number':
      return scoreResult(question, t, hider);
    case 'nps':
      return npsResult(question, t, hider);
    case 'matrix':
      return matrixResult(question, t, hider);
    case 'ranking':
      return rankingResult(question, t, hider);
    case 'text':
    case 'textarea':
    case 'date':
      return textResult(question, t, tallies.texts.get(question.id) ?? [], options, hider);
    case 'department':
      return departmentResult(question, t, options, hider);
    case 'file':
      return fileResult(question, t);
    case 'description':
      return null;
  }
}

/** The scores a question gives its dimension: every rating, NPS and number answer, every row of a rating matrix. */
function dimensionScores(question: SurveyQuestion, t: QuestionTally): { count: number; sum: number } {
  if (question.type === 'rating' || question.type === 'nps' || question.type === 'number') return t.get(SURVEY_ANSWERED_CELL);
  if (question.type !== 'matrix' || question.mode !== 'rating') return NO_CELL;
  let count = 0;
  let sum = 0;
  for (const row of question.rows) {
    const given = t.get(`r:${row.id}`);
    count += given.count;
    sum += given.sum;
  }
  return { count, sum };
}

function dimensionResults(
  definition: SurveyDefinition,
  tallies: SurveyTallies,
  responses: number,
  options: SurveyResultsOptions,
): SurveyDimensionResult[] {
  const hider = new Hider(options);
  return definition.dimensions.map((dimension) => {
    let sum = 0;
    let scores = 0;
    for (const { question } of surveyQuestions(definition)) {
      if (!('dimensionId' in question) || question.dimensionId !== dimension.id) continue;
      const given = dimensionScores(question, new QuestionTally(tallies, question.id));
      sum += given.sum;
      scores += given.count;
    }
    // An anonymous dimension needs as many responses as a question does before its average shows.
    const shown = hider.shows(Math.min(scores, responses));
    return { id: dimension.id, title: dimension.title, scores, average: shown ? mean(sum, scores) : null };
  });
}

/**
 * The results of a survey from its counters (survey-tally.ts): every question of `definition` (the version released
 * last; ids are stable across versions, so answers to an earlier version count where their question and options still
 * exist, and the rest are left out).
 */
export function surveyResultsFromTallies(
  definition: SurveyDefinition,
  tallies: SurveyTallies,
  options: SurveyResultsOptions,
): SurveyResults {
  const responses = new QuestionTally(tallies, SURVEY_RESPONSES_QUESTION).answered;
  const questions = surveyQuestions(definition).flatMap(({ question }) => {
    const result = questionResult(question, tallies, options);
    return result ? [result] : [];
  });
  return {
    responses,
    anonymous: options.anonymous,
    min_count: options.minCount,
    questions,
    dimensions: dimensionResults(definition, tallies, responses, options),
  };
}

/**
 * The same results from the responses themselves (oldest first), each tallied with `definition`: what the server's
 * counters hold, summed in memory — for tests, and as the statement of what the counters mean.
 */
export function aggregateSurveyResults(
  definition: SurveyDefinition,
  responses: readonly SurveyResponseForResults[],
  options: SurveyResultsOptions,
): SurveyResults {
  const cells = sumSurveyCells(responses.flatMap((r) => tallySurveyAnswers(definition, r.answers)));
  const limit = options.textLimit ?? TEXT_LIMIT_DEFAULT;
  const texts = new Map<string, { text: string; submitted_at: string }[]>();
  for (let i = responses.length - 1; i >= 0; i--) {
    const response = responses[i] as SurveyResponseForResults;
    for (const { question_id, text } of surveyAnswerTexts(definition, response.answers)) {
      const list = texts.get(question_id) ?? [];
      if (list.length < limit) list.push({ text, submitted_at: response.submitted_at });
      texts.set(question_id, list);
    }
  }
  return surveyResultsFromTallies(definition, { cells, texts }, options);
}

/** The respondent's department, as the cross-tab's `by`. */
export const SURVEY_CROSS_BY_DEPT = 'dept';

/** Questions a cross-tab can read, as its rows or as its columns (`by`). */
const CROSS_TYPES = ['single', 'multiple', 'dropdown', 'rating', 'nps', 'department'] as const;
type CrossQuestion = SurveyQuestionOf<(typeof CROSS_TYPES)[number]>;

export function isCrossTabQuestion(question: SurveyQuestion): question is CrossQuestion {
  return (CROSS_TYPES as readonly string[]).includes(question.type);
}

export interface SurveyCrossTab {
  question_id: string;
  title: string;
  /** A question id, or 'dept' for the respondent's department. */
  by: string;
  by_title: string;
  columns: { id: string; label: string }[];
  rows: { id: string; label: string; cells: SurveyResultCount[]; total: SurveyResultCount }[];
  hidden: boolean;
}

/** The groups an answer of a cross-tab question falls in (several for a multiple choice). */
function groupsOf(question: CrossQuestion, value: unknown): string[] {
  if (question.type === 'single' || question.type === 'dropdown' || question.type === 'multiple') return asList(value);
  return isNumber(value) ? [String(value)] : [];
}

function groupLabels(question: CrossQuestion, responses: readonly SurveyResponseForResults[], options: SurveyResultsOptions) {
  switch (question.type) {
    case 'single':
    case 'multiple':
    case 'dropdown':
      return question.options.map((o) => ({ id: o.id, label: o.label }));
    case 'rating':
      return range(1, question.stars).map((v) => ({ id: String(v), label: String(v) }));
    case 'nps':
      return range(0, 10).map((v) => ({ id: String(v), label: String(v) }));
    case 'department': {
      const ids = [...new Set(valuesOf(question, responses))].sort((a, b) => a - b);
      return ids.map((id) => ({ id: String(id), label: options.depts?.get(id) ?? String(id) }));
    }
  }
}

export const SurveyResultsMessages = {
  linkDays: '有效天数须为 1 到 365 的整数',
  reminded: (count: number) => `已提醒 ${escapeHtml(count)} 人`,
  resultLinkSaved: '已生成结果链接',
  resultLinkDeleted: '已关闭结果链接',
} as const;

/** The operation log's summaries of the results' actions (plain text: the log shows them as text). */
export const SurveyResultsLogTexts = {
  remind: (name: string, count: number) => `提醒填写问卷「${name}」（${count} 人）`,
  resultLinkOpened: (name: string, days: number) => `开放问卷「${name}」的结果链接（${days} 天）`,
  resultLinkClosed: (name: string) => `关闭问卷「${name}」的结果链接`,
} as const;

export const SurveyCrossTabMessages = {
  questionInvalid: '交叉分析只能选择单选、多选、下拉、评分、NPS 或部门题',
  sameQuestion: '交叉分析须选择另一道题',
  respondentDept: '填写人部门',
  noDept: '无部门',
} as const;

/** A person rated, in a query: a user id (an integer column), 0 for none. */
const RateeIdQueryZ = z.coerce.number().int().min(0).max(2_147_483_647);

/** GET /api/surveys/{id}/responses?question=&cross=: the question's rows by the other question's (or the department's) columns. */
export const SurveyResultsQueryZ = z.object({
  ratee_id: RateeIdQueryZ.optional(),
  question: z.string().max(32).optional(),
  cross: z.string().max(32).optional(),
});

/**
 * A cross-tab: how the answers of `questionId` spread over the groups of `by` (another question, or 'dept' for the
 * respondent's department). Each cell counts the responses in both; hidden as any count of an anonymous survey.
 * Returns a message (SurveyCrossTabMessages) when a question cannot be cross-tabulated.
 */
export function crossTabulate(
  definition: SurveyDefinition,
  responses: readonly SurveyResponseForResults[],
  questionId: string,
  by: string,
  options: SurveyResultsOptions,
): SurveyCrossTab | string {
  const find = (id: string) => surveyQuestions(definition).find((q) => q.question.id === id)?.question;
  const question = find(questionId);
  if (!question || !isCrossTabQuestion(question)) return SurveyCrossTabMessages.questionInvalid;
  if (by === questionId) return SurveyCrossTabMessages.sameQuestion;
  const byQuestion = by === SURVEY_CROSS_BY_DEPT ? null : find(by);
  if (byQuestion !== null && (!byQuestion || !isCrossTabQuestion(byQuestion))) return SurveyCrossTabMessages.questionInvalid;

  const rowsOf = groupLabels(question, responses, options);
  const columns = byQuestion
    ? groupLabels(byQuestion, responses, options)
    : [...new Set(responses.map((r) => r.dept_id ?? 0))]
        .sort((a, b) => a - b)
        .map((id) => ({ id: String(id), label: id === 0 ? SurveyCrossTabMessages.noDept : (options.depts?.get(id) ?? String(id)) }));
  const rowIndex = new Map(rowsOf.map((r, i) => [r.id, i]));
  const columnIndex = new Map(columns.map((c, i) => [c.id, i]));
  const counts = rowsOf.map(() => columns.map(() => 0));
  const totals = rowsOf.map(() => 0);
  for (const response of responses) {
    const rows = [...new Set(groupsOf(question, answerOf(response, question.id)))].flatMap((id) => rowIndex.get(id) ?? []);
    if (rows.length === 0) continue;
    const cols = byQuestion
      ? [...new Set(groupsOf(byQuestion, answerOf(response, byQuestion.id)))].flatMap((id) => columnIndex.get(id) ?? [])
      : columnIndex.has(String(response.dept_id ?? 0))
        ? [columnIndex.get(String(response.dept_id ?? 0)) ?? 0]
        : [];
    for (const r of rows) {
      totals[r] = (totals[r] ?? 0) + 1;
      for (const c of cols) {
        const line = counts[r];
        if (line) line[c] = (line[c] ?? 0) + 1;
      }
    }
  }
  const hider = new Hider(options);
  return {
    question_id: question.id,
    title: question.title,
    by,
    by_title: byQuestion ? byQuestion.title : SurveyCrossTabMessages.respondentDept,
    columns,
    rows: rowsOf.map((row, i) => ({
      id: row.id,
      label: row.label,
      cells: (counts[i] ?? []).map((count) => hider.count(count)),
      total: hider.count(totals[i] ?? 0),
    })),
    hidden: hider.hidden,
  };
}

/* ---- Shapes of the other results endpoints (docs/surveys-api.md "Results"). ---- */

/** GET /api/survey/{id}/returns: one person's (or public respondent's) response, answers as shown text. */
export interface SurveyReturn {
  response_id: number;
  user_id: number | null;
  /** The person's name, or a public named fill's typed name. */
  name: string | null;
  dept_name: string | null;
  ratee_id: number;
  ratee_name: string | null;
  submitted_at: string;
  duration_seconds: number | null;
  /** Per question id: the answer as text (option labels, not ids). */
  answers: Record<string, string>;
  /** Per file question answered: the cards of the files that still exist, to download (survey administrators may). */
  files: Record<string, FileCard[]>;
}

export const SurveyReturnsQueryZ = PageQueryZ.extend({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  ratee_id: RateeIdQueryZ.optional(),
});

/** The percentage of `answered` in `targeted`, rounded down so that 100 means everyone; null when nobody was asked. */
export function surveyCompletion(answered: number, targeted: number): number | null {
  return targeted === 0 ? null : Math.floor((answered * 100) / targeted);
}

/** GET /api/survey/metric?survey_id=: how far collection has come, as a whole and per department. */
export interface SurveyMetricDept {
  dept_id: number | null;
  dept_name: string;
  targeted: number;
  answered: number;
  completion: number | null;
  /** Who has not answered yet (assignment pending or draft): the 未填写 list the 提醒 reaches. */
  pending: { user_id: number; name: string; state: SurveyAssignmentState; reminded_at: string | null }[];
}

export interface SurveyMetric {
  survey_id: number;
  targeted: number;
  answered: number;
  completion: number | null;
  /** Every response (public and anonymous ones too). */
  responses: number;
  median_seconds: number | null;
  depts: SurveyMetricDept[];
}

export interface SurveyRemindResult {
  reminded: number;
}

/** POST /api/surveys/{id}/result-link. */
export const SurveyResultLinkZ = z.object({
  days: z.coerce
    .number({ error: SurveyResultsMessages.linkDays })
    .int(SurveyResultsMessages.linkDays)
    .min(1, SurveyResultsMessages.linkDays)
    .max(SURVEY_RESULT_LINK_DAYS_MAX, SurveyResultsMessages.linkDays),
});

export interface SurveyResultLink {
  token: string;
  expires_at: string;
}

/** GET /api/publish/result/{token}: what a public results page shows. */
export interface SurveyPublicResults {
  survey_id: number;
  name: string;
  results: SurveyResults;
}

/** GET /api/survey/exportAs?survey_id=&personal=0|1. */
export const SurveyExportQueryZ = z.object({
  survey_id: z.coerce.number({ error: SurveyApiMessages.notFound }).int(SurveyApiMessages.notFound).positive(SurveyApiMessages.notFound),
  personal: z
    .union([z.literal('0'), z.literal('1'), z.literal(0), z.literal(1)])
    .default('0')
    .transform((v) => Number(v) === 1),
  ratee_id: RateeIdQueryZ.optional(),
});

/** The export's words (SPEC §9 names the file after the survey). */
export const SurveyExportTexts = {
  sheet: '答卷',
  number: '序号',
  name: '姓名',
  dept: '部门',
  ratee: '被评价人',
  submittedAt: '提交时间',
  duration: '用时（秒）',
  filename: (name: string, day: string) => `${name.replace(/[\\/:*?"<>|]/g, '_').slice(0, 80)}-答卷-${day}.xlsx`,
} as const;

/**
 * The answer shown as text: option labels, not ids; a matrix as 行：列; a ranking as 1. A 2. B; departments and files by
 * their names where the caller knows them (`depts`, `files`: file id → name).
 */
export function surveyAnswerText(
  question: SurveyQuestion,
  value: unknown,
  depts?: ReadonlyMap<number, string>,
  files?: ReadonlyMap<string, string>,
): string {
  if (value === undefined || value === null) return '';
  const label = (list: readonly { id: string; label: string }[], id: string) => list.find((o) => o.id === id)?.label ?? id;
  switch (question.type) {
    case 'single':
    case 'dropdown':
    case 'multiple':
      return asList(value)
        .map((id) => label(question.options, id))
        .join('；');
    case 'ranking':
      return asList(value)
        .map((id, i) => `${i + 1}. ${label(question.options, id)}`)
        .join('；');
    case 'matrix': {
      if (!isRecord(value)) return '';
      return question.rows
        .filter((row) => Object.hasOwn(value, row.id))
        .map((row) => {
          const cell = value[row.id];
          const text = isNumber(cell)
            ? String(cell)
            : asList(cell)
                .map((id) => label(question.columns, id))
                .join('、');
          return `${row.label}：${text}`;
        })
        .join('；');
    }
    case 'department':
      return isNumber(value) ? (depts?.get(value) ?? String(value)) : '';
    case 'file':
      return asList(value)
        .map((id) => files?.get(id) ?? id)
        .join('、');
    case 'description':
      return '';
    case 'text':
    case 'textarea':
    case 'date':
    case 'number':
    case 'rating':
    case 'nps':
      return typeof value === 'string' || isNumber(value) ? String(value) : '';
  }
}

/* ---- Filling, beyond survey-api.ts (docs/surveys-api.md "Filling"). ---- */

export const SurveyFillMessages = {
  /** A file answer that is not the person's own upload (or, on a resubmit, already in their response). */
  fileNotYours: (title: string) => `题目「${escapeHtml(title)}」的文件不存在或不是您上传的`,
  deptMissing: (title: string) => `题目「${escapeHtml(title)}」选择的部门不存在`,
  draftSaved: '已暂存，可在其他设备上继续填写',
} as const;

/** The points ledger's reason for answering a survey (plain text). */
export const surveyAnswerPointReason = (name: string) => `填写问卷《${name}》`.slice(0, 200);

/** POST /api/survey/{id}/fill and POST /api/publish/share/{id}. */
export interface SurveySubmitResult {
  survey_id: number;
  /** An editable survey's second submit replaced the answers of before. */
  replaced: boolean;
  /** Points this submit earned (0: none, or already earned for this survey). */
  points: number;
}

/** PUT /api/survey/{id}/draft. */
export interface SurveyDraftResult {
  survey_id: number;
  updated_at: string;
}
