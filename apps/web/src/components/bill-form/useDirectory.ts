import type { Dept, DeptUser } from '@osp/shared';
import { useMemo } from 'react';
import { useDeptTree } from '../../api/directory';
import { useDirectoryUsers } from '../../api/directory';

export interface Directory {
  users: readonly DeptUser[];
  depts: readonly Dept[];
  /** The person's name, or #id while the list loads or when they are unknown. */
  userName: (id: number) => string;
  deptName: (id: number) => string;
  isLoading: boolean;
}

function flatten(depts: readonly Dept[], into: Map<number, string>): Map<number, string> {
  for (const dept of depts) {
    into.set(dept.id, dept.name);
    flatten(dept.children, into);
  }
  return into;
}

/**
 * Names for the user and department fields of a form, which the API stores as ids. Both lists come
 * from GET /api/depts and /api/depts/users once and are shared by every form on the screen.
 */
export function useDirectory(): Directory {
  const users = useDirectoryUsers();
  const depts = useDeptTree();
  return useMemo(() => {
    const userNames = new Map((users.data ?? []).map((u) => [u.id, u.name]));
    const deptNames = flatten(depts.data ?? [], new Map());
    return {
      users: users.data ?? [],
      depts: depts.data ?? [],
      userName: (id) => userNames.get(id) ?? `#${id}`,
      deptName: (id) => deptNames.get(id) ?? `#${id}`,
      isLoading: users.isPending || depts.isPending,
    };
  }, [users.data, users.isPending, depts.data, depts.isPending]);
}
