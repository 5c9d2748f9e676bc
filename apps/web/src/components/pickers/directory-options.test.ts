import { describe, expect, it, vi } from 'vitest';
import type { Dept, DeptUser } from '@osp/shared';
import { deptNames, deptTreeData, heldIds, matchesPerson, nameOf, personLabel, personOptions, roleOptions } from './directory-options';
import { antdIds, emitIds } from './picker-props';

function person(id: number, name: string, deptName: string, status = 1): DeptUser {
  return {
    id,
    username: `user${id}`,
    name,
    dept_id: deptName ? id * 10 : null,
    dept_name: deptName,
    station: '',
    mobile: '',
    profilePhoto: '',
    user_status: status,
  };
}

const people = [person(1, '张三', '技术部'), person(2, '李四', '技术部'), person(3, '陈七', '财务部', 0), person(4, '何军', '')];

const tree: Dept[] = [
  {
    id: 1,
    name: '总公司',
    parent_id: null,
    leader_id: null,
    children: [
      {
        id: 2,
        name: '技术部',
        parent_id: 1,
        leader_id: 9,
        children: [{ id: 5, name: '研发组', parent_id: 2, leader_id: null, children: [] }],
      },
      { id: 3, name: '财务部', parent_id: 1, leader_id: null, children: [] },
    ],
  },
];

describe('person options', () => {
  it('names a person 姓名（部门）, or by name alone without a department', () => {
    expect(personLabel(people[0]!)).toBe('张三（技术部）');
    expect(personLabel(people[3]!)).toBe('何军');
    expect(personLabel({ name: '王五', dept_name: null })).toBe('王五');
  });

  it('offers the enabled people, in the directory order, each searchable by name, username and department', () => {
    expect(personOptions(people, { held: [] })).toEqual([
      { value: 1, label: '张三（技术部）', search: '张三 user1 技术部' },
      { value: 2, label: '李四（技术部）', search: '李四 user2 技术部' },
      { value: 4, label: '何军', search: '何军 user4 ' },
    ]);
  });

  it('names whoever the control holds: a disabled person, one the filter leaves out, and an unknown id as #id', () => {
    const options = personOptions(people, { held: [3, 2, 99], filter: (p) => p.id !== 2 });
    expect(options.map((o) => [o.value, o.label])).toEqual([
      [1, '张三（技术部）'],
      [2, '李四（技术部）'],
      [3, '陈七（财务部）'],
      [4, '何军'],
      [99, '#99'],
    ]);
  });

  it('a filter narrows whom it offers (e.g. one department)', () => {
    expect(personOptions(people, { held: [], filter: (p) => p.dept_name === '技术部' }).map((o) => o.value)).toEqual([1, 2]);
  });

  it('shows why someone cannot be picked after the name, and disables that option', () => {
    const options = personOptions(people, { held: [], unavailable: (p) => (p.id === 2 ? '已是成员' : undefined) });
    expect(options[1]).toEqual({ value: 2, label: '李四（技术部） · 已是成员', search: '李四 user2 技术部', disabled: true });
    expect(options[0]?.disabled).toBeUndefined();
  });

  it('search finds a person by name, username or department, in any case, every word typed', () => {
    const [zhang] = personOptions(people, { held: [] });
    expect(matchesPerson('张', zhang)).toBe(true);
    expect(matchesPerson('USER1', zhang)).toBe(true);
    expect(matchesPerson('技术', zhang)).toBe(true);
    expect(matchesPerson('张三 技术部', zhang)).toBe(true);
    expect(matchesPerson(' 张三 ', zhang)).toBe(true);
    expect(matchesPerson('张三 财务部', zhang)).toBe(false);
    expect(matchesPerson('李四', zhang)).toBe(false);
    expect(matchesPerson('张', undefined)).toBe(false);
  });
});

describe('department options and names', () => {
  it('keeps the tree nesting for the TreeSelect', () => {
    expect(deptTreeData(tree)).toEqual([
      {
        value: 1,
        title: '总公司',
        children: [
          { value: 2, title: '技术部', children: [{ value: 5, title: '研发组', children: [] }] },
          { value: 3, title: '财务部', children: [] },
        ],
      },
    ]);
  });

  it('names a department at any depth, and an unknown one #id', () => {
    const names = deptNames(tree);
    expect(nameOf(names, 5)).toBe('研发组');
    expect(nameOf(names, 3)).toBe('财务部');
    expect(nameOf(names, 42)).toBe('#42');
  });
});

describe('role options', () => {
  it('keeps a held role the list no longer names, by #id or by key, so that it can be removed', () => {
    expect(roleOptions([{ value: 1, label: '员工' }], [1, 7])).toEqual([
      { value: 1, label: '员工' },
      { value: 7, label: '#7' },
    ]);
    expect(roleOptions([{ value: 'staff', label: '员工', disabled: true, title: '不可授予' }], ['staff', 'gone'])).toEqual([
      { value: 'staff', label: '员工', disabled: true, title: '不可授予' },
      { value: 'gone', label: 'gone' },
    ]);
  });
});

describe('picker values', () => {
  it('reads what a form holds as a list of ids', () => {
    expect(heldIds(undefined)).toEqual([]);
    expect(heldIds(null)).toEqual([]);
    expect(heldIds(4)).toEqual([4]);
    expect(heldIds([4, 5])).toEqual([4, 5]);
  });

  it('gives antd undefined for none, so that the placeholder shows', () => {
    expect(antdIds({ value: null })).toBeUndefined();
    expect(antdIds({ value: 3 })).toBe(3);
    expect(antdIds({ multiple: true, value: null })).toEqual([]);
    expect(antdIds({ multiple: true, value: [1, 2] })).toEqual([1, 2]);
  });

  it('hands the change back in the caller’s shape: one id or undefined, or always a list', () => {
    const one = vi.fn();
    emitIds({ onChange: one }, 3);
    emitIds({ onChange: one }, undefined);
    expect(one.mock.calls).toEqual([[3], [undefined]]);
    const many = vi.fn();
    emitIds({ multiple: true, onChange: many }, [1, 2]);
    emitIds({ multiple: true, onChange: many }, undefined);
    expect(many.mock.calls).toEqual([[[1, 2]], [[]]]);
  });
});
