import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  DeptMessages,
  MenuMessages,
  RoleMessages,
  type AdminDept,
  type AdminMenu,
  type AdminRole,
  type ApiEnvelope,
  type DeptUser,
} from '@osp/shared';
import { bearer, signInViaApi } from '../support/api';
import { saveScreenshot } from '../support/screenshots';
import { button, dialog, expectDashboardLoaded, message } from '../support/ui';

async function call<T>(request: APIRequestContext, token: string, method: string, url: string, data?: unknown): Promise<T> {
  const response = await request.fetch(url, { method, headers: bearer(token), data });
  expect(response.status(), `${method} ${url}`).toBe(200);
  const body = (await response.json()) as ApiEnvelope<T>;
  expect(body.status_code, `${method} ${url}: ${body.message}`).toBe(0);
  return body.data;
}

function findMenu(menus: AdminMenu[], path: string): AdminMenu | undefined {
  for (const menu of menus) {
    if (menu.path === path) return menu;
    const found = findMenu(menu.children, path);
    if (found) return found;
  }
  return undefined;
}

/** The approval area every signed-in user has (its folder and pages): not what a role grants. */
const APPROVAL_ENTRIES = ['审批', '发起审批', '待我审批', '我已审批', '我发起的', '草稿箱', '我关注的'];

/** The names of the side menu's entries, top level and opened groups, in order, without the approval area. */
async function sideMenuNames(page: Page): Promise<string[]> {
  const names = await page.locator('.app-sider').getByRole('menuitem').allInnerTexts();
  return names.map((name) => name.trim()).filter((name) => !APPROVAL_ENTRIES.includes(name));
}

function treeNode(page: Page, text: string) {
  return page.locator('.ant-tree-treenode').filter({ hasText: text }).last();
}

test('[ADMIN-ORG] an administrator creates a department and a role; its member sees exactly that page, and a renamed menu entry on the next click', async ({
  page,
  browser,
  request,
}) => {
  const { token: adminToken } = await signInViaApi(page, 'admin');
  const hejun = (await call<DeptUser[]>(request, adminToken, 'GET', '/api/depts/users?keyword=hejun'))[0];
  expect(hejun?.username).toBe('hejun');
  const menus = await call<AdminMenu[]>(request, adminToken, 'GET', '/api/admin/menus');
  const deptMenu = findMenu(menus, '/system/depts');
  expect(deptMenu?.name).toBe('部门管理');

  try {
    // 1. A department, through the tree page.
    await page.goto('/system/depts');
    await expect(page.getByRole('heading', { name: '部门管理' })).toBeVisible();
    await button(page, '新建部门').first().click();
    const create = dialog(page, '新建部门');
    await create.getByLabel('部门名称').fill('质量管理部');
    await button(create, '创建').click();
    await expect(message(page, DeptMessages.created)).toBeVisible();
    await expect(treeNode(page, '质量管理部')).toBeVisible();
    await expect(
      page.getByRole('heading', { name: '质量管理部' }).or(page.locator('.ant-card-head-title', { hasText: '质量管理部' })),
    ).toBeVisible();
    await saveScreenshot(page, 'admin-org-depts-1440');

    // 2. A role granting 部门管理 only.
    await page.goto('/system/roles');
    await button(page, '新建角色').click();
    const roleDialog = dialog(page, '新建角色');
    await roleDialog.getByLabel('角色标识').fill('dept_keeper');
    await roleDialog.getByLabel('角色名称').fill('部门维护员');
    await button(roleDialog, '创建').click();
    await expect(message(page, RoleMessages.created)).toBeVisible();
    await expect(page.getByText('「部门维护员」的权限')).toBeVisible();
    await treeNode(page, '部门管理（sys_dept）').locator('.ant-tree-checkbox').click();
    await button(page, '保存权限').click();
    await expect(message(page, RoleMessages.permissionsSaved)).toBeVisible();
    await saveScreenshot(page, 'admin-org-roles-1440');

    // 3. The role goes to 何军 through the users API (the users page is another area's).
    await call(request, adminToken, 'PUT', `/api/admin/users/${hejun?.id}/roles`, { roles: ['staff', 'dept_keeper'] });

    // 4. 何军 signs in elsewhere and sees exactly that page besides his home page.
    const userContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const userPage = await userContext.newPage();
      const { user } = await signInViaApi(userPage, 'hejun');
      await userPage.goto('/dashboard');
      await expectDashboardLoaded(userPage, user.name);
      await expect.poll(() => sideMenuNames(userPage)).toEqual(['工作台', '部门管理']);
      await userPage.locator('.app-sider').getByRole('menuitem', { name: '部门管理' }).click();
      await expect(userPage).toHaveURL((url) => url.pathname === '/system/depts');
      await expect(treeNode(userPage, '质量管理部')).toBeVisible();
      await saveScreenshot(userPage, 'admin-org-member-sees-depts');

      // 5. The administrator renames the entry; the member sees the new name after his next click.
      await page.goto('/system/menus');
      await treeNode(page, '/system/depts').locator('.ant-tree-node-content-wrapper').click();
      const name = page.getByLabel('名称', { exact: true });
      await expect(name).toHaveValue('部门管理');
      await name.fill('组织架构管理');
      await button(page, '保存').first().click();
      await expect(message(page, MenuMessages.updated)).toBeVisible();
      // The administrator's own menu follows at once.
      await expect(page.locator('.app-sider').getByRole('menuitem', { name: '组织架构管理' })).toBeVisible();
      await saveScreenshot(page, 'admin-org-menus-1440');

      await userPage.locator('.app-sider').getByRole('menuitem', { name: '工作台' }).click();
      await expect(userPage).toHaveURL((url) => url.pathname === '/dashboard');
      await expect.poll(() => sideMenuNames(userPage)).toEqual(['工作台', '组织架构管理']);
      await saveScreenshot(userPage, 'admin-org-member-sees-renamed-menu');
    } finally {
      await userContext.close();
    }
  } finally {
    // Leave the demo company as other journeys expect it.
    if (deptMenu) await call(request, adminToken, 'PUT', `/api/admin/menus/${deptMenu.id}`, { name: '部门管理' });
    if (hejun) await call(request, adminToken, 'PUT', `/api/admin/users/${hejun.id}/roles`, { roles: ['staff'] });
    const keeper = (await call<AdminRole[]>(request, adminToken, 'GET', '/api/admin/roles')).find((role) => role.key === 'dept_keeper');
    if (keeper) await call(request, adminToken, 'DELETE', `/api/admin/roles/${keeper.id}`);
    const quality = (await call<AdminDept[]>(request, adminToken, 'GET', '/api/admin/depts'))[0]?.children.find(
      (d) => d.name === '质量管理部',
    );
    if (quality) await call(request, adminToken, 'DELETE', `/api/admin/depts/${quality.id}`);
  }
});

test.describe('on a phone-wide screen', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('[ADMIN-ORG] the four administration pages fit a 390 px screen and save settings', async ({ page, request }) => {
    const { token } = await signInViaApi(page, 'admin');
    await page.goto('/system/depts');
    await treeNode(page, '技术部').locator('.ant-tree-node-content-wrapper').click();
    await expect(page.getByLabel('部门名称')).toHaveValue('技术部');
    await saveScreenshot(page, 'admin-org-depts-390');

    await page.goto('/system/roles');
    await page.getByRole('cell', { name: '普通员工 staff' }).click();
    await expect(page.getByText('「普通员工」的权限')).toBeVisible();
    await saveScreenshot(page, 'admin-org-roles-390');

    await page.goto('/system/menus');
    await treeNode(page, '/system/users').locator('.ant-tree-node-content-wrapper').click();
    await expect(page.getByLabel('路径')).toHaveValue('/system/users');
    await saveScreenshot(page, 'admin-org-menus-390');

    await page.goto('/system/settings');
    const timeout = page.getByLabel('请求超时');
    await expect(timeout).toHaveValue('10000');
    await page.getByLabel('登录邮箱地址').fill('mail.example.com');
    await button(page, '保存设置').click();
    await expect(page.getByText('登录邮箱地址须为以 http:// 或 https:// 开头的网址')).toBeVisible();
    await saveScreenshot(page, 'admin-org-settings-390');
    await page.getByLabel('登录邮箱地址').fill('https://mail.example.com');
    await timeout.fill('15000');
    await button(page, '保存设置').click();
    await expect(message(page, '设置已保存')).toBeVisible();
    const saved = await call<{ request_timeout: number }>(request, token, 'GET', '/api/settings');
    expect(saved.request_timeout).toBe(15000);
    await call(request, token, 'PUT', '/api/admin/settings', { request_timeout: 10000 });
  });
});
