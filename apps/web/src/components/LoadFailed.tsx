import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { CommonTexts } from '@osp/shared';

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
