import {
  aggregateSurveyResults,
  type SurveyAnswers,
  type SurveyDefinition,
  type SurveyQuestion,
  type SurveyResults,
  type SurveyScoreResult,
  type SurveyTextResult,
} from '@osp/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { idOf, Tokens } from '../bills/test-support';
import { definitionOf, releasedSurvey } from './survey-test-support';

/**
 * The results kept as counters (docs/surveys-api.md "Results kept as counters"), on both engines: what the results page
 * reads equals the aggregation of the responses in the tables (every question type, an editable resubmit, public
 * fills, simultaneous resubmits), and it is read from the counters — responses blanked behind the module's back change
 * nothing.
 */

let server: TestServer;
let tokens: Tokens;
/** A department that exists, for the department question's answers. */
let deptId: number;

beforeAll(async () => {
  server = await startTestServer();
  tokens = new Tokens(server);
  const row = await server.db.selectFrom('depts').select('id').orderBy('id').executeTakeFirstOrThrow();
  deptId = row.id;
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

const opts = (...ids: string[]) => ids.map((id) => ({ id, label: `选项${id}` }));

/** One question of nearly every type the counters name cells for (files are proven by the shared tests). */
const questions: SurveyQuestion[] = [
  { id: 'single', type: 'single', title: '单选', required: false, options: opts('ss01', 'ss02', 'ss03') },
  { id: 'multi', type: 'multiple', title: '多选', required: false, options: opts('mm01', 'mm02', 'mm03') },
  { id: 'drop', type: 'dropdown', title: '下拉', required: false, options: opts('dd01', 'dd02') },
  { id: 'stars', type: 'rating', title: '评分', required: false, stars: 5 },
  { id: 'nps1', type: 'nps', title: '推荐', required: false },
  { id: 'num1', type: 'number', title: '人数', required: false, decimals: 1 },
  // A second number and a second text question: their values and texts come from one statement with the first's.
  { id: 'num2', type: 'number', title: '年限', required: false, decimals: 0 },
  {
    id: 'grid',
    type: 'matrix',
    title: '矩阵',
    required: false,
    mode: 'single',
    rows: [
      { id: 'row1', label: '环境' },
      { id: 'row2', label: '薪酬' },
    ],
    columns: [
      { id: 'col1', label: '好' },
      { id: 'col2', label: '差' },
    ],
  },
  {
    id: 'gridr',
    type: 'matrix',
    title: '评分矩阵',
    required: false,
    mode: 'rating',
    stars: 5,
    rows: [{ id: 'rowr', label: '领导' }],
    columns: [],
  },
  { id: 'rank', type: 'ranking', title: '排序', required: false, options: opts('kk01', 'kk02', 'kk03') },
  { id: 'idea', type: 'text', title: '建议', required: false, validator: { kind: 'none' } },
  { id: 'date1', type: 'date', title: '日期', required: false },
  { id: 'story', type: 'textarea', title: '经历', required: false },
  { id: 'dept', type: 'department', title: '部门', required: false },
];

const people = ['zhangsan', 'lisi', 'wangwu', 'zhaoliu', 'chenqi'];

function answersFor(i: number): SurveyAnswers {
  const pick = <T>(list: readonly T[]) => list[i % list.length] as T;
  return {
    single: pick(['ss01', 'ss02', 'ss01', 'ss03']),
    ...(i % 2 === 0 ? { multi: pick([['mm01', 'mm03'], ['mm02'], ['mm01', 'mm02', 'mm03']]) } : {}),
    drop: pick(['dd01', 'dd02', 'dd02']),
    stars: (i % 5) + 1,
    nps1: (i * 3) % 11,
    num1: pick([1.5, 2, 2, 40]),
    num2: pick([3, 7]),
    grid: { row1: pick(['col1', 'col2']), ...(i % 3 === 0 ? {} : { row2: 'col2' }) },
    gridr: { rowr: (i % 4) + 2 },
    rank: pick([
      ['kk01', 'kk02', 'kk03'],
      ['kk03', 'kk01', 'kk02'],
    ]),
    ...(i % 3 === 2 ? {} : { idea: `建议 ${i} <img src=x onerror=alert(1)>` }),
    date1: `2026-0${(i % 9) + 1}-1${i % 10}`,
    ...(i % 2 === 1 ? {} : { story: `第 ${i} 段经历` }),
    dept: deptId,
  };
}

/** The aggregation of the responses as they stand in the table, each read with the survey's definition. */
async function fromTheTable(surveyId: number, definition: SurveyDefinition, rateeId?: number): Promise<SurveyResults> {
  let query = server.db.selectFrom('survey_responses').select(['answers', 'dept_id', 'submitted_at']).where('survey_id', '=', surveyId);
  if (rateeId !== undefined) query = query.where('ratee_id', '=', rateeId);
  const rows = await query.orderBy('id').execute();
  const responses = rows.map((r) => ({
    answers: JSON.parse(r.answers) as SurveyAnswers,
    dept_id: r.dept_id,
    submitted_at: r.submitted_at,
  }));
  const depts = new Map((await server.db.selectFrom('depts').select(['id', 'name']).execute()).map((d) => [d.id, d.name]));
  return aggregateSurveyResults(definition, responses, {
    anonymous: definition.settings.anonymous,
    minCount: definition.settings.anonymousMinCount,
    depts,
  });
}

const resultsOf = (surveyId: number, query = '') => ok<SurveyResults>('admin', 'GET', `/api/surveys/${surveyId}/responses${query}`);

async function fill(user: string, surveyId: number, versionId: number, answers: SurveyAnswers) {
  return call<{ replaced: boolean }>(user, 'POST', `/api/survey/${surveyId}/fill`, { version_id: versionId, answers });
}

describe('results kept as counters', () => {
  it('equal the aggregation of the responses in the table, and are read from the counters alone', async () => {
    const definition = definitionOf(questions);
    const s = await releasedSurvey(server, { definition, people });
    for (const [i, user] of people.entries()) {
      const { body } = await fill(user, s.surveyId, s.versionId, answersFor(i));
      expect(body.status_code, body.message).toBe(0);
    }
    const results = await resultsOf(s.surveyId);
    expect(results.responses).toBe(people.length);
    expect(results).toEqual(await fromTheTable(s.surveyId, definition));
    const idea = results.questions.find((q) => q.question_id === 'idea') as SurveyTextResult;
    expect(idea.texts.map((t) => t.text)).toContain('建议 0 <img src=x onerror=alert(1)>');

    // Behind the module's back the answers go: the results page still says what the counters say.
    await server.db.updateTable('survey_responses').set({ answers: '{}' }).where('survey_id', '=', s.surveyId).execute();
    expect(await resultsOf(s.surveyId)).toEqual(results);
  });

  it('follow an editable resubmit: the old answer’s counts and text give way to the new', async () => {
    const definition = definitionOf(questions, { editableUntilDeadline: true });
    const s = await releasedSurvey(server, { definition, people: ['zhangsan', 'lisi'] });
    expect((await fill('zhangsan', s.surveyId, s.versionId, { single: 'ss01', stars: 2, idea: '第一次' })).body.status_code).toBe(0);
    expect((await fill('lisi', s.surveyId, s.versionId, { single: 'ss01', stars: 4 })).body.status_code).toBe(0);
    const again = await fill('zhangsan', s.surveyId, s.versionId, { single: 'ss02', stars: 5, idea: '改过了' });
    expect(again.body.data.replaced).toBe(true);

    const results = await resultsOf(s.surveyId);
    expect(results).toEqual(await fromTheTable(s.surveyId, definition));
    expect(results.responses).toBe(2);
    expect(results.questions.find((q) => q.question_id === 'single')).toMatchObject({
      answered: 2,
      options: [{ count: 1 }, { count: 1 }, { count: 0 }],
    });
    expect((results.questions.find((q) => q.question_id === 'stars') as SurveyScoreResult).average).toBe(4.5);
    expect((results.questions.find((q) => q.question_id === 'idea') as SurveyTextResult).texts.map((t) => t.text)).toEqual(['改过了']);
  });

  it('stay exact under simultaneous resubmits by one person (each takes away what the one before it added)', async () => {
    // Not asked, through the public link while signed in: no assignment row to queue the submits, only the response's lock.
    const definition = definitionOf(questions, { editableUntilDeadline: true, publicLink: true });
    const s = await releasedSurvey(server, { definition, people: [] });
    expect((await fill('wangwu', s.surveyId, s.versionId, { single: 'ss01', stars: 1 })).body.status_code).toBe(0);
    const sent = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        fill('wangwu', s.surveyId, s.versionId, { single: i % 2 ? 'ss02' : 'ss03', stars: (i % 5) + 1 }),
      ),
    );
    expect(sent.map((r) => r.body.status_code)).toEqual(sent.map(() => 0));
    const results = await resultsOf(s.surveyId);
    expect(results.responses).toBe(1);
    expect(results).toEqual(await fromTheTable(s.surveyId, definition));
  });

  it('count simultaneous submits of many people, and public fills', async () => {
    const definition = definitionOf(questions, { publicLink: true, anonymous: true, anonymousMinCount: 1 });
    const s = await releasedSurvey(server, { definition, people });
    const sent = await Promise.all(people.map((user, i) => fill(user, s.surveyId, s.versionId, answersFor(i))));
    expect(sent.map((r) => r.body.status_code)).toEqual(people.map(() => 0));
    for (let i = 0; i < 3; i += 1) {
      const { body } = await call(null, 'POST', `/api/publish/share/${s.surveyId}`, {
        version_id: s.versionId,
        answers: answersFor(i + 7),
      });
      expect(body.status_code, body.message).toBe(0);
    }
    const results = await resultsOf(s.surveyId);
    expect(results.responses).toBe(people.length + 3);
    expect(results).toEqual(await fromTheTable(s.surveyId, definition));
  });

  it('list a number question’s values up to 50 distinct ones, and only the average beyond', async () => {
    const definition = definitionOf([questions[5] as SurveyQuestion], { publicLink: true, anonymous: true, anonymousMinCount: 1 });
    const s = await releasedSurvey(server, { definition, people: [] });
    const submit = (value: number) =>
      call(null, 'POST', `/api/publish/share/${s.surveyId}`, { version_id: s.versionId, answers: { num1: value } });
    for (let value = 1; value <= 50; value += 1) expect((await submit(value)).body.status_code).toBe(0);
    const fifty = (await resultsOf(s.surveyId)).questions[0] as SurveyScoreResult;
    expect(fifty.distribution).toHaveLength(50);
    expect(fifty.average).toBe(25.5);
    expect((await submit(51)).body.status_code).toBe(0);
    const results = await resultsOf(s.surveyId);
    expect(results).toEqual(await fromTheTable(s.surveyId, definition));
    expect((results.questions[0] as SurveyScoreResult).distribution).toEqual([]);
    expect((results.questions[0] as SurveyScoreResult).average).toBe(26);
  });

  it('hold nothing that names a person, and a response’s texts go with it', async () => {
    const definition = definitionOf(questions, { anonymous: true });
    const s = await releasedSurvey(server, { definition, people: ['zhaoliu'] });
    expect((await fill('zhaoliu', s.surveyId, s.versionId, { single: 'ss01', idea: '匿名的话' })).body.status_code).toBe(0);
    const userId = await idOf(server, 'zhaoliu');
    const texts = await server.db.selectFrom('survey_result_texts').selectAll().where('survey_id', '=', s.surveyId).execute();
    expect(texts).toHaveLength(1);
    const cells = await server.db.selectFrom('survey_result_cells').selectAll().where('survey_id', '=', s.surveyId).execute();
    expect(cells.every((c) => c.ratee_id === 0 && !c.cell.includes(String(userId)))).toBe(true);
    // A raw statement: the foreign key cascades whatever deletes a response.
    await sql`delete from survey_responses where survey_id = ${s.surveyId}`.execute(server.db);
    expect(await server.db.selectFrom('survey_result_texts').selectAll().where('survey_id', '=', s.surveyId).execute()).toEqual([]);
  });
});
