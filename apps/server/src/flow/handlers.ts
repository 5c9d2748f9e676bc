import type { HandlerSource } from '@osp/shared';
import type { Directory, Initiator, UserId } from './types';

/**
 * Who a step's source names, in order and without repeats. An empty answer is handled by the caller
 * according to the template's `emptyHandler` setting.
 */

/** The department chain above the initiator, nearest first, skipping departments the initiator leads. */
function leaderChain(directory: Directory, initiator: Initiator): UserId[] {
  const leaders: UserId[] = [];
  const seen = new Set<number>();
  let dept: number | null = initiator.deptId;
  while (dept !== null && !seen.has(dept)) {
    seen.add(dept);
    const leader = directory.deptLeader(dept);
    // A leader approving their own bill is no approval: their level moves one department up (钉钉's rule).
    if (leader !== null && leader !== initiator.userId) leaders.push(leader);
    else if (leader === null) leaders.push(-1);
    dept = directory.deptParent(dept);
  }
  return leaders;
}

/** Whether one of `deptIds` is the initiator's department or one above it; a member covering no listed department covers all. */
function covers(directory: Directory, deptIds: readonly number[], deptId: number): boolean {
  if (deptIds.length === 0) return true;
  const seen = new Set<number>();
  let dept: number | null = deptId;
  while (dept !== null && !seen.has(dept)) {
    if (deptIds.includes(dept)) return true;
    seen.add(dept);
    dept = directory.deptParent(dept);
  }
  return false;
}

export function resolveSource(
  source: HandlerSource,
  directory: Directory,
  initiator: Initiator,
  chosen: readonly UserId[] | undefined,
): UserId[] {
  let users: UserId[];
  switch (source.kind) {
    case 'users':
      users = [...source.userIds];
      break;
    case 'job':
      users = directory
        .jobMembers(source.jobId)
        .filter((m) => !source.onlyCoveringInitiatorDept || covers(directory, m.deptIds, initiator.deptId))
        .map((m) => m.userId);
      break;
    case 'leader': {
      // A department without a leader holds its level empty (-1) rather than shifting the chain.
      const leader = leaderChain(directory, initiator)[source.levels - 1];
      users = leader === undefined || leader < 0 ? [] : [leader];
      break;
    }
    case 'chosen':
      users = [...(chosen ?? [])];
      break;
    case 'initiator':
      users = [initiator.userId];
      break;
  }
  return [...new Set(users)];
}

export interface Assignment {
  originalHandler: UserId;
  actingHandler: UserId;
  onBehalfOf: UserId | null;
  via: 'direct' | 'entrust' | 'admin';
}

/**
 * Applies an active entrust (one hop: a delegate's own entrust is not followed, so a chain or loop of
 * entrusts cannot move a task out of sight) and the empty-source setting.
 */
export function assign(
  users: readonly UserId[],
  directory: Directory,
  templateId: string,
  at: string,
  fallbackAdmin: UserId | null,
): Assignment[] {
  if (users.length === 0) {
    return fallbackAdmin === null ? [] : [{ originalHandler: fallbackAdmin, actingHandler: fallbackAdmin, onBehalfOf: null, via: 'admin' }];
  }
  return users.map((u) => {
    const delegate = directory.delegateOf(u, templateId, at);
    return delegate !== null && delegate !== u
      ? { originalHandler: u, actingHandler: delegate, onBehalfOf: u, via: 'entrust' as const }
      : { originalHandler: u, actingHandler: u, onBehalfOf: null, via: 'direct' as const };
  });
}
