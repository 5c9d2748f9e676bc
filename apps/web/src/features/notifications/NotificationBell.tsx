import { BellOutlined } from '@ant-design/icons';
import { Badge, Tooltip } from 'antd';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { NoticePageTexts } from '@osp/shared';
import { useBillsFollowNotices, useNoticeCount } from '../../api/notifications';

export const NOTIFICATIONS_PATH = '/notifications';

/**
 * The header's bell: my unread notifications (GET /api/notifications/count), read again on every navigation and
 * once a minute while the page stays open, linking to the 消息通知 page. A new one brings the bill lists up to date.
 */
export function NotificationBell() {
  const { pathname } = useLocation();
  const count = useNoticeCount();
  const { refetch } = count;

  useEffect(() => {
    void refetch();
  }, [pathname, refetch]);

  useBillsFollowNotices(count.data?.unread);

  const unread = count.data?.unread ?? 0;
  const label = NoticePageTexts.bell(unread);
  return (
    <Tooltip title={label}>
      <Link to={NOTIFICATIONS_PATH} aria-label={label} className="header-badge-link">
        <Badge count={unread} size="small" overflowCount={99} offset={[2, -2]}>
          <BellOutlined className="header-badge-link__icon" />
        </Badge>
      </Link>
    </Tooltip>
  );
}
