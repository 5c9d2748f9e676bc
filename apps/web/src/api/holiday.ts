import { useQuery } from '@tanstack/react-query';
import type { HolidayStats } from '@osp/shared';
import { api } from './client';

export const myHolidayStatsKey = ['holiday', 'my-stats'] as const;

/** The signed-in user's holiday summary of the current year. */
export function useMyHolidayStats() {
  return useQuery({
    queryKey: myHolidayStatsKey,
    queryFn: () => api.get<HolidayStats>('/api/holiday/my/stats'),
  });
}
