import { FlowMessages, FormSchemaMessages, type FormField } from '@osp/shared';
import { describe, expect, it } from 'vitest';
import { checkFormSchema, duplicateKeyErrors } from '../form-designer/check';
import { routeErrors } from './error-routing';

describe('the designer shows names in messages as typed (issue 11, item 10)', () => {
  it('reads the names the server escaped as the characters typed', () => {
    const routed = routeErrors({
      'form_schema.fields.0.options': [FormSchemaMessages.optionsRequired('差旅&住宿')],
      'flow.n1': [FlowMessages.noSteps('<b>审批</b>')],
      name: ['模板名称不能为空'],
    });
    expect(routed.form['form_schema.fields.0.options']).toEqual(['字段「差旅&住宿」须至少有一个选项']);
    expect(routed.flow['flow.n1']).toEqual(['审批节点「<b>审批</b>」至少需要一个审批步骤']);
  });

  it('does the same for the checks it runs in the browser', () => {
    const field: FormField = { key: 'a', type: 'select', label: 'A&B', required: false, options: [] };
    expect(checkFormSchema({ fields: [field] })['form_schema.fields.0.options']).toEqual(['字段「A&B」须至少有一个选项']);
    expect(
      duplicateKeyErrors({
        fields: [
          { ...field, key: 'x"y' },
          { ...field, key: 'x"y' },
        ],
      })['form_schema.fields.0.key'],
    ).toEqual(['字段标识「x"y」重复']);
  });
});
