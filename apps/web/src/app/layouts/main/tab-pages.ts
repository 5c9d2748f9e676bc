/** A page routed outside the menu (a bill's detail, 消息通知…): its tab's title, and the menu page it needs, if any. */
export interface FixedTabPage {
  path: string;
  title: string;
  /** The path also covers the pages below it (an article preview's id is part of its path). */
  isPrefix?: boolean;
  /** Opened from this menu page only (the designer from 模板管理): without that entry, neither can be opened. */
  needs?: string;
}

/** What the tab bar knows of the pages a user can open. */
export interface TabPages {
  titleOf: (path: string) => string;
  canOpen: (path: string) => boolean;
}

/**
 * The user's pages for the tab bar: a menu page's tab says its menu label (SPEC §2 runtime routes), a page outside the
 * menu its fixed title; a tab can be restored only for a page the user may open now.
 */
export function tabPagesOf(menuPages: readonly { path: string; name: string }[], fixedPages: readonly FixedTabPage[]): TabPages {
  const names = new Map(menuPages.map((page) => [page.path, page.name]));
  const fixedOf = (path: string) =>
    fixedPages.find((page) => page.path === path || (page.isPrefix === true && path.startsWith(`${page.path}/`)));
  return {
    titleOf: (path) => names.get(path) ?? fixedOf(path)?.title ?? path,
    canOpen: (path) => {
      if (names.has(path)) return true;
      const fixed = fixedOf(path);
      return fixed !== undefined && (fixed.needs === undefined || names.has(fixed.needs));
    },
  };
}
