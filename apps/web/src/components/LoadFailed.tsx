import { ReloadOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { CommonTexts } from '@osp/shared';
import { PageLoading } from './PageLoading';

interface LoadFailedProps {
  /** Why, as the API client worded it (it has already toasted it): 网络连接失败, 服务器异常, a 403's message… */
  error: Error;
  onRetry: () => void;
  /** A banner above what is still shown, rather than in place of it. */
  isBanner?: boolean;
}

/**
 * A page's data that could not be read, with 重试: never an empty list, which would tell the user there is nothing
 * when there may be bills waiting (issue 14).
 */
export function LoadFailed({ error, onRetry, isBanner = false }: LoadFailedProps) {
  const retry = (
    <Button icon={<ReloadOutlined />} onClick={onRetry}>
      {CommonTexts.retry}
    </Button>
  );
  if (isBanner) return <Alert type="error" showIcon title={`${CommonTexts.loadFailed}：${error.message}`} action={retry} role="alert" />;
  return <Result status="warning" title={CommonTexts.loadFailed} subTitle={error.message} extra={retry} role="alert" />;
}

interface ListStateOptions {
  /** The first reading is under way (nothing to show yet). */
  isLoading: boolean;
  /** The last reading failed. */
  error: Error | null;
  /** An earlier reading is still shown (another page, or before a filter changed): the failure goes above it. */
  hasRows: boolean;
  onRetry: () => void;
  /** What an empty list says when it was read and is empty. */
  empty: ReactNode;
}

/**
 * What a list shows around its rows: `emptyText` for the list's own empty slot (nothing under the spinner; the
 * failure with 重试; else the list's "nothing here") and `above`, the failure over rows still shown from before.
 */
export function listState({ isLoading, error, hasRows, onRetry, empty }: ListStateOptions): { emptyText: ReactNode; above: ReactNode } {
  const emptyText = isLoading ? (
    <div className="list-waiting" />
  ) : error && !hasRows ? (
    <LoadFailed error={error} onRetry={onRetry} />
  ) : (
    empty
  );
  const above = error && hasRows ? <LoadFailed isBanner error={error} onRetry={onRetry} /> : null;
  return { emptyText, above };
}

/** What the helpers below read of a TanStack query. */
type ReadQuery = Pick<UseQueryResult<unknown>, 'data' | 'error' | 'isFetching' | 'refetch'>;

/**
 * listState for a list read by one query (the administration tables): the first reading is the one with nothing
 * to show yet, and 重试 reads it again.
 */
export function queryListState(query: ReadQuery, empty: ReactNode): { emptyText: ReactNode; above: ReactNode; isLoading: boolean } {
  const isLoading = query.isFetching && query.data === undefined;
  const state = listState({
    isLoading,
    error: query.error,
    hasRows: query.data !== undefined,
    onRetry: () => void query.refetch(),
    empty,
  });
  return { ...state, isLoading };
}

/**
 * In place of what a query has not brought yet (a tree, a form): the spinner while it is read, 加载失败 with 重试
 * when it could not be.
 */
export function Unread({ query }: { query: ReadQuery }) {
  if (query.error && !query.isFetching) return <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  return <PageLoading />;
}
