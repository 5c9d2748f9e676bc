import { type Paged, type SecurityEventEntry } from '@osp/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, userId, type TestServer } from '../../../test/harness';

/**
 * The security trace (issue 11, item 8): sign-ins, their failures and the lock, captcha failures,
 * password changes, logouts and permission denials are written with user, address and time, never a
 * password or token; they outlive the sign-in counters; administrators with sys_log read them.
 */

let server: TestServer;
const LOCK_AFTER = 5;

async function events(username: string) {
  return server.db.selectFrom('security_events').selectAll().where('username', '=', username).orderBy('id').execute();
}

function signIn(username: string, password: string, captcha: Record<string, string> = {}) {
  return server.call<{ token: string }>('POST', '/api/authorizations', { body: { username, password, ...captcha } });
}

beforeAll(async () => {
  server = await startTestServer((config) => {
    // Reaching the lock without solving captchas on the way.
    config.login.captchaAfterUserFailures = 100;
    config.login.lockAfterUserFailures = LOCK_AFTER;
  });
});
afterAll(async () => server.close());

describe('the trace of signing in', () => {
  it('records failures with the name typed and the address, then the lock, and keeps them when the counters are swept', async () => {
    const wrong = 'Wrong#Secret99';
    for (let i = 0; i < LOCK_AFTER; i += 1) await signIn('hanbing', wrong);
    expect(await signIn('nobody.here', wrong)).toMatchObject({ status: 200 });

    await server.db.deleteFrom('login_failures').execute();
    const trace = await events('hanbing');
    expect(trace.map((e) => e.event)).toEqual([...Array<string>(LOCK_AFTER).fill('authn_login_fail'), 'authn_login_lock']);
    const hanbing = await userId(server.db, 'hanbing');
    expect(trace.every((e) => e.user_id === hanbing && e.ip !== '' && e.created_at !== '')).toBe(true);
    expect(trace.at(-1)?.detail).toContain(`连续失败 ${LOCK_AFTER} 次`);
    expect(JSON.stringify(trace)).not.toContain(wrong);
    const unknown = await events('nobody.here');
    expect(unknown).toMatchObject([{ event: 'authn_login_fail', user_id: null, detail: '用户名不存在' }]);
  });

  it('records a success, a wrong captcha, a password change and its failure, and a logout; never a password or token', async () => {
    const ok = await signIn('tangning', 'Demo@1234');
    const token = ok.body.data.token;
    const wrongOld = await server.call('PATCH', '/api/password/change', {
      token,
      body: { old_passwd: 'Not#TheOld1', passwd: 'Fresh#Pass2026', passwd_confirmation: 'Fresh#Pass2026' },
    });
    expect(wrongOld.body.status_code).toBe(422);
    const changed = await server.call('PATCH', '/api/password/change', {
      token,
      body: { old_passwd: 'Demo@1234', passwd: 'Fresh#Pass2026', passwd_confirmation: 'Fresh#Pass2026' },
    });
    expect(changed.body.status_code, changed.body.message).toBe(0);
    expect((await server.call('DELETE', '/api/authorizations/current', { token })).body.status_code).toBe(0);

    // Three recent failures make the next sign-in ask for a captcha; a wrong answer is traced.
    const now = new Date().toISOString();
    await server.db
      .insertInto('login_failures')
      .values([1, 2, 3].map(() => ({ username: 'songjie', ip: '127.0.0.1', created_at: now })))
      .execute();
    server.config.login.captchaAfterUserFailures = 3;
    try {
      const captcha = await server.call<{ captcha_key: string }>('POST', '/api/authorizations/captcha');
      await signIn('songjie', 'Demo@1234', { captcha_key: captcha.body.data.captcha_key, captcha_code: 'zzzz' });
    } finally {
      server.config.login.captchaAfterUserFailures = 100;
    }

    const tangning = (await events('tangning')).map((e) => e.event);
    expect(tangning).toEqual(['authn_login_success', 'authn_password_change_fail', 'authn_password_change', 'authn_token_revoked']);
    expect((await events('songjie')).map((e) => e.event)).toEqual(['authn_captcha_fail']);
    const all = JSON.stringify(await server.db.selectFrom('security_events').selectAll().execute());
    for (const secret of ['Demo@1234', 'Fresh#Pass2026', 'Not#TheOld1', token, 'zzzz']) expect(all).not.toContain(secret);
  });
});

describe('GET /api/security/events', () => {
  it('lets sys_log holders page and filter the trace, newest first', async () => {
    const admin = await server.signIn('admin');
    const locks = await server.call<Paged<SecurityEventEntry>>('GET', '/api/security/events?event=authn_login_lock&keyword=hanbing', {
      token: admin,
    });
    expect(locks.body.status_code).toBe(0);
    expect(locks.body.data.list.map((e) => [e.event, e.username])).toEqual([['authn_login_lock', 'hanbing']]);
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const page = await server.call<Paged<SecurityEventEntry>>(
      'GET',
      `/api/security/events?per_page=2&date_from=${today}&date_to=${today}`,
      { token: admin },
    );
    expect(page.body.data.list).toHaveLength(2);
    expect(page.body.data.total).toBeGreaterThan(2);
    const [first, second] = page.body.data.list;
    expect((first?.id ?? 0) > (second?.id ?? 0)).toBe(true);
    // A literal % is a character, not a wildcard.
    expect(
      (await server.call<Paged<SecurityEventEntry>>('GET', '/api/security/events?keyword=%25', { token: admin })).body.data.total,
    ).toBe(0);
  });

  it('refuses others (403, itself traced) and bad filters with a message', async () => {
    const zhangsan = await server.signIn('zhangsan');
    const refused = await server.call('GET', '/api/security/events', { token: zhangsan });
    expect(refused.status).toBe(403);
    const denial = (await events('zhangsan')).filter((e) => e.event === 'authz_fail');
    expect(denial.at(-1)?.detail).toContain('GET /api/security/events');

    const admin = await server.signIn('admin');
    for (const [query, field] of [
      ['date_from=2026-13-45', 'date_from'],
      ['event=authn_nonsense', 'event'],
      ['per_page=101', 'per_page'],
      ['date_from=2026-11-20&date_to=2026-11-01', 'date_to'],
    ] as const) {
      const result = await server.call<{ errors: Record<string, string[]> }>('GET', `/api/security/events?${query}`, { token: admin });
      expect(result.body.status_code, query).toBe(422);
      expect(Object.keys(result.body.data.errors), query).toContain(field);
    }
  });
});
