import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { CommonMessages, PasswordMessages, RecoveryMessages } from '@osp/shared';
import { E2E_DATA_DIR } from '../support/env';
import { createPerson } from '../support/people';
import { saveScreenshot } from '../support/screenshots';
import { button, confirmation, loginForm, message, signInViaForm } from '../support/ui';

const OUTBOX = path.join(E2E_DATA_DIR, 'outbox');
const NEW_PASSWORD = 'Recover#Reset26';

/** Quoted-printable, the encoding of the mail's text, back to UTF-8. */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The messages in the e2e server's outbox addressed to `to` (the server writes them without SMTP_HOST). */
async function mailsTo(to: string): Promise<string[]> {
  let names: string[];
  try {
    names = (await fs.readdir(OUTBOX)).filter((name) => name.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  const mails = await Promise.all(names.map((name) => fs.readFile(path.join(OUTBOX, name), 'utf8')));
  return mails.filter((raw) => new RegExp(`^To: ${to.replace(/[.]/g, '\\.')}$`, 'm').test(raw)).map(decodeQuotedPrintable);
}

/** Waits for a new mail to `to` and returns the path and query of its reset link. */
async function awaitResetLink(to: string, alreadyThere: number): Promise<string> {
  await expect.poll(async () => (await mailsTo(to)).length, { message: `a reset mail to ${to} in ${OUTBOX}` }).toBe(alreadyThere + 1);
  const mails = await mailsTo(to);
  const link = /https?:\/\/\S+\/reset-password\?token=[\w%-]+/.exec(mails[mails.length - 1] ?? '')?.[0];
  expect(link, 'the mail carries a reset link').toBeTruthy();
  const url = new URL(link ?? '');
  return `${url.pathname}${url.search}`;
}

async function askForLink(page: Page, account: string): Promise<void> {
  await page.getByRole('textbox', { name: RecoveryMessages.accountLabel }).fill(account);
  await button(page, '发送重置链接').click();
  await expect(page.getByText('请查收邮件')).toBeVisible();
  await expect(page.getByText(RecoveryMessages.requested(30))).toBeVisible();
}

test('[AUTH] recovers a forgotten password through the e-mailed link, which then works no more', async ({ page, request }) => {
  // An account of the journey's own: its password changes here, and its mails are the only ones to its address.
  const person = await createPerson(request, '找回密码测试');
  await page.goto('/login');
  await expect(loginForm(page).username).toBeVisible();
  await page.getByRole('link', { name: '忘记密码？' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/find-password');
  await expect(page.getByRole('heading', { name: '找回密码' })).toBeVisible();

  // Nothing typed: the field says so.
  await button(page, '发送重置链接').click();
  await expect(message(page, RecoveryMessages.accountRequired)).toBeVisible();
  await saveScreenshot(page, 'recovery-find-password');

  const before = (await mailsTo(person.mail)).length;
  await askForLink(page, person.username);
  await saveScreenshot(page, 'recovery-mail-sent');
  const resetPath = await awaitResetLink(person.mail, before);

  await page.goto(resetPath);
  await expect(page.getByRole('heading', { name: '重置密码' })).toBeVisible();
  await expect(page.getByText(person.username, { exact: true })).toBeVisible();
  const newPwd = page.getByPlaceholder(PasswordMessages.newPlaceholder);
  const confirmPwd = page.getByPlaceholder(PasswordMessages.confirmPlaceholder);

  // SPEC §5 rules speak before anything is sent.
  await newPwd.fill('abc12345');
  await confirmPwd.fill('abc12345x');
  await button(page, '确认重置').click();
  await expect(message(page, PasswordMessages.strength)).toBeVisible();
  await newPwd.fill(NEW_PASSWORD);
  await confirmPwd.fill(`${NEW_PASSWORD}x`);
  await expect(message(page, PasswordMessages.mismatch)).toBeVisible();
  await saveScreenshot(page, 'recovery-reset-form');

  await confirmPwd.fill(NEW_PASSWORD);
  await button(page, '确认重置').click();
  const ask = confirmation(page, CommonMessages.confirm);
  await expect(ask.box).toBeVisible();
  await ask.ok.click();
  await expect(page.getByText(RecoveryMessages.resetDone, { exact: false })).toBeVisible();
  await saveScreenshot(page, 'recovery-reset-done');

  await button(page, '前往登录').click();
  await expect(page).toHaveURL((url) => url.pathname === '/login');
  await signInViaForm(page, person.username, NEW_PASSWORD);
  await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
  await expect(page.getByText(person.name).first()).toBeVisible();

  // The same link a second time.
  await page.goto(resetPath);
  await expect(page.getByText('链接不可用')).toBeVisible();
  await expect(page.getByText(RecoveryMessages.linkUsed)).toBeVisible();
  await expect(page.getByPlaceholder(PasswordMessages.newPlaceholder)).toHaveCount(0);
  await saveScreenshot(page, 'recovery-link-used');
});

test('[AUTH] the recovery pages on a phone', async ({ page, request }) => {
  const person = await createPerson(request, '找回页面测试');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  await expect(page.getByRole('link', { name: '忘记密码？' })).toBeVisible();
  await saveScreenshot(page, 'recovery-login-mobile');
  await page.getByRole('link', { name: '忘记密码？' }).click();
  await expect(page.getByRole('heading', { name: '找回密码' })).toBeVisible();
  await saveScreenshot(page, 'recovery-find-password-mobile');

  // An e-mail address works as well as a username.
  const before = (await mailsTo(person.mail)).length;
  await askForLink(page, person.mail);
  await saveScreenshot(page, 'recovery-mail-sent-mobile');
  const resetPath = await awaitResetLink(person.mail, before);
  await page.goto(resetPath);
  await expect(page.getByRole('heading', { name: '重置密码' })).toBeVisible();
  await expect(page.getByText(person.username, { exact: true })).toBeVisible();
  await saveScreenshot(page, 'recovery-reset-form-mobile');

  // A damaged link says so at once.
  await page.goto('/reset-password?token=not-a-real-token');
  await expect(page.getByText(RecoveryMessages.linkInvalid)).toBeVisible();
  await saveScreenshot(page, 'recovery-link-invalid-mobile');
});
