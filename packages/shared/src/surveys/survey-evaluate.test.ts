import { describe, expect, it } from 'vitest';
import { evaluateSurvey, surveyAnswerFieldErrors, validateSubmission } from './survey-evaluate';
import { SurveyDefinitionZ, type SurveyQuestion } from './survey-model';
import type { SurveyCondition } from './survey-rules';
import { and, compare, multiple, opts, or, rating, rule, single, survey, text } from './survey-test-kit';

const TODAY = '2026-11-27';

const sources: SurveyQuestion[] = [
  single('s001', ['是', '否', '不确定']),
  multiple('m001', ['甲', '乙', '丙', '以上都不是']),
  text('t001'),
  { id: 'n001', type: 'number', title: '人数', required: false, decimals: 0 },
  rating('r001'),
  { id: 'd001', type: 'date', title: '日期', required: false },
  {
    id: 'x001',
    type: 'matrix',
    title: '矩阵',
    required: false,
    mode: 'single',
    rows: opts('x001r', ['食堂', '班车']),
    columns: opts('x001c', ['满意', '不满意']),
  },
  { id: 'p001', type: 'department', title: '部门', required: false },
  { id: 'f001', type: 'file', title: '附件', required: false, maxFiles: 3 },
];

/** Whether `when` shows a target question after the sources, for these answers. */
function shows(when: SurveyCondition, answers: Record<string, unknown>): boolean {
  const definition = survey([[...sources, text('goal')]], [rule('rul1', when, { type: 'show_question', questionId: 'goal' })]);
  expect(SurveyDefinitionZ.safeParse(definition).error?.issues).toBeUndefined();
  return evaluateSurvey(definition, answers).questions.goal?.visible ?? false;
}

describe('operators by question type', () => {
  it.each<[string, SurveyCondition, Record<string, unknown>, boolean]>([
    ['single equals', compare('s001', 'equals', 's001o1'), { s001: 's001o1' }, true],
    ['single equals, another answer', compare('s001', 'equals', 's001o1'), { s001: 's001o2' }, false],
    ['single equals, no answer', compare('s001', 'equals', 's001o1'), {}, false],
    ['single not equals, another answer', compare('s001', 'not_equals', 's001o1'), { s001: 's001o2' }, true],
    ['single not equals, no answer (empty is not equal)', compare('s001', 'not_equals', 's001o1'), {}, true],
    ['single contains any (is one of)', compare('s001', 'contains_any', ['s001o2', 's001o3']), { s001: 's001o3' }, true],
    ['single contains any, not one of', compare('s001', 'contains_any', ['s001o2', 's001o3']), { s001: 's001o1' }, false],
    ['multiple contains any', compare('m001', 'contains_any', ['m001o1', 'm001o3']), { m001: ['m001o2', 'm001o3'] }, true],
    ['multiple contains any, none', compare('m001', 'contains_any', ['m001o1']), { m001: ['m001o2'] }, false],
    ['multiple contains all', compare('m001', 'contains_all', ['m001o1', 'm001o2']), { m001: ['m001o2', 'm001o1', 'm001o3'] }, true],
    ['multiple contains all, one missing', compare('m001', 'contains_all', ['m001o1', 'm001o2']), { m001: ['m001o1'] }, false],
    ['multiple equals is the same set', compare('m001', 'equals', ['m001o1', 'm001o2']), { m001: ['m001o2', 'm001o1'] }, true],
    ['multiple equals, a superset', compare('m001', 'equals', ['m001o1']), { m001: ['m001o2', 'm001o1'] }, false],
    ['multiple answered', compare('m001', 'answered'), { m001: ['m001o4'] }, true],
    ['multiple empty, an empty list', compare('m001', 'empty'), { m001: [] }, true],
    ['text equals, trimmed', compare('t001', 'equals', '技术部'), { t001: ' 技术部 ' }, true],
    ['text empty, blank', compare('t001', 'empty'), { t001: '   ' }, true],
    ['text answered', compare('t001', 'answered'), { t001: 'x' }, true],
    ['number greater', compare('n001', 'greater', 10), { n001: 11 }, true],
    ['number greater, equal', compare('n001', 'greater', 10), { n001: 10 }, false],
    ['number less', compare('n001', 'less', 10), { n001: 9 }, true],
    ['number less, no answer', compare('n001', 'less', 10), {}, false],
    ['number greater, a string is no answer', compare('n001', 'greater', 1), { n001: '5' }, false],
    ['rating equals', compare('r001', 'equals', 5), { r001: 5 }, true],
    ['rating less', compare('r001', 'less', 3), { r001: 2 }, true],
    ['date greater', compare('d001', 'greater', '2026-06-30'), { d001: '2026-07-01' }, true],
    ['date less', compare('d001', 'less', '2026-06-30'), { d001: '2026-07-01' }, false],
    ['date, not a real day is no answer', compare('d001', 'answered'), { d001: '2026-02-30' }, false],
    ['matrix row equals', compare('x001', 'equals', 'x001co2', 'x001ro1'), { x001: { x001ro1: 'x001co2' } }, true],
    ['matrix row equals, another row', compare('x001', 'equals', 'x001co2', 'x001ro2'), { x001: { x001ro1: 'x001co2' } }, false],
    ['matrix answered', compare('x001', 'answered'), { x001: { x001ro2: 'x001co1' } }, true],
    ['matrix row empty', compare('x001', 'empty', undefined, 'x001ro2'), { x001: { x001ro1: 'x001co1' } }, true],
    ['department equals', compare('p001', 'equals', 12), { p001: 12 }, true],
    ['file answered', compare('f001', 'answered'), { f001: ['abc'] }, true],
    ['and: both', and(compare('s001', 'equals', 's001o1'), compare('r001', 'greater', 3)), { s001: 's001o1', r001: 4 }, true],
    ['and: one', and(compare('s001', 'equals', 's001o1'), compare('r001', 'greater', 3)), { s001: 's001o1', r001: 2 }, false],
    ['or: one', or(compare('s001', 'equals', 's001o1'), compare('r001', 'greater', 3)), { s001: 's001o2', r001: 4 }, true],
    ['or: none', or(compare('s001', 'equals', 's001o1'), compare('r001', 'greater', 3)), { s001: 's001o2', r001: 2 }, false],
    [
      'nested: a and (b or c)',
      and(compare('s001', 'equals', 's001o1'), or(compare('t001', 'equals', '是'), compare('n001', 'greater', 5))),
      { s001: 's001o1', n001: 6 },
      true,
    ],
    [
      'nested: a and (b or c), neither',
      and(compare('s001', 'equals', 's001o1'), or(compare('t001', 'equals', '是'), compare('n001', 'greater', 5))),
      { s001: 's001o1', n001: 4 },
      false,
    ],
  ])('%s', (_, when, answers, expected) => {
    expect(shows(when, answers)).toBe(expected);
  });
});

describe('actions', () => {
  const questions = [single('q001', ['是', '否']), multiple('q002', ['甲', '乙', '丙', '以上都不是']), text('q003'), text('q004')];

  it('a question some rule shows is hidden until one of its rules holds', () => {
    const definition = survey(
      [questions],
      [
        rule('rul1', compare('q001', 'equals', 'q001o1'), { type: 'show_question', questionId: 'q003' }),
        rule('rul2', compare('q001', 'equals', 'q001o2'), { type: 'show_question', questionId: 'q003' }),
      ],
    );
    expect(evaluateSurvey(definition, {}).questions.q003?.visible).toBe(false);
    expect(evaluateSurvey(definition, { q001: 'q001o1' }).questions.q003?.visible).toBe(true);
    expect(evaluateSurvey(definition, { q001: 'q001o2' }).questions.q003?.visible).toBe(true);
    expect(evaluateSurvey(definition, {}).questions.q004?.visible).toBe(true);
  });

  it('a hide that holds wins over a show that holds', () => {
    const definition = survey(
      [questions],
      [
        rule('rul1', compare('q001', 'answered'), { type: 'show_question', questionId: 'q003' }),
        rule('rul2', compare('q001', 'equals', 'q001o2'), { type: 'hide_question', questionId: 'q003' }),
        // A show listed after the hide changes nothing: rule order does not decide visibility.
        rule('rul3', compare('q002', 'answered'), { type: 'show_question', questionId: 'q003' }),
      ],
    );
    expect(evaluateSurvey(definition, { q001: 'q001o1' }).questions.q003?.visible).toBe(true);
    expect(evaluateSurvey(definition, { q001: 'q001o2' }).questions.q003?.visible).toBe(false);
    expect(evaluateSurvey(definition, { q001: 'q001o2', q002: ['q002o1'] }).questions.q003?.visible).toBe(false);
    expect(evaluateSurvey(definition, { q002: ['q002o1'] }).questions.q003?.visible).toBe(true);
  });

  it('shows and hides options; a hidden option cannot be picked', () => {
    const definition = survey(
      [questions],
      [
        rule('rul1', compare('q001', 'equals', 'q001o1'), { type: 'hide_option', questionId: 'q002', optionId: 'q002o1' }),
        rule('rul2', compare('q001', 'equals', 'q001o2'), { type: 'show_option', questionId: 'q002', optionId: 'q002o3' }),
      ],
    );
    expect(evaluateSurvey(definition, {}).questions.q002?.options).toEqual({ q002o1: true, q002o2: true, q002o3: false, q002o4: true });
    expect(evaluateSurvey(definition, { q001: 'q001o1' }).questions.q002?.options).toEqual({
      q002o1: false,
      q002o2: true,
      q002o3: false,
      q002o4: true,
    });
    expect(evaluateSurvey(definition, { q001: 'q001o2' }).questions.q002?.options).toEqual({
      q002o1: true,
      q002o2: true,
      q002o3: true,
      q002o4: true,
    });
    expect(validateSubmission(definition, { q001: 'q001o1', q002: ['q002o1'] }, { today: TODAY })).toEqual({
      ok: false,
      errors: [{ questionId: 'q002', title: '多选q002', message: '题目「多选q002」选择了当前不显示的选项' }],
    });
  });

  it('asks for fewer picks when the rules hide options below the minimum', () => {
    const definition = survey(
      [[single('q001'), multiple('q002', ['甲', '乙', '丙', '以上都不是'], { minPicks: 3 })]],
      [rule('rul1', compare('q001', 'equals', 'q001o1'), { type: 'hide_option', questionId: 'q002', optionId: 'q002o3' })],
    );
    expect(validateSubmission(definition, { q001: 'q001o1', q002: ['q002o1', 'q002o2'] }, { today: TODAY })).toEqual({
      ok: true,
      answers: { q001: 'q001o1', q002: ['q002o1', 'q002o2'] },
    });
    expect(validateSubmission(definition, { q001: 'q001o2', q002: ['q002o1', 'q002o2'] }, { today: TODAY })).toEqual({
      ok: false,
      errors: [{ questionId: 'q002', title: '多选q002', message: '题目「多选q002」至少选择 3 项' }],
    });
  });

  it('makes a question required', () => {
    const definition = survey(
      [questions],
      [rule('rul1', compare('q002', 'contains_any', ['q002o4']), { type: 'require', questionId: 'q003' })],
    );
    expect(evaluateSurvey(definition, {}).questions.q003?.required).toBe(false);
    expect(evaluateSurvey(definition, { q002: ['q002o4'] }).questions.q003?.required).toBe(true);
    expect(validateSubmission(definition, { q002: ['q002o4'] }, { today: TODAY })).toEqual({
      ok: false,
      errors: [{ questionId: 'q003', title: '文本q003', message: '请回答题目「文本q003」' }],
    });
  });

  it('a required question that is hidden need not be answered, and may not be', () => {
    const definition = survey(
      [[single('q001'), text('q002', true)]],
      [rule('rul1', compare('q001', 'equals', 'q001o1'), { type: 'hide_question', questionId: 'q002' })],
    );
    expect(validateSubmission(definition, { q001: 'q001o1' }, { today: TODAY })).toEqual({ ok: true, answers: { q001: 'q001o1' } });
    expect(validateSubmission(definition, { q001: 'q001o1', q002: '' }, { today: TODAY })).toEqual({
      ok: true,
      answers: { q001: 'q001o1' },
    });
    expect(validateSubmission(definition, { q001: 'q001o1', q002: '偷偷写的' }, { today: TODAY })).toEqual({
      ok: false,
      errors: [{ questionId: 'q002', title: '文本q002', message: '题目「文本q002」当前不显示，不能作答' }],
    });
    expect(validateSubmission(definition, { q001: 'q001o2' }, { today: TODAY })).toEqual({
      ok: false,
      errors: [{ questionId: 'q002', title: '文本q002', message: '请回答题目「文本q002」' }],
    });
  });

  it('a hidden question’s answer counts for nothing further on', () => {
    const definition = survey(
      [[single('q001'), single('q002'), text('q003')]],
      [
        rule('rul1', compare('q001', 'equals', 'q001o1'), { type: 'show_question', questionId: 'q002' }),
        rule('rul2', compare('q002', 'equals', 'q002o1'), { type: 'show_question', questionId: 'q003' }),
      ],
    );
    expect(evaluateSurvey(definition, { q001: 'q001o1', q002: 'q002o1' }).questions.q003?.visible).toBe(true);
    // q001 changed: q002 is hidden, so its leftover answer shows nothing.
    expect(evaluateSurvey(definition, { q001: 'q001o2', q002: 'q002o1' }).questions.q003?.visible).toBe(false);
  });

  it('jumps to a page, skipping the pages between, or to the end', () => {
    const definition = survey(
      [[single('q001', ['继续', '跳过', '结束'])], [text('q002', true)], [text('q003', true)]],
      [
        rule('rul1', compare('q001', 'equals', 'q001o2'), { type: 'jump', target: 'page3' }),
        rule('rul2', compare('q001', 'equals', 'q001o3'), { type: 'jump', target: 'end' }),
      ],
    );
    expect(evaluateSurvey(definition, { q001: 'q001o1' }).path).toEqual(['page1', 'page2', 'page3']);
    const skipped = evaluateSurvey(definition, { q001: 'q001o2' });
    expect(skipped.path).toEqual(['page1', 'page3']);
    expect(skipped.questions.q002).toEqual({ visible: false, required: false, options: {} });
    expect(evaluateSurvey(definition, { q001: 'q001o3' }).path).toEqual(['page1']);
    expect(validateSubmission(definition, { q001: 'q001o3' }, { today: TODAY })).toEqual({ ok: true, answers: { q001: 'q001o3' } });
    expect(validateSubmission(definition, { q001: 'q001o2', q002: 'x', q003: 'y' }, { today: TODAY })).toEqual({
      ok: false,
      errors: [{ questionId: 'q002', title: '文本q002', message: '题目「文本q002」当前不显示，不能作答' }],
    });
  });

  it('of two jumps that hold from one page, the first rule wins', () => {
    const definition = survey(
      [[single('q001'), rating('q002')], [text('q003')], [text('q004')]],
      [
        rule('rul1', compare('q002', 'greater', 2), { type: 'jump', target: 'page3' }),
        rule('rul2', compare('q001', 'answered'), { type: 'jump', target: 'end' }),
      ],
    );
    expect(evaluateSurvey(definition, { q001: 'q001o1', q002: 3 }).path).toEqual(['page1', 'page3']);
    expect(evaluateSurvey(definition, { q001: 'q001o1', q002: 1 }).path).toEqual(['page1']);
  });

  it('says every error at once, as data.errors keys', () => {
    const definition = survey([[text('q001', true), rating('q002', 5, true), multiple('q003')]]);
    const result = validateSubmission(definition, { q002: 9, q003: ['q003o4', 'q003o1'] }, { today: TODAY });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(surveyAnswerFieldErrors(result.errors)).toEqual({
      'answers.q001': ['请回答题目「文本q001」'],
      'answers.q002': ['题目「评分q002」请选择 1 到 5 之间的分值'],
      'answers.q003': ['题目「多选q003」的「以上都不是」不能与其他选项同时选择'],
    });
  });

  it('never throws on what a browser may send', () => {
    const definition = survey(
      [questions],
      [rule('rul1', compare('q001', 'equals', 'q001o1'), { type: 'show_question', questionId: 'q003' })],
    );
    for (const junk of [null, 1, 'x', [], {}, { a: 1 }, [null], true, NaN, Infinity, -0, '\u0000']) {
      const answers = { q001: junk, q002: junk, q003: junk, q004: junk, ['__proto__']: junk };
      expect(() => evaluateSurvey(definition, answers)).not.toThrow();
      expect(() => validateSubmission(definition, answers, { today: TODAY })).not.toThrow();
    }
  });
});
