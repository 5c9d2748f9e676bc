import type { SurveyTarget, SurveyTargetView } from '@osp/shared';

/** The 填写范围 form's fields: included departments, roles and people, and the people left out. */
export interface TargetValues {
  dept_ids: number[];
  role_ids: number[];
  user_ids: number[];
  excluded_ids: number[];
}

export function targetValuesOf(targets: readonly SurveyTargetView[]): TargetValues {
  const ids = (kind: SurveyTargetView['kind'], exclude: 0 | 1) =>
    targets.filter((t) => t.kind === kind && t.exclude === exclude).map((t) => t.ref_id);
  return { dept_ids: ids('dept', 0), role_ids: ids('role', 0), user_ids: ids('user', 0), excluded_ids: ids('user', 1) };
}

export function targetsOf(values: TargetValues): SurveyTarget[] {
  return [
    ...values.dept_ids.map((ref_id) => ({ kind: 'dept' as const, ref_id, exclude: 0 })),
    ...values.role_ids.map((ref_id) => ({ kind: 'role' as const, ref_id, exclude: 0 })),
    ...values.user_ids.map((ref_id) => ({ kind: 'user' as const, ref_id, exclude: 0 })),
    ...values.excluded_ids.map((ref_id) => ({ kind: 'user' as const, ref_id, exclude: 1 })),
  ];
}
