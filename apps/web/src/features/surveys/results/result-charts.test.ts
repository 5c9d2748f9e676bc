import { describe, expect, it } from 'vitest';
import type { SurveyChoiceResult, SurveyMatrixResult, SurveyMetric, SurveyNpsResult, SurveyQuestionResult } from '@osp/shared';
import { crossByChoices, crossQuestions } from './cross-tab';
import { answerTimeText, pendingPeople, remindableCount } from './metric-rows';
import { publicResultUrl } from './result-link';
import { choiceOption, countPieOption, matrixOption, npsGroup, npsOption, percentText, shortLabel } from './result-charts';

const choice: SurveyChoiceResult = {
  kind: 'choice',
  type: 'single',
  question_id: 'q1',
  title: 'Colour',
  answered: 8,
  hidden: true,
  options: [
    { id: 'a', label: 'Red', count: 6 },
    { id: 'b', label: 'A very long option label indeed', count: null },
    { id: 'c', label: 'Blue', count: 0 },
  ],
};

/** The first series of an option, whatever its declared union. */
function series(option: ReturnType<typeof choiceOption>): Record<string, unknown> {
  const list = Array.isArray(option.series) ? option.series : [option.series];
  return list[0] as Record<string, unknown>;
}

describe('chart options from survey results', () => {
  it('draws a bar a option, the first option on top, a hidden count as no bar, and tooltips never as HTML', () => {
    const option = choiceOption(choice, 'bar');
    expect((option.yAxis as { data: string[] }).data).toEqual(['Blue', 'A very long…', 'Red']);
    expect(series(option).data).toEqual([0, null, 6]);
    expect((option.tooltip as { renderMode: string }).renderMode).toBe('richText');
  });

  it('leaves hidden and empty slices out of a pie', () => {
    expect(series(countPieOption(choice.options)).data).toEqual([{ name: 'Red', value: 6 }]);
  });

  it('says a share of those who answered, and nothing for a hidden count', () => {
    expect(percentText(6, 8)).toBe('75%');
    expect(percentText(1, 3)).toBe('33.3%');
    expect(percentText(null, 8)).toBe('');
    expect(percentText(0, 0)).toBe('');
    expect(shortLabel('短')).toBe('短');
  });

  it('colours NPS columns by group', () => {
    expect([0, 6, 7, 8, 9, 10].map(npsGroup)).toEqual(['detractor', 'detractor', 'passive', 'passive', 'promoter', 'promoter']);
    const nps: SurveyNpsResult = {
      kind: 'nps',
      type: 'nps',
      question_id: 'n',
      title: 'NPS',
      answered: 2,
      hidden: false,
      average: 8,
      promoters: 1,
      passives: 1,
      detractors: 0,
      score: 50,
      distribution: [
        { value: 7, count: 1 },
        { value: 9, count: 1 },
      ],
    };
    const data = series(npsOption(nps)).data as { value: number; itemStyle: { color: string } }[];
    expect(data.map((d) => d.itemStyle.color)).toEqual(['#faad14', '#52c41a']);
  });

  it('puts a matrix in a heat map: x the column, y the row from the bottom, hidden cells left out', () => {
    const matrix: SurveyMatrixResult = {
      kind: 'matrix',
      type: 'matrix',
      mode: 'single',
      question_id: 'm',
      title: 'M',
      answered: 3,
      hidden: true,
      columns: [
        { id: 'x', label: 'Good' },
        { id: 'y', label: 'Bad' },
      ],
      rows: [
        { id: 'r1', label: 'Food', answered: 3, cells: [3, 0], average: null },
        { id: 'r2', label: 'Room', answered: 3, cells: [null, 2], average: null },
      ],
    };
    const option = matrixOption(matrix);
    expect((option.yAxis as { data: string[] }).data).toEqual(['Room', 'Food']);
    expect(series(option).data).toEqual([
      [1, 0, 2],
      [0, 1, 3],
      [1, 1, 0],
    ]);
    expect((option.visualMap as { max: number }).max).toBe(3);
  });
});

describe('the cross-tab pickers', () => {
  const questions = [
    choice,
    { kind: 'text', type: 'text', question_id: 't', title: 'Why', answered: 1, hidden: false, texts: [] },
    { ...choice, question_id: 'q3', title: 'Size', type: 'multiple' },
  ] as SurveyQuestionResult[];

  it('offers choice-like questions, numbered as the statistics are, and never a question by itself', () => {
    expect(crossQuestions(questions)).toEqual([
      { value: 'q1', label: '1. Colour' },
      { value: 'q3', label: '3. Size' },
    ]);
    expect(crossByChoices(questions, 'q1').map((c) => c.value)).toEqual(['dept', 'q3']);
  });
});

describe('the metric as the page shows it', () => {
  it('lists everyone not yet submitted once, drafts first, with their department', () => {
    const metric: SurveyMetric = {
      survey_id: 1,
      targeted: 4,
      answered: 1,
      completion: 25,
      responses: 1,
      median_seconds: 200,
      depts: [
        {
          dept_id: 1,
          dept_name: 'A',
          targeted: 2,
          answered: 1,
          completion: 50,
          pending: [{ user_id: 5, name: 'p5', state: 'pending', reminded_at: null }],
        },
        {
          dept_id: 2,
          dept_name: 'B',
          targeted: 2,
          answered: 0,
          completion: 0,
          pending: [
            { user_id: 6, name: 'p6', state: 'draft', reminded_at: null },
            { user_id: 5, name: 'p5', state: 'pending', reminded_at: null },
          ],
        },
      ],
    };
    expect(pendingPeople(metric).map((p) => [p.user_id, p.dept_name])).toEqual([
      [6, 'B'],
      [5, 'A'],
    ]);
  });

  it('leaves out of 提醒 those already reminded on the company day (Shanghai), not those reminded the day before', () => {
    const person = (reminded_at: string | null) => ({ user_id: 1, name: 'p', state: 'pending' as const, reminded_at, dept_name: 'A' });
    // 2026-11-28 01:00 in Shanghai.
    const now = Date.parse('2026-11-27T17:00:00Z');
    expect(remindableCount([person(null), person('2026-11-27T16:30:00Z'), person('2026-11-27T15:30:00Z')], now)).toBe(2);
  });

  it('says a time to answer in seconds and minutes', () => {
    expect(answerTimeText(null)).toBe('');
    expect(answerTimeText(45)).toBe('45 秒');
    expect(answerTimeText(200)).toBe('3 分 20 秒');
    expect(answerTimeText(180)).toBe('3 分钟');
    expect(answerTimeText(3 * 3600 + 120)).toBe('3 小时 2 分钟');
  });

  it('builds the public link with the token escaped', () => {
    expect(publicResultUrl('http://oa', 12, 'a b')).toBe('http://oa/survey/survey-result/12?token=a%20b');
  });
});
