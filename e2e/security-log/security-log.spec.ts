import { expect, test } from '@playwright/test';
import type { AdminUser, ApiEnvelope, Paged } from '@osp/shared';
import { apiSignIn, bearer, signInViaApi } from '../support/api';
import { saveScreenshot } from '../support/screenshots';

test('[SECURITY] an administrator finds a colleague’s failed sign-ins in 安全日志', async ({ page, request }) => {
  const adminToken = await apiSignIn(request, 'admin');
  const username = `e2esec${Date.now().toString(36)}`;
  // The account is the journey's own, so its trace is too.
  const zhangsan = (await (await request.get('/api/admin/users?keyword=zhangsan', { headers: bearer(adminToken) })).json()) as ApiEnvelope<
    Paged<AdminUser>
  >;
  const created = await request.post('/api/admin/users', {
    headers: bearer(adminToken),
    data: {
      username,
      name: '安全测试',
      sex: '2',
      dept_id: zhangsan.data.list[0]?.dept?.id,
      station: '',
      mobile: '13911112222',
      mail: `${username}@xinghe-tech.cn`,
      roles: [],
      passwd: 'Sec#Journey26',
    },
  });
  expect(((await created.json()) as ApiEnvelope<unknown>).status_code).toBe(0);
  for (let i = 0; i < 3; i += 1) {
    const attempt = (await (
      await request.post('/api/authorizations', { data: { username, password: `Guess#${i}wrong` } })
    ).json()) as ApiEnvelope<unknown>;
    expect(attempt.status_code).toBe(422);
  }

  await signInViaApi(page, 'admin');
  await page.goto('/dashboard');
  const sider = page.locator('.app-sider');
  await sider.getByRole('menuitem', { name: '系统管理' }).click();
  await sider.getByRole('menuitem', { name: '安全日志' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/system/security-events');

  await page.getByRole('searchbox', { name: '搜索安全日志' }).or(page.getByPlaceholder('账号 / 地址 / 详情')).first().fill(username);
  await page.getByPlaceholder('账号 / 地址 / 详情').press('Enter');
  const rows = page.locator('.security-events-table tbody tr').filter({ hasText: username });
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText('登录失败');
  await expect(rows.first()).toContainText('密码错误（第 3 次）');
  await saveScreenshot(page, 'security-events-1440');

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(rows).toHaveCount(3);
  await saveScreenshot(page, 'security-events-390');
});
