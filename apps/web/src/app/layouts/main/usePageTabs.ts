import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  closeAllTabs,
  closeOtherTabs,
  closeTab,
  closeTabsToRight,
  openTab,
  replacedTabOf,
  replaceTab,
  restoreTabs,
  tabsStorageKey,
  type PageTab,
  type TabsAfterClose,
} from './page-tabs';

export type TabAction = 'reload' | 'close' | 'closeOthers' | 'closeRight' | 'closeAll';

function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    // Storage switched off (a private window's policy): the tabs last as long as the page.
    return null;
  }
}

function writeStored(key: string, tabs: readonly PageTab[]): void {
  try {
    localStorage.setItem(key, JSON.stringify(tabs));
  } catch {
    // Full or switched off: the tabs are only a convenience.
  }
}

/**
 * The open pages of one user (issue 14): restored from this browser's storage, a tab added as each page is shown,
 * closed by the tab bar, and written back after each change. The layout keys the component using this by the user, so a
 * user signing in after another starts from their own tabs.
 */
export function usePageTabs(userId: number, canOpen: (path: string) => boolean) {
  const location = useLocation();
  const navigate = useNavigate();
  const { pathname } = location;
  const url = `${pathname}${location.search}`;
  const storageKey = tabsStorageKey(userId);
  const [tabs, setTabs] = useState<readonly PageTab[]>(() => openTab(restoreTabs(readStored(storageKey), canOpen), pathname, url));
  const [reloadedAt, setReloadedAt] = useState<ReadonlyMap<string, number>>(() => new Map());

  // A page shown gets its tab (state derived from the address). On each new address only, not on every render: a
  // closed tab stays closed while the page it leaves for is still being checked (the forced-read gate holds the old
  // address until then).
  const [openedFor, setOpenedFor] = useState(url);
  if (openedFor !== url) {
    setOpenedFor(url);
    const replaced = replacedTabOf(location.state);
    setTabs(replaced === undefined ? openTab(tabs, pathname, url) : replaceTab(tabs, replaced, pathname, url));
  }

  // A menu entry taken away (the menu is read again when the server says it changed) takes its tab with it.
  const openTabs = useMemo(() => tabs.filter((tab) => canOpen(tab.path) || tab.path === pathname), [tabs, canOpen, pathname]);

  useEffect(() => {
    writeStored(storageKey, openTabs);
  }, [storageKey, openTabs]);

  const apply = ({ tabs: next, goTo }: TabsAfterClose) => {
    setTabs(next);
    setReloadedAt((current) => new Map([...current].filter(([path]) => next.some((tab) => tab.path === path))));
    if (goTo !== undefined) void navigate(goTo);
  };

  const afterClose = (action: Exclude<TabAction, 'reload'>, tab: PageTab): TabsAfterClose => {
    switch (action) {
      case 'close':
        return closeTab(openTabs, tab.path, pathname);
      case 'closeOthers':
        return closeOtherTabs(openTabs, tab.path, pathname);
      case 'closeRight':
        return closeTabsToRight(openTabs, tab.path, pathname);
      case 'closeAll':
        return closeAllTabs(openTabs, pathname);
    }
  };

  const act = (action: TabAction, tab: PageTab) => {
    if (action !== 'reload') {
      apply(afterClose(action, tab));
      return;
    }
    setReloadedAt((current) => new Map(current).set(tab.path, Date.now()));
    if (tab.path !== pathname) void navigate(tab.url);
  };

  /** Whether the action takes the page on screen away (reloads it, or closes its tab), which unsaved input would lose. */
  const leavesPage = (action: TabAction, tab: PageTab): boolean => action === 'reload' || afterClose(action, tab).goTo !== undefined;

  const openPaths = useMemo(() => new Set(openTabs.map((tab) => tab.path)), [openTabs]);
  return { tabs: openTabs, currentPath: pathname, openPaths, reloadedAt, act, leavesPage };
}
