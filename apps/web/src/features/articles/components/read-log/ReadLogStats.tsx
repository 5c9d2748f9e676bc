import { Card, Col, Progress, Row, Statistic, Typography } from 'antd';
import { ArticleReadLogTexts, type ArticleReadLog } from '@osp/shared';

/** The counts of the whole audience (the filters narrow the people below, never these). */
export function ReadLogStats({ log }: { log: ArticleReadLog }) {
  const isForced = log.article.forceView === 1;
  const counts = [
    { key: 'total', title: ArticleReadLogTexts.total, value: log.total },
    { key: 'opened', title: ArticleReadLogTexts.opened, value: log.opened },
    ...(isForced ? [{ key: 'confirmed', title: ArticleReadLogTexts.confirmed, value: log.confirmed }] : []),
    { key: 'unread', title: ArticleReadLogTexts.unread, value: log.unread },
  ];
  return (
    <Row gutter={[12, 12]} className="read-log-stats">
      {counts.map((count) => (
        <Col key={count.key} xs={12} sm={12} md={isForced ? 4 : 5}>
          <Card size="small" className={`read-log-stat read-log-stat--${count.key}`}>
            <Statistic title={count.title} value={count.value} suffix={ArticleReadLogTexts.people} />
          </Card>
        </Col>
      ))}
      <Col xs={24} sm={24} md={isForced ? 8 : 9}>
        <Card size="small" className="read-log-stat read-log-stat--completion">
          <Typography.Text type="secondary">{ArticleReadLogTexts.completion}</Typography.Text>
          <Progress
            percent={log.completion}
            status={log.completion >= 100 ? 'success' : 'normal'}
            format={(percent) => `${percent ?? 0}%`}
            aria-label={ArticleReadLogTexts.completion}
          />
          <Typography.Text type="secondary" className="read-log-stat__note">
            {isForced ? ArticleReadLogTexts.completionForced : ArticleReadLogTexts.completionPlain}
          </Typography.Text>
        </Card>
      </Col>
    </Row>
  );
}
