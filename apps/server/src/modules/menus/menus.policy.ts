import type { MenuRow } from './menus.repo';

/** A menu row is visible when it asks for no permission or the user holds the one it names. */
export function canSeeMenu(permissions: readonly string[], row: MenuRow): boolean {
  return row.permission === null || row.permission === '' || permissions.includes(row.permission);
}
