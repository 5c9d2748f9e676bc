import { describe, expect, it } from 'vitest';
import { centsToMoney, FormSchemaZ, moneyToCents, validateBillForm } from './form';

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
