import { expect, test } from '@playwright/test';
import { ProfileMessages } from '@osp/shared';
import { apiPerson, signInViaApi } from '../support/api';
import { createPerson } from '../support/people';
import { saveScreenshot } from '../support/screenshots';
import { button, chooseUserMenuItem, dialog, expectDashboardLoaded, message } from '../support/ui';

test('[PROFILE] corrects a wrong mobile number in 个人信息 and finds it saved after a reload', async ({ page, request }) => {
  // A person of the journey's own: their mobile number changes.
  const person = await createPerson(request, '资料测试');
  const { token, user } = await signInViaApi(page, person.username, { password: person.password });
  await page.goto('/dashboard');
  await expectDashboardLoaded(page, user.name);

  await chooseUserMenuItem(page, user.name, '个人信息');
  const profile = dialog(page, '个人信息');
  await expect(profile).toBeVisible();
  const mobile = profile.getByLabel('手机号');
  await expect(mobile).not.toHaveValue('');
  // SPEC §2: a click beside the dialog does not close it.
  await page.mouse.click(10, 450);
  await expect(profile).toBeVisible();

  await mobile.fill('12345678901');
  await button(profile, '保存').click();
  await expect(profile.getByText(ProfileMessages.mobileInvalid)).toBeVisible();
  await saveScreenshot(page, 'profile-invalid-mobile');
  expect((await apiPerson(request, token)).mobile).not.toBe('12345678901');

  await mobile.fill('13987654321');
  await expect(profile.getByText(ProfileMessages.mobileInvalid)).toBeHidden();
  await button(profile, '保存').click();
  await expect(message(page, ProfileMessages.updated)).toBeVisible();
  await saveScreenshot(page, 'profile-saved');
  expect((await apiPerson(request, token)).mobile).toBe('13987654321');

  await page.reload();
  await chooseUserMenuItem(page, user.name, '个人信息');
  await expect(dialog(page, '个人信息').getByLabel('手机号')).toHaveValue('13987654321');
});
