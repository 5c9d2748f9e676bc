import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from '../support/env';
import { cookieToken } from '../support/api';
import { saveScreenshot } from '../support/screenshots';
import { loginForm, signInViaForm } from '../support/ui';

test('[AUTH] opens /dashboard signed out, signs in as lisi and comes back to the dashboard', async ({ page }) => {
  await page.goto('/dashboard');

  await expect(page).toHaveURL((url) => url.pathname === '/login' && url.searchParams.get('redirect') === '/dashboard');
  await expect(loginForm(page).username).toBeVisible();
  await saveScreenshot(page, 'auth-login-with-redirect');

  await signInViaForm(page, 'lisi', DEMO_PASSWORD);

  await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
  await expect(page.getByRole('heading', { name: /李四/ })).toBeVisible();
  expect(await cookieToken(page)).toBeTruthy();
  await saveScreenshot(page, 'auth-dashboard-after-sign-in');
});
