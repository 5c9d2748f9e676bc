import { PERMISSIONS, type AdminDept, type AdminRole, type MenuItem, type PermissionGroup, type UserProfile } from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, userId, type TestServer } from '../../../test/harness';
import { lastOperation, snapshot } from './test-support';

/** The approval area of the seeded menu, which every signed-in user sees. */
const APPROVAL = [
  '/office',
  '/office/approval',
  '/office/approval/todo',
  '/office/approval/done',
  '/office/approval/mine',
  '/office/approval/draft',
  '/office/approval/tracked',
  '/office/approval/shared',
  '/office/approval/entrust',
];

/** 问卷 (issue 16): every signed-in user answers surveys; 问卷管理 needs survey_admin. */
const SURVEYS = ['/survey', '/survey/mine', '/feedback/pending'];
/** 假期管理 (issue 17): everyone's own leave and the records they may read. */
const LEAVE = ['/holiday', '/holiday/mine', '/holiday/details'];
/** The menu every signed-in person has, before what a role adds. */
const EVERYONE = ['/home', '/dashboard/index', '/article/list', ...APPROVAL, ...SURVEYS, ...LEAVE];

let server: TestServer;
let admin: string;
let zhangsan: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signIn('admin');
  zhangsan = await server.signIn('zhangsan');
});
afterAll(async () => server.close());

async function roleId(key: string): Promise<number> {
  const row = await server.db.selectFrom('roles').select('id').where('key', '=', key).executeTakeFirstOrThrow();
  return row.id;
}

async function roles(): Promise<AdminRole[]> {
  const { body } = await server.call<AdminRole[]>('GET', '/api/admin/roles', { token: admin });
  expect(body.status_code).toBe(0);
  return body.data;
}

const paths = (items: MenuItem[]): string[] => items.flatMap((i) => [i.path, ...paths(i.children)]);

describe('role administration permissions', () => {
  it('needs sign-in', async () => {
    expect((await server.call('GET', '/api/admin/roles')).status).toBe(401);
    expect((await server.call('GET', '/api/admin/permissions')).status).toBe(401);
  });

  it('answers 403 to a user without sys_role on every endpoint and changes nothing', async () => {
    const staff = await roleId('staff');
    const before = await snapshot(server);
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/roles'],
      ['GET', '/api/admin/permissions'],
      ['POST', '/api/admin/roles', { key: 'hackers', name: '黑客', permissions: ['sys_role'] }],
      ['PUT', `/api/admin/roles/${staff}`, { name: '改名' }],
      ['PUT', `/api/admin/roles/${staff}/permissions`, { permissions: ['sys_role', 'sys_user'] }],
      ['DELETE', `/api/admin/roles/${await roleId('finance')}`],
    ];
    for (const [method, url, body] of calls) {
      const result = await server.call(method, url, { token: zhangsan, body });
      expect(result.status, `${method} ${url}`).toBe(403);
    }
    expect(await snapshot(server)).toBe(before);
  });
});

describe('GET /api/admin/roles and /api/admin/permissions', () => {
  it('lists roles with their grants and member counts', async () => {
    const list = await roles();
    expect(list.find((r) => r.key === 'admin')).toMatchObject({ name: '系统管理员', member_count: 1, abilities: { delete: false } });
    expect(list.find((r) => r.key === 'staff')).toMatchObject({ member_count: 29, permissions: ['point_rank'] });
    expect(list.find((r) => r.key === 'iptv_rule')?.delete_blocked_reason).toBe(
      '该角色下还有 1 名成员，请先在用户管理中取消他们的该角色后再删除',
    );
  });

  it('gives the registry grouped by area with Chinese names', async () => {
    const { body } = await server.call<PermissionGroup[]>('GET', '/api/admin/permissions', { token: admin });
    const system = body.data.find((g) => g.group === '系统管理');
    expect(system?.permissions).toContainEqual({ key: 'sys_dept', name: '部门管理', grantable: true, blocked_reason: '' });
    expect(body.data.map((g) => g.group).slice(0, 3)).toEqual(['积分', 'IPTV', '系统管理']);
    // Every registry key appears once, whatever areas later issues add.
    expect(body.data.flatMap((g) => g.permissions.map((p) => p.key)).sort()).toEqual(Object.keys(PERMISSIONS).sort());
  });
});

describe('creating, renaming and deleting roles', () => {
  it('refuses a bad key, a taken key or name and unknown permissions, naming each, changing nothing', async () => {
    const before = await snapshot(server);
    const badKey = await server.call('POST', '/api/admin/roles', { token: admin, body: { key: 'Dept-Admin', name: '部门管理员' } });
    expect(badKey.body).toMatchObject({
      status_code: 422,
      data: { errors: { key: ['角色标识须为 2–32 位小写字母、数字或下划线，并以字母开头'] } },
    });
    const takenKey = await server.call('POST', '/api/admin/roles', { token: admin, body: { key: 'staff', name: '员工2' } });
    expect(takenKey.body).toMatchObject({ status_code: 422, data: { errors: { key: ['角色标识「staff」已被使用，请换一个'] } } });
    const takenName = await server.call('POST', '/api/admin/roles', { token: admin, body: { key: 'staff2', name: '普通员工' } });
    expect(takenName.body).toMatchObject({ status_code: 422, data: { errors: { name: ['已有名为「普通员工」的角色，请换一个名称'] } } });
    const unknown = await server.call('POST', '/api/admin/roles', {
      token: admin,
      body: { key: 'dept_admin', name: '部门管理员', permissions: ['sys_dept', 'fly', 'root'] },
    });
    expect(unknown.body).toMatchObject({
      status_code: 422,
      message: '未知的权限标识：fly、root',
      data: { errors: { permissions: ['未知的权限标识：fly、root'] } },
    });
    const blank = await server.call('POST', '/api/admin/roles', { token: admin, body: { key: 'dept_admin' } });
    expect(blank.body).toMatchObject({ status_code: 422, data: { errors: { name: ['请填写角色名称'] } } });
    expect(await snapshot(server)).toBe(before);
  });

  it('creates a role with permissions and logs it', async () => {
    const result = await server.call<{ id: number }>('POST', '/api/admin/roles', {
      token: admin,
      body: { key: 'dept_admin', name: '部门管理员', permissions: ['sys_dept', 'sys_dept'] },
    });
    expect(result.body).toMatchObject({ status_code: 0, message: '角色已创建' });
    expect((await roles()).find((r) => r.key === 'dept_admin')).toMatchObject({
      id: result.body.data.id,
      permissions: ['sys_dept'],
      member_count: 0,
      abilities: { delete: true },
    });
    expect((await lastOperation(server, 'role'))?.summary).toBe('新建角色「部门管理员」（dept_admin），权限：部门管理');
  });

  it('renames a role, refusing a blank name', async () => {
    const id = await roleId('dept_admin');
    const before = await snapshot(server);
    const blank = await server.call('PUT', `/api/admin/roles/${id}`, { token: admin, body: { name: '' } });
    expect(blank.body).toMatchObject({ status_code: 422, data: { errors: { name: ['请填写角色名称'] } } });
    expect(await snapshot(server)).toBe(before);
    const renamed = await server.call('PUT', `/api/admin/roles/${id}`, { token: admin, body: { name: '部门管理专员' } });
    expect(renamed.body.status_code).toBe(0);
    expect((await roles()).find((r) => r.id === id)?.name).toBe('部门管理专员');
  });

  it('refuses to delete a role that has members, and deletes an empty one with its grants', async () => {
    const before = await snapshot(server);
    const finance = await server.call('DELETE', `/api/admin/roles/${await roleId('finance')}`, { token: admin });
    expect(finance.body).toMatchObject({ status_code: 409, message: '该角色下还有 3 名成员，请先在用户管理中取消他们的该角色后再删除' });
    expect(await snapshot(server)).toBe(before);

    const { body } = await server.call<{ id: number }>('POST', '/api/admin/roles', {
      token: admin,
      body: { key: 'temp', name: '临时', permissions: ['point_rank'] },
    });
    const deleted = await server.call('DELETE', `/api/admin/roles/${body.data.id}`, { token: admin });
    expect(deleted.body).toMatchObject({ status_code: 0, message: '角色已删除' });
    expect(await server.db.selectFrom('role_permissions').selectAll().where('role_id', '=', body.data.id).execute()).toEqual([]);
    expect((await lastOperation(server, 'role'))?.action).toBe('delete');
  });
});

describe('PUT /api/admin/roles/:id/permissions', () => {
  it('names an unknown key and changes nothing', async () => {
    const before = await snapshot(server);
    const result = await server.call('PUT', `/api/admin/roles/${await roleId('staff')}/permissions`, {
      token: admin,
      body: { permissions: ['point_rank', 'superuser'] },
    });
    expect(result.body).toMatchObject({ status_code: 422, data: { errors: { permissions: ['未知的权限标识：superuser'] } } });
    const notList = await server.call('PUT', `/api/admin/roles/${await roleId('staff')}/permissions`, {
      token: admin,
      body: { permissions: 'sys_dept' },
    });
    expect(notList.body).toMatchObject({ status_code: 422, data: { errors: { permissions: ['权限须为权限标识的列表'] } } });
    expect(await snapshot(server)).toBe(before);
  });

  it("takes effect on the member's next request: menu, profile and the API itself", async () => {
    const role = await roleId('dept_admin');
    await server.db
      .insertInto('user_roles')
      .values({ user_id: await userId(server.db, 'zhangsan'), role_id: role })
      .execute();
    await server.accessChanged();
    const menuPaths = async () => paths((await server.call<MenuItem[]>('GET', '/api/user/menu', { token: zhangsan })).body.data);
    expect(await menuPaths()).toEqual([...EVERYONE, '/system', '/system/depts']);
    expect((await server.call<AdminDept[]>('GET', '/api/admin/depts', { token: zhangsan })).status).toBe(200);

    const changed = await server.call('PUT', `/api/admin/roles/${role}/permissions`, {
      token: admin,
      body: { permissions: ['sys_menu', 'point_rank'] },
    });
    expect(changed.body).toMatchObject({ status_code: 0, message: '权限已保存，用户下一次操作时生效' });
    expect(await menuPaths()).toEqual([...EVERYONE, '/system', '/system/menus']);
    const profile = await server.call<UserProfile>('GET', '/api/user/profile', { token: zhangsan });
    expect(profile.body.data.permissions).toContain('sys_menu');
    expect(profile.body.data.permissions).not.toContain('sys_dept');
    expect(profile.body.data.roles).toContain('dept_admin');
    expect((await server.call('GET', '/api/admin/depts', { token: zhangsan })).status).toBe(403);
    expect((await lastOperation(server, 'role'))?.summary).toBe('修改角色「部门管理专员」的权限，增加：积分排行、菜单管理，移除：部门管理');
  });

  it('refuses to leave no enabled user able to grant permissions, changing nothing', async () => {
    const adminRole = await roleId('admin');
    const before = await snapshot(server);
    const result = await server.call('PUT', `/api/admin/roles/${adminRole}/permissions`, {
      token: admin,
      body: { permissions: ['sys_user', 'sys_dept'] },
    });
    expect(result.body).toMatchObject({
      status_code: 422,
      message: '至少要有一名已启用的用户保有「角色与权限」权限，否则将无人能再分配权限，此修改已取消',
    });
    expect(await snapshot(server)).toBe(before);
  });

  it('allows removing it from a role when another enabled user keeps it', async () => {
    const adminRole = await roleId('admin');
    const deptAdmin = await roleId('dept_admin');
    await server.call('PUT', `/api/admin/roles/${deptAdmin}/permissions`, { token: admin, body: { permissions: ['sys_role'] } });
    const result = await server.call('PUT', `/api/admin/roles/${adminRole}/permissions`, {
      token: admin,
      body: { permissions: ['sys_user', 'sys_dept'] },
    });
    expect(result.body.status_code).toBe(0);
    // zhangsan is now the only one; disabled people do not count, so he cannot lose it either.
    const again = await server.call('PUT', `/api/admin/roles/${deptAdmin}/permissions`, { token: zhangsan, body: { permissions: [] } });
    expect(again.body.status_code).toBe(422);
    expect((await server.call<UserProfile>('GET', '/api/user/profile', { token: admin })).body.data.permissions).not.toContain('sys_role');
  });
});
