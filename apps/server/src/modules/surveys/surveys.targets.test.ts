import {
  SURVEY_SETTINGS_DEFAULT,
  SURVEY_TARGETS_MAX,
  SurveyAdminMessages,
  SurveyApiMessages,
  type OperationLogEntry,
  type Paged,
  type SurveyPersonItem,
  type SurveyTargetView,
} from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { idOf, idsOf } from '../bills/test-support';
import { AdminApi, definition } from './surveys-admin.test-support';

/**
 * Targets (issue 16): departments with their sub-departments, roles, people and exclusions, resolved through the
 * directory to active people only; the people list before release (the resolution) and after it (the assignments).
 * The demo company: 技术部 holds 研发组 and 运维组; role 财务人员 is wangwu, sunhao and majuan.
 */

let server: TestServer;
let api: AdminApi;

beforeAll(async () => {
  server = await startTestServer();
  api = new AdminApi(server);
});
afterAll(async () => server.close());

async function deptId(name: string): Promise<number> {
  return (await server.db.selectFrom('depts').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
}

async function roleId(key: string): Promise<number> {
  return (await server.db.selectFrom('roles').select('id').where('key', '=', key).executeTakeFirstOrThrow()).id;
}

async function resolved(surveyId: number): Promise<number[]> {
  return (await api.ok<{ user_ids: number[] }>('admin', 'GET', `/api/survey/targetid?survey_id=${surveyId}`)).user_ids;
}

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

async function snapshot() {
  const [targets, assignments, logs] = await Promise.all([
    server.db.selectFrom('survey_targets').selectAll().orderBy('survey_id').orderBy('kind').orderBy('ref_id').execute(),
    server.db.selectFrom('survey_assignments').selectAll().orderBy('id').execute(),
    server.db.selectFrom('operation_logs').select('id').execute(),
  ]);
  return { targets, assignments, logs: logs.length };
}

async function setStatus(username: string, status: number): Promise<void> {
  await server.db.updateTable('users').set({ status }).where('username', '=', username).execute();
  await server.accessChanged();
}

const TECH = ['zhangsan', 'lisi', 'hanbing', 'fengxiao'];
const DEV = ['zhoujiu', 'liuyang', 'chenjing', 'yangfan', 'huangli'];
const OPS = ['wushi', 'zhaolei', 'xumin'];

describe('target resolution', () => {
  it('takes a department with its sub-departments, roles and people, less the exclusions', async () => {
    const id = await api.create();
    await api.target(id, [{ kind: 'dept', ref_id: await deptId('技术部') }]);
    expect(await resolved(id)).toEqual(sorted(await idsOf(server, [...TECH, ...DEV, ...OPS])));

    await api.target(id, [
      { kind: 'dept', ref_id: await deptId('技术部') },
      { kind: 'role', ref_id: await roleId('finance') },
      { kind: 'user', ref_id: await idOf(server, 'gaoyan') },
      // Exclusions win over every inclusion: a sub-department, a person named twice, a role.
      { kind: 'dept', ref_id: await deptId('运维组'), exclude: 1 },
      { kind: 'user', ref_id: await idOf(server, 'zhangsan'), exclude: 1 },
      { kind: 'role', ref_id: await roleId('leader'), exclude: 1 },
    ]);
    // The 部门负责人 role takes out lisi and zhoujiu; wangwu leads 财务部 but holds staff and finance only, so stays.
    const holdsLeaderRole = ['lisi', 'zhoujiu'];
    const expected = [...TECH, ...DEV, 'wangwu', 'sunhao', 'majuan', 'gaoyan'].filter(
      (u) => u !== 'zhangsan' && !holdsLeaderRole.includes(u),
    );
    expect(await resolved(id)).toEqual(sorted(await idsOf(server, expected)));

    const views = await api.ok<SurveyTargetView[]>('admin', 'GET', `/api/survey/target?survey_id=${id}`);
    expect(views).toEqual([
      { kind: 'dept', ref_id: await deptId('技术部'), exclude: 0, name: '技术部' },
      { kind: 'role', ref_id: await roleId('finance'), exclude: 0, name: '财务人员' },
      { kind: 'user', ref_id: await idOf(server, 'gaoyan'), exclude: 0, name: '高燕' },
      { kind: 'dept', ref_id: await deptId('运维组'), exclude: 1, name: '运维组' },
      { kind: 'role', ref_id: await roleId('leader'), exclude: 1, name: '部门负责人' },
      { kind: 'user', ref_id: await idOf(server, 'zhangsan'), exclude: 1, name: '张三' },
    ]);
  });

  it('leaves out disabled people, and a person both included and excluded is excluded', async () => {
    const id = await api.create();
    const fengxiao = await idOf(server, 'fengxiao');
    await api.target(id, [
      { kind: 'dept', ref_id: await deptId('研发组') },
      { kind: 'user', ref_id: fengxiao },
      { kind: 'user', ref_id: fengxiao, exclude: 1 },
    ]);
    const targets = await api.ok<SurveyTargetView[]>('admin', 'GET', `/api/survey/target?survey_id=${id}`);
    expect(targets.filter((t) => t.kind === 'user')).toEqual([{ kind: 'user', ref_id: fengxiao, exclude: 1, name: '冯晓' }]);
    await setStatus('liuyang', 0);
    try {
      expect(await resolved(id)).toEqual(
        sorted(
          await idsOf(
            server,
            DEV.filter((u) => u !== 'liuyang'),
          ),
        ),
      );
      // A disabled person cannot be named.
      const before = await snapshot();
      const liuyang = await idOf(server, 'liuyang');
      const { body } = await api.call('admin', 'POST', '/api/survey/target', {
        survey_id: id,
        targets: [{ kind: 'user', ref_id: liuyang }],
      });
      expect(body).toMatchObject({ status_code: 422, data: { errors: { targets: [SurveyApiMessages.usersMissing([liuyang])] } } });
      expect(await snapshot()).toEqual(before);
    } finally {
      await setStatus('liuyang', 1);
    }
  });

  it('refuses departments, roles and people that do not exist, and malformed targets, changing nothing', async () => {
    const id = await api.create();
    await api.target(id, [{ kind: 'dept', ref_id: await deptId('财务部') }]);
    const before = await snapshot();
    const { body } = await api.call('admin', 'POST', '/api/survey/target', {
      survey_id: id,
      targets: [
        { kind: 'dept', ref_id: 99001 },
        { kind: 'role', ref_id: 99002 },
        { kind: 'user', ref_id: 99003, exclude: 1 },
      ],
    });
    expect(body).toMatchObject({
      status_code: 422,
      message: SurveyApiMessages.deptsMissing([99001]),
      data: {
        errors: {
          targets: [
            SurveyApiMessages.deptsMissing([99001]),
            SurveyApiMessages.rolesMissing([99002]),
            SurveyApiMessages.usersMissing([99003]),
          ],
        },
      },
    });
    const kind = await api.call('admin', 'POST', '/api/survey/target', { survey_id: id, targets: [{ kind: 'job', ref_id: 1 }] });
    expect(kind.body).toMatchObject({ status_code: 422, data: { errors: { 'targets.0.kind': [SurveyApiMessages.targetKindInvalid] } } });
    const many = Array.from({ length: SURVEY_TARGETS_MAX + 1 }, (_, i) => ({ kind: 'user', ref_id: i + 1 }));
    const tooMany = await api.call('admin', 'POST', '/api/survey/target', { survey_id: id, targets: many });
    expect(tooMany.body).toMatchObject({ status_code: 422, message: SurveyApiMessages.targetsTooMany });
    expect(await snapshot()).toEqual(before);
  });

  it('logs each change of targets with the old and new lists', async () => {
    const id = await api.create();
    const finance = await deptId('财务部');
    await api.target(id, [{ kind: 'dept', ref_id: finance }]);
    await api.target(id, []);
    const page = await api.ok<Paged<OperationLogEntry>>('admin', 'GET', `/api/syslog?item_type=survey&item_id=${id}`);
    const changes = page.list.filter((e) => e.action === 'update_targets').reverse();
    expect(changes.map((e) => [e.before, e.after])).toEqual([
      [{ targets: [] }, { targets: [{ kind: 'dept', ref_id: finance, exclude: 0 }] }],
      [{ targets: [{ kind: 'dept', ref_id: finance, exclude: 0 }] }, { targets: [] }],
    ]);
  });
});

describe('GET /api/survey/person', () => {
  it('previews whom a release would assign, then lists the assignments with their state', async () => {
    const id = await api.create();
    await api.save(id, definition());
    await api.target(id, [{ kind: 'dept', ref_id: await deptId('运维组') }]);
    const preview = await api.ok<Paged<SurveyPersonItem>>('admin', 'GET', `/api/survey/person?survey_id=${id}`);
    expect(preview.total).toBe(3);
    const wushi = await idOf(server, 'wushi');
    expect(preview.list.find((p) => p.user_id === wushi)).toEqual({
      user_id: wushi,
      name: '吴十',
      username: 'wushi',
      dept_id: await deptId('运维组'),
      dept_name: '运维组',
      ratee_id: 0,
      ratee_name: null,
      state: null,
      submitted_at: null,
      reminded_at: null,
    });
    const paged = await api.ok<Paged<SurveyPersonItem>>('admin', 'GET', `/api/survey/person?survey_id=${id}&per_page=2&page=2`);
    expect(paged).toMatchObject({ total: 3, page: 2, per_page: 2 });
    expect(paged.list).toHaveLength(1);

    await api.ok('admin', 'POST', `/api/surveys/${id}/release`);
    const xumin = await idOf(server, 'xumin');
    const remindedAt = new Date().toISOString();
    await server.db
      .updateTable('survey_assignments')
      .set({ state: 'draft', reminded_at: remindedAt })
      .where('survey_id', '=', id)
      .where('user_id', '=', xumin)
      .execute();
    // After release the people are the assignments: someone who joins the department later is not listed.
    await server.db
      .updateTable('users')
      .set({ dept_id: await deptId('运维组') })
      .where('username', '=', 'gaoyan')
      .execute();
    await server.accessChanged();
    try {
      const people = await api.ok<Paged<SurveyPersonItem>>('admin', 'GET', `/api/survey/person?survey_id=${id}`);
      expect(people.list.map((p) => [p.username, p.state])).toEqual([
        ['wushi', 'pending'],
        ['zhaolei', 'pending'],
        ['xumin', 'draft'],
      ]);
      const drafts = await api.ok<Paged<SurveyPersonItem>>('admin', 'GET', `/api/survey/person?survey_id=${id}&state=draft`);
      expect(drafts.list).toEqual([
        expect.objectContaining({ user_id: xumin, state: 'draft', reminded_at: remindedAt, dept_name: '运维组' }),
      ]);
      const byName = await api.ok<Paged<SurveyPersonItem>>(
        'admin',
        'GET',
        `/api/survey/person?survey_id=${id}&keyword=${encodeURIComponent('赵')}`,
      );
      expect(byName.list.map((p) => p.username)).toEqual(['zhaolei']);
      const byUsername = await api.ok<Paged<SurveyPersonItem>>('admin', 'GET', `/api/survey/person?survey_id=${id}&keyword=XUM`);
      expect(byUsername.list.map((p) => p.username)).toEqual(['xumin']);
    } finally {
      await server.db
        .updateTable('users')
        .set({ dept_id: await deptId('综合管理部') })
        .where('username', '=', 'gaoyan')
        .execute();
      await server.accessChanged();
    }
    const bad = await api.call('admin', 'GET', `/api/survey/person?survey_id=${id}&state=done`);
    expect(bad.body).toMatchObject({ status_code: 422, message: SurveyAdminMessages.stateInvalid });
  });

  it('shows an evaluation’s raters with the person each rates', async () => {
    const id = await api.create({ kind: 'evaluation' });
    await api.save(
      id,
      definition({
        kind: 'evaluation',
        dimensions: [{ id: 'd_all', title: '总体' }],
        settings: { ...SURVEY_SETTINGS_DEFAULT },
      }),
    );
    await api.target(id, [{ kind: 'dept', ref_id: await deptId('财务部') }]);
    const people = await api.ok<Paged<SurveyPersonItem>>('admin', 'GET', `/api/survey/person?survey_id=${id}`);
    // wangwu leads 财务部 and rates nobody; the others rate wangwu.
    expect(people.list.map((p) => [p.username, p.ratee_name])).toEqual([
      ['sunhao', '王五'],
      ['majuan', '王五'],
    ]);
  });
});
