import {
  PasswordMessages,
  PasswordResetCheckZ,
  PasswordResetRequestZ,
  PasswordResetZ,
  RecoveryMessages,
  type PasswordResetLink,
  type PasswordResetRequested,
} from '@osp/shared';
import type { Actor, AppContext } from '../../context';
import { TooManyError, ValidationError } from '../../http/errors';
import { parse } from '../../http/validate';
import { clearFailures, countFailures, revokeUserSessions } from '../auth/auth.service';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { hashToken, newToken } from '../../lib/tokens';
import { recordOperation } from '../syslog/syslog.service';
import { updatePasswordHash } from '../users/users.account';
import { recordSecurityEvent } from '../security-log/security-log.service';
import type { Mailer } from '../../lib/mailer';
import { resetMail } from './password-reset.mailer';
import * as repo from './password-reset.repo';

/** For password changes elsewhere: a new password retires every outstanding reset link. */
export { retireUserResets } from './password-reset.repo';

export interface ClientInfo {
  ip: string;
  /** The request's Service header, for the operation log. */
  service: string;
}

/**
 * Mail work started by requests and not finished yet. A request is answered before its account is
 * even looked up, so the answer and its timing are the same whoever is asked for; the server
 * waits for this work when it closes, and tests wait for it with `settleResetMail()`.
 */
const pending = new Set<Promise<void>>();

export async function settleResetMail(): Promise<void> {
  while (pending.size > 0) await Promise.allSettled([...pending]);
}

function retryMinutes(oldest: string | null, windowMinutes: number, now: number): number {
  if (!oldest) return windowMinutes;
  const freeAt = new Date(oldest).getTime() + windowMinutes * 60_000;
  return Math.max(1, Math.ceil((freeAt - now) / 60_000));
}

/**
 * POST /api/password/reset. The limits count what was typed (lower-cased), never whom it names, so
 * a limited answer says no more about an account than the normal one does.
 */
export async function requestReset(ctx: AppContext, mailer: Mailer, body: unknown, client: ClientInfo): Promise<PasswordResetRequested> {
  const { account } = parse(PasswordResetRequestZ, body);
  const key = account.toLowerCase();
  const limits = ctx.config.passwordReset;
  const now = Date.now();
  const since = new Date(now - limits.windowMinutes * 60_000).toISOString();
  const [byAccount, byAddress] = await Promise.all([
    repo.countRequests(ctx.db, 'account', key, since),
    repo.countRequests(ctx.db, 'ip', client.ip, since),
  ]);
  const waits: number[] = [];
  if (byAccount.count >= limits.perAccount) waits.push(retryMinutes(byAccount.oldest, limits.windowMinutes, now));
  if (byAddress.count >= limits.perAddress) waits.push(retryMinutes(byAddress.oldest, limits.windowMinutes, now));
  if (waits.length > 0) throw new TooManyError(RecoveryMessages.tooMany(Math.max(...waits)));
  await repo.recordRequest(ctx.db, key, client.ip, new Date(now).toISOString(), since);

  const work = sendResetLinks(ctx, mailer, account, client.ip).catch((error: unknown) => {
    ctx.log.error({ reason: describeError(error), ip: client.ip }, 'password reset mail failed');
  });
  pending.add(work);
  void work.finally(() => pending.delete(work));
  return { ttl_minutes: limits.ttlMinutes };
}

/** A mail server's error names the server and the step; only that is logged, never the message with its link. */
function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as Error & { code?: unknown }).code;
  return typeof code === 'string' ? `${code}: ${error.message}` : error.message;
}

async function sendResetLinks(ctx: AppContext, mailer: Mailer, account: string, ip: string): Promise<void> {
  const users = await repo.findReachableUsers(ctx.db, account);
  if (users.length === 0) {
    ctx.log.info({ ip }, 'password reset asked for an account that names no active user with an e-mail address');
    return;
  }
  const { ttlMinutes } = ctx.config.passwordReset;
  for (const user of users) {
    const token = newToken();
    const createdAt = new Date();
    const expiresAt = new Date(createdAt.getTime() + ttlMinutes * 60_000);
    await repo.insertResetToken(ctx.db, {
      token_hash: hashToken(token),
      user_id: user.id,
      created_at: createdAt.toISOString(),
      expires_at: expiresAt.toISOString(),
      ip,
      sent_to: user.mail,
    });
    await recordSecurityEvent(ctx.db, {
      event: 'authn_password_reset_request',
      userId: user.id,
      username: user.username,
      client: { ip, userAgent: '' },
      detail: '找回密码邮件已发送',
    });
    const link = `${ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await mailer.send(resetMail({ to: user.mail, name: user.name, username: user.username, link, ttlMinutes, expiresAt, ip }));
    ctx.log.info({ userId: user.id, ip }, 'password reset link sent');
  }
}

type ResetRow = NonNullable<Awaited<ReturnType<typeof repo.findResetByTokenHash>>>;

/** Why a link cannot be used, or undefined when it can. */
function deadLinkMessage(reset: ResetRow | undefined, now: number): string | undefined {
  if (!reset) return RecoveryMessages.linkInvalid;
  if (reset.used_at) return RecoveryMessages.linkUsed;
  if (new Date(reset.expires_at).getTime() <= now) return RecoveryMessages.linkExpired;
  if (reset.user_status !== 1) return RecoveryMessages.accountDisabled;
  // The mail changed since (an administrator, or someone who took the account over): the link answers
  // as one that never existed, so it tells nothing about the account.
  if (reset.sent_to === '' || reset.sent_to.toLowerCase() !== reset.mail.toLowerCase()) return RecoveryMessages.linkInvalid;
  return undefined;
}

/** GET /api/password/reset?token=: whether the link still works, so the page can say so before any typing. */
export async function checkResetLink(ctx: AppContext, query: unknown): Promise<PasswordResetLink> {
  const { token } = parse(PasswordResetCheckZ, query);
  const reset = await repo.findResetByTokenHash(ctx.db, hashToken(token));
  const message = deadLinkMessage(reset, Date.now());
  if (message || !reset) return { valid: false, message: message ?? RecoveryMessages.linkInvalid };
  return { valid: true, username: reset.username, name: reset.name, expires_at: reset.expires_at };
}

/**
 * PUT /api/password/reset: sets the new password, uses the link up, retires the user's other links,
 * signs the user out everywhere and forgets their failed sign-ins (they have just proved they own
 * the mailbox; a lock left by someone guessing must not keep them out with the new password).
 */
export async function resetPassword(ctx: AppContext, body: unknown, client: ClientInfo): Promise<void> {
  // The link first: when it is dead, what was typed for the password does not matter.
  const { token } = parse(PasswordResetCheckZ, body);
  const reset = await repo.findResetByTokenHash(ctx.db, hashToken(token));
  const deadMessage = deadLinkMessage(reset, Date.now());
  if (deadMessage || !reset) throw new ValidationError({ token: [deadMessage ?? RecoveryMessages.linkInvalid] });

  const input = parse(PasswordResetZ, body);
  if (await verifyPassword(reset.password_hash, input.passwd)) {
    throw new ValidationError({ passwd: [PasswordMessages.sameAsOld] });
  }
  const passwordHash = await hashPassword(input.passwd);
  const now = new Date().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.consumeReset(trx, reset.id, now))) {
      // Another request used the link (or it expired) while this one was hashing.
      throw new ValidationError({ token: [RecoveryMessages.linkUsed] });
    }
    await updatePasswordHash(trx, reset.user_id, passwordHash, now);
    await repo.retireUserResets(trx, reset.user_id, now);
    await revokeUserSessions(trx, reset.user_id, now);
    // Proving the mailbox lifts a lock that guessing put on the account: the trace says so.
    const since = new Date(Date.now() - ctx.config.login.windowMinutes * 60_000).toISOString();
    const wasLocked = (await countFailures(trx, 'username', reset.username, since)) >= ctx.config.login.lockAfterUserFailures;
    await clearFailures(trx, reset.username);
    if (wasLocked) {
      await recordSecurityEvent(trx, {
        event: 'authn_login_unlock',
        userId: reset.user_id,
        username: reset.username,
        client: { ip: client.ip, userAgent: '' },
        detail: '通过邮件链接重置密码，解除登录锁定',
      });
    }
    await recordOperation(trx, selfActor(reset, client.service), {
      itemType: 'user',
      itemId: reset.user_id,
      action: 'reset_password',
      summary: `通过邮件链接找回密码：${reset.username}（${reset.name}），已注销该用户的全部登录`,
    });
    await recordSecurityEvent(trx, {
      event: 'authn_password_reset',
      userId: reset.user_id,
      username: reset.username,
      client: { ip: client.ip, userAgent: '' },
      detail: '通过邮件链接重置密码，全部会话已注销',
    });
  });
  ctx.log.info({ userId: reset.user_id, ip: client.ip }, 'password reset through an e-mail link; every session of the user revoked');
}

/**
 * The user acting on their own account through the e-mailed link: not signed in, so there is no
 * session; the operation log needs only who it was and from where.
 */
function selfActor(reset: ResetRow, service: string): Actor {
  return {
    caller: {
      userId: reset.user_id,
      username: reset.username,
      sessionId: 0,
      roles: [],
      permissions: [],
      user: {
        id: reset.user_id,
        username: reset.username,
        name: reset.name,
        sex: '',
        dept_id: null,
        dept_name: null,
        station: '',
        mail: '',
        mobile: '',
        phone: '',
        wechat: '',
        profile_photo: '',
      },
    },
    service: service || 'reset-password',
  };
}
