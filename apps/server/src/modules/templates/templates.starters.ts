import { ApprovalMessages, type TemplateStarters } from '@osp/shared';
import type { AppContext, Caller } from '../../context';
import type { Db } from '../../db/index';
import { ValidationError } from '../../http/errors';
import { deptChainOf, mayStart } from './templates.policy';
import * as directory from '../directory/directory.service';
import * as repo from './templates.repo';

/**
 * Who may start a template (issue 5): the look-ups around the pure rule `mayStart` (templates.policy.ts).
 * Bills ask through `authorizeStart` in templates.service.ts; the 发起审批 list leaves out `deniedTemplateIds`.
 */

/** Every department, role and user a starter list names must exist (users: active); each list's unknown ids at its key. */
export async function checkStarters(db: Db, starters: TemplateStarters): Promise<void> {
  const [depts, roles, users] = await Promise.all([
    directory.existingDeptIds(db, starters.dept_ids),
    directory.existingRoleIds(db, starters.role_ids),
    directory.missingUserLabels(db, starters.user_ids),
  ]);
  const unknown = (ids: readonly number[], found: Set<number>) => [...new Set(ids.filter((id) => !found.has(id)))];
  const errors: Record<string, string[]> = {};
  const [badDepts, badRoles, badUsers] = [
    unknown(starters.dept_ids, depts),
    unknown(starters.role_ids, roles),
    [...new Set(starters.user_ids)].flatMap((id) => users.get(id) ?? []),
  ];
  if (badDepts.length > 0) errors['starters.dept_ids'] = [ApprovalMessages.deptsMissing(badDepts)];
  if (badRoles.length > 0) errors['starters.role_ids'] = [ApprovalMessages.startersRolesMissing(badRoles)];
  if (badUsers.length > 0) errors['starters.user_ids'] = [ApprovalMessages.usersMissing(badUsers)];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

/** The caller's roles (by id, as starter lists name them) and department chain. */
async function identityOf(ctx: AppContext, db: Db, caller: Caller) {
  const [roleIds, parents] = await Promise.all([directory.roleIdsOf(db, caller.userId), directory.deptParents(ctx, db)]);
  const deptChain = deptChainOf(caller.user.dept_id, (id) => parents.get(id) ?? null);
  return { identity: { userId: caller.userId, roleIds }, deptChain };
}

/** Whether the caller may start bills from the template. */
export async function mayStartTemplate(ctx: AppContext, db: Db, caller: Caller, templateId: number): Promise<boolean> {
  const starters = await repo.startersOf(db, templateId);
  // An open template, or a caller listed by name, needs no look-up of roles and departments.
  if (mayStart({ userId: caller.userId, roleIds: [] }, starters, [])) return true;
  const { identity, deptChain } = await identityOf(ctx, db, caller);
  return mayStart(identity, starters, deptChain);
}

/** The templates with a starter list the caller is not on (one small query when no template limits its starters). */
export async function deniedTemplateIds(ctx: AppContext, db: Db, caller: Caller): Promise<number[]> {
  const all = await repo.loadStarters(db);
  if (all.size === 0) return [];
  const { identity, deptChain } = await identityOf(ctx, db, caller);
  return [...all].filter(([, starters]) => !mayStart(identity, starters, deptChain)).map(([id]) => id);
}
