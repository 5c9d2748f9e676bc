import { Card, Empty, Table } from 'antd';
import { SurveyResultTexts, surveyQuestions, type SurveyDefinition, type SurveyDimensionResult, type SurveyResults } from '@osp/shared';
import { CrossTabPanel } from './CrossTabPanel';
import { QuestionResultCard } from './QuestionResultCard';

/** A rating question's stars by id, so an average reads 4.2 / 5. */
function starsById(definition: SurveyDefinition | undefined): Map<string, number> {
  const stars = new Map<string, number>();
  for (const { question } of definition ? surveyQuestions(definition) : []) {
    if (question.type === 'rating') stars.set(question.id, question.stars);
  }
  return stars;
}

function DimensionTable({ dimensions }: { dimensions: readonly SurveyDimensionResult[] }) {
  return (
    <Card size="small" title={SurveyResultTexts.dimensionsTitle} className="survey-result-card" data-testid="survey-result-dimensions">
      <Table<SurveyDimensionResult>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={[...dimensions]}
        columns={[
          { key: 'title', title: SurveyResultTexts.dimension, dataIndex: 'title', className: 'survey-result-table__label' },
          { key: 'scores', title: SurveyResultTexts.dimensionScores, dataIndex: 'scores', align: 'right' },
          {
            key: 'average',
            title: SurveyResultTexts.average,
            align: 'right',
            render: (_, d) => (d.average === null ? (d.scores > 0 ? SurveyResultTexts.hidden : SurveyResultTexts.noValue) : d.average),
          },
        ]}
        className="survey-result-table"
      />
    </Card>
  );
}

interface ResultStatsProps {
  results: SurveyResults;
  definition?: SurveyDefinition | undefined;
  /** The administrators' view offers the cross-tab; the public link shows the aggregates only. */
  crossTabSurveyId?: number | undefined;
  /** An evaluation's ratee the results are of (the cross-tab follows). */
  rateeId?: number | undefined;
  isPublic?: boolean;
}

/** 统计: each question's chart and numbers in the order asked, an evaluation's dimensions, and the cross-tab. */
export function ResultStats({ results, definition, crossTabSurveyId, rateeId, isPublic = false }: ResultStatsProps) {
  if (results.questions.length === 0) return <Empty description={SurveyResultTexts.statsEmpty} />;
  const stars = starsById(definition);
  return (
    <div className="survey-result-stats" data-testid="survey-result-stats">
      {results.responses === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={SurveyResultTexts.statsEmpty} />}
      {results.dimensions.length > 0 && <DimensionTable dimensions={results.dimensions} />}
      {results.questions.map((result, index) => (
        <QuestionResultCard
          key={result.question_id}
          index={index + 1}
          result={result}
          minCount={results.min_count}
          stars={stars.get(result.question_id)}
          isPublic={isPublic}
        />
      ))}
      {crossTabSurveyId !== undefined && results.responses > 0 && (
        <CrossTabPanel surveyId={crossTabSurveyId} questions={results.questions} rateeId={rateeId} />
      )}
    </div>
  );
}
