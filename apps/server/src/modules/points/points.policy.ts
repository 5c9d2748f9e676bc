import { PointMessages } from '@osp/shared';
import type { Caller } from '../../context';
import { ForbiddenError } from '../../http/errors';

/**
 * Who sees and changes points (issue 15, SPEC §6): the ranking and one's own ledger need `point_rank` (the header
 * icon needs it too); adjusting anyone's points needs `point_admin`, and nobody adjusts their own.
 */

export function canSeeRank(caller: Caller): boolean {
  return caller.permissions.includes('point_rank');
}

export function canAdjustPoints(caller: Caller): boolean {
  return caller.permissions.includes('point_admin');
}

export function authorizeRank(caller: Caller): void {
  if (!canSeeRank(caller)) throw new ForbiddenError();
}

export function authorizeAdjust(caller: Caller): void {
  if (!canAdjustPoints(caller)) throw new ForbiddenError();
}

/** The adjustment of one person's points: `point_admin`, and never the holder's own. */
export function authorizeAdjustOf(caller: Caller, userId: number): void {
  authorizeAdjust(caller);
  if (userId === caller.userId) throw new ForbiddenError(PointMessages.selfAdjust);
}
