import { z } from 'zod';
import type { SurveyDefinition, SurveyQuestion } from './survey-model';
import { SurveyMessages } from './survey-messages';

/**
 * A survey's rules (issue 16, "Rules"): when a condition over earlier answers holds, actions show or hide
 * a question or an option, make a question required, or jump ahead. docs/surveys.md has the meaning of
 * each operator on each question type and how defaults and conflicts are decided.
 */

export const SURVEY_OPERATORS = ['equals', 'not_equals', 'contains_any', 'contains_all', 'answered', 'empty', 'greater', 'less'] as const;
export type SurveyOperator = (typeof SURVEY_OPERATORS)[number];

/** Nesting of AND/OR groups below the rule's own; comparisons in one rule; actions of one rule. */
export const SURVEY_CONDITION_DEPTH_MAX = 4;
export const SURVEY_CONDITIONS_MAX = 20;
export const SURVEY_ACTIONS_MAX = 20;
/** The jump target that ends the survey (submits) instead of a page. */
export const SURVEY_JUMP_END = 'end';

export type SurveyConditionValue = string | number | string[];

export interface SurveyCompare {
  kind: 'compare';
  questionId: string;
  /** Matrix questions: the row compared; without it only answered/empty apply (to the whole matrix). */
  rowId?: string | undefined;
  operator: SurveyOperator;
  value?: SurveyConditionValue | undefined;
}

export interface SurveyConditionGroup {
  kind: 'group';
  op: 'and' | 'or';
  items: SurveyCondition[];
}

export type SurveyCondition = SurveyCompare | SurveyConditionGroup;

export type SurveyAction =
  | { type: 'show_question' | 'hide_question' | 'require'; questionId: string }
  | { type: 'show_option' | 'hide_option'; questionId: string; optionId: string }
  | { type: 'jump'; target: string };

export interface SurveyRule {
  id: string;
  when: SurveyConditionGroup;
  actions: SurveyAction[];
}

// The ids are checked against the definition (checkSurveyRules); here only their form, loosely.
const RefZ = z.string().min(1).max(32);

const SurveyCompareZ = z.strictObject({
  kind: z.literal('compare'),
  questionId: RefZ,
  rowId: RefZ.optional(),
  operator: z.enum(SURVEY_OPERATORS),
  value: z.union([z.string().max(5000), z.number().finite(), z.array(RefZ).max(100)]).optional(),
});

export const SurveyConditionZ: z.ZodType<SurveyCondition> = z.lazy(() => z.union([SurveyCompareZ, SurveyConditionGroupZ]));

export const SurveyConditionGroupZ: z.ZodType<SurveyConditionGroup> = z.lazy(() =>
  z.strictObject({
    kind: z.literal('group'),
    op: z.enum(['and', 'or']),
    items: z.array(SurveyConditionZ).max(SURVEY_CONDITIONS_MAX),
  }),
);

export const SurveyActionZ: z.ZodType<SurveyAction> = z.union([
  z.strictObject({ type: z.enum(['show_question', 'hide_question', 'require']), questionId: RefZ }),
  z.strictObject({ type: z.enum(['show_option', 'hide_option']), questionId: RefZ, optionId: RefZ }),
  z.strictObject({ type: z.literal('jump'), target: RefZ }),
]);

export const SurveyRuleZ: z.ZodType<SurveyRule> = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9_-]{4,32}$/, SurveyMessages.idInvalid),
  when: SurveyConditionGroupZ,
  actions: z.array(SurveyActionZ).max(SURVEY_ACTIONS_MAX),
});

/** What the compared value must be: an option id of the question, a set of them, a text, a number, a date, or none. */
type ValueKind = 'option' | 'options' | 'string' | 'number' | 'date' | 'none';
type OperatorTable = Partial<Record<SurveyOperator, ValueKind>>;

const PRESENCE: OperatorTable = { answered: 'none', empty: 'none' };
const ONE_CHOICE: OperatorTable = { ...PRESENCE, equals: 'option', not_equals: 'option', contains_any: 'options' };
const MANY_CHOICES: OperatorTable = {
  ...PRESENCE,
  equals: 'options',
  not_equals: 'options',
  contains_any: 'options',
  contains_all: 'options',
};
const ORDERED = (kind: 'number' | 'date'): OperatorTable => ({ ...PRESENCE, equals: kind, not_equals: kind, greater: kind, less: kind });
const TEXT: OperatorTable = { ...PRESENCE, equals: 'string', not_equals: 'string' };

/**
 * The operators a condition may use on a question (or a matrix row), with the kind of value each compares
 * against. The designer offers exactly these; the definition is refused with any other.
 */
export function surveyOperatorTable(question: SurveyQuestion, row: boolean): OperatorTable {
  if (row && question.type !== 'matrix') return {};
  switch (question.type) {
    case 'single':
    case 'dropdown':
      return ONE_CHOICE;
    case 'multiple':
      return MANY_CHOICES;
    case 'text':
    case 'textarea':
      return TEXT;
    case 'number':
    case 'rating':
    case 'nps':
      return ORDERED('number');
    case 'date':
      return ORDERED('date');
    case 'department':
      return { ...PRESENCE, equals: 'number', not_equals: 'number' };
    case 'matrix':
      if (!row) return PRESENCE;
      return question.mode === 'single' ? ONE_CHOICE : question.mode === 'multiple' ? MANY_CHOICES : ORDERED('number');
    case 'ranking':
    case 'file':
      return PRESENCE;
    case 'description':
      return {};
  }
}

/** The ids a condition value may name: the question's options, or a matrix's columns. */
function choiceIds(question: SurveyQuestion): Set<string> {
  if ('options' in question) return new Set(question.options.map((o) => o.id));
  if (question.type === 'matrix') return new Set(question.columns.map((c) => c.id));
  return new Set();
}

function valueFits(kind: ValueKind, value: SurveyConditionValue | undefined, ids: Set<string>): boolean {
  switch (kind) {
    case 'none':
      return value === undefined;
    case 'option':
      return typeof value === 'string' && ids.has(value);
    case 'options':
      return Array.isArray(value) && value.length > 0 && new Set(value).size === value.length && value.every((v) => ids.has(v));
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'date':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
  }
}

/** Every comparison of a condition, depth first. */
export function surveyCompares(condition: SurveyCondition): SurveyCompare[] {
  return condition.kind === 'compare' ? [condition] : condition.items.flatMap(surveyCompares);
}

function depthOf(condition: SurveyCondition): number {
  return condition.kind === 'compare' ? 0 : 1 + Math.max(0, ...condition.items.map(depthOf));
}

export interface SurveyRuleProblem {
  message: string;
  path: (string | number)[];
}

/**
 * The checks of the rules against their definition: every id they name exists, each operator fits its
 * question, a condition looks only at questions before the question it affects (so no rule can depend on
 * itself: there are no cycles to find), and a jump goes forward from the page of its last compared question.
 * Rules are named by their number (第 n 条), as the rule builder lists them.
 */
export function checkSurveyRules(definition: Pick<SurveyDefinition, 'pages' | 'rules'>): SurveyRuleProblem[] {
  const problems: SurveyRuleProblem[] = [];
  const order = new Map<string, { question: SurveyQuestion; index: number; page: number }>();
  let index = 0;
  definition.pages.forEach((page, p) =>
    page.questions.forEach((question) => order.set(question.id, { question, index: index++, page: p })),
  );
  const pageIndex = new Map(definition.pages.map((page, p) => [page.id, p]));

  definition.rules.forEach((rule, r) => {
    const no = r + 1;
    const at = (...path: (string | number)[]) => ['rules', r, ...path];
    const compares = surveyCompares(rule.when);
    if (compares.length === 0) problems.push({ message: SurveyMessages.ruleNoCondition(no), path: at('when') });
    if (compares.length > SURVEY_CONDITIONS_MAX) {
      problems.push({ message: SurveyMessages.ruleConditionTooMany(no, SURVEY_CONDITIONS_MAX), path: at('when') });
    }
    if (depthOf(rule.when) > SURVEY_CONDITION_DEPTH_MAX) {
      problems.push({ message: SurveyMessages.ruleConditionTooDeep(no, SURVEY_CONDITION_DEPTH_MAX), path: at('when') });
    }
    if (rule.actions.length === 0) problems.push({ message: SurveyMessages.ruleNoAction(no), path: at('actions') });

    let lastIndex = -1;
    let lastPage = -1;
    let lastTitle = '';
    for (const compare of compares) {
      const source = order.get(compare.questionId);
      if (!source) {
        problems.push({ message: SurveyMessages.ruleQuestionUnknown(no), path: at('when') });
        continue;
      }
      const { question } = source;
      if (compare.rowId !== undefined && (question.type !== 'matrix' || !question.rows.some((row) => row.id === compare.rowId))) {
        problems.push({ message: SurveyMessages.ruleRowUnknown(no, question.title), path: at('when') });
        continue;
      }
      const kind = surveyOperatorTable(question, compare.rowId !== undefined)[compare.operator];
      if (kind === undefined) {
        problems.push({ message: SurveyMessages.ruleOperatorInvalid(no, question.title, compare.operator), path: at('when') });
      } else if (!valueFits(kind, compare.value, choiceIds(question))) {
        problems.push({ message: SurveyMessages.ruleValueInvalid(no, question.title), path: at('when') });
      }
      if (source.index > lastIndex) {
        lastIndex = source.index;
        lastTitle = question.title;
      }
      lastPage = Math.max(lastPage, source.page);
    }

    rule.actions.forEach((action, a) => {
      if (action.type === 'jump') {
        const target = action.target === SURVEY_JUMP_END ? definition.pages.length : pageIndex.get(action.target);
        if (target === undefined) problems.push({ message: SurveyMessages.rulePageUnknown(no), path: at('actions', a) });
        else if (target <= lastPage) problems.push({ message: SurveyMessages.ruleJumpBackward(no), path: at('actions', a) });
        return;
      }
      const target = order.get(action.questionId);
      if (!target) {
        problems.push({ message: SurveyMessages.ruleQuestionUnknown(no), path: at('actions', a) });
        return;
      }
      if (action.type === 'show_option' || action.type === 'hide_option') {
        if (!('options' in target.question) || !target.question.options.some((o) => o.id === action.optionId)) {
          problems.push({ message: SurveyMessages.ruleOptionUnknown(no, target.question.title), path: at('actions', a) });
        }
      }
      if (action.type === 'require' && target.question.type === 'description') {
        problems.push({ message: SurveyMessages.ruleNoAnswerTarget(no, target.question.title), path: at('actions', a) });
      }
      if (lastIndex >= target.index) {
        problems.push({ message: SurveyMessages.ruleLooksAhead(no, lastTitle, target.question.title), path: at('actions', a) });
      }
    });
  });
  return problems;
}
