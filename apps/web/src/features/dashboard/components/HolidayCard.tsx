import { Card, Result, Skeleton, Typography } from 'antd';
import { useMyHolidayStats } from '../../../api/holiday';
import { HolidaySummary } from '../../../components/HolidaySummary';

/**
 * The current year's holiday balance (GET /api/holiday/my/stats). It has no page of its own: the same summary is in
 * 个人信息 (the header's user menu), which the card names.
 */
export function HolidayCard() {
  const stats = useMyHolidayStats();
  const title = stats.data ? `我的假期（${stats.data.year}年）` : '我的假期';

  return (
    <Card title={title} variant="borderless" className="dashboard-card">
      {stats.data && <HolidaySummary stats={stats.data} />}
      {stats.data && (
        <Typography.Text type="secondary" className="dashboard-card__hint">
          {stats.data.total_day === 0 && stats.data.used_day === 0 && stats.data.applying_day === 0
            ? '今年还没有登记假期额度，如有疑问请联系综合管理部'
            : '假期明细也可在右上角头像菜单的「个人信息」中查看'}
        </Typography.Text>
      )}
      {stats.isPending && <Skeleton active paragraph={{ rows: 1 }} />}
      {stats.isError && <Result status="warning" subTitle="假期数据暂时无法获取" />}
    </Card>
  );
}
