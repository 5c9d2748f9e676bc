import ExcelJS from 'exceljs';
import {
  SurveyApiMessages,
  SurveyExportTexts,
  SurveyResultsMessages,
  type NoticeRow,
  type Paged,
  type SurveyChoiceResult,
  type SurveyCrossTab,
  type SurveyMetric,
  type SurveyPublicResults,
  type SurveyQuestion,
  type SurveyRemindResult,
  type SurveyResultLink,
  type SurveyResults,
  type SurveyReturn,
  type SurveyScoreResult,
  type SurveyTextResult,
} from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { idOf, Tokens } from '../bills/test-support';
import { definitionOf, releasedSurvey } from './survey-test-support';

/**
 * Results (issue 16, docs/surveys-api.md "Results"): the aggregates against a plain reading of the tables, minimum-count
 * hiding, the cross-tab, returns refused for anonymous surveys, metrics, 提醒 once a day, the xlsx export opened with
 * exceljs, the public results link, and 403 for people without survey_admin.
 */

let server: TestServer;
let tokens: Tokens;

beforeAll(async () => {
  server = await startTestServer();
  tokens = new Tokens(server);
});
afterAll(async () => server.close());

async function call<T>(user: string | null, method: string, url: string, body?: unknown) {
  const token = user === null ? undefined : await tokens.get(user);
  return server.call<T>(method, url, { ...(token ? { token } : {}), ...(body !== undefined ? { body } : {}) });
}

async function ok<T>(user: string | null, method: string, url: string, body?: unknown): Promise<T> {
  const { body: envelope } = await call<T>(user, method, url, body);
  expect(envelope.status_code, `${method} ${url}: ${envelope.message}`).toBe(0);
  return envelope.data;
}

const questions: SurveyQuestion[] = [
  {
    id: 'meal',
    type: 'single',
    title: '<b>食堂</b>满意吗',
    required: true,
    options: [
      { id: 'mealyes', label: '满意' },
      { id: 'mealno', label: '不满意' },
    ],
  },
  { id: 'stars', type: 'rating', title: '总体评分', required: false, stars: 5 },
  { id: 'idea', type: 'text', title: '建议', required: false, validator: { kind: 'none' } },
];

const people = ['zhangsan', 'lisi', 'wangwu', 'zhaoliu', 'chenqi', 'sunba'];
const answersOf: Record<string, Record<string, unknown>> = {
  zhangsan: { meal: 'mealyes', stars: 5, idea: '多些蔬菜' },
  lisi: { meal: 'mealyes', stars: 4 },
  wangwu: { meal: 'mealno', stars: 2, idea: '=cmd|calc' },
  zhaoliu: { meal: 'mealyes' },
};

async function collected(settings: Parameters<typeof definitionOf>[1] = {}) {
  const s = await releasedSurvey(server, { definition: definitionOf(questions, settings), people });
  for (const [user, answers] of Object.entries(answersOf)) {
    await ok(user, 'POST', `/api/survey/${s.surveyId}/fill`, {
      version_id: s.versionId,
      answers,
      started_at: new Date(Date.now() - 60_000).toISOString(),
    });
  }
  return s;
}

/** The counts from the tables alone: every response's answers, counted without the module's code. */
async function plainReading(surveyId: number) {
  const rows = await server.db.selectFrom('survey_responses').select(['answers']).where('survey_id', '=', surveyId).execute();
  const answers = rows.map((r) => JSON.parse(r.answers) as Record<string, unknown>);
  const stars = answers.map((a) => a.stars).filter((v): v is number => typeof v === 'number');
  return {
    responses: rows.length,
    meal: { yes: answers.filter((a) => a.meal === 'mealyes').length, no: answers.filter((a) => a.meal === 'mealno').length },
    starsAverage: Math.round((stars.reduce((a, b) => a + b, 0) / stars.length) * 100) / 100,
    ideas: answers.filter((a) => typeof a.idea === 'string').length,
  };
}

describe('aggregates', () => {
  it('agree with a plain reading of the tables', async () => {
    const s = await collected();
    const results = await ok<SurveyResults>('admin', 'GET', `/api/surveys/${s.surveyId}/responses`);
    const plain = await plainReading(s.surveyId);
    expect(results.responses).toBe(plain.responses);
    const meal = results.questions.find((q) => q.question_id === 'meal') as SurveyChoiceResult;
    expect(meal.options.map((o) => o.count)).toEqual([plain.meal.yes, plain.meal.no]);
    const stars = results.questions.find((q) => q.question_id === 'stars') as SurveyScoreResult;
    expect(stars.average).toBe(plain.starsAverage);
    const idea = results.questions.find((q) => q.question_id === 'idea') as SurveyTextResult;
    expect(idea.answered).toBe(plain.ideas);
    expect(results.questions.every((q) => !q.hidden)).toBe(true);
  });

  it('hide the cells of an anonymous survey counted by fewer than its minimum', async () => {
    const s = await collected({ anonymous: true, anonymousMinCount: 2 });
    const results = await ok<SurveyResults>('admin', 'GET', `/api/surveys/${s.surveyId}/responses`);
    const meal = results.questions.find((q) => q.question_id === 'meal') as SurveyChoiceResult;
    expect(meal).toMatchObject({ hidden: true, options: [{ count: 3 }, { count: null }] });
    const idea = results.questions.find((q) => q.question_id === 'idea') as SurveyTextResult;
    expect(idea.texts.every((t) => t.submitted_at === null)).toBe(true);
  });

  it('cross-tabulate by the respondent’s department', async () => {
    const s = await collected();
    const table = await ok<SurveyCrossTab>('admin', 'GET', `/api/surveys/${s.surveyId}/responses?question=meal&cross=dept`);
    const total = table.rows.flatMap((r) => r.cells).reduce<number>((a, c) => a + (c ?? 0), 0);
    expect(total).toBe(4);
    expect(table.columns.map((c) => c.label)).toContain('技术部');
    const refused = await call<{ errors: Record<string, string[]> }>(
      'admin',
      'GET',
      `/api/surveys/${s.surveyId}/responses?question=idea&cross=dept`,
    );
    expect(refused.body.status_code).toBe(422);
  });

  it('are refused to people without survey_admin, and answer 404 for an unknown survey', async () => {
    const s = await collected();
    for (const url of [
      `/api/surveys/${s.surveyId}/responses`,
      `/api/survey/${s.surveyId}/returns`,
      `/api/survey/metric?survey_id=${s.surveyId}`,
      `/api/survey/exportAs?survey_id=${s.surveyId}`,
    ]) {
      expect((await call('zhangsan', 'GET', url)).status, url).toBe(403);
    }
    expect((await call('zhangsan', 'POST', `/api/survey/${s.surveyId}/remind`)).status).toBe(403);
    expect((await call('zhangsan', 'POST', `/api/surveys/${s.surveyId}/result-link`, { days: 7 })).status).toBe(403);
    expect((await call('admin', 'GET', '/api/surveys/999999/responses')).body.status_code).toBe(404);
  });
});

describe('returns and metrics', () => {
  it('list each person’s return with option labels, and refuse them for an anonymous survey', async () => {
    const s = await collected();
    const page = await ok<Paged<SurveyReturn>>('admin', 'GET', `/api/survey/${s.surveyId}/returns?per_page=2`);
    expect(page.total).toBe(4);
    expect(page.list).toHaveLength(2);
    const all = await ok<Paged<SurveyReturn>>('admin', 'GET', `/api/survey/${s.surveyId}/returns`);
    const wangwu = all.list.find((r) => r.name === '王五');
    expect(wangwu).toMatchObject({ dept_name: '财务部', answers: { meal: '不满意', stars: '2', idea: '=cmd|calc' } });
    expect(wangwu?.duration_seconds).toBeGreaterThanOrEqual(59);

    const anonymous = await collected({ anonymous: true });
    const refused = await call('admin', 'GET', `/api/survey/${anonymous.surveyId}/returns`);
    expect(refused.body).toMatchObject({ status_code: 409, message: SurveyApiMessages.resultsAnonymous });
  });

  it('count targeted, answered, completion and the median time, per department', async () => {
    const s = await collected();
    const metric = await ok<SurveyMetric>('admin', 'GET', `/api/survey/metric?survey_id=${s.surveyId}`);
    expect(metric).toMatchObject({ targeted: 6, answered: 4, completion: 66, responses: 4 });
    expect(metric.median_seconds).toBeGreaterThanOrEqual(59);
    const tech = metric.depts.find((d) => d.dept_name === '技术部');
    expect(tech).toMatchObject({ targeted: 2, answered: 2, completion: 100, pending: [] });
    const pending = metric.depts.flatMap((d) => d.pending.map((p) => p.name)).sort();
    expect(pending).toEqual(['孙八', '陈七'].sort());
  });
});

describe('提醒', () => {
  it('notifies each pending person at most once a day, whatever the number of reminders at once', async () => {
    const s = await collected();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => call<SurveyRemindResult>('admin', 'POST', `/api/survey/${s.surveyId}/remind`)),
    );
    expect(results.map((r) => r.body.data.reminded).sort()).toEqual([0, 0, 0, 0, 2]);
    expect(results.find((r) => r.body.data.reminded === 2)?.body.message).toBe(SurveyResultsMessages.reminded(2));
    expect(results.find((r) => r.body.data.reminded === 0)?.body.message).toBe(SurveyApiMessages.remindNone);
    const chenqi = await idOf(server, 'chenqi');
    const assignment = await server.db
      .selectFrom('survey_assignments')
      .select(['remind_count', 'reminded_at'])
      .where('survey_id', '=', s.surveyId)
      .where('user_id', '=', chenqi)
      .executeTakeFirstOrThrow();
    expect(assignment.remind_count).toBe(1);
    const notices = await ok<Paged<NoticeRow>>('chenqi', 'GET', '/api/notifications');
    expect(notices.list.filter((n) => n.kind === 'survey' && n.text.includes('员工满意度调查'))).toHaveLength(1);

    // The next day (yesterday's reminder moved back), they are reminded again.
    await server.db
      .updateTable('survey_assignments')
      .set({ reminded_at: new Date(Date.now() - 2 * 86_400_000).toISOString() })
      .where('survey_id', '=', s.surveyId)
      .execute();
    expect((await ok<SurveyRemindResult>('admin', 'POST', `/api/survey/${s.surveyId}/remind`)).reminded).toBe(2);
  });
});

describe('export', () => {
  async function download(url: string) {
    const response = await fetch(`${server.baseUrl}${url}`, { headers: { authorization: `Bearer ${await tokens.get('admin')}` } });
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return { sheet, rows };
  }

  it('writes option labels, personal columns on request, and none for an anonymous survey', async () => {
    const s = await collected();
    const personal = await download(`/api/survey/exportAs?survey_id=${s.surveyId}&personal=1`);
    expect(personal.rows[0]).toEqual([
      SurveyExportTexts.number,
      SurveyExportTexts.name,
      SurveyExportTexts.dept,
      SurveyExportTexts.submittedAt,
      SurveyExportTexts.duration,
      '<b>食堂</b>满意吗',
      '总体评分',
      '建议',
    ]);
    expect(personal.rows).toHaveLength(5);
    const wangwu = personal.rows.find((r) => r[1] === '王五');
    expect(wangwu?.[5]).toBe('不满意');
    expect(wangwu?.[6]).toBe(2);
    // A text that looks like a formula stays text.
    expect(wangwu?.[7]).toBe('=cmd|calc');
    expect(personal.sheet.getColumn(6).width).toBeGreaterThan(10);

    const plain = await download(`/api/survey/exportAs?survey_id=${s.surveyId}&personal=0`);
    expect(plain.rows[0]).not.toContain(SurveyExportTexts.name);
    const anonymous = await collected({ anonymous: true });
    const anon = await download(`/api/survey/exportAs?survey_id=${anonymous.surveyId}&personal=1`);
    expect(anon.rows[0]).not.toContain(SurveyExportTexts.name);
    expect(anon.rows[0]).not.toContain(SurveyExportTexts.dept);
    expect(anon.rows).toHaveLength(5);
  });
});

describe('public results link', () => {
  it('shows aggregates only while the link lives; wrong, revoked and expired tokens answer the same 404', async () => {
    const s = await collected();
    const link = await ok<SurveyResultLink>('admin', 'POST', `/api/surveys/${s.surveyId}/result-link`, { days: 7 });
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const shown = await ok<SurveyPublicResults>(null, 'GET', `/api/publish/result/${link.token}`);
    expect(shown.survey_id).toBe(s.surveyId);
    const idea = shown.results.questions.find((q) => q.question_id === 'idea') as SurveyTextResult;
    expect(idea.texts).toEqual([]);
    const meal = shown.results.questions.find((q) => q.question_id === 'meal') as SurveyChoiceResult;
    // Whoever holds the link is no administrator: small cells are hidden (the default minimum is 5).
    expect(meal.options.every((o) => o.count === null || o.count === 0)).toBe(true);

    const wrong = await call(null, 'GET', `/api/publish/result/${'x'.repeat(32)}`);
    expect(wrong.body).toMatchObject({ status_code: 404, message: SurveyApiMessages.resultLinkInvalid });
    expect((await call(null, 'GET', '/api/publish/result/short')).body).toEqual(wrong.body);

    await server.db
      .updateTable('surveys')
      .set({ result_token_expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', s.surveyId)
      .execute();
    expect((await call(null, 'GET', `/api/publish/result/${link.token}`)).body).toEqual(wrong.body);

    const again = await ok<SurveyResultLink>('admin', 'POST', `/api/surveys/${s.surveyId}/result-link`, { days: 1 });
    expect(again.token).not.toBe(link.token);
    expect((await call(null, 'GET', `/api/publish/result/${again.token}`)).body.status_code).toBe(0);
    await ok('admin', 'DELETE', `/api/surveys/${s.surveyId}/result-link`);
    expect((await call(null, 'GET', `/api/publish/result/${again.token}`)).body).toEqual(wrong.body);
    expect((await call('admin', 'POST', `/api/surveys/${s.surveyId}/result-link`, { days: 0 })).body.status_code).toBe(422);
  });
});
