import {
  evaluateSurvey,
  isChoiceQuestion,
  isEmptySurveyAnswer,
  validateSubmission,
  type FieldErrors,
  type SurveyAnswers,
  type SurveyAnswerValue,
  type SurveyDefinition,
  type SurveyEvaluation,
  type SurveyQuestion,
} from '@osp/shared';

/*
 * The pure part of the survey form: what is sent, which page comes next, which errors belong to which
 * question. The component only adds React and antd; the rules themselves are the shared evaluator's.
 */

/** Per question id, the messages to show under it. */
export type QuestionErrors = Record<string, string[]>;

/**
 * The answers a submission or a draft carries: visible questions only, options the rules hide taken out
 * of picks, blank answers dropped. The form keeps what the respondent typed into a question a rule hid
 * (it comes back if the rule lets go), but never sends it: the server refuses an answer to a hidden question.
 */
export function answersToSend(
  definition: SurveyDefinition,
  answers: SurveyAnswers,
  evaluation = evaluateSurvey(definition, answers),
): SurveyAnswers {
  const out: SurveyAnswers = {};
  for (const page of definition.pages) {
    for (const question of page.questions) {
      const state = evaluation.questions[question.id];
      if (!state?.visible || question.type === 'description' || !Object.hasOwn(answers, question.id)) continue;
      let value: SurveyAnswerValue | undefined = answers[question.id];
      if (isChoiceQuestion(question)) value = withoutHiddenOptions(value, state.options);
      if (value !== undefined && !isEmptySurveyAnswer(value)) out[question.id] = value;
    }
  }
  return out;
}

function withoutHiddenOptions(value: SurveyAnswerValue | undefined, shown: Record<string, boolean>): SurveyAnswerValue | undefined {
  if (typeof value === 'string') return shown[value] ? value : undefined;
  if (Array.isArray(value)) return value.filter((id) => shown[id]);
  return value;
}

/** The day a date limit of 'today' means, in the browser's time zone (the company's, for its staff). */
export function todayText(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The shared validation of what would be sent, as messages per question. */
export function validateAnswers(definition: SurveyDefinition, answers: SurveyAnswers, today: string): QuestionErrors {
  const result = validateSubmission(definition, answersToSend(definition, answers), { today });
  if (result.ok) return {};
  const out: QuestionErrors = {};
  for (const error of result.errors) (out[error.questionId] ??= []).push(error.message);
  return out;
}

/**
 * A 422's `data.errors` split into messages per question (`answers.<question id>`) and the rest (the name
 * field, the version), which the page shows above the form.
 */
export function splitServerErrors(errors: FieldErrors | undefined): { byQuestion: QuestionErrors; other: FieldErrors } {
  const byQuestion: QuestionErrors = {};
  const other: FieldErrors = {};
  for (const [key, messages] of Object.entries(errors ?? {})) {
    const match = /^answers\.([^.]+)/.exec(key);
    if (match?.[1]) (byQuestion[match[1]] ??= []).push(...messages);
    else (other[key] ??= []).push(...messages);
  }
  return { byQuestion, other };
}

/** The page to show: the one asked for while the path still goes through it, else the path's page before it (or the first). */
export function currentPageId(definition: SurveyDefinition, evaluation: SurveyEvaluation, wanted: string | undefined): string | undefined {
  const path = evaluation.path;
  if (wanted !== undefined && path.includes(wanted)) return wanted;
  const index = definition.pages.findIndex((page) => page.id === wanted);
  if (index > 0) {
    for (let i = index - 1; i >= 0; i--) {
      const id = definition.pages[i]?.id;
      if (id !== undefined && path.includes(id)) return id;
    }
  }
  return path[0];
}

/** The neighbours of a page on the respondent's path: jumps skip pages, so this is not the definition's order. */
export function pageNeighbours(evaluation: SurveyEvaluation, pageId: string): { previous?: string; next?: string; position: number } {
  const index = evaluation.path.indexOf(pageId);
  const previous = index > 0 ? evaluation.path[index - 1] : undefined;
  const next = index >= 0 && index < evaluation.path.length - 1 ? evaluation.path[index + 1] : undefined;
  return { ...(previous === undefined ? {} : { previous }), ...(next === undefined ? {} : { next }), position: index + 1 };
}

/** The questions a page shows, in order. */
export function visibleQuestions(definition: SurveyDefinition, evaluation: SurveyEvaluation, pageId: string): SurveyQuestion[] {
  const page = definition.pages.find((candidate) => candidate.id === pageId);
  return page ? page.questions.filter((question) => evaluation.questions[question.id]?.visible) : [];
}

/** The errors of one page's questions (what 下一页 checks). */
export function pageErrors(definition: SurveyDefinition, errors: QuestionErrors, pageId: string): QuestionErrors {
  const page = definition.pages.find((candidate) => candidate.id === pageId);
  const out: QuestionErrors = {};
  for (const question of page?.questions ?? []) {
    const messages = errors[question.id];
    if (messages && messages.length > 0) out[question.id] = messages;
  }
  return out;
}

/** The first page on the path holding a question with an error, to go to after a refused submission. */
export function firstPageWithError(definition: SurveyDefinition, evaluation: SurveyEvaluation, errors: QuestionErrors): string | undefined {
  return evaluation.path.find((pageId) => Object.keys(pageErrors(definition, errors, pageId)).length > 0);
}

/**
 * Question numbers as the respondent reads them: answerable questions shown on the path, counted in order
 * (说明文字 takes no number). Hidden questions do not leave gaps.
 */
export function questionNumbers(definition: SurveyDefinition, evaluation: SurveyEvaluation): Record<string, number> {
  const numbers: Record<string, number> = {};
  let n = 0;
  for (const pageId of evaluation.path) {
    for (const question of visibleQuestions(definition, evaluation, pageId)) {
      if (question.type !== 'description') numbers[question.id] = ++n;
    }
  }
  return numbers;
}

/**
 * A multiple choice's picks after the respondent ticked or unticked `option`: the exclusive option ("none of
 * these") pushes out every other pick and is pushed out by any of them, as 问卷星's does.
 */
export function togglePick(
  question: SurveyQuestion & { type: 'multiple' },
  picks: readonly string[],
  option: string,
  isChecked: boolean,
): string[] {
  if (!isChecked) return picks.filter((id) => id !== option);
  const exclusive = new Set(question.options.filter((o) => o.exclusive).map((o) => o.id));
  const kept = exclusive.has(option) ? [] : picks.filter((id) => !exclusive.has(id));
  const next = new Set([...kept, option]);
  // In the options' order, as the server stores them.
  return question.options.filter((o) => next.has(o.id)).map((o) => o.id);
}

/** A ranking's order over the options shown now: kept order first, then shown options it lacks, hidden ones left out. */
export function rankingOrder(optionIds: readonly string[], shown: Record<string, boolean>, value: unknown): string[] {
  const visible = optionIds.filter((id) => shown[id]);
  const held = Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string' && visible.includes(id)) : [];
  return [...held, ...visible.filter((id) => !held.includes(id))];
}

/** `list` with the item at `from` moved to `to`. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= next.length || to < 0 || to >= next.length) return next;
  const [item] = next.splice(from, 1) as [T];
  next.splice(to, 0, item);
  return next;
}
