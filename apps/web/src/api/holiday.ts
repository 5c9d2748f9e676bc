import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HolidayChange, HolidayStats, HolidayStatsDetail, HolidayStatsRow, Paged, WorkCalendarYear } from '@osp/shared';
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

/*
 * HR's leave pages (issue 17, permission holiday_admin; docs/holiday.md): balances of everyone and the work calendar.
 * Every change refetches what shows it: the list, the person's history, the operation log.
 */

export const holidayStatsKey = ['holiday', 'stats'] as const;
export const workCalendarKey = (year: number) => ['holiday', 'calendar', year] as const;

export interface HolidayStatsListQuery {
  page: number;
  per_page: number;
  year: number;
  dept_id?: number;
  keyword?: string;
}

export function useHolidayStats(query: HolidayStatsListQuery) {
  return usePageQuery({
    queryKey: [...holidayStatsKey, 'list', query],
    queryFn: () => api.get<Paged<HolidayStatsRow>>('/api/holiday/stats', { ...query }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** One person's balance of a year with its adjustments; off while `userId` is undefined (the drawer is closed). */
export function useHolidayStatsDetail(userId: number | undefined, year: number) {
  return useQuery({
    queryKey: [...holidayStatsKey, 'one', userId, year],
    queryFn: () => api.get<HolidayStatsDetail>(`/api/holiday/stats/${userId ?? 0}`, { year }),
    enabled: userId !== undefined,
    staleTime: 0,
  });
}

export function useChangeHolidayStats() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, ...body }: HolidayChange & { userId: number }) =>
      api.patch<HolidayStatsDetail>(`/api/holiday/stats/${userId}/change`, body),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: holidayStatsKey }), queryClient.invalidateQueries({ queryKey: ['syslog'] })]),
  });
}

export function useWorkCalendar(year: number) {
  return usePageQuery({
    queryKey: workCalendarKey(year),
    queryFn: () => api.get<WorkCalendarYear>('/api/holiday/calendar', { year }),
    staleTime: 0,
  });
}

export function useSaveWorkCalendar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ year, entries }: WorkCalendarYear) => api.put<WorkCalendarYear>(`/api/holiday/calendar/${year}`, { entries }),
    onSuccess: (saved) => queryClient.setQueryData(workCalendarKey(saved.year), saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['syslog'] }),
  });
}

/** The signed-in user's balance of a year (the leave form shows the year its leave starts in). */
export function useMyHolidayStatsOf(year: number) {
  return useQuery({
    queryKey: [...myHolidayStatsKey, year],
    queryFn: () => api.get<HolidayStats>('/api/holiday/my/stats', { year }),
    staleTime: 0,
  });
}
