import type { OperationLogEntry, Paged } from '@osp/shared';
import { api } from './client';
import { usePageQuery } from './page-query';

export interface SyslogFilter {
  itemType: string;
  itemId?: string | number;
  page: number;
  perPage: number;
}

/** GET /api/syslog: the history of one item, or of every item of a type, newest first. */
export function useOperationLog(filter: SyslogFilter, isEnabled: boolean) {
  return usePageQuery({
    queryKey: ['syslog', filter],
    queryFn: () =>
      api.get<Paged<OperationLogEntry>>('/api/syslog', {
        item_type: filter.itemType,
        ...(filter.itemId === undefined ? {} : { item_id: String(filter.itemId) }),
        page: filter.page,
        per_page: filter.perPage,
      }),
    enabled: isEnabled,
    // A history is read right after a change: never show a stale one.
    staleTime: 0,
    placeholderData: (previous) => previous,
  });
}
