import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EntrustCreate, EntrustCreated, EntrustTemplateOption, EntrustView } from '@osp/shared';
import { billsKey, dashboardCountsKey } from './bills';
import { api } from './client';
import { usePageQuery } from './page-query';

/*
 * 委托管理 (/api/users/billEntrust, every signed-in user for their own entrusts; docs/approval-api.md "Entrust page
 * and task moves"). A change refetches the list; one that moved tasks also changes the to-do boxes and counts.
 */

const entrustKey = ['entrusts'] as const;
const BASE = '/api/users/billEntrust';

export type EntrustRole = 'given' | 'received';

/** PUT's body: an entrust without the one-off 同时移交当前待办. */
export type EntrustUpdate = Omit<EntrustCreate, 'move_open_tasks'>;

export function useEntrusts(role: EntrustRole) {
  return usePageQuery({ queryKey: [...entrustKey, 'list', role], queryFn: () => api.get<EntrustView[]>(BASE, { role }), staleTime: 0 });
}

export function useEntrustTemplates(enabled: boolean) {
  return usePageQuery({
    queryKey: [...entrustKey, 'templates'],
    queryFn: () => api.get<EntrustTemplateOption[]>(`${BASE}/templates`),
    enabled,
    staleTime: 60_000,
  });
}

function useEntrustChange<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // Refetched after a refusal too: a 409 means the entrust changed state (it started or ended) since it was shown.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: entrustKey }),
        queryClient.invalidateQueries({ queryKey: billsKey }),
        queryClient.invalidateQueries({ queryKey: dashboardCountsKey }),
      ]),
  });
}

export function useCreateEntrust() {
  return useEntrustChange((body: EntrustCreate) => api.withMessage.post<EntrustCreated>(BASE, body));
}

export function useUpdateEntrust() {
  return useEntrustChange(({ id, ...body }: EntrustUpdate & { id: number }) => api.withMessage.put<EntrustView>(`${BASE}/${id}`, body));
}

export function useEndEntrust() {
  return useEntrustChange((id: number) => api.withMessage.patch<EntrustView>(`${BASE}/${id}/end`));
}

export function useDeleteEntrust() {
  return useEntrustChange((id: number) => api.withMessage.delete<null>(`${BASE}/${id}`));
}
