import { EntrustMessages, type EntrustTemplateOption, type EntrustView, type OperationLogEntry, type Paged } from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { idOf, linearGraph, SIMPLE_FORM } from '../bills/test-support';
import { createPerson, type Person } from '../handover/test-support';

/**
 * What the 审批委托 page reads and does (issue 13): each entrust with its state (生效中/未开始/已结束), template names
 * and the owner's abilities; 提前结束 keeps the record; an entrust that started is never deleted or rewritten.
 */

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signIn('admin');
});
afterAll(async () => server.close());

const hours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

async function create(owner: Person, delegate: Person, start: number, end: number, templateIds: number[] = []) {
  const created = await server.call<EntrustView>('POST', '/api/users/billEntrust', {
    token: owner.token,
    body: { delegate_id: delegate.id, template_ids: templateIds, start_at: hours(start), end_at: hours(end) },
  });
  expect(created.body.status_code, created.body.message).toBe(0);
  return created.body.data;
}

const list = async (person: Person, role = 'all') =>
  (await server.call<EntrustView[]>('GET', `/api/users/billEntrust?role=${role}`, { token: person.token })).body.data;

describe('the 审批委托 page', () => {
  it('lists states, template names and abilities; ends a running entrust early and keeps it', async () => {
    const [owner, delegate] = [await createPerson(server, admin, '委托人A'), await createPerson(server, admin, '受托人B')];
    const templates = await server.call<EntrustTemplateOption[]>('GET', '/api/users/billEntrust/templates', { token: owner.token });
    const leave = templates.body.data.find((t) => t.name === '请假申请');
    expect(leave).toMatchObject({ group_name: '人事行政' });
    const running = await create(owner, delegate, -1, 24, [leave?.id ?? 0]);
    const later = await create(owner, delegate, 48, 72);
    // An ended one: its period has passed (written as it would stand a day later).
    const past = await create(owner, delegate, 100, 110);
    await server.db
      .updateTable('bill_entrusts')
      .set({ start_at: hours(-30), end_at: hours(-20) })
      .where('id', '=', past.id)
      .execute();

    const rows = await list(owner, 'given');
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(running.id)).toMatchObject({
      state: 'active',
      state_text: '生效中',
      template_names: ['请假申请'],
      abilities: { edit: true, end: true, delete: false },
    });
    expect(byId.get(later.id)).toMatchObject({
      state: 'pending',
      state_text: '未开始',
      template_names: [],
      abilities: { edit: true, end: false, delete: true },
    });
    expect(byId.get(past.id)).toMatchObject({
      state: 'ended',
      state_text: '已结束',
      abilities: { edit: false, end: false, delete: false },
    });
    // The delegate sees them received, with nothing to do on them.
    expect((await list(delegate, 'received')).find((r) => r.id === running.id)?.abilities).toEqual({
      edit: false,
      end: false,
      delete: false,
    });

    // Someone else — the delegate included — may not end it.
    expect((await server.call('PATCH', `/api/users/billEntrust/${running.id}/end`, { token: delegate.token })).status).toBe(403);
    const ended = await server.call<EntrustView>('PATCH', `/api/users/billEntrust/${running.id}/end`, { token: owner.token });
    expect(ended.body).toMatchObject({ status_code: 0, message: EntrustMessages.ended, data: { state: 'ended' } });
    expect(new Date(ended.body.data.end_at).getTime()).toBeLessThanOrEqual(Date.now());
    expect((await list(owner, 'given')).map((r) => r.id)).toContain(running.id);
    // Ended, it is no longer followed for new tasks.
    const active = await server.db
      .selectFrom('bill_entrusts')
      .select('id')
      .where('user_id', '=', owner.id)
      .where('start_at', '<=', new Date().toISOString())
      .where('end_at', '>', new Date().toISOString())
      .execute();
    expect(active).toEqual([]);

    const logs = await server.call<Paged<OperationLogEntry>>('GET', `/api/syslog?item_type=entrust&item_id=${running.id}`, {
      token: admin,
    });
    expect(logs.body.data.list[0]).toMatchObject({ action: 'end' });
    expect(logs.body.data.list[0]?.summary).toMatch(/^提前结束 委托人A 给 受托人B（.+） 的审批委托（原定 .+ 至 .+）$/);
  });

  it('refuses to end what is not running, to delete what started and to rewrite what ended, changing nothing', async () => {
    const [owner, delegate] = [await createPerson(server, admin, '委托人C'), await createPerson(server, admin, '受托人D')];
    const later = await create(owner, delegate, 48, 72);
    const running = await create(owner, delegate, -1, 24);
    const snapshot = () => server.db.selectFrom('bill_entrusts').selectAll().where('user_id', '=', owner.id).orderBy('id').execute();
    const before = await snapshot();

    expect((await server.call('PATCH', `/api/users/billEntrust/${later.id}/end`, { token: owner.token })).body).toMatchObject({
      status_code: 409,
      message: EntrustMessages.endNotActive,
    });
    expect((await server.call('DELETE', `/api/users/billEntrust/${running.id}`, { token: owner.token })).body).toMatchObject({
      status_code: 409,
      message: EntrustMessages.deleteStarted,
    });
    expect((await server.call('PATCH', '/api/users/billEntrust/abc/end', { token: owner.token })).body.status_code).toBe(422);
    expect((await server.call('PATCH', '/api/users/billEntrust/999999/end', { token: owner.token })).body.status_code).toBe(404);
    expect((await server.call('PATCH', `/api/users/billEntrust/${running.id}/end`)).status).toBe(401);
    expect(await snapshot()).toEqual(before);

    await server.call('PATCH', `/api/users/billEntrust/${running.id}/end`, { token: owner.token });
    const ended = await snapshot();
    const edit = await server.call('PUT', `/api/users/billEntrust/${running.id}`, {
      token: owner.token,
      body: { delegate_id: delegate.id, start_at: hours(-1), end_at: hours(200) },
    });
    expect(edit.body).toMatchObject({ status_code: 409, message: EntrustMessages.editEnded });
    expect((await server.call('PATCH', `/api/users/billEntrust/${running.id}/end`, { token: owner.token })).body.status_code).toBe(409);
    expect(await snapshot()).toEqual(ended);

    // Not started: deleted for good.
    expect((await server.call('DELETE', `/api/users/billEntrust/${later.id}`, { token: owner.token })).body.status_code).toBe(0);
    expect((await snapshot()).map((r) => r.id)).toEqual([running.id]);
  });

  it('offers IPTV templates to IPTV roles only, and names them to nobody else', async () => {
    const groups = await server.call<{ id: number }[]>('GET', '/api/template/groups', { token: admin });
    const made = await server.call<{ id: number; name: string }>('POST', '/api/iptvtemplates', {
      token: admin,
      body: {
        group_id: groups.body.data[0]?.id,
        name: `IPTV结算变更${Date.now() % 100000}`,
        form_schema: SIMPLE_FORM,
        flow: linearGraph([[{ type: 'orsign', userIds: [await idOf(server, 'zhaoliu')] }]]),
      },
    });
    expect(made.body.status_code, made.body.message).toBe(0);
    const iptv = made.body.data;
    const [plain, iptvUser] = [
      await createPerson(server, admin, '普通员工E'),
      await createPerson(server, admin, 'IPTV员工F', ['staff', 'iptv']),
    ];
    const ids = async (p: Person) =>
      (await server.call<EntrustTemplateOption[]>('GET', '/api/users/billEntrust/templates', { token: p.token })).body.data.map(
        (t) => t.id,
      );
    expect(await ids(plain)).not.toContain(iptv.id);
    expect(await ids(iptvUser)).toContain(iptv.id);
    expect((await server.call('GET', '/api/users/billEntrust/templates')).status).toBe(401);

    // An IPTV user's entrust naming it, seen by a delegate without IPTV roles: the name stays hidden.
    const created = await create(iptvUser, plain, -1, 24, [iptv.id]);
    expect(created.template_names).toEqual([iptv.name]);
    expect((await list(plain, 'received')).find((r) => r.id === created.id)?.template_names).toEqual([`IPTV模板#${iptv.id}`]);
  });
});
