import {
  ALL_PERMISSIONS,
  GrantMessages,
  UserImportMessages,
  type AdminRole,
  type AdminUser,
  type PermissionGroup,
  type Paged,
  type RoleOption,
} from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, userId, type TestServer } from '../../../test/harness';
import { snapshot as userTables, upload, userSheet } from '../admin-users/test-support';
import { snapshot as orgTables } from './test-support';

/**
 * Nobody grants what they do not hold (issue 11, item 1). A user administrator (only sys_user) and a
 * role administrator (only sys_role) try every way up to the system administrator's power that the
 * product offered them; each is refused with 403 and its reason, changes nothing, and leaves an
 * authz_fail in the security trace. What they do hold, they may still grant.
 */

let server: TestServer;
let admin: string;
let userAdmin: string;
let roleAdmin: string;
const PASSWORD = 'Tq7#vLm2x';
const ids: Record<string, number> = {};

async function roleId(key: string): Promise<number> {
  return (await server.db.selectFrom('roles').select('id').where('key', '=', key).executeTakeFirstOrThrow()).id;
}

async function createUser(username: string, roles: string[]): Promise<number> {
  const created = await server.call<AdminUser>('POST', '/api/admin/users', {
    token: admin,
    body: {
      username,
      name: `测试${username}`,
      sex: '1',
      dept_id: ids.dept,
      station: '',
      mobile: '13911112222',
      mail: `${username}@xinghe-tech.cn`,
      roles,
      passwd: PASSWORD,
    },
  });
  expect(created.body.status_code, created.body.message).toBe(0);
  return created.body.data.id;
}

async function securityEvents(event: string, username: string) {
  return server.db
    .selectFrom('security_events')
    .selectAll()
    .where('event', '=', event)
    .where('username', '=', username)
    .orderBy('id')
    .execute();
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signIn('admin');
  ids.dept = (await server.db.selectFrom('depts').select('id').where('name', '=', '技术部').executeTakeFirstOrThrow()).id;
  for (const [key, name, permissions] of [
    ['user_admin_only', '仅用户管理', ['sys_user']],
    ['role_admin_only', '仅角色管理', ['sys_role']],
    ['spare_user_admin', '备用用户管理', ['sys_user']],
  ] as const) {
    const created = await server.call('POST', '/api/admin/roles', { token: admin, body: { key, name, permissions } });
    expect(created.body.status_code, created.body.message).toBe(0);
  }
  ids.ua = await createUser('grant.ua', ['user_admin_only']);
  ids.ra = await createUser('grant.ra', ['role_admin_only']);
  ids.plain = await createUser('grant.plain', []);
  ids.admin = await userId(server.db, 'admin');
  ids.adminSession = (
    await server.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', ids.admin)
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow()
  ).id;
  userAdmin = await server.signIn('grant.ua', PASSWORD);
  roleAdmin = await server.signIn('grant.ra', PASSWORD);
});
afterAll(async () => server.close());

describe('a user administrator without the other permissions', () => {
  it('is refused every way to the administrator role or account (403), nothing changes, each attempt is traced', async () => {
    const attempts: [string, string, () => unknown, string][] = [
      ['PUT', `/api/admin/users/${ids.ua}/roles`, () => ({ roles: ['user_admin_only', 'admin'] }), GrantMessages.ownRoles],
      ['PUT', `/api/admin/users/${ids.plain}/roles`, () => ({ roles: ['admin'] }), 'cannotGrant'],
      [
        'POST',
        '/api/admin/users',
        () => ({
          username: 'grant.mole',
          name: '内鬼',
          sex: '1',
          dept_id: ids.dept,
          mobile: '13911112222',
          mail: 'm@x.cn',
          roles: ['admin'],
          passwd: PASSWORD,
        }),
        'cannotGrant',
      ],
      ['PUT', `/api/admin/users/${ids.admin}/password`, () => ({ passwd: PASSWORD }), 'outranked'],
      ['PATCH', `/api/admin/users/${ids.admin}/status`, () => ({ status: 0 }), 'outranked'],
      // Enabling is refused as well: an account beyond the administrator is not theirs to switch back on.
      ['PATCH', `/api/admin/users/${ids.admin}/status`, () => ({ status: 1 }), 'outranked'],
      // Taking the administrator role away is as much beyond them as giving it.
      ['PUT', `/api/admin/users/${ids.admin}/roles`, () => ({ roles: [] }), 'outranked'],
      // The mail is where a password-reset link goes: editing it is taking the account.
      [
        'PUT',
        `/api/admin/users/${ids.admin}`,
        () => ({ name: '系统管理员', sex: '1', dept_id: ids.dept, station: '', mobile: '13900000000', mail: 'attacker@evil.example' }),
        'outranked',
      ],
      ['DELETE', `/api/admin/users/${ids.admin}/sessions`, () => undefined, 'outranked'],
      ['DELETE', `/api/admin/users/${ids.admin}/sessions/${ids.adminSession}`, () => undefined, 'outranked'],
    ];
    const beforeUsers = await userTables(server.db);
    const beforeOrg = await orgTables(server);
    const tracedBefore = (await securityEvents('authz_fail', 'grant.ua')).length;
    for (const [method, url, body, expected] of attempts) {
      const result = await server.call(method, url, { token: userAdmin, body: body() });
      expect(result.status, `${method} ${url}`).toBe(403);
      const message = result.body.message;
      if (expected === 'cannotGrant') expect(message, url).toMatch(/^不能授予或收回您自己没有的权限：.*角色与权限/);
      else if (expected === 'outranked') expect(message, url).toMatch(/^用户「系统管理员」拥有您没有的权限（.*角色与权限.*）/);
      else expect(message, url).toBe(expected);
    }
    expect(await userTables(server.db)).toEqual(beforeUsers);
    expect(await orgTables(server)).toEqual(beforeOrg);
    const traced = (await securityEvents('authz_fail', 'grant.ua')).slice(tracedBefore);
    expect(traced).toHaveLength(attempts.length);
    expect(traced.every((e) => e.user_id === ids.ua && e.ip !== '' && e.created_at !== '')).toBe(true);
    expect(traced.map((e) => e.detail.split('：')[0])).toEqual(attempts.map(([method, url]) => `${method} ${url}`));
    expect(traced[0]?.detail).toContain(GrantMessages.ownRoles);
    // The administrator can still sign in with the old password.
    await expect(server.signIn('admin')).resolves.toEqual(expect.any(String));
  });

  it('is refused an import that grants the administrator role: 403 listing the row, nobody imported, traced', async () => {
    const before = await userTables(server.db);
    const tracedBefore = (await securityEvents('authz_fail', 'grant.ua')).length;
    const sheet = await userSheet([
      ['grant.imp1', '导入甲', '男', '技术部', '', '13911112222', 'imp1@xinghe-tech.cn', ''],
      ['grant.imp2', '导入乙', '男', '技术部', '', '13911112222', 'imp2@xinghe-tech.cn', '系统管理员'],
      // Another problem in the same file is listed too, so that one pass fixes the file.
      ['grant.imp3', '导入丙', '男', '技术部', '', '13911112222', 'not-a-mail', '备用用户管理'],
    ]);
    const result = await upload(server, userAdmin, sheet, { passwd: PASSWORD });
    expect(result.status).toBe(403);
    const lacked = ALL_PERMISSIONS.filter((p) => p !== 'sys_user');
    expect(result.body.message).toBe(GrantMessages.cannotGrant(lacked));
    expect(result.body.data).toEqual({
      errors: { file: [UserImportMessages.failed(2)] },
      rows: [
        { row: 3, messages: [GrantMessages.rowCannotGrant(lacked)] },
        { row: 4, messages: [expect.stringContaining('邮箱')] },
      ],
    });
    expect(await userTables(server.db)).toEqual(before);
    const traced = (await securityEvents('authz_fail', 'grant.ua')).slice(tracedBefore);
    expect(traced.map((e) => e.detail)).toEqual([`POST /api/admin/users/import：${GrantMessages.cannotGrant(lacked)}`]);
  });

  it('imports users with roles within their own permissions, each grant traced as authz_change', async () => {
    const sheet = await userSheet([['grant.imp4', '导入丁', '男', '技术部', '', '13911112222', 'imp4@xinghe-tech.cn', '备用用户管理']]);
    const result = await upload(server, userAdmin, sheet, { passwd: PASSWORD });
    expect(result.body.status_code, result.body.message).toBe(0);
    const [change] = await securityEvents('authz_change', 'grant.imp4');
    expect(change?.detail).toBe('grant.ua：导入用户并授予角色 spare_user_admin');
  });

  it('sees which roles and accounts are beyond them, from the server', async () => {
    const options = await server.call<RoleOption[]>('GET', '/api/admin/users/role-options', { token: userAdmin });
    const adminRole = options.body.data.find((r) => r.key === 'admin');
    expect(adminRole?.grantable).toBe(false);
    expect(adminRole?.blocked_reason).toMatch(/^不能授予/);
    expect(options.body.data.find((r) => r.key === 'user_admin_only')).toMatchObject({ grantable: true, blocked_reason: '' });
    const list = await server.call<Paged<AdminUser>>('GET', '/api/admin/users?keyword=admin', { token: userAdmin });
    const adminRow = list.body.data.list.find((u) => u.username === 'admin');
    expect(adminRow?.abilities).toEqual({ manage: false, roles: false });
    expect(adminRow?.manage_blocked_reason).toMatch(/^用户「系统管理员」拥有您没有的权限/);
    const self = (await server.call<AdminUser>('GET', `/api/admin/users/${ids.ua}`, { token: userAdmin })).body.data;
    expect(self.abilities).toEqual({ manage: true, roles: false });
    expect(self.roles_blocked_reason).toBe(GrantMessages.ownRoles);
    expect(adminRow?.roles_blocked_reason).toBe(adminRow?.manage_blocked_reason);
  });

  it('still grants what they hold, and the change is traced as authz_change', async () => {
    const result = await server.call<AdminUser>('PUT', `/api/admin/users/${ids.plain}/roles`, {
      token: userAdmin,
      body: { roles: ['spare_user_admin'] },
    });
    expect(result.body.status_code, result.body.message).toBe(0);
    expect(result.body.data.roles.map((r) => r.key)).toEqual(['spare_user_admin']);
    const [change] = await securityEvents('authz_change', 'grant.plain');
    expect(change?.user_id).toBe(ids.plain);
    expect(change?.detail).toContain('grant.ua');
    expect(change?.detail).toContain('spare_user_admin');
    // Taking it back is allowed for the same reason.
    const back = await server.call('PUT', `/api/admin/users/${ids.plain}/roles`, { token: userAdmin, body: { roles: [] } });
    expect(back.body.status_code).toBe(0);
  });
});

describe('a role administrator without the other permissions', () => {
  it('is refused adding permissions they lack to their own role, and editing or creating roles beyond them (403), nothing changes', async () => {
    const own = await roleId('role_admin_only');
    const attempts: [string, string, unknown, string | RegExp][] = [
      [
        'PUT',
        `/api/admin/roles/${own}/permissions`,
        { permissions: ['sys_role', 'sys_user', 'sys_log', 'bill_admin'] },
        // Named in the registry's order, whatever order they were sent in.
        GrantMessages.cannotGrant(['sys_user', 'sys_log', 'bill_admin']),
      ],
      [
        'PUT',
        `/api/admin/roles/${await roleId('admin')}/permissions`,
        { permissions: ['sys_role'] },
        /^角色「系统管理员」含有您没有的权限/,
      ],
      ['PUT', `/api/admin/roles/${await roleId('admin')}`, { name: '不再是管理员' }, /^角色「系统管理员」含有您没有的权限/],
      [
        'DELETE',
        `/api/admin/roles/${await roleId('spare_user_admin')}`,
        undefined,
        GrantMessages.cannotEditRole('备用用户管理', ['sys_user']),
      ],
      ['POST', '/api/admin/roles', { key: 'escalate', name: '提权', permissions: ['sys_user'] }, GrantMessages.cannotGrant(['sys_user'])],
    ];
    const before = await orgTables(server);
    const tracedBefore = (await securityEvents('authz_fail', 'grant.ra')).length;
    for (const [method, url, body, expected] of attempts) {
      const result = await server.call(method, url, { token: roleAdmin, body });
      expect(result.status, `${method} ${url}`).toBe(403);
      if (typeof expected === 'string') expect(result.body.message, `${method} ${url}`).toBe(expected);
      else expect(result.body.message, `${method} ${url}`).toMatch(expected);
    }
    expect(await orgTables(server)).toEqual(before);
    const traced = (await securityEvents('authz_fail', 'grant.ra')).slice(tracedBefore);
    expect(traced.map((e) => e.detail.split('：')[0])).toEqual(attempts.map(([method, url]) => `${method} ${url}`));
  });

  it('sees which roles and permissions are beyond them, and still edits within their own permissions (traced)', async () => {
    const roles = await server.call<AdminRole[]>('GET', '/api/admin/roles', { token: roleAdmin });
    expect(roles.body.data.find((r) => r.key === 'admin')).toMatchObject({ abilities: { edit: false, delete: false } });
    expect(roles.body.data.find((r) => r.key === 'role_admin_only')).toMatchObject({ abilities: { edit: true }, edit_blocked_reason: '' });
    const registry = (await server.call<PermissionGroup[]>('GET', '/api/admin/permissions', { token: roleAdmin })).body.data;
    const permission = (key: string) => registry.flatMap((g) => g.permissions).find((p) => p.key === key);
    expect(permission('sys_role')).toMatchObject({ grantable: true, blocked_reason: '' });
    expect(permission('sys_user')).toMatchObject({ grantable: false, blocked_reason: GrantMessages.permissionNotHeld });
    const created = await server.call<{ id: number }>('POST', '/api/admin/roles', {
      token: roleAdmin,
      body: { key: 'role_deputy', name: '角色副管理', permissions: ['sys_role'] },
    });
    expect(created.body.status_code, created.body.message).toBe(0);
    const change = (await securityEvents('authz_change', 'grant.ra')).at(-1);
    expect(change?.user_id).toBe(ids.ra);
    expect(change?.detail).toContain('role_deputy');
  });
});

describe('the system administrator', () => {
  it('holds every permission and so still grants every role', async () => {
    const result = await server.call<AdminUser>('PUT', `/api/admin/users/${ids.plain}/roles`, { token: admin, body: { roles: ['admin'] } });
    expect(result.body.status_code, result.body.message).toBe(0);
    expect(result.body.data.abilities).toEqual({ manage: true, roles: true });
    expect((await securityEvents('authz_change', 'grant.plain')).at(-1)?.detail).toBe('admin：角色 无 → admin');
  });

  it('edits and deletes any role, each change traced as authz_change', async () => {
    const spare = await roleId('spare_user_admin');
    const edited = await server.call('PUT', `/api/admin/roles/${spare}/permissions`, {
      token: admin,
      body: { permissions: ['sys_user', 'sys_log'] },
    });
    expect(edited.body.status_code, edited.body.message).toBe(0);
    expect((await securityEvents('authz_change', 'admin')).at(-1)?.detail).toBe('角色 spare_user_admin 权限 sys_user → sys_log,sys_user');
    // Its one member (imported above) leaves first: a role with members is not deleted.
    const member = await userId(server.db, 'grant.imp4');
    expect((await server.call('PUT', `/api/admin/users/${member}/roles`, { token: admin, body: { roles: [] } })).body.status_code).toBe(0);
    const deleted = await server.call('DELETE', `/api/admin/roles/${spare}`, { token: admin });
    expect(deleted.body.status_code, deleted.body.message).toBe(0);
    expect((await securityEvents('authz_change', 'admin')).at(-1)?.detail).toBe('删除角色 spare_user_admin，权限 sys_log,sys_user');
  });
});
