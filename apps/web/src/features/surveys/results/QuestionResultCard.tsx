import { Card, Empty, List, Segmented, Statistic, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import {
  SurveyResultTexts,
  type SurveyChoiceResult,
  type SurveyDepartmentResult,
  type SurveyMatrixResult,
  type SurveyNpsResult,
  type SurveyQuestionResult,
  type SurveyRankingResult,
  type SurveyResultCount,
  type SurveyScoreResult,
  type SurveyTextResult,
} from '@osp/shared';
import { formatDateTime } from '../../../utils/datetime';
import {
  barChartHeight,
  choiceOption,
  choiceRows,
  matrixOption,
  npsOption,
  percentText,
  rankingOption,
  scoreOption,
  type ChoiceChartKind,
  type CountRow,
} from './result-charts';
import { ResultChart } from './ResultChart';

/** A count as the tables show it: the number, or 「人数不足，不显示」 when an anonymous survey hides it. */
export function CountText({ count }: { count: SurveyResultCount }) {
  if (count === null) {
    return (
      <Typography.Text type="secondary" className="survey-result-hidden">
        {SurveyResultTexts.hidden}
      </Typography.Text>
    );
  }
  return <>{count}</>;
}

const numberText = (value: number | null) => (value === null ? SurveyResultTexts.noValue : String(value));

function CountTable({ rows, answered }: { rows: readonly CountRow[]; answered: number }) {
  const columns: ColumnsType<CountRow & { key: number }> = [
    { key: 'label', title: SurveyResultTexts.option, dataIndex: 'label', className: 'survey-result-table__label' },
    { key: 'count', title: SurveyResultTexts.count, align: 'right', render: (_, row) => <CountText count={row.count} /> },
    { key: 'percent', title: SurveyResultTexts.percent, align: 'right', render: (_, row) => percentText(row.count, answered) },
  ];
  return (
    <Table
      size="small"
      pagination={false}
      columns={columns}
      dataSource={rows.map((row, key) => ({ ...row, key }))}
      className="survey-result-table"
    />
  );
}

function ChoiceResult({ result }: { result: SurveyChoiceResult | SurveyDepartmentResult }) {
  const [kind, setKind] = useState<ChoiceChartKind>('bar');
  const rows = choiceRows(result);
  const option = choiceOption(result, kind);
  if (rows.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={SurveyResultTexts.statsEmpty} />;
  return (
    <>
      <Segmented<ChoiceChartKind>
        size="small"
        className="survey-result-card__switch"
        options={[
          { value: 'bar', label: SurveyResultTexts.chartBar },
          { value: 'pie', label: SurveyResultTexts.chartPie },
        ]}
        value={kind}
        onChange={setKind}
      />
      <ResultChart option={option} height={kind === 'pie' ? 260 : barChartHeight(rows.length)} label={result.title} />
      <CountTable rows={rows} answered={result.answered} />
    </>
  );
}

function ScoreResult({ result, stars }: { result: SurveyScoreResult; stars: number | undefined }) {
  const option = scoreOption(result);
  const average =
    result.average === null ? null : stars ? SurveyResultTexts.averageOf(String(result.average), stars) : String(result.average);
  return (
    <>
      <div className="survey-result-card__stats">
        <Statistic
          title={SurveyResultTexts.average}
          value={average ?? (result.hidden ? SurveyResultTexts.hidden : SurveyResultTexts.noValue)}
        />
      </div>
      {result.distribution.length > 0 && <ResultChart option={option} height={220} label={result.title} />}
    </>
  );
}

function NpsResult({ result }: { result: SurveyNpsResult }) {
  const option = npsOption(result);
  const group = (title: string, count: SurveyResultCount, tone: string) => (
    <div className={`survey-result-nps__group survey-result-nps__group--${tone}`}>
      <Typography.Text type="secondary">{title}</Typography.Text>
      <div className="survey-result-nps__count">
        <CountText count={count} />
        {count !== null && <span className="survey-result-nps__percent">{percentText(count, result.answered)}</span>}
      </div>
    </div>
  );
  return (
    <>
      <div className="survey-result-card__stats">
        <Statistic
          title={SurveyResultTexts.nps}
          value={result.score === null ? (result.hidden ? SurveyResultTexts.hidden : SurveyResultTexts.noValue) : result.score}
        />
        <Statistic title={SurveyResultTexts.average} value={numberText(result.average)} />
      </div>
      <div className="survey-result-nps">
        {group(SurveyResultTexts.promoters, result.promoters, 'promoter')}
        {group(SurveyResultTexts.passives, result.passives, 'passive')}
        {group(SurveyResultTexts.detractors, result.detractors, 'detractor')}
      </div>
      {result.distribution.length > 0 && <ResultChart option={option} height={220} label={result.title} />}
    </>
  );
}

type MatrixRow = SurveyMatrixResult['rows'][number];

function MatrixResult({ result }: { result: SurveyMatrixResult }) {
  const option = matrixOption(result);
  const columns: ColumnsType<MatrixRow> = [
    { key: 'row', title: SurveyResultTexts.matrixRow, dataIndex: 'label', fixed: 'left', className: 'survey-result-table__label' },
    ...result.columns.map((column, index) => ({
      key: column.id,
      title: result.mode === 'rating' ? SurveyResultTexts.scoreOf(Number(column.id)) : column.label,
      align: 'right' as const,
      render: (_: unknown, row: MatrixRow) => <CountText count={row.cells[index] ?? null} />,
    })),
    ...(result.mode === 'rating'
      ? [
          {
            key: 'average',
            title: SurveyResultTexts.matrixAverage,
            align: 'right' as const,
            render: (_: unknown, row: MatrixRow) => numberText(row.average),
          },
        ]
      : []),
  ];
  return (
    <>
      <ResultChart option={option} height={Math.max(200, 40 * result.rows.length + 100)} label={result.title} />
      <Table<MatrixRow>
        size="small"
        rowKey="id"
        pagination={false}
        columns={columns}
        dataSource={result.rows}
        scroll={{ x: 'max-content' }}
        className="survey-result-table"
      />
    </>
  );
}

type RankingRow = SurveyRankingResult['options'][number];

function RankingResult({ result }: { result: SurveyRankingResult }) {
  const option = rankingOption(result);
  const columns: ColumnsType<RankingRow> = [
    { key: 'label', title: SurveyResultTexts.option, dataIndex: 'label', className: 'survey-result-table__label' },
    {
      key: 'average',
      title: SurveyResultTexts.averageRank,
      align: 'right',
      render: (_, row) => (row.average_rank === null && result.hidden ? <CountText count={null} /> : numberText(row.average_rank)),
    },
    { key: 'first', title: SurveyResultTexts.firstPlaces, align: 'right', render: (_, row) => <CountText count={row.first} /> },
  ];
  return (
    <>
      <ResultChart option={option} height={barChartHeight(result.options.length)} label={result.title} />
      <Table<RankingRow>
        size="small"
        rowKey="id"
        pagination={false}
        columns={columns}
        dataSource={result.options}
        className="survey-result-table"
      />
    </>
  );
}

/** How many texts a card lists before saying how many more there are. */
const TEXTS_SHOWN = 10;

function TextResult({ result, isPublic }: { result: SurveyTextResult; isPublic: boolean }) {
  if (isPublic) return <Typography.Text type="secondary">{SurveyResultTexts.publicNoTexts}</Typography.Text>;
  if (result.texts.length === 0) {
    return <Typography.Text type="secondary">{result.hidden ? SurveyResultTexts.hidden : SurveyResultTexts.noTexts}</Typography.Text>;
  }
  const shown = result.texts.slice(0, TEXTS_SHOWN);
  return (
    <>
      <Typography.Text type="secondary">{SurveyResultTexts.latestTexts}</Typography.Text>
      <List
        size="small"
        className="survey-result-texts"
        dataSource={shown}
        renderItem={(item) => (
          <List.Item>
            <span className="survey-result-texts__text">{item.text}</span>
            {item.submitted_at && (
              <Typography.Text type="secondary" className="survey-result-texts__time">
                {formatDateTime(item.submitted_at)}
              </Typography.Text>
            )}
          </List.Item>
        )}
      />
      {result.answered > shown.length && <Typography.Text type="secondary">{SurveyResultTexts.moreTexts(result.answered)}</Typography.Text>}
    </>
  );
}

function ResultBody({ result, stars, isPublic }: { result: SurveyQuestionResult; stars: number | undefined; isPublic: boolean }) {
  switch (result.kind) {
    case 'choice':
    case 'department':
      return <ChoiceResult result={result} />;
    case 'score':
      return <ScoreResult result={result} stars={stars} />;
    case 'nps':
      return <NpsResult result={result} />;
    case 'matrix':
      return <MatrixResult result={result} />;
    case 'ranking':
      return <RankingResult result={result} />;
    case 'text':
      return <TextResult result={result} isPublic={isPublic} />;
    case 'file':
      return <Typography.Text type="secondary">{SurveyResultTexts.filesCount(result.files)}</Typography.Text>;
  }
}

interface QuestionResultCardProps {
  index: number;
  result: SurveyQuestionResult;
  minCount: number;
  /** A rating's stars, from the definition when the page has it (the public view has not). */
  stars?: number | undefined;
  /** A public results link: the server sends no text answers, and the card says so rather than "none". */
  isPublic?: boolean;
}

/** One question's results: its title, how many answered, its chart and the numbers as a table. */
export function QuestionResultCard({ index, result, minCount, stars, isPublic = false }: QuestionResultCardProps) {
  return (
    <Card size="small" className="survey-result-card" data-testid={`survey-result-${result.question_id}`}>
      <div className="survey-result-card__head">
        <Typography.Text strong className="survey-result-card__name">
          {index}. {result.title}
        </Typography.Text>
        <span className="survey-result-card__meta">
          <Typography.Text type="secondary">{SurveyResultTexts.questionAnswered(result.answered)}</Typography.Text>
          {result.hidden && (
            <Tooltip title={SurveyResultTexts.hiddenHint(minCount)}>
              <Tag color="orange">{SurveyResultTexts.hidden}</Tag>
            </Tooltip>
          )}
        </span>
      </div>
      {result.answered === 0 ? (
        <Typography.Text type="secondary">{SurveyResultTexts.statsEmpty}</Typography.Text>
      ) : (
        <ResultBody result={result} stars={stars} isPublic={isPublic} />
      )}
    </Card>
  );
}
