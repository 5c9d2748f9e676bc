import { z } from 'zod';
import { checkSurveyRules, SurveyRuleZ, type SurveyRule } from './survey-rules';
import { SurveyMessages } from './survey-messages';

/**
 * A survey's definition (issue 16, "Model"): what a released version freezes and every response points
 * to. Pure data, JSON in and out; docs/surveys.md explains the choices. Questions, options, rows, pages,
 * rules and dimensions carry stable generated ids (`newSurveyId`), never positions, so that moving a
 * question keeps its answers and rules.
 */

export const SURVEY_QUESTIONS_MAX = 200;
export const SURVEY_PAGES_MAX = 50;
export const SURVEY_OPTIONS_MAX = 100;
export const SURVEY_MATRIX_ROWS_MAX = 50;
export const SURVEY_MATRIX_COLUMNS_MAX = 20;
export const SURVEY_DIMENSIONS_MAX = 20;
export const SURVEY_TITLE_MAX = 200;
export const SURVEY_DESCRIPTION_MAX = 5000;
export const SURVEY_OPTION_LABEL_MAX = 200;
/** Longest text answer (long text); a short text's own limit is at most this. */
export const SURVEY_TEXT_MAX = 5000;
/** A short text's limit unless its question says otherwise. */
export const SURVEY_SHORT_TEXT_DEFAULT = 200;
/** Stars of a rating (and of a rating matrix): 1–N with N from 2 to this. */
export const SURVEY_RATING_STARS_MAX = 10;
export const SURVEY_FILES_MAX = 20;
/** Largest magnitude a number answer or limit takes: far inside a double's exact integers. */
export const SURVEY_NUMBER_ABS_MAX = 1e12;
export const SURVEY_DECIMALS_MAX = 6;
/** Anonymous results hide a cell counted by fewer people than this (issue 16 settings). */
export const SURVEY_ANONYMOUS_MIN_COUNT_DEFAULT = 5;
export const SURVEY_ANONYMOUS_MIN_COUNT_MAX = 100;

export const SURVEY_ID_PATTERN = /^[A-Za-z0-9_-]{4,32}$/;
const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const ID_LENGTH = 10;

/**
 * A new id for a question, option, row, page, rule or dimension: 10 characters of 62 (about 59 bits), so
 * ids made in two browsers for one survey do not meet. Rejection sampling keeps every character equally likely.
 */
/** Web Crypto, in Node 20 and every browser; this package's TypeScript libraries name neither DOM nor Node. */
const webCrypto = (globalThis as unknown as { crypto: { getRandomValues(array: Uint8Array): Uint8Array } }).crypto;

export function newSurveyId(): string {
  let id = '';
  const bytes = new Uint8Array(16);
  while (id.length < ID_LENGTH) {
    webCrypto.getRandomValues(bytes);
    for (const byte of bytes) {
      // 248 = 4 × 62: bytes above it would favour the first letters.
      if (byte < 248 && id.length < ID_LENGTH) id += ID_ALPHABET[byte % 62];
    }
  }
  return id;
}

export const SURVEY_KINDS = ['survey', 'evaluation'] as const;
export type SurveyKind = (typeof SURVEY_KINDS)[number];

export const SURVEY_QUESTION_TYPES = [
  'single',
  'multiple',
  'dropdown',
  'text',
  'textarea',
  'number',
  'date',
  'rating',
  'nps',
  'matrix',
  'ranking',
  'file',
  'department',
  'description',
] as const;
export type SurveyQuestionType = (typeof SURVEY_QUESTION_TYPES)[number];

/** Types whose answer picks among `options`. */
export const SURVEY_CHOICE_TYPES = ['single', 'multiple', 'dropdown', 'ranking'] as const;
/** Types that may count towards an evaluation's score dimension. */
export const SURVEY_SCORED_TYPES = ['rating', 'nps', 'number', 'matrix'] as const;

export const SurveyIdZ = z.string({ error: SurveyMessages.idInvalid }).regex(SURVEY_ID_PATTERN, SurveyMessages.idInvalid);
const DateZ = z.iso.date({ error: '日期须为有效的日期，格式 YYYY-MM-DD（如 2026-03-01）' });
const NumberZ = z.number().min(-SURVEY_NUMBER_ABS_MAX).max(SURVEY_NUMBER_ABS_MAX);

export const SurveyOptionZ = z.strictObject({
  id: SurveyIdZ,
  label: z.string().trim().min(1, SurveyMessages.optionLabelRequired).max(SURVEY_OPTION_LABEL_MAX),
  /** Multiple choice only: "none of these" (以上都不是), which cannot be picked with another option. */
  exclusive: z.boolean().optional(),
});
export type SurveyOption = z.infer<typeof SurveyOptionZ>;

const base = {
  id: SurveyIdZ,
  title: z.string().trim().min(1, SurveyMessages.questionTitleRequired).max(SURVEY_TITLE_MAX),
  description: z.string().max(SURVEY_DESCRIPTION_MAX).optional(),
  required: z.boolean(),
};
const options = z.array(SurveyOptionZ).max(SURVEY_OPTIONS_MAX);
/** The evaluation (评价) dimension a scored question counts towards. */
const dimensionId = SurveyIdZ.optional();

export const TextValidatorZ = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('none') }),
  z.strictObject({ kind: z.literal('mobile') }),
  z.strictObject({ kind: z.literal('email') }),
  z.strictObject({ kind: z.literal('id_card') }),
  z.strictObject({ kind: z.literal('number'), min: NumberZ.optional(), max: NumberZ.optional() }),
]);
export type TextValidator = z.infer<typeof TextValidatorZ>;

/** A date limit: a fixed day, or 'today' (the day of the submission, which the caller passes in). */
const DateLimitZ = z.union([DateZ, z.literal('today')]);

export const SurveyQuestionZ = z.discriminatedUnion('type', [
  z.strictObject({ ...base, type: z.literal('single'), options }),
  z.strictObject({
    ...base,
    type: z.literal('multiple'),
    options,
    minPicks: z.int().min(0).max(SURVEY_OPTIONS_MAX).optional(),
    maxPicks: z.int().min(1).max(SURVEY_OPTIONS_MAX).optional(),
  }),
  /** Always searchable: a dropdown is for long lists. */
  z.strictObject({ ...base, type: z.literal('dropdown'), options }),
  z.strictObject({
    ...base,
    type: z.literal('text'),
    validator: TextValidatorZ,
    maxLength: z.int().min(1).max(SURVEY_TEXT_MAX).optional(),
  }),
  z.strictObject({ ...base, type: z.literal('textarea'), maxLength: z.int().min(1).max(SURVEY_TEXT_MAX).optional() }),
  z.strictObject({
    ...base,
    type: z.literal('number'),
    min: NumberZ.optional(),
    max: NumberZ.optional(),
    decimals: z.int().min(0).max(SURVEY_DECIMALS_MAX),
    dimensionId,
  }),
  z.strictObject({ ...base, type: z.literal('date'), min: DateLimitZ.optional(), max: DateLimitZ.optional() }),
  z.strictObject({ ...base, type: z.literal('rating'), stars: z.int().min(2).max(SURVEY_RATING_STARS_MAX), dimensionId }),
  z.strictObject({ ...base, type: z.literal('nps'), dimensionId }),
  z.strictObject({
    ...base,
    type: z.literal('matrix'),
    mode: z.enum(['single', 'multiple', 'rating']),
    rows: z.array(SurveyOptionZ.omit({ exclusive: true })).max(SURVEY_MATRIX_ROWS_MAX),
    /** Single and multiple mode; a rating matrix has stars instead. */
    columns: z.array(SurveyOptionZ.omit({ exclusive: true })).max(SURVEY_MATRIX_COLUMNS_MAX),
    stars: z.int().min(2).max(SURVEY_RATING_STARS_MAX).optional(),
    dimensionId,
  }),
  z.strictObject({ ...base, type: z.literal('ranking'), options }),
  z.strictObject({ ...base, type: z.literal('file'), maxFiles: z.int().min(1).max(SURVEY_FILES_MAX) }),
  z.strictObject({ ...base, type: z.literal('department') }),
  /** Text between questions; takes no answer, so `required` is always false. */
  z.strictObject({ ...base, type: z.literal('description'), required: z.literal(false) }),
]);
export type SurveyQuestion = z.infer<typeof SurveyQuestionZ>;
export type SurveyQuestionOf<T extends SurveyQuestionType> = Extract<SurveyQuestion, { type: T }>;
export type SurveyChoiceQuestion = SurveyQuestionOf<'single' | 'multiple' | 'dropdown' | 'ranking'>;

export const SurveyPageZ = z.strictObject({
  id: SurveyIdZ,
  title: z.string().max(SURVEY_TITLE_MAX).optional(),
  questions: z.array(SurveyQuestionZ).max(SURVEY_QUESTIONS_MAX, SurveyMessages.tooManyQuestions(SURVEY_QUESTIONS_MAX)),
});
export type SurveyPage = z.infer<typeof SurveyPageZ>;

export const SurveySettingsZ = z.strictObject({
  /** Anonymous: no user id is stored with a response anywhere (issue 16). */
  anonymous: z.boolean(),
  onePerPerson: z.boolean(),
  editableUntilDeadline: z.boolean(),
  publicLink: z.boolean(),
  anonymousMinCount: z.int().min(1).max(SURVEY_ANONYMOUS_MIN_COUNT_MAX),
});
export type SurveySettings = z.infer<typeof SurveySettingsZ>;

export const SURVEY_SETTINGS_DEFAULT: SurveySettings = {
  anonymous: false,
  onePerPerson: true,
  editableUntilDeadline: false,
  publicLink: false,
  anonymousMinCount: SURVEY_ANONYMOUS_MIN_COUNT_DEFAULT,
};

export const SurveyDimensionZ = z.strictObject({
  id: SurveyIdZ,
  title: z.string().trim().min(1, SurveyMessages.questionTitleRequired).max(SURVEY_TITLE_MAX),
});
export type SurveyDimension = z.infer<typeof SurveyDimensionZ>;

export const SURVEY_RULES_MAX = 200;

export interface SurveyDefinition {
  kind: SurveyKind;
  title: string;
  description?: string | undefined;
  settings: SurveySettings;
  /** Evaluation (评价) only: the score dimensions; empty for a survey. */
  dimensions: SurveyDimension[];
  pages: SurveyPage[];
  rules: SurveyRule[];
}

/** Every question in order, with the index of its page: the order rules are checked against. */
export function surveyQuestions(definition: Pick<SurveyDefinition, 'pages'>): { question: SurveyQuestion; page: number }[] {
  return definition.pages.flatMap((page, index) => page.questions.map((question) => ({ question, page: index })));
}

export function isChoiceQuestion(question: SurveyQuestion): question is SurveyChoiceQuestion {
  return (SURVEY_CHOICE_TYPES as readonly string[]).includes(question.type);
}

function checkQuestion(
  question: SurveyQuestion,
  dimensions: Set<string>,
  kind: SurveyKind,
  ctx: z.RefinementCtx,
  path: (string | number)[],
) {
  const issue = (message: string, at: (string | number)[] = []) => ctx.addIssue({ code: 'custom', message, path: [...path, ...at] });
  if (isChoiceQuestion(question)) {
    if (question.options.length === 0) issue(SurveyMessages.optionsRequired(question.title), ['options']);
    const labels = new Set<string>();
    question.options.forEach((option, i) => {
      if (labels.has(option.label)) issue(SurveyMessages.optionLabelDuplicate(question.title, option.label), ['options', i, 'label']);
      labels.add(option.label);
      if (option.exclusive && question.type !== 'multiple') issue(SurveyMessages.exclusiveNotAllowed(question.title), ['options', i]);
    });
  }
  if (question.type === 'multiple') {
    const max = question.maxPicks ?? question.options.length;
    // The minimum counts ordinary options: "none of these" is never picked with another.
    const plain = question.options.filter((o) => !o.exclusive).length;
    const min = question.minPicks ?? 0;
    if (min > max || min > plain || max > Math.max(question.options.length, 1))
      issue(SurveyMessages.picksInvalid(question.title), ['minPicks']);
  }
  const range = (min: number | string | undefined, max: number | string | undefined) => {
    if (min !== undefined && max !== undefined && min !== 'today' && max !== 'today' && min > max)
      issue(SurveyMessages.rangeInvalid(question.title), ['min']);
  };
  if (question.type === 'number' || question.type === 'date') range(question.min, question.max);
  if (question.type === 'text' && question.validator.kind === 'number') range(question.validator.min, question.validator.max);
  if (question.type === 'matrix') {
    const needsColumns = question.mode !== 'rating';
    if (question.rows.length === 0 || (needsColumns && question.columns.length === 0))
      issue(SurveyMessages.matrixRowsRequired(question.title), ['rows']);
    if (!needsColumns && question.stars === undefined) issue(SurveyMessages.matrixStarsRequired(question.title), ['stars']);
  }
  if ('dimensionId' in question && question.dimensionId !== undefined) {
    if (kind !== 'evaluation' || !dimensions.has(question.dimensionId))
      issue(SurveyMessages.dimensionUnknown(question.title), ['dimensionId']);
    else if (question.type === 'matrix' && question.mode !== 'rating')
      issue(SurveyMessages.dimensionNotScored(question.title), ['dimensionId']);
  }
}

/**
 * The definition as the server stores and the browser reads it. Beyond each part's shape it checks what
 * spans parts: unique ids, the counts, picks and ranges that fit, dimensions that exist, and every rule
 * (`checkSurveyRules`: only earlier questions, forward jumps, operators that fit the question).
 */
export const SurveyDefinitionZ: z.ZodType<SurveyDefinition> = z
  .strictObject({
    kind: z.enum(SURVEY_KINDS),
    title: z.string().trim().min(1, SurveyMessages.titleRequired).max(SURVEY_TITLE_MAX),
    description: z.string().max(SURVEY_DESCRIPTION_MAX).optional(),
    settings: SurveySettingsZ,
    dimensions: z.array(SurveyDimensionZ).max(SURVEY_DIMENSIONS_MAX),
    pages: z.array(SurveyPageZ).min(1, SurveyMessages.pagesRequired).max(SURVEY_PAGES_MAX, SurveyMessages.tooManyPages(SURVEY_PAGES_MAX)),
    rules: z.array(SurveyRuleZ).max(SURVEY_RULES_MAX, SurveyMessages.tooManyRules(SURVEY_RULES_MAX)),
  })
  .superRefine((definition, ctx) => {
    const all = surveyQuestions(definition);
    if (all.length > SURVEY_QUESTIONS_MAX) {
      ctx.addIssue({ code: 'custom', message: SurveyMessages.tooManyQuestions(SURVEY_QUESTIONS_MAX), path: ['pages'] });
      return;
    }
    // One id space for the whole definition: an id names one thing in a rule, an answer or an export.
    const seen = new Set<string>();
    const claim = (id: string, path: (string | number)[]) => {
      if (seen.has(id)) ctx.addIssue({ code: 'custom', message: SurveyMessages.idDuplicate(id), path });
      seen.add(id);
    };
    definition.dimensions.forEach((d, i) => claim(d.id, ['dimensions', i, 'id']));
    definition.pages.forEach((page, p) => {
      claim(page.id, ['pages', p, 'id']);
      page.questions.forEach((question, i) => {
        const path = ['pages', p, 'questions', i];
        claim(question.id, [...path, 'id']);
        if ('options' in question) question.options.forEach((o, j) => claim(o.id, [...path, 'options', j, 'id']));
        if (question.type === 'matrix') {
          question.rows.forEach((o, j) => claim(o.id, [...path, 'rows', j, 'id']));
          question.columns.forEach((o, j) => claim(o.id, [...path, 'columns', j, 'id']));
        }
      });
    });
    definition.rules.forEach((r, i) => claim(r.id, ['rules', i, 'id']));
    if (definition.kind === 'evaluation' && definition.dimensions.length === 0) {
      ctx.addIssue({ code: 'custom', message: SurveyMessages.dimensionsRequired, path: ['dimensions'] });
    }
    const dimensions = new Set(definition.dimensions.map((d) => d.id));
    definition.pages.forEach((page, p) =>
      page.questions.forEach((question, i) => checkQuestion(question, dimensions, definition.kind, ctx, ['pages', p, 'questions', i])),
    );
    for (const problem of checkSurveyRules(definition)) ctx.addIssue({ code: 'custom', ...problem });
  });
