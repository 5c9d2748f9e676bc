import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HandoverInput, HandoverResult, HandoverSummary } from '@osp/shared';
import { api } from './client';
import { usePageQuery } from './page-query';

/*
 * 离职交接 under 用户管理 (/api/admin/users/{id}/handover, sys_user; docs/admin-users.md). The summary is read fresh
 * each time the dialog opens; a handover changes the to-do boxes, drafts, entrusts and the operation log.
 */

const handoverKey = (userId: number) => ['admin', 'users', userId, 'handover'] as const;
const url = (userId: number) => `/api/admin/users/${userId}/handover`;

export function fetchHandoverSummary(userId: number): Promise<HandoverSummary> {
  return api.get<HandoverSummary>(url(userId));
}

export function useHandoverSummary(userId: number | undefined) {
  return usePageQuery({
    queryKey: handoverKey(userId ?? 0),
    queryFn: () => fetchHandoverSummary(userId ?? 0),
    enabled: userId !== undefined,
    staleTime: 0,
  });
}

export function useHandOver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, ...body }: HandoverInput & { userId: number }) => api.withMessage.post<HandoverResult>(url(userId), body),
    // What moved shows in several places (boxes, counts, entrusts, logs): all are refetched when next seen.
    onSettled: () => queryClient.invalidateQueries(),
  });
}
