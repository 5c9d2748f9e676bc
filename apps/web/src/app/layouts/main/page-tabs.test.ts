import { describe, expect, it } from 'vitest';
import {
  closeAllTabs,
  closeOtherTabs,
  closeTab,
  closeTabsToRight,
  openTab,
  replacedTabOf,
  replaceTab,
  restoreTabs,
  tabActionsOf,
  tabsStorageKey,
  TAB_CAP,
  tabReplacing,
  type PageTab,
} from './page-tabs';
import { tabPagesOf } from './tab-pages';

const HOME = '/dashboard';
const TODO = '/office/approval/todo';
const MINE = '/office/approval/mine';
const USERS = '/system/users';
const DETAIL = '/office/approval/detail';

const tab = (path: string, query = ''): PageTab => ({ path, url: `${path}${query}` });
const paths = (tabs: readonly PageTab[]) => tabs.map((t) => t.path);
/** Home, 待我审批, 我发起的, 用户管理: the page on screen is given per case. */
const FOUR = [tab(HOME), tab(TODO), tab(MINE), tab(USERS)];

describe('openTab', () => {
  it('adds a page at the end, after home, and keeps the list as it is for a page already open', () => {
    const opened = openTab([], TODO, TODO);
    expect(paths(opened)).toEqual([HOME, TODO]);
    expect(paths(openTab(opened, MINE, MINE))).toEqual([HOME, TODO, MINE]);
    expect(openTab(opened, TODO, TODO)).toBe(opened);
  });

  it("follows the page's address, so the tab goes back to the bill it showed", () => {
    const opened = openTab(FOUR, DETAIL, `${DETAIL}?billID=3&status=doing`);
    const moved = openTab(opened, DETAIL, `${DETAIL}?billID=3&status=done`);
    expect(paths(moved)).toEqual(paths(opened));
    expect(moved.at(-1)?.url).toBe(`${DETAIL}?billID=3&status=done`);
  });

  it('closes the oldest tab other than home and the page on screen past the cap', () => {
    let tabs: readonly PageTab[] = [tab(HOME)];
    for (let i = 1; i < TAB_CAP; i += 1) tabs = openTab(tabs, `/p${i}`, `/p${i}`);
    expect(tabs).toHaveLength(TAB_CAP);
    const past = openTab(tabs, '/new', '/new');
    expect(past).toHaveLength(TAB_CAP);
    expect(paths(past)).toEqual([HOME, ...paths(tabs).slice(2), '/new']);
    expect(paths(openTab([tab(HOME), tab(TODO), tab(MINE)], USERS, USERS, 3))).toEqual([HOME, MINE, USERS]);
  });
});

describe('replaceTab', () => {
  const NEW = '/article/edit/new';
  const SAVED = '/article/edit/7';

  it('puts a page that moved to its own address in the tab it left, where that tab stood', () => {
    const tabs = [tab(HOME), tab(NEW), tab(TODO)];
    expect(replaceTab(tabs, NEW, SAVED, SAVED)).toEqual([tab(HOME), tab(SAVED), tab(TODO)]);
  });

  it('opens as any page when the page has a tab already, the tab it left is gone, or it is home', () => {
    expect(paths(replaceTab([tab(HOME), tab(NEW), tab(SAVED)], NEW, SAVED, SAVED))).toEqual([HOME, NEW, SAVED]);
    expect(paths(replaceTab([tab(HOME), tab(TODO)], NEW, SAVED, SAVED))).toEqual([HOME, TODO, SAVED]);
    expect(paths(replaceTab([tab(HOME), tab(TODO)], HOME, SAVED, SAVED))).toEqual([HOME, TODO, SAVED]);
  });

  it('reads the tab to replace from the navigation state that tabReplacing makes, and nothing else', () => {
    expect(replacedTabOf(tabReplacing(NEW))).toBe(NEW);
    for (const state of [null, undefined, 'x', {}, { replacesTab: 3 }]) expect(replacedTabOf(state)).toBeUndefined();
  });
});

describe('closing', () => {
  it('× on the tab on screen goes to its right neighbour, or its left one when it was the last', () => {
    expect(closeTab(FOUR, MINE, MINE)).toEqual({ tabs: [tab(HOME), tab(TODO), tab(USERS)], goTo: USERS });
    expect(closeTab(FOUR, USERS, USERS)).toEqual({ tabs: [tab(HOME), tab(TODO), tab(MINE)], goTo: MINE });
  });

  it('× on another tab stays on the page', () => {
    expect(closeTab(FOUR, TODO, USERS)).toEqual({ tabs: [tab(HOME), tab(MINE), tab(USERS)] });
  });

  it('never closes home', () => {
    expect(closeTab(FOUR, HOME, TODO).tabs).toEqual(FOUR);
    expect(closeAllTabs(FOUR, TODO)).toEqual({ tabs: [tab(HOME)], goTo: HOME });
    expect(closeAllTabs(FOUR, HOME)).toEqual({ tabs: [tab(HOME)] });
  });

  it('关闭其他 leaves home and the tab clicked, and goes there when the page on screen was another', () => {
    expect(closeOtherTabs(FOUR, MINE, MINE)).toEqual({ tabs: [tab(HOME), tab(MINE)] });
    expect(closeOtherTabs(FOUR, MINE, TODO)).toEqual({ tabs: [tab(HOME), tab(MINE)], goTo: MINE });
    expect(closeOtherTabs(FOUR, HOME, HOME)).toEqual({ tabs: [tab(HOME)] });
  });

  it('关闭右侧 closes what is right of the tab clicked', () => {
    expect(closeTabsToRight(FOUR, TODO, TODO)).toEqual({ tabs: [tab(HOME), tab(TODO)] });
    expect(closeTabsToRight(FOUR, TODO, USERS)).toEqual({ tabs: [tab(HOME), tab(TODO)], goTo: TODO });
    expect(closeTabsToRight(FOUR, HOME, MINE)).toEqual({ tabs: [tab(HOME)], goTo: HOME });
  });

  it('goes back to the address the tab last had', () => {
    const tabs = [tab(HOME), tab(DETAIL, '?billID=7&from=todo'), tab(TODO)];
    expect(closeTab(tabs, TODO, TODO).goTo).toBe(`${DETAIL}?billID=7&from=todo`);
  });

  it('offers only the actions that would close something', () => {
    expect(tabActionsOf([tab(HOME)], HOME)).toEqual({ canClose: false, canCloseOthers: false, canCloseRight: false, canCloseAll: false });
    expect(tabActionsOf(FOUR, HOME)).toEqual({ canClose: false, canCloseOthers: true, canCloseRight: true, canCloseAll: true });
    expect(tabActionsOf(FOUR, USERS)).toEqual({ canClose: true, canCloseOthers: true, canCloseRight: false, canCloseAll: true });
  });
});

describe('restoreTabs', () => {
  const canOpen = (path: string) => path !== USERS;

  it("keeps each user's tabs under their own key", () => {
    expect(tabsStorageKey(7)).not.toBe(tabsStorageKey(8));
  });

  it('brings back the stored tabs, home first, and drops a page the user can no longer open', () => {
    const stored = JSON.stringify([tab(TODO), tab(USERS), tab(HOME), tab(MINE, '?x=1')]);
    expect(restoreTabs(stored, canOpen)).toEqual([tab(HOME), tab(TODO), tab(MINE, '?x=1')]);
  });

  it('starts with home alone from nothing, or from what it cannot read', () => {
    expect(restoreTabs(null, canOpen)).toEqual([tab(HOME)]);
    expect(restoreTabs('{not json', canOpen)).toEqual([tab(HOME)]);
    expect(restoreTabs('{"path":"/x"}', canOpen)).toEqual([tab(HOME)]);
  });

  it('ignores entries that are not tabs, repeated ones and addresses outside their page', () => {
    const stored = JSON.stringify([
      7,
      { path: TODO },
      tab(TODO),
      tab(TODO, '?again=1'),
      { path: MINE, url: '//evil.example/office/approval/mine' },
      { path: MINE, url: `${MINE}x` },
      { path: 'office', url: 'office' },
    ]);
    expect(restoreTabs(stored, () => true)).toEqual([tab(HOME), tab(TODO)]);
  });

  it('keeps no more than the cap', () => {
    const stored = JSON.stringify(Array.from({ length: 30 }, (_, i) => tab(`/p${i}`)));
    expect(restoreTabs(stored, () => true)).toHaveLength(TAB_CAP);
  });
});

describe('tabPagesOf', () => {
  const pages = tabPagesOf(
    [
      { path: HOME, name: '工作台' },
      { path: TODO, name: '待我审批' },
    ],
    [
      { path: DETAIL, title: '单据详情' },
      { path: '/office/templates/design', title: '模板设计', needs: '/office/templates' },
      { path: '/dashboard/preview-artical', title: '公告详情', isPrefix: true },
    ],
  );

  it('names a tab by its menu label, or by the fixed title of a page outside the menu', () => {
    expect(pages.titleOf(TODO)).toBe('待我审批');
    expect(pages.titleOf(DETAIL)).toBe('单据详情');
    expect(pages.titleOf('/dashboard/preview-artical/12')).toBe('公告详情');
  });

  it("opens the user's menu pages and the fixed pages whose menu page they have", () => {
    expect(pages.canOpen(TODO)).toBe(true);
    expect(pages.canOpen(DETAIL)).toBe(true);
    expect(pages.canOpen('/dashboard/preview-artical/12')).toBe(true);
    expect(pages.canOpen(USERS)).toBe(false);
    expect(pages.canOpen('/office/templates/design')).toBe(false);
    expect(pages.canOpen('/dashboard/preview-articalX')).toBe(false);
  });
});
