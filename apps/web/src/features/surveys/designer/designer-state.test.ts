import { describe, expect, it } from 'vitest';
import { SURVEY_QUESTION_TYPES, SURVEY_SETTINGS_DEFAULT, SurveyDefinitionZ, SurveyMessages, type SurveyDefinition } from '@osp/shared';
import {
  addItem,
  addItems,
  addPage,
  addQuestion,
  deleteQuestion,
  dropPlace,
  dropQuestion,
  duplicateQuestion,
  indexProblems,
  mergePage,
  moveQuestion,
  newQuestion,
  problemTarget,
  removeOption,
  shiftItem,
  shiftQuestion,
  splitPage,
  updateQuestion,
} from './designer-state';

function emptySurvey(): SurveyDefinition {
  return {
    kind: 'survey',
    title: '满意度',
    settings: SURVEY_SETTINGS_DEFAULT,
    dimensions: [],
    pages: [{ id: 'page0001', questions: [] }],
    rules: [],
  };
}

/** A survey of `count` single choices on one page, with their ids in order. */
function surveyOf(count: number): { definition: SurveyDefinition; ids: string[] } {
  let definition = emptySurvey();
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const question = newQuestion('single');
    ids.push(question.id);
    definition = addQuestion(definition, 0, question);
  }
  return { definition, ids };
}

const idsOf = (definition: SurveyDefinition) => definition.pages.map((page) => page.questions.map((q) => q.id));

describe('designer operations', () => {
  it('makes every question type valid as it stands, so a fresh survey saves', () => {
    let definition = emptySurvey();
    for (const type of SURVEY_QUESTION_TYPES) definition = addQuestion(definition, 0, newQuestion(type));
    const parsed = SurveyDefinitionZ.safeParse(definition);
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(definition.pages[0]?.questions.map((q) => q.type)).toEqual([...SURVEY_QUESTION_TYPES]);
  });

  it('adds at a place, moves within and across pages, and shifts across a page break', () => {
    const { definition, ids } = surveyOf(3);
    const [a, b, c] = ids as [string, string, string];
    expect(idsOf(moveQuestion(definition, c, { page: 0, index: 0 }))).toEqual([[c, a, b]]);
    const split = splitPage(definition, 0, 2);
    expect(idsOf(split)).toEqual([[a, b], [c]]);
    // Up from the top of page 2 lands at the end of page 1; down from the end of page 1 at the top of page 2.
    expect(idsOf(shiftQuestion(split, c, -1))).toEqual([[a, b, c], []]);
    expect(idsOf(shiftQuestion(split, b, 1))).toEqual([[a], [b, c]]);
    expect(idsOf(shiftQuestion(split, a, -1))).toEqual([[a, b], [c]]);
    expect(idsOf(shiftQuestion(split, c, 1))).toEqual([[a, b], [c]]);
    expect(idsOf(moveQuestion(split, a, { page: 1, index: 1 }))).toEqual([[b], [c, a]]);
  });

  it('drops a dragged question onto a question or a page: its own list reorders, another page takes it, an empty one too', () => {
    const { definition, ids } = surveyOf(4);
    const [a, b, c, d] = ids as [string, string, string, string];
    // Pages [a, b] [c, d] [] — the last one empty.
    const pages = addPage(splitPage(definition, 0, 2)).definition;
    const [first, second, empty] = pages.pages.map((p) => p.id) as [string, string, string];
    expect(idsOf(pages)).toEqual([[a, b], [c, d], []]);

    // Over a question of its own page: that question's place, as a sortable list moves (arrayMove).
    expect(dropPlace(pages, a, b)).toEqual({ page: 0, index: 1 });
    expect(idsOf(dropQuestion(pages, a, b))).toEqual([[b, a], [c, d], []]);
    expect(idsOf(dropQuestion(pages, d, c))).toEqual([[a, b], [d, c], []]);
    // Over a question of another page: before it, or after it when the card is below its middle.
    expect(dropPlace(pages, a, c)).toEqual({ page: 1, index: 0 });
    expect(idsOf(dropQuestion(pages, a, c))).toEqual([[b], [a, c, d], []]);
    expect(idsOf(dropQuestion(pages, a, d, true))).toEqual([[b], [c, d, a], []]);
    expect(idsOf(dropQuestion(pages, d, a))).toEqual([[d, a, b], [c], []]);
    // Over another page itself: its end; an empty page takes it as its only question.
    expect(idsOf(dropQuestion(pages, b, second))).toEqual([[a], [c, d, b], []]);
    expect(idsOf(dropQuestion(pages, c, empty))).toEqual([[a, b], [d], [c]]);
    // Over its own page: it stays; over nothing known: nothing changes.
    expect(dropPlace(pages, b, first)).toEqual({ page: 0, index: 1 });
    expect(idsOf(dropQuestion(pages, b, first))).toEqual([[a, b], [c, d], []]);
    expect(dropPlace(pages, a, 'nowhere1')).toBeUndefined();
    expect(dropPlace(pages, 'nowhere1', c)).toBeUndefined();
    expect(dropQuestion(pages, a, 'nowhere1')).toBe(pages);
    // The pages keep their ids; the emptied page stays, for its author to fill or merge.
    const emptied = dropQuestion(dropQuestion(pages, a, second), b, empty);
    expect(emptied.pages.map((p) => p.id)).toEqual([first, second, empty]);
    expect(idsOf(emptied)).toEqual([[], [c, d, a], [b]]);
  });

  it('keeps a dragged question whole — id, options, rules — and lets the check name a rule the move put out of order', () => {
    const { definition, ids } = surveyOf(3);
    const [a, b, c] = ids as [string, string, string];
    const pages = splitPage(definition, 0, 2);
    const second = pages.pages[1]?.id ?? '';
    const q = pages.pages[0]?.questions[0];
    if (q?.type !== 'single') throw new Error('single expected');
    const withRule: SurveyDefinition = {
      ...pages,
      rules: [
        {
          id: 'rule0001',
          when: { kind: 'group', op: 'and', items: [{ kind: 'compare', questionId: a, operator: 'equals', value: q.options[0]?.id }] },
          actions: [{ type: 'show_question', questionId: b }],
        },
      ],
    };
    expect(SurveyDefinitionZ.safeParse(withRule).success).toBe(true);

    // b down to page 2, after a still: valid, the rule untouched.
    const down = dropQuestion(withRule, b, second);
    expect(idsOf(down)).toEqual([[a], [c, b]]);
    expect(down.rules).toEqual(withRule.rules);
    expect(down.pages[1]?.questions[1]).toEqual(withRule.pages[0]?.questions[1]);
    expect(SurveyDefinitionZ.safeParse(down).success).toBe(true);

    // a, the rule's condition, down after b: the rule is kept as it was and the check names it (the save's 422).
    const ahead = dropQuestion(withRule, a, c, true);
    expect(idsOf(ahead)).toEqual([[b], [c, a]]);
    expect(ahead.rules).toEqual(withRule.rules);
    expect(ahead.pages[1]?.questions[1]).toEqual(q);
    const parsed = SurveyDefinitionZ.safeParse(ahead);
    expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['rules.0.actions.0', SurveyMessages.ruleLooksAhead(1, q.title, withRule.pages[0]?.questions[1]?.title ?? '')],
    ]);
  });

  it('splits a page at a question and merges it back; the new page has its own id; jumps to a merged page follow', () => {
    const { definition, ids } = surveyOf(4);
    const split = splitPage(splitPage(definition, 0, 1), 1, 2);
    expect(idsOf(split)).toEqual([[ids[0]], [ids[1], ids[2]], [ids[3]]]);
    const pageIds = split.pages.map((p) => p.id);
    expect(new Set(pageIds).size).toBe(3);
    expect(splitPage(definition, 0, 0)).toBe(definition);
    const withJump: SurveyDefinition = {
      ...split,
      rules: [
        {
          id: 'rule0001',
          when: { kind: 'group', op: 'and', items: [{ kind: 'compare', questionId: ids[0] ?? '', operator: 'answered' }] },
          actions: [{ type: 'jump', target: pageIds[2] ?? '' }],
        },
      ],
    };
    const merged = mergePage(withJump, 2);
    expect(idsOf(merged)).toEqual([[ids[0]], [ids[1], ids[2], ids[3]]]);
    expect(merged.rules[0]?.actions).toEqual([{ type: 'jump', target: pageIds[1] }]);
    expect(SurveyDefinitionZ.safeParse(merged).success).toBe(true);
    const added = addPage(merged);
    expect(added.page).toBe(2);
    expect(added.definition.pages).toHaveLength(3);
  });

  it('keeps option ids through edits and moves, and gives a duplicate fresh ids everywhere', () => {
    const { definition, ids } = surveyOf(1);
    const id = ids[0] ?? '';
    const before = definition.pages[0]?.questions[0];
    if (before?.type !== 'single') throw new Error('single expected');
    const [first, second] = before.options;
    let next = updateQuestion(definition, id, (q) => (q.type === 'single' ? { ...q, options: addItem(q.options, '其他') } : q));
    next = updateQuestion(next, id, (q) => (q.type === 'single' ? { ...q, options: shiftItem(q.options, second?.id ?? '', -1) } : q));
    next = updateQuestion(next, id, (q) =>
      q.type === 'single' ? { ...q, options: q.options.map((o) => ({ ...o, label: `${o.label}!` })) } : q,
    );
    const after = next.pages[0]?.questions[0];
    if (after?.type !== 'single') throw new Error('single expected');
    expect(after.options.map((o) => o.id).slice(0, 2)).toEqual([second?.id, first?.id]);
    expect(after.options).toHaveLength(3);
    expect(addItems<{ id: string; label: string }>([], 'a\n\n b \r\nc').map((o) => o.label)).toEqual(['a', 'b', 'c']);

    const matrix = addQuestion(next, 0, newQuestion('matrix'));
    const matrixId = matrix.pages[0]?.questions[1]?.id ?? '';
    const copied = duplicateQuestion(matrix, matrixId);
    const original = copied.definition.pages[0]?.questions[1];
    const copy = copied.definition.pages[0]?.questions[2];
    if (original?.type !== 'matrix' || copy?.type !== 'matrix') throw new Error('matrix expected');
    expect(copy.id).toBe(copied.id);
    expect(copy.id).not.toBe(original.id);
    expect(copy.rows.map((r) => r.label)).toEqual(original.rows.map((r) => r.label));
    for (const [a, b] of [
      ...copy.rows.map((r, i) => [r.id, original.rows[i]?.id]),
      ...copy.columns.map((c, i) => [c.id, original.columns[i]?.id]),
    ])
      expect(a).not.toBe(b);
    expect(SurveyDefinitionZ.safeParse(copied.definition).success).toBe(true);
  });

  it('deletes a question with the rule parts that name it, and an option with its actions and values', () => {
    const { definition, ids } = surveyOf(3);
    const [a, b, c] = ids as [string, string, string];
    const q = definition.pages[0]?.questions[0];
    const target = definition.pages[0]?.questions[2];
    if (q?.type !== 'single' || target?.type !== 'single') throw new Error('single expected');
    const withRule: SurveyDefinition = {
      ...definition,
      rules: [
        {
          id: 'rule0001',
          when: {
            kind: 'group',
            op: 'and',
            items: [
              { kind: 'compare', questionId: a, operator: 'equals', value: q.options[0]?.id },
              { kind: 'group', op: 'or', items: [{ kind: 'compare', questionId: b, operator: 'answered' }] },
            ],
          },
          actions: [
            { type: 'show_question', questionId: c },
            { type: 'hide_option', questionId: c, optionId: target.options[1]?.id ?? '' },
          ],
        },
      ],
    };
    expect(SurveyDefinitionZ.safeParse(withRule).success).toBe(true);
    const noB = deleteQuestion(withRule, b);
    expect(idsOf(noB)).toEqual([[a, c]]);
    expect(noB.rules[0]?.when.items).toEqual([{ kind: 'compare', questionId: a, operator: 'equals', value: q.options[0]?.id }]);
    const noC = deleteQuestion(withRule, c);
    expect(noC.rules[0]?.actions).toEqual([]);
    const noOption = removeOption(withRule, c, target.options[1]?.id ?? '');
    expect(noOption.rules[0]?.actions).toEqual([{ type: 'show_question', questionId: c }]);
    const noValue = removeOption(withRule, a, q.options[0]?.id ?? '');
    expect(noValue.rules[0]?.when.items[0]).toMatchObject({ questionId: a, value: undefined });
  });

  it('maps a 422 key or a zod path to the question, rule or setting it names', () => {
    const { definition, ids } = surveyOf(3);
    const split = splitPage(definition, 0, 1);
    expect(problemTarget(split, 'definition.pages.1.questions.1.title')).toEqual({ tab: 'design', questionId: ids[2], field: 'title' });
    expect(problemTarget(split, 'pages.0.questions.0.options.1.label')).toEqual({
      tab: 'design',
      questionId: ids[0],
      field: 'options.1.label',
    });
    expect(problemTarget(split, 'definition.rules.3.actions.0')).toEqual({ tab: 'rules', ruleIndex: 3 });
    expect(problemTarget(split, 'definition.title')).toEqual({ tab: 'settings', field: 'title' });
    expect(problemTarget(split, 'definition.pages.1.title')).toEqual({ tab: 'design', pageIndex: 1, field: 'title' });
    expect(problemTarget(split, 'deadline')).toEqual({ tab: 'settings', field: 'deadline' });
    const index = indexProblems(split, [
      { key: 'definition.pages.1.questions.0.title', message: '请填写题目标题' },
      { key: 'definition.pages.1.questions.0.options.0.label', message: '选项内容不能为空' },
      { key: 'definition.rules.0.when', message: '第 1 条规则至少需要一个条件' },
      { key: 'definition.dimensions', message: '评价问卷至少需要一个评分维度' },
    ]);
    expect(index.count).toBe(4);
    expect(index.questions.get(ids[1] ?? '')).toHaveLength(2);
    expect(index.rules.get(0)).toEqual(['第 1 条规则至少需要一个条件']);
    expect(index.settings).toEqual([{ field: 'dimensions', message: '评价问卷至少需要一个评分维度' }]);
  });
});
