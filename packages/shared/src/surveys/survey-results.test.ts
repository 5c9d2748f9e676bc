import { describe, expect, it } from 'vitest';
import type { SurveyAnswers } from './survey-answers';
import { SurveyDefinitionZ, type SurveyQuestion } from './survey-model';
import {
  aggregateSurveyResults,
  crossTabulate,
  SurveyCrossTabMessages,
  surveyAnswerText,
  type SurveyQuestionResult,
  type SurveyResponseForResults,
  type SurveyResults,
  type SurveyResultsOptions,
} from './survey-results';
import { multiple, opts, rating, single, survey, text } from './survey-test-kit';

const questions: SurveyQuestion[] = [
  single('s001', ['是', '否', '不确定']),
  multiple('m001', ['甲', '乙', '丙', '以上都不是']),
  { id: 'd001', type: 'dropdown', title: '城市', required: false, options: opts('d001', ['北京', '上海']) },
  rating('r001', 5),
  { id: 'n001', type: 'number', title: '人数', required: false, decimals: 1 },
  { id: 'p001', type: 'nps', title: '推荐', required: false },
  {
    id: 'x001',
    type: 'matrix',
    title: '矩阵',
    required: false,
    mode: 'single',
    rows: opts('x001r', ['食堂', '班车']),
    columns: opts('x001c', ['满意', '不满意']),
  },
  {
    id: 'y001',
    type: 'matrix',
    title: '评分矩阵',
    required: false,
    mode: 'rating',
    rows: opts('y001r', ['环境', '待遇']),
    columns: [],
    stars: 3,
  },
  { id: 'k001', type: 'ranking', title: '排序', required: false, options: opts('k001', ['A', 'B', 'C']) },
  text('t001'),
  { id: 'g001', type: 'department', title: '部门', required: false },
  { id: 'f001', type: 'file', title: '附件', required: false, maxFiles: 3 },
  { id: 'e001', type: 'description', title: '说明', required: false },
];
const definition = survey([questions]);

let clock = 0;
const response = (answers: SurveyAnswers, dept_id: number | null = 1): SurveyResponseForResults => ({
  answers,
  dept_id,
  submitted_at: new Date(Date.UTC(2026, 10, 1, 0, clock++)).toISOString(),
});

const depts = new Map([
  [1, '技术部'],
  [2, '财务部'],
]);
const named: SurveyResultsOptions = { anonymous: false, minCount: 5, depts };

const responses = [
  response({
    s001: 's001o1',
    m001: ['m001o1', 'm001o2'],
    d001: 'd001o1',
    r001: 5,
    n001: 2.5,
    p001: 10,
    x001: { x001ro1: 'x001co1', x001ro2: 'x001co2' },
    y001: { y001ro1: 3, y001ro2: 1 },
    k001: ['k001o2', 'k001o1', 'k001o3'],
    t001: '第一条',
    g001: 2,
    f001: ['aaaa'],
  }),
  response(
    {
      s001: 's001o1',
      m001: ['m001o4'],
      r001: 4,
      n001: 2.5,
      p001: 8,
      x001: { x001ro1: 'x001co1' },
      y001: { y001ro1: 2 },
      k001: ['k001o2', 'k001o3', 'k001o1'],
      t001: '第二条',
      g001: 2,
    },
    2,
  ),
  response(
    { s001: 's001o2', r001: 3, n001: 7, p001: 3, k001: ['k001o1', 'k001o2', 'k001o3'], t001: '第三条', f001: ['bbbb', 'cccc'] },
    null,
  ),
  response({}),
];

const find = <K extends SurveyQuestionResult['kind']>(
  results: SurveyResults,
  id: string,
  kind: K,
): Extract<SurveyQuestionResult, { kind: K }> => {
  const question = results.questions.find((q) => q.question_id === id);
  expect(question?.kind).toBe(kind);
  return question as Extract<SurveyQuestionResult, { kind: K }>;
};

describe('aggregateSurveyResults, named', () => {
  const results = aggregateSurveyResults(definition, responses, named);

  it('parses as a definition (the fixture is a real survey)', () => {
    expect(SurveyDefinitionZ.safeParse(definition).error?.issues).toBeUndefined();
  });

  it('counts every response and leaves description out', () => {
    expect(results.responses).toBe(4);
    expect(results.questions.map((q) => q.question_id)).not.toContain('e001');
    expect(results.questions).toHaveLength(questions.length - 1);
  });

  it('counts the options of single, multiple and dropdown questions', () => {
    expect(find(results, 's001', 'choice')).toMatchObject({
      answered: 3,
      options: [
        { label: '是', count: 2 },
        { label: '否', count: 1 },
        { label: '不确定', count: 0 },
      ],
    });
    expect(find(results, 'm001', 'choice')).toMatchObject({
      answered: 2,
      options: [{ count: 1 }, { count: 1 }, { count: 0 }, { count: 1 }],
    });
    expect(find(results, 'd001', 'choice')).toMatchObject({ answered: 1, options: [{ count: 1 }, { count: 0 }] });
  });

  it('averages ratings and numbers with their distribution', () => {
    expect(find(results, 'r001', 'score')).toMatchObject({
      answered: 3,
      average: 4,
      distribution: [1, 2, 3, 4, 5].map((value) => ({ value, count: value >= 3 ? 1 : 0 })),
    });
    expect(find(results, 'n001', 'score')).toMatchObject({
      average: 4,
      distribution: [
        { value: 2.5, count: 2 },
        { value: 7, count: 1 },
      ],
    });
  });

  it('gives NPS promoters, passives, detractors and the score', () => {
    expect(find(results, 'p001', 'nps')).toMatchObject({ promoters: 1, passives: 1, detractors: 1, score: 0, average: 7 });
  });

  it('counts matrix cells per row and averages a rating matrix row', () => {
    const matrix = find(results, 'x001', 'matrix');
    expect(matrix).toMatchObject({
      answered: 2,
      rows: [
        { label: '食堂', answered: 2, cells: [2, 0] },
        { label: '班车', answered: 1, cells: [0, 1] },
      ],
    });
    const ratingMatrix = find(results, 'y001', 'matrix');
    expect(ratingMatrix).toMatchObject({
      columns: [{ id: '1' }, { id: '2' }, { id: '3' }],
      rows: [
        { label: '环境', cells: [0, 1, 1], average: 2.5 },
        { label: '待遇', cells: [1, 0, 0], average: 1 },
      ],
    });
  });

  it('ranks by average position, best first', () => {
    expect(find(results, 'k001', 'ranking')).toMatchObject({
      answered: 3,
      options: [
        { label: 'B', average_rank: 1.33, first: 2 },
        { label: 'A', average_rank: 2, first: 1 },
        { label: 'C', average_rank: 2.67, first: 0 },
      ],
    });
  });

  it('lists the latest texts first, with their time', () => {
    const texts = find(results, 't001', 'text');
    expect(texts.texts.map((t) => t.text)).toEqual(['第三条', '第二条', '第一条']);
    expect(texts.texts.every((t) => t.submitted_at !== null)).toBe(true);
  });

  it('counts department answers with their names, and files', () => {
    expect(find(results, 'g001', 'department')).toMatchObject({ answered: 2, depts: [{ id: 2, label: '财务部', count: 2 }] });
    expect(find(results, 'f001', 'file')).toMatchObject({ answered: 2, files: 3 });
  });

  it('hides nothing in a named survey however small the counts', () => {
    expect(results.questions.every((q) => !q.hidden)).toBe(true);
  });
});

describe('aggregateSurveyResults, anonymous', () => {
  const anonymous: SurveyResultsOptions = { anonymous: true, minCount: 2, depts };
  const results = aggregateSurveyResults(definition, responses, anonymous);

  it('hides a cell counted by fewer than the minimum (but shows 0 and counts at the minimum)', () => {
    const choice = find(results, 's001', 'choice');
    expect(choice).toMatchObject({ hidden: true, options: [{ count: 2 }, { count: null }, { count: 0 }] });
  });

  it('hides the averages and texts of a question answered by fewer than the minimum', () => {
    expect(find(results, 'd001', 'choice')).toMatchObject({ answered: 1, hidden: true, options: [{ count: null }, { count: 0 }] });
    const many = aggregateSurveyResults(definition, responses, { ...anonymous, minCount: 4 });
    expect(find(many, 'r001', 'score')).toMatchObject({ answered: 3, average: null, distribution: [], hidden: true });
    expect(find(many, 'p001', 'nps')).toMatchObject({ score: null, promoters: null, hidden: true });
    expect(find(many, 't001', 'text')).toMatchObject({ answered: 3, texts: [], hidden: true });
    expect(find(many, 'k001', 'ranking')).toMatchObject({
      options: [{ average_rank: null }, { average_rank: null }, { average_rank: null }],
    });
  });

  it('lists texts sorted by text, with no time', () => {
    const texts = find(results, 't001', 'text');
    expect(texts.texts.map((t) => t.text)).toEqual(['第一条', '第三条', '第二条'].sort());
    expect(texts.texts.every((t) => t.submitted_at === null)).toBe(true);
  });

  it('shows everything when every count reaches the minimum', () => {
    const same = Array.from({ length: 3 }, () => response({ s001: 's001o1' }));
    const shown = aggregateSurveyResults(survey([[single('s001')]]), same, { anonymous: true, minCount: 3 });
    expect(shown.questions[0]).toMatchObject({ hidden: false, options: [{ count: 3 }, { count: 0 }] });
  });
});

describe('evaluation dimensions', () => {
  it('averages every score given to the questions of a dimension', () => {
    const evaluation = survey(
      [
        [
          { id: 'r001', type: 'rating', title: '沟通', required: false, stars: 5, dimensionId: 'dim1' },
          {
            id: 'y001',
            type: 'matrix',
            title: '能力',
            required: false,
            mode: 'rating',
            rows: opts('y001r', ['专业', '协作']),
            columns: [],
            stars: 5,
            dimensionId: 'dim1',
          },
          { id: 'p001', type: 'nps', title: '推荐', required: false, dimensionId: 'dim2' },
        ],
      ],
      [],
      {
        kind: 'evaluation',
        dimensions: [
          { id: 'dim1', title: '能力' },
          { id: 'dim2', title: '推荐度' },
        ],
      },
    );
    expect(SurveyDefinitionZ.safeParse(evaluation).error?.issues).toBeUndefined();
    const results = aggregateSurveyResults(
      evaluation,
      [response({ r001: 5, y001: { y001ro1: 3, y001ro2: 4 } }), response({ r001: 2 })],
      named,
    );
    expect(results.dimensions).toEqual([
      { id: 'dim1', title: '能力', scores: 4, average: 3.5 },
      { id: 'dim2', title: '推荐度', scores: 0, average: null },
    ]);
  });
});

describe('crossTabulate', () => {
  it('spreads one question over another', () => {
    const table = crossTabulate(definition, responses, 's001', 'r001', named);
    if (typeof table === 'string') throw new Error(table);
    expect(table.columns.map((c) => c.id)).toEqual(['1', '2', '3', '4', '5']);
    expect(table.rows).toEqual([
      { id: 's001o1', label: '是', cells: [0, 0, 0, 1, 1], total: 2 },
      { id: 's001o2', label: '否', cells: [0, 0, 1, 0, 0], total: 1 },
      { id: 's001o3', label: '不确定', cells: [0, 0, 0, 0, 0], total: 0 },
    ]);
  });

  it('counts a multiple choice in each group it picks', () => {
    const table = crossTabulate(definition, responses, 'm001', 's001', named);
    if (typeof table === 'string') throw new Error(table);
    expect(table.rows.map((r) => r.cells)).toEqual([
      [1, 0, 0],
      [1, 0, 0],
      [0, 0, 0],
      [1, 0, 0],
    ]);
  });

  it('spreads a question over the respondents’ departments, with 无部门', () => {
    const table = crossTabulate(definition, responses, 's001', 'dept', named);
    if (typeof table === 'string') throw new Error(table);
    expect(table.columns).toEqual([
      { id: '0', label: SurveyCrossTabMessages.noDept },
      { id: '1', label: '技术部' },
      { id: '2', label: '财务部' },
    ]);
    expect(table.rows[0]?.cells).toEqual([0, 1, 1]);
    expect(table.rows[1]?.cells).toEqual([1, 0, 0]);
  });

  it('hides small cells of an anonymous survey', () => {
    const table = crossTabulate(definition, responses, 's001', 'dept', { ...named, anonymous: true, minCount: 2 });
    if (typeof table === 'string') throw new Error(table);
    expect(table.hidden).toBe(true);
    expect(table.rows[0]).toMatchObject({ cells: [0, null, null], total: 2 });
  });

  it('refuses questions it cannot read, and a question by itself', () => {
    expect(crossTabulate(definition, responses, 't001', 's001', named)).toBe(SurveyCrossTabMessages.questionInvalid);
    expect(crossTabulate(definition, responses, 's001', 'x001', named)).toBe(SurveyCrossTabMessages.questionInvalid);
    expect(crossTabulate(definition, responses, 'nope', 's001', named)).toBe(SurveyCrossTabMessages.questionInvalid);
    expect(crossTabulate(definition, responses, 's001', 's001', named)).toBe(SurveyCrossTabMessages.sameQuestion);
  });
});

describe('surveyAnswerText', () => {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const textOf = (id: string, value: unknown) => surveyAnswerText(byId.get(id) as SurveyQuestion, value, depts);
  it.each<[string, unknown, string]>([
    ['s001', 's001o2', '否'],
    ['m001', ['m001o1', 'm001o3'], '甲；丙'],
    ['k001', ['k001o3', 'k001o1', 'k001o2'], '1. C；2. A；3. B'],
    ['x001', { x001ro2: 'x001co1' }, '班车：满意'],
    ['y001', { y001ro1: 3 }, '环境：3'],
    ['g001', 2, '财务部'],
    ['n001', 2.5, '2.5'],
    ['t001', '<b>x</b>', '<b>x</b>'],
    ['s001', undefined, ''],
  ])('%s %j → %s', (id, value, expected) => {
    expect(textOf(id, value)).toBe(expected);
  });
});
