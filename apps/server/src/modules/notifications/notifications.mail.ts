import { escapeHtml, NOTICE_BOXES, NOTICE_KINDS, noticeText, SYSTEM_NAME, type NoticeKind, type NoticeMailState } from '@osp/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { createMailer, type Mailer, type OutgoingMail } from '../../lib/mailer';
import * as repo from './notifications.repo';

/**
 * E-mail notifications (issue 13, docs/notifications.md): each notification is also mailed to its person when the
 * server has SMTP settings, the person has an address and has not turned mail off, and they have not read it in the
 * app already. The dispatcher reads the outbox (notifications whose mail is undecided) after the changes committed,
 * so a change that rolled back mails nobody.
 */

/** A notice older than this when the dispatcher gets to it (mail was off, the server was down) is not mailed. */
export const MAIL_MAX_AGE_MS = 24 * 3600_000;
const BATCH = 50;
const INTERVAL_MS = 10_000;

export interface DispatchReport {
  sent: number;
  skipped: number;
  failed: number;
}

type MailRow = NonNullable<Awaited<ReturnType<typeof repo.mailOf>>>;

const isKind = (kind: string): kind is NoticeKind => (NOTICE_KINDS as readonly string[]).includes(kind);

function shouldMail(row: MailRow, now: number): row is MailRow & { kind: NoticeKind } {
  return (
    isKind(row.kind) &&
    row.user_status === 1 &&
    row.mail.trim() !== '' &&
    row.mail_off !== 1 &&
    row.read_at === null &&
    now - new Date(row.created_at).getTime() <= MAIL_MAX_AGE_MS
  );
}

/** The mail of one notification: its sentence as the subject, and a link to the bill. */
export function noticeMail(row: MailRow & { kind: NoticeKind }, publicUrl: string): OutgoingMail {
  const text = noticeText(row.kind, { bill: row.bill_title ?? '', actor: row.actor_name, detail: row.detail });
  const link =
    row.bill_id !== null && row.bill_status !== null
      ? `${publicUrl}/office/approval/detail?${new URLSearchParams({
          from: NOTICE_BOXES[row.kind],
          billID: String(row.bill_id),
          origin: 'mail',
          status: row.bill_status,
        }).toString()}`
      : `${publicUrl}/notifications`;
  const footer = `如不想再收到邮件通知，可在${SYSTEM_NAME}的「消息通知」页关闭。`;
  const lines = [`${row.user_name}，您好：`, '', text, '', link, '', footer, `${SYSTEM_NAME}（本邮件由系统自动发送，请勿直接回复）`];
  const html = `<!doctype html>
<html lang="zh-CN"><body style="font-family:'PingFang SC','Microsoft YaHei',sans-serif;font-size:14px;color:#1f1f1f;line-height:1.7">
<p>${escapeHtml(row.user_name)}，您好：</p>
<p>${escapeHtml(text)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:8px 20px;background:#1677ff;color:#fff;border-radius:6px;text-decoration:none">查看单据</a></p>
<p style="color:#8c8c8c">${escapeHtml(footer)}<br>${escapeHtml(SYSTEM_NAME)}（本邮件由系统自动发送，请勿直接回复）</p>
</body></html>`;
  return { to: row.mail, subject: `【${SYSTEM_NAME}】${text}`, text: lines.join('\n'), html };
}

/** Decides the mail of the oldest undecided notifications (at most one batch); each is claimed, so none goes twice. */
export async function dispatchNoticeMails(
  ctx: Pick<AppContext, 'db' | 'config' | 'log'>,
  mailer: Mailer,
  now = Date.now(),
): Promise<DispatchReport> {
  const report: DispatchReport = { sent: 0, skipped: 0, failed: 0 };
  for (const id of await repo.undecidedMailIds(ctx.db, BATCH)) {
    if (!(await repo.claimMail(ctx.db, id))) continue;
    const row = await repo.mailOf(ctx.db, id);
    let state: NoticeMailState = 'skipped';
    if (row && shouldMail(row, now)) {
      try {
        await mailer.send(noticeMail(row, ctx.config.publicUrl));
        state = 'sent';
      } catch (error) {
        ctx.log.warn({ err: error, notification: id }, 'notification mail failed');
        state = 'failed';
      }
    }
    await repo.setMailState(ctx.db, id, state);
    report[state] += 1;
  }
  return report;
}

/** Whether this server mails notifications: only through real SMTP settings, never into the demo outbox. */
export function mailAvailable(ctx: AppContext): boolean {
  return ctx.config.smtp.host !== '';
}

/**
 * Runs the dispatcher every few seconds while the server runs, when mail is available. A failing round (the database
 * away) is logged and the next one tries again.
 */
export function startNoticeMail(app: FastifyInstance, ctx: AppContext): void {
  if (!mailAvailable(ctx)) return;
  const mailer = createMailer(ctx);
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const round = () => {
    if (running || stopped) return;
    running = dispatchNoticeMails(ctx, mailer)
      .catch((error: unknown) => ctx.log.warn({ err: error }, 'notification mail round failed'))
      .finally(() => (running = null));
  };
  const timer = setInterval(round, INTERVAL_MS);
  timer.unref();
  app.addHook('onReady', async () => {
    await repo.failStaleClaims(ctx.db).catch((error: unknown) => ctx.log.warn({ err: error }, 'could not settle stale mail claims'));
  });
  app.addHook('onClose', async () => {
    stopped = true;
    clearInterval(timer);
    await running;
    mailer.close();
  });
}
