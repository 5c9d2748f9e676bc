import { expect, test } from '@playwright/test';
import { LoginMessages } from '@osp/shared';
import { createPerson } from '../support/people';
import { saveScreenshot } from '../support/screenshots';
import { loginForm, message, signInViaForm } from '../support/ui';

test('[AUTH] gets a captcha on the sign-in page after three wrong passwords', async ({ page, request }) => {
  // The failures count against this username: a person of the journey's own, so no demo account needs a captcha after it.
  const person = await createPerson(request, '验证码测试');
  await page.goto('/login');
  const form = loginForm(page);
  await expect(form.username).toBeVisible();
  await expect(form.captcha).toBeHidden();

  for (let attempt = 1; attempt <= 3; attempt += 1) {
    const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/authorizations');
    await signInViaForm(page, person.username, `Wrong#${attempt}pass`);
    await answered;
    await expect(message(page, LoginMessages.badCredentials)).toBeVisible();
    // The refused password is gone and the cursor waits for the next one; the username stays.
    await expect(form.password).toHaveValue('');
    await expect(form.password).toBeFocused();
    await expect(form.username).toHaveValue(person.username);
    if (attempt === 1) await saveScreenshot(page, 'auth-login-failed-1440');
  }

  await expect(page).toHaveURL((url) => url.pathname === '/login');
  await expect(form.captcha).toBeVisible();
  const image = page
    .getByRole('img', { name: /验证码/ })
    .or(page.locator('img[src^="data:image"]'))
    .first();
  await expect(image).toBeVisible();
  expect(await image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  await saveScreenshot(page, 'auth-login-captcha');
});
