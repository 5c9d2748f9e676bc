import { LOGGED_ITEM_TYPES, type LoggedItemType } from '@osp/shared';
import type { Caller } from '../../context';

/**
 * Which item types' history the caller may read: everything with sys_log, otherwise the types whose
 * administering permission the caller holds (a user administrator reads the history of users).
 */
export function readableItemTypes(caller: Caller): LoggedItemType[] | null {
  if (caller.permissions.includes('sys_log')) return null;
  return (Object.keys(LOGGED_ITEM_TYPES) as LoggedItemType[]).filter((type) =>
    caller.permissions.includes(LOGGED_ITEM_TYPES[type].permission),
  );
}
