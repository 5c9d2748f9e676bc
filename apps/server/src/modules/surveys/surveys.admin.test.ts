import {
  SURVEY_SETTINGS_DEFAULT,
  SurveyAdminMessages,
  SurveyAdminTexts,
  SurveyApiMessages,
  SurveyMessages,
  type OperationLogEntry,
  type Paged,
  type SurveyDefinition,
  type SurveyDetail,
  type SurveyFillForm,
  type SurveyListItem,
  type SurveyMetric,
} from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { idOf } from '../bills/test-support';
import { AdminApi, definition, showWhyRule } from './surveys-admin.test-support';

/**
 * Survey administration (issue 16, docs/surveys-api.md "Administration"): the working copy, release (versions
 * reused or created, assignments snapshotted and kept), unrelease, status and deadline changes (logged), delete,
 * replication; every refusal changes nothing; only survey_admin holders get in.
 */

let server: TestServer;
let api: AdminApi;

beforeAll(async () => {
  server = await startTestServer();
  api = new AdminApi(server);
});
afterAll(async () => server.close());

const HOUR = 3600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

/** What a refusal must leave alone. */
async function snapshot() {
  const [surveys, versions, targets, assignments, logs] = await Promise.all([
    server.db.selectFrom('surveys').selectAll().orderBy('id').execute(),
    server.db.selectFrom('survey_versions').selectAll().orderBy('id').execute(),
    server.db.selectFrom('survey_targets').selectAll().orderBy('survey_id').orderBy('kind').orderBy('ref_id').execute(),
    server.db.selectFrom('survey_assignments').selectAll().orderBy('id').execute(),
    server.db.selectFrom('operation_logs').select('id').execute(),
  ]);
  return { surveys, versions, targets, assignments, logs: logs.length };
}

async function detail(id: number): Promise<SurveyDetail> {
  return api.ok<SurveyDetail>('admin', 'GET', `/api/surveys/${id}`);
}

async function logOf(id: number): Promise<OperationLogEntry[]> {
  const page = await api.ok<Paged<OperationLogEntry>>('admin', 'GET', `/api/syslog?item_type=survey&item_id=${id}&per_page=100`);
  return page.list.reverse();
}

async function deptId(name: string): Promise<number> {
  return (await server.db.selectFrom('depts').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
}

async function assignmentsOf(surveyId: number) {
  return server.db
    .selectFrom('survey_assignments')
    .select(['user_id', 'ratee_id', 'state'])
    .where('survey_id', '=', surveyId)
    .orderBy('user_id')
    .orderBy('ratee_id')
    .execute();
}

/** A submitted response, as the fill would store it (the fill is helper S2's; here it only has to exist). */
async function insertResponse(surveyId: number, username: string): Promise<void> {
  const survey = await server.db.selectFrom('surveys').select('version_id').where('id', '=', surveyId).executeTakeFirstOrThrow();
  if (survey.version_id === null) throw new Error('a response needs a released version');
  const now = new Date().toISOString();
  const userId = await idOf(server, username);
  await server.db
    .insertInto('survey_responses')
    .values({
      survey_id: surveyId,
      version_id: survey.version_id,
      user_id: userId,
      once_key: String(userId),
      answers: '{}',
      submitted_at: now,
      updated_at: now,
    })
    .execute();
  await server.db
    .updateTable('survey_assignments')
    .set({ state: 'submitted', submitted_at: now })
    .where('survey_id', '=', surveyId)
    .where('user_id', '=', userId)
    .execute();
}

async function expectRefused(
  call: Promise<{ status: number; body: { status_code: number; message: string; data: unknown } }>,
  code: number,
  message: string,
) {
  const before = await snapshot();
  const { status, body } = await call;
  expect(status).toBe(200);
  expect(body.status_code).toBe(code);
  expect(body.message).toBe(message);
  expect(await snapshot()).toEqual(before);
  return body;
}

describe('/api/surveys: create, read, save', () => {
  it('creates a survey at status 0 with one empty page and the default settings, logged', async () => {
    const id = await api.create({ name: '新问卷', description: '说明', kind: 'survey' });
    const survey = await detail(id);
    expect(survey).toMatchObject({
      id,
      kind: 'survey',
      name: '新问卷',
      description: '说明',
      status: 0,
      stored_status: 0,
      deadline: null,
      version_no: 0,
      released_at: null,
      changed_since_release: true,
      responses: 0,
      targets: [],
      result_link: null,
    });
    expect(survey.definition).toMatchObject({
      kind: 'survey',
      title: '新问卷',
      description: '说明',
      settings: SURVEY_SETTINGS_DEFAULT,
      rules: [],
    });
    expect(survey.definition.pages).toHaveLength(1);
    expect(survey.definition.pages[0]?.questions).toEqual([]);
    expect(survey.definition.pages[0]?.id).toMatch(/^[A-Za-z0-9]{10}$/);
    const preview = await api.ok('admin', 'GET', `/api/surveys/${id}/preview`);
    expect(preview).toEqual({ id, kind: 'survey', name: '新问卷', definition: survey.definition });
    const log = await logOf(id);
    expect(log.map((e) => [e.action, e.summary])).toEqual([['create', SurveyAdminTexts.log.create('新问卷')]]);
  });

  it('refuses a malformed create with field messages and stores nothing', async () => {
    const body = await expectRefused(
      api.call('admin', 'POST', '/api/surveys', { name: ' ', kind: 'poll' }),
      422,
      SurveyApiMessages.kindInvalid,
    );
    expect(body.data).toEqual({ errors: { kind: [SurveyApiMessages.kindInvalid], name: [SurveyApiMessages.nameRequired] } });
    await expectRefused(
      api.call('admin', 'POST', '/api/surveys', { name: '问卷', deadline: '明天' }),
      422,
      SurveyApiMessages.deadlineInvalid,
    );
  });

  it('saves the working copy: name and description from the definition, the deadline kept unless sent', async () => {
    const deadline = at(48 * HOUR);
    const id = await api.create({ deadline });
    await api.save(id, definition({ title: '改后的标题', description: '改后的说明' }));
    const saved = await detail(id);
    expect(saved).toMatchObject({ name: '改后的标题', description: '改后的说明', deadline });
    expect(saved.definition.pages.map((p) => p.id)).toEqual(['page1', 'page2']);
    await api.save(id, definition(), { deadline: null });
    expect((await detail(id)).deadline).toBeNull();
    expect((await logOf(id)).map((e) => e.action)).toEqual(['create', 'update', 'update']);
  });

  it('refuses a definition with problems as 422 errors keyed definition.<path>, and changes nothing', async () => {
    const id = await api.create();
    await api.save(id, definition());
    const broken = definition();
    const page = broken.pages[0];
    if (!page) throw new Error('no page');
    page.questions = [{ id: 'q_blank', type: 'single', title: '', required: false, options: [] }];
    const body = await expectRefused(
      api.call('admin', 'PUT', `/api/surveys/${id}`, { definition: broken }),
      422,
      SurveyMessages.questionTitleRequired,
    );
    expect(body.data).toMatchObject({ errors: { 'definition.pages.0.questions.0.title': [SurveyMessages.questionTitleRequired] } });
    const notObject = await expectRefused(
      api.call('admin', 'PUT', `/api/surveys/${id}`, { definition: 'not a survey' }),
      422,
      '格式不正确',
    );
    expect(notObject.data).toEqual({ errors: { definition: ['格式不正确'] } });
    expect((await detail(id)).name).toBe('员工满意度调查');
  });

  it('answers 404 for an unknown survey and 422 for an id that is none', async () => {
    for (const [method, url] of [
      ['GET', '/api/surveys/999999'],
      ['PUT', '/api/surveys/999999'],
      ['DELETE', '/api/surveys/999999'],
      ['GET', '/api/surveys/999999/preview'],
      ['POST', '/api/surveys/999999/release'],
      ['POST', '/api/surveys/999999/unrelease'],
      ['POST', '/api/surveys/999999/replication'],
      ['PUT', '/api/survey/999999'],
      ['GET', '/api/surveys/999999/rules'],
      ['GET', '/api/survey/target?survey_id=999999'],
      ['GET', '/api/survey/targetid?survey_id=999999'],
      ['GET', '/api/survey/person?survey_id=999999'],
    ] as const) {
      const body =
        method === 'PUT' && url.startsWith('/api/surveys/') ? { definition: definition() } : method === 'PUT' ? { status: 2 } : undefined;
      await expectRefused(api.call('admin', method, url, body), 404, SurveyApiMessages.notFound);
    }
    await expectRefused(
      api.call('admin', 'POST', '/api/survey/target', { survey_id: 999999, targets: [] }),
      404,
      SurveyApiMessages.notFound,
    );
    await expectRefused(api.call('admin', 'GET', '/api/surveys/abc'), 422, SurveyApiMessages.notFound);
  });
});

describe('/api/surveys (list)', () => {
  it('lists newest first with effective status, completion from assignments, and a literal keyword search', async () => {
    const plain = await api.create({ name: '列表100%_问卷' });
    const other = await api.create({ name: '列表1000问卷' });
    const released = await api.create({ name: '列表已发布问卷' });
    await api.save(released, definition({ title: '列表已发布问卷' }));
    await api.target(released, [{ kind: 'dept', ref_id: await deptId('财务部') }]);
    await api.ok('admin', 'POST', `/api/surveys/${released}/release`);
    await insertResponse(released, 'wangwu');

    const found = await api.ok<Paged<SurveyListItem>>('admin', 'GET', `/api/surveys?keyword=${encodeURIComponent('100%_')}`);
    expect(found.list.map((s) => s.id)).toEqual([plain]);
    const all = await api.ok<Paged<SurveyListItem>>('admin', 'GET', `/api/surveys?keyword=${encodeURIComponent('列表')}`);
    expect(all.list.map((s) => s.id)).toEqual([released, other, plain]);
    expect(all.list[0]).toMatchObject({
      status: 1,
      version_no: 1,
      targeted: 3,
      answered: 1,
      completion: 33,
      responses: 1,
      created_by_name: '系统管理员',
    });
    expect(all.list[1]).toMatchObject({ status: 0, version_no: 0, targeted: 0, answered: 0, completion: null, responses: 0 });
    // 2 of 3 reads 66 % here as on the results page (rounded down: 100 % only when everyone answered).
    await insertResponse(released, 'sunhao');
    const twoOfThree = await api.ok<Paged<SurveyListItem>>('admin', 'GET', `/api/surveys?keyword=${encodeURIComponent('列表已发布')}`);
    const metric = await api.ok<SurveyMetric>('admin', 'GET', `/api/survey/metric?survey_id=${released}`);
    expect([twoOfThree.list[0]?.completion, metric.completion]).toEqual([66, 66]);

    // Past its deadline a collecting survey reads (and filters) as closed, without anything flipping the column.
    await server.db
      .updateTable('surveys')
      .set({ deadline: at(-HOUR) })
      .where('id', '=', released)
      .execute();
    const closed = await api.ok<Paged<SurveyListItem>>('admin', 'GET', `/api/surveys?status=2&keyword=${encodeURIComponent('列表')}`);
    expect(closed.list.map((s) => [s.id, s.status])).toEqual([[released, 2]]);
    const collecting = await api.ok<Paged<SurveyListItem>>('admin', 'GET', `/api/surveys?status=1&keyword=${encodeURIComponent('列表')}`);
    expect(collecting.list).toEqual([]);
    expect((await detail(released)).stored_status).toBe(1);

    const paged = await api.ok<Paged<SurveyListItem>>(
      'admin',
      'GET',
      `/api/surveys?keyword=${encodeURIComponent('列表')}&per_page=2&page=2`,
    );
    expect(paged).toMatchObject({ total: 3, page: 2, per_page: 2 });
    expect(paged.list.map((s) => s.id)).toEqual([plain]);
    await expectRefused(api.call('admin', 'GET', '/api/surveys?status=7'), 422, SurveyApiMessages.statusInvalid);
  });
});

describe('release', () => {
  it('refuses without targets unless the public link is on, and when the targets name nobody', async () => {
    const id = await api.create();
    await api.save(id, definition());
    await expectRefused(api.call('admin', 'POST', `/api/surveys/${id}/release`), 422, SurveyApiMessages.noTargets);

    const zhangsan = await idOf(server, 'zhangsan');
    await api.target(id, [
      { kind: 'user', ref_id: zhangsan },
      { kind: 'dept', ref_id: await deptId('技术部'), exclude: 1 },
    ]);
    await expectRefused(api.call('admin', 'POST', `/api/surveys/${id}/release`), 422, SurveyApiMessages.targetsEmpty);

    await api.target(id, []);
    await api.save(id, definition({ settings: { ...SURVEY_SETTINGS_DEFAULT, publicLink: true } }));
    const released = await api.ok<SurveyDetail>('admin', 'POST', `/api/surveys/${id}/release`);
    expect(released).toMatchObject({ status: 1, version_no: 1, changed_since_release: false });
    expect(await assignmentsOf(id)).toEqual([]);
  });

  // Released versions are kept parsed by id (survey-versions.ts): a new release must be what respondents get next.
  it('gives respondents the version released last, after they read the one before', async () => {
    const id = await api.create();
    await api.save(id, definition());
    await api.target(id, [{ kind: 'user', ref_id: await idOf(server, 'zhangsan') }]);
    const first = await api.ok<SurveyDetail>('admin', 'POST', `/api/surveys/${id}/release`);
    const before = await api.ok<SurveyFillForm>('zhangsan', 'GET', `/api/survey/${id}/fill`);
    expect(before.definition.title).toBe('员工满意度调查');

    await api.ok('admin', 'POST', `/api/surveys/${id}/unrelease`);
    await api.save(id, definition({ title: '员工满意度调查（第二版）' }));
    const second = await api.ok<SurveyDetail>('admin', 'POST', `/api/surveys/${id}/release`);
    expect(second.version_no).toBe((first.version_no ?? 0) + 1);
    const after = await api.ok<SurveyFillForm>('zhangsan', 'GET', `/api/survey/${id}/fill`);
    expect(after.version_id).not.toBe(before.version_id);
    expect(after.definition.title).toBe('员工满意度调查（第二版）');
    const stale = await api.call('zhangsan', 'POST', `/api/survey/${id}/fill`, {
      version_id: before.version_id,
      answers: { q_like: 'o_yes' },
    });
    expect(stale.body).toMatchObject({ status_code: 409, message: SurveyApiMessages.fillVersionChanged });
  });

  it('refuses an invalid working copy and a deadline already passed, changing nothing', async () => {
    const evaluation = await api.create({ kind: 'evaluation', name: '部门负责人评价' });
    await api.target(evaluation, [{ kind: 'dept', ref_id: await deptId('研发组') }]);
    const body = await expectRefused(
      api.call('admin', 'POST', `/api/surveys/${evaluation}/release`),
      422,
      SurveyMessages.dimensionsRequired,
    );
    expect(body.data).toEqual({ errors: { 'definition.dimensions': [SurveyMessages.dimensionsRequired] } });

    const late = await api.create({ deadline: at(HOUR) });
    await api.target(late, [{ kind: 'user', ref_id: await idOf(server, 'zhangsan') }]);
    await server.db
      .updateTable('surveys')
      .set({ deadline: at(-HOUR) })
      .where('id', '=', late)
      .execute();
    const refused = await expectRefused(api.call('admin', 'POST', `/api/surveys/${late}/release`), 422, SurveyApiMessages.deadlinePassed);
    expect(refused.data).toEqual({ errors: { deadline: [SurveyApiMessages.deadlinePassed] } });
  });

  it('freezes a version, reuses it when nothing changed, makes a new one when the definition did; assignments are kept', async () => {
    const id = await api.create();
    await api.save(id, definition());
    const finance = await deptId('财务部');
    await api.target(id, [{ kind: 'dept', ref_id: finance }]);
    const first = await api.ok<SurveyDetail>('admin', 'POST', `/api/surveys/${id}/release`);
    expect(first).toMatchObject({ status: 1, stored_status: 1, version_no: 1, changed_since_release: false });
    expect(first.released_at).not.toBeNull();
    const [wangwu, sunhao, majuan, zhangsan] = await Promise.all(['wangwu', 'sunhao', 'majuan', 'zhangsan'].map((u) => idOf(server, u)));
    expect(await assignmentsOf(id)).toEqual(
      [wangwu, sunhao, majuan].sort((a, b) => (a ?? 0) - (b ?? 0)).map((user_id) => ({ user_id, ratee_id: 0, state: 'pending' })),
    );

    // Twice: a conflict that changes nothing.
    await expectRefused(api.call('admin', 'POST', `/api/surveys/${id}/release`), 409, SurveyApiMessages.alreadyReleased);

    await insertResponse(id, 'wangwu');
    await api.ok('admin', 'POST', `/api/surveys/${id}/unrelease`);
    expect((await detail(id)).status).toBe(0);
    await expectRefused(api.call('admin', 'POST', `/api/surveys/${id}/unrelease`), 409, SurveyApiMessages.notReleased);

    // Unchanged: the same version again.
    const versionsBefore = await server.db.selectFrom('survey_versions').select('id').where('survey_id', '=', id).execute();
    const again = await api.ok<SurveyDetail>('admin', 'POST', `/api/surveys/${id}/release`);
    expect(again.version_no).toBe(1);
    expect(await server.db.selectFrom('survey_versions').select('id').where('survey_id', '=', id).execute()).toEqual(versionsBefore);

    // Changed, and the targets moved from finance to one person: a new version; finance stays asked, wangwu's
    // submission stays, zhangsan is added.
    const changed = definition({ title: '员工满意度调查（修订）' });
    await api.save(id, changed);
    expect((await detail(id)).changed_since_release).toBe(true);
    await api.target(id, [{ kind: 'user', ref_id: zhangsan ?? 0 }]);
    await api.ok('admin', 'POST', `/api/surveys/${id}/unrelease`);
    const second = await api.ok<SurveyDetail>('admin', 'POST', `/api/surveys/${id}/release`);
    expect(second).toMatchObject({ version_no: 2, name: '员工满意度调查（修订）', changed_since_release: false });
    const versions = await server.db
      .selectFrom('survey_versions')
      .select(['version_no', 'definition'])
      .where('survey_id', '=', id)
      .orderBy('version_no')
      .execute();
    expect(versions.map((v) => v.version_no)).toEqual([1, 2]);
    expect((JSON.parse(versions[1]?.definition ?? '{}') as SurveyDefinition).title).toBe('员工满意度调查（修订）');
    const assignments = await assignmentsOf(id);
    expect(assignments.map((a) => a.user_id).sort()).toEqual([wangwu, sunhao, majuan, zhangsan].sort());
    expect(assignments.find((a) => a.user_id === wangwu)?.state).toBe('submitted');

    const log = await logOf(id);
    expect(log.filter((e) => e.action === 'release').map((e) => e.after)).toEqual([
      { status: 1, version_no: 1, new_version: true, assigned: 3 },
      { status: 1, version_no: 1, new_version: false, assigned: 0 },
      { status: 1, version_no: 2, new_version: true, assigned: 1 },
    ]);
  });

  it('lets one of several simultaneous releases through: one version, each person assigned once', async () => {
    const id = await api.create();
    await api.save(id, definition());
    await api.target(id, [{ kind: 'dept', ref_id: await deptId('技术部') }]);
    const results = await Promise.all([1, 2, 3, 4, 5].map(() => api.call('admin', 'POST', `/api/surveys/${id}/release`)));
    expect(results.map((r) => r.body.status_code).sort()).toEqual([0, 409, 409, 409, 409]);
    expect(await server.db.selectFrom('survey_versions').select('version_no').where('survey_id', '=', id).execute()).toEqual([
      { version_no: 1 },
    ]);
    expect(await assignmentsOf(id)).toHaveLength(12);
    expect((await logOf(id)).filter((e) => e.action === 'release')).toHaveLength(1);
  });

  it('refuses a change of kind once released', async () => {
    const id = await api.create();
    await api.save(id, definition({ settings: { ...SURVEY_SETTINGS_DEFAULT, publicLink: true } }));
    await api.ok('admin', 'POST', `/api/surveys/${id}/release`);
    const evaluation = definition({ kind: 'evaluation', dimensions: [{ id: 'd_all', title: '总体' }] });
    const body = await expectRefused(
      api.call('admin', 'PUT', `/api/surveys/${id}`, { definition: evaluation }),
      422,
      SurveyAdminMessages.kindLocked,
    );
    expect(body.data).toEqual({ errors: { 'definition.kind': [SurveyAdminMessages.kindLocked] } });
  });

  it('assigns an evaluation: each rater rates the leader of their own department, the leader rates nobody', async () => {
    const id = await api.create({ kind: 'evaluation', name: '研发组负责人评价' });
    await api.save(
      id,
      definition({
        kind: 'evaluation',
        title: '研发组负责人评价',
        dimensions: [{ id: 'd_lead', title: '领导力' }],
        pages: [
          { id: 'page1', questions: [{ id: 'q_lead', type: 'rating', title: '领导力', required: true, stars: 5, dimensionId: 'd_lead' }] },
        ],
      }),
    );
    await api.target(id, [{ kind: 'dept', ref_id: await deptId('研发组') }]);
    await api.ok('admin', 'POST', `/api/surveys/${id}/release`);
    const leader = await idOf(server, 'zhoujiu');
    const raters = await Promise.all(['liuyang', 'chenjing', 'yangfan', 'huangli'].map((u) => idOf(server, u)));
    expect(await assignmentsOf(id)).toEqual(
      raters.sort((a, b) => a - b).map((user_id) => ({ user_id, ratee_id: leader, state: 'pending' })),
    );
  });
});

describe('PUT /api/survey/{id}: status and deadline', () => {
  it('changes each and logs old and new values; moving to 1 goes through the release rules', async () => {
    const id = await api.create();
    await api.save(id, definition());
    // To 1 without targets: the release refusal, nothing changed.
    await expectRefused(api.call('admin', 'PUT', `/api/survey/${id}`, { status: 1 }), 422, SurveyApiMessages.noTargets);

    await api.target(id, [{ kind: 'user', ref_id: await idOf(server, 'zhangsan') }]);
    const deadline = at(24 * HOUR);
    const opened = await api.ok<SurveyDetail>('admin', 'PUT', `/api/survey/${id}`, { status: 1, deadline });
    expect(opened).toMatchObject({ status: 1, version_no: 1, deadline });
    expect(await assignmentsOf(id)).toHaveLength(1);

    // While collecting the deadline must lie ahead.
    await expectRefused(api.call('admin', 'PUT', `/api/survey/${id}`, { deadline: at(-HOUR) }), 422, SurveyApiMessages.deadlinePassed);
    const later = at(72 * HOUR);
    await api.ok('admin', 'PUT', `/api/survey/${id}`, { deadline: later });
    const closed = await api.ok<SurveyDetail>('admin', 'PUT', `/api/survey/${id}`, { status: 2 });
    expect(closed).toMatchObject({ status: 2, stored_status: 2, deadline: later });
    // A closed survey may get a past deadline; no change, no log.
    await api.ok('admin', 'PUT', `/api/survey/${id}`, { status: 2 });
    await expectRefused(api.call('admin', 'PUT', `/api/survey/${id}`, { status: 5 }), 422, SurveyApiMessages.statusInvalid);

    const log = (await logOf(id)).filter((e) => e.action.startsWith('change_'));
    expect(log.map((e) => [e.action, e.before, e.after])).toEqual([
      ['change_deadline', { deadline: null }, { deadline }],
      ['change_status', { status: 0 }, { status: 1, version_no: 1, new_version: true, assigned: 1 }],
      ['change_deadline', { deadline }, { deadline: later }],
      ['change_status', { status: 1 }, { status: 2 }],
    ]);
    expect(log[0]?.summary).toBe(SurveyAdminTexts.log.deadline('员工满意度调查'));
  });

  it('reopens a survey closed by its deadline when the deadline moves ahead', async () => {
    const id = await api.create();
    await api.save(id, definition({ settings: { ...SURVEY_SETTINGS_DEFAULT, publicLink: true } }));
    await api.ok('admin', 'POST', `/api/surveys/${id}/release`);
    await server.db
      .updateTable('surveys')
      .set({ deadline: at(-HOUR) })
      .where('id', '=', id)
      .execute();
    expect((await detail(id)).status).toBe(2);
    const reopened = await api.ok<SurveyDetail>('admin', 'PUT', `/api/survey/${id}`, { deadline: at(HOUR) });
    expect(reopened).toMatchObject({ status: 1, stored_status: 1 });
  });
});

describe('delete and replication', () => {
  it('deletes a survey nobody answered, and refuses one with responses', async () => {
    const unanswered = await api.create();
    await api.save(unanswered, definition());
    await api.target(unanswered, [{ kind: 'user', ref_id: await idOf(server, 'zhangsan') }]);
    await api.ok('admin', 'POST', `/api/surveys/${unanswered}/release`);
    const { body } = await api.call('admin', 'DELETE', `/api/surveys/${unanswered}`);
    expect(body).toMatchObject({ status_code: 0, message: SurveyApiMessages.deleted });
    expect((await api.call('admin', 'GET', `/api/surveys/${unanswered}`)).body.status_code).toBe(404);
    for (const table of ['survey_versions', 'survey_targets', 'survey_assignments'] as const) {
      expect(await server.db.selectFrom(table).select('survey_id').where('survey_id', '=', unanswered).execute()).toEqual([]);
    }
    expect((await logOf(unanswered)).at(-1)?.action).toBe('delete');

    const answered = await api.create();
    await api.save(answered, definition());
    await api.target(answered, [{ kind: 'user', ref_id: await idOf(server, 'zhangsan') }]);
    await api.ok('admin', 'POST', `/api/surveys/${answered}/release`);
    await insertResponse(answered, 'zhangsan');
    await expectRefused(api.call('admin', 'DELETE', `/api/surveys/${answered}`), 409, SurveyApiMessages.deleteAnswered(1));
  });

  it('copies the definition and targets into a new survey at status 0, without versions, assignments or answers', async () => {
    const id = await api.create({ deadline: at(HOUR) });
    await api.save(id, definition());
    const finance = await deptId('财务部');
    await api.target(id, [
      { kind: 'dept', ref_id: finance },
      { kind: 'user', ref_id: await idOf(server, 'wangwu'), exclude: 1 },
    ]);
    await api.ok('admin', 'POST', `/api/surveys/${id}/release`);
    await insertResponse(id, 'sunhao');

    const { id: copyId } = await api.ok<{ id: number }>('admin', 'POST', `/api/surveys/${id}/replication`);
    const [original, copy] = await Promise.all([detail(id), detail(copyId)]);
    const name = `员工满意度调查${SurveyAdminTexts.copySuffix}`;
    expect(copy).toMatchObject({ name, status: 0, stored_status: 0, version_no: 0, deadline: null, responses: 0, released_at: null });
    expect(copy.definition).toEqual({ ...original.definition, title: name });
    expect(copy.targets).toEqual(original.targets);
    expect(await assignmentsOf(copyId)).toEqual([]);
    expect(await server.db.selectFrom('survey_versions').select('id').where('survey_id', '=', copyId).execute()).toEqual([]);
    expect((await logOf(copyId)).map((e) => e.summary)).toEqual([SurveyAdminTexts.log.replicatedFrom(name, id)]);
    expect((await logOf(id)).at(-1)).toMatchObject({ action: 'replicate', after: { copy_id: copyId } });
  });
});

describe('permissions', () => {
  it('answers 403 to a user without survey_admin on every administration call, and changes nothing', async () => {
    const id = await api.create();
    await api.save(id, definition({ rules: [showWhyRule()] }));
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/surveys'],
      ['POST', '/api/surveys', { name: '越权' }],
      ['GET', `/api/surveys/${id}`],
      ['PUT', `/api/surveys/${id}`, { definition: definition() }],
      ['DELETE', `/api/surveys/${id}`],
      ['GET', `/api/surveys/${id}/preview`],
      ['POST', `/api/surveys/${id}/release`],
      ['POST', `/api/surveys/${id}/unrelease`],
      ['POST', `/api/surveys/${id}/replication`],
      ['PUT', `/api/survey/${id}`, { status: 2 }],
      ['GET', `/api/surveys/${id}/rules`],
      ['POST', `/api/surveys/${id}/rules`, { id: 'r_other', when: { kind: 'group', op: 'and', items: [] }, actions: [] }],
      ['PUT', `/api/surveys/${id}/rules`, { id: 'r_why', when: { kind: 'group', op: 'and', items: [] }, actions: [] }],
      ['DELETE', `/api/surveys/${id}/rules?rule_id=r_why`],
      ['POST', '/api/survey/target', { survey_id: id, targets: [] }],
      ['GET', `/api/survey/target?survey_id=${id}`],
      ['GET', `/api/survey/targetid?survey_id=${id}`],
      ['GET', `/api/survey/person?survey_id=${id}`],
      ['GET', '/api/survey/roles'],
    ];
    for (const [method, url, body] of calls) {
      const before = await snapshot();
      const result = await api.call('zhangsan', method, url, body);
      expect(result.status, `${method} ${url}`).toBe(403);
      expect(await snapshot()).toEqual(before);
    }
    // Without a session: 401.
    expect((await server.call('GET', '/api/surveys')).status).toBe(401);
  });

  it('lists every role for 填写范围 to a survey administrator who administers neither articles nor templates', async () => {
    // 胡琳 gets a role of survey_admin alone: the article and template role lists would refuse her.
    const role = await server.db
      .insertInto('roles')
      .values({ key: 'survey_editor', name: '问卷管理员' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await server.db.insertInto('role_permissions').values({ role_id: role.id, permission: 'survey_admin' }).execute();
    await server.db
      .insertInto('user_roles')
      .values({ user_id: await idOf(server, 'hulin'), role_id: role.id })
      .execute();
    expect((await api.call('hulin', 'GET', '/api/article/roles')).status).toBe(403);
    const answer = await api.call('hulin', 'GET', '/api/survey/roles');
    expect(answer.status).toBe(200);
    const roles = await server.db.selectFrom('roles').select(['id', 'name']).execute();
    const listed = (answer.body as { data: { id: number; name: string }[] }).data;
    expect([...listed].sort((a, b) => a.id - b.id)).toEqual(roles.sort((a, b) => a.id - b.id));
  });
});
