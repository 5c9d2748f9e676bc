import { AuditOutlined } from '@ant-design/icons';
import { Badge, Tooltip } from 'antd';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { BILL_BOX_TITLES } from '@osp/shared';
import { useDashboardCounts } from '../../../api/bills';

export const TODO_PATH = '/office/approval/todo';

/**
 * The header's 待我审批 count (GET /api/dashboard). It is read again on every navigation and after each
 * operation (the bill mutations invalidate it), so it never trails what the lists show.
 */
export function TodoBadge() {
  const { pathname } = useLocation();
  const counts = useDashboardCounts();
  const { refetch } = counts;

  useEffect(() => {
    void refetch();
  }, [pathname, refetch]);

  const todo = counts.data?.todo ?? 0;
  const label = todo > 0 ? `${BILL_BOX_TITLES.todo}（${todo}）` : BILL_BOX_TITLES.todo;
  return (
    <Tooltip title={label}>
      <Link to={TODO_PATH} aria-label={label} className="header-badge-link">
        <Badge count={todo} size="small" overflowCount={99} offset={[2, -2]}>
          <AuditOutlined className="header-badge-link__icon" />
        </Badge>
      </Link>
    </Tooltip>
  );
}
