import type { HolidayStats } from '@osp/shared';
import { api } from './client';
import { usePageQuery } from './page-query';

export const myHolidayStatsKey = ['holiday', 'my-stats'] as const;

/** The signed-in user's holiday summary of the current year. */
export function useMyHolidayStats() {
  return usePageQuery({
    queryKey: myHolidayStatsKey,
    queryFn: () => api.get<HolidayStats>('/api/holiday/my/stats'),
  });
}
