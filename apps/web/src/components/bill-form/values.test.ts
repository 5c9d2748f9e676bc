import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { FormSchemaZ, validateBillForm, type FormSchemaInput } from '@osp/shared';
import { defaultFormValues, errorPath, itemsTotal, sumOfTotal, toEditorValues, toPayload } from './values';

const schema = FormSchemaZ.parse({
  fields: [
    { key: 'title', type: 'text', label: '事由' },
    { key: 'amount', type: 'money', label: '金额' },
    { key: 'day', type: 'date', label: '日期' },
    { key: 'period', type: 'daterange', label: '期间' },
    { key: 'kinds', type: 'checkbox', label: '类别', options: ['甲', '乙'] },
    { key: 'who', type: 'user', label: '人员', multiple: true },
    { key: 'files', type: 'attachment', label: '附件' },
    { key: 'note', type: 'description', label: '说明', content: '只读' },
    {
      key: 'lines',
      type: 'items',
      label: '明细',
      columns: [
        { key: 'desc', type: 'text', label: '说明' },
        { key: 'on', type: 'date', label: '日期' },
        { key: 'amount', type: 'money', label: '金额' },
      ],
      totalOf: 'amount',
    },
  ],
} satisfies FormSchemaInput);

describe('bill form values', () => {
  it('turns the API form into editor values and back without change', () => {
    const form = {
      title: '出差',
      amount: '12.50',
      day: '2026-03-01',
      period: ['2026-03-01', '2026-03-03'],
      kinds: ['乙'],
      who: [3, 4],
      files: ['abc'],
      lines: [{ desc: '车票', on: '2026-03-02', amount: '100.00' }],
    };
    const editor = toEditorValues(schema, form);
    expect(dayjs.isDayjs(editor.day)).toBe(true);
    expect(toPayload(schema, editor)).toEqual(form);
    expect(validateBillForm(schema, toPayload(schema, editor), 'submit').ok).toBe(true);
  });

  it('sends empty values as null and keeps the keys the schema knows only', () => {
    const payload = toPayload(schema, toEditorValues(schema, {}));
    expect(payload).toEqual({ title: null, amount: null, day: null, period: null, kinds: [], who: null, files: [], lines: [] });
    expect(validateBillForm(schema, payload, 'draft').ok).toBe(true);
  });

  it('reads item rows from the items beside the form when given', () => {
    const editor = toEditorValues(schema, {}, { lines: [{ desc: 'x', on: null, amount: '1.00' }] });
    expect(editor.lines).toEqual([{ desc: 'x', on: undefined, amount: '1.00' }]);
  });

  it('totals money in cents, leaving out cells still being typed', () => {
    const field = schema.fields.find((f) => f.key === 'lines')!;
    expect(itemsTotal(field, [{ amount: '0.10' }, { amount: '0.20' }, { amount: '5999.70' }])).toBe('6000.00');
    expect(itemsTotal(field, [{ amount: '12.' }, { amount: 'abc' }, {}, { amount: '3' }])).toBe('3.00');
    expect(itemsTotal(schema.fields[0]!, [])).toBeNull();
  });

  it('pre-fills a new bill with the default values, in the editor shapes', () => {
    const withDefaults = FormSchemaZ.parse({
      fields: [
        { key: 'title', type: 'text', label: '事由', defaultValue: '出差' },
        { key: 'days', type: 'number', label: '天数', defaultValue: 2 },
        { key: 'day', type: 'date', label: '日期', defaultValue: '2026-03-01' },
        { key: 'kinds', type: 'checkbox', label: '类别', options: ['甲', '乙'], defaultValue: ['乙'] },
        { key: 'memo', type: 'textarea', label: '备注' },
        { key: 'lines', type: 'items', label: '明细', columns: [{ key: 'amount', type: 'money', label: '金额' }], totalOf: 'amount' },
        { key: 'total', type: 'money', label: '合计', sumOf: 'lines' },
      ],
    } satisfies FormSchemaInput);
    const defaults = defaultFormValues(withDefaults);
    expect(defaults).toEqual({ title: '出差', days: 2, day: '2026-03-01', kinds: ['乙'] });
    const editor = toEditorValues(withDefaults, defaults);
    expect(editor).toMatchObject({ title: '出差', days: 2, kinds: ['乙'], memo: '', lines: [] });
    expect(dayjs.isDayjs(editor.day) && editor.day.format('YYYY-MM-DD')).toBe('2026-03-01');
    expect(validateBillForm(withDefaults, toPayload(withDefaults, editor), 'submit').ok).toBe(true);
  });

  it('shows a money total from its items table as the server will store it', () => {
    const withTotals = FormSchemaZ.parse({
      fields: [
        schema.fields.find((f) => f.key === 'lines')!,
        { key: 'hours', type: 'items', label: '工时', columns: [{ key: 'h', type: 'number', label: '小时' }], totalOf: 'h' },
        { key: 'total', type: 'money', label: '合计', sumOf: 'lines' },
        { key: 'hoursTotal', type: 'money', label: '工时合计', sumOf: 'hours' },
        { key: 'broken', type: 'money', label: '无来源' },
      ],
    });
    const [, , total, hoursTotal, broken] = withTotals.fields;
    expect(sumOfTotal(withTotals, total!, [{ amount: '1.10' }, { amount: '2' }])).toBe('3.10');
    expect(sumOfTotal(withTotals, hoursTotal!, [{ h: 1.005 }, { h: 2 }])).toBe('3.01');
    expect(sumOfTotal(withTotals, total!, [])).toBe('0.00');
    expect(sumOfTotal(withTotals, broken!, [{ amount: '1' }])).toBeNull();
    const check = validateBillForm(withTotals, { lines: [{ amount: '1.10' }, { amount: '2' }], hours: [{ h: 1.005 }, { h: 2 }] }, 'submit');
    expect(check.ok && check.form.values).toEqual({ total: '3.10', hoursTotal: '3.01' });
  });

  it('maps 422 keys to antd name paths', () => {
    expect(errorPath('form.lines.0.amount')).toEqual(['form', 'lines', 0, 'amount']);
    expect(errorPath('title')).toEqual(['title']);
  });
});
