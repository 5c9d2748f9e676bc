import { IPTV_TEMPLATE_PERMISSIONS, type TemplateStarters } from '@osp/shared';
import type { Caller } from '../../context';
import { ForbiddenError } from '../../http/errors';

/**
 * Who may do what with approval templates, groups and jobs (issue 4):
 * - every signed-in user reads enabled non-IPTV templates and groups (to start a bill) and keeps favourites;
 * - writes to groups, templates, nodes, links, sort order and jobs need `template_admin`;
 * - IPTV templates (/api/iptvtemplates) are seen only by holders of an iptv* permission (SPEC §6), and
 *   written by those who also hold `template_admin`;
 * - a template's starters limit who may start bills from it (mayStart below).
 */

export function isTemplateAdmin(caller: Caller): boolean {
  return caller.permissions.includes('template_admin');
}

export function hasIptvAccess(caller: Caller): boolean {
  return IPTV_TEMPLATE_PERMISSIONS.some((p) => caller.permissions.includes(p));
}

export function authorizeTemplateAdmin(caller: Caller): void {
  if (!isTemplateAdmin(caller)) throw new ForbiddenError();
}

/** Reading a template of this kind. */
export function authorizeTemplateRead(caller: Caller, isIptv: boolean): void {
  if (isIptv && !hasIptvAccess(caller)) throw new ForbiddenError();
}

/** Writing a template of this kind. */
export function authorizeTemplateWrite(caller: Caller, isIptv: boolean): void {
  authorizeTemplateAdmin(caller);
  authorizeTemplateRead(caller, isIptv);
}

/** What `mayStart` needs to know of the caller. */
export interface StarterIdentity {
  userId: number;
  roleIds: readonly number[];
}

/**
 * Who may start bills from a template (issue 5): everyone when the template lists nobody; otherwise a
 * listed user, a holder of a listed role, or a member of a listed department or of one below it.
 * `deptChain`: the caller's department and every department above it (their department counts as below a
 * listed one when the chain meets it). Administrators get no exception: the 发起审批 list shows what they
 * may start like anyone's; their admin list (all=1) shows everything.
 */
export function mayStart(caller: StarterIdentity, starters: TemplateStarters, deptChain: readonly number[]): boolean {
  if (starters.dept_ids.length === 0 && starters.role_ids.length === 0 && starters.user_ids.length === 0) return true;
  return (
    starters.user_ids.includes(caller.userId) ||
    starters.role_ids.some((id) => caller.roleIds.includes(id)) ||
    starters.dept_ids.some((id) => deptChain.includes(id))
  );
}

/** A department and those above it, nearest first (a loop in bad data ends the walk). */
export function deptChainOf(deptId: number | null, parentOf: (id: number) => number | null): number[] {
  const chain: number[] = [];
  for (let id = deptId; id !== null && !chain.includes(id); id = parentOf(id)) chain.push(id);
  return chain;
}
