import { Alert, Button, Card, Flex, Result, Select, Tabs } from 'antd';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { SurveyApiMessages, SurveyResultTexts, type SurveyDetail } from '@osp/shared';
import { ApiError } from '../../../api/client';
import { hasSession } from '../../../api/session';
import {
  usePublicSurveyResults,
  useSurveyForResults,
  useSurveyMetric,
  useSurveyRatees,
  useSurveyResults,
} from '../../../api/survey-results';
import { LoadFailed } from '../../../components/LoadFailed';
import { PageLoading } from '../../../components/PageLoading';
import { DeptCompletion } from '../results/DeptCompletion';
import { ExportPanel, ResultLinkPanel } from '../results/ExportAndLink';
import { ResultHeader, ResultMetrics } from '../results/ResultHeader';
import { ResultStats } from '../results/ResultStats';
import { ReturnsTable } from '../results/ReturnsTable';
import '../results/survey-results.css';

/** 404 and 422 (an id that is not one): nothing to retry. */
const isGone = (error: unknown) =>
  error instanceof ApiError && (error.httpStatus === 404 || error.statusCode === 404 || error.httpStatus === 422);
const isForbidden = (error: unknown) => error instanceof ApiError && error.httpStatus === 403;

function Frame({ children }: { children: React.ReactNode }) {
  return <main className="survey-result-page">{children}</main>;
}

/** Someone with a link: the aggregates, nothing about who answered. */
function PublicResults({ token }: { token: string }) {
  const shared = usePublicSurveyResults(token);
  if (!shared.data) {
    if (shared.error) {
      return isGone(shared.error) ? (
        <Result status="404" title={SurveyApiMessages.resultLinkInvalid} />
      ) : (
        <LoadFailed error={shared.error} onRetry={() => void shared.refetch()} />
      );
    }
    return <PageLoading />;
  }
  const { name, results } = shared.data;
  return (
    <Card variant="borderless" title={SurveyResultTexts.publicTitle} className="survey-result-page__card">
      <ResultHeader name={name} />
      <Alert type="info" showIcon title={SurveyResultTexts.publicNote} className="survey-result-note" />
      <ResultStats results={results} isPublic />
    </Card>
  );
}

/** An evaluation's 被评价人: everyone's results together, or one ratee's. */
function RateePicker({ id, value, onChange }: { id: number; value: number | undefined; onChange: (next: number | undefined) => void }) {
  const ratees = useSurveyRatees(id, true);
  const ALL = 0;
  return (
    <Flex wrap gap={8} align="center" className="survey-result-ratee">
      <span>{SurveyResultTexts.ratee}</span>
      <Select<number>
        aria-label={SurveyResultTexts.ratee}
        className="survey-result-ratee__select"
        loading={ratees.isPending}
        showSearch={{ optionFilterProp: 'label' }}
        value={value ?? ALL}
        onChange={(next) => onChange(next === ALL ? undefined : next)}
        options={[{ value: ALL, label: SurveyResultTexts.rateeAll }, ...(ratees.data ?? []).map((r) => ({ value: r.id, label: r.name }))]}
      />
    </Flex>
  );
}

function AdminTabs({ id, survey }: { id: number; survey: SurveyDetail }) {
  const isEvaluation = survey.kind === 'evaluation';
  const [rateeId, setRateeId] = useState<number | undefined>(undefined);
  const results = useSurveyResults(id, true, rateeId);
  const metric = useSurveyMetric(id, true);
  const anonymous = survey.definition.settings.anonymous;
  const responses = results.data?.responses ?? metric.data?.responses ?? survey.responses;

  const statsTab = results.data ? (
    <ResultStats results={results.data} definition={survey.definition} crossTabSurveyId={id} rateeId={rateeId} />
  ) : results.error ? (
    <LoadFailed error={results.error} onRetry={() => void results.refetch()} />
  ) : (
    <PageLoading />
  );
  const deptsTab = metric.data ? (
    <DeptCompletion surveyId={id} metric={metric.data} status={survey.status} />
  ) : metric.error ? (
    <LoadFailed error={metric.error} onRetry={() => void metric.refetch()} />
  ) : (
    <PageLoading />
  );
  const returnsTab = anonymous ? (
    <Alert type="info" showIcon title={SurveyResultTexts.returnsAnonymous} />
  ) : (
    <ReturnsTable surveyId={id} definition={survey.definition} isEvaluation={isEvaluation} rateeId={rateeId} />
  );
  const exportTab = (
    <div className="survey-result-export">
      <ExportPanel surveyId={id} anonymous={anonymous} responses={responses} rateeId={rateeId} />
      <ResultLinkPanel surveyId={id} link={survey.result_link} />
    </div>
  );

  return (
    <>
      {metric.data && <ResultMetrics metric={metric.data} />}
      {isEvaluation && <RateePicker id={id} value={rateeId} onChange={setRateeId} />}
      <Tabs
        className="survey-result-tabs"
        destroyOnHidden={false}
        items={[
          { key: 'stats', label: SurveyResultTexts.tabStats, children: statsTab },
          { key: 'depts', label: SurveyResultTexts.tabDepts, children: deptsTab },
          { key: 'returns', label: SurveyResultTexts.tabReturns, children: returnsTab },
          { key: 'export', label: SurveyResultTexts.tabExport, children: exportTab },
        ]}
      />
    </>
  );
}

/** A signed-in survey administrator: everything. Another signed-in person is refused by the server (403). */
function AdminResults({ id }: { id: number }) {
  const survey = useSurveyForResults(id, true);
  if (!survey.data) {
    if (survey.error) {
      if (isGone(survey.error))
        return (
          <Result
            status="404"
            title={SurveyApiMessages.notFound}
            extra={<Link to={SurveyResultTexts.listPath}>{SurveyResultTexts.backToList}</Link>}
          />
        );
      if (isForbidden(survey.error)) return <Result status="403" title={SurveyResultTexts.forbidden} subTitle={survey.error.message} />;
      return <LoadFailed error={survey.error} onRetry={() => void survey.refetch()} />;
    }
    return <PageLoading />;
  }
  const data = survey.data;
  return (
    <Card
      variant="borderless"
      title={SurveyResultTexts.title}
      extra={<Link to={SurveyResultTexts.listPath}>{SurveyResultTexts.backToList}</Link>}
      className="survey-result-page__card"
    >
      <ResultHeader
        name={data.name}
        status={data.status}
        deadline={data.deadline}
        anonymous={data.definition.settings.anonymous}
        isEvaluation={data.kind === 'evaluation'}
        versionNo={data.version_no}
      />
      <AdminTabs id={id} survey={data} />
    </Card>
  );
}

/**
 * 问卷结果 (/survey/survey-result/{id}, SPEC §2, public): with ?token= the aggregates a public results link shows;
 * signed in, everything a survey administrator reads (metrics, charts, cross-tab, departments, returns, export, link);
 * otherwise a way to sign in.
 */
export default function SurveyResultPage() {
  const rawId = useParams().id ?? '';
  const id = /^\d{1,10}$/.test(rawId) ? Number(rawId) : 0;
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';

  if (token !== '') {
    return (
      <Frame>
        <PublicResults token={token} />
      </Frame>
    );
  }
  if (!hasSession()) {
    const redirect = encodeURIComponent(`${SurveyResultTexts.pathOf(rawId)}`);
    return (
      <Frame>
        <Result
          status="403"
          title={SurveyResultTexts.signInNeeded}
          extra={
            <Link to={`/login?redirect=${redirect}`}>
              <Button type="primary">{SurveyResultTexts.signIn}</Button>
            </Link>
          }
        />
      </Frame>
    );
  }
  if (id === 0) {
    return (
      <Frame>
        <Result status="404" title={SurveyApiMessages.notFound} />
      </Frame>
    );
  }
  return (
    <Frame>
      <AdminResults id={id} />
    </Frame>
  );
}
