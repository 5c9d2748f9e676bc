import { Button, Descriptions, Drawer, Empty, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { SurveyResultTexts, surveyQuestions, type SurveyDefinition, type SurveyReturn } from '@osp/shared';
import { useSurveyReturns } from '../../../api/survey-results';
import { AttachmentList } from '../../../components/bill-form/AttachmentList';
import { LoadFailed } from '../../../components/LoadFailed';
import { useIsMobile } from '../../../utils/useIsMobile';
import { formatDateTime } from '../../../utils/datetime';
import { answerTimeText } from './metric-rows';

const PER_PAGE = 20;

const respondentOf = (item: SurveyReturn) => item.name ?? SurveyResultTexts.publicRespondent;

/** One response, question by question in the order they were asked, answers as text (option labels, not ids). */
function ReturnAnswers({ item, definition }: { item: SurveyReturn; definition: SurveyDefinition }) {
  const questions = surveyQuestions(definition)
    .map(({ question }) => question)
    .filter((question) => question.type !== 'description');
  return (
    <Descriptions
      column={1}
      size="small"
      layout="vertical"
      colon={false}
      className="survey-return-answers"
      items={questions.map((question, index) => {
        const text = item.answers[question.id];
        const files = item.files[question.id];
        return {
          key: question.id,
          label: `${index + 1}. ${question.title}`,
          // A file answer: each file to download (the survey's administrators may), as a bill's attachments are.
          children: files ? (
            <AttachmentList ids={files.map((file) => file.id)} known={Object.fromEntries(files.map((file) => [file.id, file]))} />
          ) : text ? (
            <span className="survey-return-answers__text">{text}</span>
          ) : (
            <Typography.Text type="secondary">{SurveyResultTexts.notAnswered}</Typography.Text>
          ),
        };
      })}
    />
  );
}

/** 答卷明细: a named survey's responses a page at a time; 查看 opens one with its answers. */
interface ReturnsTableProps {
  surveyId: number;
  definition: SurveyDefinition;
  isEvaluation: boolean;
  rateeId?: number | undefined;
}

export function ReturnsTable({ surveyId, definition, isEvaluation, rateeId }: ReturnsTableProps) {
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<SurveyReturn | null>(null);
  const isMobile = useIsMobile();
  const returns = useSurveyReturns(surveyId, page, PER_PAGE, true, rateeId);

  const columns: ColumnsType<SurveyReturn> = [
    { key: 'name', title: SurveyResultTexts.respondent, render: (_, item) => respondentOf(item) },
    { key: 'dept', title: SurveyResultTexts.dept, render: (_, item) => item.dept_name ?? SurveyResultTexts.noValue },
    ...(isEvaluation
      ? [
          {
            key: 'ratee',
            title: SurveyResultTexts.ratee,
            render: (_: unknown, item: SurveyReturn) => item.ratee_name ?? SurveyResultTexts.noValue,
          },
        ]
      : []),
    { key: 'submitted', title: SurveyResultTexts.submittedAt, render: (_, item) => formatDateTime(item.submitted_at) },
    {
      key: 'duration',
      title: SurveyResultTexts.duration,
      render: (_, item) => answerTimeText(item.duration_seconds) || SurveyResultTexts.noValue,
    },
    {
      key: 'view',
      title: '',
      fixed: 'right',
      render: (_, item) => (
        <Button type="link" size="small" onClick={() => setOpen(item)}>
          {SurveyResultTexts.view}
        </Button>
      ),
    },
  ];

  if (returns.isError && !returns.data) return <LoadFailed error={returns.error} onRetry={() => void returns.refetch()} />;
  return (
    <>
      <Table<SurveyReturn>
        size="small"
        rowKey="response_id"
        loading={returns.isFetching}
        columns={columns}
        dataSource={returns.data?.list ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={SurveyResultTexts.returnsEmpty} /> }}
        pagination={{ current: page, pageSize: PER_PAGE, total: returns.data?.total ?? 0, showSizeChanger: false, onChange: setPage }}
        scroll={{ x: 'max-content' }}
        className="survey-result-table"
        data-testid="survey-returns"
      />
      <Drawer
        open={open !== null}
        onClose={() => setOpen(null)}
        title={open ? SurveyResultTexts.answersTitle(respondentOf(open)) : ''}
        size={isMobile ? '100%' : 560}
        destroyOnHidden
      >
        {open && <ReturnAnswers item={open} definition={definition} />}
      </Drawer>
    </>
  );
}
