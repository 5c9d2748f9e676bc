import { describe, expect, it } from 'vitest';
import { evaluateSurvey, SURVEY_SETTINGS_DEFAULT, SurveyMessages, type SurveyDefinition, type SurveyQuestion } from '@osp/shared';
import {
  answersToSend,
  currentPageId,
  firstPageWithError,
  moveItem,
  pageErrors,
  pageNeighbours,
  questionNumbers,
  rankingOrder,
  splitServerErrors,
  togglePick,
  validateAnswers,
} from './survey-form-logic';

const single = (id: string, required = false): SurveyQuestion => ({
  id,
  type: 'single',
  title: `单选${id}`,
  required,
  options: [
    { id: `${id}yes`, label: '是' },
    { id: `${id}no`, label: '否' },
  ],
});
const text = (id: string, required = false): SurveyQuestion => ({
  id,
  type: 'text',
  title: `文本${id}`,
  required,
  validator: { kind: 'none' },
});
const multiple: SurveyQuestion & { type: 'multiple' } = {
  id: 'qmul',
  type: 'multiple',
  title: '多选',
  required: false,
  maxPicks: 2,
  options: [
    { id: 'ma', label: '甲' },
    { id: 'mb', label: '乙' },
    { id: 'mc', label: '丙' },
    { id: 'mnone', label: '以上都不是', exclusive: true },
  ],
};

function survey(pages: SurveyQuestion[][], rules: SurveyDefinition['rules'] = []): SurveyDefinition {
  return {
    kind: 'survey',
    title: '满意度',
    settings: { ...SURVEY_SETTINGS_DEFAULT },
    dimensions: [],
    pages: pages.map((questions, i) => ({ id: `page${i + 1}`, questions })),
    rules,
  };
}

/** q1 = 是 shows q2; q1 = 否 jumps from page 1 to page 3. */
const ruled = survey(
  [[single('q1', true), text('q2', true)], [text('q3', true)], [text('q4')]],
  [
    {
      id: 'rshow',
      when: { kind: 'group', op: 'and', items: [{ kind: 'compare', questionId: 'q1', operator: 'equals', value: 'q1yes' }] },
      actions: [{ type: 'show_question', questionId: 'q2' }],
    },
    {
      id: 'rjump',
      when: { kind: 'group', op: 'and', items: [{ kind: 'compare', questionId: 'q1', operator: 'equals', value: 'q1no' }] },
      actions: [{ type: 'jump', target: 'page3' }],
    },
  ],
);

describe('answersToSend', () => {
  it('leaves out the answer of a question a rule hid, though the form keeps it', () => {
    const answers = { q1: 'q1no', q2: '写过的字', q4: '好' };
    expect(answersToSend(ruled, answers)).toEqual({ q1: 'q1no', q4: '好' });
    expect(answersToSend(ruled, { ...answers, q1: 'q1yes' })).toEqual({ q1: 'q1yes', q2: '写过的字', q4: '好' });
  });

  it('leaves out questions on pages a jump skips, blank answers and options a rule hides', () => {
    const withOptionRule = survey(
      [[single('q1'), multiple]],
      [
        {
          id: 'rhide',
          when: { kind: 'group', op: 'and', items: [{ kind: 'compare', questionId: 'q1', operator: 'equals', value: 'q1yes' }] },
          actions: [{ type: 'hide_option', questionId: 'qmul', optionId: 'mb' }],
        },
      ],
    );
    expect(answersToSend(withOptionRule, { q1: 'q1yes', qmul: ['ma', 'mb'] })).toEqual({ q1: 'q1yes', qmul: ['ma'] });
    expect(answersToSend(withOptionRule, { q1: 'q1yes', qmul: ['mb'] })).toEqual({ q1: 'q1yes' });
    expect(answersToSend(ruled, { q1: 'q1no', q3: '跳过的页' })).toEqual({ q1: 'q1no' });
    expect(answersToSend(ruled, { q1: 'q1yes', q2: '   ' })).toEqual({ q1: 'q1yes' });
  });

  it('what it sends passes the shared validation whatever the form held for hidden questions', () => {
    expect(validateAnswers(ruled, { q1: 'q1no', q2: '不显示的题', q3: '跳过', q4: '' }, '2026-11-27')).toEqual({});
  });
});

describe('page navigation', () => {
  it('follows the jump: page 1 goes to page 3 when q1 is 否, to page 2 otherwise', () => {
    const jumped = evaluateSurvey(ruled, { q1: 'q1no' });
    expect(pageNeighbours(jumped, 'page1')).toEqual({ next: 'page3', position: 1 });
    expect(pageNeighbours(jumped, 'page3')).toEqual({ previous: 'page1', position: 2 });
    const straight = evaluateSurvey(ruled, { q1: 'q1yes' });
    expect(pageNeighbours(straight, 'page1')).toEqual({ next: 'page2', position: 1 });
    expect(pageNeighbours(straight, 'page3')).toEqual({ previous: 'page2', position: 3 });
  });

  it('a page the path no longer reaches falls back to the path page before it', () => {
    const jumped = evaluateSurvey(ruled, { q1: 'q1no' });
    expect(currentPageId(ruled, jumped, 'page2')).toBe('page1');
    expect(currentPageId(ruled, jumped, 'page3')).toBe('page3');
    expect(currentPageId(ruled, jumped, undefined)).toBe('page1');
  });

  it('numbers the questions shown, without gaps for hidden ones', () => {
    expect(questionNumbers(ruled, evaluateSurvey(ruled, { q1: 'q1no' }))).toEqual({ q1: 1, q4: 2 });
    expect(questionNumbers(ruled, evaluateSurvey(ruled, { q1: 'q1yes' }))).toEqual({ q1: 1, q2: 2, q3: 3, q4: 4 });
  });
});

describe('errors', () => {
  it('the shared validation names each question; 下一页 checks only its page', () => {
    const errors = validateAnswers(ruled, { q1: 'q1yes' }, '2026-11-27');
    expect(errors).toEqual({ q2: [SurveyMessages.answerRequired('文本q2')], q3: [SurveyMessages.answerRequired('文本q3')] });
    expect(pageErrors(ruled, errors, 'page1')).toEqual({ q2: [SurveyMessages.answerRequired('文本q2')] });
    expect(pageErrors(ruled, errors, 'page3')).toEqual({});
    expect(firstPageWithError(ruled, evaluateSurvey(ruled, { q1: 'q1yes' }), { q3: ['x'] })).toBe('page2');
  });

  it("a 422's answers.<id> keys go to their questions, other fields above the form", () => {
    expect(splitServerErrors({ 'answers.q2': ['甲'], 'answers.q3': ['乙', '丙'], name: ['请填写您的姓名'], version_id: ['旧'] })).toEqual({
      byQuestion: { q2: ['甲'], q3: ['乙', '丙'] },
      other: { name: ['请填写您的姓名'], version_id: ['旧'] },
    });
    expect(splitServerErrors(undefined)).toEqual({ byQuestion: {}, other: {} });
  });

  it('too many picks and an exclusive option with others are refused by the shared validation', () => {
    const form = survey([[multiple]]);
    expect(validateAnswers(form, { qmul: ['ma', 'mb', 'mc'] }, '2026-11-27').qmul).toEqual([SurveyMessages.answerTooManyPicks('多选', 2)]);
    expect(validateAnswers(form, { qmul: ['ma', 'mnone'] }, '2026-11-27').qmul).toEqual([
      SurveyMessages.answerExclusive('多选', '以上都不是'),
    ]);
  });
});

describe('inputs', () => {
  it('the exclusive option pushes out the other picks and is pushed out by them', () => {
    expect(togglePick(multiple, ['ma', 'mb'], 'mnone', true)).toEqual(['mnone']);
    expect(togglePick(multiple, ['mnone'], 'mc', true)).toEqual(['mc']);
    expect(togglePick(multiple, ['mc'], 'ma', true)).toEqual(['ma', 'mc']);
    expect(togglePick(multiple, ['ma', 'mc'], 'ma', false)).toEqual(['mc']);
  });

  it('a ranking keeps its order over the options shown and appends ones it lacks', () => {
    const shown = { a: true, b: false, c: true, d: true };
    expect(rankingOrder(['a', 'b', 'c', 'd'], shown, ['d', 'b', 'a'])).toEqual(['d', 'a', 'c']);
    expect(rankingOrder(['a', 'b', 'c', 'd'], shown, undefined)).toEqual(['a', 'c', 'd']);
    expect(moveItem(['a', 'c', 'd'], 2, 0)).toEqual(['d', 'a', 'c']);
    expect(moveItem(['a', 'c', 'd'], 0, 5)).toEqual(['a', 'c', 'd']);
  });
});
