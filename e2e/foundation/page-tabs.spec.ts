import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { BillEditTexts, LayoutTexts, LoginMessages } from '@osp/shared';
import { apiSignIn, confirmForcedArticles, signInViaApi } from '../support/api';
import { createPerson, nameTag, type OwnPerson } from '../support/people';
import { saveScreenshot } from '../support/screenshots';
import { button, chooseUserMenuItem, confirmation, expectDashboardLoaded, signInViaForm } from '../support/ui';
import { listRow, oneStepTemplate, searchBox, sendData, submitTo } from '../bills/bill-helpers';

/*
 * Issue 14, "Tabs for kept-alive pages": the bar of open pages above the page (docs/decisions.md "Tabs of open
 * pages"). The journey's person holds the administrator role at first, so 用户管理 is one of their pages until it is
 * taken away; their bills are their own, so 我发起的 lists exactly those.
 */

const tabBar = (page: Page) => page.getByRole('tablist', { name: LayoutTexts.openPages });
const pageTab = (page: Page, title: string) => tabBar(page).getByRole('tab', { name: title, exact: true });
const search = (page: Page) => page.getByRole('searchbox', { name: '搜索单据' });

async function expectTabs(page: Page, titles: string[], current: string): Promise<void> {
  await expect(tabBar(page).getByRole('tab')).toHaveText(titles);
  await expect(pageTab(page, current)).toHaveAttribute('aria-selected', 'true');
}

/** A tab's context menu (right click) and one of its actions; a screenshot of the open menu when named. */
async function tabMenuAction(page: Page, title: string, action: string, screenshot?: string): Promise<void> {
  await pageTab(page, title).click({ button: 'right' });
  const menu = page.locator('.page-tabs__menu:visible');
  const item = menu.getByRole('menuitem', { name: action, exact: true });
  await expect(item).toBeVisible();
  if (screenshot) await saveScreenshot(page, screenshot);
  await item.click();
  await expect(menu).toHaveCount(0);
}

/**
 * A page of a side-menu group, opening the group first when it is closed (read from aria-expanded: a group folding
 * still shows its items, which then take no click) and once its opening animation is over.
 */
async function openFromSideMenu(page: Page, group: string, item: string): Promise<void> {
  const sider = page.locator('.app-sider');
  const groupTitle = sider.getByRole('menuitem', { name: group, exact: true });
  if ((await groupTitle.getAttribute('aria-expanded')) !== 'true') await groupTitle.click();
  await expect(groupTitle).toHaveAttribute('aria-expanded', 'true');
  await expect(sider.locator('.ant-motion-collapse')).toHaveCount(0);
  await sider.getByRole('menuitem', { name: item, exact: true }).click();
  await expect(pageTab(page, item)).toHaveAttribute('aria-selected', 'true');
}

async function signOut(page: Page, person: Pick<OwnPerson, 'name'>): Promise<void> {
  await chooseUserMenuItem(page, person.name, '退出');
  await confirmation(page, LoginMessages.logoutConfirm).ok.click();
  await expect(page).toHaveURL((url) => url.pathname === '/login');
}

/** A person of the journey's own with two bills in 我发起的, signed in on the dashboard. */
async function personWithBills(page: Page, request: APIRequestContext, roles: string[]) {
  const tag = nameTag();
  const adminToken = await apiSignIn(request, 'admin');
  const approver = await createPerson(request, `签批人${tag}`, { adminToken });
  const person = await createPerson(request, `标签员${tag}`, { adminToken, roles });
  const template = await oneStepTemplate(request, adminToken, `标签报销${tag}`, approver);
  const token = await apiSignIn(request, person.username, person.password);
  const kept = await submitTo(request, token, template, `${tag}差旅报销`);
  const other = await submitTo(request, token, template, `${tag}办公用品`);
  await signInViaApi(page, person.username, { password: person.password });
  await page.goto('/dashboard');
  await expectDashboardLoaded(page, person.name);
  return { tag, adminToken, person, kept, other };
}

test('[LAYOUT] pages opened from the menu get tabs that keep their state; the middle button closes, 刷新 reads again', async ({
  page,
  request,
}) => {
  const { adminToken, person, kept, other } = await personWithBills(page, request, ['staff', 'admin']);
  const mineReads: string[] = [];
  page.on('request', (sent) => {
    const url = new URL(sent.url());
    if (url.pathname === '/api/bills' && url.searchParams.get('box') === 'mine') mineReads.push(sent.url());
  });
  await expectTabs(page, ['工作台'], '工作台');
  // Home has no ×.
  await expect(tabBar(page).getByRole('button')).toHaveCount(0);

  // Three pages through the menu, each a tab; 我发起的 narrowed to one bill.
  await openFromSideMenu(page, '审批', '我发起的');
  await expect(listRow(page, other.title)).toHaveCount(1);
  await searchBox(page, kept.title);
  await expect(listRow(page, other.title)).toHaveCount(0);
  await expect(listRow(page, kept.title)).toHaveCount(1);
  await openFromSideMenu(page, '审批', '我已审批');
  await expect(page.getByRole('heading', { name: '我已审批' })).toBeVisible();
  await openFromSideMenu(page, '系统管理', '用户管理');
  await expect(page).toHaveURL((url) => url.pathname === '/system/users');
  await expectTabs(page, ['工作台', '我发起的', '我已审批', '用户管理'], '用户管理');
  await saveScreenshot(page, 'layout-tabs-1440');

  // Back through its tab, 我发起的 is as it was left: the same search, the same one bill.
  await pageTab(page, '我发起的').click();
  await expect(page).toHaveURL((url) => url.pathname === '/office/approval/mine');
  await expect(pageTab(page, '我发起的')).toHaveAttribute('aria-selected', 'true');
  await expect(search(page)).toHaveValue(kept.title);
  await expect(listRow(page, kept.title)).toHaveCount(1);
  await expect(listRow(page, other.title)).toHaveCount(0);

  // The middle button closes a tab; the page on screen stays.
  await pageTab(page, '我已审批').click({ button: 'middle' });
  await expectTabs(page, ['工作台', '我发起的', '用户管理'], '我发起的');
  await expect(page).toHaveURL((url) => url.pathname === '/office/approval/mine');

  // 刷新 mounts the page afresh and reads its list again, once: the search is gone, both bills are back.
  const readsBefore = mineReads.length;
  await tabMenuAction(page, '我发起的', LayoutTexts.reload, 'layout-tabs-context-menu-1440');
  await expect(listRow(page, other.title)).toHaveCount(1);
  await expect(search(page)).toHaveValue('');
  await expect(listRow(page, kept.title)).toHaveCount(1);
  await page.waitForLoadState('networkidle');
  expect(mineReads.length - readsBefore, 'GET /api/bills?box=mine after 刷新').toBe(1);

  // A reload of the browser keeps the tabs and the one on screen, but for 用户管理, which was taken away meanwhile.
  await sendData(request, adminToken, 'PUT', `/api/admin/users/${person.id}/roles`, { roles: ['staff'] });
  await page.reload();
  await expect(listRow(page, kept.title)).toHaveCount(1);
  await expectTabs(page, ['工作台', '我发起的'], '我发起的');
});

test('[LAYOUT] 关闭其他 and × close tabs with their kept pages; another person signing in has tabs of their own', async ({
  page,
  request,
}) => {
  const { tag, adminToken, person, kept, other } = await personWithBills(page, request, ['staff']);

  // 关闭其他 leaves the tab clicked and home, and goes to it.
  await openFromSideMenu(page, '审批', '我发起的');
  await openFromSideMenu(page, '审批', '草稿箱');
  await openFromSideMenu(page, '审批', '我关注的');
  await expectTabs(page, ['工作台', '我发起的', '草稿箱', '我关注的'], '我关注的');
  await tabMenuAction(page, '草稿箱', LayoutTexts.closeOthers);
  await expectTabs(page, ['工作台', '草稿箱'], '草稿箱');
  await expect(page.getByRole('heading', { name: '草稿箱' })).toBeVisible();

  // × on the tab on screen goes to its neighbour; the closed page's kept state goes with its tab.
  await openFromSideMenu(page, '审批', '我发起的');
  await searchBox(page, kept.title);
  await expect(listRow(page, other.title)).toHaveCount(0);
  await tabBar(page)
    .getByRole('button', { name: LayoutTexts.closeTab('我发起的') })
    .click();
  await expectTabs(page, ['工作台', '草稿箱'], '草稿箱');
  await expect(page).toHaveURL((url) => url.pathname === '/office/approval/draft');
  await openFromSideMenu(page, '审批', '我发起的');
  await expect(search(page)).toHaveValue('');
  await expect(listRow(page, other.title)).toHaveCount(1);
  await expectTabs(page, ['工作台', '草稿箱', '我发起的'], '我发起的');

  // Another person signing in on this browser starts with home alone; the first finds their tabs again.
  const colleague = await createPerson(request, `同事${tag}`, { adminToken });
  await confirmForcedArticles(request, await apiSignIn(request, colleague.username, colleague.password));
  await signOut(page, person);
  await signInViaForm(page, colleague.username, colleague.password);
  await expectDashboardLoaded(page, colleague.name);
  await expectTabs(page, ['工作台'], '工作台');
  await signOut(page, colleague);
  await signInViaForm(page, person.username, person.password);
  await expectDashboardLoaded(page, person.name);
  await expectTabs(page, ['工作台', '草稿箱', '我发起的'], '工作台');
});

test('[LAYOUT] many tabs scroll sideways with the one on screen in sight; phones have no tab bar', async ({ page }) => {
  const person = await createPerson(page.request, `多标签${nameTag()}`, { roles: ['staff', 'admin'] });
  const { user } = await signInViaApi(page, person.username, { password: person.password });
  const paths = [
    '/office/approval',
    '/office/approval/todo',
    '/office/approval/done',
    '/office/approval/mine',
    '/office/approval/draft',
    '/office/approval/tracked',
    '/office/approval/shared',
    '/office/approval/entrust',
    '/office/templates',
    '/office/jobs',
    '/system/users',
    '/system/depts',
    '/system/roles',
    '/system/menus',
  ];
  // The tabs a day's work left behind, as this browser stored them for this user.
  await page.addInitScript(
    ([key, tabs]) => {
      if (localStorage.getItem(key) === null) localStorage.setItem(key, tabs);
    },
    [`osp-page-tabs:${user.id}`, JSON.stringify(paths.map((path) => ({ path, url: path })))] as const,
  );
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto('/system/menus');
  const bar = tabBar(page);
  await expect(bar.getByRole('tab')).toHaveCount(15);
  await expect(pageTab(page, '菜单管理')).toHaveAttribute('aria-selected', 'true');
  const overflow = await bar.evaluate((list) => ({ scroll: list.scrollWidth, width: list.clientWidth, left: list.scrollLeft }));
  expect(overflow.scroll, 'the tabs are wider than the bar').toBeGreaterThan(overflow.width);
  expect(overflow.left, 'the bar has scrolled to the tab on screen').toBeGreaterThan(0);
  await expect(pageTab(page, '菜单管理')).toBeInViewport({ ratio: 1 });
  await saveScreenshot(page, 'layout-tabs-overflow-1024');

  // The sixteenth page closes the oldest tab that is not home nor on screen (发起审批).
  await openFromSideMenu(page, '系统管理', '系统设置');
  await expect(bar.getByRole('tab')).toHaveCount(15);
  await expect(pageTab(page, '发起审批')).toHaveCount(0);
  await expect(pageTab(page, '系统设置')).toBeInViewport({ ratio: 1 });

  // From the keyboard: one tab stop, arrows and Home/End along the bar, Enter goes there, Delete closes.
  await pageTab(page, '系统设置').focus();
  await page.keyboard.press('ArrowLeft');
  await expect(pageTab(page, '菜单管理')).toBeFocused();
  await page.keyboard.press('Delete');
  await expect(pageTab(page, '菜单管理')).toHaveCount(0);
  await pageTab(page, '系统设置').focus();
  await page.keyboard.press('Home');
  await expect(pageTab(page, '工作台')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
  await expect(pageTab(page, '工作台')).toHaveAttribute('aria-selected', 'true');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: LayoutTexts.expandMenu })).toBeVisible();
  await expect(bar).toHaveCount(0);
  await saveScreenshot(page, 'layout-tabs-phone-390');
});

test('[LAYOUT] leaving unsaved input through a tab asks first, as the menu does', async ({ page, request }) => {
  const tag = nameTag();
  const adminToken = await apiSignIn(request, 'admin');
  const approver = await createPerson(request, `签批人${tag}`, { adminToken });
  const person = await createPerson(request, `填单人${tag}`, { adminToken });
  const template = await oneStepTemplate(request, adminToken, `标签填单${tag}`, approver);
  await signInViaApi(page, person.username, { password: person.password });
  await page.goto(`/office/approval/edit?templateID=${template}`);
  await expectTabs(page, ['工作台', LayoutTexts.billEditTitle], LayoutTexts.billEditTitle);
  await page.getByLabel('事由').fill('出差北京');

  // Another tab: 继续填写 stays with the input.
  const leave = page.getByRole('dialog').filter({ hasText: BillEditTexts.leaveTitle });
  await pageTab(page, '工作台').click();
  await expect(leave).toBeVisible();
  await button(leave, BillEditTexts.stayCancel).click();
  await expect(page).toHaveURL((url) => url.pathname === '/office/approval/edit');
  await expect(page.getByLabel('事由')).toHaveValue('出差北京');

  // The middle button on its own tab: 离开 closes it and goes to its neighbour.
  await pageTab(page, LayoutTexts.billEditTitle).click({ button: 'middle' });
  await expect(leave).toBeVisible();
  await button(leave, BillEditTexts.leaveOk).click();
  await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
  await expectTabs(page, ['工作台'], '工作台');
});
