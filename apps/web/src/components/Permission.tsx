import type { ReactNode } from 'react';
import { hasAnyPermission } from '@osp/shared';
import { useProfile } from '../api/user';

interface PermissionProps {
  /** SPEC §6: at least one permission; the element shows when the user holds any of them. */
  anyOf: readonly [string, ...string[]];
  children: ReactNode;
}

/**
 * Removes its children unless the user may see them. This only tidies the screen: the server
 * checks the same permission on every call.
 */
export function Permission({ anyOf, children }: PermissionProps) {
  const { data: profile } = useProfile();
  if (!profile || !hasAnyPermission(profile.permissions, anyOf)) return null;
  return <>{children}</>;
}
