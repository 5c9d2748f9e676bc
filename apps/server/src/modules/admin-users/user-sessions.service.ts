import { AdminUserMessages, type UserSession } from '@osp/shared';
import type { Actor, AppContext, Caller } from '../../context';
import { NotFoundError } from '../../http/errors';
import { authorizeOverUser } from '../admin-org/grants.policy';
import { recordOperation } from '../syslog/syslog.service';
import { authorizeUserAdmin } from './admin-users.policy';
import { presentSession } from './admin-users.presenter';
import * as repo from './admin-users.repo';
import { userLabel } from './admin-users.service';

/**
 * Session revocations are logged as item type `session` with the id of the user who owns them, so
 * that the sessions drawer of one user shows that user's revocation history.
 */
const ITEM_TYPE = 'session';

async function targetUser(ctx: AppContext, id: number) {
  const row = Number.isSafeInteger(id) && id > 0 ? await repo.findUser(ctx.db, id) : undefined;
  if (!row) throw new NotFoundError();
  return row;
}

/** Signing someone out is changing their account: refused when it is beyond the administrator (grants.policy). */
async function manageableTarget(ctx: AppContext, caller: Caller, id: number) {
  const row = await targetUser(ctx, id);
  authorizeOverUser(caller, { name: row.name, permissions: (await repo.permissionsOfUsers(ctx.db, [id])).get(id) ?? [] });
  return row;
}

export async function listUserSessions(ctx: AppContext, caller: Caller, userId: number): Promise<UserSession[]> {
  authorizeUserAdmin(caller);
  await targetUser(ctx, userId);
  const rows = await repo.listLiveSessions(ctx.db, userId, new Date().toISOString());
  return rows.map((row) => presentSession(row, caller.sessionId));
}

export async function revokeUserSession(ctx: AppContext, actor: Actor, userId: number, sessionId: number): Promise<void> {
  authorizeUserAdmin(actor.caller);
  const user = await manageableTarget(ctx, actor.caller, userId);
  const now = new Date().toISOString();
  const session = Number.isSafeInteger(sessionId) ? await repo.findLiveSession(ctx.db, userId, sessionId, now) : undefined;
  if (!session) throw new NotFoundError(AdminUserMessages.sessionNotFound);
  const revoked = await ctx.db.transaction().execute(async (trx) => {
    const count = await repo.revokeSessions(trx, userId, now, sessionId);
    if (count === 0) return 0;
    await recordOperation(trx, actor, {
      itemType: ITEM_TYPE,
      itemId: userId,
      action: 'revoke_session',
      summary: `注销用户 ${userLabel(user)} 的会话（登录于 ${session.created_at}，IP ${session.ip || '未知'}）`,
      before: { session_id: session.id, ip: session.ip, user_agent: session.user_agent, created_at: session.created_at },
    });
    return count;
  });
  // Revoked by someone else between the read and the update: it is gone either way, but say so.
  if (revoked === 0) throw new NotFoundError(AdminUserMessages.sessionNotFound);
}

export async function revokeAllUserSessions(ctx: AppContext, actor: Actor, userId: number): Promise<number> {
  authorizeUserAdmin(actor.caller);
  const user = await manageableTarget(ctx, actor.caller, userId);
  const now = new Date().toISOString();
  const revoked = await ctx.db.transaction().execute(async (trx) => {
    const count = await repo.revokeSessions(trx, userId, now);
    if (count > 0) {
      await recordOperation(trx, actor, {
        itemType: ITEM_TYPE,
        itemId: userId,
        action: 'revoke_session',
        summary: `注销用户 ${userLabel(user)} 的全部会话（${count} 个）`,
        after: { revoked: count },
      });
    }
    return count;
  });
  return revoked;
}
