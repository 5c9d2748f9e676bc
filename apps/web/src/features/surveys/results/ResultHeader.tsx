import { Col, Divider, Row, Space, Statistic, Tag, Typography } from 'antd';
import { SURVEY_STATUS_LABELS, SurveyResultTexts, type SurveyMetric, type SurveyStatus } from '@osp/shared';
import { formatDateTime } from '../../../utils/datetime';
import { answerTimeText } from './metric-rows';

const STATUS_COLORS: Record<SurveyStatus, string> = { 0: 'default', 1: 'processing', 2: 'success' };

interface ResultHeaderProps {
  name: string;
  status?: SurveyStatus | undefined;
  deadline?: string | null | undefined;
  /** Unknown on the public view, whose counts are hidden as an anonymous survey's whatever the setting. */
  anonymous?: boolean | undefined;
  isEvaluation?: boolean;
  versionNo?: number | undefined;
}

/** The survey's name with its status, deadline and kind. */
export function ResultHeader({ name, status, deadline, anonymous, isEvaluation = false, versionNo }: ResultHeaderProps) {
  return (
    <div className="survey-result-header">
      <Typography.Title level={4} className="survey-result-header__title">
        {name}
      </Typography.Title>
      <Space wrap separator={<Divider orientation="vertical" />} className="survey-result-header__meta">
        {status !== undefined && (
          <Tag color={STATUS_COLORS[status]} data-testid="survey-result-status">
            {SURVEY_STATUS_LABELS[status]}
          </Tag>
        )}
        {isEvaluation && <Tag color="purple">{SurveyResultTexts.evaluation}</Tag>}
        {anonymous !== undefined && <Tag>{anonymous ? SurveyResultTexts.anonymous : SurveyResultTexts.named}</Tag>}
        {deadline !== undefined && (
          <span>
            {SurveyResultTexts.deadline}：{deadline ? formatDateTime(deadline) : SurveyResultTexts.noDeadline}
          </span>
        )}
        {versionNo !== undefined && versionNo > 0 && <span>{SurveyResultTexts.versionOf(versionNo)}</span>}
      </Space>
    </div>
  );
}

/** 已邀请 / 已提交 / 完成率 / 答题时长中位数. */
export function ResultMetrics({ metric }: { metric: SurveyMetric }) {
  const items = [
    { key: 'targeted', title: SurveyResultTexts.targeted, value: metric.targeted, suffix: SurveyResultTexts.people },
    { key: 'answered', title: SurveyResultTexts.answered, value: metric.answered, suffix: SurveyResultTexts.people },
    {
      key: 'completion',
      title: SurveyResultTexts.completion,
      value: metric.completion === null ? SurveyResultTexts.noValue : `${metric.completion}%`,
    },
    { key: 'median', title: SurveyResultTexts.medianDuration, value: answerTimeText(metric.median_seconds) || SurveyResultTexts.noValue },
  ];
  return (
    <Row gutter={[12, 12]} className="survey-result-metrics" data-testid="survey-result-metrics">
      {items.map((item) => (
        <Col key={item.key} xs={12} md={6}>
          <Statistic title={item.title} value={item.value} suffix={item.suffix} />
        </Col>
      ))}
      {metric.responses !== metric.answered && (
        <Col span={24}>
          <Typography.Text type="secondary">
            {SurveyResultTexts.responses}：{metric.responses} {SurveyResultTexts.copies}
          </Typography.Text>
        </Col>
      )}
    </Row>
  );
}
