import { keepPreviousData, useMutation, useQuery, useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import type { ArticleAdminRow, ArticleAdminView, ArticleInputZ, FileCard, Paged, TemplateRoleOption } from '@osp/shared';
import type { z } from 'zod';
import { api, download } from './client';
import { usePageQuery } from './page-query';

/*
 * 文章管理 (/api/article, permission article_admin; docs/articles-api.md "Articles"). Every change refetches the
 * list (its abilities come from the server), the article itself, the types' article counts and the staff's lists.
 */

const BASE = '/api/article';
export const articlesAdminKey = ['articles-admin'] as const;
const articleAdminKey = (id: number) => [...articlesAdminKey, 'one', id] as const;

export interface ArticleListQuery {
  page: number;
  per_page: number;
  type_id?: number;
  status?: number;
  keyword?: string;
}

/** What the editor sends: the input schema's shape plus the 附件 ids (ignored by a server that predates them). */
export type ArticleSaveBody = z.input<typeof ArticleInputZ> & { attachments: string[] };

/** The administrator's view, with 附件 cards when the server sends them (older servers do not). */
export type EditableArticle = ArticleAdminView & { attachments?: FileCard[] };

export function useAdminArticles(query: ArticleListQuery) {
  return usePageQuery({
    queryKey: [...articlesAdminKey, 'list', query],
    queryFn: () => api.get<Paged<ArticleAdminRow>>(BASE, { ...query }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/article/{id} as an administrator: the whole article in any state. */
export function useAdminArticle(id: number | undefined) {
  return useQuery({
    queryKey: articleAdminKey(id ?? 0),
    queryFn: () => api.get<EditableArticle>(`${BASE}/${id ?? 0}`),
    enabled: id !== undefined,
    staleTime: 0,
    // A form being edited is not replaced by a refetch when the window gets focus back.
    refetchOnWindowFocus: false,
  });
}

function useArticleChange<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    // Refetched after a refusal too: a 404 or 409 means someone else changed what is on screen.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: articlesAdminKey, refetchType: 'active' }),
        queryClient.invalidateQueries({ queryKey: ['article-types'] }),
        queryClient.invalidateQueries({ queryKey: ['employ-articles'] }),
        queryClient.invalidateQueries({ queryKey: ['article'] }),
      ]),
  });
}

/** POST /api/article (a new draft) or PUT /api/article/{id}; answers the saved article and the server's message. */
export function useSaveArticle() {
  const queryClient = useQueryClient();
  return useArticleChange(async ({ id, body }: { id: number | undefined; body: ArticleSaveBody }) => {
    const answer = await (id === undefined
      ? api.withMessage.post<EditableArticle>(BASE, body)
      : api.withMessage.put<EditableArticle>(`${BASE}/${id}`, body));
    // The editor page opened on the article next (a new one's own address) starts from what was just saved.
    queryClient.setQueryData(articleAdminKey(answer.data.id), answer.data);
    return answer;
  });
}

export function usePublishArticle() {
  return useArticleChange((id: number) => api.withMessage.post<EditableArticle>(`${BASE}/${id}/publish`));
}

export function useWithdrawArticle() {
  return useArticleChange((id: number) => api.withMessage.post<EditableArticle>(`${BASE}/${id}/withdraw`));
}

export function useDeleteArticle() {
  return useArticleChange((id: number) => api.withMessage.delete<null>(`${BASE}/${id}`));
}

const OBJECT_URL = 'object-url';
const watchedCaches = new WeakSet<QueryClient>();

/** Frees an image's object URL when its query leaves the cache (nobody has shown it for gcTime). */
function revokeOnRemoval(queryClient: QueryClient): void {
  if (watchedCaches.has(queryClient)) return;
  watchedCaches.add(queryClient);
  queryClient.getQueryCache().subscribe((event) => {
    // The cache holds every kind of query; this one reads only the key and data it checks for itself.
    const { queryKey, state } = event.query as Query<unknown, Error, unknown, readonly unknown[]>;
    if (event.type === 'removed' && queryKey[1] === OBJECT_URL && typeof state.data === 'string') URL.revokeObjectURL(state.data);
  });
}

/**
 * An uploaded image as an object URL, for the editor and the cover: an <img> cannot carry the bearer token, so the
 * page shows what the API client fetched. A file never changes: it is fetched once, and every view of it shares the
 * URL, which is freed when no view has used it for a while.
 */
export function useFileObjectUrl(fileId: string | null) {
  const queryClient = useQueryClient();
  revokeOnRemoval(queryClient);
  return useQuery({
    queryKey: ['files', OBJECT_URL, fileId],
    queryFn: async () => {
      const file = await download({ method: 'GET', url: `/api/files/download/${fileId ?? ''}`, quiet: true });
      return URL.createObjectURL(file.blob);
    },
    enabled: fileId !== null,
    staleTime: Infinity,
    gcTime: 5 * 60_000,
    retry: false,
  });
}

/** GET /api/article/roles (article administrators): the roles an article's 发布范围 may name. */
export function useAudienceRoles(isEnabled = true) {
  return usePageQuery({
    queryKey: [...articlesAdminKey, 'roles'],
    queryFn: () => api.get<TemplateRoleOption[]>(`${BASE}/roles`),
    enabled: isEnabled,
    staleTime: 60_000,
  });
}
