import { beforeAll, describe, expect, it } from 'vitest';
import { installZodLocale } from '../common/zod-locale';
import {
  SURVEY_ID_PATTERN,
  SURVEY_OPTIONS_MAX,
  SURVEY_QUESTIONS_MAX,
  SurveyDefinitionZ,
  newSurveyId,
  type SurveyDefinition,
} from './survey-model';
import { compare, multiple, opts, rating, rule, single, survey, text } from './survey-test-kit';

beforeAll(installZodLocale);

function problems(definition: unknown): string[] {
  const result = SurveyDefinitionZ.safeParse(definition);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe('newSurveyId', () => {
  it('makes ids of the pattern, different each time', () => {
    const ids = Array.from({ length: 2000 }, newSurveyId);
    for (const id of ids) expect(id).toMatch(SURVEY_ID_PATTERN);
    expect(ids.every((id) => id.length === 10)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('a survey definition', () => {
  it('accepts every question type', () => {
    const definition = survey(
      [
        [
          single('q001'),
          multiple('q002', ['甲', '乙', '以上都不是'], { minPicks: 1, maxPicks: 2 }),
          { id: 'q003', type: 'dropdown', title: '城市', required: false, options: opts('q003', ['北京', '上海']) },
          { id: 'q004', type: 'text', title: '手机', required: true, validator: { kind: 'mobile' } },
          { id: 'q005', type: 'text', title: '年龄', required: false, validator: { kind: 'number', min: 18, max: 65 } },
          { id: 'q006', type: 'textarea', title: '建议', required: false, maxLength: 5000 },
        ],
        [
          { id: 'q007', type: 'number', title: '人数', required: false, min: 0, max: 100, decimals: 0 },
          { id: 'q008', type: 'date', title: '入职日期', required: false, max: 'today' },
          rating('q009'),
          { id: 'q010', type: 'nps', title: '推荐度', required: false },
          {
            id: 'q011',
            type: 'matrix',
            title: '满意度',
            required: false,
            mode: 'single',
            rows: opts('q011r', ['食堂', '班车']),
            columns: opts('q011c', ['满意', '不满意']),
          },
          { id: 'q012', type: 'ranking', title: '福利排序', required: false, options: opts('q012', ['体检', '旅游']) },
          { id: 'q013', type: 'file', title: '附件', required: false, maxFiles: 3 },
          { id: 'q014', type: 'department', title: '所在部门', required: true },
          { id: 'q015', type: 'description', title: '感谢参与', required: false },
        ],
      ],
      [rule('rul1', compare('q001', 'equals', 'q001o1'), { type: 'jump', target: 'end' })],
    );
    expect(problems(definition)).toEqual([]);
  });

  it.each<[string, SurveyDefinition, string]>([
    ['no title', survey([[single('q001')]], [], { title: '  ' }), '请填写问卷标题'],
    ['no pages', { ...survey([[]]), pages: [] }, '问卷至少需要一页'],
    ['a short id', survey([[single('q1')]]), '编号须为 4 到 32 位字母、数字、下划线或短横线'],
    ['a duplicate id', survey([[single('q001'), text('q001')]]), '编号「q001」重复'],
    ['an option id reused by a question', survey([[single('q001'), text('q001o1')]]), '编号「q001o1」重复'],
    ['a choice without options', survey([[{ ...single('q001'), options: [] } as never]]), '题目「单选q001」至少需要一个选项'],
    ['duplicate option labels', survey([[single('q001', ['是', '是'])]]), '题目「单选q001」的选项「是」重复'],
    [
      'an exclusive option on a single choice',
      survey([[{ ...single('q001'), options: [{ id: 'opt1', label: '无', exclusive: true }] } as never]]),
      '题目「单选q001」：只有多选题可以设置互斥选项（以上都不是）',
    ],
    [
      'min picks above max',
      survey([[multiple('q001', ['甲', '乙', '丙'], { minPicks: 3, maxPicks: 2 })]]),
      '题目「多选q001」的最少选择数不能大于最多选择数，也不能大于（互斥选项以外的）选项数',
    ],
    [
      'min picks that only "none of these" could reach',
      survey([[multiple('q001', ['甲', '乙', '以上都不是'], { minPicks: 3 })]]),
      '题目「多选q001」的最少选择数不能大于最多选择数，也不能大于（互斥选项以外的）选项数',
    ],
    [
      'max picks above the options',
      survey([[multiple('q001', ['甲', '乙'], { maxPicks: 3 })]]),
      '题目「多选q001」的最少选择数不能大于最多选择数，也不能大于（互斥选项以外的）选项数',
    ],
    [
      'a number range upside down',
      survey([[{ id: 'q001', type: 'number', title: '人数', required: false, min: 5, max: 1, decimals: 0 }]]),
      '题目「人数」的最小值不能大于最大值',
    ],
    [
      'a date range upside down',
      survey([[{ id: 'q001', type: 'date', title: '日期', required: false, min: '2026-05-01', max: '2026-04-01' }]]),
      '题目「日期」的最小值不能大于最大值',
    ],
    [
      'a matrix without columns',
      survey([[{ id: 'q001', type: 'matrix', title: '矩阵', required: false, mode: 'single', rows: opts('q001r', ['行']), columns: [] }]]),
      '矩阵题「矩阵」至少需要一行和一列',
    ],
    [
      'a rating matrix without stars',
      survey([[{ id: 'q001', type: 'matrix', title: '打分', required: false, mode: 'rating', rows: opts('q001r', ['行']), columns: [] }]]),
      '评分矩阵「打分」须设置星级（2 到 10）',
    ],
    ['an evaluation without dimensions', survey([[rating('q001')]], [], { kind: 'evaluation' }), '评价问卷至少需要一个评分维度'],
    [
      'a dimension that does not exist',
      survey([[{ ...rating('q001'), dimensionId: 'dimX' } as never]], [], {
        kind: 'evaluation',
        dimensions: [{ id: 'dim1', title: '沟通' }],
      }),
      '题目「评分q001」的评分维度不存在',
    ],
  ])('refuses %s', (_, definition, message) => {
    expect(problems(definition)).toContain(message);
  });

  it('escapes what the designer typed in its messages', () => {
    expect(problems(survey([[single('q001', ['<b>x</b>', '<b>x</b>'])]]))).toContain('题目「单选q001」的选项「&lt;b&gt;x&lt;/b&gt;」重复');
  });

  it('holds its limits: 200 questions, 100 options', () => {
    const many = Array.from({ length: SURVEY_QUESTIONS_MAX + 1 }, (_, i) => text(`q${String(i).padStart(4, '0')}`));
    expect(problems(survey([many]))).toContain('问卷最多 200 道题');
    expect(problems(survey([many.slice(0, SURVEY_QUESTIONS_MAX)]))).toEqual([]);
    const labels = Array.from({ length: SURVEY_OPTIONS_MAX + 1 }, (_, i) => `选项${i}`);
    expect(problems(survey([[single('q001', labels)]])).length).toBeGreaterThan(0);
    expect(problems(survey([[single('q001', labels.slice(0, SURVEY_OPTIONS_MAX))]]))).toEqual([]);
  });

  it('refuses unknown fields and wrong types with Chinese messages', () => {
    const bad = { ...survey([[single('q001')]]), extra: 1 };
    expect(problems(bad).join()).toBe('包含不支持的字段：extra');
    expect(problems({ ...survey([[single('q001')]]), kind: 'poll' }).length).toBe(1);
  });
});

describe('rules in a definition', () => {
  const base = [[single('q001'), text('q002'), multiple('q003')], [rating('q004')], [text('q005')]];

  it.each<[string, ReturnType<typeof rule>, string]>([
    [
      'a condition on a later question',
      rule('rul1', compare('q002', 'answered'), { type: 'show_question', questionId: 'q001' }),
      '第 1 条规则的条件引用了题目「文本q002」，它不在「单选q001」之前：条件只能引用前面的题目',
    ],
    [
      'a condition on the question itself (a cycle)',
      rule('rul1', compare('q002', 'empty'), { type: 'hide_question', questionId: 'q002' }),
      '第 1 条规则的条件引用了题目「文本q002」，它不在「文本q002」之前：条件只能引用前面的题目',
    ],
    [
      'an option action on an option of an earlier question',
      rule('rul1', compare('q003', 'answered'), { type: 'hide_option', questionId: 'q001', optionId: 'q001o1' }),
      '第 1 条规则的条件引用了题目「多选q003」，它不在「单选q001」之前：条件只能引用前面的题目',
    ],
    [
      'an unknown question',
      rule('rul1', compare('qXXX', 'answered'), { type: 'show_question', questionId: 'q002' }),
      '第 1 条规则引用的题目不存在',
    ],
    [
      'an unknown target',
      rule('rul1', compare('q001', 'answered'), { type: 'show_question', questionId: 'qXXX' }),
      '第 1 条规则引用的题目不存在',
    ],
    [
      'an unknown option',
      rule('rul1', compare('q001', 'answered'), { type: 'show_option', questionId: 'q003', optionId: 'q001o1' }),
      '第 1 条规则引用了题目「多选q003」中不存在的选项',
    ],
    [
      'a value from another question',
      rule('rul1', compare('q001', 'equals', 'q003o1'), { type: 'show_question', questionId: 'q002' }),
      '第 1 条规则中题目「单选q001」的比较值不正确',
    ],
    [
      'greater on a choice',
      rule('rul1', compare('q001', 'greater', 1), { type: 'show_question', questionId: 'q002' }),
      '第 1 条规则：题目「单选q001」不能使用「greater」条件',
    ],
    [
      'contains_all on a single choice',
      rule('rul1', compare('q001', 'contains_all', ['q001o1']), { type: 'show_question', questionId: 'q002' }),
      '第 1 条规则：题目「单选q001」不能使用「contains_all」条件',
    ],
    [
      'a text value for a rating',
      rule('rul1', compare('q004', 'greater', '3'), { type: 'show_question', questionId: 'q005' }),
      '第 1 条规则中题目「评分q004」的比较值不正确',
    ],
    [
      'a value on answered',
      rule('rul1', compare('q001', 'answered', 'q001o1'), { type: 'show_question', questionId: 'q002' }),
      '第 1 条规则中题目「单选q001」的比较值不正确',
    ],
    [
      'a jump back to its own page',
      rule('rul1', compare('q004', 'greater', 3), { type: 'jump', target: 'page2' }),
      '第 1 条规则只能跳转到条件所在页之后的页面或结束',
    ],
    [
      'a jump back to an earlier page',
      rule('rul1', compare('q004', 'greater', 3), { type: 'jump', target: 'page1' }),
      '第 1 条规则只能跳转到条件所在页之后的页面或结束',
    ],
    [
      'a jump to an unknown page',
      rule('rul1', compare('q001', 'answered'), { type: 'jump', target: 'page9' }),
      '第 1 条规则跳转的页面不存在',
    ],
    [
      'no condition',
      { id: 'rul1', when: { kind: 'group', op: 'and', items: [] }, actions: [{ type: 'jump', target: 'end' }] },
      '第 1 条规则至少需要一个条件',
    ],
    ['no action', rule('rul1', compare('q001', 'answered')), '第 1 条规则至少需要一个动作'],
    [
      'a row on a question that is not a matrix',
      rule('rul1', compare('q001', 'answered', undefined, 'row1'), { type: 'show_question', questionId: 'q002' }),
      '第 1 条规则引用了矩阵题「单选q001」中不存在的行',
    ],
  ])('refuses %s, naming the rule', (_, bad, message) => {
    expect(
      problems(survey(base, [rule('rul0', compare('q001', 'answered'), { type: 'show_question', questionId: 'q002' }), bad])),
    ).toContain(message.replace('第 1 条', '第 2 条'));
  });

  it('refuses conditions nested too deep', () => {
    let when: ReturnType<typeof compare> | { kind: 'group'; op: 'and'; items: never[] } = compare('q001', 'answered');
    for (let i = 0; i < 5; i++) when = { kind: 'group', op: 'and', items: [when as never] };
    expect(problems(survey(base, [rule('rul1', when, { type: 'show_question', questionId: 'q002' })]))).toContain(
      '第 1 条规则的条件嵌套超过 4 层',
    );
  });

  it('accepts forward jumps, option actions and requirements on later questions', () => {
    const rules = [
      rule('rul1', compare('q001', 'equals', 'q001o2'), { type: 'jump', target: 'page3' }, { type: 'require', questionId: 'q005' }),
      rule('rul2', compare('q003', 'contains_any', ['q003o1', 'q003o2']), { type: 'hide_option', questionId: 'q003', optionId: 'q003o1' }),
      rule('rul3', compare('q004', 'less', 3), { type: 'jump', target: 'end' }),
    ];
    // rul2 looks at q003 and acts on q003's option: the question itself, refused.
    expect(problems(survey(base, rules))).toEqual([
      '第 2 条规则的条件引用了题目「多选q003」，它不在「多选q003」之前：条件只能引用前面的题目',
    ]);
    rules[1] = rule('rul2', compare('q001', 'equals', 'q001o1'), { type: 'hide_option', questionId: 'q003', optionId: 'q003o1' });
    expect(problems(survey(base, rules))).toEqual([]);
  });
});
