import { AuditOutlined } from '@ant-design/icons';
import { Badge, Tooltip } from 'antd';
import { Link } from 'react-router';
import { BILL_BOX_TITLES } from '@osp/shared';
import { useDashboardCounts, useTodoListsFollowCount } from '../../../api/bills';

export const TODO_PATH = '/office/approval/todo';

/**
 * The header's 待我审批 count (GET /api/dashboard). The header's observer is the one that polls
 * (api/bills.ts COUNTS_POLL_MS); each operation reads it again, and a todo list read later sets it, so it never
 * trails what the lists show, and a moved count brings the todo lists up to date.
 */
export function TodoBadge() {
  const counts = useDashboardCounts(true);
  useTodoListsFollowCount(counts.data?.todo);

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
