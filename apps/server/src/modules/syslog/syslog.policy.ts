import { LOGGED_ITEM_TYPES, type LoggedItemType } from '@osp/shared';
import type { Caller } from '../../context';

/**
 * Which item types' history the caller may read: everything with sys_log, otherwise the types whose
 * administering permission the caller holds (a user administrator reads the history of users), and for
 * a type with `alsoOneOf` one of those too (IPTV templates: template_admin and an iptv* permission).
 */
export function readableItemTypes(caller: Caller): LoggedItemType[] | null {
  if (caller.permissions.includes('sys_log')) return null;
  return (Object.keys(LOGGED_ITEM_TYPES) as LoggedItemType[]).filter((type) => {
    const rule: { permission: string; alsoOneOf?: readonly string[] } = LOGGED_ITEM_TYPES[type];
    if (!caller.permissions.includes(rule.permission)) return false;
    return !rule.alsoOneOf || rule.alsoOneOf.some((p) => caller.permissions.includes(p));
  });
}
