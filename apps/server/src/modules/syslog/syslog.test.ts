import type { OperationLogEntry, Paged } from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, userId, type TestServer } from '../../../test/harness';
import type { Caller } from '../../context';
import { recordOperation } from './syslog.service';

let server: TestServer;
let admin: Caller;

beforeAll(async () => {
  server = await startTestServer();
  const id = await userId(server.db, 'admin');
  admin = {
    userId: id,
    username: 'admin',
    sessionId: 0,
    roles: ['admin'],
    permissions: [],
    user: { id, username: 'admin', name: '系统管理员' } as Caller['user'],
  };
  const actor = { caller: admin, service: 'system' };
  await recordOperation(server.db, actor, {
    itemType: 'user',
    itemId: 7,
    action: 'update',
    summary: '修改用户 zhangsan（张三）',
    before: { mobile: '13800000000', password_hash: 'secret-hash' },
    after: { mobile: '13900000000', password: 'Secret@123' },
  });
  await recordOperation(server.db, actor, { itemType: 'dept', itemId: 7, action: 'create', summary: '新建部门 测试部' });
  await recordOperation(
    server.db,
    { caller: admin, service: 'other' },
    { itemType: 'user', itemId: 8, action: 'disable', summary: '禁用用户' },
  );

  // 林雪 administers departments only.
  const role = await server.db
    .insertInto('roles')
    .values({ key: 'dept_admin', name: '部门管理员' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await server.db.insertInto('role_permissions').values({ role_id: role.id, permission: 'sys_dept' }).execute();
  await server.db
    .insertInto('user_roles')
    .values({ user_id: await userId(server.db, 'linxue'), role_id: role.id })
    .execute();
  await server.accessChanged();
});
afterAll(async () => server.close());

describe('GET /api/syslog', () => {
  it('lists one item’s history, newest first, with who, when and from which area', async () => {
    const token = await server.signIn('admin');
    const result = await server.call<Paged<OperationLogEntry>>('GET', '/api/syslog?item_type=user&item_id=7', { token });
    expect(result.body.status_code).toBe(0);
    expect(result.body.data.total).toBe(1);
    expect(result.body.data.list[0]).toMatchObject({
      username: 'admin',
      user_name: '系统管理员',
      service: 'system',
      item_type: 'user',
      item_id: '7',
      action: 'update',
      before: { mobile: '13800000000' },
      after: { mobile: '13900000000' },
    });
  });

  it('never stores a password or a hash, whatever the caller passed', async () => {
    const row = await server.db
      .selectFrom('operation_logs')
      .selectAll()
      .where('item_type', '=', 'user')
      .where('item_id', '=', '7')
      .executeTakeFirstOrThrow();
    expect(`${row.before_json} ${row.after_json}`).not.toMatch(/secret|Secret@123|password/i);
  });

  it('filters by the Service header the change came from (service_id) and pages', async () => {
    const token = await server.signIn('admin');
    const result = await server.call<Paged<OperationLogEntry>>('GET', '/api/syslog?service_id=system&per_page=1&page=2', { token });
    expect(result.body.data).toMatchObject({ total: 2, page: 2, per_page: 1 });
    expect(result.body.data.list).toHaveLength(1);
    expect(result.body.data.list[0]?.item_type).toBe('user');
  });

  it('lets an administrator of one area read only that area’s history', async () => {
    const token = await server.signIn('linxue');
    const depts = await server.call<Paged<OperationLogEntry>>('GET', '/api/syslog?item_type=dept&item_id=7', { token });
    expect(depts.body.data.total).toBe(1);
    expect((await server.call('GET', '/api/syslog?item_type=user&item_id=7', { token })).status).toBe(403);
    // Without a type, only the readable types are listed.
    const all = await server.call<Paged<OperationLogEntry>>('GET', '/api/syslog', { token });
    expect(all.body.data.list.map((e) => e.item_type)).toEqual(['dept']);
  });

  it('refuses a user who administers nothing with 403', async () => {
    const result = await server.call('GET', '/api/syslog?item_type=user&item_id=7', { token: await server.signIn('zhangsan') });
    expect(result.status).toBe(403);
  });

  it('answers bad paging with a Chinese message naming the field', async () => {
    const result = await server.call('GET', '/api/syslog?per_page=500', { token: await server.signIn('admin') });
    expect(result.body).toMatchObject({ status_code: 422, data: { errors: { per_page: ['每页最多 100 条'] } } });
  });

  it('needs a token', async () => {
    expect((await server.call('GET', '/api/syslog')).status).toBe(401);
  });
});
