import { useQuery, useQueryClient, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useEffectEvent, useRef } from 'react';

/**
 * Whether the page a component belongs to is the one on screen. A kept-alive page (SPEC §2) stays mounted while
 * hidden, so TanStack Query never sees it "mount" again; the main layout's outlet provides false for a hidden kept
 * page and true for the shown one. Outside a page slot (the header, dialogs of the layout) it is true.
 */
export const PageShownContext = createContext(true);

export function usePageShown(): boolean {
  return useContext(PageShownContext);
}

/**
 * When the user last reloaded the page through its tab's 刷新 (a Date.now() time; 0: never). The layout mounts the page
 * afresh then, and each of its queries whose data is older than that is fetched again, however fresh its staleTime
 * says it is: 刷新 means "read it again now", as a browser reload would.
 */
export const PageReloadedAtContext = createContext(0);

/**
 * useQuery for a page's data: when a kept-alive page is shown again, each of its queries that is stale (by its own
 * staleTime: the bill lists at once, the template list after a minute) is fetched again, as a page that mounts
 * would be. What the page showed stays on screen meanwhile; scroll position and filters are untouched.
 */
export function usePageQuery<TQueryFnData, TError = Error, TData = TQueryFnData, TQueryKey extends QueryKey = QueryKey>(
  options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
): UseQueryResult<TData, TError> {
  const result = useQuery(options);
  const queryClient = useQueryClient();
  const isShown = usePageShown();
  const reloadedAt = useContext(PageReloadedAtContext);
  const wasShown = useRef(isShown);
  // A disabled query is left alone (refetchQueries skips it), a fresh one too (`stale`).
  const refetchIfStale = useEffectEvent(() => void queryClient.refetchQueries({ queryKey: options.queryKey, exact: true, stale: true }));
  useEffect(() => {
    const isBack = isShown && !wasShown.current;
    wasShown.current = isShown;
    if (isBack) refetchIfStale();
  }, [isShown]);
  // A query the mount is fetching already is not fetched twice (cancelRefetch: false joins that fetch).
  const refetchIfOlder = useEffectEvent(() => {
    const updatedAt = queryClient.getQueryState(options.queryKey)?.dataUpdatedAt ?? 0;
    if (updatedAt >= reloadedAt) return;
    void queryClient.refetchQueries({ queryKey: options.queryKey, exact: true, type: 'active' }, { cancelRefetch: false });
  });
  useEffect(() => {
    if (reloadedAt > 0) refetchIfOlder();
  }, [reloadedAt]);
  return result;
}
