import { expect, test } from '@playwright/test';
import { CommonMessages } from '@osp/shared';
import { bearer, cookieToken, signInViaApi, tokenStatus } from '../support/api';
import { saveScreenshot } from '../support/screenshots';
import { chooseUserMenuItem, expectDashboardLoaded, message } from '../support/ui';

test('[AUTH] is sent to sign-in with a session-timeout toast when the token is revoked mid-session', async ({ page, request }) => {
  const { token, user } = await signInViaApi(page, 'wushi');
  await page.goto('/dashboard');
  await expectDashboardLoaded(page, user.name);

  // The session ends elsewhere (another tab signs out) while this page stays open.
  const revoked = await request.delete('/api/authorizations/current', { headers: bearer(token) });
  expect(revoked.status()).toBe(200);
  expect(await tokenStatus(request, token)).toBe(401);

  await chooseUserMenuItem(page, user.name, '个人信息');

  await expect(message(page, CommonMessages.sessionTimeout)).toBeVisible();
  await saveScreenshot(page, 'auth-session-timeout-toast');
  await expect(page).toHaveURL((url) => url.pathname === '/login');
  expect(await cookieToken(page)).toBeFalsy();
});
