import { Cascader } from 'antd';
import { SurveyFillTexts, type Dept } from '@osp/shared';
import { useMemo } from 'react';
import { useDeptTree } from '../../../api/directory';

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
export function DeptAnswerInput({ value, onChange, isDisabled, labelId }: DeptAnswerInputProps) {
  const depts = useDeptTree();
  const options = useMemo(() => toOptions(depts.data ?? []), [depts.data]);
  const path = typeof value === 'number' ? deptPath(depts.data ?? [], value) : [];
  return (
    <Cascader<DeptOption>
      className="survey-input"
      aria-labelledby={labelId}
      options={options}
      changeOnSelect
      showSearch={SEARCH}
      loading={depts.isPending}
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
