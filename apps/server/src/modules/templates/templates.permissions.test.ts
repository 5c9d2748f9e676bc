import type { FlowGraph, JobMember, TemplateDetail } from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { idOf, linearGraph, SIMPLE_FORM, Tokens } from '../bills/test-support';

/**
 * Issue 5: every template and job endpoint that administers refuses a user without `template_admin` (403,
 * nothing written, nothing logged). 张三 holds no permission of the area; 赵六 holds the IPTV ones, which let
 * him read IPTV templates but not change them. The reads that starting a bill needs stay open (last test).
 */

let server: TestServer;
let tokens: Tokens;
let ids: { group: number; template: number; iptv: number; job: number; member: string; link: string };

beforeAll(async () => {
  server = await startTestServer();
  tokens = new Tokens(server);
  const admin = await tokens.get('admin');
  const lisi = await idOf(server, 'lisi');
  const post = async <T>(url: string, body: unknown) => {
    const result = await server.call<T>('POST', url, { token: admin, body });
    expect(result.body.status_code, result.body.message).toBe(0);
    return result.body.data;
  };
  const group = await post<{ id: number }>('/api/template/groups', { name: '权限测试' });
  const body = { group_id: group.id, form_schema: SIMPLE_FORM, flow: linearGraph([[{ type: 'orsign', userIds: [lisi] }]]) };
  const template = await post<TemplateDetail>('/api/templates', { ...body, name: '权限模板' });
  const iptv = await post<TemplateDetail>('/api/iptvtemplates', { ...body, name: '权限 IPTV 模板' });
  const job = await post<{ id: number }>('/api/jobs', { name: '权限岗位' });
  const member = await post<JobMember>(`/api/jobs/${job.id}/members`, { user_id: lisi });
  ids = {
    group: group.id,
    template: template.id,
    iptv: iptv.id,
    job: job.id,
    member: member.uuid,
    link: template.flow?.links[0]?.id ?? '',
  };
});
afterAll(async () => server.close());

/** Row counts of everything these endpoints write, and of the log. */
async function state() {
  const tables = [
    'template_groups',
    'templates',
    'template_versions',
    'template_nodes',
    'template_node_links',
    'template_starters',
    'jobs',
    'job_members',
    'operation_logs',
  ] as const;
  const counts = await Promise.all(
    tables.map(async (table) =>
      Number(
        (
          await server.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ),
  );
  const [groups, templates] = await Promise.all([
    server.db.selectFrom('template_groups').selectAll().orderBy('id').execute(),
    server.db.selectFrom('templates').selectAll().orderBy('id').execute(),
  ]);
  return { counts, groups, templates };
}

type Row = [method: string, url: (i: typeof ids) => string, body?: (i: typeof ids) => unknown];

const templateBody = (i: typeof ids) => ({ group_id: i.group, name: '越权', form_schema: SIMPLE_FORM });
const node = { type: 'approve', name: '越权', steps: [{ id: 's', name: '越权', type: 'orsign', source: { kind: 'initiator' } }] };
const preview = (): { form_schema: typeof SIMPLE_FORM; flow: FlowGraph; form: Record<string, string> } => ({
  form_schema: SIMPLE_FORM,
  flow: linearGraph([[{ type: 'orsign', userIds: [1] }]]),
  form: {},
});

/** The administering endpoints of templates (both kinds) and jobs. */
const ADMIN_ENDPOINTS: Row[] = [
  ['POST', () => '/api/template/groups', () => ({ name: '越权' })],
  ['PUT', (i) => `/api/template/groups/${i.group}`, () => ({ name: '越权' })],
  ['DELETE', (i) => `/api/template/groups/${i.group}`],
  ['POST', () => '/api/template/groups/sort', (i) => ({ ids: [i.group] })],
  ['GET', () => '/api/template/roles'],
  ['GET', () => '/api/templates?all=1'],
  ['POST', () => '/api/templates', templateBody],
  ['PUT', (i) => `/api/templates/${i.template}`, templateBody],
  ['DELETE', (i) => `/api/templates/${i.template}`],
  ['POST', (i) => `/api/templates/${i.template}/copy`],
  ['POST', () => '/api/templates/sort', (i) => ({ ids: [i.template] })],
  ['POST', () => '/api/templates/flow-preview', preview],
  ['GET', (i) => `/api/templates/${i.template}/nodes`],
  ['POST', (i) => `/api/templates/${i.template}/nodes`, () => ({ ...node, id: 'x', links: [] })],
  ['GET', (i) => `/api/templates/${i.template}/nodes/n1`],
  ['PUT', (i) => `/api/templates/${i.template}/nodes/n1`, () => node],
  ['DELETE', (i) => `/api/templates/${i.template}/nodes/n1`],
  ['POST', (i) => `/api/templates/${i.template}/nodeLinks`, () => ({ from: 'start', to: 'end' })],
  ['DELETE', (i) => `/api/templates/nodeLinks/${i.link}`],
  ['GET', () => '/api/iptvtemplates?all=1'],
  ['POST', () => '/api/iptvtemplates', templateBody],
  ['PUT', (i) => `/api/iptvtemplates/${i.iptv}`, templateBody],
  ['DELETE', (i) => `/api/iptvtemplates/${i.iptv}`],
  ['POST', (i) => `/api/iptvtemplates/${i.iptv}/copy`],
  ['GET', (i) => `/api/templates/${i.iptv}/nodes`],
  ['GET', () => '/api/jobs'],
  ['POST', () => '/api/jobs', () => ({ name: '越权' })],
  ['GET', (i) => `/api/jobs/${i.job}`],
  ['PUT', (i) => `/api/jobs/${i.job}`, () => ({ name: '越权' })],
  ['DELETE', (i) => `/api/jobs/${i.job}`],
  ['GET', (i) => `/api/jobs/${i.job}/templates`],
  ['GET', (i) => `/api/jobs/${i.job}/members`],
  ['POST', (i) => `/api/jobs/${i.job}/members`, () => ({ user_id: 1 })],
  ['PUT', (i) => `/api/jobs/${i.job}/members/${i.member}`, () => ({ dept_ids: [] })],
  ['DELETE', (i) => `/api/jobs/${i.job}/members/${i.member}`],
];

describe('template administration', () => {
  it.each(['zhangsan', 'zhaoliu'])('refuses %s on every administering endpoint, writing and logging nothing', async (user) => {
    const token = await tokens.get(user);
    const before = await state();
    for (const [method, url, body] of ADMIN_ENDPOINTS) {
      const result = await server.call(method, url(ids), { token, ...(body ? { body: body(ids) } : {}) });
      expect(result.status, `${user} ${method} ${url(ids)}`).toBe(403);
    }
    expect(await state()).toEqual(before);
  });

  it('asks for a sign-in first', async () => {
    for (const [method, url, body] of ADMIN_ENDPOINTS) {
      const result = await server.call(method, url(ids), body ? { body: body(ids) } : {});
      expect(result.status, `${method} ${url(ids)}`).toBe(401);
    }
  });

  it('leaves open what starting a bill needs: groups, the startable list, a template, favourites', async () => {
    const token = await tokens.get('zhangsan');
    for (const [method, url] of [
      ['GET', '/api/template/groups'],
      ['GET', `/api/template/groups/${ids.group}`],
      ['GET', '/api/templates'],
      ['GET', `/api/templates/${ids.template}`],
      ['POST', `/api/templates/${ids.template}/favorite`],
      ['POST', `/api/templates/${ids.template}/unfavorite`],
    ] as const) {
      const result = await server.call(method, url, { token });
      expect(result.body.status_code, `${method} ${url}`).toBe(0);
    }
    // The administrators themselves may do each of the refused calls (a sample; the other tests do them all).
    const admin = await tokens.get('admin');
    for (const url of [
      '/api/template/roles',
      '/api/templates?all=1',
      `/api/jobs/${ids.job}/templates`,
      `/api/templates/${ids.iptv}/nodes`,
    ]) {
      expect((await server.call('GET', url, { token: admin })).body.status_code, url).toBe(0);
    }
  });
});
