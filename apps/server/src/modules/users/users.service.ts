import { PasswordChangeZ, PasswordMessages, PersonUpdateZ, type Person, type UserProfile } from '@osp/shared';
import type { AppContext, Caller, CallerUser } from '../../context';
import { NotFoundError, ValidationError } from '../../http/errors';
import { ok } from '../../http/envelope';
import { parse } from '../../http/validate';
import { revokeUserSessions } from '../auth/auth.service';
import { retireUserResets } from '../password-reset/password-reset.service';
import { recordSecurityEvent, type ClientInfo } from '../security-log/security-log.service';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import * as repo from './users.repo';
import { presentPerson, presentProfile } from './users.presenter';

/** The caller's profile; the session lookup of this request already read it. */
export function getProfile(caller: Caller): UserProfile {
  return presentProfile(caller.user, { roles: caller.roles, permissions: caller.permissions });
}

/**
 * GET /api/user/profile's whole answer as JSON, kept with the user row it was made from. The access
 * cache hands every request of a session the same row object until a change replaces it, so the
 * text is made once per load (every page load asks for it; serialising was a tenth of the
 * request). Keyed by the object, a stale text can never outlive its row.
 */
const profileJsonByLoad = new WeakMap<CallerUser, string>();

export function profileJson(caller: Caller): string {
  let json = profileJsonByLoad.get(caller.user);
  if (json === undefined) {
    json = JSON.stringify(ok(getProfile(caller)));
    profileJsonByLoad.set(caller.user, json);
  }
  return json;
}

export async function getPerson(ctx: AppContext, caller: Caller): Promise<Person> {
  const row = await repo.findPerson(ctx.db, caller.userId);
  if (!row) throw new NotFoundError();
  return presentPerson(row);
}

/** PUT /api/person: the five SPEC fields only; the schema drops anything else in the body. */
export async function updatePerson(ctx: AppContext, caller: Caller, body: unknown): Promise<Person> {
  const fields = parse(PersonUpdateZ, body);
  await repo.updatePerson(ctx.db, caller.userId, fields, new Date().toISOString());
  return getPerson(ctx, caller);
}

/**
 * Changes the caller's password and revokes every other session of theirs at once (DESIGN §5): a
 * stolen token stops working the moment its owner changes the password. The tab that made the
 * change stays signed in.
 */
export async function changePassword(ctx: AppContext, caller: Caller, body: unknown, client?: ClientInfo): Promise<void> {
  const input = parse(PasswordChangeZ, body);
  const row = await repo.findPasswordHash(ctx.db, caller.userId);
  if (!row) throw new NotFoundError();
  const who = { userId: caller.userId, username: caller.username, ...(client ? { client } : {}) };
  if (!(await verifyPassword(row.password_hash, input.old_passwd))) {
    // A wrong old password from a signed-in session may be someone else at an unlocked screen.
    await recordSecurityEvent(ctx.db, { event: 'authn_password_change_fail', ...who, detail: '旧密码错误' });
    throw new ValidationError({ old_passwd: [PasswordMessages.wrongOld] });
  }
  const passwordHash = await hashPassword(input.passwd);
  const now = new Date().toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.updatePasswordHash(trx, caller.userId, passwordHash, now);
    await revokeUserSessions(trx, caller.userId, now, caller.sessionId);
    // A reset link asked for earlier (perhaps by someone else) must not undo the new password.
    await retireUserResets(trx, caller.userId, now);
    await recordSecurityEvent(trx, { event: 'authn_password_change', ...who, detail: '修改密码，其他会话已注销' });
  });
}
