import { useQuery } from '@tanstack/react-query';
import type { MenuItem } from '@osp/shared';
import { api } from './client';
import { onMenuVersionChanged } from './menu-version';
import { queryClient } from './query-client';

export const menuKey = ['menu'] as const;

/**
 * GET /api/user/menu: the tree this user may see. SPEC §2 loads it once, before the first page; it is
 * loaded again only when an answer's X-Menu-Version differs from the version this menu came with
 * (./menu-version.ts, issue 12), so an administrator's change shows on the user's next click without a
 * request per navigation. The menu on screen stays until the new answer comes; an unchanged answer keeps
 * the same object (structural sharing), so nothing re-renders.
 */
export function useMenu() {
  return useQuery({
    queryKey: menuKey,
    queryFn: () => api.get<MenuItem[]>('/api/user/menu'),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

onMenuVersionChanged(() => {
  // Only a menu on screen is reloaded: a first load under way brings the current version itself, and after a
  // sign-out there is no menu to reload.
  if (queryClient.getQueryData(menuKey) === undefined) return;
  void queryClient.invalidateQueries({ queryKey: menuKey });
});
