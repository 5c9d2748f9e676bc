import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Article, ForceView } from '@osp/shared';
import { api } from './client';
import { usePageQuery } from './page-query';

export const articleKey = (id: string) => ['article', id] as const;

/** Asked afresh on every protected navigation (SPEC §2), so never served from a cache. */
export function fetchForceView(): Promise<ForceView> {
  return api.get<ForceView>('/api/article/force/view');
}

export function useArticle(id: string) {
  return usePageQuery({
    queryKey: articleKey(id),
    queryFn: () => api.get<Article>(`/api/article/${encodeURIComponent(id)}`),
    enabled: id !== '',
  });
}

export function useConfirmArticle(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<Article>(`/api/article/${encodeURIComponent(id)}/view/confirm`),
    onSuccess: (article) => queryClient.setQueryData(articleKey(id), article),
  });
}
