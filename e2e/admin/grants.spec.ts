import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { GrantMessages, type AdminUser, type ApiEnvelope, type Paged } from '@osp/shared';
import { apiSignIn, bearer, signInViaApi } from '../support/api';
import { saveScreenshot } from '../support/screenshots';
import { dialog } from '../support/ui';

const PASSWORD = 'Gr4nt#Check';

async function apiCall<T>(
  request: APIRequestContext,
  token: string,
  method: string,
  url: string,
  data?: unknown,
): Promise<{ status: number; body: ApiEnvelope<T> }> {
  const response = await request.fetch(url, { method, headers: bearer(token), ...(data === undefined ? {} : { data }) });
  return { status: response.status(), body: (await response.json()) as ApiEnvelope<T> };
}

async function createUser(request: APIRequestContext, adminToken: string, username: string, roles: string[]): Promise<AdminUser> {
  const zhangsan = await apiCall<Paged<AdminUser>>(request, adminToken, 'GET', '/api/admin/users?keyword=zhangsan');
  const deptId = zhangsan.body.data.list[0]?.dept?.id;
  const created = await apiCall<AdminUser>(request, adminToken, 'POST', '/api/admin/users', {
    username,
    name: `授权测试${username.slice(-4)}`,
    sex: '1',
    dept_id: deptId,
    station: '',
    mobile: '13911112222',
    mail: `${username}@xinghe-tech.cn`,
    roles,
    passwd: PASSWORD,
  });
  expect(created.body.status_code, created.body.message).toBe(0);
  return created.body.data;
}

/** The tooltip on screen now (antd keeps hidden ones in the page). */
function tooltip(page: Page) {
  return page.locator('.ant-tooltip:not(.ant-tooltip-hidden)');
}

function userRow(page: Page, username: string) {
  return page.locator('.users-table tbody tr').filter({ hasText: username });
}

async function searchUser(page: Page, keyword: string, username: string): Promise<void> {
  const search = page.getByPlaceholder('姓名 / 用户名 / 手机号').first();
  await search.fill(keyword);
  await search.press('Enter');
  await expect(userRow(page, username)).toHaveCount(1);
}

test('[ADMIN] a user administrator without the other permissions cannot reach the administrator role or account', async ({
  page,
  request,
}) => {
  const suffix = Date.now().toString(36);
  const adminToken = await apiSignIn(request, 'admin');
  // Made by the system administrator for this journey: a role with only 用户管理, its holder, and a plain colleague.
  const roleKey = `e2e_ua_${suffix}`;
  const role = await apiCall(request, adminToken, 'POST', '/api/admin/roles', {
    key: roleKey,
    name: `仅用户管理${suffix}`,
    permissions: ['sys_user'],
  });
  expect(role.body.status_code, role.body.message).toBe(0);
  const holder = await createUser(request, adminToken, `e2eua${suffix}`, [roleKey]);
  const colleague = await createUser(request, adminToken, `e2etg${suffix}`, []);

  const { token } = await signInViaApi(page, holder.username, { password: PASSWORD });
  await page.goto('/system/users');

  // The administrator's account is beyond them: its actions are shown but disabled, with the reason.
  await searchUser(page, 'admin', 'admin');
  const adminRow = userRow(page, 'admin');
  await expect(adminRow.getByRole('button', { name: /编\s*辑/ })).toBeDisabled();
  await expect(adminRow.getByRole('button', { name: /角\s*色/ })).toBeDisabled();
  // Hovering the disabled button tells why, in the server's words.
  await adminRow.locator('.users-table__blocked').first().hover();
  await expect(tooltip(page)).toBeVisible();
  await expect(tooltip(page)).toContainText(/^用户「系统管理员」拥有您没有的权限（.*角色与权限/);
  await saveScreenshot(page, 'admin-grants-admin-row-1440');
  // 重置密码 and 禁用 in 更多 are disabled too; 会话管理 opens, but its 注销 buttons are disabled.
  await adminRow.getByRole('button', { name: /更多操作/ }).click();
  await expect(page.getByRole('menuitem', { name: '重置密码' })).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByRole('menuitem', { name: '禁用' })).toHaveAttribute('aria-disabled', 'true');
  await page.getByRole('menuitem', { name: '会话管理' }).click();
  const sessions = page.locator('.ant-drawer').filter({ hasText: '会话 · 系统管理员' });
  await expect(sessions.getByRole('button', { name: /全部注销/ })).toBeDisabled();
  await sessions.locator('.ant-drawer-close').click();
  await expect(sessions).toBeHidden();

  // A plain colleague may be given roles, but only those whose permissions the administrator holds.
  await searchUser(page, colleague.username, colleague.username);
  await userRow(page, colleague.username)
    .getByRole('button', { name: /角\s*色/ })
    .click();
  const roles = dialog(page, /分配角色/);
  await expect(roles.getByRole('checkbox', { name: /系统管理员（admin）/ })).toBeDisabled();
  await expect(roles.getByRole('checkbox', { name: new RegExp(`仅用户管理${suffix}`) })).toBeEnabled();
  await roles.locator('.users-table__blocked', { hasText: '系统管理员（admin）' }).hover();
  await expect(tooltip(page)).toBeVisible();
  await expect(tooltip(page)).toContainText(/^不能授予或收回您自己没有的权限：.*角色与权限/);
  await saveScreenshot(page, 'admin-grants-roles-dialog-1440');
  // The reason lists every permission the holder lacks and may reach over the checkboxes below: it goes first.
  await roles.locator('.ant-modal-title').hover();
  await expect(tooltip(page)).toHaveCount(0);
  await roles.getByRole('checkbox', { name: new RegExp(`仅用户管理${suffix}`) }).check();
  await roles.getByRole('button', { name: /保\s*存/ }).click();
  await expect(roles).toBeHidden();
  await expect(userRow(page, colleague.username)).toContainText(`仅用户管理${suffix}`);

  // Going round the page changes nothing: the server refuses with the reason.
  const own = await apiCall(request, token, 'PUT', `/api/admin/users/${holder.id}/roles`, { roles: [roleKey, 'admin'] });
  expect(own.status).toBe(403);
  expect(own.body.message).toBe(GrantMessages.ownRoles);
  const raised = await apiCall(request, token, 'PUT', `/api/admin/users/${colleague.id}/roles`, { roles: ['admin'] });
  expect(raised.status).toBe(403);
  expect(raised.body.message).toMatch(/^不能授予或收回您自己没有的权限：/);
  const adminId = (await apiCall<Paged<AdminUser>>(request, token, 'GET', '/api/admin/users?keyword=admin')).body.data.list.find(
    (u) => u.username === 'admin',
  )?.id;
  const reset = await apiCall(request, token, 'PUT', `/api/admin/users/${adminId}/password`, { passwd: PASSWORD });
  expect(reset.status).toBe(403);
  expect(reset.body.message).toMatch(/^用户「系统管理员」拥有您没有的权限/);
  // The administrator still signs in with the password they had.
  expect(await apiSignIn(request, 'admin')).toEqual(expect.any(String));
});
