import { Cascader } from 'antd';
import { SurveyFillTexts, type Dept, type SurveyPublicDept } from '@osp/shared';
import { useMemo } from 'react';
import { useDeptTree } from '../../../api/directory';
import { usePublicSurveyDepts } from '../../../api/survey-fill';

interface DeptOption {
  value: number;
  label: string;
  children?: DeptOption[];
}

function toOptions(depts: readonly Dept[]): DeptOption[] {
  return depts.map((dept) => ({
    value: dept.id,
    label: dept.name,
    ...(dept.children.length > 0 ? { children: toOptions(dept.children) } : {}),
  }));
}

/** The ids from the top of the tree down to `id` (what the cascader shows as its value), or [] when it is not in the tree. */
export function deptPath(depts: readonly Dept[], id: number): number[] {
  for (const dept of depts) {
    if (dept.id === id) return [dept.id];
    const below = deptPath(dept.children, id);
    if (below.length > 0) return [dept.id, ...below];
  }
  return [];
}

const SEARCH = {
  filter: (input: string, path: DeptOption[]) => path.some((option) => option.label.toLowerCase().includes(input.trim().toLowerCase())),
};

/**
 * The tree of a public link's flat list (GET /api/publish/share/{id}/depts), in the list's order; a department whose
 * parent is not in the list stands at the top.
 */
export function deptTreeOf(depts: readonly SurveyPublicDept[]): Dept[] {
  const byId = new Map<number, Dept>(
    depts.map((d) => [d.id, { id: d.id, name: d.name, parent_id: d.parent_id, leader_id: null, children: [] }]),
  );
  const roots: Dept[] = [];
  for (const dept of byId.values()) {
    const parent = dept.parent_id === null ? undefined : byId.get(dept.parent_id);
    if (parent && parent !== dept) parent.children.push(dept);
    else roots.push(dept);
  }
  return roots;
}

interface DeptAnswerInputProps {
  value: unknown;
  onChange: (id: number | undefined) => void;
  isDisabled: boolean;
  labelId: string;
}

/**
 * 部门题: a department of the directory's tree, picked level by level (a cascader suits a phone better than a tree),
 * any level may be the answer; typing searches every level's names.
 */
export function DeptAnswerInput(props: DeptAnswerInputProps) {
  const depts = useDeptTree();
  return <DeptCascader {...props} depts={depts.data} isLoading={depts.isPending} />;
}

/** 部门题 on a public link (no sign-in): the same picker over the departments the link answers. */
export function PublicDeptAnswerInput({ surveyId, ...props }: DeptAnswerInputProps & { surveyId: number }) {
  const depts = usePublicSurveyDepts(surveyId);
  const tree = useMemo(() => (depts.data ? deptTreeOf(depts.data) : undefined), [depts.data]);
  return <DeptCascader {...props} depts={tree} isLoading={depts.isPending} />;
}

function DeptCascader({
  value,
  onChange,
  isDisabled,
  labelId,
  depts,
  isLoading,
}: DeptAnswerInputProps & { depts: readonly Dept[] | undefined; isLoading: boolean }) {
  const options = useMemo(() => toOptions(depts ?? []), [depts]);
  const path = typeof value === 'number' ? deptPath(depts ?? [], value) : [];
  return (
    <Cascader<DeptOption>
      className="survey-input"
      aria-labelledby={labelId}
      options={options}
      changeOnSelect
      showSearch={SEARCH}
      loading={isLoading}
      disabled={isDisabled}
      placeholder={SurveyFillTexts.deptPlaceholder}
      value={path.length > 0 ? path : undefined}
      onChange={(next) => {
        const ids = next ?? [];
        onChange(ids.length > 0 ? ids[ids.length - 1] : undefined);
      }}
    />
  );
}
