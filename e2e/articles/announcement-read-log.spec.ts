import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import {
  ArticleAdminMessages,
  ArticleAdminTexts,
  ArticleMessages,
  ArticleReadExportTexts,
  ArticleReadLogTexts,
  CommonMessages,
  READ_STATE_LABELS,
  type ApiEnvelope,
  type ArticleType,
  type FileCard,
} from '@osp/shared';
import { apiForceView, apiSignIn, bearer, signInViaApi, switchPersonViaApi } from '../support/api';
import { samplePng } from '../support/images';
import { createDept, createPerson, nameTag, type OwnPerson } from '../support/people';
import { saveScreenshot } from '../support/screenshots';
import { button, confirmation, message } from '../support/ui';

/** A call whose answer must be a success: the set-up is not what the journey is about. */
async function call<T>(request: APIRequestContext, token: string, method: 'POST' | 'PUT', path: string, data: unknown): Promise<T> {
  const response = await request.fetch(path, { method, headers: bearer(token), data });
  const body = (await response.json()) as ApiEnvelope<T>;
  expect(body.status_code, `${method} ${path}: ${body.message}`).toBe(0);
  return body.data;
}

async function upload(
  request: APIRequestContext,
  token: string,
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<FileCard> {
  const response = await request.post('/api/files', { headers: bearer(token), multipart: { file } });
  const body = (await response.json()) as ApiEnvelope<FileCard>;
  expect(body.status_code, `POST /api/files: ${body.message}`).toBe(0);
  return body.data;
}

/**
 * Confirms, through the API, the forced articles other journeys sent to everyone before this one's, so that the gate
 * stops at this journey's article: the gate takes them in publish order and this one is the newest.
 */
async function confirmOthersBefore(request: APIRequestContext, person: OwnPerson, articleId: number): Promise<void> {
  const token = await apiSignIn(request, person.username, person.password);
  for (let round = 0; round < 20; round += 1) {
    const force = await apiForceView(request, token);
    if (force.forceView !== 1 || force.forceViewArticleId === null || force.forceViewArticleId === articleId) return;
    await call(request, token, 'POST', `/api/article/${force.forceViewArticleId}/view/confirm`, {});
  }
  throw new Error('more than 20 forced articles before this one');
}

/** The SPEC §9 export mask. */
function exportMask(page: Page): Locator {
  return page.locator('.ant-spin-fullscreen').getByText(CommonMessages.exporting);
}

/** A person's row in the read log, by username (names are the journey's own, usernames unique). */
function personRow(page: Page, username: string): Locator {
  return page.locator('.read-log-dept tbody tr', { hasText: username });
}

/** A department's group in the read log, by its name. */
function deptGroup(page: Page, name: string): Locator {
  return page.locator('.read-log-dept', { has: page.locator('.read-log-dept__name', { hasText: name }) });
}

test('[ARTICLES] a forced announcement with a table and an image: the department reads and confirms it, the administrator sees who did, exports and reminds the rest', async ({
  page,
  request,
}) => {
  const tag = nameTag();
  const adminToken = await apiSignIn(request, 'admin');
  // An editor of announcements who holds article_admin and nothing else.
  const roleKey = `e2e_article_${tag.toLowerCase()}${Date.now().toString(36)}`;
  await call(request, adminToken, 'POST', '/api/admin/roles', { key: roleKey, name: `公告编辑${tag}`, permissions: ['article_admin'] });
  const editor = await createPerson(request, `公告编辑${tag}`, { adminToken, roles: ['staff', roleKey] });
  // The department the announcement is for, a sub-department it reaches too, and someone outside both.
  const deptName = `公告部${tag}`;
  const deptId = await createDept(request, adminToken, deptName);
  const subDeptName = `公告小组${tag}`;
  const subDept = await call<{ id: number }>(request, adminToken, 'POST', '/api/admin/depts', { name: subDeptName, parent_id: deptId });
  const member = await createPerson(request, `读者${tag}`, { adminToken, deptId, roles: ['staff'] });
  const slowMember = await createPerson(request, `同组人${tag}`, { adminToken, deptId: subDept.id, roles: ['staff'] });
  const outsider = await createPerson(request, `局外人${tag}`, { adminToken, roles: ['staff'] });

  // The editor writes it: an image they uploaded inside the text, a table, an attachment; forced, for the department.
  const editorToken = await apiSignIn(request, editor.username, editor.password);
  const image = await upload(request, editorToken, { name: 'chart.png', mimeType: 'image/png', buffer: await samplePng() });
  const attachment = await upload(request, editorToken, {
    name: `值班表${tag}.txt`,
    mimeType: 'text/plain',
    buffer: Buffer.from('周一 张三\n周二 李四\n', 'utf8'),
  });
  const type = await call<ArticleType>(request, editorToken, 'POST', '/api/articletype', { name: `制度公告${tag}` });
  const title = `安全生产月通知${tag}`;
  const cells = Array.from({ length: 7 }, (_, i) => `<td>第${i + 1}周安全检查与消防演练安排</td>`).join('');
  const article = await call<{ id: number }>(request, editorToken, 'POST', '/api/article', {
    title,
    type_id: type.id,
    summary: '请各位同事阅读并确认',
    content:
      '<h2>一、检查安排</h2><p>请按下表参加检查。</p>' +
      `<table><thead><tr>${Array.from({ length: 7 }, (_, i) => `<th>周次${i + 1}</th>`).join('')}</tr></thead><tbody><tr>${cells}</tr></tbody></table>` +
      `<p><img src="/api/files/download/${image.id}" alt="检查路线图"></p>` +
      '<p>详见<a href="https://example.com/safety">安全手册</a>。</p>',
    forceView: 1,
    audience: { dept_ids: [deptId], role_ids: [], user_ids: [] },
    attachments: [attachment.id],
  });
  await call(request, editorToken, 'POST', `/api/article/${article.id}/publish`, {});
  const articlePath = `/dashboard/preview-artical/${article.id}`;

  // The member is held at the announcement: the table scrolls inside the card at 390 px, the image loads.
  await confirmOthersBefore(request, member, article.id);
  await signInViaApi(page, member.username, { password: member.password, confirmForced: false });
  await page.goto('/dashboard');
  await expect(page).toHaveURL((url) => url.pathname === articlePath);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  const content = page.locator('.article-content');
  await expect(content.locator('table td').first()).toHaveText('第1周安全检查与消防演练安排');
  const picture = content.locator('img[alt="检查路线图"]');
  await expect(picture).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await expect(content.getByRole('link', { name: '安全手册' })).toHaveAttribute('target', '_blank');
  await expect(page.locator('.article-attachments').getByRole('button', { name: attachment.name })).toBeVisible();
  await saveScreenshot(page, 'read-log-forced-article-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  const tableBox = content.locator('.article-content__table');
  await expect.poll(() => tableBox.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(
    await picture.evaluate((img, column) => img.getBoundingClientRect().width <= column, await content.evaluate((c) => c.clientWidth)),
  ).toBe(true);
  await saveScreenshot(page, 'read-log-forced-article-390');
  await page.setViewportSize({ width: 1440, height: 900 });

  // Its attachment downloads through the API client.
  const downloadingAttachment = page.waitForEvent('download');
  await page.locator('.article-attachments').getByRole('button', { name: attachment.name }).click();
  expect((await downloadingAttachment).suggestedFilename()).toBe(attachment.name);

  await button(page, ArticleMessages.confirm).click();
  await expect(page).toHaveURL((url) => url.pathname !== articlePath);

  // Someone outside the department is not held, and the announcement is not theirs to open.
  await switchPersonViaApi(page, outsider.username, { password: outsider.password });
  await page.goto('/dashboard');
  await expect(page).toHaveURL((url) => url.pathname === '/dashboard');
  await page.goto(articlePath);
  await expect(page.locator('.ant-result-title', { hasText: ArticleMessages.notFound })).toBeVisible();
  await expect(page.getByText(title)).toHaveCount(0);
  await saveScreenshot(page, 'read-log-outsider-1440');

  // The editor opens its 阅读记录.
  await switchPersonViaApi(page, editor.username, { password: editor.password });
  await page.goto(ArticleAdminTexts.managePath);
  await page.getByPlaceholder(ArticleAdminTexts.search).fill(title);
  await page.getByPlaceholder(ArticleAdminTexts.search).press('Enter');
  await page
    .getByRole('row', { name: new RegExp(title) })
    .getByRole('link', { name: ArticleAdminTexts.readLog })
    .click();
  await expect(page).toHaveURL((url) => url.pathname === `${ArticleReadLogTexts.path}/${article.id}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByRole('tab', { name: ArticleReadLogTexts.title })).toBeVisible();
  await expect(personRow(page, member.username).getByText(READ_STATE_LABELS.confirmed, { exact: true })).toBeVisible();
  await expect(personRow(page, slowMember.username).getByText(READ_STATE_LABELS.unread, { exact: true })).toBeVisible();
  await expect(personRow(page, outsider.username)).toHaveCount(0);
  await expect(deptGroup(page, deptName).locator('.read-log-dept__progress')).toContainText('100%');
  await expect(deptGroup(page, subDeptName).locator('.read-log-dept__progress')).toContainText('0%');
  await expect(page.locator('.read-log-stat--total')).toContainText('2');
  await expect(page.locator('.read-log-stat--confirmed')).toContainText('1');
  await expect(page.locator('.read-log-stat--completion')).toContainText('50%');
  await saveScreenshot(page, 'read-log-page-1440');

  // 未读 keeps the one who has not read it; the name search finds the one who has.
  await page
    .getByRole('radiogroup', { name: ArticleReadLogTexts.stateFilter })
    .getByText(READ_STATE_LABELS.unread, { exact: true })
    .click();
  await expect(personRow(page, member.username)).toHaveCount(0);
  await expect(personRow(page, slowMember.username)).toBeVisible();
  await page.getByRole('radiogroup', { name: ArticleReadLogTexts.stateFilter }).getByText(ArticleReadLogTexts.all, { exact: true }).click();
  await page.getByPlaceholder(ArticleReadLogTexts.search).fill(member.name);
  await page.getByPlaceholder(ArticleReadLogTexts.search).press('Enter');
  await expect(personRow(page, slowMember.username)).toHaveCount(0);
  await expect(personRow(page, member.username)).toBeVisible();

  // 导出 with that search: the mask shows while the file comes, and the file holds the member's row.
  // The answer is held until the mask has been seen and photographed.
  let releaseAnswer = () => {};
  const isReleased = new Promise<void>((resolve) => {
    releaseAnswer = resolve;
  });
  await page.route('**/api/article/view/log/export?**', async (route) => {
    await isReleased;
    await route.continue();
  });
  const downloading = page.waitForEvent('download');
  await button(page, ArticleReadLogTexts.export).click();
  await expect(exportMask(page)).toBeVisible();
  await saveScreenshot(page, 'read-log-export-mask-1440');
  releaseAnswer();
  const download = await downloading;
  await expect(exportMask(page)).toBeHidden();
  expect(download.suggestedFilename()).toBe(ArticleReadExportTexts.filename(title));
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0];
  const rows: string[][] = [];
  sheet?.eachRow((row) => rows.push(Array.from({ length: row.cellCount }, (_, c) => row.getCell(c + 1).text)));
  expect(rows[0]).toContain(ArticleReadExportTexts.name);
  const memberRow = rows.find((row) => row.includes(member.username));
  expect(memberRow, `the member's row in ${JSON.stringify(rows)}`).toBeDefined();
  expect(memberRow).toContain(READ_STATE_LABELS.confirmed);
  expect(memberRow).toContain(deptName);
  expect(rows.some((row) => row.includes(slowMember.username))).toBe(false);

  // 提醒未读 names how many it will remind, reminds them, and is then off for the day, saying why.
  await page.getByPlaceholder(ArticleReadLogTexts.search).fill('');
  await page.getByPlaceholder(ArticleReadLogTexts.search).press('Enter');
  await expect(personRow(page, slowMember.username)).toBeVisible();
  await button(page, ArticleReadLogTexts.remind).click();
  const ask = confirmation(page, ArticleReadLogTexts.remindTitle(1));
  await expect(ask.box).toBeVisible();
  await saveScreenshot(page, 'read-log-remind-1440');
  await ask.box.getByRole('button', { name: /提\s*醒/ }).click();
  await expect(message(page, '已提醒 1 人')).toBeVisible();
  await expect(button(page, ArticleReadLogTexts.remind)).toBeDisabled();

  // At 390 px the page reads in one column.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(personRow(page, member.username)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await saveScreenshot(page, 'read-log-page-390');

  // An article that does not exist: the server's reason and the way back, not a retry.
  await page.goto(`${ArticleReadLogTexts.path}/2147483000`);
  await expect(page.locator('.ant-result-title', { hasText: ArticleAdminMessages.notFound })).toBeVisible();
  await page.getByRole('link', { name: ArticleReadLogTexts.backToList }).click();
  await expect(page).toHaveURL((url) => url.pathname === ArticleAdminTexts.managePath);

  // Someone without article_admin has no read log.
  await page.setViewportSize({ width: 1440, height: 900 });
  await switchPersonViaApi(page, outsider.username, { password: outsider.password });
  await page.goto(`${ArticleReadLogTexts.path}/${article.id}`);
  await expect(page).toHaveURL((url) => url.pathname === '/404');
});

test('[ARTICLES] a reminded colleague opens the announcement from 消息通知', async ({ page, request }) => {
  const tag = nameTag();
  const adminToken = await apiSignIn(request, 'admin');
  const reader = await createPerson(request, `被提醒${tag}`, { adminToken, roles: ['staff'] });
  const type = await call<ArticleType>(request, adminToken, 'POST', '/api/articletype', { name: `提醒公告${tag}` });
  const title = `年度体检安排${tag}`;
  const article = await call<{ id: number }>(request, adminToken, 'POST', '/api/article', {
    title,
    type_id: type.id,
    content: '<p>请于本月内完成年度体检。</p>',
    audience: { dept_ids: [], role_ids: [], user_ids: [reader.id] },
  });
  await call(request, adminToken, 'POST', `/api/article/${article.id}/publish`, {});
  await call(request, adminToken, 'POST', `/api/article/${article.id}/view/remind`, {});
  // Forced articles other journeys sent to everyone would hold the reader at the gate instead of 消息通知.
  await confirmOthersBefore(request, reader, -1);

  await signInViaApi(page, reader.username, { password: reader.password });
  await page.goto('/notifications');
  const notice = page.locator('.notice-list__item', { hasText: title });
  await expect(notice).toContainText('阅读提醒');
  await notice.getByRole('button').click();
  await expect(page).toHaveURL((url) => url.pathname === `/dashboard/preview-artical/${article.id}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText('请于本月内完成年度体检。')).toBeVisible();
});
