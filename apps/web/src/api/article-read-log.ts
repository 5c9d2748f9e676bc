import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ArticleReadLog, ArticleRemindResult, ReadState } from '@osp/shared';
import { api } from './client';
import { exportThroughFrame } from './frame-export';
import { usePageQuery } from './page-query';

/*
 * An article's read log (issue 15, docs/articles-api.md "Read log"): who of its readers opened it, who confirmed it,
 * who has not, by department; its xlsx export; 提醒 to those who have not read it.
 */

export interface ArticleReadLogFilter {
  state?: ReadState;
  keyword?: string;
}

const readLogKey = (id: string) => ['article-read-log', id] as const;

/** The query string of the log and of its export: the same filters, left out when not set. */
function filterParams(id: string, filter: ArticleReadLogFilter): Record<string, string> {
  return {
    id,
    ...(filter.state === undefined ? {} : { state: filter.state }),
    ...(filter.keyword ? { keyword: filter.keyword } : {}),
  };
}

/** GET /api/article/view/log: read afresh whenever the page is shown (people read while the administrator looks). */
export function useArticleReadLog(id: string, filter: ArticleReadLogFilter) {
  return usePageQuery({
    queryKey: [...readLogKey(id), filter],
    queryFn: () => api.get<ArticleReadLog>('/api/article/view/log', filterParams(id, filter)),
    enabled: id !== '',
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/article/view/log/export: the log with the same filters as an xlsx, through a hidden frame. */
export function exportArticleReadLog(id: string, filter: ArticleReadLogFilter): Promise<void> {
  return exportThroughFrame('/api/article/view/log/export', filterParams(id, filter));
}

/** POST /api/article/{id}/view/remind: answers how many were reminded and the server's 「已提醒 N 人」. */
export function useRemindUnread(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.withMessage.post<ArticleRemindResult>(`/api/article/${encodeURIComponent(id)}/view/remind`),
    // reminded_today changes (and a refusal means someone else reminded first): the page reads the log again either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: readLogKey(id) }),
  });
}
