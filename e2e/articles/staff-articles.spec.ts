import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import { EmployArticleTexts, type ApiEnvelope, type ArticleType } from '@osp/shared';
import { apiSignIn, bearer, signInViaApi, switchPersonViaApi } from '../support/api';
import { createPerson, nameTag } from '../support/people';
import { saveScreenshot } from '../support/screenshots';

/** An administrator's call whose answer must be a success (the journey is about reading, not writing). */
async function adminCall<T>(request: APIRequestContext, adminToken: string, path: string, data: unknown): Promise<T> {
  const body = (await (await request.post(path, { headers: bearer(adminToken), data })).json()) as ApiEnvelope<T>;
  expect(body.status_code, `${path}: ${body.message}`).toBe(0);
  return body.data;
}

/** Writes and publishes an announcement under the type, for the people named. */
async function publish(
  request: APIRequestContext,
  adminToken: string,
  article: { title: string; typeId: number; content: string; summary: string; isPinned: boolean; userIds: number[] },
): Promise<number> {
  const created = await adminCall<{ id: number }>(request, adminToken, '/api/article', {
    title: article.title,
    type_id: article.typeId,
    summary: article.summary,
    content: article.content,
    is_pinned: article.isPinned ? 1 : 0,
    forceView: 0,
    audience: { dept_ids: [], role_ids: [], user_ids: article.userIds },
  });
  await adminCall<unknown>(request, adminToken, `/api/article/${created.id}/publish`, {});
  return created.id;
}

/** One announcement's row (the dashboard card's or the list page's), found by its title. */
function row(scope: Locator, title: string): Locator {
  return scope.locator('.employ-article', { hasText: title });
}

test('[ARTICLES] a person finds the announcements meant for them on the dashboard and on 公告, reads one, and it is no longer unread', async ({
  page,
  request,
}) => {
  const tag = nameTag();
  const adminToken = await apiSignIn(request, 'admin');
  const reader = await createPerson(request, `读者${tag}`, { roles: ['staff'], adminToken });
  const colleague = await createPerson(request, `同事${tag}`, { roles: ['staff'], adminToken });
  const type = await adminCall<ArticleType>(request, adminToken, '/api/articletype', { name: `员工公告${tag}` });
  const otherType = await adminCall<ArticleType>(request, adminToken, '/api/articletype', { name: `员工通知${tag}` });
  const personalTitle = `致读者的公告${tag}`;
  const pinnedTitle = `置顶公告${tag}`;
  // The pinned one goes out first: the list must put it first for being pinned, not for being newest.
  await publish(request, adminToken, {
    title: pinnedTitle,
    typeId: otherType.id,
    summary: '全员须知的置顶公告',
    content: '<p>置顶公告的正文</p>',
    isPinned: true,
    userIds: [reader.id, colleague.id],
  });
  const personalId = await publish(request, adminToken, {
    title: personalTitle,
    typeId: type.id,
    summary: '只写给读者一个人的公告',
    content: '<p>这是只写给你的正文。</p>',
    isPinned: false,
    userIds: [reader.id],
  });

  await signInViaApi(page, reader.username, { password: reader.password });
  await page.goto('/dashboard');
  const card = page.locator('.dashboard-articles');
  await expect(row(card, personalTitle)).toBeVisible();
  await expect(row(card, pinnedTitle)).toBeVisible();
  const titles = await card.locator('.employ-article__title').allTextContents();
  expect(titles.indexOf(pinnedTitle)).toBeLessThan(titles.indexOf(personalTitle));
  await expect(row(card, pinnedTitle).getByText(EmployArticleTexts.pinned, { exact: true })).toBeVisible();
  await expect(row(card, personalTitle).getByText(EmployArticleTexts.unread, { exact: true })).toBeVisible();
  // Each type has a tab of its own with its unread count: the reader's type holds the one meant for them alone.
  const typeTab = card.getByRole('tab', { name: type.name });
  await expect(typeTab).toContainText('1');
  await typeTab.click();
  const shownTab = card.getByRole('tabpanel');
  await expect(row(shownTab, personalTitle)).toBeVisible();
  await expect(row(shownTab, pinnedTitle)).toHaveCount(0);
  await saveScreenshot(page, 'staff-articles-dashboard-type-tab');
  await card.getByRole('tab', { name: otherType.name }).click();
  await expect(row(shownTab, pinnedTitle)).toBeVisible();
  await expect(row(shownTab, personalTitle)).toHaveCount(0);
  await card.getByRole('tab', { name: EmployArticleTexts.latest }).click();
  await saveScreenshot(page, 'staff-articles-dashboard-1440');

  // 更多 opens the whole list; the type filter keeps only that type, the title search finds the one.
  await card.getByRole('link', { name: EmployArticleTexts.more }).click();
  await expect(page).toHaveURL((url) => url.pathname === EmployArticleTexts.listPath);
  const list = page.locator('.employ-articles-page');
  await expect(row(list, personalTitle)).toBeVisible();
  await list.getByLabel(EmployArticleTexts.typeFilter).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: type.name }).click();
  await expect(row(list, pinnedTitle)).toBeHidden();
  await expect(row(list, personalTitle)).toBeVisible();
  await page.locator('.employ-article-filters .ant-select-clear').click({ force: true });
  await expect(row(list, pinnedTitle)).toBeVisible();
  await list.getByPlaceholder(EmployArticleTexts.search).fill(pinnedTitle);
  await list.getByPlaceholder(EmployArticleTexts.search).press('Enter');
  await expect(row(list, personalTitle)).toBeHidden();
  await expect(row(list, pinnedTitle)).toBeVisible();
  await saveScreenshot(page, 'staff-articles-list-1440');
  await list.getByPlaceholder(EmployArticleTexts.search).fill(personalTitle);
  await list.getByPlaceholder(EmployArticleTexts.search).press('Enter');

  // Opening it shows its content; back on the list, its 未读 mark is gone.
  await row(list, personalTitle).click();
  await expect(page).toHaveURL((url) => url.pathname === `/dashboard/preview-artical/${personalId}`);
  await expect(page.getByText('这是只写给你的正文。')).toBeVisible();
  await expect(page.getByRole('heading', { name: personalTitle })).toBeVisible();
  await page.goto(EmployArticleTexts.listPath);
  await expect(row(page.locator('.employ-articles-page'), personalTitle)).toBeVisible();
  await expect(
    row(page.locator('.employ-articles-page'), personalTitle).getByText(EmployArticleTexts.unread, { exact: true }),
  ).toBeHidden();
  await page.goto('/dashboard');
  await expect(row(card, personalTitle)).toBeVisible();
  await expect(row(card, personalTitle).getByText(EmployArticleTexts.unread, { exact: true })).toBeHidden();
  await expect(row(card, pinnedTitle).getByText(EmployArticleTexts.unread, { exact: true })).toBeVisible();

  // At 390 px the list and the card still read.
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, 'staff-articles-dashboard-390');
  await page.goto(EmployArticleTexts.listPath);
  await expect(row(page.locator('.employ-articles-page'), pinnedTitle)).toBeVisible();
  await saveScreenshot(page, 'staff-articles-list-390');

  // The colleague sees the pinned one, not the one meant for the reader alone.
  await page.setViewportSize({ width: 1440, height: 900 });
  await switchPersonViaApi(page, colleague.username, { password: colleague.password });
  await page.goto('/dashboard');
  await expect(row(card, pinnedTitle)).toBeVisible();
  await expect(row(card, personalTitle)).toHaveCount(0);
  await page.goto(EmployArticleTexts.listPath);
  await expect(row(page.locator('.employ-articles-page'), pinnedTitle)).toBeVisible();
  await expect(row(page.locator('.employ-articles-page'), personalTitle)).toHaveCount(0);
  await page.goto(`/dashboard/preview-artical/${personalId}`);
  await expect(page.getByText('这是只写给你的正文。')).toHaveCount(0);
});
