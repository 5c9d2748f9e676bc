import { LoginMessages, StatusCode, type Authorization, type AuthorizationCheckResult, type Login } from '@osp/shared';
import type { AppContext, Caller } from '../../context';
import { AppError, TooManyError, UnauthorizedError } from '../../http/errors';
import * as repo from './auth.repo';
import { checkCaptcha } from './captcha';
import { burnVerification, verifyPassword } from '../../lib/passwords';
import { recordSecurityEvent, type SecurityEventRecord } from '../security-log/security-log.service';
import { bearerToken, hashToken, newToken } from '../../lib/tokens';

/** For password changes and resets elsewhere: sign-in failures and sessions are this module's to clear. */
export { clearFailures, countFailures, revokeUserSessions } from './auth.repo';

interface ClientInfo {
  ip: string;
  userAgent: string;
}

/**
 * A sign-in event into the security trace and the server log alike (issue 11, item 8): the log line
 * names the event, the username typed and the address; neither ever holds the password or a token.
 */
async function trace(ctx: AppContext, record: SecurityEventRecord & { client: ClientInfo }): Promise<void> {
  const level = record.event === 'authn_login_success' ? 'info' : 'warn';
  ctx.log[level]({ event: record.event, username: record.username, ip: record.client.ip, detail: record.detail }, 'security event');
  await recordSecurityEvent(ctx.db, record);
}

const TOUCH_EVERY_MS = 60_000;

function minutesAgo(minutes: number): string {
  return new Date(Date.now() - minutes * 60_000).toISOString();
}

function expiryFrom(ctx: AppContext, createdAt: string, now: number): string {
  const idle = now + ctx.config.session.idleMinutes * 60_000;
  const absolute = new Date(createdAt).getTime() + ctx.config.session.maxHours * 3_600_000;
  return new Date(Math.min(idle, absolute)).toISOString();
}

async function loginPressure(ctx: AppContext, username: string, ip: string) {
  const since = minutesAgo(ctx.config.login.windowMinutes);
  const [userFailures, addressFailures] = await Promise.all([
    repo.countFailures(ctx.db, 'username', username, since),
    repo.countFailures(ctx.db, 'ip', ip, since),
  ]);
  const { captchaAfterUserFailures, captchaAfterAddressFailures, lockAfterUserFailures } = ctx.config.login;
  return {
    userFailures,
    isLocked: userFailures >= lockAfterUserFailures,
    needsCaptcha: userFailures >= captchaAfterUserFailures || addressFailures >= captchaAfterAddressFailures,
  };
}

function lockedError(ctx: AppContext): AppError {
  return new TooManyError(LoginMessages.locked(ctx.config.login.lockMinutes), { captcha_required: true, locked: true });
}

/**
 * Signs a user in (DESIGN §5). The order matters: a locked account is refused before the password
 * is looked at, so that guessing goes no further once the lock is on.
 */
export async function login(ctx: AppContext, input: Login, client: ClientInfo): Promise<Authorization> {
  const username = input.username;
  const pressure = await loginPressure(ctx, username, client.ip);
  if (pressure.isLocked) throw lockedError(ctx);

  if (pressure.needsCaptcha) {
    if (!input.captcha_key || !input.captcha_code) {
      throw new AppError(StatusCode.invalid, LoginMessages.captchaRequired, {
        captcha_required: true,
        errors: { captcha_code: [LoginMessages.captchaRequired] },
      });
    }
    if (!(await checkCaptcha(ctx, input.captcha_key, input.captcha_code))) {
      await trace(ctx, { event: 'authn_captcha_fail', username, client, detail: '验证码错误' });
      throw new AppError(StatusCode.invalid, LoginMessages.captchaWrong, {
        captcha_required: true,
        errors: { captcha_code: [LoginMessages.captchaWrong] },
      });
    }
  }

  const user = await repo.findUserForLogin(ctx.db, username);
  const isValid = user ? await verifyPassword(user.password_hash, input.password) : (await burnVerification(input.password), false);
  if (!user || !isValid) {
    await repo.recordFailure(ctx.db, username, client.ip, new Date().toISOString(), minutesAgo(ctx.config.login.windowMinutes));
    const failures = pressure.userFailures + 1;
    const userId = user?.id ?? null;
    await trace(ctx, {
      event: 'authn_login_fail',
      userId,
      username,
      client,
      detail: user ? `密码错误（第 ${failures} 次）` : '用户名不存在',
    });
    if (failures >= ctx.config.login.lockAfterUserFailures) {
      const { lockMinutes } = ctx.config.login;
      await trace(ctx, {
        event: 'authn_login_lock',
        userId,
        username,
        client,
        detail: `连续失败 ${failures} 次，锁定 ${lockMinutes} 分钟`,
      });
      throw lockedError(ctx);
    }
    throw new AppError(StatusCode.invalid, LoginMessages.badCredentials, {
      captcha_required: pressure.needsCaptcha || failures >= ctx.config.login.captchaAfterUserFailures,
    });
  }
  if (user.status !== 1) {
    await trace(ctx, { event: 'authn_login_fail', userId: user.id, username, client, detail: '账号已停用' });
    throw new AppError(StatusCode.invalid, LoginMessages.disabled, { captcha_required: false });
  }

  await repo.clearFailures(ctx.db, username);
  const token = newToken();
  const now = Date.now();
  const nowIso = new Date(now).toISOString();
  await repo.insertSession(ctx.db, {
    token_hash: hashToken(token),
    user_id: user.id,
    now: nowIso,
    expires_at: expiryFrom(ctx, nowIso, now),
    ip: client.ip,
    user_agent: client.userAgent.slice(0, 255),
  });
  await trace(ctx, { event: 'authn_login_success', userId: user.id, username, client });
  return { token, token_type: 'Bearer', expires_in: ctx.config.session.idleMinutes * 60 };
}

/**
 * Resolves the bearer token of a request to its caller, or throws 401. Activity slides the idle
 * expiry forward, written at most once a minute so that reads stay reads.
 */
export async function authenticate(ctx: AppContext, authorization: string | undefined): Promise<Caller> {
  const token = bearerToken(authorization);
  if (!token) throw new UnauthorizedError();
  const tokenHash = hashToken(token);
  const session = await liveSession(ctx, tokenHash);
  const now = Date.now();
  if (!session || session.user_status !== 1 || new Date(session.expires_at).getTime() <= now) throw new UnauthorizedError();
  if (now - new Date(session.last_seen_at).getTime() > TOUCH_EVERY_MS) {
    const lastSeenAt = new Date(now).toISOString();
    const expiresAt = expiryFrom(ctx, session.created_at, now);
    await repo.touchSession(ctx.db, session.session_id, lastSeenAt, expiresAt);
    ctx.access.touched(tokenHash, lastSeenAt, expiresAt);
  }
  return {
    userId: session.user.id,
    username: session.user.username,
    sessionId: session.session_id,
    roles: session.roles,
    permissions: session.permissions,
    user: session.user,
  };
}

/**
 * The session of a token from the access cache, else from the database. Expiry is judged by the
 * caller on every request either way; only revocation and changes to the user need `changed()`.
 */
async function liveSession(ctx: AppContext, tokenHash: string): Promise<repo.SessionWithAccess | undefined> {
  const cached = ctx.access.session(tokenHash);
  if (cached) return cached;
  const startedIn = ctx.access.currentGeneration;
  const session = await repo.findLiveSessionByTokenHash(ctx.db, tokenHash);
  if (session) ctx.access.rememberSession(tokenHash, session, startedIn);
  return session;
}

export async function checkAuthorization(
  ctx: AppContext,
  authorization: string | undefined,
  username: string | undefined,
  ip: string,
): Promise<AuthorizationCheckResult> {
  let isTokenValid = false;
  try {
    await authenticate(ctx, authorization);
    isTokenValid = true;
  } catch (error) {
    if (!(error instanceof UnauthorizedError)) throw error;
  }
  const pressure = await loginPressure(ctx, username ?? '', ip);
  return { token_valid: isTokenValid, captcha_required: pressure.needsCaptcha || pressure.isLocked };
}

export async function logout(ctx: AppContext, caller: Caller, client: ClientInfo): Promise<void> {
  await repo.revokeSession(ctx.db, caller.sessionId, new Date().toISOString());
  await recordSecurityEvent(ctx.db, {
    event: 'authn_token_revoked',
    userId: caller.userId,
    username: caller.username,
    client,
    detail: '退出登录',
  });
}
