import { findMenuTrail, type SideMenuEntry } from '@osp/shared';

/**
 * The menu keys leading to the page at `pathname`. A page that is not itself in the menu (an
 * article preview under /dashboard) highlights its nearest parent path that is.
 */
export function menuTrailFor(entries: readonly SideMenuEntry[], pathname: string): string[] {
  let path = pathname;
  while (path !== '') {
    const trail = findMenuTrail(entries, path);
    if (trail) return trail;
    path = path.slice(0, Math.max(0, path.lastIndexOf('/')));
  }
  return [];
}

/** A group's key with the keys of the groups around it, for the "one group open" rule. */
export function groupTrail(entries: readonly SideMenuEntry[], groupKey: string): string[] | undefined {
  for (const entry of entries) {
    if (entry.kind !== 'group') continue;
    if (entry.key === groupKey) return [entry.key];
    const inner = groupTrail(entry.children, groupKey);
    if (inner) return [entry.key, ...inner];
  }
  return undefined;
}
