import { describe, expect, it } from 'vitest';
import { decimalsOf, isIdCardNumber, SurveyAnswersZ } from './survey-answers';
import { validateSubmission } from './survey-evaluate';
import type { SurveyQuestion } from './survey-model';
import { multiple, opts, survey } from './survey-test-kit';

const TODAY = '2026-11-27';

/** One question, one answer: the clean value, or the messages. */
function answer(question: SurveyQuestion, value: unknown): unknown {
  const result = validateSubmission(survey([[question]]), value === undefined ? {} : { [question.id]: value }, { today: TODAY });
  return result.ok ? result.answers[question.id] : result.errors.map((e) => e.message);
}

/** A question without its id (always q001) and with `required` false unless said. */
type Draft<Q> = Q extends unknown ? Omit<Q, 'id' | 'required'> & { required?: boolean } : never;
const q = (question: Draft<SurveyQuestion>): SurveyQuestion => ({ id: 'q001', required: false, ...question }) as SurveyQuestion;

describe('answers per question type', () => {
  const single = q({ type: 'single', title: '性别', options: opts('q001', ['男', '女']) });
  const dropdown = q({ type: 'dropdown', title: '城市', options: opts('q001', ['北京', '上海']) });
  const multi = multiple('q001', ['甲', '乙', '丙', '以上都不是'], { minPicks: 2, maxPicks: 3 });
  const mobile = q({ type: 'text', title: '手机', validator: { kind: 'mobile' } });
  const email = q({ type: 'text', title: '邮箱', validator: { kind: 'email' } });
  const idCard = q({ type: 'text', title: '身份证', validator: { kind: 'id_card' } });
  const numText = q({ type: 'text', title: '工龄', validator: { kind: 'number', min: 0, max: 50 } });
  const short = q({ type: 'text', title: '姓名', validator: { kind: 'none' }, maxLength: 4 });
  const long = q({ type: 'textarea', title: '建议', maxLength: 10 });
  const num = q({ type: 'number', title: '人数', min: 1, max: 100, decimals: 1 });
  const date = q({ type: 'date', title: '日期', min: '2026-01-01', max: 'today' });
  const stars = q({ type: 'rating', title: '评分', stars: 5 });
  const nps = q({ type: 'nps', title: '推荐' });
  const matrixSingle = q({
    type: 'matrix',
    title: '满意度',
    mode: 'single',
    rows: opts('q001r', ['食堂', '班车']),
    columns: opts('q001c', ['满意', '一般']),
    required: true,
  });
  const matrixMulti = q({
    type: 'matrix',
    title: '用过',
    mode: 'multiple',
    rows: opts('q001r', ['食堂', '班车']),
    columns: opts('q001c', ['早', '晚']),
  });
  const matrixRating = q({ type: 'matrix', title: '打分', mode: 'rating', rows: opts('q001r', ['食堂']), columns: [], stars: 3 });
  const ranking = q({ type: 'ranking', title: '排序', options: opts('q001', ['甲', '乙', '丙']) });
  const file = q({ type: 'file', title: '附件', maxFiles: 2 });
  const dept = q({ type: 'department', title: '部门' });
  const required = q({ type: 'single', title: '必答', options: opts('q001', ['是']), required: true });
  const note = q({ type: 'description', title: '说明' });

  it.each<[string, SurveyQuestion, unknown, unknown]>([
    ['single: an option', single, 'q001o2', 'q001o2'],
    ['single: an option of another version', single, 'q999o1', ['题目「性别」的选项不在此版本的问卷中']],
    ['single: a list', single, ['q001o1'], ['题目「性别」的答案格式不正确']],
    ['dropdown: an option', dropdown, 'q001o1', 'q001o1'],
    ['multiple: picks are kept in the options order', multi, ['q001o3', 'q001o1'], ['q001o1', 'q001o3']],
    ['multiple: too few', multi, ['q001o1'], ['题目「多选q001」至少选择 2 项']],
    ['multiple: too many', { ...multi, maxPicks: 2 } as SurveyQuestion, ['q001o1', 'q001o2', 'q001o3'], ['题目「多选q001」最多选择 2 项']],
    ['multiple: "none of these" alone, whatever the minimum', multi, ['q001o4'], ['q001o4']],
    ['multiple: "none of these" with another', multi, ['q001o4', 'q001o1'], ['题目「多选q001」的「以上都不是」不能与其他选项同时选择']],
    ['multiple: twice the same', multi, ['q001o1', 'q001o1'], ['题目「多选q001」重复选择了同一选项']],
    ['multiple: an unknown option', multi, ['q001o1', 'zzzz'], ['题目「多选q001」的选项不在此版本的问卷中']],
    ['text: a mobile', mobile, ' 13800138000 ', '13800138000'],
    ['text: a bad mobile', mobile, '12800138000', ['题目「手机」请填写正确的手机号']],
    ['text: an e-mail', email, 'a@example.com', 'a@example.com'],
    ['text: a bad e-mail', email, 'a@example', ['题目「邮箱」请填写正确的邮箱']],
    ['text: a 身份证号, x upper-cased', idCard, '11010519491231002x', '11010519491231002X'],
    ['text: a 身份证号 with a wrong check digit', idCard, '110105194912310021', ['题目「身份证」请填写正确的身份证号']],
    ['text: a number in range', numText, '12.5', '12.5'],
    ['text: a number out of range', numText, '51', ['题目「工龄」不能大于 50']],
    ['text: not a number', numText, '十二', ['题目「工龄」请填写数字']],
    ['text: too long', short, '欧阳司马诸', ['题目「姓名」不能超过 4 个字']],
    ['text: four characters, one an emoji', short, '张三😀丰', '张三😀丰'],
    ['textarea: within', long, '多一些班车', '多一些班车'],
    ['textarea: too long', long, '一二三四五六七八九十一', ['题目「建议」不能超过 10 个字']],
    ['number: within', num, 12.5, 12.5],
    ['number: too many decimals', num, 12.55, ['题目「人数」最多 1 位小数']],
    ['number: below', num, 0, ['题目「人数」不能小于 1']],
    ['number: a string', num, '12', ['题目「人数」请填写数字']],
    ['date: within', date, '2026-06-30', '2026-06-30'],
    ['date: after today', date, '2026-11-28', ['题目「日期」的日期不能晚于 2026-11-27']],
    ['date: before its minimum', date, '2025-12-31', ['题目「日期」的日期不能早于 2026-01-01']],
    ['date: not a day', date, '2026-02-30', ['题目「日期」请填写有效的日期（YYYY-MM-DD）']],
    ['rating: a star', stars, 5, 5],
    ['rating: above', stars, 6, ['题目「评分」请选择 1 到 5 之间的分值']],
    ['rating: half a star', stars, 2.5, ['题目「评分」请选择 1 到 5 之间的分值']],
    ['nps: zero', nps, 0, 0],
    ['nps: eleven', nps, 11, ['题目「推荐」请选择 0 到 10 之间的分值']],
    [
      'matrix: every row of a required one',
      matrixSingle,
      { q001ro1: 'q001co1', q001ro2: 'q001co2' },
      { q001ro1: 'q001co1', q001ro2: 'q001co2' },
    ],
    ['matrix: a row missing in a required one', matrixSingle, { q001ro1: 'q001co1' }, ['矩阵题「满意度」请回答「班车」这一行']],
    [
      'matrix: an unknown row',
      matrixSingle,
      { q001ro1: 'q001co1', q001ro2: 'q001co1', zzzz: 'q001co1' },
      ['矩阵题「满意度」的行不在此版本的问卷中'],
    ],
    ['matrix: an unknown column', matrixSingle, { q001ro1: 'q001co1', q001ro2: 'q001co9' }, ['题目「满意度」的选项不在此版本的问卷中']],
    ['matrix multiple: a row may stay empty', matrixMulti, { q001ro1: ['q001co2', 'q001co1'] }, { q001ro1: ['q001co1', 'q001co2'] }],
    ['matrix multiple: every row blank is no answer', matrixMulti, { q001ro1: [], q001ro2: [] }, undefined],
    ['matrix rating: within', matrixRating, { q001ro1: 3 }, { q001ro1: 3 }],
    ['matrix rating: above', matrixRating, { q001ro1: 4 }, ['题目「打分」请选择 1 到 3 之间的分值']],
    ['ranking: every option once', ranking, ['q001o3', 'q001o1', 'q001o2'], ['q001o3', 'q001o1', 'q001o2']],
    ['ranking: one left out', ranking, ['q001o3', 'q001o1'], ['排序题「排序」须为每个选项排出一个位置']],
    ['file: ids as the files module makes them', file, ['f_1', 'f-2'], ['f_1', 'f-2']],
    ['file: too many', file, ['f1', 'f2', 'f3'], ['题目「附件」最多上传 2 个文件']],
    ['file: a path', file, ['../etc/passwd'], ['题目「附件」的文件编号不正确']],
    ['department: an id', dept, 7, 7],
    ['department: zero', dept, 0, ['题目「部门」请选择部门']],
    ['required: missing', required, undefined, ['请回答题目「必答」']],
    ['required: blank', required, '   ', ['请回答题目「必答」']],
    ['description: an answer', note, 'x', ['题目「说明」是说明文字，不需要作答']],
  ])('%s', (_, question, value, expected) => {
    expect(answer(question, value)).toEqual(expected);
  });

  it('names the question and escapes its title', () => {
    const result = validateSubmission(survey([[{ id: 'q001', type: 'nps', title: '<img src=x>', required: true }]]), {}, { today: TODAY });
    expect(result).toEqual({
      ok: false,
      errors: [{ questionId: 'q001', title: '<img src=x>', message: '请回答题目「&lt;img src=x&gt;」' }],
    });
  });

  it('refuses an answer to a question not in this version, and inherited names read nothing', () => {
    const definition = survey([[{ id: 'constructor', type: 'text', title: '名字', required: true, validator: { kind: 'none' } }]]);
    const result = validateSubmission(definition, { q404: 'x' }, { today: TODAY });
    expect(result).toEqual({
      ok: false,
      errors: [
        { questionId: 'q404', title: '', message: '题目「q404」不在此版本的问卷中' },
        { questionId: 'constructor', title: '名字', message: '请回答题目「名字」' },
      ],
    });
  });
});

describe('helpers', () => {
  it.each([
    ['11010519491231002X', true],
    ['440304199001011233', true],
    ['320106200002290019', true],
    ['440304199001011234', false],
    ['440304199013011233', false],
    ['44030419900101123', false],
    ['4403041990010112333', false],
  ])('身份证号 %s → %s', (value, ok) => {
    expect(isIdCardNumber(value)).toBe(ok);
  });

  it.each([
    [1, 0],
    [1.5, 1],
    [0.125, 3],
    [1e-7, 7],
    [1.5e-7, 8],
    [1e21, 0],
  ])('decimals of %s: %s', (value, n) => {
    expect(decimalsOf(value)).toBe(n);
  });

  it('holds a submission to 200 answers', () => {
    const many = Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`q${i}`, 1]));
    expect(SurveyAnswersZ.safeParse(many).success).toBe(false);
    expect(SurveyAnswersZ.safeParse({ q001: 1 }).success).toBe(true);
  });
});
