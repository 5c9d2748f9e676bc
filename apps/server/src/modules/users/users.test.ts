import { PasswordMessages, ProfileMessages, type Person, type UserProfile } from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, userId, type TestServer } from '../../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

function userRow(username: string) {
  return server.db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirstOrThrow();
}

describe('GET /api/user/profile', () => {
  it('returns the SPEC §3 fields with roles and permissions, and nothing else', async () => {
    const token = await server.signIn('zhaoliu');
    const { body } = await server.call<UserProfile>('GET', '/api/user/profile', { token });
    expect(Object.keys(body.data).sort()).toEqual(
      [
        'dept',
        'dept_id',
        'id',
        'mail',
        'mobile',
        'name',
        'permissions',
        'phone',
        'profilePhoto',
        'roles',
        'sex',
        'station',
        'username',
        'wechat',
      ].sort(),
    );
    expect(body.data).toMatchObject({ name: '赵六', sex: '2', dept: 'IPTV业务部', station: 'IPTV业务经理', roles: ['iptv', 'staff'] });
    expect(body.data.permissions).toEqual(['iptv', 'iptv_bank', 'iptv_list', 'iptv_rule', 'point_rank']);
  });

  it('gives the administrator every permission', async () => {
    const token = await server.signIn('admin');
    const { body } = await server.call<UserProfile>('GET', '/api/user/profile', { token });
    expect(body.data.permissions).toEqual(expect.arrayContaining(['point_rank', 'iptv', 'iptv_list', 'iptv_bank', 'iptv_rule']));
  });
});

describe('GET/PUT /api/person', () => {
  it('reads the five editable fields', async () => {
    const token = await server.signIn('lisi');
    const { body } = await server.call<Person>('GET', '/api/person', { token });
    expect(Object.keys(body.data).sort()).toEqual(['mail', 'mobile', 'phone', 'sex', 'wechat']);
  });

  it('saves valid changes with the SPEC message', async () => {
    const token = await server.signIn('lisi');
    const result = await server.call<Person>('PUT', '/api/person', {
      token,
      body: { sex: '2', mail: 'lisi.new@xinghe-tech.cn', mobile: '13912345678', phone: '010-88886666', wechat: 'lisi_wx' },
    });
    expect(result.body).toMatchObject({ status_code: 0, message: ProfileMessages.updated });
    expect(result.body.data).toEqual({
      sex: '2',
      mail: 'lisi.new@xinghe-tech.cn',
      mobile: '13912345678',
      phone: '010-88886666',
      wechat: 'lisi_wx',
    });
    expect(await userRow('lisi')).toMatchObject({ sex: '2', mail: 'lisi.new@xinghe-tech.cn', mobile: '13912345678' });
    const profile = await server.call<UserProfile>('GET', '/api/user/profile', { token });
    expect(profile.body.data).toMatchObject({ sex: '2', mail: 'lisi.new@xinghe-tech.cn', mobile: '13912345678', wechat: 'lisi_wx' });
  });

  it('refuses bad input with every field message and changes nothing', async () => {
    const token = await server.signIn('wangwu');
    const before = await userRow('wangwu');
    const result = await server.call('PUT', '/api/person', {
      token,
      body: { sex: '3', mail: 'not-mail', mobile: '12345678901', phone: 'abc' },
    });
    expect(result.status).toBe(200);
    expect(result.body.status_code).toBe(422);
    expect(result.body.data).toEqual({
      errors: {
        sex: [ProfileMessages.sexRequired],
        mail: [ProfileMessages.mailInvalid],
        mobile: [ProfileMessages.mobileInvalid],
        phone: [ProfileMessages.phoneInvalid],
      },
    });
    expect(await userRow('wangwu')).toEqual(before);
  });

  it('ignores every field besides the five (no mass assignment)', async () => {
    const token = await server.signIn('liuyang');
    const before = await userRow('liuyang');
    const result = await server.call('PUT', '/api/person', {
      token,
      body: {
        sex: '1',
        mail: 'liuyang@xinghe-tech.cn',
        mobile: '13700001111',
        name: '篡改',
        username: 'admin2',
        dept_id: 1,
        station: '总经理',
        status: 0,
        password_hash: 'x',
        profile_photo: 'http://evil.example/x.png',
        roles: ['admin'],
      },
    });
    expect(result.body.status_code).toBe(0);
    const after = await userRow('liuyang');
    expect(after).toMatchObject({
      name: before.name,
      username: before.username,
      dept_id: before.dept_id,
      station: before.station,
      status: 1,
      password_hash: before.password_hash,
      profile_photo: before.profile_photo,
    });
    const profile = await server.call<UserProfile>('GET', '/api/user/profile', { token });
    expect(profile.body.data.roles).toEqual(['staff']);
  });

  it('needs sign-in', async () => {
    expect((await server.call('PUT', '/api/person', { body: { sex: '1' } })).status).toBe(401);
  });
});

describe('PATCH /api/password/change', () => {
  it('reports each broken rule with its SPEC message and changes nothing', async () => {
    const token = await server.signIn('yangfan');
    const before = await userRow('yangfan');
    const cases: [Record<string, string>, Record<string, string[]>][] = [
      [
        {},
        {
          old_passwd: [PasswordMessages.oldRequired],
          passwd: [PasswordMessages.newRequired],
          passwd_confirmation: [PasswordMessages.confirmRequired],
        },
      ],
      [
        { old_passwd: 'Demo@1234', passwd: 'abc12345', passwd_confirmation: 'abc12345' },
        { passwd: [PasswordMessages.strength], passwd_confirmation: [PasswordMessages.strength] },
      ],
      [{ old_passwd: 'Demo@1234', passwd: 'Demo@1234', passwd_confirmation: 'Demo@1234' }, { passwd: [PasswordMessages.sameAsOld] }],
      [
        { old_passwd: 'Demo@1234', passwd: 'Tq7#vLm2x', passwd_confirmation: 'Tq7#vLm2y' },
        { passwd_confirmation: [PasswordMessages.mismatch] },
      ],
      [{ old_passwd: 'Demo@1234', passwd: 'P@ssw0rd', passwd_confirmation: 'P@ssw0rd' }, { passwd: [PasswordMessages.tooCommon] }],
      [{ old_passwd: 'Wrong@1234', passwd: 'Tq7#vLm2x', passwd_confirmation: 'Tq7#vLm2x' }, { old_passwd: [PasswordMessages.wrongOld] }],
    ];
    for (const [body, errors] of cases) {
      const result = await server.call('PATCH', '/api/password/change', { token, body });
      expect(result.body.status_code, JSON.stringify(body)).toBe(422);
      expect(result.body.data, JSON.stringify(body)).toEqual({ errors });
    }
    expect((await userRow('yangfan')).password_hash).toBe(before.password_hash);
    expect((await server.call('GET', '/api/user/profile', { token })).status).toBe(200);
  });

  it('changes the password, keeps this session, revokes every other one and retires open reset links', async () => {
    const otherTab = await server.signIn('huangli');
    const token = await server.signIn('huangli');
    const huangli = await userId(server.db, 'huangli');
    const expires = new Date(Date.now() + 30 * 60_000).toISOString();
    await server.db
      .insertInto('password_resets')
      .values({ token_hash: 'r'.repeat(64), user_id: huangli, created_at: new Date().toISOString(), expires_at: expires })
      .execute();
    const result = await server.call('PATCH', '/api/password/change', {
      token,
      body: { old_passwd: 'Demo@1234', passwd: 'Tq7#vLm2x', passwd_confirmation: 'Tq7#vLm2x' },
    });
    expect(result.body).toMatchObject({ status_code: 0, message: PasswordMessages.changed });
    expect((await server.call('GET', '/api/user/profile', { token })).status).toBe(200);
    expect((await server.call('GET', '/api/user/profile', { token: otherTab })).status).toBe(401);

    const oldPassword = await server.call('POST', '/api/authorizations', { body: { username: 'huangli', password: 'Demo@1234' } });
    expect(oldPassword.body.status_code).toBe(422);
    expect(await server.signIn('huangli', 'Tq7#vLm2x')).toBeTruthy();
    const id = await userId(server.db, 'huangli');
    const stored = (await server.db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow())
      .password_hash;
    expect(stored).toMatch(/^\$argon2id\$/);
    const link = await server.db.selectFrom('password_resets').select('used_at').where('user_id', '=', id).executeTakeFirstOrThrow();
    expect(link.used_at).not.toBeNull();
  });
});
