import { Col, Row, Statistic } from 'antd';
import { availableDays, type HolidayStats } from '@osp/shared';

/** SPEC §2 holiday summary of one year: total, used, applying and what is left. */
export function HolidaySummary({ stats }: { stats: HolidayStats }) {
  const items = [
    { title: '总天数', value: stats.total_day },
    { title: '已休天数', value: stats.used_day },
    { title: '申请中天数', value: stats.applying_day },
    { title: '可用天数', value: availableDays(stats), isHighlighted: true },
  ];
  return (
    <Row gutter={[16, 16]}>
      {items.map((item) => (
        <Col key={item.title} xs={12} sm={6}>
          <Statistic
            title={item.title}
            value={item.value}
            suffix="天"
            styles={item.isHighlighted ? { content: { color: '#1677ff' } } : undefined}
          />
        </Col>
      ))}
    </Row>
  );
}
