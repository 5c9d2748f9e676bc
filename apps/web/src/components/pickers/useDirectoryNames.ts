import type { DeptUser } from '@osp/shared';
import { useMemo } from 'react';
import { useDeptTree, useDirectoryUsers } from '../../api/directory';
import { deptNames, nameOf } from './directory-options';

export interface DirectoryNames {
  /** Everyone, enabled or not, in the directory's order. */
  people: readonly DeptUser[];
  /** The person's name, or #id while the list loads or when they are unknown. */
  userName: (id: number) => string;
  deptName: (id: number) => string;
  isLoading: boolean;
}

/**
 * Names for the ids that forms and pages hold (a bill's user and department fields, a job member's
 * departments, the flow designer's summaries): the same queries as the pickers, so one load serves both.
 */
export function useDirectoryNames(): DirectoryNames {
  const users = useDirectoryUsers();
  const depts = useDeptTree();
  return useMemo(() => {
    const userNames = new Map((users.data ?? []).map((u) => [u.id, u.name]));
    const deptNameById = deptNames(depts.data ?? []);
    return {
      people: users.data ?? [],
      userName: (id) => nameOf(userNames, id),
      deptName: (id) => nameOf(deptNameById, id),
      isLoading: users.isPending || depts.isPending,
    };
  }, [users.data, users.isPending, depts.data, depts.isPending]);
}
