import { Spin } from 'antd';

/** What shows while a page or the signed-in session is being loaded. */
export function PageLoading({ isFullScreen = false }: { isFullScreen?: boolean }) {
  return (
    <div className={isFullScreen ? 'page-loading page-loading--full' : 'page-loading'}>
      <Spin size="large" />
    </div>
  );
}
