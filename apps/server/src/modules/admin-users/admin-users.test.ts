import {
  AdminUserMessages,
  GrantMessages,
  PasswordMessages,
  ProfileMessages,
  type AdminUser,
  type MenuItem,
  type OperationLogEntry,
  type Paged,
  type RoleOption,
  type UserProfile,
  type UserSession,
} from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, userId, type TestServer } from '../../../test/harness';
import { download, snapshot, upload, userSheet } from './test-support';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signIn('admin');
});
afterAll(async () => server.close());

const BASE = '/api/admin/users';
const paths = (items: MenuItem[]): string[] => items.flatMap((i) => [i.path, ...paths(i.children)]);

async function deptId(name: string): Promise<number> {
  return (await server.db.selectFrom('depts').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
}

function newUser(overrides: Record<string, unknown> = {}) {
  return {
    username: 'xiaoming',
    name: '王小明',
    sex: '1',
    station: '实习生',
    mobile: '13911112222',
    mail: 'xiaoming@xinghe-tech.cn',
    roles: ['staff'],
    passwd: 'Tq7#vLm2x',
    ...overrides,
  };
}

async function logsFor(itemType: string, itemId: number): Promise<OperationLogEntry[]> {
  const rows = await server.db
    .selectFrom('operation_logs')
    .selectAll()
    .where('item_type', '=', itemType)
    .where('item_id', '=', String(itemId))
    .orderBy('id')
    .execute();
  return rows.map(({ before_json, after_json, ...row }) => ({
    ...row,
    before: before_json ? (JSON.parse(before_json) as Record<string, unknown>) : null,
    after: after_json ? (JSON.parse(after_json) as Record<string, unknown>) : null,
  }));
}

describe('permissions', () => {
  it('answers 403 to a user without sys_user on every endpoint and changes nothing', async () => {
    const zhangsan = await server.signIn('zhangsan');
    const lisi = await userId(server.db, 'lisi');
    await server.signIn('lisi');
    const lisiSession = await server.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', lisi)
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow();
    const before = await snapshot(server.db);
    const dept = await deptId('技术部');
    const calls: [string, string, unknown?][] = [
      ['GET', BASE],
      ['GET', `${BASE}/${lisi}`],
      ['POST', BASE, newUser({ username: 'intruder', dept_id: dept })],
      ['PUT', `${BASE}/${lisi}`, { name: '篡改', sex: '1', dept_id: dept, mobile: '13911112222', mail: 'x@y.cn' }],
      ['PATCH', `${BASE}/${lisi}/status`, { status: 0 }],
      ['PUT', `${BASE}/${lisi}/password`, { passwd: 'Tq7#vLm2x', passwd_confirmation: 'Tq7#vLm2x' }],
      ['PUT', `${BASE}/${lisi}/roles`, { roles: ['admin'] }],
      ['GET', `${BASE}/role-options`],
      ['GET', `${BASE}/${lisi}/sessions`],
      ['DELETE', `${BASE}/${lisi}/sessions/${lisiSession.id}`],
      ['DELETE', `${BASE}/${lisi}/sessions`],
    ];
    for (const [method, url, body] of calls) {
      const result = await server.call(method, url, { token: zhangsan, body });
      expect(result.status, `${method} ${url}`).toBe(403);
      expect(result.body.message).toBe('您没有权限执行此操作');
    }
    for (const url of [`${BASE}/import-template`, `${BASE}/export`]) {
      expect((await download(server, url, zhangsan)).status, url).toBe(403);
    }
    const sheet = await userSheet([['intruder', '入侵者', '男', '技术部', '', '13911112222', 'in@x.cn', '系统管理员']]);
    expect((await upload(server, zhangsan, sheet, { passwd: 'Tq7#vLm2x' })).status).toBe(403);
    expect(await snapshot(server.db)).toEqual(before);
  });

  it('answers 401 without a token', async () => {
    expect((await server.call('GET', BASE)).status).toBe(401);
    expect((await server.call('POST', BASE, { body: newUser() })).status).toBe(401);
    expect((await download(server, `${BASE}/export`)).status).toBe(401);
  });
});

describe('GET /api/admin/users', () => {
  it('pages the list with the fields the page shows', async () => {
    const { body } = await server.call<Paged<AdminUser>>('GET', `${BASE}?page=1&per_page=5`, { token: admin });
    expect(body.status_code).toBe(0);
    expect(body.data).toMatchObject({ page: 1, per_page: 5 });
    expect(body.data.list).toHaveLength(5);
    expect(body.data.total).toBe(
      Number(
        (
          await server.db
            .selectFrom('users')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    );
    expect(Object.keys(body.data.list[0] ?? {}).sort()).toEqual(
      [
        'abilities',
        'created_at',
        'dept',
        'id',
        'mail',
        'manage_blocked_reason',
        'mobile',
        'name',
        'roles',
        'roles_blocked_reason',
        'sex',
        'station',
        'status',
        'username',
      ].sort(),
    );
  });

  it('searches name, username and mobile', async () => {
    const byName = await server.call<Paged<AdminUser>>('GET', `${BASE}?keyword=${encodeURIComponent('赵六')}`, { token: admin });
    expect(byName.body.data.list.map((u) => u.username)).toEqual(['zhaoliu']);
    const zhaoliu = byName.body.data.list[0];
    expect(zhaoliu).toMatchObject({ name: '赵六', dept: { name: 'IPTV业务部' }, station: 'IPTV业务经理', status: 1 });
    expect(zhaoliu?.roles.map((r) => r.key).sort()).toEqual(['iptv', 'staff']);
    expect(zhaoliu?.roles.find((r) => r.key === 'staff')?.name).toBe('普通员工');

    const byUsername = await server.call<Paged<AdminUser>>('GET', `${BASE}?keyword=ZHAOLIU`, { token: admin });
    expect(byUsername.body.data.list.map((u) => u.username)).toEqual(['zhaoliu']);

    const mobile = zhaoliu?.mobile.slice(3, 9) ?? 'x';
    const byMobile = await server.call<Paged<AdminUser>>('GET', `${BASE}?keyword=${mobile}`, { token: admin });
    expect(byMobile.body.data.list.map((u) => u.username)).toContain('zhaoliu');

    // A LIKE wildcard typed into the box means itself.
    const wildcard = await server.call<Paged<AdminUser>>('GET', `${BASE}?keyword=${encodeURIComponent('%')}`, { token: admin });
    expect(wildcard.body.data.total).toBe(0);
  });

  it('filters by a department including its sub-departments, and by status', async () => {
    const tech = await deptId('技术部');
    const { body } = await server.call<Paged<AdminUser>>('GET', `${BASE}?dept_id=${tech}&per_page=100`, { token: admin });
    const deptNames = new Set(body.data.list.map((u) => u.dept?.name));
    expect(deptNames).toEqual(new Set(['技术部', '研发组', '运维组']));
    const expected = await server.db
      .selectFrom('users')
      .innerJoin('depts', 'depts.id', 'users.dept_id')
      .select('users.username')
      .where('depts.name', 'in', ['技术部', '研发组', '运维组'])
      .execute();
    expect(body.data.list.map((u) => u.username).sort()).toEqual(expected.map((u) => u.username).sort());

    const disabled = await server.call<Paged<AdminUser>>('GET', `${BASE}?status=0`, { token: admin });
    expect(disabled.body.data.list.every((u) => u.status === 0)).toBe(true);
  });

  it('refuses a bad filter naming the field', async () => {
    const { body } = await server.call('GET', `${BASE}?status=5&per_page=1000`, { token: admin });
    expect(body.status_code).toBe(422);
    expect(body.data).toEqual({ errors: { per_page: ['每页最多 100 条'], status: [AdminUserMessages.statusInvalid] } });
  });
});

describe('GET /api/admin/users/{id}', () => {
  it('returns one user, or not-found', async () => {
    const id = await userId(server.db, 'wangwu');
    const { body } = await server.call<AdminUser>('GET', `${BASE}/${id}`, { token: admin });
    expect(body.data).toMatchObject({ id, username: 'wangwu', name: '王五', dept: { name: '财务部' } });
    expect(JSON.stringify(body.data)).not.toContain('argon2');
    expect((await server.call('GET', `${BASE}/999999`, { token: admin })).body.status_code).toBe(404);
    expect((await server.call('GET', `${BASE}/abc`, { token: admin })).body.status_code).toBe(404);
  });

  it('lists the roles that may be assigned', async () => {
    const { body } = await server.call<RoleOption[]>('GET', `${BASE}/role-options`, { token: admin });
    expect(body.data).toContainEqual({ key: 'admin', name: '系统管理员', grantable: true, blocked_reason: '' });
    expect(body.data).toContainEqual({ key: 'staff', name: '普通员工', grantable: true, blocked_reason: '' });
  });
});

describe('POST /api/admin/users', () => {
  it('creates a user who can sign in with the initial password; the log holds no secret', async () => {
    const dept = await deptId('研发组');
    const { body } = await server.call<AdminUser>('POST', BASE, { token: admin, body: newUser({ dept_id: dept }) });
    expect(body).toMatchObject({ status_code: 0, message: AdminUserMessages.created });
    expect(body.data).toMatchObject({ username: 'xiaoming', name: '王小明', dept: { id: dept, name: '研发组' }, status: 1 });
    expect(body.data.roles).toEqual([{ key: 'staff', name: '普通员工' }]);

    const token = await server.signIn('xiaoming', 'Tq7#vLm2x');
    const profile = await server.call<UserProfile>('GET', '/api/user/profile', { token });
    expect(profile.body.data).toMatchObject({ name: '王小明', dept: '研发组', roles: ['staff'] });

    const [log] = await logsFor('user', body.data.id);
    expect(log).toMatchObject({ action: 'create', username: 'admin', summary: '新建用户 xiaoming（王小明）' });
    expect(log?.after).toMatchObject({ username: 'xiaoming', dept_id: dept, roles: ['staff'] });
    expect(JSON.stringify(log)).not.toMatch(/Tq7#vLm2x|argon2|passwd|password/);
  });

  it('reports every invalid field and creates nobody', async () => {
    const before = await snapshot(server.db);
    const { body } = await server.call('POST', BASE, {
      token: admin,
      body: { username: 'Bad Name', name: '', sex: '3', mobile: '12345', mail: 'nope', passwd: 'abc12345', roles: 'admin' },
    });
    expect(body.status_code).toBe(422);
    expect(body.data).toEqual({
      errors: {
        username: [AdminUserMessages.usernameInvalid],
        name: [AdminUserMessages.nameRequired],
        sex: [ProfileMessages.sexRequired],
        dept_id: [AdminUserMessages.deptRequired],
        mobile: [ProfileMessages.mobileInvalid],
        mail: [ProfileMessages.mailInvalid],
        roles: ['格式不正确'],
        passwd: [PasswordMessages.strength],
      },
    });
    expect(await snapshot(server.db)).toEqual(before);
  });

  it('asks for a missing or empty 手机号 once, on create and on edit, and changes nothing', async () => {
    const before = await snapshot(server.db);
    const dept = await deptId('技术部');
    const { mobile: _omitted, ...withoutMobile } = newUser({ dept_id: dept });
    for (const body of [withoutMobile, newUser({ dept_id: dept, mobile: '' }), newUser({ dept_id: dept, mobile: '   ' })]) {
      const created = await server.call('POST', BASE, { token: admin, body });
      expect(created.body).toMatchObject({ status_code: 422, data: { errors: { mobile: [ProfileMessages.mobileRequired] } } });
    }
    const lisi = await userId(server.db, 'lisi');
    const edited = await server.call('PUT', `${BASE}/${lisi}`, {
      token: admin,
      body: { name: '李四', sex: '1', dept_id: dept, mobile: '', mail: 'lisi@xinghe-tech.cn' },
    });
    expect(edited.body).toEqual({
      status_code: 422,
      message: ProfileMessages.mobileRequired,
      data: { errors: { mobile: [ProfileMessages.mobileRequired] } },
    });
    expect(await snapshot(server.db)).toEqual(before);
  });

  it('refuses a taken username, an unknown department or role, and a common password', async () => {
    const before = await snapshot(server.db);
    const taken = await server.call('POST', BASE, {
      token: admin,
      body: newUser({ username: 'zhangsan', dept_id: 999, roles: ['nobody'] }),
    });
    expect(taken.body.status_code).toBe(422);
    expect(taken.body.data).toEqual({
      errors: {
        username: [AdminUserMessages.usernameTaken],
        dept_id: [AdminUserMessages.deptUnknown],
        roles: [AdminUserMessages.roleUnknown('nobody')],
      },
    });
    const common = await server.call('POST', BASE, {
      token: admin,
      body: newUser({ username: 'newbie', dept_id: await deptId('财务部'), passwd: 'P@ssw0rd' }),
    });
    expect(common.body.data).toEqual({ errors: { passwd: [PasswordMessages.tooCommon] } });
    expect(await snapshot(server.db)).toEqual(before);
  });
});

describe('PUT /api/admin/users/{id}', () => {
  it('edits the administered fields but never the username or password', async () => {
    const id = await userId(server.db, 'hulin');
    const before = await server.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const dept = await deptId('财务部');
    const { body } = await server.call<AdminUser>('PUT', `${BASE}/${id}`, {
      token: admin,
      body: {
        name: '胡琳琳',
        sex: '2',
        dept_id: dept,
        station: '会计',
        mobile: '13700001234',
        mail: 'hulin2@xinghe-tech.cn',
        username: 'hacked',
        password_hash: 'x',
        status: 0,
      },
    });
    expect(body).toMatchObject({ status_code: 0, message: AdminUserMessages.updated });
    const after = await server.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ name: '胡琳琳', dept_id: dept, station: '会计', mobile: '13700001234', username: 'hulin', status: 1 });
    expect(after.password_hash).toBe(before.password_hash);
    const log = (await logsFor('user', id)).at(-1);
    expect(log).toMatchObject({
      action: 'update',
      before: { name: '胡琳', station: '市场专员' },
      after: { name: '胡琳琳', station: '会计' },
    });
  });

  it('refuses bad input naming the field and changes nothing', async () => {
    const id = await userId(server.db, 'guoqiang');
    const before = await snapshot(server.db);
    const { body } = await server.call('PUT', `${BASE}/${id}`, {
      token: admin,
      body: { name: 'x'.repeat(65), sex: '1', dept_id: await deptId('市场部'), mobile: '1391111222', mail: 'guoqiang@xinghe-tech.cn' },
    });
    expect(body.status_code).toBe(422);
    expect(body.data).toEqual({ errors: { name: [AdminUserMessages.nameTooLong], mobile: [ProfileMessages.mobileInvalid] } });
    expect(await snapshot(server.db)).toEqual(before);
  });
});

describe('PATCH /api/admin/users/{id}/status', () => {
  it('disabling stops every session of the user at once; enabling lets them sign in again', async () => {
    const id = await userId(server.db, 'linxue');
    const phone = await server.signIn('linxue');
    const laptop = await server.signIn('linxue');
    expect((await server.call('GET', '/api/user/profile', { token: phone })).status).toBe(200);

    const { body } = await server.call<AdminUser>('PATCH', `${BASE}/${id}/status`, { token: admin, body: { status: 0 } });
    expect(body).toMatchObject({ status_code: 0, message: AdminUserMessages.disabled, data: { status: 0 } });
    expect((await server.call('GET', '/api/user/profile', { token: phone })).status).toBe(401);
    expect((await server.call('GET', '/api/user/menu', { token: laptop })).status).toBe(401);
    const signIn = await server.call('POST', '/api/authorizations', { body: { username: 'linxue', password: 'Demo@1234' } });
    expect(signIn.body.status_code).toBe(422);
    const revoked = await server.db.selectFrom('sessions').select('revoked_at').where('user_id', '=', id).execute();
    expect(revoked.every((s) => s.revoked_at !== null)).toBe(true);

    const enabled = await server.call<AdminUser>('PATCH', `${BASE}/${id}/status`, { token: admin, body: { status: 1 } });
    expect(enabled.body).toMatchObject({ message: AdminUserMessages.enabled, data: { status: 1 } });
    // Old tokens stay dead: enabling is not a way back into a revoked session.
    expect((await server.call('GET', '/api/user/profile', { token: phone })).status).toBe(401);
    expect(await server.signIn('linxue')).toBeTruthy();
    expect((await logsFor('user', id)).map((l) => l.action)).toEqual(['disable', 'enable']);
  });

  it('refuses disabling oneself and a bad status, changing nothing', async () => {
    const before = await snapshot(server.db);
    const self = await server.call('PATCH', `${BASE}/${await userId(server.db, 'admin')}/status`, { token: admin, body: { status: 0 } });
    expect(self.body).toMatchObject({ status_code: 422, message: AdminUserMessages.cannotDisableSelf });
    const bad = await server.call('PATCH', `${BASE}/${await userId(server.db, 'hejun')}/status`, { token: admin, body: { status: 2 } });
    expect(bad.body.data).toEqual({ errors: { status: [AdminUserMessages.statusInvalid] } });
    expect(await snapshot(server.db)).toEqual(before);
    expect((await server.call('GET', '/api/user/profile', { token: admin })).status).toBe(200);
  });
});

describe('PUT /api/admin/users/{id}/password', () => {
  it("refuses passwords that break SPEC §5 or are common, and resetting the caller's own", async () => {
    const id = await userId(server.db, 'gaoyan');
    const before = await snapshot(server.db);
    const cases: [Record<string, string>, Record<string, string[]>][] = [
      [{}, { passwd: [PasswordMessages.newRequired], passwd_confirmation: [PasswordMessages.confirmRequired] }],
      [{ passwd: 'abcdefgh', passwd_confirmation: 'abcdefgh' }, { passwd: [PasswordMessages.strength] }],
      [{ passwd: 'Admin@123', passwd_confirmation: 'Admin@123' }, { passwd: [PasswordMessages.tooCommon] }],
      [{ passwd: 'Tq7#vLm2x', passwd_confirmation: 'Tq7#vLm2y' }, { passwd_confirmation: [PasswordMessages.mismatch] }],
    ];
    for (const [body, errors] of cases) {
      const result = await server.call('PUT', `${BASE}/${id}/password`, { token: admin, body });
      expect(result.body.status_code, JSON.stringify(body)).toBe(422);
      expect(result.body.data, JSON.stringify(body)).toEqual({ errors });
    }
    const own = await server.call('PUT', `${BASE}/${await userId(server.db, 'admin')}/password`, {
      token: admin,
      body: { passwd: 'Tq7#vLm2x', passwd_confirmation: 'Tq7#vLm2x' },
    });
    expect(own.body).toMatchObject({ status_code: 422, message: AdminUserMessages.cannotResetOwnPassword });
    expect(await snapshot(server.db)).toEqual(before);
  });

  it('sets the new password and signs the user out everywhere', async () => {
    const id = await userId(server.db, 'gaoyan');
    const token = await server.signIn('gaoyan');
    // A reset link asked for earlier must not undo the administrator's password afterwards.
    const now = new Date().toISOString();
    const expires = new Date(Date.now() + 30 * 60_000).toISOString();
    await server.db
      .insertInto('password_resets')
      .values({ token_hash: 'h'.repeat(64), user_id: id, created_at: now, expires_at: expires })
      .execute();
    const { body } = await server.call('PUT', `${BASE}/${id}/password`, {
      token: admin,
      body: { passwd: 'Kx9$reset2', passwd_confirmation: 'Kx9$reset2' },
    });
    expect(body).toMatchObject({ status_code: 0, message: AdminUserMessages.passwordReset });
    expect((await server.call('GET', '/api/user/profile', { token })).status).toBe(401);
    expect(
      (await server.call('POST', '/api/authorizations', { body: { username: 'gaoyan', password: 'Demo@1234' } })).body.status_code,
    ).toBe(422);
    expect(await server.signIn('gaoyan', 'Kx9$reset2')).toBeTruthy();
    const link = await server.db.selectFrom('password_resets').select('used_at').where('user_id', '=', id).executeTakeFirstOrThrow();
    expect(link.used_at).not.toBeNull();
    const log = (await logsFor('user', id)).at(-1);
    expect(log?.action).toBe('reset_password');
    expect(JSON.stringify(log)).not.toMatch(/Kx9\$reset2|argon2/);
  });
});

describe('PUT /api/admin/users/{id}/roles', () => {
  it('changes menu and permissions on the next request of that user', async () => {
    const id = await userId(server.db, 'zhuwei');
    const token = await server.signIn('zhuwei');
    const menuBefore = await server.call<MenuItem[]>('GET', '/api/user/menu', { token });
    expect(paths(menuBefore.body.data)).not.toContain('/system/users');

    const granted = await server.call<AdminUser>('PUT', `${BASE}/${id}/roles`, { token: admin, body: { roles: ['staff', 'admin'] } });
    expect(granted.body).toMatchObject({ status_code: 0, message: AdminUserMessages.rolesAssigned });
    expect(granted.body.data.roles.map((r) => r.key).sort()).toEqual(['admin', 'staff']);
    expect(paths((await server.call<MenuItem[]>('GET', '/api/user/menu', { token })).body.data)).toContain('/system/users');
    const profile = await server.call<UserProfile>('GET', '/api/user/profile', { token });
    expect(profile.body.data.permissions).toContain('sys_user');
    expect(profile.body.data.roles).toEqual(['admin', 'staff']);
    expect((await server.call('GET', BASE, { token })).status).toBe(200);

    await server.call('PUT', `${BASE}/${id}/roles`, { token: admin, body: { roles: ['staff'] } });
    expect(paths((await server.call<MenuItem[]>('GET', '/api/user/menu', { token })).body.data)).not.toContain('/system/users');
    expect((await server.call<UserProfile>('GET', '/api/user/profile', { token })).body.data.permissions).not.toContain('sys_user');
    expect((await server.call('GET', BASE, { token })).status).toBe(403);
    const logs = (await logsFor('user', id)).filter((l) => l.action === 'assign_roles');
    expect(logs.map((l) => l.after)).toEqual([{ roles: ['admin', 'staff'] }, { roles: ['staff'] }]);
  });

  it("refuses any change of the caller's own roles (403), and unknown roles", async () => {
    const before = await snapshot(server.db);
    const own = await server.call('PUT', `${BASE}/${await userId(server.db, 'admin')}/roles`, { token: admin, body: { roles: ['staff'] } });
    expect(own.status).toBe(403);
    expect(own.body).toMatchObject({ status_code: 403, message: GrantMessages.ownRoles });
    const unknown = await server.call('PUT', `${BASE}/${await userId(server.db, 'hejun')}/roles`, {
      token: admin,
      body: { roles: ['staff', 'ghost'] },
    });
    expect(unknown.body.data).toEqual({ errors: { roles: [AdminUserMessages.roleUnknown('ghost')] } });
    expect(await snapshot(server.db)).toEqual(before);
  });
});

describe('sessions', () => {
  it('lists live sessions with time, address and agent, and revokes one or all', async () => {
    const id = await userId(server.db, 'songjie');
    const desktop = await server.call<{ token: string }>('POST', '/api/authorizations', {
      body: { username: 'songjie', password: 'Demo@1234' },
      headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0) Chrome/130' },
    });
    const phone = await server.call<{ token: string }>('POST', '/api/authorizations', {
      body: { username: 'songjie', password: 'Demo@1234' },
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone) Mobile Safari' },
    });
    const third = await server.signIn('songjie');
    // An expired session is not live.
    const newest = await server.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await server.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', newest.id)
      .execute();
    await server.accessChanged();

    const list = await server.call<UserSession[]>('GET', `${BASE}/${id}/sessions`, { token: admin });
    expect(list.body.data.map((s) => s.user_agent).sort()).toEqual(
      ['Mozilla/5.0 (Windows NT 10.0) Chrome/130', 'Mozilla/5.0 (iPhone) Mobile Safari'].sort(),
    );
    const phoneSession = list.body.data.find((s) => s.user_agent.includes('iPhone'));
    expect(phoneSession).toMatchObject({ ip: '127.0.0.1', is_current: false });
    expect(Object.keys(phoneSession ?? {}).sort()).toEqual([
      'created_at',
      'expires_at',
      'id',
      'ip',
      'is_current',
      'last_seen_at',
      'user_agent',
    ]);
    expect((await server.call('GET', '/api/user/profile', { token: third })).status).toBe(401);

    const revoked = await server.call('DELETE', `${BASE}/${id}/sessions/${phoneSession?.id}`, { token: admin });
    expect(revoked.body).toMatchObject({ status_code: 0, message: AdminUserMessages.sessionRevoked });
    expect((await server.call('GET', '/api/user/profile', { token: phone.body.data.token })).status).toBe(401);
    expect((await server.call('GET', '/api/user/profile', { token: desktop.body.data.token })).status).toBe(200);
    const again = await server.call('DELETE', `${BASE}/${id}/sessions/${phoneSession?.id}`, { token: admin });
    expect(again.body).toMatchObject({ status_code: 404, message: AdminUserMessages.sessionNotFound });

    const all = await server.call<{ revoked: number }>('DELETE', `${BASE}/${id}/sessions`, { token: admin });
    expect(all.body).toMatchObject({ status_code: 0, data: { revoked: 1 }, message: AdminUserMessages.sessionsRevoked(1) });
    expect((await server.call('GET', '/api/user/profile', { token: desktop.body.data.token })).status).toBe(401);
    expect((await server.call<UserSession[]>('GET', `${BASE}/${id}/sessions`, { token: admin })).body.data).toEqual([]);

    const logs = await logsFor('session', id);
    expect(logs.map((l) => l.action)).toEqual(['revoke_session', 'revoke_session']);
    expect(logs[0]?.summary).toContain('songjie（宋杰）');
    expect(JSON.stringify(logs)).not.toMatch(/token/);
  });

  it("marks the administrator's own session as current, and revokes nothing through a wrong user id", async () => {
    const adminId = await userId(server.db, 'admin');
    const own = await server.call<UserSession[]>('GET', `${BASE}/${adminId}/sessions`, { token: admin });
    expect(own.body.data.filter((s) => s.is_current)).toHaveLength(1);
    const current = own.body.data.find((s) => s.is_current);
    const before = await snapshot(server.db);
    const wrongUser = await server.call('DELETE', `${BASE}/${await userId(server.db, 'hejun')}/sessions/${current?.id}`, { token: admin });
    expect(wrongUser.body.status_code).toBe(404);
    expect(await snapshot(server.db)).toEqual(before);
  });
});

describe('operation log', () => {
  it('never holds a password or a hash, and the history is readable through /api/syslog', async () => {
    const rows = await server.db.selectFrom('operation_logs').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(JSON.stringify(row)).not.toMatch(/argon2|Tq7#vLm2x|Kx9\$reset2|password_hash/);
    const id = await userId(server.db, 'linxue');
    const { body } = await server.call<Paged<OperationLogEntry>>('GET', `/api/syslog?item_type=user&item_id=${id}`, { token: admin });
    expect(body.data.list.map((l) => l.action)).toEqual(['enable', 'disable']);
  });
});
