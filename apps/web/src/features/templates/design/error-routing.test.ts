import { FlowMessages, FormSchemaMessages, type FormField } from '@osp/shared';
import { describe, expect, it } from 'vitest';
import { checkFormSchema, duplicateKeyErrors } from '../form-designer/check';
import { errorCount, firstTabWithErrors, NO_ERRORS, routeErrors } from './error-routing';

describe('routeErrors', () => {
  it('sends form_schema.* to 表单设计 and flow.* to 流程设计 with their keys as sent', () => {
    const routed = routeErrors({
      'form_schema.fields.2.key': ['字段标识重复'],
      form_schema: ['至少需要一个字段'],
      'flow.n3': ['节点不可达'],
      flow: ['流程需要一个结束节点'],
    });
    expect(routed.form).toEqual({ 'form_schema.fields.2.key': ['字段标识重复'], form_schema: ['至少需要一个字段'] });
    expect(routed.flow).toEqual({ 'flow.n3': ['节点不可达'], flow: ['流程需要一个结束节点'] });
    expect(routed.basic).toEqual([]);
    expect(routed.general).toEqual([]);
  });

  it('puts the rest on 基础设置 fields, keys below a field on that field', () => {
    const routed = routeErrors({
      name: ['已有名为「报销」的模板'],
      'starters.user_ids': ['用户不存在或已停用：张三'],
      'starters.user_ids.1': ['用户不存在或已停用：张三', '另一条'],
      'starters.role_ids': ['角色不存在：9'],
    });
    expect(routed.basic).toEqual([
      { name: ['name'], errors: ['已有名为「报销」的模板'] },
      { name: ['starters', 'user_ids'], errors: ['用户不存在或已停用：张三', '另一条'] },
      { name: ['starters', 'role_ids'], errors: ['角色不存在：9'] },
    ]);
  });

  it('keeps keys 基础设置 has no field for as general messages', () => {
    const routed = routeErrors({ publish: ['请先设计审批流程再发布'], starters: ['发起人范围有误'], flowers: ['x'] });
    expect(routed.general).toEqual(['请先设计审批流程再发布', '发起人范围有误', 'x']);
    expect(routed.flow).toEqual({});
  });
});

describe('firstTabWithErrors and errorCount', () => {
  it('opens the first tab in display order that has errors', () => {
    expect(firstTabWithErrors(routeErrors({ 'flow.n1': ['a'], 'form_schema.fields.0.label': ['b'] }))).toBe('form');
    expect(firstTabWithErrors(routeErrors({ 'flow.n1': ['a'], name: ['b'] }))).toBe('basic');
    expect(firstTabWithErrors(routeErrors({ flow: ['a'] }))).toBe('flow');
    expect(firstTabWithErrors(routeErrors({ other: ['a'] }))).toBe('basic');
    expect(firstTabWithErrors(NO_ERRORS)).toBeNull();
  });

  it('counts every message of a tab', () => {
    const routed = routeErrors({ 'flow.n1': ['a', 'b'], flow: ['c'], name: ['d'], publish: ['e'], 'form_schema.fields.1.options': [] });
    expect(errorCount(routed, 'flow')).toBe(3);
    expect(errorCount(routed, 'basic')).toBe(2);
    expect(errorCount(routed, 'form')).toBe(0);
  });
});

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
