import type { FieldErrors } from '../common/envelope';
import { checkSurveyAnswer, isEmptySurveyAnswer, surveyRuleValue, type SurveyAnswers, type SurveyAnswerValue } from './survey-answers';
import { isChoiceQuestion, type SurveyDefinition, type SurveyQuestion } from './survey-model';
import { SurveyMessages } from './survey-messages';
import { SURVEY_JUMP_END, surveyCompares, type SurveyCompare, type SurveyCondition, type SurveyRule } from './survey-rules';

/**
 * The one evaluator of a survey's rules (issue 16): the browser runs it on every change to show the
 * respondent what to answer, the server runs `validateSubmission` on every submission. Pure and
 * deterministic: the same definition and answers give the same result on both sides; nothing reads a clock.
 */

export interface SurveyQuestionState {
  /** Shown to the respondent: on a page the path reaches, and not hidden by a rule. */
  visible: boolean;
  /** Must be answered: visible, and required by the question or by a rule that holds. */
  required: boolean;
  /** Choice questions: per option id, whether it is shown. */
  options: Record<string, boolean>;
}

export interface SurveyEvaluation {
  questions: Record<string, SurveyQuestionState>;
  /** The ids of the pages the respondent goes through, in order (jumps skip pages). */
  path: string[];
}

type Answers = Readonly<Record<string, unknown>>;

function equalSets(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}

function compareHolds(compare: SurveyCompare, values: ReadonlyMap<string, SurveyAnswerValue>): boolean {
  let value: unknown = values.get(compare.questionId);
  if (compare.rowId !== undefined) {
    value =
      typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>)[compare.rowId] : undefined;
  }
  const target = compare.value;
  switch (compare.operator) {
    case 'answered':
      return value !== undefined;
    case 'empty':
      return value === undefined;
    case 'equals':
    case 'not_equals': {
      let same = false;
      if (value !== undefined) {
        same = Array.isArray(value) && Array.isArray(target) ? equalSets(value as string[], target) : value === target;
      }
      return compare.operator === 'equals' ? same : !same;
    }
    case 'contains_any':
      if (!Array.isArray(target) || value === undefined) return false;
      return Array.isArray(value) ? value.some((v) => target.includes(v as string)) : target.includes(value as string);
    case 'contains_all':
      if (!Array.isArray(target) || !Array.isArray(value)) return false;
      return target.every((t) => (value as unknown[]).includes(t));
    case 'greater':
    case 'less': {
      // Numbers with numbers, dates (YYYY-MM-DD) with dates: both order as compared here.
      const comparable =
        (typeof value === 'number' && typeof target === 'number') || (typeof value === 'string' && typeof target === 'string');
      if (!comparable) return false;
      return compare.operator === 'greater' ? (value as number | string) > target : (value as number | string) < target;
    }
  }
}

function conditionHolds(condition: SurveyCondition, values: ReadonlyMap<string, SurveyAnswerValue>): boolean {
  if (condition.kind === 'compare') return compareHolds(condition, values);
  return condition.op === 'and'
    ? condition.items.every((item) => conditionHolds(item, values))
    : condition.items.some((item) => conditionHolds(item, values));
}

/**
 * What the respondent sees for these answers. Questions are decided in order, so a rule's condition
 * (which looks only at earlier questions) reads answers already settled: an answer counts only while its
 * question is visible and only with options shown. Defaults, as SurveyJS's visibleIf: a question or
 * option that some rule shows is hidden until one of those rules holds; a hide that holds wins over a
 * show. A page's jumps are tried in rule order when the respondent leaves it; the first that holds wins.
 */
export function evaluateSurvey(definition: SurveyDefinition, answers: Answers): SurveyEvaluation {
  // The actions by what they act on: a question id, `questionId/optionId` for an option (ids hold no '/'),
  // `!questionId` for a requirement. Built once, so a survey of 200 questions and 200 rules stays linear.
  const acting = new Map<string, { rule: SurveyRule; effect: 'show' | 'hide' | 'require' }[]>();
  const act = (key: string, rule: SurveyRule, effect: 'show' | 'hide' | 'require') => {
    const list = acting.get(key);
    if (list) list.push({ rule, effect });
    else acting.set(key, [{ rule, effect }]);
  };
  for (const rule of definition.rules) {
    for (const action of rule.actions) {
      if (action.type === 'show_question' || action.type === 'hide_question')
        act(action.questionId, rule, action.type === 'show_question' ? 'show' : 'hide');
      if (action.type === 'show_option' || action.type === 'hide_option') {
        act(`${action.questionId}/${action.optionId}`, rule, action.type === 'show_option' ? 'show' : 'hide');
      }
      if (action.type === 'require') act(`!${action.questionId}`, rule, 'require');
    }
  }
  const values = new Map<string, SurveyAnswerValue>();
  // A rule's condition reads only questions before all of its targets, so once read it stays true or false.
  const held = new Map<SurveyRule, boolean>();
  const holds = (rule: SurveyRule) => {
    let result = held.get(rule);
    if (result === undefined) {
      result = conditionHolds(rule.when, values);
      held.set(rule, result);
    }
    return result;
  };

  const pageOfQuestion = new Map<string, number>();
  definition.pages.forEach((page, p) => page.questions.forEach((question) => pageOfQuestion.set(question.id, p)));
  const jumpsFrom = new Map<number, { rule: SurveyRule; target: string }[]>();
  for (const rule of definition.rules) {
    const from = Math.max(-1, ...surveyCompares(rule.when).map((c) => pageOfQuestion.get(c.questionId) ?? -1));
    for (const action of rule.actions) {
      if (action.type === 'jump') jumpsFrom.set(from, [...(jumpsFrom.get(from) ?? []), { rule, target: action.target }]);
    }
  }

  const decide = (key: string): boolean => {
    const actions = acting.get(key) ?? [];
    let shown = !actions.some((a) => a.effect === 'show');
    for (const { rule, effect } of actions) {
      if (!holds(rule)) continue;
      if (effect === 'hide') return false;
      shown = true;
    }
    return shown;
  };

  const questions: Record<string, SurveyQuestionState> = {};
  const path: string[] = [];
  const pageIds = new Map(definition.pages.map((page, p) => [page.id, p]));
  let p = 0;
  while (p < definition.pages.length) {
    const page = definition.pages[p] as (typeof definition.pages)[number];
    path.push(page.id);
    for (const question of page.questions) {
      const options: Record<string, boolean> = {};
      if (isChoiceQuestion(question)) for (const option of question.options) options[option.id] = decide(`${question.id}/${option.id}`);
      // A choice with every option hidden has nothing to answer, so it is hidden too (SurveyJS's hideIfChoicesEmpty).
      const visible = decide(question.id) && (!isChoiceQuestion(question) || Object.values(options).some(Boolean));
      const requiredByRule = (acting.get(`!${question.id}`) ?? []).some(({ rule }) => holds(rule));
      const required = visible && question.type !== 'description' && (question.required || requiredByRule);
      questions[question.id] = { visible, required, options };
      if (visible) {
        const value = surveyRuleValue(question, own(answers, question.id), visibleSet(options));
        if (value !== undefined) values.set(question.id, value);
      }
    }
    let next = p + 1;
    for (const jump of jumpsFrom.get(p) ?? []) {
      if (!holds(jump.rule)) continue;
      const target = jump.target === SURVEY_JUMP_END ? definition.pages.length : pageIds.get(jump.target);
      // Only forward (checkSurveyRules refuses anything else); a bad target is ignored, never looped on.
      if (target !== undefined && target > p) {
        next = target;
        break;
      }
    }
    p = next;
  }
  // Pages the path skips: nothing on them is shown.
  for (const page of definition.pages) {
    for (const question of page.questions) {
      if (questions[question.id]) continue;
      const options: Record<string, boolean> = {};
      if (isChoiceQuestion(question)) for (const option of question.options) options[option.id] = false;
      questions[question.id] = { visible: false, required: false, options };
    }
  }
  return { questions, path };
}

/** An answer the submission itself carries: `constructor` or `__proto__` as a question id reads nothing inherited. */
function own(answers: Answers, id: string): unknown {
  return Object.hasOwn(answers, id) ? answers[id] : undefined;
}

function visibleSet(options: Record<string, boolean>): Set<string> {
  return new Set(Object.keys(options).filter((id) => options[id]));
}

export interface SurveyAnswerError {
  /** The question's id (or the unknown id the submission used). */
  questionId: string;
  /** The question's title; empty when the id is not a question of this version. */
  title: string;
  message: string;
}

export type SurveySubmissionResult = { ok: true; answers: SurveyAnswers } | { ok: false; errors: SurveyAnswerError[] };

export interface SurveySubmissionContext {
  /** The submission's day (YYYY-MM-DD, the company's time zone) for date limits of 'today'. */
  today: string;
}

/**
 * A submission checked against the version it answers: every error found, each naming its question, or
 * the clean answers (only visible questions' non-empty answers, texts trimmed, picks in the options'
 * order) that the server stores. Empty values of hidden questions are dropped, not refused: a page that
 * keeps a cleared field sends them.
 */
export function validateSubmission(
  definition: SurveyDefinition,
  answers: Answers,
  context: SurveySubmissionContext,
): SurveySubmissionResult {
  const evaluation = evaluateSurvey(definition, answers);
  const errors: SurveyAnswerError[] = [];
  const clean: SurveyAnswers = {};
  const byId = new Map<string, SurveyQuestion>();
  for (const page of definition.pages) for (const question of page.questions) byId.set(question.id, question);

  for (const id of Object.keys(answers)) {
    if (!byId.has(id)) errors.push({ questionId: id, title: '', message: SurveyMessages.answerUnknownQuestion(id) });
  }
  for (const [id, question] of byId) {
    const raw = own(answers, id);
    const state = evaluation.questions[id] as SurveyQuestionState;
    const refuse = (message: string) => errors.push({ questionId: id, title: question.title, message });
    if (isEmptySurveyAnswer(raw)) {
      if (state.required) refuse(SurveyMessages.answerRequired(question.title));
      continue;
    }
    if (question.type === 'description') {
      refuse(SurveyMessages.answerNoAnswer(question.title));
      continue;
    }
    if (!state.visible) {
      refuse(SurveyMessages.answerHidden(question.title));
      continue;
    }
    const checked = checkSurveyAnswer(question, raw, visibleSet(state.options), context.today, state.required);
    if (!checked.ok) refuse(checked.message);
    // A matrix whose rows were all sent blank cleans to nothing: stored as no answer, not as {}.
    else if (!isEmptySurveyAnswer(checked.value)) clean[id] = checked.value;
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, answers: clean };
}

/** The errors as DESIGN §4's `data.errors`, keyed `answers.<question id>`. */
export function surveyAnswerFieldErrors(errors: readonly SurveyAnswerError[]): FieldErrors {
  const out: FieldErrors = {};
  for (const error of errors) (out[`answers.${error.questionId}`] ??= []).push(error.message);
  return out;
}
