import type { BillEntrust, OperationLogEntry, Paged } from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { idOf, Tokens } from '../bills/test-support';

/** Issue 3: every write of an entrust leaves one operation-log row, read only with sys_log. */

let server: TestServer;
let tokens: Tokens;

beforeAll(async () => {
  server = await startTestServer();
  tokens = new Tokens(server);
});
afterAll(async () => server.close());

async function call<T>(user: string, method: string, url: string, body?: unknown) {
  return server.call<T>(method, url, {
    token: await tokens.get(user),
    headers: { service: 'system' },
    ...(body !== undefined ? { body } : {}),
  });
}

const hours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

async function lastLogId(): Promise<number> {
  const row = await server.db
    .selectFrom('operation_logs')
    .select((eb) => eb.fn.max('id').as('m'))
    .executeTakeFirst();
  return Number(row?.m ?? 0);
}

const rowsSince = (id: number) => server.db.selectFrom('operation_logs').selectAll().where('id', '>', id).orderBy('id').execute();

describe('operation log of entrusts', () => {
  it('logs create, update and delete by the owner; refusals log nothing; only sys_log reads it', async () => {
    const [hanbing, sunhao] = [await idOf(server, 'hanbing'), await idOf(server, 'sunhao')];
    const body = { delegate_id: hanbing, start_at: hours(24), end_at: hours(48), reason: '出差' };

    let since = await lastLogId();
    const created = await call<BillEntrust>('lisi', 'POST', '/api/users/billEntrust', body);
    expect(created.body.status_code).toBe(0);
    const id = created.body.data.id;
    let rows = await rowsSince(since);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ item_type: 'entrust', item_id: String(id), action: 'create', username: 'lisi', service: 'system' });
    expect(rows[0]?.summary).toMatch(/^李四 委托 韩冰（hanbing） 代为审批（.+ 至 .+，全部模板）$/);
    expect(JSON.parse(rows[0]?.after_json ?? '{}')).toMatchObject({ delegate: '韩冰（hanbing）', templates: '全部模板', reason: '出差' });

    // Refused: overlap (422), someone else's entrust (403).
    since = await lastLogId();
    expect((await call('lisi', 'POST', '/api/users/billEntrust', { ...body, delegate_id: sunhao })).body.status_code).toBe(422);
    expect((await call('sunhao', 'PUT', `/api/users/billEntrust/${id}`, body)).status).toBe(403);
    expect((await call('sunhao', 'DELETE', `/api/users/billEntrust/${id}`)).status).toBe(403);
    expect(await rowsSince(since)).toHaveLength(0);

    since = await lastLogId();
    expect((await call('lisi', 'PUT', `/api/users/billEntrust/${id}`, { ...body, delegate_id: sunhao })).body.status_code).toBe(0);
    rows = await rowsSince(since);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      item_type: 'entrust',
      item_id: String(id),
      action: 'update',
      username: 'lisi',
      service: 'system',
      summary: '修改 李四 给 韩冰（hanbing） 的审批委托：受托人改为 孙浩（sunhao）',
    });
    expect(JSON.parse(rows[0]?.before_json ?? '{}')).toEqual({ delegate: '韩冰（hanbing）' });
    expect(JSON.parse(rows[0]?.after_json ?? '{}')).toEqual({ delegate: '孙浩（sunhao）' });

    since = await lastLogId();
    expect((await call('lisi', 'DELETE', `/api/users/billEntrust/${id}`)).body.status_code).toBe(0);
    rows = await rowsSince(since);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ item_type: 'entrust', item_id: String(id), action: 'delete', username: 'lisi', service: 'system' });

    const url = `/api/syslog?item_type=entrust&item_id=${id}`;
    const history = await call<Paged<OperationLogEntry>>('admin', 'GET', url);
    expect(history.body.data.list.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
    expect((await call('lisi', 'GET', url)).status).toBe(403);
    expect((await call('zhangsan', 'GET', url)).status).toBe(403);
  });
});
