import { describe, expect, it } from 'vitest';
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
