import { useQuery } from '@tanstack/react-query';
import type { MenuItem } from '@osp/shared';
import { api } from './client';

export const menuKey = ['menu'] as const;

/** GET /api/user/menu: the tree this user may see. SPEC §2 loads it once per session. */
export function useMenu() {
  return useQuery({
    queryKey: menuKey,
    queryFn: () => api.get<MenuItem[]>('/api/user/menu'),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
