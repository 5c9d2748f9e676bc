import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SurveyAnswers, SurveyAnswerValue } from './survey-answers';
import { evaluateSurvey, validateSubmission, type SurveyEvaluation } from './survey-evaluate';
import { SurveyMessages } from './survey-messages';
import {
  isChoiceQuestion,
  SURVEY_QUESTION_TYPES,
  SurveyDefinitionZ,
  surveyQuestions,
  type SurveyDefinition,
  type SurveyQuestion,
} from './survey-model';
import { surveyOperatorTable, type SurveyAction, type SurveyCompare, type SurveyCondition, type SurveyRule } from './survey-rules';
import { aggregateSurveyResults, surveyResultsFromTallies } from './survey-results';
import { compareCells, sumSurveyCells, tallySurveyAnswers } from './survey-tally';
import { opts, survey } from './survey-test-kit';

/**
 * Issue 16's proof for the evaluator: random surveys with random rules, and random answers. The answers a
 * respondent following the evaluation would give are accepted as they are; an answer to a hidden question
 * is refused naming it; nothing throws; the same input gives the same output; a definition survives JSON.
 */

const TODAY = '2026-11-27';
type G = fc.GeneratorValue;

const int = (g: G, min: number, max: number) => g(fc.integer, { min, max });
const bool = (g: G) => g(fc.boolean);
function pick<T>(g: G, items: readonly T[]): T {
  return items[int(g, 0, items.length - 1)] as T;
}
function subset<T>(g: G, items: readonly T[], min: number, max: number): T[] {
  const size = int(g, Math.min(min, items.length), Math.min(max, items.length));
  const chosen = new Set(g(fc.shuffledSubarray, [...items.keys()], { minLength: size, maxLength: size }));
  return items.filter((_, i) => chosen.has(i));
}

function randomQuestion(g: G, id: string): SurveyQuestion {
  const required = bool(g);
  const title = pick(g, ['满意度', '<b>部门</b>', '您的建议', '"引号"&']);
  const type = pick(g, SURVEY_QUESTION_TYPES);
  const options = (n: number) =>
    opts(
      id,
      Array.from({ length: n }, (_, i) => `选项${i + 1}`),
    );
  switch (type) {
    case 'single':
    case 'dropdown':
    case 'ranking':
      return { id, type, title, required, options: options(int(g, 1, 5)) };
    case 'multiple': {
      const list = options(int(g, 1, 5)).map((o, i, all) =>
        i === all.length - 1 && all.length > 1 && bool(g) ? { ...o, exclusive: true } : o,
      );
      const maxPicks = bool(g) ? int(g, 1, list.length) : undefined;
      const plain = list.filter((o) => !('exclusive' in o)).length;
      const minPicks = bool(g) ? int(g, 0, Math.min(maxPicks ?? list.length, plain)) : undefined;
      return { id, type, title, required, options: list, minPicks, maxPicks };
    }
    case 'text': {
      const kind = pick(g, ['none', 'mobile', 'email', 'id_card', 'number'] as const);
      if (kind !== 'number') return { id, type, title, required, validator: { kind } };
      const min = bool(g) ? int(g, -100, 100) : undefined;
      const max = bool(g) ? int(g, min ?? -100, 200) : undefined;
      return { id, type, title, required, validator: { kind, min, max } };
    }
    case 'textarea':
      return { id, type, title, required, maxLength: int(g, 1, 50) };
    case 'number': {
      const min = bool(g) ? int(g, -1000, 1000) : undefined;
      const max = bool(g) ? int(g, min ?? -1000, 2000) : undefined;
      return { id, type, title, required, min, max, decimals: int(g, 0, 3) };
    }
    case 'date':
      return {
        id,
        type,
        title,
        required,
        min: pick(g, [undefined, '2020-01-01', 'today']),
        max: pick(g, [undefined, '2030-12-31', 'today']),
      };
    case 'rating':
      return { id, type, title, required, stars: int(g, 2, 10) };
    case 'matrix': {
      const mode = pick(g, ['single', 'multiple', 'rating'] as const);
      const rows = opts(
        `${id}r`,
        Array.from({ length: int(g, 1, 3) }, (_, i) => `行${i + 1}`),
      );
      const columns =
        mode === 'rating'
          ? []
          : opts(
              `${id}c`,
              Array.from({ length: int(g, 1, 3) }, (_, i) => `列${i + 1}`),
            );
      return { id, type, title, required, mode, rows, columns, stars: mode === 'rating' ? int(g, 2, 5) : undefined };
    }
    case 'file':
      return { id, type, title, required, maxFiles: int(g, 1, 3) };
    case 'nps':
    case 'department':
      return { id, type, title, required };
    case 'description':
      return { id, type, title, required: false };
  }
}

function randomCompare(g: G, source: SurveyQuestion): SurveyCompare | null {
  const row = source.type === 'matrix' && bool(g) ? pick(g, source.rows).id : undefined;
  const table = surveyOperatorTable(source, row !== undefined);
  const operators = Object.keys(table) as (keyof typeof table)[];
  if (operators.length === 0) return null;
  const operator = pick(g, operators);
  const ids = 'options' in source ? source.options.map((o) => o.id) : source.type === 'matrix' ? source.columns.map((c) => c.id) : [];
  const kind = table[operator];
  const value =
    kind === 'option'
      ? pick(g, ids)
      : kind === 'options'
        ? subset(g, ids, 1, ids.length)
        : kind === 'string'
          ? pick(g, ['', '是', 'x'])
          : kind === 'number'
            ? int(g, 0, 10)
            : kind === 'date'
              ? pick(g, ['2020-01-01', TODAY, '2030-12-31'])
              : undefined;
  return { kind: 'compare', questionId: source.id, rowId: row, operator, value };
}

function randomCondition(g: G, sources: SurveyQuestion[], depth: number): SurveyCondition | null {
  if (depth > 0 && bool(g)) {
    const items = Array.from({ length: int(g, 1, 3) }, () => randomCondition(g, sources, depth - 1)).filter((c) => c !== null);
    return items.length > 0 ? { kind: 'group', op: pick(g, ['and', 'or'] as const), items } : null;
  }
  return randomCompare(g, pick(g, sources));
}

function randomSurvey(g: G): SurveyDefinition {
  let n = 0;
  const pages = Array.from({ length: int(g, 1, 4) }, () =>
    Array.from({ length: int(g, 0, 5) }, () => randomQuestion(g, `q${String(++n).padStart(3, '0')}`)),
  );
  const definition = survey(pages);
  const flat = surveyQuestions(definition);
  const rules: SurveyRule[] = [];
  for (let r = int(g, 0, 6); r > 0 && flat.length > 1; r--) {
    const target = int(g, 1, flat.length - 1);
    const sources = flat.slice(0, target).map((f) => f.question);
    const when = randomCondition(g, sources, 2);
    if (when === null) continue;
    const { question } = flat[target] as (typeof flat)[number];
    const actions: SurveyAction[] = [];
    const type = isChoiceQuestion(question) && bool(g) ? 'option' : pick(g, ['show_question', 'hide_question', 'require'] as const);
    if (type === 'option' && isChoiceQuestion(question)) {
      actions.push({
        type: pick(g, ['show_option', 'hide_option'] as const),
        questionId: question.id,
        optionId: pick(g, question.options).id,
      });
    } else if (type === 'require' && question.type !== 'description') {
      actions.push({ type, questionId: question.id });
    } else if (type !== 'option' && type !== 'require') {
      actions.push({ type, questionId: question.id });
    }
    // A jump from the page of the condition's last question, to a later page or the end.
    const compares = JSON.stringify(when);
    const from = Math.max(...flat.filter((f) => compares.includes(`"${f.question.id}"`)).map((f) => f.page));
    if (bool(g) && from < definition.pages.length) {
      const later = definition.pages.slice(from + 1).map((p) => p.id);
      actions.push({ type: 'jump', target: pick(g, [...later, 'end']) });
    }
    if (actions.length > 0)
      rules.push({
        id: `rule${rules.length + 1}`,
        when: when.kind === 'group' ? when : { kind: 'group', op: 'and', items: [when] },
        actions,
      });
  }
  return { ...definition, rules };
}

/** A valid answer as a respondent gives it, for the options shown; undefined to leave it unanswered. */
function randomAnswer(g: G, question: SurveyQuestion, shown: Record<string, boolean>, required: boolean): SurveyAnswerValue | undefined {
  if (question.type === 'description' || (!required && bool(g))) return undefined;
  const visible = 'options' in question ? question.options.filter((o) => shown[o.id]) : [];
  switch (question.type) {
    case 'single':
    case 'dropdown':
      return pick(g, visible).id;
    case 'multiple': {
      const exclusive = visible.find((o) => o.exclusive);
      const plain = visible.filter((o) => !o.exclusive);
      const min = Math.max(required ? 1 : 0, Math.min(question.minPicks ?? 0, plain.length));
      if (exclusive && (plain.length < min || bool(g))) return [exclusive.id];
      const picks = subset(g, plain, Math.max(min, 1), question.maxPicks ?? plain.length).map((o) => o.id);
      return picks.length > 0 ? picks : undefined;
    }
    case 'ranking':
      return g(fc.shuffledSubarray, visible, { minLength: visible.length, maxLength: visible.length }).map((o) => o.id);
    case 'text':
      switch (question.validator.kind) {
        case 'none':
          return pick(g, ['好', '<script>alert(1)</script>', '多 一些']);
        case 'mobile':
          return '13800138000';
        case 'email':
          return 'zhang.san@example.cn';
        case 'id_card':
          return '11010519491231002X';
        case 'number':
          return String(int(g, question.validator.min ?? -100, question.validator.max ?? 200));
      }
      break;
    case 'textarea':
      return 'x'.repeat(int(g, 1, question.maxLength ?? 1));
    case 'number':
      return int(g, question.min ?? -1000, question.max ?? 2000);
    case 'date': {
      const min = question.min === 'today' ? TODAY : (question.min ?? '2000-01-01');
      const max = question.max === 'today' ? TODAY : (question.max ?? '2040-01-01');
      return pick(g, [min, max]);
    }
    case 'rating':
      return int(g, 1, question.stars);
    case 'nps':
      return int(g, 0, 10);
    case 'matrix':
      return Object.fromEntries(
        question.rows.map((row) => [
          row.id,
          question.mode === 'single'
            ? pick(g, question.columns).id
            : question.mode === 'multiple'
              ? subset(g, question.columns, 1, question.columns.length).map((c) => c.id)
              : int(g, 1, question.stars ?? 5),
        ]),
      );
    case 'file':
      return Array.from({ length: int(g, 1, question.maxFiles) }, (_, i) => `file-${i}`);
    case 'department':
      return int(g, 1, 500);
  }
  return undefined;
}

/** Answers given in order, each seeing what the answers before it show: as the page does. */
function respond(g: G, definition: SurveyDefinition): { answers: SurveyAnswers; evaluation: SurveyEvaluation } {
  const answers: SurveyAnswers = {};
  for (const { question } of surveyQuestions(definition)) {
    const state = evaluateSurvey(definition, answers).questions[question.id];
    if (!state?.visible) continue;
    const value = randomAnswer(g, question, state.options, state.required);
    if (value !== undefined) answers[question.id] = value;
  }
  return { answers, evaluation: evaluateSurvey(definition, answers) };
}

const RUNS = { numRuns: 300 };

describe('the evaluator on random surveys and answers (issue 16)', () => {
  it('makes definitions the schema accepts, unchanged by a JSON round trip', () => {
    fc.assert(
      fc.property(fc.gen(), (g) => {
        const definition = randomSurvey(g);
        const parsed = SurveyDefinitionZ.safeParse(definition);
        expect(parsed.error?.issues).toBeUndefined();
        const stored = SurveyDefinitionZ.parse(JSON.parse(JSON.stringify(definition)));
        expect(stored).toEqual(definition);
        expect(evaluateSurvey(stored, {})).toEqual(evaluateSurvey(definition, {}));
      }),
      RUNS,
    );
  });

  it('accepts what a respondent following the evaluation answers, as given', () => {
    fc.assert(
      fc.property(fc.gen(), (g) => {
        const definition = randomSurvey(g);
        const { answers, evaluation } = respond(g, definition);
        // Every answer is to a visible question, and every visible required question is answered.
        for (const [id, state] of Object.entries(evaluation.questions)) {
          if (answers[id] !== undefined) expect(state.visible).toBe(true);
          if (state.required) expect(answers[id]).toBeDefined();
        }
        // What the server reads is JSON, as the browser sent it.
        const result = validateSubmission(definition, JSON.parse(JSON.stringify(answers)) as Record<string, unknown>, { today: TODAY });
        expect(result).toEqual({ ok: true, answers });
      }),
      RUNS,
    );
  });

  it('refuses an answer to a hidden question, naming it and only it', () => {
    fc.assert(
      fc.property(fc.gen(), (g) => {
        const definition = randomSurvey(g);
        const { answers, evaluation } = respond(g, definition);
        const hidden = surveyQuestions(definition)
          .map((f) => f.question)
          .filter((q) => q.type !== 'description' && !evaluation.questions[q.id]?.visible);
        if (hidden.length === 0) return;
        const question = pick(g, hidden);
        const all = Object.fromEntries(('options' in question ? question.options : []).map((o) => [o.id, true]));
        const value = randomAnswer(g, question, all, true);
        if (value === undefined) return;
        const result = validateSubmission(definition, { ...answers, [question.id]: value }, { today: TODAY });
        expect(result).toEqual({
          ok: false,
          errors: [{ questionId: question.id, title: question.title, message: SurveyMessages.answerHidden(question.title) }],
        });
      }),
      RUNS,
    );
  });

  it('refuses a missing required answer, naming it', () => {
    fc.assert(
      fc.property(fc.gen(), (g) => {
        const definition = randomSurvey(g);
        const { answers, evaluation } = respond(g, definition);
        const required = Object.keys(answers).filter((id) => evaluation.questions[id]?.required);
        if (required.length === 0) return;
        const id = pick(g, required);
        const { [id]: _dropped, ...rest } = answers;
        const title = surveyQuestions(definition).find((f) => f.question.id === id)?.question.title ?? '';
        const result = validateSubmission(definition, rest, { today: TODAY });
        expect(result.ok).toBe(false);
        if (!result.ok) expect(result.errors).toContainEqual({ questionId: id, title, message: SurveyMessages.answerRequired(title) });
      }),
      RUNS,
    );
  });

  it('never throws on anything, and gives the same answer twice', () => {
    fc.assert(
      fc.property(fc.gen(), (g) => {
        const definition = randomSurvey(g);
        const ids = [...surveyQuestions(definition).map((f) => f.question.id), 'zzzz', '__proto__', 'constructor'];
        const answers = g(fc.dictionary, fc.constantFrom(...ids), fc.anything({ maxDepth: 2 }), { maxKeys: ids.length });
        const first = {
          evaluation: evaluateSurvey(definition, answers),
          result: validateSubmission(definition, answers, { today: TODAY }),
        };
        const second = {
          evaluation: evaluateSurvey(definition, answers),
          result: validateSubmission(definition, answers, { today: TODAY }),
        };
        expect(second).toEqual(first);
        // Skipped pages and hidden questions are never required; the path starts at the first page.
        expect(first.evaluation.path[0]).toBe(definition.pages[0]?.id);
        for (const state of Object.values(first.evaluation.questions)) if (state.required) expect(state.visible).toBe(true);
      }),
      RUNS,
    );
  });
});

describe('the evaluator on definitions still being edited', () => {
  it('never throws on rules the schema would refuse (the designer previews as the administrator types)', () => {
    fc.assert(
      fc.property(fc.gen(), (g) => {
        const definition = randomSurvey(g);
        const questions = surveyQuestions(definition).map((f) => f.question);
        const ids = [...questions.map((q) => q.id), ...definition.pages.map((p) => p.id), 'end', 'nope'];
        const optionIds = questions.flatMap((q) => ('options' in q ? q.options.map((o) => o.id) : []));
        const ref = fc.constantFrom(...ids, ...optionIds);
        const compare = fc.record({
          kind: fc.constant('compare' as const),
          questionId: ref,
          rowId: fc.option(ref, { nil: undefined }),
          operator: fc.constantFrom('equals', 'not_equals', 'contains_any', 'contains_all', 'answered', 'empty', 'greater', 'less'),
          value: fc.option(fc.oneof(ref, fc.integer(), fc.array(ref)), { nil: undefined }),
        });
        const when = fc.record({
          kind: fc.constant('group' as const),
          op: fc.constantFrom('and' as const, 'or' as const),
          items: fc.array(compare, { maxLength: 3 }),
        });
        const action = fc.oneof(
          fc.record({ type: fc.constantFrom('show_question' as const, 'hide_question' as const, 'require' as const), questionId: ref }),
          fc.record({ type: fc.constantFrom('show_option' as const, 'hide_option' as const), questionId: ref, optionId: ref }),
          fc.record({ type: fc.constant('jump' as const), target: ref }),
        );
        const rules = g(fc.array, fc.record({ id: fc.constant('rule'), when, actions: fc.array(action, { maxLength: 3 }) }), {
          maxLength: 6,
        });
        const edited = { ...definition, rules };
        const answers = respond(g, definition).answers;
        expect(() => evaluateSurvey(edited, answers)).not.toThrow();
        expect(() => validateSubmission(edited, answers, { today: TODAY })).not.toThrow();
        expect(evaluateSurvey(edited, answers)).toEqual(evaluateSurvey(edited, answers));
      }),
      RUNS,
    );
  });
});

describe('the result counters on random surveys and responses (issue 16)', () => {
  const options = { anonymous: false, minCount: 5 };
  const asResponse = (answers: SurveyAnswers, i: number) => ({
    answers,
    dept_id: null,
    submitted_at: new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString(),
  });

  it('sum to the results of the responses, and a replaced response is its cells taken away and the new ones added', () => {
    fc.assert(
      fc.property(fc.gen(), (g) => {
        const definition = randomSurvey(g);
        const given = Array.from({ length: int(g, 1, 6) }, () => respond(g, definition).answers);
        const replacement = respond(g, definition).answers;
        const cells = given.flatMap((answers) => tallySurveyAnswers(definition, answers));
        const taken = tallySurveyAnswers(definition, given[0] ?? {}).map((c) => ({ ...c, count: -c.count, sum: -c.sum }));
        const kept = sumSurveyCells([...cells, ...taken, ...tallySurveyAnswers(definition, replacement)]);
        const after = [...given.slice(1), replacement].map(asResponse);
        // Texts are kept per response (replaced as a whole), so only the counted figures are compared through the cells.
        const expected = aggregateSurveyResults(definition, after, { ...options, textLimit: 0 });
        expect(surveyResultsFromTallies(definition, { cells: kept, texts: new Map() }, { ...options, textLimit: 0 })).toEqual(expected);
        // One order of cells, whatever the answers: the order writers lock them in.
        for (const answers of given) {
          const tally = tallySurveyAnswers(definition, answers);
          expect([...tally].sort(compareCells)).toEqual(tally);
        }
      }),
      RUNS,
    );
  });
});

describe('the random surveys', () => {
  it('exercise every kind of rule outcome, so the properties above are not vacuous', () => {
    const seen = { hiddenQuestion: 0, hiddenOption: 0, skippedPage: 0, requiredByRule: 0, answered: 0 };
    for (const g of fc.sample(fc.gen(), { numRuns: 300, seed: 16 })) {
      const definition = randomSurvey(g);
      const { answers, evaluation } = respond(g, definition);
      const questions = surveyQuestions(definition).map((f) => f.question);
      if (questions.some((q) => !evaluation.questions[q.id]?.visible)) seen.hiddenQuestion++;
      if (
        questions.some(
          (q) => evaluation.questions[q.id]?.visible && Object.values(evaluation.questions[q.id]?.options ?? {}).includes(false),
        )
      )
        seen.hiddenOption++;
      if (evaluation.path.length < definition.pages.length) seen.skippedPage++;
      if (questions.some((q) => !q.required && evaluation.questions[q.id]?.required)) seen.requiredByRule++;
      seen.answered += Object.keys(answers).length;
    }
    for (const [outcome, count] of Object.entries(seen)) expect(count, outcome).toBeGreaterThan(10);
  });
});
