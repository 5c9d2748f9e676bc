import { GrantMessages, type AdminRole, type AdminUser, type Paged, type RoleOption } from '@osp/shared';
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
      // The mail is where a password-reset link goes: editing it is taking the account.
      [
        'PUT',
        `/api/admin/users/${ids.admin}`,
        () => ({ name: '系统管理员', sex: '1', dept_id: ids.dept, station: '', mobile: '13900000000', mail: 'attacker@evil.example' }),
        'outranked',
      ],
      ['DELETE', `/api/admin/users/${ids.admin}/sessions`, () => undefined, 'outranked'],
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
    expect(traced[0]?.detail).toContain(GrantMessages.ownRoles);
    // The administrator can still sign in with the old password.
    await expect(server.signIn('admin')).resolves.toEqual(expect.any(String));
  });

  it('is refused an import that grants the administrator role, and nobody is imported', async () => {
    const before = await userTables(server.db);
    const sheet = await userSheet([['grant.imp', '导入者', '男', '技术部', '', '13911112222', 'imp@xinghe-tech.cn', '系统管理员']]);
    const result = await upload(server, userAdmin, sheet, { passwd: PASSWORD });
    expect(result.status).toBe(403);
    expect(result.body.message).toMatch(/^不能授予或收回您自己没有的权限：/);
    expect(await userTables(server.db)).toEqual(before);
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
        GrantMessages.cannotGrant(['bill_admin', 'sys_log', 'sys_user']),
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
    for (const [method, url, body, expected] of attempts) {
      const result = await server.call(method, url, { token: roleAdmin, body });
      expect(result.status, `${method} ${url}`).toBe(403);
      if (typeof expected === 'string') expect(result.body.message, `${method} ${url}`).toBe(expected);
      else expect(result.body.message, `${method} ${url}`).toMatch(expected);
    }
    expect(await orgTables(server)).toEqual(before);
    expect((await securityEvents('authz_fail', 'grant.ra')).length).toBeGreaterThanOrEqual(attempts.length);
  });

  it('sees which roles and permissions are beyond them, and still edits within their own permissions (traced)', async () => {
    const roles = await server.call<AdminRole[]>('GET', '/api/admin/roles', { token: roleAdmin });
    expect(roles.body.data.find((r) => r.key === 'admin')).toMatchObject({ abilities: { edit: false, delete: false } });
    expect(roles.body.data.find((r) => r.key === 'role_admin_only')).toMatchObject({ abilities: { edit: true }, edit_blocked_reason: '' });
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
  });
});
