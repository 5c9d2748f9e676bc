import type { SurveyChoiceResult, SurveyQuestion, SurveyResults, SurveyScoreResult, SurveyTextResult } from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { idOf, Tokens } from '../bills/test-support';
import { SURVEY_RESULT_CHANGES_CELL } from './survey-counters';
import { definitionOf, releasedSurvey } from './survey-test-support';

/**
 * The result summary kept until the survey's results stamp moves (survey-results.kept.ts), on both engines: it is
 * kept (a counter changed behind the module's back is not seen), and it follows everything it is made of — a new
 * response, an editable resubmit, a release of a new version, a department renamed — on the very next request.
 */

let server: TestServer;
let tokens: Tokens;
let deptId: number;

beforeAll(async () => {
  server = await startTestServer();
  tokens = new Tokens(server);
  deptId = (await server.db.selectFrom('depts').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
});
afterAll(async () => server.close());

async function ok<T>(user: string, method: string, url: string, body?: unknown): Promise<T> {
  const { body: envelope } = await server.call<T>(method, url, { token: await tokens.get(user), ...(body !== undefined ? { body } : {}) });
  expect(envelope.status_code, `${method} ${url}: ${envelope.message}`).toBe(0);
  return envelope.data;
}

const questions: SurveyQuestion[] = [
  {
    id: 'meal',
    type: 'single',
    title: '食堂',
    required: true,
    options: [
      { id: 'mealyes', label: '满意' },
      { id: 'mealno', label: '不满意' },
    ],
  },
  { id: 'stars', type: 'rating', title: '评分', required: false, stars: 5 },
  { id: 'idea', type: 'text', title: '建议', required: false, validator: { kind: 'none' } },
  { id: 'dept', type: 'department', title: '部门', required: false },
];

const summary = (surveyId: number) => ok<SurveyResults>('admin', 'GET', `/api/surveys/${surveyId}/responses`);
const question = <T>(results: SurveyResults, id: string) => results.questions.find((q) => q.question_id === id) as T;
const mealCounts = (results: SurveyResults) => question<SurveyChoiceResult>(results, 'meal').options.map((o) => o.count);

async function fill(surveyId: number, versionId: number, user: string, answers: Record<string, unknown>) {
  await ok(user, 'POST', `/api/survey/${surveyId}/fill`, {
    version_id: versionId,
    answers,
    started_at: new Date(Date.now() - 60_000).toISOString(),
  });
}

describe('the kept summary', () => {
  it('is kept: a counter changed behind the module’s back shows only once a response moves the stamp', async () => {
    const s = await releasedSurvey(server, { definition: definitionOf(questions), people: ['zhangsan', 'lisi'] });
    await fill(s.surveyId, s.versionId, 'zhangsan', { meal: 'mealyes', stars: 4 });
    expect(mealCounts(await summary(s.surveyId))).toEqual([1, 0]);

    // Not through the counters: the stamp stays, so the answer kept is given.
    await server.db
      .updateTable('survey_result_cells')
      .set({ n: 5 })
      .where('survey_id', '=', s.surveyId)
      .where('question_id', '=', 'meal')
      .where('cell', '=', 'o:mealyes')
      .execute();
    expect(mealCounts(await summary(s.surveyId))).toEqual([1, 0]);

    await fill(s.surveyId, s.versionId, 'lisi', { meal: 'mealno' });
    const after = await summary(s.surveyId);
    expect(mealCounts(after)).toEqual([5, 1]);
    expect(after.responses).toBe(2);
    // The stamp is no question of the results.
    expect(JSON.stringify(after)).not.toContain(SURVEY_RESULT_CHANGES_CELL);
  });

  it('follows an editable resubmit that changes only a text', async () => {
    const s = await releasedSurvey(server, { definition: definitionOf(questions, { editableUntilDeadline: true }), people: ['wangwu'] });
    await fill(s.surveyId, s.versionId, 'wangwu', { meal: 'mealyes', idea: '多些蔬菜' });
    expect(question<SurveyTextResult>(await summary(s.surveyId), 'idea').texts.map((t) => t.text)).toEqual(['多些蔬菜']);
    await fill(s.surveyId, s.versionId, 'wangwu', { meal: 'mealyes', idea: '多些水果' });
    expect(question<SurveyTextResult>(await summary(s.surveyId), 'idea').texts.map((t) => t.text)).toEqual(['多些水果']);
  });

  it('follows a new version and a department renamed', async () => {
    const s = await releasedSurvey(server, { definition: definitionOf(questions), people: ['zhaoliu'] });
    await fill(s.surveyId, s.versionId, 'zhaoliu', { meal: 'mealyes', stars: 5, dept: deptId });
    const before = await summary(s.surveyId);
    expect(question<SurveyScoreResult>(before, 'stars').title).toBe('评分');

    // A release of a new version (as the administration's release writes it) retitles a question.
    const retitled = definitionOf(questions.map((q) => (q.id === 'stars' ? { ...q, title: '总体评分' } : q)));
    const version = await server.db
      .insertInto('survey_versions')
      .values({
        survey_id: s.surveyId,
        version_no: 2,
        definition: JSON.stringify(retitled),
        created_by: await idOf(server, 'admin'),
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.db.updateTable('surveys').set({ version_id: version.id }).where('id', '=', s.surveyId).execute();
    expect(question<SurveyScoreResult>(await summary(s.surveyId), 'stars').title).toBe('总体评分');

    const dept = await server.db.selectFrom('depts').select('name').where('id', '=', deptId).executeTakeFirstOrThrow();
    const renamed = `${dept.name}（新）`;
    try {
      await server.db.updateTable('depts').set({ name: renamed }).where('id', '=', deptId).execute();
      expect(JSON.stringify(question(await summary(s.surveyId), 'dept'))).toContain(renamed);
    } finally {
      await server.db.updateTable('depts').set({ name: dept.name }).where('id', '=', deptId).execute();
    }
  });
});
