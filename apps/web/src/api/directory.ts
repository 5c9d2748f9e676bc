import type { Dept, DeptUser } from '@osp/shared';
import { api } from './client';
import { usePageQuery } from './page-query';

/**
 * The directory (GET /api/depts and /api/depts/users, SPEC §7): the department tree and people, for every
 * picker (components/pickers) and every page that names someone. One module and one key, so that a
 * department or user change refreshes every picker at once (`invalidateQueries({ queryKey: directoryKey })`).
 */
export const directoryKey = ['directory'] as const;

export function useDeptTree() {
  return usePageQuery({ queryKey: [...directoryKey, 'depts'], queryFn: () => api.get<Dept[]>('/api/depts'), staleTime: 0 });
}

/**
 * Every person, enabled or not: the pickers offer the enabled ones and still name a disabled person a form
 * holds ("a form names whoever it holds"), and pages name whoever an id points at.
 */
export function useDirectoryUsers() {
  return usePageQuery({
    queryKey: [...directoryKey, 'users', 'all'],
    queryFn: () => api.get<DeptUser[]>('/api/depts/users'),
    staleTime: 60_000,
  });
}
