import { BellOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Progress, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import {
  SURVEY_ASSIGNMENT_STATE_LABELS,
  SurveyApiMessages,
  SurveyResultTexts,
  SurveyStatus,
  type SurveyMetric,
  type SurveyMetricDept,
} from '@osp/shared';
import { useRemindSurvey } from '../../../api/survey-results';
import { RelativeTime } from '../../../components/RelativeTime';
import { toast } from '../../../components/toast';
import { clockNow } from '../../../utils/clock';
import { pendingPeople, remindableCount, type PendingPerson } from './metric-rows';

/** The number even at 100 %, where antd would show only a tick: the page is read for its numbers. */
const percentText = (percent?: number) => `${percent ?? 0}%`;
const PAGE_SIZE = 20;

const deptColumns: ColumnsType<SurveyMetricDept> = [
  {
    key: 'dept',
    title: SurveyResultTexts.dept,
    className: 'survey-result-table__label',
    render: (_, dept) => dept.dept_name || SurveyResultTexts.noDept,
  },
  { key: 'targeted', title: SurveyResultTexts.targeted, dataIndex: 'targeted', align: 'right' },
  { key: 'answered', title: SurveyResultTexts.answered, dataIndex: 'answered', align: 'right' },
  {
    key: 'completion',
    title: SurveyResultTexts.completion,
    render: (_, dept) => (
      <Progress
        className="survey-result-dept__progress"
        percent={dept.completion ?? 0}
        size="small"
        status={(dept.completion ?? 0) >= 100 ? 'success' : 'normal'}
        format={percentText}
        aria-label={`${dept.dept_name || SurveyResultTexts.noDept}${SurveyResultTexts.completion}`}
      />
    ),
  },
];

const pendingColumns: ColumnsType<PendingPerson> = [
  { key: 'name', title: SurveyResultTexts.name, dataIndex: 'name' },
  { key: 'dept', title: SurveyResultTexts.dept, dataIndex: 'dept_name' },
  {
    key: 'state',
    title: SurveyResultTexts.state,
    render: (_, person) => (
      <Tag color={person.state === 'draft' ? 'processing' : 'warning'}>{SURVEY_ASSIGNMENT_STATE_LABELS[person.state]}</Tag>
    ),
  },
  {
    key: 'reminded',
    title: SurveyResultTexts.remindedAt,
    render: (_, person) => (person.reminded_at ? <RelativeTime iso={person.reminded_at} /> : SurveyResultTexts.noValue),
  },
];

function RemindButton({ surveyId, people, isCollecting }: { surveyId: number; people: readonly PendingPerson[]; isCollecting: boolean }) {
  const pending = remindableCount(people, clockNow());
  const { modal } = App.useApp();
  const remind = useRemindSurvey(surveyId);
  const confirmRemind = () => {
    void modal.confirm({
      title: SurveyResultTexts.remindTitle(pending),
      content: SurveyResultTexts.remindBody,
      okText: SurveyResultTexts.remindOk,
      onOk: () =>
        remind.mutateAsync().then(
          ({ data, message }) => toast.success(message || SurveyResultTexts.reminded(data.reminded)),
          // The API client has shown the refusal (nobody left to remind today, survey closed).
          () => undefined,
        ),
    });
  };
  const reason = !isCollecting
    ? SurveyApiMessages.fillClosed
    : people.length === 0
      ? SurveyResultTexts.pendingEmpty
      : pending === 0
        ? SurveyApiMessages.remindNone
        : '';
  return (
    <Button icon={<BellOutlined />} disabled={reason !== ''} title={reason || undefined} loading={remind.isPending} onClick={confirmRemind}>
      {SurveyResultTexts.remind}
    </Button>
  );
}

/** 部门完成情况: each department's targeted, answered and completion, then who has not submitted, with 提醒. */
export function DeptCompletion({ surveyId, metric, status }: { surveyId: number; metric: SurveyMetric; status: SurveyStatus }) {
  const people = pendingPeople(metric);
  return (
    <div className="survey-result-depts">
      <Card size="small" title={SurveyResultTexts.tabDepts}>
        {metric.depts.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={SurveyResultTexts.deptEmpty} />
        ) : (
          <Table<SurveyMetricDept>
            size="small"
            rowKey={(dept) => String(dept.dept_id ?? 'none')}
            columns={deptColumns}
            dataSource={metric.depts}
            pagination={metric.depts.length > PAGE_SIZE ? { pageSize: PAGE_SIZE, showSizeChanger: false } : false}
            scroll={{ x: 'max-content' }}
            className="survey-result-table"
            data-testid="survey-dept-completion"
          />
        )}
      </Card>
      <Card
        size="small"
        title={`${SurveyResultTexts.pendingTitle}（${people.length}）`}
        extra={<RemindButton surveyId={surveyId} people={people} isCollecting={status === SurveyStatus.collecting} />}
        className="survey-result-pending"
      >
        {people.length === 0 ? (
          <Typography.Text type="secondary">{SurveyResultTexts.pendingEmpty}</Typography.Text>
        ) : (
          <Table<PendingPerson>
            size="small"
            rowKey="user_id"
            columns={pendingColumns}
            dataSource={people}
            pagination={people.length > PAGE_SIZE ? { pageSize: PAGE_SIZE, showSizeChanger: false } : false}
            scroll={{ x: 'max-content' }}
            className="survey-result-table"
            data-testid="survey-pending-people"
          />
        )}
      </Card>
    </div>
  );
}
