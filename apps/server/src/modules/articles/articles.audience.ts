import { ArticleAdminMessages, type ArticleAudience, type TemplateRoleOption } from '@osp/shared';
import type { AppContext, Caller } from '../../context';
import type { Db } from '../../db/index';
import { ValidationError } from '../../http/errors';
import * as directory from '../directory/directory.service';
import { authorizeArticleAdmin } from './articles.policy';
import type { Reader } from './articles.repo';

/**
 * An article's audience (issue 15) through the directory module (STYLE "A new area moves in"): the reader's roles
 * and department chain as the directory tells them — the same walk templates make for their starters
 * (templates.starters.ts), so a department names its sub-departments here as it does there — and the check that
 * the departments, roles and people an administrator names exist.
 */

/** The caller as audience rules see them. */
export async function readerOf(ctx: AppContext, caller: Caller): Promise<Reader> {
  const [roleIds, parents] = await Promise.all([directory.roleIdsOf(ctx.db, caller.userId), directory.deptParents(ctx)]);
  const deptChain = caller.user.dept_id === null ? [] : directory.ancestorsOf(parents, caller.user.dept_id);
  return { userId: caller.userId, roleIds, deptChain };
}

/** Every department, role and person named must exist (people: active); each list's unknown ones at its field. */
export async function checkAudience(db: Db, audience: ArticleAudience): Promise<void> {
  const [depts, roles, users] = await Promise.all([
    directory.existingDeptIds(db, audience.dept_ids),
    directory.existingRoleIds(db, audience.role_ids),
    directory.missingUserLabels(db, [...new Set(audience.user_ids)]),
  ]);
  const unknown = (ids: readonly number[], found: Set<number>) => [...new Set(ids.filter((id) => !found.has(id)))];
  const errors: Record<string, string[]> = {};
  const badDepts = unknown(audience.dept_ids, depts);
  const badRoles = unknown(audience.role_ids, roles);
  const badUsers = [...users.values()];
  if (badDepts.length > 0) errors['audience.dept_ids'] = [ArticleAdminMessages.deptsMissing(badDepts)];
  if (badRoles.length > 0) errors['audience.role_ids'] = [ArticleAdminMessages.rolesMissing(badRoles)];
  if (badUsers.length > 0) errors['audience.user_ids'] = [ArticleAdminMessages.usersMissing(badUsers)];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

/**
 * The active people an audience names now: everyone when it names nobody; else the people named, the members of the
 * departments named with their sub-departments, the holders of the roles named — the same reach as the readers'
 * rule (articles.repo meantFor), seen from the article's side.
 */
export async function audiencePeople(ctx: AppContext, db: Db, audience: ArticleAudience): Promise<Set<number>> {
  const isEveryone = audience.dept_ids.length === 0 && audience.role_ids.length === 0 && audience.user_ids.length === 0;
  if (isEveryone) return new Set(await directory.allActiveUserIds(db));
  const [named, inDepts, withRoles] = await Promise.all([
    directory.activeUserIds(db, audience.user_ids),
    directory.activePeopleUnder(ctx, db, audience.dept_ids),
    directory.activeUsersOfRoles(db, audience.role_ids),
  ]);
  return new Set([...named, ...inDepts.userIds, ...withRoles]);
}

/**
 * GET /api/article/roles: the roles an article's audience may name, for its writers. The list templates use for their
 * starters (GET /api/template/roles) needs template_admin, which an article administrator need not hold.
 */
export async function listAudienceRoles(ctx: AppContext, caller: Caller): Promise<TemplateRoleOption[]> {
  authorizeArticleAdmin(caller);
  return directory.listRoles(ctx.db);
}
