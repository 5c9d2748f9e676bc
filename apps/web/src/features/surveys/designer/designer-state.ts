import {
  newSurveyId,
  SurveyDesignerTexts,
  SurveyTexts,
  surveyCompares,
  type SurveyAction,
  type SurveyCondition,
  type SurveyConditionGroup,
  type SurveyDefinition,
  type SurveyOption,
  type SurveyPage,
  type SurveyQuestion,
  type SurveyQuestionType,
  type SurveyRule,
} from '@osp/shared';

/*
 * The designer's operations on a definition (issue 16): pure functions from one definition to the next, so the
 * page keeps one value (and its undo-free dirty flag) and the tests run without a browser. Every new page,
 * question, option, row, column and rule gets its id from newSurveyId once and keeps it through every move,
 * so answers, rules and results stay attached (docs/surveys.md "Ids").
 */

/** Where a question stands: its page and its place on the page. */
export interface QuestionPlace {
  page: number;
  index: number;
}

export function findQuestion(definition: SurveyDefinition, questionId: string): QuestionPlace | undefined {
  for (let page = 0; page < definition.pages.length; page += 1) {
    const index = definition.pages[page]?.questions.findIndex((q) => q.id === questionId) ?? -1;
    if (index >= 0) return { page, index };
  }
  return undefined;
}

export function questionById(definition: SurveyDefinition, questionId: string): SurveyQuestion | undefined {
  const place = findQuestion(definition, questionId);
  return place ? definition.pages[place.page]?.questions[place.index] : undefined;
}

function option(label: string): SurveyOption {
  return { id: newSurveyId(), label };
}

/** A fresh question of a type, valid as it stands (a title and, where the type needs them, two options). */
export function newQuestion(type: SurveyQuestionType): SurveyQuestion {
  const base = { id: newSurveyId(), title: SurveyTexts.questionTypes[type], required: false };
  const two = () => [option(SurveyDesignerTexts.optionPlaceholder(1)), option(SurveyDesignerTexts.optionPlaceholder(2))];
  switch (type) {
    case 'single':
    case 'multiple':
    case 'dropdown':
    case 'ranking':
      return { ...base, type, options: two() };
    case 'text':
      return { ...base, type, validator: { kind: 'none' } };
    case 'textarea':
      return { ...base, type };
    case 'number':
      return { ...base, type, decimals: 0 };
    case 'date':
      return { ...base, type };
    case 'rating':
      return { ...base, type, stars: 5 };
    case 'nps':
      return { ...base, type };
    case 'matrix':
      return {
        ...base,
        type,
        mode: 'single',
        rows: [1, 2].map((no) => option(SurveyDesignerTexts.rowPlaceholder(no))),
        columns: [1, 2, 3].map((no) => option(SurveyDesignerTexts.columnPlaceholder(no))),
      };
    case 'file':
      return { ...base, type, maxFiles: 1 };
    case 'department':
      return { ...base, type };
    case 'description':
      return { ...base, type, required: false };
  }
}

function withPages(definition: SurveyDefinition, pages: SurveyPage[]): SurveyDefinition {
  return { ...definition, pages };
}

function withQuestions(
  definition: SurveyDefinition,
  page: number,
  change: (questions: SurveyQuestion[]) => SurveyQuestion[],
): SurveyDefinition {
  return withPages(
    definition,
    definition.pages.map((p, i) => (i === page ? { ...p, questions: change([...p.questions]) } : p)),
  );
}

/** Adds `question` on `page` at `index` (the end when left out). */
export function addQuestion(definition: SurveyDefinition, page: number, question: SurveyQuestion, index?: number): SurveyDefinition {
  return withQuestions(definition, page, (questions) => {
    questions.splice(index ?? questions.length, 0, question);
    return questions;
  });
}

/** Replaces a question by id with `change(question)`; the id itself never changes. */
export function updateQuestion(
  definition: SurveyDefinition,
  questionId: string,
  change: (question: SurveyQuestion) => SurveyQuestion,
): SurveyDefinition {
  return withPages(
    definition,
    definition.pages.map((p) =>
      p.questions.some((q) => q.id === questionId)
        ? { ...p, questions: p.questions.map((q) => (q.id === questionId ? { ...change(q), id: q.id } : q)) }
        : p,
    ),
  );
}

/** A question moved to `page` at `index` (its place counted after it left its own): drags and page-crossing moves. */
export function moveQuestion(definition: SurveyDefinition, questionId: string, to: QuestionPlace): SurveyDefinition {
  const from = findQuestion(definition, questionId);
  const question = from ? definition.pages[from.page]?.questions[from.index] : undefined;
  if (!from || !question || !definition.pages[to.page]) return definition;
  const removed = withQuestions(definition, from.page, (questions) => questions.filter((q) => q.id !== questionId));
  return addQuestion(removed, to.page, question, Math.min(to.index, removed.pages[to.page]?.questions.length ?? 0));
}

/**
 * Where a dragged question lands when let go over `overId`, which names a question or a page (their ids share one
 * space, docs/surveys.md "Ids"):
 * - a question on the dragged one's own page: that question's place (the list's own reordering);
 * - a question on another page: before it, or after it when the dragged card is below its middle (`isBelow`);
 * - another page itself (its empty space, or a page without questions): the end of that page;
 * - its own page: where it already is.
 * Undefined when either id names nothing. The place is counted as moveQuestion counts it.
 */
export function dropPlace(definition: SurveyDefinition, questionId: string, overId: string, isBelow = false): QuestionPlace | undefined {
  const from = findQuestion(definition, questionId);
  if (!from) return undefined;
  const page = definition.pages.findIndex((p) => p.id === overId);
  if (page >= 0) return page === from.page ? from : { page, index: definition.pages[page]?.questions.length ?? 0 };
  const over = findQuestion(definition, overId);
  if (!over) return undefined;
  if (over.page === from.page) return over;
  return { page: over.page, index: over.index + (isBelow ? 1 : 0) };
}

/** A drag let go over `overId` (see dropPlace); the definition unchanged when it names nothing. */
export function dropQuestion(definition: SurveyDefinition, questionId: string, overId: string, isBelow = false): SurveyDefinition {
  const place = dropPlace(definition, questionId, overId, isBelow);
  return place ? moveQuestion(definition, questionId, place) : definition;
}

/**
 * 上移 / 下移: one place within the page; at a page's edge the question crosses into the neighbouring page (at its end
 * going up, its start going down), as 问卷星 does. Unchanged at the first and last place of the survey.
 */
export function shiftQuestion(definition: SurveyDefinition, questionId: string, delta: -1 | 1): SurveyDefinition {
  const from = findQuestion(definition, questionId);
  if (!from) return definition;
  const count = definition.pages[from.page]?.questions.length ?? 0;
  const index = from.index + delta;
  if (index >= 0 && index < count) return moveQuestion(definition, questionId, { page: from.page, index });
  const page = from.page + delta;
  const target = definition.pages[page];
  if (!target) return definition;
  return moveQuestion(definition, questionId, { page, index: delta < 0 ? target.questions.length : 0 });
}

/** A copy of a question under fresh ids (its options, rows and columns too), placed right after it. */
export function duplicateQuestion(definition: SurveyDefinition, questionId: string): { definition: SurveyDefinition; id?: string } {
  const place = findQuestion(definition, questionId);
  const question = place ? definition.pages[place.page]?.questions[place.index] : undefined;
  if (!place || !question) return { definition };
  const copy = structuredClone(question);
  copy.id = newSurveyId();
  if ('options' in copy) copy.options = copy.options.map((o) => ({ ...o, id: newSurveyId() }));
  if (copy.type === 'matrix') {
    copy.rows = copy.rows.map((o) => ({ ...o, id: newSurveyId() }));
    copy.columns = copy.columns.map((o) => ({ ...o, id: newSurveyId() }));
  }
  return { definition: addQuestion(definition, place.page, copy, place.index + 1), id: copy.id };
}

/** Keeps the comparisons and actions `keep` accepts; a group left empty goes with them. */
function pruneCondition(condition: SurveyCondition, keep: (questionId: string) => boolean): SurveyCondition | undefined {
  if (condition.kind === 'compare') return keep(condition.questionId) ? condition : undefined;
  const items = condition.items.map((item) => pruneCondition(item, keep)).filter((item) => item !== undefined);
  return items.length === 0 ? undefined : { ...condition, items };
}

function pruneRules(
  rules: SurveyRule[],
  keepQuestion: (id: string) => boolean,
  keepAction: (action: SurveyAction) => boolean,
): SurveyRule[] {
  return rules.map((rule) => {
    const when = pruneCondition(rule.when, keepQuestion);
    return {
      ...rule,
      when: when && when.kind === 'group' ? when : { kind: 'group', op: rule.when.op, items: [] },
      actions: rule.actions.filter(keepAction),
    };
  });
}

/**
 * Deletes a question and whatever of the rules names it (its comparisons, and actions on it or its options): a rule
 * left without a condition or an action stays, for its author to finish or delete, and says so (checkSurveyRules).
 */
export function deleteQuestion(definition: SurveyDefinition, questionId: string): SurveyDefinition {
  const place = findQuestion(definition, questionId);
  if (!place) return definition;
  const removed = withQuestions(definition, place.page, (questions) => questions.filter((q) => q.id !== questionId));
  return {
    ...removed,
    rules: pruneRules(
      removed.rules,
      (id) => id !== questionId,
      (action) => action.type === 'jump' || action.questionId !== questionId,
    ),
  };
}

/** 分页符 before the question at `index`: the page splits in two, the new page holding it and those after it. */
export function splitPage(definition: SurveyDefinition, page: number, index: number): SurveyDefinition {
  const current = definition.pages[page];
  if (!current || index <= 0 || index > current.questions.length) return definition;
  const pages = [...definition.pages];
  pages.splice(
    page,
    1,
    { ...current, questions: current.questions.slice(0, index) },
    { id: newSurveyId(), questions: current.questions.slice(index) },
  );
  return withPages(definition, pages);
}

/** A new empty page at the end (a 分页符 after the last question). */
export function addPage(definition: SurveyDefinition): { definition: SurveyDefinition; page: number } {
  return { definition: withPages(definition, [...definition.pages, { id: newSurveyId(), questions: [] }]), page: definition.pages.length };
}

/**
 * Removes the 分页符 before `page`: its questions join the page before it. Jumps to the removed page go to the page
 * that now holds its questions, unless that is the page the jump leaves from (then the jump goes, as it would go nowhere).
 */
export function mergePage(definition: SurveyDefinition, page: number): SurveyDefinition {
  const current = definition.pages[page];
  const previous = definition.pages[page - 1];
  if (!current || !previous) return definition;
  const pages = [...definition.pages];
  pages.splice(page - 1, 2, { ...previous, questions: [...previous.questions, ...current.questions] });
  const rules = definition.rules.map((rule) => ({
    ...rule,
    actions: rule.actions.map((action) =>
      action.type === 'jump' && action.target === current.id ? { ...action, target: previous.id } : action,
    ),
  }));
  return { ...definition, pages, rules };
}

export function updatePage(definition: SurveyDefinition, page: number, title: string): SurveyDefinition {
  return withPages(
    definition,
    definition.pages.map((p, i) => (i === page ? { ...p, title } : p)),
  );
}

/** A list of labelled items (options, rows, columns, dimensions) edited by id. */
export interface Labelled {
  id: string;
  label: string;
}

export function addItem<T extends Labelled>(items: readonly T[], label: string): T[] {
  return [...items, { id: newSurveyId(), label } as T];
}

/** Several at once (批量添加: one per line), blank lines skipped. */
export function addItems<T extends Labelled>(items: readonly T[], text: string): T[] {
  const labels = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  return [...items, ...labels.map((label) => ({ id: newSurveyId(), label }) as T)];
}

export function shiftItem<T extends { id: string }>(items: readonly T[], id: string, delta: -1 | 1): T[] {
  const from = items.findIndex((item) => item.id === id);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= items.length) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  if (moved) next.splice(to, 0, moved);
  return next;
}

/** Option removal also drops rule actions on that option and the option from condition values. */
export function removeOption(definition: SurveyDefinition, questionId: string, optionId: string): SurveyDefinition {
  const next = updateQuestion(definition, questionId, (q) =>
    'options' in q ? { ...q, options: q.options.filter((o) => o.id !== optionId) } : q,
  );
  const dropValue = (condition: SurveyCondition): SurveyCondition => {
    if (condition.kind === 'group') return { ...condition, items: condition.items.map(dropValue) };
    if (condition.questionId !== questionId) return condition;
    if (condition.value === optionId) return { ...condition, value: undefined };
    if (Array.isArray(condition.value)) return { ...condition, value: condition.value.filter((v) => v !== optionId) };
    return condition;
  };
  return {
    ...next,
    rules: next.rules.map((rule) => ({
      ...rule,
      when: dropValue(rule.when) as SurveyConditionGroup,
      actions: rule.actions.filter((a) => !((a.type === 'show_option' || a.type === 'hide_option') && a.optionId === optionId)),
    })),
  };
}

/** The questions a rule's comparisons name (for listing what a rule depends on). */
export function ruleQuestionIds(rule: SurveyRule): string[] {
  return surveyCompares(rule.when).map((c) => c.questionId);
}

export function newRule(): SurveyRule {
  return { id: newSurveyId(), when: { kind: 'group', op: 'and', items: [] }, actions: [] };
}

/** Where a problem belongs in the designer: a question (and its field), a rule, the settings, or the whole survey. */
export type ProblemTarget =
  | { tab: 'design'; questionId: string; field: string }
  | { tab: 'design'; pageIndex: number; field: string }
  | { tab: 'rules'; ruleIndex: number }
  | { tab: 'settings'; field: string };

/**
 * The place a 422 field error or a zod issue names: `definition.pages.0.questions.2.title` (the server's key) or
 * `pages.0.questions.2.title` (a zod path run in the browser) → the question with that place's id, field `title`.
 * The place is read against the definition that was saved, which is the one on screen.
 */
export function problemTarget(definition: SurveyDefinition, key: string): ProblemTarget {
  const parts = key.split('.');
  if (parts[0] === 'definition') parts.shift();
  const [head, second, third, fourth, ...rest] = parts;
  if (head === 'pages' && second !== undefined) {
    const pageIndex = Number(second);
    const page = definition.pages[pageIndex];
    if (third === 'questions' && fourth !== undefined) {
      const question = page?.questions[Number(fourth)];
      if (question) return { tab: 'design', questionId: question.id, field: rest.join('.') };
    }
    if (page) return { tab: 'design', pageIndex, field: [third, fourth, ...rest].filter((p) => p !== undefined).join('.') };
  }
  if (head === 'rules' && second !== undefined) return { tab: 'rules', ruleIndex: Number(second) };
  return { tab: 'settings', field: parts.join('.') };
}

/** The problems of a definition grouped by where they show: a question's by its id, a rule's by its index, the rest. */
export interface ProblemIndex {
  questions: Map<string, { field: string; message: string }[]>;
  pages: Map<number, string[]>;
  rules: Map<number, string[]>;
  settings: { field: string; message: string }[];
  count: number;
}

export function indexProblems(definition: SurveyDefinition, problems: readonly { key: string; message: string }[]): ProblemIndex {
  const index: ProblemIndex = { questions: new Map(), pages: new Map(), rules: new Map(), settings: [], count: 0 };
  for (const { key, message } of problems) {
    const target = problemTarget(definition, key);
    index.count += 1;
    if (target.tab === 'design' && 'questionId' in target) {
      index.questions.set(target.questionId, [...(index.questions.get(target.questionId) ?? []), { field: target.field, message }]);
    } else if (target.tab === 'design') {
      index.pages.set(target.pageIndex, [...(index.pages.get(target.pageIndex) ?? []), message]);
    } else if (target.tab === 'rules') {
      index.rules.set(target.ruleIndex, [...(index.rules.get(target.ruleIndex) ?? []), message]);
    } else {
      index.settings.push({ field: target.field, message });
    }
  }
  return index;
}
