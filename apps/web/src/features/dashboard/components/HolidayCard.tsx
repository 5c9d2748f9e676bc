import { Card, Result, Skeleton, Typography } from 'antd';
import { DashboardTexts } from '@osp/shared';
import { useMyHolidayStats } from '../../../api/holiday';
import { HolidaySummary } from '../../../components/HolidaySummary';

/**
 * The current year's holiday balance (GET /api/holiday/my/stats). It has no page of its own: the same summary is in
 * 个人信息 (the header's user menu), which the card names.
 */
export function HolidayCard() {
  const stats = useMyHolidayStats();
  const title = stats.data ? DashboardTexts.holidayTitleOf(stats.data.year) : DashboardTexts.holidayTitle;

  return (
    <Card title={title} variant="borderless" className="dashboard-card">
      {stats.data && <HolidaySummary stats={stats.data} />}
      {stats.data && (
        <Typography.Text type="secondary" className="dashboard-card__hint">
          {stats.data.total_day === 0 && stats.data.used_day === 0 && stats.data.applying_day === 0
            ? DashboardTexts.holidayNone
            : DashboardTexts.holidayWhere}
        </Typography.Text>
      )}
      {stats.isPending && <Skeleton active paragraph={{ rows: 1 }} />}
      {stats.isError && <Result status="warning" subTitle={DashboardTexts.holidayFailed} />}
    </Card>
  );
}
