import type { Paged, SecurityEventEntry, SecurityEventName } from '@osp/shared';
import { api } from './client';
import { usePageQuery } from './page-query';

export interface SecurityEventFilter {
  event?: SecurityEventName;
  keyword?: string;
  dateFrom?: string;
  dateTo?: string;
  page: number;
  perPage: number;
}

/** GET /api/security/events (sys_log): the security trace, newest first. */
export function useSecurityEvents(filter: SecurityEventFilter) {
  return usePageQuery({
    queryKey: ['security-events', filter],
    queryFn: () =>
      api.get<Paged<SecurityEventEntry>>('/api/security/events', {
        ...(filter.event ? { event: filter.event } : {}),
        ...(filter.keyword ? { keyword: filter.keyword } : {}),
        ...(filter.dateFrom ? { date_from: filter.dateFrom } : {}),
        ...(filter.dateTo ? { date_to: filter.dateTo } : {}),
        page: filter.page,
        per_page: filter.perPage,
      }),
    // A trace is read to see what just happened: never a stale one.
    staleTime: 0,
    placeholderData: (previous) => previous,
  });
}
