import { expect, type Locator, type Page } from '@playwright/test';
import { LoginMessages } from '@osp/shared';

/**
 * A pattern for a button's accessible name. Ant Design puts a space between the two characters of a
 * two-character Chinese label ("确 定") and an icon adds its own name, so the characters are matched
 * in order with optional white space between them.
 */
export function buttonName(text: string): RegExp {
  const escaped = [...text].map((char) => char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(escaped.join('\\s*'));
}

export function button(scope: Page | Locator, text: string): Locator {
  return scope.getByRole('button', { name: buttonName(text) });
}

/** The sign-in form of /login, found by what a user reads on it. */
export function loginForm(page: Page) {
  return {
    username: page.getByRole('textbox', { name: /用户名|账号/ }),
    // Password inputs have no ARIA role; the label or placeholder names them.
    password: page.getByLabel('密码', { exact: true }).or(page.getByPlaceholder(LoginMessages.passwordRequired)).first(),
    captcha: page.getByRole('textbox', { name: /验证码/ }),
    submit: button(page, '登录'),
  };
}

/** Fills and sends the sign-in form. */
export async function signInViaForm(page: Page, username: string, password: string): Promise<void> {
  const form = loginForm(page);
  await form.username.fill(username);
  await form.password.fill(password);
  await form.submit.click();
}

/** A toast (or any visible text) with exactly this message. */
export function message(page: Page | Locator, text: string): Locator {
  return page.getByText(text, { exact: true }).first();
}

/** The header's user dropdown trigger: the button showing the user's photo and name. */
export function userMenuTrigger(page: Page, name: string): Locator {
  return page.getByRole('button', { name: new RegExp(name) }).first();
}

/**
 * Opens the header's user dropdown. It may open on hover or on click, so hover first and click
 * only when hovering did not open it.
 */
export async function openUserMenu(page: Page, name: string): Promise<void> {
  const firstItem = page.getByRole('menuitem', { name: '个人信息' });
  const trigger = userMenuTrigger(page, name);
  await expect(trigger).toBeVisible();
  await trigger.hover();
  try {
    await expect(firstItem).toBeVisible({ timeout: 2_000 });
  } catch {
    await trigger.click();
    await expect(firstItem).toBeVisible();
  }
}

/** Opens the user dropdown and chooses one of 个人信息, 修改密码, 登录邮箱, 退出. */
export async function chooseUserMenuItem(page: Page, name: string, item: '个人信息' | '修改密码' | '登录邮箱' | '退出'): Promise<void> {
  await openUserMenu(page, name);
  await page.getByRole('menuitem', { name: item }).click();
}

/**
 * Waits until the dashboard has finished loading what it shows (greeting and holiday balance), so
 * that no call of the first render is still under way when a journey goes on.
 */
export async function expectDashboardLoaded(page: Page, name: string): Promise<void> {
  await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
  await expect(page.getByRole('heading', { name: new RegExp(name) })).toBeVisible();
  await expect(page.getByText('可用天数').first()).toBeVisible();
}

/** A dialog by its title. */
export function dialog(page: Page, title: string | RegExp): Locator {
  return page.getByRole('dialog', { name: title });
}

/** The small confirmation dialog ("确认吗？", "确认退出吗?"), named by its question, and its OK button. */
export function confirmation(page: Page, text: string) {
  const box = page.getByRole('dialog', { name: text });
  return { box, ok: box.getByRole('button', { name: /确\s*定|确\s*认/ }).last() };
}

/** Closes an antd drawer by its × and waits until it is gone. */
export async function closeDrawer(drawer: Locator): Promise<void> {
  await drawer.locator('.ant-drawer-close').click();
  await expect(drawer).toBeHidden();
}

/**
 * A page through the side menu: its group (审批, 系统管理), then the page. The group's list opens with a height
 * animation, and a click that lands while it runs was once lost on a loaded machine (the item took the focus, the page
 * did not change), so the page is clicked once the animation is over.
 */
export async function openFromSideMenu(page: Page, group: string, item: string): Promise<void> {
  const sider = page.locator('.app-sider');
  await sider.getByRole('menuitem', { name: group }).click();
  await expect(sider.locator('.ant-motion-collapse')).toHaveCount(0);
  await sider.getByRole('menuitem', { name: item }).click();
}

/** The detail page's 打印 opens the print page in a new tab: that tab, once it has opened. */
export async function openPrintPage(page: Page): Promise<Page> {
  const [printPage] = await Promise.all([
    page.context().waitForEvent('page'),
    page
      .locator('.bill-actions')
      .getByRole('link', { name: /打\s*印/ })
      .click(),
  ]);
  return printPage;
}

/** A file handed to an upload, as Playwright's setInputFiles takes it. */
export interface ChosenFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/**
 * Chooses files through an Ant Design upload button: the button must be there and enabled, as for a
 * user, and the files go into the upload's own file input. Waiting for the browser's file dialog
 * instead races: Playwright turns on the dialog's interception without waiting for it, and under a
 * loaded CI machine the click could open an uncaught dialog and the journey waited out its timeout.
 */
export async function chooseFilesThrough(uploadButton: Locator, files: ChosenFile | ChosenFile[]): Promise<void> {
  await expect(uploadButton).toBeEnabled();
  const input = uploadButton.locator('xpath=ancestor::*[contains(@class, "ant-upload-wrapper")][1]//input[@type="file"]');
  await input.setInputFiles(files);
}
