import type { Dept } from '@osp/shared';

export interface DeptOption {
  value: number;
  title: string;
  children: DeptOption[];
}

/** The department tree as antd TreeSelect data. */
export function deptOptions(depts: readonly Dept[]): DeptOption[] {
  return depts.map((dept) => ({ value: dept.id, title: dept.name, children: deptOptions(dept.children) }));
}
