import type { ReactNode } from 'react';
import { hasAnyPermission } from '@osp/shared';
import { useProfile } from '../api/user';

interface PermissionProps {
  /** SPEC §6: at least one permission; the element shows when the user holds any of them. */
  anyOf: readonly [string, ...string[]];
  children: ReactNode;
  /** What shows instead once the profile says no (a page's route sends the user to /404); nothing by default. */
  denied?: ReactNode;
}

/**
 * Removes its children unless the user may see them. This only tidies the screen: the server
 * checks the same permission on every call.
 */
export function Permission({ anyOf, children, denied = null }: PermissionProps) {
  const { data: profile } = useProfile();
  if (!profile) return null;
  return <>{hasAnyPermission(profile.permissions, anyOf) ? children : denied}</>;
}
