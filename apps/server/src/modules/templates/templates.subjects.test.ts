import { TemplateSubjectMessages, type TemplateDetail } from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { Tokens } from '../bills/test-support';

/**
 * Templates bound to a module (templates.subject_kind, template-subjects.ts): the demo 请假申请 serves leave; its form
 * keeps the fields 申请请假 fills, a second enabled template cannot serve leave too, an IPTV template serves nothing, and
 * an administrator binds and unbinds a template in 基础设置 — each refusal changing nothing.
 */

let server: TestServer;
let tokens: Tokens;

beforeAll(async () => {
  server = await startTestServer();
  tokens = new Tokens(server);
});
afterAll(async () => server.close());

async function call<T>(method: string, url: string, body?: unknown) {
  return server.call<T>(method, url, { token: await tokens.get('admin'), ...(body !== undefined ? { body } : {}) });
}

const idOfTemplate = async (name: string) =>
  (await server.db.selectFrom('templates').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

async function detail(id: number): Promise<TemplateDetail> {
  const answer = await call<TemplateDetail>('GET', `/api/templates/${id}`);
  expect(answer.body.status_code, answer.body.message).toBe(0);
  return answer.body.data;
}

/** The PUT body that keeps the template as it is, apart from `changes`. */
function bodyOf(template: TemplateDetail, changes: Record<string, unknown> = {}) {
  return {
    group_id: template.group_id,
    name: template.name,
    description: template.description,
    icon: template.icon,
    status: template.status,
    form_schema: template.form_schema,
    starters: template.starters,
    publish: false,
    ...changes,
  };
}

const stored = async (id: number) =>
  server.db.selectFrom('templates').select(['subject_kind', 'form_schema', 'updated_at']).where('id', '=', id).executeTakeFirstOrThrow();

describe('a template bound to leave', () => {
  it('keeps the fields 申请请假 fills: removing one is refused at the form and changes nothing', async () => {
    const id = await idOfTemplate('请假申请');
    const template = await detail(id);
    expect(template.subject_kind).toBe('leave');
    const before = await stored(id);
    const fields = template.form_schema.fields.filter((field) => field.key !== 'start_half');
    const answer = await call('PUT', `/api/templates/${id}`, bodyOf(template, { form_schema: { fields } }));
    expect(answer.body.status_code).toBe(422);
    expect(answer.body.message).toBe(TemplateSubjectMessages.fieldMissing('请假', '开始时段', 'start_half', '单选、下拉单选、单行文本'));
    expect(await stored(id)).toEqual(before);

    // A 请假天数 counted from the dates by the bill form would contradict the work calendar.
    const counted = template.form_schema.fields.map((field) => (field.key === 'days' ? { ...field, daysOf: 'period' } : field));
    const daysOf = await call('PUT', `/api/templates/${id}`, bodyOf(template, { form_schema: { fields: counted } }));
    expect(daysOf.body.message).toBe(TemplateSubjectMessages.noDaysOf('请假天数'));
  });

  it('is the only enabled one: a second is refused, an ordinary template is bound once the first lets go', async () => {
    const leaveId = await idOfTemplate('请假申请');
    const outingId = await idOfTemplate('外出申请');
    const outing = await detail(outingId);
    // 外出申请 lacks the halves: its form cannot serve leave.
    const unfit = await call('PUT', `/api/templates/${outingId}`, bodyOf(outing, { subject_kind: 'leave' }));
    expect(unfit.body.status_code).toBe(422);
    expect((await stored(outingId)).subject_kind).toBeNull();

    const leave = await detail(leaveId);
    const copy = await call<TemplateDetail>('POST', '/api/templates', {
      ...bodyOf(leave, { name: `请假申请（新版）${Date.now() % 100000}`, subject_kind: 'leave', status: 1 }),
      flow: leave.flow,
    });
    expect(copy.body.status_code).toBe(422);
    expect(copy.body.message).toBe(TemplateSubjectMessages.taken('请假', '请假申请'));

    // Created disabled, bound; it may not be switched on while 请假申请 serves leave.
    const spare = await call<TemplateDetail>('POST', '/api/templates', {
      ...bodyOf(leave, { name: `请假申请（备用）${Date.now() % 100000}`, subject_kind: 'leave', status: 0 }),
      flow: leave.flow,
    });
    expect(spare.body.status_code, spare.body.message).toBe(0);
    expect(spare.body.data.subject_kind).toBe('leave');
    const on = await call('PUT', `/api/templates/${spare.body.data.id}`, bodyOf(spare.body.data, { status: 1 }));
    expect(on.body.message).toBe(TemplateSubjectMessages.taken('请假', '请假申请'));
    const unbound = await call<TemplateDetail>(
      'PUT',
      `/api/templates/${spare.body.data.id}`,
      bodyOf(spare.body.data, { subject_kind: null }),
    );
    expect(unbound.body.status_code, unbound.body.message).toBe(0);
    expect((await stored(spare.body.data.id)).subject_kind).toBeNull();
    // The demo binding is untouched.
    expect((await stored(leaveId)).subject_kind).toBe('leave');
  });

  it('refuses an unknown use and an IPTV template', async () => {
    const outingId = await idOfTemplate('外出申请');
    const outing = await detail(outingId);
    const unknown = await call('PUT', `/api/templates/${outingId}`, bodyOf(outing, { subject_kind: 'payroll' }));
    expect(unknown.body.status_code).toBe(422);
    expect(unknown.body.message).toBe(TemplateSubjectMessages.kindInvalid);
    const before = (await server.db.selectFrom('templates').select('id').execute()).length;
    const iptv = await call('POST', '/api/iptvtemplates', {
      ...bodyOf(outing, { name: `IPTV 请假${Date.now() % 100000}`, subject_kind: 'leave' }),
      form_schema: (await detail(await idOfTemplate('请假申请'))).form_schema,
    });
    expect(iptv.body.status_code).toBe(422);
    expect(iptv.body.message).toBe(TemplateSubjectMessages.iptv);
    expect((await server.db.selectFrom('templates').select('id').execute()).length).toBe(before);
  });
});
