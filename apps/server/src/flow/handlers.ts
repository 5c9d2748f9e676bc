import type { HandlerSource, InitiatorApproves } from '@osp/shared';
import type { Directory, Initiator, UserId } from './types';

/**
 * Who a step's source names, in order and without repeats, leaving out disabled accounts. An empty answer
 * is handled by the caller according to the template's `emptyHandler` setting.
 */

/**
 * The department chain above the initiator, nearest first, skipping departments the initiator leads. A
 * department without a leader, or whose leader is disabled, holds its level empty (-1).
 */
function leaderChain(directory: Directory, initiator: Initiator): UserId[] {
  const leaders: UserId[] = [];
  const seen = new Set<number>();
  let dept: number | null = initiator.deptId;
  while (dept !== null && !seen.has(dept)) {
    seen.add(dept);
    const leader = directory.deptLeader(dept);
    // A leader approving their own bill is no approval: their level moves one department up (钉钉's rule).
    if (leader === null || !directory.isActive(leader)) leaders.push(-1);
    else if (leader !== initiator.userId) leaders.push(leader);
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
  // A disabled account is nobody: named alone, the step finds nobody (issue 13), as a job whose members all left.
  return [...new Set(users)].filter((u) => directory.isActive(u));
}

/** What 发起人审批时 did to a step: nothing, left the initiator out, or gave their place to their leader. */
export type InitiatorOutcome = 'none' | 'skipped' | 'leader';

/**
 * Applies the flow's 发起人审批时 setting to the handlers a source named. `skip` leaves the initiator out;
 * `leader` puts the initiator's direct department leader in their place (the one a 直属主管 step names: a
 * department the initiator leads passes to the one above; a department without a leader gives nobody), keeping
 * the order and dropping a repeat; `self` changes nothing. The 发起人本人 source is meant for the initiator
 * (验收, 确认) and is never changed.
 */
export function applyInitiatorRule(
  source: HandlerSource,
  users: readonly UserId[],
  rule: InitiatorApproves,
  directory: Directory,
  initiator: Initiator,
): { users: UserId[]; outcome: InitiatorOutcome } {
  if (rule === 'self' || source.kind === 'initiator' || !users.includes(initiator.userId)) return { users: [...users], outcome: 'none' };
  const others = users.filter((u) => u !== initiator.userId);
  if (rule === 'skip') return { users: others, outcome: 'skipped' };
  const leader = leaderChain(directory, initiator)[0];
  const replaced = users.flatMap((u) => (u !== initiator.userId ? [u] : leader === undefined || leader < 0 ? [] : [leader]));
  return { users: [...new Set(replaced)], outcome: 'leader' };
}

export interface Assignment {
  originalHandler: UserId;
  actingHandler: UserId;
  onBehalfOf: UserId | null;
  via: 'direct' | 'entrust' | 'admin';
}

/**
 * Applies an active entrust (one hop: a delegate's own entrust is not followed, so a chain or loop of
 * entrusts cannot move a task out of sight) and the empty-source setting. An entrust to `notDelegate` (the
 * initiator, unless the flow lets them approve their own bill) or to a disabled delegate is not followed: the
 * task stays with its handler.
 */
export function assign(
  users: readonly UserId[],
  directory: Directory,
  templateId: string,
  at: string,
  fallbackAdmin: UserId | null,
  notDelegate: UserId | null = null,
): Assignment[] {
  if (users.length === 0) {
    return fallbackAdmin === null ? [] : [{ originalHandler: fallbackAdmin, actingHandler: fallbackAdmin, onBehalfOf: null, via: 'admin' }];
  }
  return users.map((u) => {
    const delegate = directory.delegateOf(u, templateId, at);
    return delegate !== null && delegate !== u && delegate !== notDelegate && directory.isActive(delegate)
      ? { originalHandler: u, actingHandler: delegate, onBehalfOf: u, via: 'entrust' as const }
      : { originalHandler: u, actingHandler: u, onBehalfOf: null, via: 'direct' as const };
  });
}
