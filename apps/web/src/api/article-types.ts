import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ArticleType, ArticleTypeInput } from '@osp/shared';
import { orderedBy } from '../components/sortable-order';
import { api } from './client';
import { usePageQuery } from './page-query';

/*
 * 文章类型 (/api/articletype, permission article_admin; docs/articles-api.md). Every change refetches the list (its
 * counts and abilities come from the server) and the operation log, which each write adds a row to.
 */

export const articleTypesKey = ['article-types'] as const;
const BASE = '/api/articletype';

/** Every type in its order, with its article count and whether it may be deleted. */
export function useArticleTypes() {
  return usePageQuery({ queryKey: articleTypesKey, queryFn: () => api.get<ArticleType[]>(BASE), staleTime: 0 });
}

function useArticleTypeChange<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // Refetched after a refusal too: a 404 or 409 means someone else changed what is on screen.
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: articleTypesKey }), queryClient.invalidateQueries({ queryKey: ['syslog'] })]),
  });
}

export function useCreateArticleType() {
  return useArticleTypeChange((body: ArticleTypeInput) => api.post<ArticleType>(BASE, body));
}

export function useRenameArticleType() {
  return useArticleTypeChange(({ id, name }: ArticleTypeInput & { id: number }) => api.put<ArticleType>(`${BASE}/${id}`, { name }));
}

/** Refused with 409 and ArticleTypeMessages.inUse while articles are filed under the type. */
export function useDeleteArticleType() {
  return useArticleTypeChange((id: number) => api.delete<null>(`${BASE}/${id}`));
}

/**
 * POST /api/articletype/sort with every type in the new order. The list shows the new order at once (a drag must
 * not snap back while the call runs) and is refetched afterwards either way.
 */
export function useSortArticleTypes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => api.post<ArticleType[]>(`${BASE}/sort`, { ids }),
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: articleTypesKey });
      queryClient.setQueryData<ArticleType[]>(articleTypesKey, (types) => (types ? orderedBy(types, ids) : types));
    },
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: articleTypesKey }), queryClient.invalidateQueries({ queryKey: ['syslog'] })]),
  });
}
