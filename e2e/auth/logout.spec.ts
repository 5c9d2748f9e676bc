import { expect, test } from '@playwright/test';
import { LoginMessages } from '@osp/shared';
import { cookieToken, signInViaApi, tokenStatus } from '../support/api';
import { saveScreenshot } from '../support/screenshots';
import { chooseUserMenuItem, confirmation, expectDashboardLoaded, loginForm } from '../support/ui';

test('[AUTH] signs out from the user dropdown after confirming, and the old token stops working', async ({ page, request }) => {
  const { token, user } = await signInViaApi(page, 'zhoujiu');
  await page.goto('/dashboard');
  await expectDashboardLoaded(page, user.name);
  expect(await tokenStatus(request, token)).toBe(200);

  await chooseUserMenuItem(page, user.name, '退出');
  const { box, ok } = confirmation(page, LoginMessages.logoutConfirm);
  await expect(box).toBeVisible();
  await expect(box.getByText(LoginMessages.logoutConfirm, { exact: true }).filter({ visible: true })).toBeVisible();
  await saveScreenshot(page, 'auth-logout-confirm');
  await ok.click();

  await expect(page).toHaveURL((url) => url.pathname === '/login');
  await expect(loginForm(page).username).toBeVisible();
  expect(await cookieToken(page)).toBeFalsy();
  expect(await tokenStatus(request, token)).toBe(401);
  await saveScreenshot(page, 'auth-after-logout');
});
