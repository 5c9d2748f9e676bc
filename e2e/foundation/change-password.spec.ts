import { expect, test, type Locator, type Page } from '@playwright/test';
import { CommonMessages, LoginMessages, PasswordMessages } from '@osp/shared';
import { cookieToken, signInViaApi } from '../support/api';
import { createPerson } from '../support/people';
import { saveScreenshot } from '../support/screenshots';
import { button, chooseUserMenuItem, confirmation, dialog, expectDashboardLoaded, message, signInViaForm } from '../support/ui';

const NEW_PASSWORD = 'Changed#Osp2026';

function passwordForm(page: Page) {
  const box = dialog(page, '修改密码');
  return {
    box,
    oldPwd: box.getByPlaceholder(PasswordMessages.oldPlaceholder),
    newPwd: box.getByPlaceholder(PasswordMessages.newPlaceholder),
    confirmPwd: box.getByPlaceholder(PasswordMessages.confirmPlaceholder),
    submit: button(box, '确定').or(button(box, '提交')).or(button(box, '保存')).first(),
  };
}

async function fill(form: ReturnType<typeof passwordForm>, oldPwd: string, newPwd: string, confirmPwd: string): Promise<void> {
  await form.oldPwd.fill(oldPwd);
  await form.newPwd.fill(newPwd);
  await form.confirmPwd.fill(confirmPwd);
}

function fieldError(box: Locator, text: string): Locator {
  return box.getByText(text, { exact: true }).first();
}

test('[PASSWORD] changes the password after each rule has spoken, then signs in with the new one', async ({ page, request }) => {
  // An account of the journey's own: its password changes, and its one wrong sign-in counts against it alone.
  const person = await createPerson(request, '改密测试');
  const oldPassword = person.password;
  const { user } = await signInViaApi(page, person.username, { password: oldPassword });
  await page.goto('/dashboard');
  await expectDashboardLoaded(page, user.name);
  await chooseUserMenuItem(page, user.name, '修改密码');
  const form = passwordForm(page);
  await expect(form.box).toBeVisible();
  // SPEC §2: a click beside the dialog does not close it.
  await page.mouse.click(10, 450);
  await expect(form.box).toBeVisible();

  // Nothing filled in: each field says it is required.
  await form.submit.click();
  await expect(fieldError(form.box, PasswordMessages.oldRequired)).toBeVisible();
  await expect(fieldError(form.box, PasswordMessages.newRequired)).toBeVisible();
  await expect(fieldError(form.box, PasswordMessages.confirmRequired)).toBeVisible();
  await saveScreenshot(page, 'password-required');

  // Too weak.
  await fill(form, oldPassword, 'abc12345', 'abc12345');
  await form.submit.click();
  await expect(fieldError(form.box, PasswordMessages.strength)).toBeVisible();

  // Same as the old one.
  await fill(form, oldPassword, oldPassword, oldPassword);
  await form.submit.click();
  await expect(fieldError(form.box, PasswordMessages.sameAsOld)).toBeVisible();
  await expect(fieldError(form.box, PasswordMessages.strength)).toBeHidden();

  // Confirmation differs.
  await fill(form, oldPassword, NEW_PASSWORD, `${NEW_PASSWORD}x`);
  await form.submit.click();
  await expect(fieldError(form.box, PasswordMessages.mismatch)).toBeVisible();
  await expect(fieldError(form.box, PasswordMessages.sameAsOld)).toBeHidden();
  await saveScreenshot(page, 'password-mismatch');

  // Wrong old password: only the server knows.
  await fill(form, 'Wrong#Old2026', NEW_PASSWORD, NEW_PASSWORD);
  await expect(fieldError(form.box, PasswordMessages.mismatch)).toBeHidden();
  await form.submit.click();
  let ask = confirmation(page, CommonMessages.confirm);
  await expect(ask.box).toBeVisible();
  await ask.ok.click();
  await expect(message(page, PasswordMessages.wrongOld)).toBeVisible();
  await saveScreenshot(page, 'password-wrong-old');

  // All good: confirm, then success.
  await form.oldPwd.fill(oldPassword);
  await form.submit.click();
  ask = confirmation(page, CommonMessages.confirm);
  await expect(ask.box).toBeVisible();
  await saveScreenshot(page, 'password-confirm');
  await ask.ok.click();
  await expect(message(page, PasswordMessages.changed)).toBeVisible();
  await expect(form.box).toBeHidden();
  await saveScreenshot(page, 'password-changed');

  // Sign in afresh: the old password no longer works, the new one does.
  await page.context().clearCookies();
  await page.goto('/login');
  await signInViaForm(page, person.username, oldPassword);
  await expect(message(page, LoginMessages.badCredentials)).toBeVisible();
  await signInViaForm(page, person.username, NEW_PASSWORD);
  await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
  await expect(page.getByText(user.name).first()).toBeVisible();
  expect(await cookieToken(page)).toBeTruthy();
});
