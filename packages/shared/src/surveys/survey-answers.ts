import { z } from 'zod';
import { ATTACHMENT_ID_PATTERN } from '../bills/form';
import { isMail, isMobile } from '../users/rules';
import {
  SURVEY_NUMBER_ABS_MAX,
  SURVEY_QUESTIONS_MAX,
  SURVEY_SHORT_TEXT_DEFAULT,
  SURVEY_TEXT_MAX,
  type SurveyQuestion,
} from './survey-model';
import { SurveyMessages } from './survey-messages';

/**
 * The answers to a survey (issue 16): one value per question id, its shape set by the question's type
 * (docs/surveys.md lists them). What arrives from a browser is `unknown` until `validateSubmission` has
 * checked it against the definition; this file holds the per-question checks.
 */

/** A matrix answer: per row id, a column id (single), column ids (multiple) or stars (rating). */
export type SurveyMatrixAnswer = Record<string, string | string[] | number>;
export type SurveyAnswerValue = string | number | string[] | SurveyMatrixAnswer;
export type SurveyAnswers = Record<string, SurveyAnswerValue>;

/** The envelope of a submission before the definition checks it: a map of question ids to anything. */
export const SurveyAnswersZ = z
  .record(z.string().max(32), z.unknown())
  .refine((answers) => Object.keys(answers).length <= SURVEY_QUESTIONS_MAX, SurveyMessages.answersTooMany);

export const DATE_ANSWER_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export function isCalendarDate(value: string): boolean {
  if (!DATE_ANSWER_PATTERN.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

const ID_CARD_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CARD_CHECKS = '10X98765432';

/**
 * A mainland 居民身份证号 (GB 11643-1999): 18 characters, a real birth date at 7–14, and the ISO 7064
 * MOD 11-2 check character last (X for 10; a lower-case x is accepted and stored upper-case).
 */
export function isIdCardNumber(value: string): boolean {
  const v = value.toUpperCase();
  if (!/^\d{17}[\dX]$/.test(v)) return false;
  const birth = `${v.slice(6, 10)}-${v.slice(10, 12)}-${v.slice(12, 14)}`;
  if (!isCalendarDate(birth) || birth < '1900-01-01') return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(v[i]) * (ID_CARD_WEIGHTS[i] ?? 0);
  return ID_CARD_CHECKS[sum % 11] === v[17];
}

/** Digits after the point as a person wrote the number (1e-7 has 7). */
export function decimalsOf(value: number): number {
  const match = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(Math.abs(value)));
  if (!match) return Infinity;
  return Math.max(0, (match[2]?.length ?? 0) - Number(match[3] ?? 0));
}

/** Characters as a person counts them (an emoji is one). */
export function textLength(value: string): number {
  return [...value].length;
}

/** No answer: absent, null, blank text, an empty list or an empty matrix. */
export function isEmptySurveyAnswer(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return false;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isStringArray = (value: unknown): value is string[] => Array.isArray(value) && value.every((v) => typeof v === 'string');
const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/**
 * The value a rule compares for a visible question: the answer read leniently (what does not fit the
 * type counts as no answer; options not shown are left out), never throwing on anything a browser sends.
 * validateSubmission refuses what this ignores, so a submission that passes compared exactly its clean answers.
 */
export function surveyRuleValue(
  question: SurveyQuestion,
  raw: unknown,
  visibleOptions: ReadonlySet<string>,
): SurveyAnswerValue | undefined {
  switch (question.type) {
    case 'single':
    case 'dropdown':
      return typeof raw === 'string' && visibleOptions.has(raw) ? raw : undefined;
    case 'multiple':
    case 'ranking': {
      if (!Array.isArray(raw)) return undefined;
      const picked = question.options.filter((o) => visibleOptions.has(o.id) && raw.includes(o.id)).map((o) => o.id);
      return picked.length > 0 ? picked : undefined;
    }
    case 'text':
    case 'textarea':
      return typeof raw === 'string' && raw.trim() !== '' ? raw.trim() : undefined;
    case 'number':
    case 'rating':
    case 'nps':
    case 'department':
      return finite(raw) ? raw : undefined;
    case 'date':
      return typeof raw === 'string' && isCalendarDate(raw) ? raw : undefined;
    case 'file':
      return isStringArray(raw) && raw.length > 0 ? raw : undefined;
    case 'matrix': {
      if (!isRecord(raw)) return undefined;
      const columns = new Set(question.columns.map((c) => c.id));
      const out: SurveyMatrixAnswer = {};
      for (const row of question.rows) {
        const cell = Object.hasOwn(raw, row.id) ? raw[row.id] : undefined;
        if (question.mode === 'single' && typeof cell === 'string' && columns.has(cell)) out[row.id] = cell;
        if (question.mode === 'multiple' && Array.isArray(cell)) {
          const picked = question.columns.filter((c) => cell.includes(c.id)).map((c) => c.id);
          if (picked.length > 0) out[row.id] = picked;
        }
        if (question.mode === 'rating' && finite(cell)) out[row.id] = cell;
      }
      return Object.keys(out).length > 0 ? out : undefined;
    }
    case 'description':
      return undefined;
  }
}

export type SurveyAnswerCheck = { ok: true; value: SurveyAnswerValue } | { ok: false; message: string };

const fail = (message: string): SurveyAnswerCheck => ({ ok: false, message });
const pass = (value: SurveyAnswerValue): SurveyAnswerCheck => ({ ok: true, value });

function checkScore(title: string, raw: unknown, min: number, max: number): string | null {
  return Number.isInteger(raw) && (raw as number) >= min && (raw as number) <= max ? null : SurveyMessages.answerScore(title, min, max);
}

function checkNumber(title: string, value: number, min: number | undefined, max: number | undefined): string | null {
  if (Math.abs(value) > SURVEY_NUMBER_ABS_MAX) return SurveyMessages.answerNumberMax(title, SURVEY_NUMBER_ABS_MAX);
  if (min !== undefined && value < min) return SurveyMessages.answerNumberMin(title, min);
  if (max !== undefined && value > max) return SurveyMessages.answerNumberMax(title, max);
  return null;
}

/** Picks among a question's options: known to this version, shown, and each once. */
function checkPicks(question: SurveyQuestion & { options: { id: string }[] }, raw: unknown, visible: ReadonlySet<string>): string | null {
  if (!isStringArray(raw)) return SurveyMessages.answerInvalid(question.title);
  if (new Set(raw).size !== raw.length) return SurveyMessages.answerDuplicatePicks(question.title);
  const known = new Set(question.options.map((o) => o.id));
  if (!raw.every((id) => known.has(id))) return SurveyMessages.answerOptionUnknown(question.title);
  if (!raw.every((id) => visible.has(id))) return SurveyMessages.answerOptionHidden(question.title);
  return null;
}

/**
 * One non-empty answer of a visible question against its type's limits. `visibleOptions` are the
 * question's options the rules show; `today` (YYYY-MM-DD) stands for a date limit of 'today'.
 */
export function checkSurveyAnswer(
  question: SurveyQuestion,
  raw: unknown,
  visibleOptions: ReadonlySet<string>,
  today: string,
  required: boolean,
): SurveyAnswerCheck {
  const title = question.title;
  switch (question.type) {
    case 'single':
    case 'dropdown': {
      if (typeof raw !== 'string') return fail(SurveyMessages.answerInvalid(title));
      if (!question.options.some((o) => o.id === raw)) return fail(SurveyMessages.answerOptionUnknown(title));
      if (!visibleOptions.has(raw)) return fail(SurveyMessages.answerOptionHidden(title));
      return pass(raw);
    }
    case 'multiple': {
      const problem = checkPicks(question, raw, visibleOptions);
      if (problem) return fail(problem);
      const picks = raw as string[];
      const exclusive = question.options.find((o) => o.exclusive && picks.includes(o.id));
      if (exclusive && picks.length > 1) return fail(SurveyMessages.answerExclusive(title, exclusive.label));
      // "None of these" alone answers the question whatever the minimum; a minimum above the ordinary
      // options the rules leave shown asks for all of them.
      const shown = question.options.filter((o) => !o.exclusive && visibleOptions.has(o.id)).length;
      const min = Math.min(question.minPicks ?? 0, shown);
      if (!exclusive && picks.length < min) return fail(SurveyMessages.answerTooFewPicks(title, min));
      if (question.maxPicks !== undefined && picks.length > question.maxPicks) {
        return fail(SurveyMessages.answerTooManyPicks(title, question.maxPicks));
      }
      return pass(question.options.filter((o) => picks.includes(o.id)).map((o) => o.id));
    }
    case 'ranking': {
      const problem = checkPicks(question, raw, visibleOptions);
      if (problem) return fail(problem);
      const order = raw as string[];
      if (order.length !== visibleOptions.size) return fail(SurveyMessages.answerRankingIncomplete(title));
      return pass(order);
    }
    case 'text': {
      if (typeof raw !== 'string') return fail(SurveyMessages.answerInvalid(title));
      let value = raw.trim();
      const max = question.maxLength ?? SURVEY_SHORT_TEXT_DEFAULT;
      if (textLength(value) > max) return fail(SurveyMessages.answerTooLong(title, max));
      const validator = question.validator;
      if (validator.kind === 'mobile' && !isMobile(value)) return fail(SurveyMessages.answerMobile(title));
      if (validator.kind === 'email' && !isMail(value)) return fail(SurveyMessages.answerEmail(title));
      if (validator.kind === 'id_card') {
        if (!isIdCardNumber(value)) return fail(SurveyMessages.answerIdCard(title));
        value = value.toUpperCase();
      }
      if (validator.kind === 'number') {
        if (!/^-?\d{1,13}(\.\d{1,6})?$/.test(value)) return fail(SurveyMessages.answerNotNumber(title));
        const problem = checkNumber(title, Number(value), validator.min, validator.max);
        if (problem) return fail(problem);
      }
      return pass(value);
    }
    case 'textarea': {
      if (typeof raw !== 'string') return fail(SurveyMessages.answerInvalid(title));
      const max = question.maxLength ?? SURVEY_TEXT_MAX;
      if (textLength(raw) > max) return fail(SurveyMessages.answerTooLong(title, max));
      return pass(raw);
    }
    case 'number': {
      if (!finite(raw)) return fail(SurveyMessages.answerNotNumber(title));
      const problem = checkNumber(title, raw, question.min, question.max);
      if (problem) return fail(problem);
      if (decimalsOf(raw) > question.decimals) return fail(SurveyMessages.answerDecimals(title, question.decimals));
      return pass(raw);
    }
    case 'date': {
      if (typeof raw !== 'string' || !isCalendarDate(raw)) return fail(SurveyMessages.answerDate(title));
      const min = question.min === 'today' ? today : question.min;
      const max = question.max === 'today' ? today : question.max;
      if (min !== undefined && raw < min) return fail(SurveyMessages.answerDateMin(title, min));
      if (max !== undefined && raw > max) return fail(SurveyMessages.answerDateMax(title, max));
      return pass(raw);
    }
    case 'rating': {
      const problem = checkScore(title, raw, 1, question.stars);
      return problem ? fail(problem) : pass(raw as number);
    }
    case 'nps': {
      const problem = checkScore(title, raw, 0, 10);
      return problem ? fail(problem) : pass(raw as number);
    }
    case 'matrix': {
      if (!isRecord(raw)) return fail(SurveyMessages.answerInvalid(title));
      const rows = new Set(question.rows.map((r) => r.id));
      if (!Object.keys(raw).every((id) => rows.has(id))) return fail(SurveyMessages.answerMatrixRowUnknown(title));
      const columns = new Set(question.columns.map((c) => c.id));
      const out: SurveyMatrixAnswer = {};
      for (const row of question.rows) {
        const cell = Object.hasOwn(raw, row.id) ? raw[row.id] : undefined;
        if (isEmptySurveyAnswer(cell)) {
          // A required matrix wants every row, as 问卷星's does.
          if (required) return fail(SurveyMessages.answerMatrixIncomplete(title, row.label));
          continue;
        }
        if (question.mode === 'single') {
          if (typeof cell !== 'string') return fail(SurveyMessages.answerInvalid(title));
          if (!columns.has(cell)) return fail(SurveyMessages.answerOptionUnknown(title));
          out[row.id] = cell;
        } else if (question.mode === 'multiple') {
          if (!isStringArray(cell)) return fail(SurveyMessages.answerInvalid(title));
          if (new Set(cell).size !== cell.length) return fail(SurveyMessages.answerDuplicatePicks(title));
          if (!cell.every((id) => columns.has(id))) return fail(SurveyMessages.answerOptionUnknown(title));
          out[row.id] = question.columns.filter((c) => cell.includes(c.id)).map((c) => c.id);
        } else {
          const problem = checkScore(title, cell, 1, question.stars ?? 5);
          if (problem) return fail(problem);
          out[row.id] = cell as number;
        }
      }
      return pass(out);
    }
    case 'file': {
      if (!isStringArray(raw) || !raw.every((id) => ATTACHMENT_ID_PATTERN.test(id))) return fail(SurveyMessages.answerFileInvalid(title));
      if (new Set(raw).size !== raw.length) return fail(SurveyMessages.answerFileInvalid(title));
      if (raw.length > question.maxFiles) return fail(SurveyMessages.answerTooManyFiles(title, question.maxFiles));
      return pass(raw);
    }
    case 'department':
      // Whether the department exists is the server's to say (the directory module); here only its form.
      return Number.isSafeInteger(raw) && (raw as number) > 0 ? pass(raw as number) : fail(SurveyMessages.answerDeptInvalid(title));
    case 'description':
      return fail(SurveyMessages.answerNoAnswer(title));
  }
}
