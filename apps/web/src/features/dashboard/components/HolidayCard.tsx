import { Card, Result, Skeleton } from 'antd';
import { useMyHolidayStats } from '../../../api/holiday';
import { HolidaySummary } from '../../../components/HolidaySummary';

/** The current year's holiday balance (GET /api/holiday/my/stats). */
export function HolidayCard() {
  const stats = useMyHolidayStats();
  const title = stats.data ? `我的假期（${stats.data.year}年）` : '我的假期';

  return (
    <Card title={title} variant="borderless" className="dashboard-card">
      {stats.data && <HolidaySummary stats={stats.data} />}
      {stats.isPending && <Skeleton active paragraph={{ rows: 1 }} />}
      {stats.isError && <Result status="warning" subTitle="假期数据暂时无法获取" />}
    </Card>
  );
}
