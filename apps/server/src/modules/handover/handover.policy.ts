import { HandoverMessages } from '@osp/shared';

/**
 * 离职交接 is part of user administration: the permission is the user page's own (sys_user, admin-users.policy) and
 * the person handed over must be within the administrator's reach (grants.policy: nobody acts on an account holding a
 * permission they lack) — both asked through admin-users.service `authorizeUserChange`. The receiver needs no
 * permission: receiving tasks lets them read those bills as any handler does, which the administrator could give
 * them by hand anyway.
 */

/** Why `receiverId` cannot take over from `leaverId`, or undefined. Whether they are active is the service's look-up. */
export function receiverRefusal(leaverId: number, receiverId: number): string | undefined {
  return receiverId === leaverId ? HandoverMessages.receiverSelf : undefined;
}
