import { IPTV_TEMPLATE_PERMISSIONS, type EntrustAbilities, type EntrustState } from '@osp/shared';
import type { Caller } from '../../context';
import { ForbiddenError } from '../../http/errors';

/**
 * Entrusts are a person's own: only their owner changes, ends or deletes one (403 for anyone else, the delegate
 * included), and what the owner may do depends on where the entrust stands (issue 13): 修改 until it ends, 提前结束
 * while it runs, 删除 before it starts — an entrust that has started keeps its record.
 */

export function isOwnEntrust(caller: Caller, entrust: { user_id: number }): boolean {
  return entrust.user_id === caller.userId;
}

export function authorizeOwnEntrust(caller: Caller, entrust: { user_id: number }): void {
  if (!isOwnEntrust(caller, entrust)) throw new ForbiddenError();
}

export function entrustAbilities(caller: Caller, entrust: { user_id: number }, state: EntrustState): EntrustAbilities {
  const mine = isOwnEntrust(caller, entrust);
  return { edit: mine && state !== 'ended', end: mine && state === 'active', delete: mine && state === 'pending' };
}

/** IPTV template names are shown to IPTV roles only, as everywhere else (docs/approval-api.md, operation log). */
export function mayReadIptvTemplates(caller: Caller): boolean {
  return IPTV_TEMPLATE_PERMISSIONS.some((p) => caller.permissions.includes(p));
}
