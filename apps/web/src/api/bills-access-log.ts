import { keepPreviousData } from '@tanstack/react-query';
import type { BillAccessLogEntry, Paged } from '@osp/shared';
import { billsKey } from './bills';
import { api } from './client';
import { usePageQuery } from './page-query';

/**
 * 访问记录 of one bill (GET /api/bills/access/log), for its initiator and bill administrators: the detail's
 * `abilities.view_access_log` says whether to ask. Under `billsKey`, so an operation on the bill refreshes it too.
 */
export function useBillAccessLog(billId: number, page: number, perPage: number) {
  return usePageQuery({
    queryKey: [...billsKey, billId, 'access-log', page, perPage],
    queryFn: () => api.get<Paged<BillAccessLogEntry>>('/api/bills/access/log', { bill_id: billId, page, per_page: perPage }),
    // Read to see who has just looked: never a stale one.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
