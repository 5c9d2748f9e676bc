import { SurveyApiMessages, type SurveyKind, type SurveyTarget, type SurveyTargetKind, type SurveyTargetView } from '@osp/shared';
import type { AppContext } from '../../context';
import type { Db } from '../../db/index';
import { ValidationError } from '../../http/errors';
import {
  activePeopleUnder,
  activeUserIds,
  activeUsersOfRoles,
  deptRows,
  existingDeptIds,
  existingRoleIds,
  listRoles,
  personRows,
} from '../directory/directory.service';
import type { TargetRow } from './surveys.repo';

/**
 * Whom a survey is for (issue 16 "Targets"): departments with their sub-departments, roles and people, less the
 * exclusions, resolved through the directory. Only active people are ever asked, and an exclusion wins over any
 * inclusion. Every function takes `db`: inside a transaction it must be the transaction (on SQLite the transaction
 * holds the one connection).
 *
 * An evaluation (评价) has raters as its targets; this session's rule for whom they rate (docs/surveys-api.md
 * "Evaluations"): every rater rates the leader of their own department (depts.leader_id), when that leader is
 * active and is not the rater. A rater without a department or whose department has no active leader rates nobody.
 */

const KINDS: readonly SurveyTargetKind[] = ['dept', 'role', 'user'];

function isTargetKind(kind: string): kind is SurveyTargetKind {
  return (KINDS as readonly string[]).includes(kind);
}

/** One row per (kind, id); when both an inclusion and an exclusion name it, the exclusion is kept (it wins anyway). */
export function normalizeTargets(targets: readonly SurveyTarget[]): TargetRow[] {
  const byKey = new Map<string, TargetRow>();
  for (const t of targets) {
    const key = `${t.kind}:${t.ref_id}`;
    const exclude = Math.max(byKey.get(key)?.exclude ?? 0, t.exclude);
    byKey.set(key, { kind: t.kind, ref_id: t.ref_id, exclude });
  }
  return [...byKey.values()];
}

/** Refuses targets naming a department or role that does not exist, or a person who is not an active user. */
export async function checkTargets(db: Db, targets: readonly TargetRow[]): Promise<void> {
  const idsOf = (kind: SurveyTargetKind) => [...new Set(targets.filter((t) => t.kind === kind).map((t) => t.ref_id))];
  const [deptIds, roleIds, userIds] = [idsOf('dept'), idsOf('role'), idsOf('user')];
  const [depts, roles, users] = await Promise.all([existingDeptIds(db, deptIds), existingRoleIds(db, roleIds), activeUserIds(db, userIds)]);
  const problems: string[] = [];
  const missingDepts = deptIds.filter((id) => !depts.has(id));
  const missingRoles = roleIds.filter((id) => !roles.has(id));
  const missingUsers = userIds.filter((id) => !users.has(id));
  if (missingDepts.length > 0) problems.push(SurveyApiMessages.deptsMissing(missingDepts));
  if (missingRoles.length > 0) problems.push(SurveyApiMessages.rolesMissing(missingRoles));
  if (missingUsers.length > 0) problems.push(SurveyApiMessages.usersMissing(missingUsers));
  if (problems.length > 0) throw new ValidationError({ targets: problems });
}

/** The people one side (inclusions or exclusions) names, active ones only. */
async function peopleNamed(ctx: AppContext, db: Db, targets: readonly TargetRow[]): Promise<Set<number>> {
  const ids = (kind: SurveyTargetKind) => targets.filter((t) => t.kind === kind).map((t) => t.ref_id);
  const [underDepts, ofRoles, named] = await Promise.all([
    activePeopleUnder(ctx, db, ids('dept')),
    activeUsersOfRoles(db, ids('role')),
    activeUserIds(db, ids('user')),
  ]);
  return new Set([...underDepts.userIds, ...ofRoles, ...named]);
}

/** The active people the targets name now, exclusions taken out, in id order. */
export async function resolveTargetUsers(ctx: AppContext, db: Db, targets: readonly TargetRow[]): Promise<number[]> {
  const included = await peopleNamed(
    ctx,
    db,
    targets.filter((t) => t.exclude === 0),
  );
  if (included.size === 0) return [];
  const excluded = await peopleNamed(
    ctx,
    db,
    targets.filter((t) => t.exclude !== 0),
  );
  // A person named by an exclusion is left out whatever their status; peopleNamed reads active ones, and the
  // included are active already, so nothing is lost.
  return [...included].filter((id) => !excluded.has(id)).sort((a, b) => a - b);
}

export interface ResolvedAssignment {
  userId: number;
  /** The person rated (an evaluation), 0 for a survey. */
  rateeId: number;
}

/** Who is asked, and (an evaluation) about whom: what a release snapshots into survey_assignments. */
export async function resolveAssignments(
  ctx: AppContext,
  db: Db,
  kind: SurveyKind,
  targets: readonly TargetRow[],
): Promise<ResolvedAssignment[]> {
  const users = await resolveTargetUsers(ctx, db, targets);
  if (kind !== 'evaluation' || users.length === 0) return users.map((userId) => ({ userId, rateeId: 0 }));
  const [people, depts] = await Promise.all([personRows(db, users), deptRows(ctx, db)]);
  const leaderOf = new Map(depts.map((d) => [d.id, d.leader_id]));
  const leaders = [...new Set(depts.flatMap((d) => (d.leader_id === null ? [] : [d.leader_id])))];
  const activeLeaders = await activeUserIds(db, leaders);
  const deptOf = new Map(people.map((p) => [p.id, p.dept_id]));
  return users.flatMap((userId) => {
    const deptId = deptOf.get(userId) ?? null;
    const leader = deptId === null ? null : (leaderOf.get(deptId) ?? null);
    if (leader === null || leader === userId || !activeLeaders.has(leader)) return [];
    return [{ userId, rateeId: leader }];
  });
}

/** The targets with the names of what they name ('' for one deleted since). */
export async function targetViews(ctx: AppContext, db: Db, targets: readonly TargetRow[]): Promise<SurveyTargetView[]> {
  const userIds = targets.filter((t) => t.kind === 'user').map((t) => t.ref_id);
  const [depts, roles, people] = await Promise.all([deptRows(ctx, db), listRoles(db), personRows(db, userIds)]);
  const names: Record<SurveyTargetKind, Map<number, string>> = {
    dept: new Map(depts.map((d) => [d.id, d.name])),
    role: new Map(roles.map((r) => [r.id, r.name])),
    user: new Map(people.map((p) => [p.id, p.name])),
  };
  return targets.flatMap((t) =>
    isTargetKind(t.kind)
      ? [
          {
            kind: t.kind,
            ref_id: t.ref_id,
            exclude: t.exclude === 0 ? (0 as const) : (1 as const),
            name: names[t.kind].get(t.ref_id) ?? '',
          },
        ]
      : [],
  );
}
