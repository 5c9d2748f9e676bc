import { NoticeMessages, StatusCode, type BillDetail, type NoticeSettings } from '@osp/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import type { Mailer, OutgoingMail } from '../../lib/mailer';
import { idOf, linearGraph, makeTemplate, releasedBill, Tokens } from '../bills/test-support';
import { dispatchNoticeMails, MAIL_MAX_AGE_MS } from './notifications.mail';

/**
 * E-mail notifications (docs/notifications.md): the dispatcher mails each undecided notification once, to people who
 * have an address and did not turn mail off, and not what they already read in the app; the setting is each person's.
 */
let server: TestServer;
let tokens: Tokens;
let templateId: number;
let lisi: number;

/** A mailer that keeps what it is given, or fails when told to. */
class FakeMailer implements Mailer {
  sent: OutgoingMail[] = [];
  failing = false;
  send = async (mail: OutgoingMail) => {
    if (this.failing) throw new Error('SMTP 421 try later');
    this.sent.push(mail);
    return Promise.resolve();
  };
  close = () => undefined;
}

let mailer: FakeMailer;
const dispatch = (now?: number) => dispatchNoticeMails({ db: server.db, config: server.config, log: server.app.log }, mailer, now);

beforeAll(async () => {
  server = await startTestServer();
  tokens = new Tokens(server);
  lisi = await idOf(server, 'lisi');
  templateId = await makeTemplate(server, await tokens.get('admin'), linearGraph([[{ type: 'orsign', userIds: [lisi] }]]));
});
afterAll(async () => server.close());

beforeEach(async () => {
  mailer = new FakeMailer();
  // Each test starts with nothing undecided.
  await server.db.updateTable('notifications').set({ mail_state: 'skipped' }).where('mail_state', 'is', null).execute();
  await server.db.deleteFrom('notice_settings').execute();
});

async function call<T>(user: string, method: string, url: string, body?: unknown) {
  return server.call<T>(method, url, { token: await tokens.get(user), ...(body !== undefined ? { body } : {}) });
}

const release = async (reason: string): Promise<BillDetail> => releasedBill(server, await tokens.get('zhangsan'), templateId, { reason });
const mailStates = async (billId: number) =>
  (await server.db.selectFrom('notifications').select('mail_state').where('bill_id', '=', billId).orderBy('id').execute()).map(
    (r) => r.mail_state,
  );

describe('mailing notifications', () => {
  it('mails the new task once, with the sentence and a link to the bill', async () => {
    const bill = await release('邮件通知');
    const lisiMail = (await server.db.selectFrom('users').select('mail').where('id', '=', lisi).executeTakeFirstOrThrow()).mail;
    expect(lisiMail, 'the demo 李四 has an address').not.toBe('');

    expect(await dispatch()).toEqual({ sent: 1, skipped: 0, failed: 0 });
    expect(mailer.sent).toHaveLength(1);
    const [mail] = mailer.sent;
    expect(mail?.to).toBe(lisiMail);
    expect(mail?.subject).toContain(`「${bill.title}」待您审批`);
    expect(mail?.text).toContain(`${server.config.publicUrl}/office/approval/detail?from=todo&billID=${bill.id}`);
    expect(await mailStates(bill.id)).toEqual(['sent']);

    // Never twice.
    expect(await dispatch()).toEqual({ sent: 0, skipped: 0, failed: 0 });
    expect(mailer.sent).toHaveLength(1);
  });

  it('skips a person who turned mail off, a notice already read, and one too old; records a failure once', async () => {
    expect((await call<NoticeSettings>('lisi', 'PUT', '/api/notifications/settings', { mail: false })).body.data.mail).toBe(false);
    const off = await release('关闭了邮件');
    expect(await dispatch()).toEqual({ sent: 0, skipped: 1, failed: 0 });
    expect(await mailStates(off.id)).toEqual(['skipped']);

    await call('lisi', 'PUT', '/api/notifications/settings', { mail: true });
    const read = await release('已在系统中阅读');
    await call('lisi', 'PATCH', '/api/notifications/read-all');
    const old = await release('很久以前');
    await server.db
      .updateTable('notifications')
      .set({ created_at: new Date(Date.now() - MAIL_MAX_AGE_MS - 60_000).toISOString() })
      .where('bill_id', '=', old.id)
      .execute();
    expect(await dispatch()).toEqual({ sent: 0, skipped: 2, failed: 0 });
    expect(await mailStates(read.id)).toEqual(['skipped']);
    expect(await mailStates(old.id)).toEqual(['skipped']);

    mailer.failing = true;
    const failing = await release('邮件服务故障');
    expect(await dispatch()).toEqual({ sent: 0, skipped: 0, failed: 1 });
    expect(await mailStates(failing.id)).toEqual(['failed']);
    mailer.failing = false;
    expect(await dispatch()).toEqual({ sent: 0, skipped: 0, failed: 0 });
  });

  it('takes each notice once when two dispatchers run at the same time', async () => {
    await release('并发一');
    await release('并发二');
    const [a, b] = await Promise.all([dispatch(), dispatch()]);
    expect(a.sent + b.sent).toBe(2);
    expect(mailer.sent).toHaveLength(2);
  });
});

describe('GET/PUT /api/notifications/settings', () => {
  it('is each person’s own, on by default; the server says whether it sends mail', async () => {
    const mine = await call<NoticeSettings>('zhangsan', 'GET', '/api/notifications/settings');
    expect(mine.body.data).toMatchObject({ mail: true, mail_available: false });
    const saved = await call<NoticeSettings>('zhangsan', 'PUT', '/api/notifications/settings', { mail: false });
    expect(saved.body).toMatchObject({ status_code: 0, message: NoticeMessages.settingsSaved, data: { mail: false } });
    expect((await call<NoticeSettings>('lisi', 'GET', '/api/notifications/settings')).body.data.mail).toBe(true);
    expect((await call<NoticeSettings>('zhangsan', 'GET', '/api/notifications/settings')).body.data.mail).toBe(false);
  });

  it('refuses a value that is not true or false, changing nothing; and a stranger', async () => {
    for (const body of [{}, { mail: 'no' }, { mail: 1 }, null]) {
      expect((await call('wangwu', 'PUT', '/api/notifications/settings', body)).body).toMatchObject({
        status_code: StatusCode.invalid,
        data: { errors: { mail: [NoticeMessages.mailFlag] } },
      });
    }
    expect(await server.db.selectFrom('notice_settings').selectAll().execute()).toEqual([]);
    expect((await server.call('PUT', '/api/notifications/settings', { body: { mail: false } })).status).toBe(401);
  });
});
