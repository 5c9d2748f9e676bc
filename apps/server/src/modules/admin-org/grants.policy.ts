import { GrantMessages, PERMISSIONS } from '@osp/shared';
import type { Caller } from '../../context';
import { ForbiddenError } from '../../http/errors';

/**
 * Nobody grants what they do not hold (issue 11, item 1; docs/security.md). Every grant goes through
 * here: a user administrator assigning roles, creating or importing users with roles, or changing an
 * account; a role administrator creating, editing or deleting roles. Pure: the services load the
 * permissions involved and ask.
 */

const REGISTRY_ORDER = new Map(Object.keys(PERMISSIONS).map((key, index) => [key, index]));

/**
 * The permissions in `permissions` that the caller does not hold, once each, in the registry's order
 * (the order the role editor shows them), so that a refusal reads the same whatever order they came in.
 */
export function lackedPermissions(caller: Caller, permissions: Iterable<string>): string[] {
  const rank = (key: string) => REGISTRY_ORDER.get(key) ?? REGISTRY_ORDER.size;
  return [...new Set(permissions)]
    .filter((permission) => !caller.permissions.includes(permission))
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/** Granting or taking away these permissions (through a role, or on a role) needs every one of them. */
export function authorizeGrant(caller: Caller, permissions: Iterable<string>): void {
  const missing = lackedPermissions(caller, permissions);
  if (missing.length > 0) throw new ForbiddenError(GrantMessages.cannotGrant(missing));
}

/** Renaming, re-granting or deleting a role needs every permission it carries now. */
export function authorizeRoleEdit(caller: Caller, role: { name: string; permissions: readonly string[] }): void {
  const missing = lackedPermissions(caller, role.permissions);
  if (missing.length > 0) throw new ForbiddenError(GrantMessages.cannotEditRole(role.name, missing));
}

/**
 * An account whose permissions the administrator does not all hold is beyond them: no edit (its mail
 * leads to a password reset), no password reset, no disabling or enabling, no roles, no sessions.
 * Answers the refusal, or undefined when the caller may.
 */
export function refusalOverUser(caller: Caller, target: { name: string; permissions: Iterable<string> }): string | undefined {
  const missing = lackedPermissions(caller, target.permissions);
  return missing.length > 0 ? GrantMessages.outranked(target.name, missing) : undefined;
}

export function authorizeOverUser(caller: Caller, target: { name: string; permissions: Iterable<string> }): void {
  const refusal = refusalOverUser(caller, target);
  if (refusal) throw new ForbiddenError(refusal);
}

/** A person's own roles are changed by someone else, so that nobody raises their own access. */
export function authorizeRolesOf(caller: Caller, targetId: number): void {
  if (targetId === caller.userId) throw new ForbiddenError(GrantMessages.ownRoles);
}
