/** SPEC §3 menu item as GET /api/user/menu returns it (a tree). */
export interface MenuItem {
  id: number;
  name: string;
  path: string;
  /** 0 = a folder with children; 1 = a page. */
  type: number;
  parent_id: number | null;
  icon: string;
  /** SPEC §2: entries whose builtin is neither 0 nor 2 are not routed. */
  builtin: number;
  keep_alive: number;
  hidden: number;
  children: MenuItem[];
}

export const MenuType = { folder: 0, page: 1 } as const;

/** A page route added at runtime from the menu. */
export interface RuntimeRoute {
  path: string;
  name: string;
  keepAlive: boolean;
  hidden: boolean;
}

/** SPEC §2: a trailing /index is removed from a path. */
export function trimIndex(path: string): string {
  const trimmed = path.replace(/\/index\/?$/, '');
  return trimmed === '' ? '/' : trimmed;
}

function isRouted(item: MenuItem): boolean {
  return item.builtin === 0 || item.builtin === 2;
}

/**
 * Applies SPEC §2's runtime-route rules to the server's menu: drops entries whose builtin flag is
 * neither 0 nor 2 (with their subtree) and trims a trailing /index from every path.
 */
export function shapeMenu(items: readonly MenuItem[]): MenuItem[] {
  return items.filter(isRouted).map((item) => ({
    ...item,
    path: trimIndex(item.path),
    children: shapeMenu(item.children),
  }));
}

/** Every page of a shaped menu, in menu order, each with its keep-alive flag. */
export function runtimeRoutes(items: readonly MenuItem[]): RuntimeRoute[] {
  const routes: RuntimeRoute[] = [];
  const walk = (list: readonly MenuItem[]) => {
    for (const item of list) {
      if (item.type === MenuType.folder) walk(item.children);
      else routes.push({ path: item.path, name: item.name, keepAlive: item.keep_alive === 1, hidden: item.hidden === 1 });
    }
  };
  walk(items);
  return routes;
}

/** One entry of the side menu: a page link, or a group that expands. */
export type SideMenuEntry =
  | { kind: 'item'; key: string; name: string; icon: string; path: string }
  | { kind: 'group'; key: string; name: string; icon: string; children: SideMenuEntry[] };

/**
 * SPEC §2 side-menu rules over a shaped menu: hidden routes are skipped; a folder left with a single
 * page child shows as one item named after that child; other folders are groups; empty folders go.
 */
export function buildSideMenu(items: readonly MenuItem[]): SideMenuEntry[] {
  const entries: SideMenuEntry[] = [];
  for (const item of items) {
    if (item.hidden === 1) continue;
    if (item.type !== MenuType.folder) {
      entries.push({ kind: 'item', key: item.path, name: item.name, icon: item.icon, path: item.path });
      continue;
    }
    const children = buildSideMenu(item.children);
    const [only] = children;
    if (children.length === 1 && only?.kind === 'item') {
      entries.push({ ...only, icon: only.icon || item.icon });
    } else if (children.length > 0) {
      entries.push({ kind: 'group', key: `group:${item.id}`, name: item.name, icon: item.icon, children });
    }
  }
  return entries;
}

/** The group keys that lead to `path`, so the menu can open the right group and highlight the item. */
export function findMenuTrail(entries: readonly SideMenuEntry[], path: string): string[] | undefined {
  for (const entry of entries) {
    if (entry.kind === 'item') {
      if (entry.path === path) return [entry.key];
    } else {
      const trail = findMenuTrail(entry.children, path);
      if (trail) return [entry.key, ...trail];
    }
  }
  return undefined;
}
