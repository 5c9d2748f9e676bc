import type { DeptUser, JobMember } from '@osp/shared';

/** What an empty dept_ids means (JobMemberInputZ): the member covers every department. */
export const ALL_DEPTS = '全部部门';

/** The names of the departments a member covers, as chosen; null when the member covers every department. */
export function coveredDeptNames(deptIds: readonly number[], deptName: (id: number) => string): string[] | null {
  return deptIds.length === 0 ? null : deptIds.map(deptName);
}

/** The note that keeps a current member from being added again (a person is a member of a job once only). */
export const ALREADY_MEMBER = '已是成员';

/** For the person picker: who cannot be added to the job, and why (shown, not selectable). */
export function alreadyMember(members: readonly JobMember[]): (person: DeptUser) => string | undefined {
  const memberIds = new Set(members.map((m) => m.user_id));
  return (person) => (memberIds.has(person.id) ? ALREADY_MEMBER : undefined);
}
