import {
  SURVEY_PUBLIC_FILLS_PER_MINUTE,
  SurveyApiMessages,
  SurveyFillMessages,
  SurveyMessages,
  SurveyStatus,
  type MySurveyItem,
  type SurveyFillForm,
  type SurveyQuestion,
  type SurveySubmitResult,
} from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { idOf, Tokens } from '../bills/test-support';
import { definitionOf, releasedSurvey } from './survey-test-support';

/**
 * Filling (issue 16, docs/surveys-api.md "Filling"): the refusals, the shared evaluator's refusals with nothing stored,
 * one response under concurrent submits, anonymity checked in the tables, editable resubmits, drafts, public fills
 * and points.
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

const questions: SurveyQuestion[] = [
  {
    id: 'qq01',
    type: 'single',
    title: '是否加班',
    required: true,
    options: [
      { id: 'q1yes', label: '是' },
      { id: 'q1no', label: '否' },
    ],
  },
  { id: 'qq02', type: 'rating', title: '满意度', required: false, stars: 5 },
  { id: 'qq03', type: 'text', title: '建议', required: false, validator: { kind: 'none' } },
];
/** qq02 shows only when qq01 is 是. */
const rules = [
  {
    id: 'rule1',
    when: {
      kind: 'group' as const,
      op: 'and' as const,
      items: [{ kind: 'compare' as const, questionId: 'qq01', operator: 'equals' as const, value: 'q1yes' }],
    },
    actions: [{ type: 'show_question' as const, questionId: 'qq02' }],
  },
];

const responsesOf = (surveyId: number) => server.db.selectFrom('survey_responses').selectAll().where('survey_id', '=', surveyId).execute();
const assignmentsOf = (surveyId: number) =>
  server.db.selectFrom('survey_assignments').selectAll().where('survey_id', '=', surveyId).execute();
const ledgerOf = (surveyId: number) =>
  server.db.selectFrom('point_ledger').selectAll().where('source_kind', '=', 'survey_answer').where('source_id', '=', surveyId).execute();

describe('refusals', () => {
  it('refuses an unreleased, a closed, an answered and an untargeted survey, storing nothing', async () => {
    const definition = definitionOf(questions, {}, { rules });
    const paused = await releasedSurvey(server, { definition, people: ['zhangsan'], status: SurveyStatus.draft });
    const late = await releasedSurvey(server, { definition, people: ['zhangsan'], deadline: new Date(Date.now() - 60_000).toISOString() });
    const open = await releasedSurvey(server, { definition, people: ['zhangsan'] });
    const fill = (user: string, s: { surveyId: number; versionId: number }) =>
      call(user, 'POST', `/api/survey/${s.surveyId}/fill`, { version_id: s.versionId, answers: { qq01: 'q1no' } });

    expect((await fill('zhangsan', paused)).body).toMatchObject({ status_code: 409, message: SurveyApiMessages.fillNotReleased });
    expect((await call('zhangsan', 'GET', `/api/survey/${paused.surveyId}/fill`)).body.message).toBe(SurveyApiMessages.fillNotReleased);
    expect((await fill('zhangsan', late)).body).toMatchObject({ status_code: 409, message: SurveyApiMessages.fillClosed });
    const outsider = await fill('lisi', open);
    expect(outsider.status).toBe(403);
    expect(outsider.body.message).toBe(SurveyApiMessages.fillNotTargeted);
    expect((await call('lisi', 'GET', `/api/survey/${open.surveyId}/fill`)).status).toBe(403);
    expect((await call('zhangsan', 'GET', '/api/survey/999999/fill')).body.status_code).toBe(404);
    for (const s of [paused, late, open]) expect(await responsesOf(s.surveyId)).toHaveLength(0);

    expect((await fill('zhangsan', open)).body.status_code).toBe(0);
    expect((await fill('zhangsan', open)).body).toMatchObject({ status_code: 409, message: SurveyApiMessages.fillAlready });
    expect((await call('zhangsan', 'GET', `/api/survey/${open.surveyId}/fill`)).body.message).toBe(SurveyApiMessages.fillAlready);
    expect(await responsesOf(open.surveyId)).toHaveLength(1);
  });

  it('refuses a submit of another version', async () => {
    const s = await releasedSurvey(server, { definition: definitionOf(questions), people: ['zhangsan'] });
    const { body } = await call('zhangsan', 'POST', `/api/survey/${s.surveyId}/fill`, {
      version_id: s.versionId + 1000,
      answers: { qq01: 'q1no' },
    });
    expect(body).toMatchObject({ status_code: 409, message: SurveyApiMessages.fillVersionChanged });
  });

  it('refuses an answer to a hidden question and a missing required one with the shared messages, storing nothing', async () => {
    const s = await releasedSurvey(server, { definition: definitionOf(questions, {}, { rules }), people: ['zhangsan'] });
    const url = `/api/survey/${s.surveyId}/fill`;
    const hidden = await call<{ errors: Record<string, string[]> }>('zhangsan', 'POST', url, {
      version_id: s.versionId,
      answers: { qq01: 'q1no', qq02: 4 },
    });
    expect(hidden.body.status_code).toBe(422);
    expect(hidden.body.data.errors).toEqual({ 'answers.qq02': [SurveyMessages.answerHidden('满意度')] });
    const missing = await call<{ errors: Record<string, string[]> }>('zhangsan', 'POST', url, {
      version_id: s.versionId,
      answers: { qq03: '无' },
    });
    expect(missing.body.data.errors).toEqual({ 'answers.qq01': [SurveyMessages.answerRequired('是否加班')] });
    expect(await responsesOf(s.surveyId)).toHaveLength(0);
    expect((await assignmentsOf(s.surveyId))[0]?.state).toBe('pending');
    // The same answers with qq01 = 是 pass: qq02 shows.
    expect((await call('zhangsan', 'POST', url, { version_id: s.versionId, answers: { qq01: 'q1yes', qq02: 4 } })).body.status_code).toBe(
      0,
    );
  });

  it('refuses files that are not the person’s uploads and departments that do not exist', async () => {
    const definition = definitionOf([
      { id: 'file1', type: 'file', title: '附件', required: false, maxFiles: 2 },
      { id: 'dept1', type: 'department', title: '所在部门', required: false },
    ]);
    const s = await releasedSurvey(server, { definition, people: ['zhangsan'] });
    const { body } = await call<{ errors: Record<string, string[]> }>('zhangsan', 'POST', `/api/survey/${s.surveyId}/fill`, {
      version_id: s.versionId,
      answers: { file1: ['nosuchfile1'], dept1: 987654 },
    });
    expect(body.data.errors).toEqual({
      'answers.file1': [SurveyFillMessages.fileNotYours('附件')],
      'answers.dept1': [SurveyFillMessages.deptMissing('所在部门')],
    });
    expect(await responsesOf(s.surveyId)).toHaveLength(0);
  });
});

describe('one response a person', () => {
  it('keeps exactly one of 50 simultaneous submits of a named survey', async () => {
    const s = await releasedSurvey(server, { definition: definitionOf(questions), people: ['zhangsan'] });
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        call('zhangsan', 'POST', `/api/survey/${s.surveyId}/fill`, { version_id: s.versionId, answers: { qq01: 'q1no' } }),
      ),
    );
    expect(results.filter((r) => r.body.status_code === 0)).toHaveLength(1);
    expect(results.every((r) => r.body.status_code === 0 || r.body.message === SurveyApiMessages.fillAlready)).toBe(true);
    expect(await responsesOf(s.surveyId)).toHaveLength(1);
    expect(await ledgerOf(s.surveyId)).toHaveLength(1);
  });

  it('keeps exactly one of 50 simultaneous submits of an anonymous survey, with no user id anywhere', async () => {
    const s = await releasedSurvey(server, { definition: definitionOf(questions, { anonymous: true }), people: ['zhangsan', 'lisi'] });
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        call('zhangsan', 'POST', `/api/survey/${s.surveyId}/fill`, {
          version_id: s.versionId,
          answers: { qq01: 'q1no', qq03: '匿名建议' },
        }),
      ),
    );
    expect(results.filter((r) => r.body.status_code === 0)).toHaveLength(1);
    const responses = await responsesOf(s.surveyId);
    expect(responses).toHaveLength(1);
    expect(responses[0]).toMatchObject({ user_id: null, once_key: null, respondent_name: null });
    const zhangsan = await idOf(server, 'zhangsan');
    const assignments = await assignmentsOf(s.surveyId);
    expect(assignments.find((a) => a.user_id === zhangsan)).toMatchObject({ state: 'submitted', submitted_at: null });
    // No row anywhere ties the person to the response: no points ledger row (its time would), no draft.
    expect(await ledgerOf(s.surveyId)).toHaveLength(0);
    expect(await server.db.selectFrom('survey_drafts').selectAll().where('survey_id', '=', s.surveyId).execute()).toHaveLength(0);
    // No column of the response holds a user id or the once key of one.
    expect(Object.values(responses[0] ?? {}).map(String)).not.toContain(String(zhangsan));
  });
});

describe('editable surveys and drafts', () => {
  it('replaces the answers on a second submit of an editable survey, awarding points once', async () => {
    const s = await releasedSurvey(server, { definition: definitionOf(questions, { editableUntilDeadline: true }), people: ['zhangsan'] });
    const url = `/api/survey/${s.surveyId}/fill`;
    const first = await call<SurveySubmitResult>('zhangsan', 'POST', url, {
      version_id: s.versionId,
      answers: { qq01: 'q1no', qq03: '第一次' },
    });
    expect(first.body.data).toMatchObject({ replaced: false, points: 1 });
    const form = await call<SurveyFillForm>('zhangsan', 'GET', url);
    expect(form.body.data).toMatchObject({ state: 'submitted', answers: { qq01: 'q1no', qq03: '第一次' } });
    // Changes saved as a draft after the submit come back instead of the submitted answers.
    await call('zhangsan', 'PUT', `/api/survey/${s.surveyId}/draft`, { version_id: s.versionId, answers: { qq01: 'q1yes' } });
    const changed = await call<SurveyFillForm>('zhangsan', 'GET', url);
    expect(changed.body.data).toMatchObject({ state: 'submitted', answers: { qq01: 'q1yes' } });
    const second = await call<SurveySubmitResult>('zhangsan', 'POST', url, {
      version_id: s.versionId,
      answers: { qq01: 'q1yes', qq02: 5 },
    });
    expect(second.body.data).toMatchObject({ replaced: true, points: 0 });
    const responses = await responsesOf(s.surveyId);
    expect(responses).toHaveLength(1);
    expect(JSON.parse(responses[0]?.answers ?? '{}')).toEqual({ qq01: 'q1yes', qq02: 5 });
    expect(await ledgerOf(s.surveyId)).toHaveLength(1);
  });

  it('resumes a draft, moves the assignment to draft, and drops the draft on submit', async () => {
    const s = await releasedSurvey(server, { definition: definitionOf(questions), people: ['zhangsan'] });
    const draft = await call('zhangsan', 'PUT', `/api/survey/${s.surveyId}/draft`, {
      version_id: s.versionId,
      answers: { qq03: '写了一半' },
    });
    expect(draft.body).toMatchObject({ status_code: 0, message: SurveyFillMessages.draftSaved });
    // Another device: the same person, a new session.
    const other = await server.signIn('zhangsan');
    const form = await server.call<SurveyFillForm>('GET', `/api/survey/${s.surveyId}/fill`, { token: other });
    expect(form.body.data).toMatchObject({ state: 'draft', version_id: s.versionId, answers: { qq03: '写了一半' } });
    expect((await call('lisi', 'PUT', `/api/survey/${s.surveyId}/draft`, { version_id: s.versionId, answers: {} })).status).toBe(403);
    await call('zhangsan', 'POST', `/api/survey/${s.surveyId}/fill`, {
      version_id: s.versionId,
      answers: { qq01: 'q1no', qq03: '写完了' },
    });
    expect(await server.db.selectFrom('survey_drafts').selectAll().where('survey_id', '=', s.surveyId).execute()).toHaveLength(0);
    expect((await assignmentsOf(s.surveyId))[0]).toMatchObject({ state: 'submitted' });
    expect((await assignmentsOf(s.surveyId))[0]?.submitted_at).not.toBeNull();
  });

  it('lists my surveys, those waiting for me first', async () => {
    const waiting = await releasedSurvey(server, {
      definition: definitionOf(questions),
      people: ['wangwu'],
      deadline: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const done = await releasedSurvey(server, { definition: definitionOf(questions), people: ['wangwu'] });
    await call('wangwu', 'POST', `/api/survey/${done.surveyId}/fill`, { version_id: done.versionId, answers: { qq01: 'q1no' } });
    const { body } = await call<MySurveyItem[]>('wangwu', 'GET', '/api/survey/mine');
    const ids = body.data.map((i) => i.survey_id);
    expect(ids.indexOf(waiting.surveyId)).toBeLessThan(ids.indexOf(done.surveyId));
    expect(body.data.find((i) => i.survey_id === done.surveyId)).toMatchObject({ state: 'submitted', status: SurveyStatus.collecting });
  });
});

describe('public link', () => {
  it('answers the released definition without sign-in only when the survey allows it', async () => {
    const closed = await releasedSurvey(server, { definition: definitionOf(questions), people: [] });
    const open = await releasedSurvey(server, { definition: definitionOf(questions, { publicLink: true }), people: [] });
    const notPublic = await call(null, 'GET', `/api/publish/share/${closed.surveyId}`);
    const unknown = await call(null, 'GET', '/api/publish/share/999999');
    expect(notPublic.body).toMatchObject({ status_code: 404, message: SurveyApiMessages.fillNotPublic });
    expect(unknown.body).toEqual(notPublic.body);
    const form = await call<SurveyFillForm>(null, 'GET', `/api/publish/share/${open.surveyId}`);
    expect(form.body.data).toMatchObject({ survey_id: open.surveyId, version_id: open.versionId, state: null, answers: null });

    const url = `/api/publish/share/${open.surveyId}`;
    const nameless = await call<{ errors: Record<string, string[]> }>(null, 'POST', url, {
      version_id: open.versionId,
      answers: { qq01: 'q1no' },
    });
    expect(nameless.body.data.errors).toEqual({ name: [SurveyApiMessages.respondentNameRequired] });
    expect(
      (await call(null, 'POST', url, { version_id: open.versionId, answers: { qq01: 'q1no' }, name: ' 访客 ' })).body.status_code,
    ).toBe(0);
    expect(await responsesOf(open.surveyId)).toMatchObject([{ user_id: null, respondent_name: '访客', dept_id: null }]);
    expect(
      (
        await call(null, 'POST', `/api/publish/share/${closed.surveyId}`, {
          version_id: closed.versionId,
          answers: { qq01: 'q1no' },
          name: 'x',
        })
      ).body.status_code,
    ).toBe(404);
  });

  it('takes an anonymous public fill without a name, and lets a signed-in person not targeted answer it', async () => {
    const s = await releasedSurvey(server, { definition: definitionOf(questions, { publicLink: true, anonymous: true }), people: [] });
    expect(
      (await call(null, 'POST', `/api/publish/share/${s.surveyId}`, { version_id: s.versionId, answers: { qq01: 'q1no' } })).body
        .status_code,
    ).toBe(0);
    expect(
      (await call('lisi', 'POST', `/api/survey/${s.surveyId}/fill`, { version_id: s.versionId, answers: { qq01: 'q1yes' } })).body
        .status_code,
    ).toBe(0);
    const responses = await responsesOf(s.surveyId);
    expect(responses.map((r) => [r.user_id, r.respondent_name])).toEqual([
      [null, null],
      [null, null],
    ]);
  });

  it('takes SURVEY_PUBLIC_FILLS_PER_MINUTE submissions a minute from one address, then refuses with a message, storing nothing', async () => {
    const s = await releasedSurvey(server, { definition: definitionOf(questions, { publicLink: true, anonymous: true }), people: [] });
    const submit = () => call(null, 'POST', `/api/publish/share/${s.surveyId}`, { version_id: s.versionId, answers: { qq01: 'q1no' } });
    for (let i = 0; i < SURVEY_PUBLIC_FILLS_PER_MINUTE; i += 1) expect((await submit()).body.status_code).toBe(0);
    const refused = await submit();
    expect(refused.body).toMatchObject({ status_code: 429, message: SurveyApiMessages.publicTooMany });
    expect(await responsesOf(s.surveyId)).toHaveLength(SURVEY_PUBLIC_FILLS_PER_MINUTE);
    // Another survey's link is counted apart.
    const other = await releasedSurvey(server, { definition: definitionOf(questions, { publicLink: true, anonymous: true }), people: [] });
    const elsewhere = await call(null, 'POST', `/api/publish/share/${other.surveyId}`, {
      version_id: other.versionId,
      answers: { qq01: 'q1no' },
    });
    expect(elsewhere.body.status_code).toBe(0);
  });
});

describe('with the administration’s release', () => {
  it('fills a survey released through /api/surveys/{id}/release, and refuses it once unreleased', async () => {
    const created = await call<{ id: number }>('admin', 'POST', '/api/surveys', { name: '发布流程问卷' });
    const id = created.body.data.id;
    const definition = { ...definitionOf(questions, {}, { rules }), title: '发布流程问卷' };
    expect((await call('admin', 'PUT', `/api/surveys/${id}`, { definition })).body.status_code).toBe(0);
    const target = { survey_id: id, targets: [{ kind: 'user', ref_id: await idOf(server, 'zhaoliu'), exclude: 0 }] };
    expect((await call('admin', 'POST', '/api/survey/target', target)).body.status_code).toBe(0);
    expect((await call('admin', 'POST', `/api/surveys/${id}/release`)).body.status_code).toBe(0);

    const form = await call<SurveyFillForm>('zhaoliu', 'GET', `/api/survey/${id}/fill`);
    expect(form.body.data).toMatchObject({ survey_id: id, state: 'pending', answers: null });
    expect(form.body.data.definition.pages[0]?.questions.map((q) => q.id)).toEqual(['qq01', 'qq02', 'qq03']);
    expect((await call('zhangsan', 'GET', `/api/survey/${id}/fill`)).status).toBe(403);
    const mine = await call<MySurveyItem[]>('zhaoliu', 'GET', '/api/survey/mine');
    expect(mine.body.data.find((i) => i.survey_id === id)).toMatchObject({ state: 'pending', status: SurveyStatus.collecting });

    expect((await call('admin', 'POST', `/api/surveys/${id}/unrelease`)).body.status_code).toBe(0);
    const paused = await call('zhaoliu', 'POST', `/api/survey/${id}/fill`, {
      version_id: form.body.data.version_id,
      answers: { qq01: 'q1no' },
    });
    expect(paused.body.message).toBe(SurveyApiMessages.fillNotReleased);
    expect((await call('admin', 'POST', `/api/surveys/${id}/release`)).body.status_code).toBe(0);
    const submitted = await call('zhaoliu', 'POST', `/api/survey/${id}/fill`, {
      version_id: form.body.data.version_id,
      answers: { qq01: 'q1no' },
    });
    expect(submitted.body.status_code).toBe(0);
    expect(await responsesOf(id)).toHaveLength(1);
  });
});

describe('bad input', () => {
  it('answers bad queries and bodies of every respondent and results call with an envelope, never a 500', async () => {
    const s = await releasedSurvey(server, {
      definition: definitionOf([{ id: 'qq01', type: 'rating', title: 'x', required: false, stars: 5 }], { publicLink: true }),
      people: ['admin'],
    });
    const token = await tokens.get('admin');
    const id = s.surveyId;
    const gets = [
      `/api/survey/${id}/returns?page=1e300`,
      `/api/survey/${id}/returns?page=99999999999999`,
      `/api/survey/${id}/returns?ratee_id=1e20`,
      `/api/survey/${id}/returns?ratee_id=-1&per_page=0`,
      `/api/surveys/${id}/responses?question=a&question=b`,
      `/api/surveys/${id}/responses?ratee_id=9999999999999`,
      `/api/surveys/${id}/responses?question=qq01&cross=__proto__`,
      `/api/surveys/${id}/responses?question=__proto__&cross=dept`,
      '/api/survey/metric?survey_id=abc',
      '/api/survey/metric',
      `/api/survey/exportAs?survey_id=${id}&personal=2`,
      `/api/survey/exportAs?survey_id=${id}&ratee_id=x`,
      `/api/survey/${id}/fill?ratee_id=abc`,
      `/api/survey/${id}/fill?ratee_id=1e300`,
      '/api/survey/1e300/fill',
      '/api/publish/share/abc',
      '/api/publish/result/%00',
      `/api/publish/result/${'a'.repeat(500)}`,
      '/api/survey/0/fill',
      `/api/survey/${id}/fill?ratee_id=9999999999999`,
      `/api/survey/${id}/returns?ratee_id=9999999999999`,
      `/api/survey/exportAs?survey_id=${id}&ratee_id=9999999999999`,
      '/api/survey/metric?survey_id=9999999999999',
      `/api/surveys/${id}/responses?cross[a]=1`,
    ];
    for (const url of gets) {
      const r = await server.call('GET', url, { token });
      expect(r.status, url).toBeLessThan(500);
      expect(r.body.status_code, url).not.toBe(500);
    }
    const bodies: unknown[] = [
      null,
      [],
      'x',
      { version_id: 'a' },
      { version_id: s.versionId, answers: null },
      { version_id: s.versionId, answers: [] },
      { version_id: s.versionId, answers: { qq01: 1e300 } },
      { version_id: s.versionId, answers: { __proto__: 1 } },
      { version_id: s.versionId, answers: { constructor: 5 } },
      { version_id: s.versionId, answers: { qq01: 3 }, started_at: 'garbage' },
      { version_id: s.versionId, answers: { qq01: 3 }, started_at: '0001-01-01T00:00:00Z', ratee_id: 1e300 },
      { version_id: 1e300, answers: {} },
      { version_id: s.versionId, answers: { qq01: 3 }, ratee_id: 9999999999999 },
      { days: 9999999999999 },
      { version_id: s.versionId, answers: { qq01: { a: 1 } }, name: 5 },
    ];
    for (const body of bodies) {
      for (const [method, url] of [
        ['POST', `/api/survey/${id}/fill`],
        ['PUT', `/api/survey/${id}/draft`],
        ['POST', `/api/publish/share/${id}`],
        ['POST', `/api/surveys/${id}/result-link`],
      ] as const) {
        const r = await server.call(method, url, { token, body });
        expect(r.status, `${method} ${url} ${JSON.stringify(body)}`).toBeLessThan(500);
        expect(r.body.status_code, `${method} ${url} ${JSON.stringify(body)}: ${r.body.message}`).not.toBe(500);
      }
    }
  }, 120_000);
});

describe('points', () => {
  it('follow the point_survey_answer setting (0 awards nothing)', async () => {
    const setting = (value: number) => call('admin', 'PUT', '/api/admin/settings', { point_survey_answer: value });
    try {
      expect((await setting(3)).body.status_code).toBe(0);
      const three = await releasedSurvey(server, { definition: definitionOf(questions), people: ['zhaolei'] });
      const result = await call<SurveySubmitResult>('zhaolei', 'POST', `/api/survey/${three.surveyId}/fill`, {
        version_id: three.versionId,
        answers: { qq01: 'q1no' },
      });
      expect(result.body.data.points).toBe(3);
      expect(await ledgerOf(three.surveyId)).toMatchObject([{ points: 3, user_id: await idOf(server, 'zhaolei') }]);

      expect((await setting(0)).body.status_code).toBe(0);
      const none = await releasedSurvey(server, { definition: definitionOf(questions), people: ['zhaolei'] });
      await call('zhaolei', 'POST', `/api/survey/${none.surveyId}/fill`, { version_id: none.versionId, answers: { qq01: 'q1no' } });
      expect(await ledgerOf(none.surveyId)).toHaveLength(0);
    } finally {
      await setting(1);
    }
  });
});
