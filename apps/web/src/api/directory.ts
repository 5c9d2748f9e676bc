import { useQuery } from '@tanstack/react-query';
import type { Dept, DeptUser } from '@osp/shared';
import { api } from './client';

/**
 * The directory (GET /api/depts and /api/depts/users, SPEC §7): the department tree and people, for every
 * picker and every page that names someone. One module and one key, so that a department or user change
 * refreshes every picker at once (`invalidateQueries({ queryKey: directoryKey })`).
 */
export const directoryKey = ['directory'] as const;

export function useDeptTree() {
  return useQuery({ queryKey: [...directoryKey, 'depts'], queryFn: () => api.get<Dept[]>('/api/depts'), staleTime: 0 });
}

/** Enabled people: whom one may pick for a new role (leader, handler, share, default user). */
export function useActiveUsers() {
  return useQuery({
    queryKey: [...directoryKey, 'users', 'active'],
    queryFn: () => api.get<DeptUser[]>('/api/depts/users', { user_status: 1 }),
  });
}

/** Every person, active or not, so that a form names whoever it holds. */
export function useDirectoryUsers() {
  return useQuery({
    queryKey: [...directoryKey, 'users', 'all'],
    queryFn: () => api.get<DeptUser[]>('/api/depts/users'),
    staleTime: 60_000,
  });
}
