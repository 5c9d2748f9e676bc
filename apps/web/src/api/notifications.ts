import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import type { NoticeCount, NoticeRow, NoticeSettings, NoticeState, Paged } from '@osp/shared';
import { useEffect, useRef } from 'react';
import { billsKey, dashboardCountsKey } from './bills';
import { api } from './client';
import { usePageQuery } from './page-query';

/** In-app notifications (docs/notifications.md): the header's bell and the 消息通知 page. */
export const notificationsKey = ['notifications'] as const;
const countKey = [...notificationsKey, 'count'] as const;

/** How often the bell asks again while the page stays open: a new task should show within a minute. */
const BELL_POLL_MS = 60_000;

export function useNoticeCount() {
  return usePageQuery({
    queryKey: countKey,
    queryFn: () => api.get<NoticeCount>('/api/notifications/count'),
    staleTime: 0,
    refetchInterval: BELL_POLL_MS,
  });
}

/**
 * A notification that arrives is about a bill (a new task, a result, a 抄送, an urge, a tracked bill moving): when the
 * unread count grows, the bill lists and counts are read again (the shown ones at once, hidden kept pages when shown),
 * so 我发起的 does not say 审批中 a minute after the bill was agreed.
 */
export function useBillsFollowNotices(unread: number | undefined): void {
  const queryClient = useQueryClient();
  const last = useRef(unread);
  useEffect(() => {
    const before = last.current;
    last.current = unread;
    if (unread === undefined || before === undefined || unread <= before) return;
    void queryClient.invalidateQueries({ queryKey: billsKey });
    void queryClient.invalidateQueries({ queryKey: dashboardCountsKey });
  }, [unread, queryClient]);
}

export interface NoticeQuery {
  state?: NoticeState;
  page: number;
  per_page: number;
}

export function useNotices(query: NoticeQuery) {
  return usePageQuery({
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
  return usePageQuery({ queryKey: settingsKey, queryFn: () => api.get<NoticeSettings>('/api/notifications/settings') });
}

/** PUT /api/notifications/settings. */
export function useSaveNoticeSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: { mail: boolean }) => api.withMessage.put<NoticeSettings>('/api/notifications/settings', settings),
    onSuccess: ({ data }) => queryClient.setQueryData(settingsKey, data),
  });
}
