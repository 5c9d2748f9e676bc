import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BillRelations, Paged, RelatedBill } from '@osp/shared';
import { billsKey } from './bills';
import { api } from './client';
import { usePageQuery } from './page-query';

/** 关联审批 (GET/POST /api/relatedbusiness, DELETE /api/relatedbusiness/{bill_id}/{related_id}). */

const relationsKey = (billId: number) => [...billsKey, billId, 'related'] as const;

/** A bill's links both ways; under `billsKey`, so an operation on any bill refreshes it. */
export function useBillRelations(billId: number) {
  return usePageQuery({
    queryKey: relationsKey(billId),
    queryFn: () => api.get<BillRelations>('/api/relatedbusiness', { bill_id: billId }),
    staleTime: 0,
  });
}

/** The caller's own submitted bills the bill could link, searched by title, template or number. */
export function useRelatedCandidates(billId: number, keyword: string, isEnabled: boolean) {
  return usePageQuery({
    queryKey: [...billsKey, billId, 'related-candidates', keyword],
    queryFn: () =>
      api.get<Paged<RelatedBill>>('/api/relatedbusiness', { exclude_bill_id: billId, per_page: 20, ...(keyword ? { keyword } : {}) }),
    enabled: isEnabled,
    placeholderData: keepPreviousData,
  });
}

function useRelationsChange<Variables>(mutationFn: (variables: Variables) => Promise<{ data: BillRelations; message: string }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: ({ data }) => queryClient.setQueryData(relationsKey(data.bill_id), data),
    // The other bills' 被关联 lists changed too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: billsKey, predicate: (query) => query.queryKey[2] === 'related' }),
  });
}

export function useLinkBills() {
  return useRelationsChange((body: { bill_id: number; related_ids: number[] }) =>
    api.withMessage.post<BillRelations>('/api/relatedbusiness', body),
  );
}

export function useUnlinkBill() {
  return useRelationsChange(({ bill_id, related_id }: { bill_id: number; related_id: number }) =>
    api.withMessage.delete<BillRelations>(`/api/relatedbusiness/${bill_id}/${related_id}`),
  );
}
