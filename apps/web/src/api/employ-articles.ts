import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DashboardArticles, EmployArticle, EmployArticleRow, Paged } from '@osp/shared';
import { api } from './client';
import { usePageQuery } from './page-query';

/** Everything read from /api/employ/article: opening an article invalidates it all, so its 未读 mark goes. */
export const employArticlesKey = ['employ-articles'] as const;

export interface EmployArticleQuery {
  page: number;
  per_page: number;
  type_id?: number;
  keyword?: string;
}

/** GET /api/employ/article: the articles meant for me, pinned first, then newest. */
export function useEmployArticles(query: EmployArticleQuery) {
  return usePageQuery({
    queryKey: [...employArticlesKey, 'list', query],
    queryFn: () => api.get<Paged<EmployArticleRow>>('/api/employ/article', { ...query }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/dashboard/article: the home page's announcements, the latest of all and of each type, with unread counts. */
export function useDashboardArticles() {
  return usePageQuery({
    queryKey: [...employArticlesKey, 'dashboard'],
    queryFn: () => api.get<DashboardArticles>('/api/dashboard/article'),
    staleTime: 0,
  });
}

/**
 * The types among the articles meant for me, for the list's type filter. GET /api/articletype needs article_admin,
 * and a type nobody sent me anything under would only filter to an empty list, so the filter offers what I may read
 * (the first 100 rows: more types than that is not a staff list's concern).
 */
export function useEmployArticleTypes() {
  return useQuery({
    queryKey: [...employArticlesKey, 'types'],
    queryFn: () => api.get<Paged<EmployArticleRow>>('/api/employ/article', { page: 1, per_page: 100 }),
    select: (paged) => {
      const types = new Map<number, string>();
      for (const row of paged.list) if (row.type_id !== null) types.set(row.type_id, row.type_name);
      return [...types].map(([value, label]) => ({ value, label }));
    },
  });
}

/**
 * GET /api/employ/article/{id}: records that I opened the article. The preview page reads the article itself through
 * /api/article/{id}, which the forced-read gate and administrators' previews of drafts rely on; this call only
 * records the opening (a 404 for an administrator's draft is fine and ignored) and refreshes my lists' 未读 marks.
 */
export function useRecordArticleOpened() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.quietGet<EmployArticle>(`/api/employ/article/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: employArticlesKey }),
  });
}
