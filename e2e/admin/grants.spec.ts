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
  await expect(adminRow.getByRole('button', { name: /编\s*辑/ })).toHaveAttribute('title', /^用户「系统管理员」拥有您没有的权限/);

  // A plain colleague may be given roles, but only those whose permissions the administrator holds.
  await searchUser(page, colleague.username, colleague.username);
  await userRow(page, colleague.username)
    .getByRole('button', { name: /角\s*色/ })
    .click();
  const roles = dialog(page, /分配角色/);
  await expect(roles.getByRole('checkbox', { name: /系统管理员（admin）/ })).toBeDisabled();
  await expect(roles.getByRole('checkbox', { name: new RegExp(`仅用户管理${suffix}`) })).toBeEnabled();
  await saveScreenshot(page, 'admin-grants-roles-dialog-1440');
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
});
