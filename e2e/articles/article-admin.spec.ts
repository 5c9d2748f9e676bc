import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  ArticleAdminMessages,
  ArticleAdminTexts,
  BillEditTexts,
  LayoutTexts,
  type ApiEnvelope,
  type ArticleAdminView,
  type ArticleType,
} from '@osp/shared';
import { apiSignIn, bearer, signInViaApi } from '../support/api';
import { samplePng } from '../support/images';
import { createDept, createPerson, nameTag, uniqueSuffix } from '../support/people';
import { saveScreenshot } from '../support/screenshots';
import { button, chooseFilesThrough, openFromSideMenu } from '../support/ui';

/*
 * 文章管理 (issue 15): an administrator of articles (a role of the journey's own holding only article_admin) writes an
 * announcement with a heading, a table and an uploaded image for one department of the journey's own, is refused an
 * empty title at the field with the body kept, saves a draft, previews it, finds it in 文章管理 as 草稿, publishes it
 * and withdraws it. The list is searched by the journey's own title, so other journeys' articles may sit beside it.
 */

async function call<T>(request: APIRequestContext, token: string, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const response =
    method === 'GET' ? await request.get(path, { headers: bearer(token) }) : await request.post(path, { headers: bearer(token), data });
  const body = (await response.json()) as ApiEnvelope<T>;
  expect(body.status_code, `${method} ${path}: ${body.message}`).toBe(0);
  return body.data;
}

function toast(page: Page, text: string): Locator {
  return page.locator('.ant-message-notice').filter({ hasText: text }).first();
}

function articleRow(page: Page, title: string): Locator {
  return page.getByRole('row').filter({ hasText: title });
}

async function confirmPopup(page: Page, okText: string): Promise<void> {
  await button(page.locator('.ant-popconfirm'), okText).click();
}

test('[ARTICLES] 文章管理: write an announcement with a heading, a table and an image for one department, draft, publish, withdraw', async ({
  page,
  request,
}) => {
  const tag = nameTag();
  const suffix = uniqueSuffix();
  const adminToken = await apiSignIn(request, 'admin');
  const type = await call<ArticleType>(request, adminToken, 'POST', '/api/articletype', { name: `部门通知${tag}` });
  const deptName = `宣传部${tag}`;
  const deptId = await createDept(request, adminToken, deptName);
  const roleKey = `article_editor_${suffix}`;
  const role = await call<{ id: number }>(request, adminToken, 'POST', '/api/admin/roles', {
    key: roleKey,
    name: `文章编辑${tag}`,
    permissions: ['article_admin'],
  });
  const editor = await createPerson(request, `编辑${tag}`, { roles: ['staff', roleKey], adminToken });
  const title = `年终总结安排${tag}`;

  const { token } = await signInViaApi(page, editor.username, { password: editor.password });
  await page.goto('/dashboard');
  await openFromSideMenu(page, '公告管理', ArticleAdminTexts.title);
  await expect(page).toHaveURL((url) => url.pathname === ArticleAdminTexts.managePath);
  await button(page, ArticleAdminTexts.newArticle).click();
  await expect(page).toHaveURL((url) => url.pathname === `${ArticleAdminTexts.editPath}/new`);

  // 1. What it says: title, type, and a body with a heading, text, a table and an image.
  await page.getByLabel(ArticleAdminTexts.fieldTitle, { exact: true }).fill(title);
  await page.getByLabel(ArticleAdminTexts.fieldType, { exact: true }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: type.name }).click();
  const body = page.getByRole('textbox', { name: ArticleAdminTexts.fieldContent });
  await body.click();
  await page.getByLabel(ArticleAdminTexts.blockType).click();
  await page
    .locator('.ant-select-item-option')
    .filter({ hasText: ArticleAdminTexts.heading(1) })
    .click();
  await body.pressSequentially('年终总结');
  await body.press('Enter');
  await body.pressSequentially('请各位同事按下表准备材料。');
  await body.press('Enter');
  await chooseFilesThrough(page.getByRole('button', { name: ArticleAdminTexts.image }), {
    name: '合影.png',
    mimeType: 'image/png',
    buffer: await samplePng(),
  });
  // The editor shows its own upload from a blob: an <img> cannot send the token.
  const image = body.locator('img');
  await expect(image).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(300);
  await expect(body.locator('table img')).toHaveCount(0);

  await page.getByRole('button', { name: ArticleAdminTexts.insertTable }).click();
  await body.pressSequentially('事项');
  await body.press('Tab');
  await body.pressSequentially('截止时间');
  await expect(body.locator('table th')).toHaveCount(3);
  await expect(body.locator('table tr')).toHaveCount(3);
  await page.getByRole('button', { name: ArticleAdminTexts.addRowAfter }).click();
  await expect(body.locator('table tr')).toHaveCount(4);
  // Into the row just added, and out with it again.
  await body.press('ArrowDown');
  await page.getByRole('button', { name: ArticleAdminTexts.deleteRow }).click();
  await expect(body.locator('table tr')).toHaveCount(3);
  await expect(body.locator('table th').first()).toHaveText('事项');
  await expect(body.locator('img')).toHaveCount(1);

  // 2. For one department.
  await page.locator('label.ant-radio-button-wrapper').filter({ hasText: ArticleAdminTexts.audienceSome }).click();
  await page.getByLabel(ArticleAdminTexts.audienceDepts, { exact: true }).click();
  await page.getByLabel(ArticleAdminTexts.audienceDepts, { exact: true }).fill(deptName);
  await page.locator('.ant-select-tree-title').filter({ hasText: deptName }).click();
  await page.keyboard.press('Escape');
  // And the editors' role: its list is there for an article administrator who does not administer templates.
  await page.getByLabel(ArticleAdminTexts.audienceRoles, { exact: true }).click();
  await page.getByLabel(ArticleAdminTexts.audienceRoles, { exact: true }).fill(`文章编辑${tag}`);
  await page
    .locator('.ant-select-item-option')
    .filter({ hasText: `文章编辑${tag}` })
    .click();
  await page.keyboard.press('Escape');

  // 3. Leaving with unsaved changes asks first; staying keeps everything.
  await button(page, ArticleAdminTexts.back).click();
  const leave = page.getByRole('dialog').filter({ hasText: BillEditTexts.leaveTitle });
  await expect(leave).toBeVisible();
  // Once it has finished zooming in: a click during antd's opening animation can land on nothing.
  await expect(leave).not.toHaveClass(/ant-zoom/);
  await button(leave, BillEditTexts.stayCancel).click();
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL((url) => url.pathname === `${ArticleAdminTexts.editPath}/new`);

  // 4. An empty title is refused at its field, and nothing typed is lost.
  await page.getByLabel(ArticleAdminTexts.fieldTitle, { exact: true }).fill('');
  await button(page, ArticleAdminTexts.saveDraft).click();
  await expect(page.getByText(ArticleAdminMessages.titleRequired, { exact: true })).toBeVisible();
  await expect(body.locator('h1')).toHaveText('年终总结');
  await expect(body.locator('table')).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === `${ArticleAdminTexts.editPath}/new`);

  // 5. Saved as a draft: the article gets its address, the page stays as typed.
  await page.getByLabel(ArticleAdminTexts.fieldTitle, { exact: true }).fill(title);
  await button(page, ArticleAdminTexts.saveDraft).click();
  await expect(toast(page, ArticleAdminMessages.saved)).toBeVisible();
  await expect(page).toHaveURL((url) => /^\/article\/edit\/\d+$/.test(url.pathname));
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(body.locator('h1')).toHaveText('年终总结');
  // Its tab moved with it: one editor's tab, not 新建文章's left open beside the article's own.
  const editorTabs = page
    .getByRole('tablist', { name: LayoutTexts.openPages })
    .getByRole('tab')
    .filter({ hasText: new RegExp(`${ArticleAdminTexts.newTitle}|${ArticleAdminTexts.editTitle}`) });
  await expect(editorTabs).toHaveCount(1);
  await saveScreenshot(page, 'article-admin-editor-1440');

  const stored = await call<ArticleAdminView>(request, token, 'GET', `/api/article/${id}`);
  expect(stored.status_label).toBe('草稿');
  expect(stored.type_id).toBe(type.id);
  expect(stored.audience).toEqual({ dept_ids: [deptId], role_ids: [role.id], user_ids: [] });
  expect(stored.content).toContain('<h1>年终总结</h1>');
  expect(stored.content).toMatch(/<table[^>]*>[\s\S]*<th[^>]*>[\s\S]*事项/);
  expect(stored.content).toMatch(/<img src="\/api\/files\/download\/[A-Za-z0-9_-]+" alt="合影.png"/);

  // 6. 预览 opens the article's page in a new tab.
  const [preview] = await Promise.all([page.waitForEvent('popup'), button(page, ArticleAdminTexts.preview).click()]);
  await expect(preview).toHaveURL((url) => url.pathname === `/dashboard/preview-artical/${id}`);
  await expect(preview.getByRole('heading', { name: title })).toBeVisible();
  await preview.close();

  // 7. 文章管理 lists it as 草稿; 发布 then 撤回 (each asked first) move it along.
  await button(page, ArticleAdminTexts.back).click();
  await expect(page).toHaveURL((url) => url.pathname === ArticleAdminTexts.managePath);
  await page
    .getByRole('searchbox', { name: ArticleAdminTexts.search })
    .or(page.getByPlaceholder(ArticleAdminTexts.search))
    .first()
    .fill(title);
  await page.keyboard.press('Enter');
  const row = articleRow(page, title);
  await expect(row).toHaveCount(1);
  await expect(row.getByText('草稿', { exact: true })).toBeVisible();
  await expect(row.getByRole('link', { name: ArticleAdminTexts.readLog })).toHaveAttribute(
    'href',
    `${ArticleAdminTexts.readLogPath}/${id}`,
  );
  await saveScreenshot(page, 'article-admin-list-1440');

  await button(row, ArticleAdminTexts.publish).click();
  await confirmPopup(page, ArticleAdminTexts.publish);
  await expect(toast(page, ArticleAdminMessages.published)).toBeVisible();
  await expect(row.getByText('已发布', { exact: true })).toBeVisible();
  await expect(button(row, ArticleAdminTexts.remove)).toHaveCount(0);

  await button(row, ArticleAdminTexts.withdraw).click();
  await confirmPopup(page, ArticleAdminTexts.withdraw);
  await expect(toast(page, ArticleAdminMessages.withdrawn)).toBeVisible();
  await expect(row.getByText('已撤回', { exact: true })).toBeVisible();
  expect((await call<ArticleAdminView>(request, token, 'GET', `/api/article/${id}`)).status).toBe(2);

  // 8. On a phone: the list and the editor still read.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(row).toBeVisible();
  await saveScreenshot(page, 'article-admin-list-390');
  await page.goto(`${ArticleAdminTexts.editPath}/${id}`);
  await expect(page.getByRole('textbox', { name: ArticleAdminTexts.fieldContent }).locator('h1')).toHaveText('年终总结');
  await saveScreenshot(page, 'article-admin-editor-390');

  // 9. The server's refusal lands at its field and changes nothing: once published, the window starts at the publish
  // time, and a 下线时间 before it is refused by the save that 保存并发布 starts with.
  const expireAt = page.getByLabel(ArticleAdminTexts.fieldExpireAt, { exact: true });
  await expireAt.click();
  await expireAt.fill('2020-01-01 08:00');
  await expireAt.press('Enter');
  await button(page, ArticleAdminTexts.saveAndPublish).click();
  await expect(page.locator('.ant-form-item-explain-error').filter({ hasText: ArticleAdminMessages.expireBeforePublish })).toBeVisible();
  const after = await call<ArticleAdminView>(request, token, 'GET', `/api/article/${id}`);
  expect(after.status).toBe(2);
  expect(after.expire_at).toBeNull();
  await expect(expireAt).toHaveValue('2020-01-01 08:00');
});

test('[ARTICLES] 文章管理: a new article saved and published at once goes back to the list as 已发布', async ({ page, request }) => {
  const tag = nameTag();
  const suffix = uniqueSuffix();
  const adminToken = await apiSignIn(request, 'admin');
  const type = await call<ArticleType>(request, adminToken, 'POST', '/api/articletype', { name: `快讯${tag}` });
  const deptName = `行政部${tag}`;
  await createDept(request, adminToken, deptName);
  const roleKey = `article_quick_${suffix}`;
  await call(request, adminToken, 'POST', '/api/admin/roles', { key: roleKey, name: `快讯编辑${tag}`, permissions: ['article_admin'] });
  const editor = await createPerson(request, `快讯编辑${tag}`, { roles: ['staff', roleKey], adminToken });
  const title = `食堂开放时间调整${tag}`;

  const { token } = await signInViaApi(page, editor.username, { password: editor.password });
  await page.goto(`${ArticleAdminTexts.editPath}/new`);
  await page.getByLabel(ArticleAdminTexts.fieldTitle, { exact: true }).fill(title);
  await page.getByLabel(ArticleAdminTexts.fieldType, { exact: true }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: type.name }).click();
  await page.getByRole('textbox', { name: ArticleAdminTexts.fieldContent }).pressSequentially('自下周一起，午餐时间为 11:30–13:00。');
  await page.locator('label.ant-radio-button-wrapper').filter({ hasText: ArticleAdminTexts.audienceSome }).click();
  // 指定范围 with nobody chosen would quietly reach everyone: refused at the field.
  await button(page, ArticleAdminTexts.saveAndPublish).click();
  await expect(page.getByText(ArticleAdminTexts.audienceEmpty, { exact: true })).toBeVisible();
  await page.getByLabel(ArticleAdminTexts.audienceDepts, { exact: true }).click();
  await page.getByLabel(ArticleAdminTexts.audienceDepts, { exact: true }).fill(deptName);
  await page.locator('.ant-select-tree-title').filter({ hasText: deptName }).click();
  await page.keyboard.press('Escape');

  await button(page, ArticleAdminTexts.saveAndPublish).click();
  await expect(toast(page, ArticleAdminMessages.published)).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === ArticleAdminTexts.managePath);
  await page.getByPlaceholder(ArticleAdminTexts.search).fill(title);
  await page.keyboard.press('Enter');
  const row = articleRow(page, title);
  await expect(row.getByText('已发布', { exact: true })).toBeVisible();
  const list = await call<{ list: { id: number; title: string; status: number }[] }>(
    request,
    token,
    'GET',
    `/api/article?keyword=${encodeURIComponent(title)}`,
  );
  expect(list.list.map((article) => [article.title, article.status])).toEqual([[title, 1]]);
});

test('[ARTICLES] 文章管理 and the editor are not there for someone without article_admin', async ({ page, request }) => {
  const staff = await createPerson(request, `职员${nameTag()}`, { roles: ['staff'] });
  await signInViaApi(page, staff.username, { password: staff.password });
  for (const path of [ArticleAdminTexts.managePath, `${ArticleAdminTexts.editPath}/new`]) {
    await page.goto(path);
    await expect(page).toHaveURL((url) => url.pathname === '/404');
  }
  // 公告 is everyone's; 公告管理 holds nothing for them.
  await page.goto('/dashboard');
  await expect(page.locator('.app-sider').getByRole('menuitem', { name: '公告' })).toBeVisible();
  await expect(page.locator('.app-sider').getByRole('menuitem', { name: '公告管理' })).toHaveCount(0);
});
