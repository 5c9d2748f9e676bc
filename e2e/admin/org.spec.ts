import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  DeptMessages,
  MenuMessages,
  RoleMessages,
  type AdminDept,
  type AdminMenu,
  type ApiEnvelope,
  type PrivateSettings,
} from '@osp/shared';
import { bearer, signInViaApi } from '../support/api';
import { createPerson, nameTag, uniqueSuffix } from '../support/people';
import { saveScreenshot } from '../support/screenshots';
import { button, dialog, expectDashboardLoaded, message } from '../support/ui';

async function call<T>(request: APIRequestContext, token: string, method: string, url: string, data?: unknown): Promise<T> {
  const response = await request.fetch(url, { method, headers: bearer(token), data });
  expect(response.status(), `${method} ${url}`).toBe(200);
  const body = (await response.json()) as ApiEnvelope<T>;
  expect(body.status_code, `${method} ${url}: ${body.message}`).toBe(0);
  return body.data;
}

function findDept(depts: AdminDept[], name: string): AdminDept | undefined {
  for (const dept of depts) {
    if (dept.name === name) return dept;
    const found = findDept(dept.children, name);
    if (found) return found;
  }
  return undefined;
}

/** The approval, survey and leave areas every signed-in user has (their folders and pages): not what a role grants. */
const APPROVAL_ENTRIES = [
  ...['审批', '发起审批', '待我审批', '我已审批', '我发起的', '草稿箱', '我关注的', '抄送我的', '委托管理'],
  ...['问卷', '我的问卷', '待我评价'],
  ...['假期管理', '我的假期', '请假记录'],
];

/** The names of the side menu's entries, top level and opened groups, in order, without the approval, survey and leave areas. */
async function sideMenuNames(page: Page): Promise<string[]> {
  const names = await page.locator('.app-sider').getByRole('menuitem').allInnerTexts();
  // 抄送我的 may carry its unread count after the name.
  return names.map((name) => name.trim().replace(/^(抄送我的)\s*\d+\+?$/, '$1')).filter((name) => !APPROVAL_ENTRIES.includes(name));
}

function treeNode(page: Page, text: string) {
  return page.locator('.ant-tree-treenode').filter({ hasText: text }).last();
}

test('[ADMIN-ORG] an administrator creates a department and a role; its member sees exactly what it grants, and a renamed menu entry on the next click', async ({
  page,
  browser,
  request,
}) => {
  const tag = nameTag();
  const suffix = uniqueSuffix();
  const deptName = `质量管理部${tag}`;
  const roleKey = `keeper_${suffix}`;
  const roleName = `部门维护员${tag}`;
  // The entry renamed in step 5 is the journey's own, shown like 部门管理 to holders of sys_dept: the demo's
  // 部门管理 keeps its name for every other journey. Its path has no page; only its name is under test.
  const entryName = `质检看板${tag}`;
  const renamedEntry = `质检周报${tag}`;
  const { token: adminToken } = await signInViaApi(page, 'admin');
  const entry = await call<AdminMenu>(request, adminToken, 'POST', '/api/admin/menus', {
    name: entryName,
    path: `/e2e/qc-${suffix}`,
    type: 1,
    parent_id: null,
    permission: 'sys_dept',
  });

  try {
    // 1. A department, through the tree page.
    await page.goto('/system/depts');
    await expect(page.getByRole('heading', { name: '部门管理' })).toBeVisible();
    await button(page, '新建部门').first().click();
    const create = dialog(page, '新建部门');
    await create.getByLabel('部门名称').fill(deptName);
    await button(create, '创建').click();
    await expect(message(page, DeptMessages.created)).toBeVisible();
    await expect(treeNode(page, deptName)).toBeVisible();
    await expect(
      page.getByRole('heading', { name: deptName }).or(page.locator('.ant-card-head-title', { hasText: deptName })),
    ).toBeVisible();
    await saveScreenshot(page, 'admin-org-depts-1440');

    // 2. A role granting 部门管理 only.
    await page.goto('/system/roles');
    await button(page, '新建角色').click();
    const roleDialog = dialog(page, '新建角色');
    await roleDialog.getByLabel('角色标识').fill(roleKey);
    await roleDialog.getByLabel('角色名称').fill(roleName);
    await button(roleDialog, '创建').click();
    await expect(message(page, RoleMessages.created)).toBeVisible();
    await expect(page.getByText(`「${roleName}」的权限`)).toBeVisible();
    await treeNode(page, '部门管理（sys_dept）').locator('.ant-tree-checkbox').click();
    await button(page, '保存权限').click();
    await expect(message(page, RoleMessages.permissionsSaved)).toBeVisible();
    await saveScreenshot(page, 'admin-org-roles-1440');

    // 3. A member of the new department with the role, through the users API (the users page is another area's).
    const dept = findDept(await call<AdminDept[]>(request, adminToken, 'GET', '/api/admin/depts'), deptName);
    expect(dept, `the department ${deptName}`).toBeDefined();
    const member = await createPerson(request, `质量专员${tag}`, { adminToken, deptId: dept?.id ?? 0, roles: ['staff', roleKey] });

    // 4. The member signs in elsewhere and sees exactly what the role grants besides his home page: the page and the entry.
    const userContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const userPage = await userContext.newPage();
      const { user } = await signInViaApi(userPage, member.username, { password: member.password });
      await userPage.goto('/dashboard');
      await expectDashboardLoaded(userPage, user.name);
      await expect.poll(() => sideMenuNames(userPage)).toEqual(['工作台', '公告', '部门管理', entryName]);
      await userPage.locator('.app-sider').getByRole('menuitem', { name: '部门管理' }).click();
      await expect(userPage).toHaveURL((url) => url.pathname === '/system/depts');
      await expect(treeNode(userPage, deptName)).toBeVisible();
      await saveScreenshot(userPage, 'admin-org-member-sees-depts');

      // 5. The administrator renames the entry; the member sees the new name after his next click.
      await page.goto('/system/menus');
      await treeNode(page, entryName).locator('.ant-tree-node-content-wrapper').click();
      const name = page.getByLabel('名称', { exact: true });
      await expect(name).toHaveValue(entryName);
      await name.fill(renamedEntry);
      await button(page, '保存').first().click();
      await expect(message(page, MenuMessages.updated)).toBeVisible();
      // The administrator's own menu follows at once.
      await expect(page.locator('.app-sider').getByRole('menuitem', { name: renamedEntry })).toBeVisible();
      await saveScreenshot(page, 'admin-org-menus-1440');

      await userPage.locator('.app-sider').getByRole('menuitem', { name: '工作台' }).click();
      await expect(userPage).toHaveURL((url) => url.pathname === '/dashboard');
      await expect.poll(() => sideMenuNames(userPage)).toEqual(['工作台', '公告', '部门管理', renamedEntry]);
      await saveScreenshot(userPage, 'admin-org-member-sees-renamed-menu');
    } finally {
      await userContext.close();
    }
  } finally {
    // The entry shows to every holder of sys_dept: it goes. The department, role and member are this journey's alone.
    await call(request, adminToken, 'DELETE', `/api/admin/menus/${entry.id}`);
  }
});

test.describe('on a phone-wide screen', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('[ADMIN-ORG] the four administration pages fit a 390 px screen and save settings', async ({ page, request }) => {
    const { token } = await signInViaApi(page, 'admin');
    // Settings are global and cannot be a journey's own: the two saved here are put back in the finally below, and
    // no other journey reads them.
    const before = await call<PrivateSettings>(request, token, 'GET', '/api/admin/settings');
    try {
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
    } finally {
      await call(request, token, 'PUT', '/api/admin/settings', {
        webmail_url: before.webmail_url,
        request_timeout: before.request_timeout,
      });
    }
  });
});
