import { useQuery } from '@tanstack/react-query';
import type { MenuItem } from '@osp/shared';
import { api } from './client';

export const menuKey = ['menu'] as const;

/**
 * GET /api/user/menu: the tree this user may see. SPEC §2 loads it before the first page; the guard
 * then asks again on every navigation (issue 3: what an administrator changes shows at once), and
 * the menu on screen stays until the answer comes. An unchanged answer keeps the same object
 * (structural sharing), so nothing re-renders.
 */
export function useMenu() {
  return useQuery({
    queryKey: menuKey,
    queryFn: () => api.get<MenuItem[]>('/api/user/menu'),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
