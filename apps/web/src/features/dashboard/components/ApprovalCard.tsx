import { FormOutlined } from '@ant-design/icons';
import { Card, Result, Skeleton, Typography } from 'antd';
import { Link } from 'react-router';
import { BILL_BOX_TITLES, BillStartTexts, DashboardTexts } from '@osp/shared';
import { useDashboardCounts } from '../../../api/bills';

/** The 发起审批 menu entry's page (apps/server/src/seed/menus.ts); every staff member has it. */
const START_PATH = '/office/approval';

/** My approvals at a glance (GET /api/dashboard): what waits for me, what I sent that is running, my drafts. */
export function ApprovalCard() {
  const counts = useDashboardCounts();
  const tiles = counts.data
    ? [
        { key: 'todo', label: BILL_BOX_TITLES.todo, value: counts.data.todo, to: '/office/approval/todo', isUrgent: counts.data.todo > 0 },
        { key: 'doing', label: DashboardTexts.doingTile, value: counts.data.doing, to: '/office/approval/mine', isUrgent: false },
        { key: 'draft', label: BILL_BOX_TITLES.draft, value: counts.data.draft, to: '/office/approval/draft', isUrgent: false },
        {
          key: 'shared',
          label: DashboardTexts.sharedUnreadTile,
          value: counts.data.shared_unread,
          to: '/office/approval/shared',
          isUrgent: counts.data.shared_unread > 0,
        },
      ]
    : [];

  return (
    <Card
      title={DashboardTexts.approvalTitle}
      variant="borderless"
      className="dashboard-card"
      extra={
        // A link, as the menu's entries are: it opens in a new tab and its address can be copied.
        <Link to={START_PATH} className="dashboard-start">
          <FormOutlined aria-hidden />
          {BillStartTexts.title}
        </Link>
      }
    >
      {counts.data && (
        <div className="approval-tiles">
          {tiles.map((tile) => (
            <Link key={tile.key} to={tile.to} className={`approval-tile${tile.isUrgent ? ' approval-tile--urgent' : ''}`}>
              <span className="approval-tile__value">{tile.value}</span>
              <span className="approval-tile__label">{tile.label}</span>
            </Link>
          ))}
        </div>
      )}
      {counts.data && counts.data.todo === 0 && (
        <Typography.Text type="secondary" className="dashboard-card__hint">
          没有等待您处理的审批，需要办理事项时可点「{BillStartTexts.title}」
        </Typography.Text>
      )}
      {counts.isPending && <Skeleton active paragraph={{ rows: 1 }} />}
      {counts.isError && <Result status="warning" subTitle={DashboardTexts.approvalFailed} />}
    </Card>
  );
}
