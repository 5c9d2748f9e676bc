import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NoticeCount, NoticeRow, NoticeSettings, NoticeState, Paged } from '@osp/shared';
import { api } from './client';

/** In-app notifications (docs/notifications.md): the header's bell and the 消息通知 page. */
export const notificationsKey = ['notifications'] as const;
const countKey = [...notificationsKey, 'count'] as const;

/** How often the bell asks again while the page stays open: a new task should show within a minute. */
const BELL_POLL_MS = 60_000;

export function useNoticeCount() {
  return useQuery({
    queryKey: countKey,
    queryFn: () => api.get<NoticeCount>('/api/notifications/count'),
    staleTime: 0,
    refetchInterval: BELL_POLL_MS,
  });
}

export interface NoticeQuery {
  state?: NoticeState;
  page: number;
  per_page: number;
}

export function useNotices(query: NoticeQuery) {
  return useQuery({
    queryKey: [...notificationsKey, 'list', query],
    queryFn: () => api.get<Paged<NoticeRow>>('/api/notifications', { ...query }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

function useNoticeChange<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKey }),
  });
}

/** PATCH /api/notifications/{id}/read. */
export function useReadNotice() {
  return useNoticeChange(({ id }: { id: number }) => api.patch<NoticeCount>(`/api/notifications/${id}/read`));
}

/** PATCH /api/notifications/read-all. */
export function useReadAllNotices() {
  return useNoticeChange(() => api.withMessage.patch<NoticeCount>('/api/notifications/read-all'));
}

const settingsKey = [...notificationsKey, 'settings'] as const;

/** GET /api/notifications/settings: whether my notifications are also mailed to me. */
export function useNoticeSettings() {
  return useQuery({ queryKey: settingsKey, queryFn: () => api.get<NoticeSettings>('/api/notifications/settings') });
}

/** PUT /api/notifications/settings. */
export function useSaveNoticeSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: { mail: boolean }) => api.withMessage.put<NoticeSettings>('/api/notifications/settings', settings),
    onSuccess: ({ data }) => queryClient.setQueryData(settingsKey, data),
  });
}
