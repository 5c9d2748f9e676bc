import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  LeaveAway,
  LeaveRecord,
  LeaveScope,
  LeaveScopes,
  LeaveStartInput,
  LeaveStartResult,
  LeaveStatus,
  LeaveType,
  LeaveTypeAdmin,
  LeaveTypeCreate,
  Paged,
} from '@osp/shared';
import { api } from './client';
import { myHolidayStatsKey } from './holiday';
import { usePageQuery } from './page-query';

/*
 * Leave requests (issue 17, docs/holiday.md "Leave"): the types, asking for leave (which starts a 请假 bill), the
 * records by scope and the team's absences. Asking refetches what shows a balance or a record.
 */

export const leaveKey = ['holiday', 'leave'] as const;

export function useLeaveTypes() {
  return useQuery({
    queryKey: [...leaveKey, 'types'],
    queryFn: () => api.get<LeaveType[]>('/api/holiday/leave-types'),
    staleTime: 5 * 60_000,
  });
}

export function useStartLeave() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LeaveStartInput) => api.post<LeaveStartResult>('/api/holiday/leave', body),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: leaveKey }),
        queryClient.invalidateQueries({ queryKey: myHolidayStatsKey }),
        queryClient.invalidateQueries({ queryKey: ['holiday', 'stats'] }),
        queryClient.invalidateQueries({ queryKey: ['bills'] }),
      ]),
  });
}

export interface LeaveDetailsQuery {
  page: number;
  per_page: number;
  scope: LeaveScope;
  year?: number;
  status?: LeaveStatus;
  leave_type_id?: number;
  dept_id?: number;
  keyword?: string;
}

export function useLeaveDetails(query: LeaveDetailsQuery) {
  return usePageQuery({
    queryKey: [...leaveKey, 'details', query],
    queryFn: () => api.get<Paged<LeaveRecord>>('/api/holiday/details', { ...query }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** The scopes of records the caller may read: always their own; a leader's team; everyone's for HR. */
export function useLeaveScopes() {
  return useQuery({
    queryKey: [...leaveKey, 'scopes'],
    queryFn: () => api.get<LeaveScopes>('/api/holiday/details/scopes'),
    staleTime: 60_000,
  });
}

export interface LeaveAwayQuery {
  from: string;
  to: string;
  dept_id?: number;
}

export function useLeaveAway(query: LeaveAwayQuery) {
  return usePageQuery({
    queryKey: [...leaveKey, 'away', query],
    queryFn: () => api.get<LeaveAway[]>('/api/holiday/away', { ...query }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** HR's leave types (holiday_admin): every type with its rules and use; changes refetch the form's list too. */
export function useAdminLeaveTypes() {
  return usePageQuery({
    queryKey: [...leaveKey, 'types', 'all'],
    queryFn: () => api.get<LeaveTypeAdmin[]>('/api/holiday/leave-types/all'),
    staleTime: 0,
  });
}

export function useSaveLeaveType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: LeaveTypeCreate & { id?: number }) =>
      id === undefined
        ? api.post<LeaveTypeAdmin>('/api/holiday/leave-types', body)
        : api.put<LeaveTypeAdmin>(`/api/holiday/leave-types/${id}`, body),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [...leaveKey, 'types'] }),
        queryClient.invalidateQueries({ queryKey: ['syslog'] }),
      ]),
  });
}
