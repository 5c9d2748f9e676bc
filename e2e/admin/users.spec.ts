import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import {
  AdminUserMessages,
  CommonMessages,
  CommonTexts,
  ProfileMessages,
  UserImportMessages,
  type AdminUser,
  type ApiEnvelope,
  type Paged,
} from '@osp/shared';
import { bearer, signInViaApi } from '../support/api';
import { uniqueSuffix } from '../support/people';
import { saveScreenshot } from '../support/screenshots';
import { button, chooseUserMenuItem, dialog, expectDashboardLoaded, message, openFromSideMenu } from '../support/ui';

const INITIAL_PASSWORD = 'Ch3ck#Users';

async function findUser(request: APIRequestContext, token: string, username: string): Promise<AdminUser | undefined> {
  const response = await request.get(`/api/admin/users?keyword=${encodeURIComponent(username)}`, { headers: bearer(token) });
  const body = (await response.json()) as ApiEnvelope<Paged<AdminUser>>;
  expect(body.status_code, body.message).toBe(0);
  return body.data.list.find((u) => u.username === username);
}

/** The table row of one user, found by the username shown under the name. */
function userRow(page: Page, username: string) {
  return page.locator('.users-table tbody tr').filter({ hasText: username });
}

async function searchUser(page: Page, username: string): Promise<void> {
  const search = page.getByRole('searchbox', { name: '搜索用户' }).or(page.getByPlaceholder('姓名 / 用户名 / 手机号')).first();
  await search.fill(username);
  await search.press('Enter');
  await expect(page.locator('.users-table tbody tr')).toHaveCount(1);
}

test('[ADMIN-USERS] an administrator creates a user, assigns a role and disables them; their open page is sent to sign-in', async ({
  page,
  browser,
  request,
}) => {
  // Unique per run, lower case as usernames must be; no other journey's username contains it (the search below finds one row).
  const username = `e2eusr${uniqueSuffix()}`;
  const { token: adminToken } = await signInViaApi(page, 'admin');
  await page.goto('/dashboard');
  await expectDashboardLoaded(page, '系统管理员');

  // 系统管理 → 用户管理 through the side menu.
  await openFromSideMenu(page, '系统管理', '用户管理');
  await expect(page).toHaveURL((url) => url.pathname === '/system/users');
  await expect(page.getByRole('heading', { name: '用户管理' })).toBeVisible();
  await expect(page.getByText(/共 \d+ 人/)).toBeVisible();
  await saveScreenshot(page, 'admin-users-list-1440');

  // 1. Create through the dialog; the form checks the fields with the shared rules first.
  await button(page, '新建用户').click();
  const create = dialog(page, '新建用户');
  await create.getByLabel('用户名').fill('Bad Name');
  await create.getByLabel('手机号').fill('12345');
  await button(create, '创建').click();
  await expect(create.getByText(AdminUserMessages.usernameInvalid)).toBeVisible();
  await expect(create.getByText('请填写正确的手机号')).toBeVisible();
  await saveScreenshot(page, 'admin-users-create-errors-1440');

  await create.getByLabel('用户名').fill(username);
  await create.getByLabel('姓名').fill('测试新人');
  await create.getByLabel('部门').click();
  await page.locator('.ant-select-tree-node-content-wrapper', { hasText: '研发组' }).click();
  await create.getByLabel('岗位').fill('测试工程师');
  await create.getByLabel('手机号').fill('13912340000');
  await create.getByLabel('邮箱').fill(`${username}@xinghe-tech.cn`);
  await create.getByLabel('初始密码').fill(INITIAL_PASSWORD);
  await button(create, '创建').click();
  await expect(message(page, AdminUserMessages.created)).toBeVisible();
  await expect(create).toBeHidden();
  // The dialog gives the focus back to 新建用户 after it has hidden: an Enter pressed in the search box before that
  // lands on the button and opens the dialog again (seen on a loaded machine).
  await expect(button(page, '新建用户')).toBeFocused();

  await searchUser(page, username);
  const row = userRow(page, username);
  await expect(row).toContainText('测试新人');
  await expect(row).toContainText('研发组');
  await expect(row).toContainText('普通员工');

  // 2. Assign a second role.
  await row.getByRole('button', { name: buttonText('角色') }).click();
  const roles = dialog(page, /分配角色/);
  await roles.getByRole('checkbox', { name: '部门负责人（leader）' }).check();
  await button(roles, '保存').click();
  await expect(message(page, AdminUserMessages.rolesAssigned)).toBeVisible();
  await expect(row).toContainText('部门负责人');
  expect((await findUser(request, adminToken, username))?.roles.map((r) => r.key).sort()).toEqual(['leader', 'staff']);

  // 3. The new user signs in in a browser of their own and keeps the dashboard open.
  const userContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const userPage = await userContext.newPage();
    const { user } = await signInViaApi(userPage, username, { password: INITIAL_PASSWORD });
    await userPage.goto('/dashboard');
    await expectDashboardLoaded(userPage, user.name);

    // The administrator sees that session in the drawer.
    await row.getByRole('button', { name: `更多操作 ${username}` }).click();
    await page.getByRole('menuitem', { name: '会话管理' }).click();
    const sessions = page.getByRole('dialog', { name: new RegExp(`会话 · 测试新人`) });
    await expect(sessions.getByText(/Chrome/).first()).toBeVisible();
    await saveScreenshot(page, 'admin-users-sessions-1440');
    await sessions.getByRole('button', { name: 'Close' }).or(sessions.locator('.ant-drawer-close')).first().click();
    await expect(sessions).toBeHidden();

    // 4. Disable, with its confirmation.
    await row.getByRole('button', { name: `更多操作 ${username}` }).click();
    await page.getByRole('menuitem', { name: '禁用' }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: AdminUserMessages.confirmDisable('测试新人') });
    await expect(confirm).toBeVisible();
    await button(confirm, '禁用').click();
    await expect(message(page, AdminUserMessages.disabled)).toBeVisible();
    await expect(row).toContainText('禁用');
    await saveScreenshot(page, 'admin-users-disabled-1440');

    // 5. The user's very next request ends the session: sign-in page with SPEC §8's message.
    await chooseUserMenuItem(userPage, user.name, '个人信息');
    await expect(message(userPage, CommonMessages.sessionTimeout)).toBeVisible();
    await expect(userPage).toHaveURL((url) => url.pathname === '/login');
    await saveScreenshot(userPage, 'admin-users-disabled-user-at-login');
  } finally {
    await userContext.close();
  }
});

/** A button's name as antd renders it (see support/ui.ts buttonName), for row buttons with icons. */
function buttonText(text: string): RegExp {
  return new RegExp([...text].join('\\s*'));
}

test('[ADMIN-USERS] imports from the downloaded template: every bad row is listed, then the corrected file imports', async ({ page }) => {
  const prefix = `imp${uniqueSuffix()}`;
  await signInViaApi(page, 'admin');
  await page.goto('/system/users');
  await expect(page.getByRole('heading', { name: '用户管理' })).toBeVisible();
  await button(page, '导入').click();
  const importDialog = dialog(page, '导入用户');

  const downloading = page.waitForEvent('download');
  await button(importDialog, '下载导入模板').click();
  const template = await downloading;
  expect(template.suggestedFilename()).toBe('用户导入模板.xlsx');

  // Filled in as a person would: the downloaded template, one user a row from row 2.
  const fill = async (rows: string[][]) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await template.path());
    const sheet = workbook.getWorksheet('用户');
    for (const row of rows) sheet?.addRow(row);
    return Buffer.from(await workbook.xlsx.writeBuffer());
  };
  const good = (n: number) => [
    `${prefix}${n}`,
    `导入员工${n}`,
    '女',
    '市场部',
    '市场专员',
    `1370000000${n}`,
    `${prefix}${n}@xinghe-tech.cn`,
    '普通员工',
  ];
  const fileInput = importDialog.locator('input[type="file"]');
  const mime = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

  await fileInput.setInputFiles({
    name: '新员工.xlsx',
    mimeType: mime,
    buffer: await fill([good(1), [...good(2).slice(0, 5), '1370', 'not-a-mail', '普通员工'], good(1)]),
  });
  await importDialog.getByLabel('初始密码').fill(INITIAL_PASSWORD);
  await button(importDialog, '开始导入').click();
  await expect(importDialog.getByText(UserImportMessages.failed(2))).toBeVisible();
  await expect(importDialog.getByRole('listitem').filter({ hasText: '第 3 行' })).toContainText(
    `${ProfileMessages.mobileInvalid}；${ProfileMessages.mailInvalid}`,
  );
  await expect(importDialog.getByRole('listitem').filter({ hasText: '第 4 行' })).toContainText(
    UserImportMessages.usernameDuplicateInFile(`${prefix}1`, 2),
  );
  await saveScreenshot(page, 'admin-users-import-errors-1440');

  await fileInput.setInputFiles({ name: '新员工.xlsx', mimeType: mime, buffer: await fill([good(1), good(2)]) });
  await button(importDialog, '开始导入').click();
  await expect(message(page, UserImportMessages.imported(2))).toBeVisible();
  await expect(importDialog).toBeHidden();
  await page.getByPlaceholder('姓名 / 用户名 / 手机号').fill(prefix);
  await page.getByPlaceholder('姓名 / 用户名 / 手机号').press('Enter');
  await expect(page.locator('.users-table tbody tr')).toHaveCount(2);
  await expect(userRow(page, `${prefix}2`)).toContainText('市场部');

  // The export follows the filter on screen and opens as a workbook.
  const exporting = page.waitForEvent('download');
  await button(page, '导出').click();
  const exported = await exporting;
  expect(exported.suggestedFilename()).toMatch(/^用户列表_\d{8}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await exported.path());
  const rows: string[] = [];
  workbook.worksheets[0]?.eachRow((row) => rows.push(row.getCell(1).text));
  expect(rows).toEqual(['用户名', `${prefix}1`, `${prefix}2`]);
});

test('[ADMIN-USERS] 新建用户 asks for an empty 手机号 once, and calls a malformed one wrong once', async ({ page }) => {
  await signInViaApi(page, 'admin');
  await page.goto('/system/users');
  await button(page, '新建用户').click();
  const create = dialog(page, '新建用户');
  const mobileErrors = create
    .locator('.ant-form-item')
    .filter({ has: page.getByLabel('手机号') })
    .locator('.ant-form-item-explain-error');
  await button(create, '创建').click();
  await expect(mobileErrors).toHaveText([ProfileMessages.mobileRequired]);
  await saveScreenshot(page, 'admin-users-create-empty-1440');
  await create.getByLabel('手机号').fill('12345');
  await expect(mobileErrors).toHaveText([ProfileMessages.mobileInvalid]);
  await create.getByLabel('手机号').fill('');
  await expect(mobileErrors).toHaveText([ProfileMessages.mobileRequired]);
});

test('[ADMIN-USERS] a user list that cannot be read says 加载失败 with 重试, not 暂无数据', async ({ page }) => {
  const list = /\/api\/admin\/users\?/;
  await page.route(list, (route) => route.abort('connectionrefused'));
  await signInViaApi(page, 'admin');
  await page.goto('/system/users');
  await expect(page.getByRole('heading', { name: '用户管理' })).toBeVisible();
  const failed = page.getByRole('alert').filter({ hasText: CommonTexts.loadFailed });
  await expect(failed).toBeVisible();
  await expect(failed.getByText(CommonMessages.networkDown)).toBeVisible();
  await expect(page.getByText('暂无数据')).toHaveCount(0);
  await saveScreenshot(page, 'admin-users-load-failed-1440');

  await page.unroute(list);
  await button(failed, CommonTexts.retry).click();
  await expect(page.locator('.users-table tbody tr.ant-table-row').first()).toBeVisible();
  await expect(failed).toHaveCount(0);
});

test.describe('on a phone-wide screen', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('[ADMIN-USERS] the user list, its actions and the import dialog fit a 390 px screen', async ({ page }) => {
    await signInViaApi(page, 'admin');
    await page.goto('/system/users');
    await expect(page.getByRole('heading', { name: '用户管理' })).toBeVisible();
    await expect(page.locator('.users-table tbody tr').first()).toBeVisible();
    // No sideways scrolling: the page is as wide as the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await saveScreenshot(page, 'admin-users-list-390');

    await searchUser(page, 'zhangsan');
    await page.getByRole('button', { name: '更多操作 zhangsan' }).click();
    await expect(page.getByRole('menuitem', { name: '重置密码' })).toBeVisible();
    await saveScreenshot(page, 'admin-users-actions-390');
    await page.getByRole('menuitem', { name: '重置密码' }).click();
    const reset = dialog(page, /重置密码/);
    await reset.getByLabel('新密码').fill('abc');
    await button(reset, '重置').click();
    await expect(reset.getByText('密码为数字，小写字母，大写字母，特殊符号 至少包含三种，至少8位')).toBeVisible();
    await saveScreenshot(page, 'admin-users-reset-390');
    await button(reset, '取消').click();

    await button(page, '导入').click();
    const importDialog = dialog(page, '导入用户');
    await expect(importDialog.getByText('点击或拖拽 .xlsx 文件到此处')).toBeVisible();
    await saveScreenshot(page, 'admin-users-import-390');
  });
});
