import { IPTV_TEMPLATE_PERMISSIONS } from '@osp/shared';
import type { Caller } from '../../context';
import { ForbiddenError } from '../../http/errors';

/**
 * Who may do what with approval templates, groups and jobs (issue 4):
 * - every signed-in user reads enabled non-IPTV templates and groups (to start a bill) and keeps favourites;
 * - writes to groups, templates, nodes, links, sort order and jobs need `template_admin`;
 * - IPTV templates (/api/iptvtemplates) are seen only by holders of an iptv* permission (SPEC §6), and
 *   written by those who also hold `template_admin`.
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
