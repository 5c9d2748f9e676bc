import { Card, List, Skeleton, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { DashboardTexts, SURVEY_ASSIGNMENT_STATE_LABELS, type MySurveyItem } from '@osp/shared';
import { useMySurveys } from '../../../api/survey-waiting';
import { LoadFailed } from '../../../components/LoadFailed';
import { useClockText } from '../../../utils/clock';
import { deadlineText, waitingSurveyPath, waitingSurveys } from './waiting-surveys';

/** The card shows this many; 全部 leads to 我的问卷 for the rest. */
const SHOWN_AT_MOST = 5;

function DeadlineLine({ deadline }: { deadline: string | null }) {
  // The text as a whole goes through the clock, so the card re-renders only when it changes.
  const encoded = useClockText((now) => {
    const { text, tone } = deadlineText(deadline, now);
    return `${tone}|${text}`;
  });
  const [tone, text] = encoded.split('|') as ['secondary' | 'warning' | 'danger', string];
  return (
    <Typography.Text type={tone} className="dashboard-survey__deadline">
      {text}
    </Typography.Text>
  );
}

function SurveyRow({ item }: { item: MySurveyItem }) {
  const isDraft = item.state === 'draft';
  const action =
    item.kind === 'evaluation' ? DashboardTexts.surveysEvaluate : isDraft ? DashboardTexts.surveysContinue : DashboardTexts.surveysFill;
  return (
    <List.Item
      className="dashboard-survey"
      actions={[
        <Link key="go" to={waitingSurveyPath(item)}>
          {action}
        </Link>,
      ]}
    >
      <div className="dashboard-survey__main">
        <Link to={waitingSurveyPath(item)} className="dashboard-survey__name">
          {item.name}
        </Link>
        <div className="dashboard-survey__meta">
          {item.kind === 'evaluation' && <Tag color="purple">{DashboardTexts.surveysEvaluation}</Tag>}
          {isDraft && <Tag color="processing">{SURVEY_ASSIGNMENT_STATE_LABELS.draft}</Tag>}
          {item.ratee_name && <Typography.Text type="secondary">{DashboardTexts.surveysRatee(item.ratee_name)}</Typography.Text>}
          <DeadlineLine deadline={item.deadline} />
        </div>
      </div>
    </List.Item>
  );
}

/**
 * 待填问卷 (issue 16): the surveys and evaluations still waiting for me (GET /api/survey/mine), nearest deadline first,
 * each a link to where it is filled; 全部 to 我的问卷.
 */
export function SurveysCard() {
  const mine = useMySurveys();
  const waiting = mine.data ? waitingSurveys(mine.data) : undefined;
  const rest = waiting ? waiting.length - SHOWN_AT_MOST : 0;

  return (
    <Card
      title={DashboardTexts.surveysTitle}
      variant="borderless"
      className="dashboard-card dashboard-surveys"
      extra={<Link to={DashboardTexts.surveysMorePath}>{DashboardTexts.surveysMore}</Link>}
      role="region"
      aria-label={DashboardTexts.surveysTitle}
    >
      {mine.isPending && <Skeleton active paragraph={{ rows: 2 }} />}
      {mine.isError && !waiting && <LoadFailed error={mine.error} onRetry={() => void mine.refetch()} />}
      {waiting && (
        <List<MySurveyItem>
          size="small"
          dataSource={waiting.slice(0, SHOWN_AT_MOST)}
          rowKey={(item) => `${item.survey_id}-${item.ratee_id}`}
          locale={{ emptyText: DashboardTexts.surveysEmpty }}
          renderItem={(item) => <SurveyRow item={item} />}
        />
      )}
      {rest > 0 && (
        <Link to={DashboardTexts.surveysMorePath} className="dashboard-card__hint">
          {DashboardTexts.surveysMoreCount(rest)}
        </Link>
      )}
    </Card>
  );
}
