import { Button, Card, List, Select, Space, Tag } from 'antd';
import {
  SURVEY_ASSIGNMENT_STATE_LABELS,
  SURVEY_ASSIGNMENT_STATES,
  SurveyFillTexts,
  SurveyStatus,
  type MySurveyItem,
  type SurveyAssignmentState,
  type SurveyKind,
} from '@osp/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { useMySurveys } from '../../../api/survey-waiting';
import { listState } from '../../../components/LoadFailed';
import { formatDateTime } from '../../../utils/datetime';
import { feedbackViewPath, fillPath, sortMySurveys } from './my-surveys';

const STATE_COLORS: Record<SurveyAssignmentState, string> = { pending: 'orange', draft: 'blue', submitted: 'green' };

function ActionOf({ item }: { item: MySurveyItem }) {
  const isEvaluation = item.kind === 'evaluation';
  if (item.status !== SurveyStatus.collecting) return <Tag>{SurveyFillTexts.closed}</Tag>;
  // A submitted survey opens only when its answers may still change (the fill page says so otherwise): 查看.
  const label =
    item.state === 'submitted'
      ? SurveyFillTexts.viewAnswers
      : item.state === 'draft'
        ? SurveyFillTexts.continueFill
        : isEvaluation
          ? SurveyFillTexts.evaluate
          : SurveyFillTexts.fill;
  return (
    <Space wrap>
      {isEvaluation && (
        <Link to={feedbackViewPath(item)}>
          <Button>{SurveyFillTexts.preview}</Button>
        </Link>
      )}
      <Link to={fillPath(item)}>
        <Button type={item.state === 'submitted' ? 'default' : 'primary'}>{label}</Button>
      </Link>
    </Space>
  );
}

interface MySurveyListProps {
  kind: SurveyKind;
  title: string;
  empty: string;
  /** 待我评价 lists only what is still to do; 我的问卷 lists everything, with a filter by state. */
  onlyWaiting?: boolean;
}

/** 我的问卷 and 待我评价: what I am asked to answer (GET /api/survey/mine), with each one's state and deadline. */
export function MySurveyList({ kind, title, empty, onlyWaiting = false }: MySurveyListProps) {
  const mine = useMySurveys();
  const [state, setState] = useState<SurveyAssignmentState | undefined>(undefined);
  const rows = sortMySurveys(
    (mine.data ?? []).filter(
      (item) => item.kind === kind && (onlyWaiting ? item.state !== 'submitted' : state === undefined || item.state === state),
    ),
  );
  const listed = listState({
    isLoading: mine.isPending,
    error: mine.error,
    hasRows: mine.data !== undefined,
    onRetry: () => void mine.refetch(),
    empty,
  });
  return (
    <Card
      variant="borderless"
      title={title}
      className="my-surveys-page"
      extra={
        onlyWaiting ? undefined : (
          <Select<SurveyAssignmentState>
            allowClear
            aria-label={SurveyFillTexts.columns.state}
            placeholder={SurveyFillTexts.stateFilterAll}
            style={{ minWidth: 120 }}
            value={state}
            onChange={(next) => setState(next)}
            options={SURVEY_ASSIGNMENT_STATES.map((value) => ({ value, label: SURVEY_ASSIGNMENT_STATE_LABELS[value] }))}
          />
        )
      }
    >
      {listed.above}
      <List<MySurveyItem>
        loading={mine.isPending}
        dataSource={rows}
        locale={{ emptyText: listed.emptyText }}
        rowKey={(item) => `${item.survey_id}-${item.ratee_id}`}
        renderItem={(item) => (
          <List.Item actions={[<ActionOf key="action" item={item} />]}>
            <List.Item.Meta
              title={<Link to={fillPath(item)}>{item.name}</Link>}
              description={
                <Space wrap size={[12, 4]}>
                  <Tag color={STATE_COLORS[item.state]}>{SURVEY_ASSIGNMENT_STATE_LABELS[item.state]}</Tag>
                  {item.ratee_name && <span>{SurveyFillTexts.ratee(item.ratee_name)}</span>}
                  <span>{item.deadline ? SurveyFillTexts.deadline(formatDateTime(item.deadline)) : SurveyFillTexts.noDeadline}</span>
                </Space>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
