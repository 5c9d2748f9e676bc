import { describe, expect, it } from 'vitest';
import { toFieldErrors } from '../common/validation';
import { centsToMoney, daysInRange, FormSchemaZ, moneyToCents, validateBillForm, weekdaysInRange, type FormSchemaInput } from './form';

const schema = FormSchemaZ.parse({
  fields: [
    { key: 'title', type: 'text', label: '标题', required: true, maxLength: 5 },
    { key: 'days', type: 'number', label: '天数', min: 0.5, precision: 1 },
    { key: 'amount', type: 'money', label: '金额' },
    { key: 'period', type: 'daterange', label: '时间' },
    { key: 'kind', type: 'select', label: '类型', options: ['甲', '乙'] },
    { key: 'tags', type: 'checkbox', label: '标签', options: ['a', 'b'] },
    { key: 'people', type: 'user', label: '人员', multiple: true },
    { key: 'files', type: 'attachment', label: '附件' },
    { key: 'note', type: 'description', label: '说明', content: '只读' },
    {
      key: 'lines',
      type: 'items',
      label: '明细',
      required: true,
      columns: [
        { key: 'name', type: 'text', label: '名称', required: true },
        { key: 'amount', type: 'money', label: '金额', required: true },
      ],
      totalOf: 'amount',
    },
  ],
});

describe('validateBillForm', () => {
  it('accepts a complete form and sums the items exactly in cents', () => {
    const result = validateBillForm(
      schema,
      {
        title: '出差',
        days: '1.5',
        amount: '10',
        period: ['2026-01-01', '2026-01-02'],
        kind: '甲',
        tags: ['a', 'a'],
        people: [3, 4],
        files: ['f_1'],
        lines: [
          { name: 'x', amount: '0.10' },
          { name: 'y', amount: '0.20' },
        ],
      },
      'submit',
    );
    expect(result).toEqual({
      ok: true,
      form: {
        values: {
          title: '出差',
          days: 1.5,
          amount: '10.00',
          period: ['2026-01-01', '2026-01-02'],
          kind: '甲',
          tags: ['a'],
          people: [3, 4],
          files: ['f_1'],
        },
        items: {
          lines: [
            { name: 'x', amount: '0.10' },
            { name: 'y', amount: '0.20' },
          ],
        },
        totals: { lines: '0.30' },
      },
    });
  });

  it('names every bad field', () => {
    const result = validateBillForm(
      schema,
      {
        title: '太长的标题文字',
        days: 0.25,
        amount: '1.234',
        period: ['2026-02-03', '2026-02-01'],
        kind: '丙',
        people: 3,
        files: ['../x'],
        lines: [{ amount: 'abc' }],
        extra: 1,
      },
      'submit',
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      'form.extra': ['表单中没有字段「extra」'],
      'form.title': ['「标题」不能超过5个字符'],
      'form.days': ['「天数」最多1位小数'],
      'form.amount': ['「金额」须为金额，如 1234.56（最多两位小数）'],
      'form.period': ['「时间」的结束日期不能早于开始日期'],
      'form.kind': ['「类型」的取值不在可选范围内'],
      'form.people': ['「人员」须从人员列表中选择'],
      'form.files': ['「附件」的附件格式不正确'],
      'form.lines.0.name': ['请填写「名称」'],
      'form.lines.0.amount': ['「金额」须为金额，如 1234.56（最多两位小数）'],
    });
  });

  it('lets a draft be incomplete but not malformed', () => {
    expect(validateBillForm(schema, {}, 'draft').ok).toBe(true);
    expect(validateBillForm(schema, {}, 'submit')).toMatchObject({
      ok: false,
      errors: { 'form.title': ['请填写「标题」'], 'form.lines': ['「明细」至少需要一行明细'] },
    });
    expect(validateBillForm(schema, { amount: 12.5 }, 'draft').ok).toBe(false);
  });

  it('converts money without floating point', () => {
    expect(moneyToCents('-12.3')).toBe(-1230n);
    expect(centsToMoney(moneyToCents('9999999999999.99') + 1n)).toBe('10000000000000.00');
  });
});

describe('form schema: help, default values and a total source', () => {
  const items: FormSchemaInput['fields'][number] = {
    key: 'lines',
    type: 'items',
    label: '明细',
    columns: [
      { key: 'name', type: 'text', label: '名称' },
      { key: 'amount', type: 'money', label: '金额' },
      { key: 'hours', type: 'number', label: '工时' },
    ],
    totalOf: 'amount',
  };

  function issues(fields: FormSchemaInput['fields']): Record<string, string[]> {
    const result = FormSchemaZ.safeParse({ fields });
    return result.success ? {} : toFieldErrors(result.error);
  }

  it('accepts help text and default values that pass their field check', () => {
    expect(
      issues([
        { key: 'title', type: 'text', label: '标题', help: '写明事由', defaultValue: '出差', maxLength: 10 },
        { key: 'days', type: 'number', label: '天数', precision: 1, min: 0, defaultValue: 1.5 },
        { key: 'amount', type: 'money', label: '金额', max: 1000, defaultValue: '99.5' },
        { key: 'day', type: 'date', label: '日期', defaultValue: '2026-02-28' },
        { key: 'kind', type: 'radio', label: '类型', options: ['甲', '乙'], defaultValue: '乙' },
        { key: 'tags', type: 'checkbox', label: '标签', options: ['a', 'b'], defaultValue: ['a', 'b'] },
        { key: 'memo', type: 'textarea', label: '备注', defaultValue: '' },
      ]),
    ).toEqual({});
    expect(issues([{ key: 'title', type: 'text', label: '标题', help: 'x'.repeat(201) }])).toHaveProperty(['fields.0.help']);
  });

  it('refuses a default value of the wrong shape or outside the field rules', () => {
    expect(
      issues([
        { key: 'title', type: 'text', label: '标题', maxLength: 2, defaultValue: '太长了' },
        { key: 'days', type: 'number', label: '天数', precision: 0, defaultValue: 1.5 },
        { key: 'count', type: 'number', label: '数量', defaultValue: '3' },
        { key: 'amount', type: 'money', label: '金额', max: 10, defaultValue: '10.01' },
        { key: 'day', type: 'date', label: '日期', defaultValue: '2026-02-30' },
        { key: 'kind', type: 'select', label: '类型', options: ['甲'], defaultValue: '丙' },
        { key: 'tags', type: 'checkbox', label: '标签', options: ['a'], defaultValue: 'a' },
        { key: 'who', type: 'user', label: '人员', defaultValue: 3 },
      ]),
    ).toEqual({
      'fields.0.defaultValue': ['字段「标题」的默认值不符合该字段的要求'],
      'fields.1.defaultValue': ['字段「天数」的默认值不符合该字段的要求'],
      'fields.2.defaultValue': ['字段「数量」的默认值不符合该字段的要求'],
      'fields.3.defaultValue': ['字段「金额」的默认值不符合该字段的要求'],
      'fields.4.defaultValue': ['字段「日期」的默认值不符合该字段的要求'],
      'fields.5.defaultValue': ['字段「类型」的默认值不符合该字段的要求'],
      'fields.6.defaultValue': ['字段「标签」的默认值不符合该字段的要求'],
      'fields.7.defaultValue': ['字段「人员」的默认值不符合该字段的要求'],
    });
  });

  it('refuses the same option twice, in a field or an items column', () => {
    expect(
      issues([
        { key: 'kind', type: 'select', label: '类型', options: ['甲', '乙', '甲 '] },
        { ...items, columns: [{ key: 'c', type: 'select', label: '类别', options: ['x', 'x'] }], totalOf: undefined },
      ]),
    ).toEqual({ 'fields.0.options.2': ['选项「甲」重复'], 'fields.1.columns.0.options.1': ['选项「x」重复'] });
  });

  it('accepts a money total taken from an items field with a money or number total', () => {
    expect(
      issues([
        items,
        { key: 'total', type: 'money', label: '合计', sumOf: 'lines' },
        { ...items, key: 'work', totalOf: 'hours' },
        { key: 'hours', type: 'money', label: '工时合计', sumOf: 'work' },
      ]),
    ).toEqual({});
  });

  it('refuses a total source that is not an items field with a total, or on a field that is not money', () => {
    const noTotal = { ...items, key: 'plain', totalOf: undefined };
    expect(
      issues([
        items,
        noTotal,
        { key: 'a', type: 'money', label: '甲', sumOf: 'plain' },
        { key: 'b', type: 'money', label: '乙', sumOf: 'missing' },
        { key: 'c', type: 'money', label: '丙', sumOf: 'a' },
        { key: 'd', type: 'number', label: '丁', sumOf: 'lines' },
        { key: 'e', type: 'money', label: '戊', sumOf: 'lines', defaultValue: '1' },
      ]),
    ).toEqual({
      'fields.2.sumOf': ['金额「甲」的合计来源须为本表单中设置了合计列的明细表'],
      'fields.3.sumOf': ['金额「乙」的合计来源须为本表单中设置了合计列的明细表'],
      'fields.4.sumOf': ['金额「丙」的合计来源须为本表单中设置了合计列的明细表'],
      'fields.5.sumOf': ['金额「丁」的合计来源须为本表单中设置了合计列的明细表'],
      'fields.6.defaultValue': ['字段「戊」的默认值不符合该字段的要求'],
    });
  });

  it('fills a money total from its items table and ignores what was submitted', () => {
    const withTotal = FormSchemaZ.parse({
      fields: [
        { key: 'total', type: 'money', label: '合计', required: true, sumOf: 'lines', max: 100 },
        items,
        { ...items, key: 'work', totalOf: 'hours' },
        { key: 'hours', type: 'money', label: '工时合计', sumOf: 'work' },
      ],
    });
    const ok = validateBillForm(
      withTotal,
      {
        total: 'rubbish',
        lines: [{ amount: '10.10' }, { amount: '0.25' }],
        work: [{ hours: 1.005 }, { hours: 2.0001 }],
      },
      'submit',
    );
    expect(ok).toMatchObject({ ok: true, form: { values: { total: '10.35', hours: '3.01' }, totals: { lines: '10.35', work: '3.0051' } } });
    // Absent: computed all the same (an empty table totals zero); over its max: refused at the field.
    expect(validateBillForm(withTotal, {}, 'submit')).toMatchObject({ ok: true, form: { values: { total: '0.00', hours: '0.00' } } });
    expect(validateBillForm(withTotal, { lines: [{ amount: '100.01' }] }, 'draft')).toEqual({
      ok: false,
      errors: { 'form.total': ['「合计」不能大于100'] },
    });
  });
});

describe('a days field counted from a date range (请假天数 of 请假时间)', () => {
  const leave = FormSchemaZ.parse({
    fields: [
      { key: 'period', type: 'daterange', label: '请假时间', required: true },
      { key: 'days', type: 'number', label: '请假天数', required: true, min: 0.5, precision: 1, daysOf: 'period' },
    ],
  });

  it('counts calendar days and weekdays with both ends included', () => {
    expect(daysInRange('2026-11-27', '2026-11-27')).toBe(1);
    // Friday to Tuesday: five days, three of them weekdays.
    expect(daysInRange('2026-11-27', '2026-12-01')).toBe(5);
    expect(weekdaysInRange('2026-11-27', '2026-12-01')).toBe(3);
    expect(weekdaysInRange('2026-11-28', '2026-11-29')).toBe(0);
    // Across a year end, two full weeks and a day.
    expect(weekdaysInRange('2026-12-28', '2027-01-11')).toBe(11);
    expect(weekdaysInRange('2026-12-02', '2026-12-01')).toBe(0);
  });

  it('accepts the weekdays or fewer (a half day), refuses more days than the range holds, at the days field', () => {
    expect(validateBillForm(leave, { period: ['2026-11-27', '2026-12-01'], days: 3 }, 'submit').ok).toBe(true);
    expect(validateBillForm(leave, { period: ['2026-11-27', '2026-12-01'], days: 2.5 }, 'submit').ok).toBe(true);
    // A weekend worked as a make-up day may count: up to the calendar days.
    expect(validateBillForm(leave, { period: ['2026-11-27', '2026-12-01'], days: 5 }, 'submit').ok).toBe(true);
    const over = validateBillForm(leave, { period: ['2026-11-27', '2026-11-28'], days: 10 }, 'submit');
    expect(over).toEqual({ ok: false, errors: { 'form.days': ['「请假天数」不能超过「请假时间」的天数（共 2 天）'] } });
  });

  it('is refused in a schema unless it is a number counting a date range of the form', () => {
    const wrong = FormSchemaZ.safeParse({
      fields: [
        { key: 'period', type: 'date', label: '日期' },
        { key: 'days', type: 'number', label: '天数', daysOf: 'period' },
      ],
    });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues.map((i) => i.message)).toEqual(['数字「天数」的天数来源须为本表单中的日期范围']);
  });
});
