import type { Permission } from '@osp/shared';
import type { Caller } from '../../context';
import { ForbiddenError } from '../../http/errors';

/** The permission that administers each part of the organisation (packages/shared PERMISSIONS). */
export const ADMIN_PERMISSION = {
  dept: 'sys_dept',
  role: 'sys_role',
  menu: 'sys_menu',
  setting: 'sys_setting',
} as const satisfies Record<string, Permission>;

export type AdminArea = keyof typeof ADMIN_PERMISSION;

export function canAdminister(caller: Caller, area: AdminArea): boolean {
  return caller.permissions.includes(ADMIN_PERMISSION[area]);
}

/** Asserts at the top of every service method, before the input is even read. */
export function authorize(caller: Caller, area: AdminArea): void {
  if (!canAdminister(caller, area)) throw new ForbiddenError();
}

/** The permission registry feeds both the role editor's tree and the menu editor's permission select. */
export function authorizeRegistry(caller: Caller): void {
  if (!canAdminister(caller, 'role') && !canAdminister(caller, 'menu')) throw new ForbiddenError();
}

/** The page an administrator of menus edits them on; a change may not take it away from them. */
export const MENU_ADMIN_PATH = '/system/menus';
