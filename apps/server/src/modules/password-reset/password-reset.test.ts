import fs from 'node:fs/promises';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { LoginMessages, PasswordMessages, RecoveryMessages, StatusCode, type PasswordResetLink } from '@osp/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, userId, type TestServer } from '../../../test/harness';
import { DEMO_PASSWORD } from '../../seed/demo-company';
import { hashToken } from '../../lib/tokens';
import { settleResetMail } from './password-reset.service';

const PUBLIC_URL = 'https://oa.example.test';
const SMTP_USER = 'osp-mailer';
const SMTP_PASS = 'Smtp#Secret1';
const NEW_PASSWORD = 'Reset#Osp2026';

interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** Decodes quoted-printable text (the mailer's encoding) back to UTF-8. */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The decoded plain-text part of a raw message. */
function textPart(raw: string): string {
  const match = /Content-Type: text\/plain[^\n]*\r?\nContent-Transfer-Encoding: quoted-printable\r?\n\r?\n([\s\S]*?)\r?\n--/.exec(raw);
  if (!match?.[1]) throw new Error(`no quoted-printable text part in:\n${raw}`);
  return decodeQuotedPrintable(match[1]);
}

function subjectOf(raw: string): string {
  const header = /^Subject: (.+(?:\r?\n[ \t].+)*)/m.exec(raw)?.[1] ?? '';
  // RFC 2047 encoded words, as nodemailer writes them for non-ASCII subjects.
  return header
    .replace(/\r?\n[ \t]/g, '')
    .replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=\s*/gi, (_all, kind: string, data: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function resetLinkIn(raw: string): URL {
  const link = /https?:\/\/\S+\/reset-password\?token=[\w%-]+/.exec(textPart(raw))?.[0];
  if (!link) throw new Error('no reset link in the mail');
  return new URL(link);
}

let smtp: SMTPServer;
let inbox: ReceivedMail[] = [];
/** While set, the mail server holds each message until it resolves: a slow mail server. */
let mailGate: Promise<void> | null = null;
let server: TestServer;

beforeAll(async () => {
  smtp = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASS) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        void (mailGate ?? Promise.resolve()).then(() => {
          inbox.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  server = await startTestServer((config) => {
    config.publicUrl = PUBLIC_URL;
    config.smtp = {
      host: '127.0.0.1',
      port,
      secure: false,
      user: SMTP_USER,
      pass: SMTP_PASS,
      from: '"OSP 运营管理平台" <no-reply@osp.test>',
    };
    // Addresses come from X-Forwarded-For, so each test can ask from an address of its own.
    config.trustProxy = true;
  });
});

afterAll(async () => {
  await server.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

beforeEach(() => {
  inbox = [];
});

let addressCounter = 0;
/** A fresh client address per test, so the per-address limit of one test does not touch another. */
function freshAddress(): Record<string, string> {
  addressCounter += 1;
  return { 'x-forwarded-for': `10.1.0.${addressCounter}` };
}

async function askReset(account: unknown, headers: Record<string, string> = freshAddress()) {
  const result = await server.call<unknown>('POST', '/api/password/reset', { body: { account }, headers });
  await settleResetMail();
  return result;
}

async function checkLink(token: string) {
  const { body } = await server.call<PasswordResetLink>('GET', `/api/password/reset?token=${encodeURIComponent(token)}`);
  expect(body.status_code).toBe(0);
  return body.data;
}

function putReset(token: string, passwd = NEW_PASSWORD, confirmation = passwd) {
  return server.call<null>('PUT', '/api/password/reset', { body: { token, passwd, passwd_confirmation: confirmation } });
}

function passwordHashOf(username: string) {
  return server.db.selectFrom('users').select('password_hash').where('username', '=', username).executeTakeFirstOrThrow();
}

function resetRows(username: string) {
  return server.db
    .selectFrom('password_resets')
    .innerJoin('users', 'users.id', 'password_resets.user_id')
    .selectAll('password_resets')
    .where('users.username', '=', username)
    .orderBy('password_resets.id')
    .execute();
}

/** Asks for a link for `account` and returns the one mail it brought and its token. */
async function mailedToken(account: string): Promise<{ mail: ReceivedMail; token: string }> {
  const before = inbox.length;
  const result = await askReset(account);
  expect(result.body.status_code).toBe(0);
  expect(inbox.length).toBe(before + 1);
  const mail = inbox[inbox.length - 1]!;
  return { mail, token: resetLinkIn(mail.raw).searchParams.get('token') ?? '' };
}

const requested = RecoveryMessages.requested(30);

describe('POST /api/password/reset', () => {
  it('mails a Chinese message with a single-use link to the public address, through SMTP with its login', async () => {
    const result = await askReset('zhangsan', { 'x-forwarded-for': '10.9.9.9' });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ status_code: 0, message: requested, data: { ttl_minutes: 30 } });
    expect(inbox).toHaveLength(1);
    const mail = inbox[0]!;
    expect(mail.to).toEqual(['zhangsan@xinghe-tech.cn']);
    expect(mail.from).toBe('no-reply@osp.test');
    expect(subjectOf(mail.raw)).toBe('【OSP 运营管理平台】重置密码');
    const text = textPart(mail.raw);
    expect(text).toContain('张三，您好');
    expect(text).toContain('请在30分钟内');
    expect(text).toContain('该链接只能使用一次');

    const link = resetLinkIn(mail.raw);
    expect(`${link.origin}${link.pathname}`).toBe(`${PUBLIC_URL}/reset-password`);
    const token = link.searchParams.get('token') ?? '';
    expect(token).toMatch(/^[\w-]{43}$/);
    // Only the SHA-256 of the token is kept, and the link lasts 30 minutes.
    const rows = await resetRows('zhangsan');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    const lifetime = new Date(rows[0]!.expires_at).getTime() - new Date(rows[0]!.created_at).getTime();
    expect(lifetime).toBe(30 * 60_000);
    expect(rows[0]!.ip).toBe('10.9.9.9');
  });

  it('finds the account by its e-mail address in any letter case', async () => {
    const result = await askReset('  LiSi@Xinghe-Tech.CN ');
    expect(result.body).toEqual({ status_code: 0, message: requested, data: { ttl_minutes: 30 } });
    expect(inbox.map((mail) => mail.to)).toEqual([['lisi@xinghe-tech.cn']]);
    expect(textPart(inbox[0]!.raw)).toContain('（lisi）');
  });

  it('answers an unknown account, one without e-mail and a disabled one exactly alike, and mails nobody', async () => {
    const known = await askReset('wangwu');
    expect(inbox).toHaveLength(1);
    inbox = [];

    await server.db.updateTable('users').set({ mail: '' }).where('username', '=', 'hejun').execute();
    await server.db.updateTable('users').set({ status: 0 }).where('username', '=', 'gaoyan').execute();
    await server.accessChanged();
    const countBefore = (await server.db.selectFrom('password_resets').select('id').execute()).length;
    for (const account of ['no-such-user', 'nobody@xinghe-tech.cn', 'hejun', 'gaoyan']) {
      const result = await askReset(account);
      expect(result.status).toBe(known.status);
      expect(result.body).toEqual(known.body);
    }
    expect(inbox).toHaveLength(0);
    expect(await server.db.selectFrom('password_resets').select('id').execute()).toHaveLength(countBefore);
  });

  it('answers before the mail goes out: the reply does not wait for the account lookup or the mail server', async () => {
    let release = () => {};
    mailGate = new Promise<void>((resolve) => {
      release = resolve;
    });
    try {
      const result = await server.call<unknown>('POST', '/api/password/reset', { body: { account: 'zhaolei' }, headers: freshAddress() });
      expect(result.body.message).toBe(requested);
      expect(inbox).toHaveLength(0);
    } finally {
      release();
      mailGate = null;
    }
    await settleResetMail();
    expect(inbox.map((mail) => mail.to)).toEqual([['zhaolei@xinghe-tech.cn']]);
  });

  it('refuses an empty or over-long account with a message naming the field', async () => {
    const empty = await askReset('  ');
    expect(empty.body).toMatchObject({
      status_code: StatusCode.invalid,
      data: { errors: { account: [RecoveryMessages.accountRequired] } },
    });
    const missing = await server.call('POST', '/api/password/reset', { body: {}, headers: freshAddress() });
    expect(missing.body).toMatchObject({ status_code: StatusCode.invalid, message: RecoveryMessages.accountRequired });
    const long = await askReset('x'.repeat(129));
    expect(long.body).toMatchObject({ status_code: StatusCode.invalid, data: { errors: { account: [RecoveryMessages.accountTooLong] } } });
    expect(inbox).toHaveLength(0);
  });

  it('limits requests per account, alike for accounts that exist and for those that do not', async () => {
    for (const account of ['chenqi', 'ghost-account']) {
      for (let i = 0; i < 5; i += 1) {
        // Letter case does not open a new allowance.
        const result = await askReset(i % 2 === 0 ? account : account.toUpperCase());
        expect(result.body.status_code).toBe(0);
      }
    }
    // CHENQI names nobody (usernames match exactly, as at sign-in) but counts against chenqi all the same.
    expect(inbox).toHaveLength(3);
    const limitedKnown = await askReset('chenqi');
    const limitedUnknown = await askReset('ghost-account');
    expect(limitedKnown.body).toEqual({ status_code: StatusCode.tooMany, message: RecoveryMessages.tooMany(15), data: null });
    expect(limitedUnknown.body).toEqual(limitedKnown.body);
    expect(inbox).toHaveLength(3);
    // Another account from the same address is still served.
    expect((await askReset('zhengyi')).body.status_code).toBe(0);
  });

  it('limits requests per address, whatever accounts they name', async () => {
    const headers = freshAddress();
    for (let i = 0; i < 20; i += 1) {
      expect((await askReset(`visitor-${i}`, headers)).body.status_code).toBe(0);
    }
    const limited = await askReset('liuyang', headers);
    expect(limited.body).toMatchObject({ status_code: StatusCode.tooMany, message: RecoveryMessages.tooMany(15) });
    expect(inbox).toHaveLength(0);
    // The same account from elsewhere is served.
    expect((await askReset('liuyang')).body.status_code).toBe(0);
    expect(inbox).toHaveLength(1);
  });
});

describe('GET and PUT /api/password/reset', () => {
  it('sets the new password once, signs the user out everywhere and logs it', async () => {
    const { token } = await mailedToken('zhoujiu');
    const laptop = await server.signIn('zhoujiu');
    const phone = await server.signIn('zhoujiu');
    expect(await checkLink(token)).toMatchObject({ valid: true, username: 'zhoujiu', name: '周九' });

    const result = await putReset(token);
    expect(result.body).toEqual({ status_code: 0, message: RecoveryMessages.resetDone, data: null });

    // Every session of the user ends at once.
    for (const oldToken of [laptop, phone]) {
      expect((await server.call('GET', '/api/user/profile', { token: oldToken })).status).toBe(401);
    }
    const failed = await server.call('POST', '/api/authorizations', { body: { username: 'zhoujiu', password: DEMO_PASSWORD } });
    expect(failed.body.message).toBe(LoginMessages.badCredentials);
    const fresh = await server.signIn('zhoujiu', NEW_PASSWORD);
    expect((await server.call('GET', '/api/user/profile', { token: fresh })).status).toBe(200);

    // The link is used up.
    expect(await checkLink(token)).toEqual({ valid: false, message: RecoveryMessages.linkUsed });
    const again = await putReset(token, 'Another#Pass2026');
    expect(again.body).toMatchObject({ status_code: StatusCode.invalid, data: { errors: { token: [RecoveryMessages.linkUsed] } } });
    expect((await server.call('GET', '/api/user/profile', { token: fresh })).status).toBe(200);
    await server.signIn('zhoujiu', NEW_PASSWORD);

    const log = await server.db
      .selectFrom('operation_logs')
      .selectAll()
      .where('item_type', '=', 'user')
      .where('item_id', '=', String(await userId(server.db, 'zhoujiu')))
      .execute();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ action: 'reset_password', username: 'zhoujiu', user_name: '周九', service: 'reset-password' });
    expect(JSON.stringify(log)).not.toContain(token);

    // The security trace (issue 11, item 8) holds the request and the reset, never the token or the password.
    const traced = await server.db.selectFrom('security_events').selectAll().where('username', '=', 'zhoujiu').orderBy('id').execute();
    expect(traced.map((e) => e.event)).toEqual(expect.arrayContaining(['authn_password_reset_request', 'authn_password_reset']));
    expect(traced.every((e) => e.ip !== '')).toBe(true);
    expect(JSON.stringify(traced)).not.toContain(token);
    expect(JSON.stringify(traced)).not.toContain(NEW_PASSWORD);
  });

  it('refuses weak, common, mismatched and unchanged passwords with the SPEC §5 messages and changes nothing', async () => {
    const { token } = await mailedToken('wushi');
    const before = await passwordHashOf('wushi');
    const cases: [string, string, Record<string, string[]>][] = [
      ['', '', { passwd: [PasswordMessages.newRequired], passwd_confirmation: [PasswordMessages.confirmRequired] }],
      ['abc12345', 'abc12345', { passwd: [PasswordMessages.strength], passwd_confirmation: [PasswordMessages.strength] }],
      ['P@ssw0rd', 'P@ssw0rd', { passwd: [PasswordMessages.tooCommon] }],
      [NEW_PASSWORD, `${NEW_PASSWORD}x`, { passwd_confirmation: [PasswordMessages.mismatch] }],
      [DEMO_PASSWORD, DEMO_PASSWORD, { passwd: [PasswordMessages.sameAsOld] }],
    ];
    for (const [passwd, confirmation, errors] of cases) {
      const result = await putReset(token, passwd, confirmation);
      expect(result.body.status_code, passwd).toBe(StatusCode.invalid);
      expect(result.body.data).toEqual({ errors });
    }
    expect(await passwordHashOf('wushi')).toEqual(before);
    expect((await resetRows('wushi')).map((row) => row.used_at)).toEqual([null]);
    expect(await checkLink(token)).toMatchObject({ valid: true });
    await server.signIn('wushi');
  });

  it('refuses an expired link and keeps the password', async () => {
    const { token } = await mailedToken('zhengyi');
    const before = await passwordHashOf('zhengyi');
    await server.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', hashToken(token))
      .execute();
    expect(await checkLink(token)).toEqual({ valid: false, message: RecoveryMessages.linkExpired });
    const result = await putReset(token);
    expect(result.body).toMatchObject({ status_code: StatusCode.invalid, message: RecoveryMessages.linkExpired });
    expect(await passwordHashOf('zhengyi')).toEqual(before);
  });

  it('refuses an unknown or missing token', async () => {
    expect(await checkLink('not-a-real-token')).toEqual({ valid: false, message: RecoveryMessages.linkInvalid });
    const missing = await server.call('GET', '/api/password/reset');
    expect(missing.body).toMatchObject({ status_code: StatusCode.invalid, data: { errors: { token: [RecoveryMessages.linkMissing] } } });
    const put = await server.call('PUT', '/api/password/reset', { body: { passwd: NEW_PASSWORD, passwd_confirmation: NEW_PASSWORD } });
    expect(put.body).toMatchObject({ status_code: StatusCode.invalid, data: { errors: { token: [RecoveryMessages.linkMissing] } } });
    const wrong = await putReset('not-a-real-token');
    expect(wrong.body).toMatchObject({ status_code: StatusCode.invalid, data: { errors: { token: [RecoveryMessages.linkInvalid] } } });
  });

  it('lets only one of two simultaneous uses of a link through', async () => {
    const { token } = await mailedToken('liuyang');
    const results = await Promise.all([putReset(token, 'First#Pass2026'), putReset(token, 'Second#Pass2026')]);
    const codes = results.map((result) => result.body.status_code).sort();
    expect(codes).toEqual([0, StatusCode.invalid]);
    const loser = results.find((result) => result.body.status_code !== 0)!;
    expect(loser.body.data).toEqual({ errors: { token: [RecoveryMessages.linkUsed] } });
    const winner = results[0].body.status_code === 0 ? 'First#Pass2026' : 'Second#Pass2026';
    await server.signIn('liuyang', winner);
  });

  it('retires the other links of the user once one is used', async () => {
    const first = await mailedToken('chenjing');
    const second = await mailedToken('chenjing');
    expect(first.token).not.toBe(second.token);
    expect((await putReset(second.token)).body.status_code).toBe(0);
    expect(await checkLink(first.token)).toEqual({ valid: false, message: RecoveryMessages.linkUsed });
    expect((await putReset(first.token, 'Older#Link2026')).body.status_code).toBe(StatusCode.invalid);
    await server.signIn('chenjing', NEW_PASSWORD);
  });

  it('clears the failed sign-ins of the user, so the captcha asked after guesses goes away', async () => {
    for (let i = 0; i < 3; i += 1) {
      await server.call('POST', '/api/authorizations', { body: { username: 'yangfan', password: `Wrong#${i}pass` } });
    }
    const guarded = await server.call('POST', '/api/authorizations', { body: { username: 'yangfan', password: DEMO_PASSWORD } });
    expect(guarded.body.message).toBe(LoginMessages.captchaRequired);
    const { token } = await mailedToken('yangfan');
    expect((await putReset(token)).body.status_code).toBe(0);
    await server.signIn('yangfan', NEW_PASSWORD);
  });

  it('refuses a link once the account mail is no longer the address it was sent to (issue 11, item 9), and traces the request', async () => {
    const { token } = await mailedToken('fengxiao');
    const id = await userId(server.db, 'fengxiao');
    expect(await checkLink(token)).toMatchObject({ valid: true });
    const admin = await server.signIn('admin');
    const person = await server.call<{ name: string; sex: string; station: string; mobile: string; dept: { id: number } | null }>(
      'GET',
      `/api/admin/users/${id}`,
      { token: admin },
    );
    const { name, sex, station, mobile, dept } = person.body.data;
    const changed = await server.call('PUT', `/api/admin/users/${id}`, {
      token: admin,
      body: { name, sex, station, mobile, dept_id: dept?.id, mail: 'fengxiao.new@xinghe-tech.cn' },
    });
    expect(changed.body.status_code, changed.body.message).toBe(0);
    const before = await passwordHashOf('fengxiao');
    expect(await checkLink(token)).toEqual({ valid: false, message: RecoveryMessages.linkInvalid });
    expect((await putReset(token)).body).toMatchObject({ status_code: StatusCode.invalid, message: RecoveryMessages.linkInvalid });
    expect(await passwordHashOf('fengxiao')).toEqual(before);
    const traced = await server.db.selectFrom('security_events').selectAll().where('user_id', '=', id).execute();
    expect(traced.map((e) => e.event)).toContain('authn_password_reset_request');
    expect(JSON.stringify(traced)).not.toContain(token);
  });

  it('refuses the link of a user disabled after it was sent', async () => {
    const { token } = await mailedToken('huangli');
    await server.db.updateTable('users').set({ status: 0 }).where('username', '=', 'huangli').execute();
    await server.accessChanged();
    expect(await checkLink(token)).toEqual({ valid: false, message: RecoveryMessages.accountDisabled });
    const before = await passwordHashOf('huangli');
    expect((await putReset(token)).body).toMatchObject({ status_code: StatusCode.invalid, message: RecoveryMessages.accountDisabled });
    expect(await passwordHashOf('huangli')).toEqual(before);
  });
});

describe('without SMTP_HOST', () => {
  let outboxServer: TestServer;
  beforeAll(async () => {
    outboxServer = await startTestServer((config) => {
      config.smtp = { ...config.smtp, host: '' };
      config.publicUrl = 'http://localhost:3000';
    });
  });
  afterAll(async () => outboxServer.close());

  it('writes the message under DATA_DIR/outbox with a working link, and nothing for an unknown account', async () => {
    const outbox = path.join(outboxServer.config.dataDir, 'outbox');
    for (const account of ['sunba', 'nobody-here']) {
      const result = await outboxServer.call('POST', '/api/password/reset', { body: { account } });
      expect(result.body).toEqual({ status_code: 0, message: requested, data: { ttl_minutes: 30 } });
    }
    await settleResetMail();
    const files = await fs.readdir(outbox);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const file = path.join(outbox, files[0]!);
    // A live link: readable by the server's own user only.
    expect((await fs.stat(file)).mode & 0o077).toBe(0);
    const raw = await fs.readFile(file, 'utf8');
    expect(raw).toMatch(/^To: sunba@xinghe-tech\.cn$/m);
    const link = resetLinkIn(raw);
    expect(link.origin).toBe('http://localhost:3000');
    const token = link.searchParams.get('token') ?? '';
    const put = await outboxServer.call('PUT', '/api/password/reset', {
      body: { token, passwd: NEW_PASSWORD, passwd_confirmation: NEW_PASSWORD },
    });
    expect(put.body.status_code).toBe(0);
    await outboxServer.signIn('sunba', NEW_PASSWORD);
  });
});
