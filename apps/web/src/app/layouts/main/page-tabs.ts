import { HOME_PATH } from '../../guard/redirects';

/**
 * The tab bar of open pages (issue 14), as pure functions over the list of tabs. A tab is one page (its path) and the
 * address it was last shown at (path + query: the bill a detail tab shows, a list's query), so going back to it goes
 * back there. The home page's tab is always first and cannot be closed.
 */
export interface PageTab {
  path: string;
  url: string;
}

/** What a close leaves: the tabs, and where to go when the tab on screen was among the closed ones. */
export interface TabsAfterClose {
  tabs: PageTab[];
  goTo?: string;
}

/** More open pages than fit a 1440 px bar without scrolling twice over; each kept-alive one holds its page in memory. */
export const TAB_CAP = 15;

const HOME_TAB: PageTab = { path: HOME_PATH, url: HOME_PATH };

export function isClosable(tab: PageTab): boolean {
  return tab.path !== HOME_PATH;
}

/** The home tab first, whatever the list held. */
function withHome(tabs: readonly PageTab[]): PageTab[] {
  const home = tabs.find((tab) => tab.path === HOME_PATH) ?? HOME_TAB;
  return [home, ...tabs.filter(isClosable)];
}

/** Closes the oldest tabs (leftmost after home), never the one on screen, until no more than `cap` are open. */
function capped(tabs: PageTab[], currentPath: string, cap: number): PageTab[] {
  const result = [...tabs];
  while (result.length > cap) {
    const oldest = result.findIndex((tab) => isClosable(tab) && tab.path !== currentPath);
    if (oldest < 0) break;
    result.splice(oldest, 1);
  }
  return result;
}

/**
 * The page at `url` (whose path is `path`) is on screen: its tab is added at the end, or its address follows the
 * page's (a detail whose status moved on). The same list comes back when nothing changed, so React can skip a render.
 */
export function openTab(tabs: readonly PageTab[], path: string, url: string, cap = TAB_CAP): readonly PageTab[] {
  const index = tabs.findIndex((tab) => tab.path === path);
  if (index >= 0) {
    if (tabs[index]?.url === url) return tabs;
    return tabs.map((tab, i) => (i === index ? { path, url } : tab));
  }
  return capped(withHome([...tabs, { path, url }]), path, cap);
}

/**
 * A page that moved to its own address in the same place (a new article's editor, once saved, at its id): the tab of
 * `from` becomes the new page's where it stood, instead of staying open beside it. A page already with a tab, or a
 * `from` without one, opens as any page.
 */
export function replaceTab(tabs: readonly PageTab[], from: string, path: string, url: string, cap = TAB_CAP): readonly PageTab[] {
  const index = tabs.findIndex((tab) => tab.path === from);
  if (from === path || index < 0 || from === HOME_PATH || tabs.some((tab) => tab.path === path)) return openTab(tabs, path, url, cap);
  return tabs.map((tab, i) => (i === index ? { path, url } : tab));
}

/** The navigation state that asks for replaceTab: `navigate(to, { replace: true, state: tabReplacing(from) })`. */
export function tabReplacing(from: string): { replacesTab: string } {
  return { replacesTab: from };
}

/** The tab a page's navigation state says it replaces, if any. */
export function replacedTabOf(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('replacesTab' in state)) return undefined;
  return typeof state.replacesTab === 'string' ? state.replacesTab : undefined;
}

/**
 * Keeps the tabs `keep` says, home always. When the tab on screen goes, the page goes to `fallback` (a tab's path
 * that stays): the closed tab's neighbour, the tab the menu was opened on, or home.
 */
function keepTabs(
  tabs: readonly PageTab[],
  currentPath: string,
  keep: (tab: PageTab, index: number) => boolean,
  fallback?: string,
): TabsAfterClose {
  const kept = tabs.filter((tab, index) => !isClosable(tab) || keep(tab, index));
  if (kept.some((tab) => tab.path === currentPath)) return { tabs: withHome(kept) };
  const target = kept.find((tab) => tab.path === fallback) ?? kept[0] ?? HOME_TAB;
  return { tabs: withHome(kept), goTo: target.url };
}

/** × on a tab: the page on screen goes to the tab to its right, or to its left when it was the last. */
export function closeTab(tabs: readonly PageTab[], path: string, currentPath: string): TabsAfterClose {
  const index = tabs.findIndex((tab) => tab.path === path);
  const neighbour = tabs[index + 1] ?? tabs[index - 1];
  return keepTabs(tabs, currentPath, (tab) => tab.path !== path, neighbour?.path);
}

/** 关闭其他: the tab clicked and home stay; the page goes to the tab clicked if it was elsewhere. */
export function closeOtherTabs(tabs: readonly PageTab[], path: string, currentPath: string): TabsAfterClose {
  return keepTabs(tabs, currentPath, (tab) => tab.path === path, path);
}

/** 关闭右侧: the tabs to the right of the one clicked go. */
export function closeTabsToRight(tabs: readonly PageTab[], path: string, currentPath: string): TabsAfterClose {
  const index = tabs.findIndex((tab) => tab.path === path);
  return keepTabs(tabs, currentPath, (_, i) => i <= index, path);
}

/** 关闭全部: only home stays. */
export function closeAllTabs(tabs: readonly PageTab[], currentPath: string): TabsAfterClose {
  return keepTabs(tabs, currentPath, () => false);
}

/** Which actions of the tab's context menu can do anything. */
export function tabActionsOf(tabs: readonly PageTab[], path: string) {
  const index = tabs.findIndex((tab) => tab.path === path);
  const tab = tabs[index];
  return {
    canClose: tab !== undefined && isClosable(tab),
    canCloseOthers: tabs.some((other) => other.path !== path && isClosable(other)),
    canCloseRight: index >= 0 && tabs.slice(index + 1).some(isClosable),
    canCloseAll: tabs.some(isClosable),
  };
}

/** Each user's tabs under their own key: another user signing in on the same browser starts with home only. */
export function tabsStorageKey(userId: number): string {
  return `osp-page-tabs:${userId}`;
}

function isStoredTab(value: unknown): value is PageTab {
  if (typeof value !== 'object' || value === null) return false;
  const { path, url } = value as Record<string, unknown>;
  if (typeof path !== 'string' || typeof url !== 'string' || !path.startsWith('/')) return false;
  // The address is the path itself or the path with a query: a stored value cannot point elsewhere (`//host`).
  return url === path || url.startsWith(`${path}?`);
}

/**
 * The tabs kept in localStorage, as the stored text reads: anything unreadable is ignored, a tab whose page the user
 * can no longer open (a menu entry taken away) is dropped, and home comes first.
 */
export function restoreTabs(stored: string | null, canOpen: (path: string) => boolean, cap = TAB_CAP): PageTab[] {
  let parsed: unknown;
  try {
    parsed = stored === null ? [] : JSON.parse(stored);
  } catch {
    parsed = [];
  }
  const tabs: PageTab[] = [];
  for (const value of Array.isArray(parsed) ? parsed : []) {
    if (isStoredTab(value) && canOpen(value.path) && !tabs.some((tab) => tab.path === value.path))
      tabs.push({ path: value.path, url: value.url });
  }
  return withHome(tabs).slice(0, cap);
}
