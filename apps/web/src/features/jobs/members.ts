import type { Dept, DeptUser, JobMember } from '@osp/shared';

/** What an empty dept_ids means (JobMemberInputZ): the member covers every department. */
export const ALL_DEPTS = '全部部门';

export interface DeptTreeOption {
  value: number;
  title: string;
  children: DeptTreeOption[];
}

/** The department tree as antd TreeSelect data. */
export function deptTreeOptions(depts: readonly Dept[]): DeptTreeOption[] {
  return depts.map((dept) => ({ value: dept.id, title: dept.name, children: deptTreeOptions(dept.children) }));
}

/** The names of the departments a member covers, as chosen; null when the member covers every department. */
export function coveredDeptNames(deptIds: readonly number[], deptName: (id: number) => string): string[] | null {
  return deptIds.length === 0 ? null : deptIds.map(deptName);
}

export interface CandidateOption {
  value: number;
  label: string;
  /** Name, user name and department, so that typing any of them finds the person. */
  search: string;
  disabled: boolean;
}

/**
 * The people who may be added to a job: enabled users (the server refuses disabled ones), those
 * already members shown but not selectable, since a person is a member of a job once only.
 */
export function memberCandidates(users: readonly DeptUser[], members: readonly JobMember[]): CandidateOption[] {
  const memberIds = new Set(members.map((m) => m.user_id));
  return users
    .filter((user) => user.user_status === 1)
    .map((user) => {
      const isMember = memberIds.has(user.id);
      const base = user.dept_name ? `${user.name}（${user.dept_name}）` : user.name;
      return {
        value: user.id,
        label: isMember ? `${base} · 已是成员` : base,
        search: `${user.name} ${user.username} ${user.dept_name}`,
        disabled: isMember,
      };
    });
}
