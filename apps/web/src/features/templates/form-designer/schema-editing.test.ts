import { describe, expect, it } from 'vitest';
import { FORM_FIELD_TYPES, FormSchemaZ, type FormSchema, type FormSchemaInput } from '@osp/shared';
import { checkFormSchema, duplicateKeyErrors, fieldIssues, formIssues } from './check';
import {
  addColumn,
  addField,
  addOption,
  duplicateField,
  moveField,
  moveOption,
  removeColumn,
  removeField,
  removeOption,
  renameOption,
  totalSources,
  uniqueKey,
  updateColumn,
  updateField,
} from './schema-editing';

const keys = (schema: FormSchema) => schema.fields.map((f) => f.key);
const empty: FormSchema = { fields: [] };

function build(fields: FormSchemaInput['fields']): FormSchema {
  return FormSchemaZ.parse({ fields });
}

describe('form designer: schema editing', () => {
  it('adds every field type as a valid field, at the end or at a place', () => {
    let schema = empty;
    for (const type of FORM_FIELD_TYPES) schema = addField(schema, type);
    expect(schema.fields.map((f) => f.type)).toEqual([...FORM_FIELD_TYPES]);
    // Options and columns are there from the start, so a new field is never faulty.
    expect(checkFormSchema(schema)).toEqual({});
    expect(schema.fields.find((f) => f.type === 'select')?.options).toEqual(['选项1', '选项2']);
    const items = schema.fields.find((f) => f.type === 'items');
    expect(items?.columns?.map((c) => c.type)).toEqual(['text', 'money']);
    expect(items?.totalOf).toBe('amount');

    const placed = addField(
      build([
        { key: 'a', type: 'text', label: '甲' },
        { key: 'b', type: 'text', label: '乙' },
      ]),
      'money',
      1,
    );
    expect(keys(placed)).toEqual(['a', 'amount', 'b']);
    expect(placed.fields[1]).toEqual({ key: 'amount', type: 'money', label: '金额', required: false });
    expect(keys(addField(placed, 'money', 99))).toEqual(['a', 'amount', 'b', 'amount_2']);
  });

  it('gives unique keys: the stem, then stem_2, stem_3…', () => {
    expect(uniqueKey([], 'amount')).toBe('amount');
    expect(uniqueKey(['amount'], 'amount')).toBe('amount_2');
    expect(uniqueKey(['amount', 'amount_2'], 'amount_2')).toBe('amount_3');
    expect(uniqueKey(['x'.repeat(34)], 'x'.repeat(40))).toBe(`${'x'.repeat(34)}_2`);
    let schema = empty;
    for (let i = 0; i < 4; i += 1) schema = addField(schema, 'text');
    expect(keys(schema)).toEqual(['text', 'text_2', 'text_3', 'text_4']);
    expect(checkFormSchema(schema)).toEqual({});
  });

  it('moves, duplicates and removes fields', () => {
    const schema = build([
      { key: 'a', type: 'text', label: '甲' },
      { key: 'b', type: 'number', label: '乙', min: 1 },
      { key: 'c', type: 'date', label: '丙' },
    ]);
    expect(keys(moveField(schema, 0, 2))).toEqual(['b', 'c', 'a']);
    expect(keys(moveField(schema, 2, 0))).toEqual(['c', 'a', 'b']);
    const copied = duplicateField(schema, 1);
    expect(keys(copied)).toEqual(['a', 'b', 'b_2', 'c']);
    expect(copied.fields[2]).toEqual({ ...schema.fields[1], key: 'b_2' });
    expect(copied.fields[2]).not.toBe(schema.fields[1]);
    expect(keys(removeField(schema, 1))).toEqual(['a', 'c']);
    expect(removeField(schema, 5)).toBe(schema);
  });

  it('reports a repeated or malformed key, as the server keys it', () => {
    const schema = build([
      { key: 'a', type: 'text', label: '甲' },
      { key: 'b', type: 'text', label: '乙' },
    ]);
    const clash = updateField(schema, 1, { key: 'a' });
    expect(checkFormSchema(clash)).toEqual({ 'form_schema.fields.1.key': ['字段标识「a」重复'] });
    // The canvas marks both fields, the one just renamed included.
    expect(duplicateKeyErrors(clash)).toEqual({
      'form_schema.fields.0.key': ['字段标识「a」重复'],
      'form_schema.fields.1.key': ['字段标识「a」重复'],
    });
    const bad = updateField(schema, 0, { key: '1st', label: ' ' });
    const errors = checkFormSchema(bad);
    expect(fieldIssues(errors, 0).byProp).toEqual({
      key: ['字段标识须以字母开头，由字母、数字或下划线组成，最长 40 位'],
      label: ['请填写字段名称'],
    });
    expect(fieldIssues(errors, 1).all).toEqual([]);
    expect(checkFormSchema('nonsense')).toHaveProperty(['form_schema']);
    expect(
      formIssues(checkFormSchema({ fields: Array.from({ length: 61 }, (_, i) => ({ key: `f${i}`, type: 'text', label: 'x' })) })),
    ).toEqual(['表单最多 60 个字段']);
  });

  it('removes a property set to undefined', () => {
    const schema = build([{ key: 'a', type: 'text', label: '甲', placeholder: '请输入', maxLength: 10 }]);
    expect(updateField(schema, 0, { placeholder: undefined, required: true }).fields[0]).toEqual({
      key: 'a',
      type: 'text',
      label: '甲',
      required: true,
      maxLength: 10,
    });
  });

  it('edits options; a default value follows a renamed or removed option', () => {
    const field = { options: ['甲', '乙'], defaultValue: '乙' };
    expect(addOption(field)).toEqual({ options: ['甲', '乙', '选项3'] });
    expect(addOption({ options: ['选项3'] })).toEqual({ options: ['选项3', '选项2'] });
    expect(renameOption(field, 1, '丙')).toEqual({ options: ['甲', '丙'], defaultValue: '丙' });
    expect(removeOption(field, 1)).toEqual({ options: ['甲'], defaultValue: undefined });
    expect(removeOption({ options: ['a', 'b'], defaultValue: ['a', 'b'] }, 0)).toEqual({ options: ['b'], defaultValue: ['b'] });
    expect(removeOption({ options: ['a', 'b'], defaultValue: ['a'] }, 0)).toEqual({ options: ['b'], defaultValue: undefined });
    expect(moveOption(field, 1, 0)).toEqual({ options: ['乙', '甲'] });

    // An emptied option list or a repeated option is refused at the option.
    const schema = build([{ key: 'kind', type: 'select', label: '类型', options: ['甲', '乙'] }]);
    expect(checkFormSchema(updateField(schema, 0, { options: [] }))).toEqual({
      'form_schema.fields.0.options': ['字段「类型」须至少有一个选项'],
    });
    expect(checkFormSchema(updateField(schema, 0, renameOption(schema.fields[0]!, 1, '甲')))).toEqual({
      'form_schema.fields.0.options.1': ['选项「甲」重复'],
    });
    expect(checkFormSchema(updateField(schema, 0, renameOption(schema.fields[0]!, 0, ' ')))).toEqual({
      'form_schema.fields.0.options.0': ['选项不能为空'],
    });
  });

  it('edits items columns and keeps the total column and the money total tied to them', () => {
    let schema = addField(addField(empty, 'items'), 'money');
    expect(keys(schema)).toEqual(['items', 'amount']);
    expect(totalSources(schema).map((f) => f.key)).toEqual(['items']);
    schema = updateField(schema, 1, { sumOf: 'items' });
    expect(checkFormSchema(schema)).toEqual({});

    // Renaming the table or its total column keeps both references.
    schema = updateField(schema, 0, { key: 'lines' });
    expect(schema.fields[1]?.sumOf).toBe('lines');
    schema = updateField(schema, 0, updateColumn(schema.fields[0]!, 1, { key: 'fee' }));
    expect(schema.fields[0]?.totalOf).toBe('fee');
    expect(checkFormSchema(schema)).toEqual({});

    // A select column gets an option; a new column a unique key.
    schema = updateField(schema, 0, addColumn(schema.fields[0]!));
    schema = updateField(schema, 0, updateColumn(schema.fields[0]!, 2, { type: 'select' }));
    expect(schema.fields[0]?.columns?.[2]).toEqual({ key: 'col', type: 'select', label: '列3', required: false, options: ['选项1'] });
    schema = updateField(schema, 0, updateColumn(schema.fields[0]!, 2, { type: 'text' }));
    expect(schema.fields[0]?.columns?.[2]).toEqual({ key: 'col', type: 'text', label: '列3', required: false });

    // A total column turned into text is refused, and so is the money total that relied on it.
    const textTotal = updateField(schema, 0, updateColumn(schema.fields[0]!, 1, { type: 'text' }));
    expect(Object.keys(checkFormSchema(textTotal))).toEqual(['form_schema.fields.0.totalOf', 'form_schema.fields.1.sumOf']);

    // Removing the total column leaves the table without one; removing the table stops the money total.
    const noTotal = updateField(schema, 0, removeColumn(schema.fields[0]!, 1));
    expect(noTotal.fields[0]?.totalOf).toBeUndefined();
    expect(totalSources(noTotal)).toEqual([]);
    expect(checkFormSchema(noTotal)).toEqual({ 'form_schema.fields.1.sumOf': ['金额「金额」的合计来源须为本表单中设置了合计列的明细表'] });
    const withoutTable = removeField(schema, 0);
    expect(withoutTable.fields).toEqual([{ key: 'amount', type: 'money', label: '金额', required: false }]);
  });
});
