import { Card, Empty, Flex, Select, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { SURVEY_CROSS_BY_DEPT, SurveyResultTexts, type SurveyCrossTab, type SurveyQuestionResult } from '@osp/shared';
import { useSurveyCrossTab } from '../../../api/survey-results';
import { LoadFailed } from '../../../components/LoadFailed';
import { crossByChoices, crossQuestions } from './cross-tab';
import { CountText } from './QuestionResultCard';

type CrossRow = SurveyCrossTab['rows'][number];

function CrossTable({ table }: { table: SurveyCrossTab }) {
  if (table.rows.length === 0 || table.columns.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={SurveyResultTexts.crossEmpty} />;
  const columns: ColumnsType<CrossRow> = [
    { key: 'row', title: table.title, dataIndex: 'label', fixed: 'left', className: 'survey-result-table__label' },
    ...table.columns.map((column, index) => ({
      key: column.id,
      title: column.label,
      align: 'right' as const,
      render: (_: unknown, row: CrossRow) => <CountText count={row.cells[index] ?? null} />,
    })),
    { key: 'total', title: SurveyResultTexts.crossTotal, align: 'right', render: (_, row) => <CountText count={row.total} /> },
  ];
  return (
    <Table<CrossRow>
      size="small"
      rowKey="id"
      pagination={false}
      columns={columns}
      dataSource={table.rows}
      scroll={{ x: 'max-content' }}
      className="survey-result-table survey-result-cross__table"
      title={() => <Typography.Text type="secondary">{`${table.title} × ${table.by_title}`}</Typography.Text>}
    />
  );
}

/** 交叉分析: one choice, rating, NPS or department question's answers split by another's, or by the respondent's department. */
interface CrossTabPanelProps {
  surveyId: number;
  questions: readonly SurveyQuestionResult[];
  rateeId?: number | undefined;
}

export function CrossTabPanel({ surveyId, questions, rateeId }: CrossTabPanelProps) {
  const rowChoices = crossQuestions(questions);
  const [question, setQuestion] = useState<string | undefined>(rowChoices[0]?.value);
  const [by, setBy] = useState<string>(SURVEY_CROSS_BY_DEPT);
  const table = useSurveyCrossTab(surveyId, question, by, rateeId);

  return (
    <Card size="small" title={SurveyResultTexts.crossTitle} className="survey-result-cross" data-testid="survey-cross-tab">
      {rowChoices.length === 0 ? (
        <Typography.Text type="secondary">{SurveyResultTexts.crossNoChoice}</Typography.Text>
      ) : (
        <>
          <Flex wrap gap={8} align="center" className="survey-result-cross__pickers">
            <Select
              aria-label={SurveyResultTexts.crossQuestion}
              className="survey-result-cross__select"
              options={rowChoices}
              value={question}
              onChange={(next) => {
                setQuestion(next);
                if (next === by) setBy(SURVEY_CROSS_BY_DEPT);
              }}
            />
            <span>{SurveyResultTexts.crossBy}</span>
            <Select
              aria-label={SurveyResultTexts.crossPick}
              className="survey-result-cross__select"
              options={crossByChoices(questions, question)}
              value={by}
              onChange={setBy}
            />
          </Flex>
          {table.isError && !table.data && <LoadFailed error={table.error} onRetry={() => void table.refetch()} />}
          {table.data && <CrossTable table={table.data} />}
        </>
      )}
    </Card>
  );
}
