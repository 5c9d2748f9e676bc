import type { SurveyTarget, SurveyTargetKind, SurveyTargetView } from '@osp/shared';

/**
 * The 填写范围 form's fields: the departments, roles and people included, and those excluded — each kind apart, as
 * POST /api/survey/target stores them (`exclude` 1: whoever it names is left out, whatever else names them).
 */
export interface TargetValues {
  dept_ids: number[];
  role_ids: number[];
  user_ids: number[];
  excluded_dept_ids: number[];
  excluded_role_ids: number[];
  excluded_user_ids: number[];
}

/** The form's field for each kind of target, included (`exclude` 0) and excluded (1). */
const FIELDS: Record<SurveyTargetKind, readonly [keyof TargetValues, keyof TargetValues]> = {
  dept: ['dept_ids', 'excluded_dept_ids'],
  role: ['role_ids', 'excluded_role_ids'],
  user: ['user_ids', 'excluded_user_ids'],
};

const KINDS: readonly SurveyTargetKind[] = ['dept', 'role', 'user'];

/** The stored targets (inclusions and exclusions of every kind) as the form's fields, in the order given. */
export function targetValuesOf(targets: readonly SurveyTargetView[]): TargetValues {
  const values: TargetValues = {
    dept_ids: [],
    role_ids: [],
    user_ids: [],
    excluded_dept_ids: [],
    excluded_role_ids: [],
    excluded_user_ids: [],
  };
  for (const target of targets) values[FIELDS[target.kind][target.exclude]].push(target.ref_id);
  return values;
}

/**
 * The form's fields as the targets to save: every inclusion, then every exclusion, each kind in turn. A field the
 * form never touched may be missing (antd leaves it undefined): it counts as empty.
 */
export function targetsOf(values: Partial<TargetValues>): SurveyTarget[] {
  return ([0, 1] as const).flatMap((exclude) =>
    KINDS.flatMap((kind) => (values[FIELDS[kind][exclude]] ?? []).map((ref_id) => ({ kind, ref_id, exclude }))),
  );
}
