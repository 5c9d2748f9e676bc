import { AdminUserMessages } from '@osp/shared';
import type { Caller } from '../../context';
import { ForbiddenError } from '../../http/errors';

/** The one permission of this area: users and their sessions (PERMISSIONS.sys_user). */
export const USER_ADMIN_PERMISSION = 'sys_user';

export function canAdministerUsers(caller: Caller): boolean {
  return caller.permissions.includes(USER_ADMIN_PERMISSION);
}

/** Asserts at the top of every service function, before any input is read or any row touched. */
export function authorizeUserAdmin(caller: Caller): void {
  if (!canAdministerUsers(caller)) throw new ForbiddenError();
}

/**
 * Changes an administrator may not make to their own account (their own roles are refused outright by
 * admin-org/grants.policy, like every grant), so that nobody locks themselves out
 * by a slip of the mouse and a stolen token cannot take over the account silently. Each answers
 * the message to show, or undefined when the change is allowed.
 */
export const selfChange = {
  status(caller: Caller, targetId: number, status: number): string | undefined {
    return targetId === caller.userId && status === 0 ? AdminUserMessages.cannotDisableSelf : undefined;
  },
  /** One's own password is changed with the old one (修改密码), never reset without it. */
  password(caller: Caller, targetId: number): string | undefined {
    return targetId === caller.userId ? AdminUserMessages.cannotResetOwnPassword : undefined;
  },
};
