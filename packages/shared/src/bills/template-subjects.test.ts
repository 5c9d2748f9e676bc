import { describe, expect, it } from 'vitest';
import type { FormSchema } from './form';
import { subjectFormProblems, TemplateSubjectMessages } from './template-subjects';

/** The fields a template serving leave must keep: what 申请请假 fills by key. */

const LEAVE_FORM: FormSchema = {
  fields: [
    { key: 'leave_type', type: 'select', label: '请假类型', required: true, options: ['年假', '事假'] },
    { key: 'period', type: 'daterange', label: '请假时间', required: true },
    { key: 'start_half', type: 'radio', label: '开始时段', required: true, options: ['上午', '下午'] },
    { key: 'end_half', type: 'radio', label: '结束时段', required: true, options: ['上午', '下午'] },
    { key: 'days', type: 'number', label: '请假天数', required: true },
    { key: 'reason', type: 'textarea', label: '请假事由', required: true },
  ],
};

const without = (key: string): FormSchema => ({ fields: LEAVE_FORM.fields.filter((field) => field.key !== key) });

describe('subjectFormProblems(leave)', () => {
  it('accepts the leave form, with or without attachments', () => {
    expect(subjectFormProblems('leave', LEAVE_FORM)).toEqual([]);
    expect(
      subjectFormProblems('leave', {
        fields: [...LEAVE_FORM.fields, { key: 'files', type: 'attachment', label: '附件', required: false }],
      }),
    ).toEqual([]);
  });

  it('names every missing or mistyped field', () => {
    expect(subjectFormProblems('leave', without('period'))).toEqual([
      TemplateSubjectMessages.fieldMissing('请假', '请假时间', 'period', '日期区间'),
    ]);
    const mistyped: FormSchema = {
      fields: LEAVE_FORM.fields.map((field) =>
        field.key === 'days' ? { key: 'days', type: 'text', label: '天数', required: false } : field,
      ),
    };
    expect(subjectFormProblems('leave', mistyped)).toEqual([TemplateSubjectMessages.fieldMissing('请假', '请假天数', 'days', '数字')]);
    expect(subjectFormProblems('leave', { fields: [] })).toHaveLength(6);
    const files: FormSchema = { fields: [...LEAVE_FORM.fields, { key: 'files', type: 'text', label: '附件', required: false }] };
    expect(subjectFormProblems('leave', files)).toEqual([TemplateSubjectMessages.fieldMissing('请假', '附件', 'files', '附件')]);
  });

  it('asks halves offering 上午 and 下午, and days not counted from the dates', () => {
    const halves: FormSchema = {
      fields: LEAVE_FORM.fields.map((field) => (field.key === 'end_half' ? { ...field, options: ['上午', '全天'] } : field)),
    };
    expect(subjectFormProblems('leave', halves)).toEqual([TemplateSubjectMessages.halfOptions('结束时段')]);
    const counted: FormSchema = {
      fields: LEAVE_FORM.fields.map((field) => (field.key === 'days' ? { ...field, daysOf: 'period' } : field)),
    };
    expect(subjectFormProblems('leave', counted)).toEqual([TemplateSubjectMessages.noDaysOf('请假天数')]);
  });
});
