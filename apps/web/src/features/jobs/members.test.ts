import { describe, expect, it } from 'vitest';
import type { DeptUser, JobMember } from '@osp/shared';
import { alreadyMember, coveredDeptNames } from './members';

function user(id: number, name: string, deptName: string, status = 1): DeptUser {
  return {
    id,
    username: `u${id}`,
    name,
    dept_id: deptName ? id * 10 : null,
    dept_name: deptName,
    station: '',
    mobile: '',
    profilePhoto: '',
    user_status: status,
  };
}

function member(userId: number, deptIds: number[] = []): JobMember {
  return { uuid: `m-${userId}`, user_id: userId, name: `#${userId}`, dept_name: null, dept_ids: deptIds };
}

describe('jobs page helpers', () => {
  it('a member without departments covers every department; otherwise the chosen ones by name, in order', () => {
    const names = new Map([
      [3, '技术部'],
      [5, '市场部'],
    ]);
    const deptName = (id: number) => names.get(id) ?? `#${id}`;
    expect(coveredDeptNames([], deptName)).toBeNull();
    expect(coveredDeptNames([5, 3], deptName)).toEqual(['市场部', '技术部']);
    expect(coveredDeptNames([9], deptName)).toEqual(['#9']);
  });

  it('current members are marked as such, so the picker lists them but does not let them be chosen again', () => {
    const note = alreadyMember([member(2, [7])]);
    expect(note(user(1, '王五', '财务部'))).toBeUndefined();
    expect(note(user(2, '李四', '技术部'))).toBe('已是成员');
  });
});
