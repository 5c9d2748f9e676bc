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
  const wasShown = useRef(isShown);
  // A disabled query is left alone (refetchQueries skips it), a fresh one too (`stale`).
  const refetchIfStale = useEffectEvent(() => void queryClient.refetchQueries({ queryKey: options.queryKey, exact: true, stale: true }));
  useEffect(() => {
    const isBack = isShown && !wasShown.current;
    wasShown.current = isShown;
    if (isBack) refetchIfStale();
  }, [isShown]);
  return result;
}
