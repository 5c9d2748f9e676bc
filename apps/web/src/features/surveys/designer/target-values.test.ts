import { describe, expect, it } from 'vitest';
import { targetsOf, targetValuesOf } from './target-values';

describe('填写范围 form values', () => {
  it('splits the targets into the form fields and back, exclusions apart', () => {
    const values = targetValuesOf([
      { kind: 'dept', ref_id: 3, exclude: 0, name: '技术部' },
      { kind: 'role', ref_id: 2, exclude: 0, name: '员工' },
      { kind: 'user', ref_id: 7, exclude: 0, name: '张三' },
      { kind: 'user', ref_id: 9, exclude: 1, name: '李四' },
      { kind: 'dept', ref_id: 4, exclude: 0, name: '财务部' },
    ]);
    expect(values).toEqual({ dept_ids: [3, 4], role_ids: [2], user_ids: [7], excluded_ids: [9] });
    expect(targetsOf(values)).toEqual([
      { kind: 'dept', ref_id: 3, exclude: 0 },
      { kind: 'dept', ref_id: 4, exclude: 0 },
      { kind: 'role', ref_id: 2, exclude: 0 },
      { kind: 'user', ref_id: 7, exclude: 0 },
      { kind: 'user', ref_id: 9, exclude: 1 },
    ]);
    expect(targetsOf(targetValuesOf([]))).toEqual([]);
  });
});
