import { describe, expect, it } from 'vitest';
import type { SurveyTargetView } from '@osp/shared';
import { targetsOf, targetValuesOf } from './target-values';

const view = (kind: SurveyTargetView['kind'], ref_id: number, exclude: 0 | 1, name = ''): SurveyTargetView => ({
  kind,
  ref_id,
  exclude,
  name,
});

describe('填写范围 form values', () => {
  it('splits the targets into the form fields and back, exclusions apart', () => {
    const values = targetValuesOf([
      view('dept', 3, 0, '技术部'),
      view('role', 2, 0, '员工'),
      view('user', 7, 0, '张三'),
      view('user', 9, 1, '李四'),
      view('dept', 4, 0, '财务部'),
    ]);
    expect(values).toEqual({
      dept_ids: [3, 4],
      role_ids: [2],
      user_ids: [7],
      excluded_dept_ids: [],
      excluded_role_ids: [],
      excluded_user_ids: [9],
    });
    expect(targetsOf(values)).toEqual([
      { kind: 'dept', ref_id: 3, exclude: 0 },
      { kind: 'dept', ref_id: 4, exclude: 0 },
      { kind: 'role', ref_id: 2, exclude: 0 },
      { kind: 'user', ref_id: 7, exclude: 0 },
      { kind: 'user', ref_id: 9, exclude: 1 },
    ]);
    expect(targetsOf(targetValuesOf([]))).toEqual([]);
  });

  it('loads exclusions of departments and roles (made through the API) and saves them back', () => {
    const stored = [
      view('dept', 1, 0, '星河科技'),
      view('dept', 5, 1, '财务部'),
      view('role', 8, 1, '实习生'),
      view('role', 6, 1, '外包'),
      view('user', 9, 1, '李四'),
    ];
    const values = targetValuesOf(stored);
    expect(values).toEqual({
      dept_ids: [1],
      role_ids: [],
      user_ids: [],
      excluded_dept_ids: [5],
      excluded_role_ids: [8, 6],
      excluded_user_ids: [9],
    });
    // What the form sends is what was stored: no kind of exclusion is lost on a save.
    expect(targetsOf(values)).toEqual(stored.map(({ kind, ref_id, exclude }) => ({ kind, ref_id, exclude })));
  });

  it('keeps the same department both included and excluded as two targets (the server lets the exclusion win)', () => {
    const values = targetValuesOf([view('dept', 3, 0), view('dept', 3, 1)]);
    expect(values.dept_ids).toEqual([3]);
    expect(values.excluded_dept_ids).toEqual([3]);
    expect(targetsOf(values)).toEqual([
      { kind: 'dept', ref_id: 3, exclude: 0 },
      { kind: 'dept', ref_id: 3, exclude: 1 },
    ]);
  });

  it('reads a field the form never set as empty', () => {
    expect(targetsOf({ dept_ids: [2], excluded_role_ids: [4] })).toEqual([
      { kind: 'dept', ref_id: 2, exclude: 0 },
      { kind: 'role', ref_id: 4, exclude: 1 },
    ]);
  });
});
