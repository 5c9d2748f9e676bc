import { describe, expect, it } from 'vitest';
import type { Dept, DeptUser, JobMember } from '@osp/shared';
import { coveredDeptNames, deptTreeOptions, memberCandidates } from './members';

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

  it('candidates are the enabled people; current members are listed but cannot be chosen again', () => {
    const users = [user(1, '王五', '财务部'), user(2, '李四', '技术部'), user(3, '陈七', '', 0), user(4, '何军', '')];
    expect(memberCandidates(users, [member(2, [7])])).toEqual([
      { value: 1, label: '王五（财务部）', search: '王五 u1 财务部', disabled: false },
      { value: 2, label: '李四（技术部） · 已是成员', search: '李四 u2 技术部', disabled: true },
      { value: 4, label: '何军', search: '何军 u4 ', disabled: false },
    ]);
  });

  it('the department tree keeps its nesting for the picker', () => {
    const tree: Dept[] = [
      {
        id: 1,
        name: '总公司',
        parent_id: null,
        leader_id: null,
        children: [{ id: 2, name: '技术部', parent_id: 1, leader_id: 9, children: [] }],
      },
    ];
    expect(deptTreeOptions(tree)).toEqual([{ value: 1, title: '总公司', children: [{ value: 2, title: '技术部', children: [] }] }]);
  });
});
