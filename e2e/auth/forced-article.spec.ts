import { expect, test } from '@playwright/test';
import { ArticleMessages, type ApiEnvelope, type Article } from '@osp/shared';
import { apiForceView, bearer, cookieToken, FORCED_ARTICLE_READER } from '../support/api';
import { DEMO_PASSWORD } from '../support/env';
import { saveScreenshot } from '../support/screenshots';
import { button, message, openFromSideMenu, signInViaForm } from '../support/ui';

// The demo's one forced-read article is 张三's, and no API makes another: this is the only journey that signs in as
// him through the pages (support/api.ts signInViaApi refuses him), so his confirmation is still to come here.
test('[AUTH] zhangsan signs in, must read the forced article first, cannot leave it, then reaches the page he was going to', async ({
  page,
  request,
}) => {
  // He follows a link to 我已审批 and is asked to sign in on the way.
  await page.goto(`/login?redirect=${encodeURIComponent('/office/approval/done')}`);
  await signInViaForm(page, FORCED_ARTICLE_READER, DEMO_PASSWORD);

  await expect(page).toHaveURL((url) => url.pathname.startsWith('/dashboard/preview-artical'));
  const token = await cookieToken(page);
  expect(token, 'the osp_token cookie after sign-in').toBeTruthy();
  const force = await apiForceView(request, token ?? '');
  expect(force.forceView).toBe(1);
  const articleId = String(force.forceViewArticleId);
  const url = new URL(page.url());
  expect(url.pathname === `/dashboard/preview-artical/${articleId}` || url.searchParams.get('id') === articleId).toBe(true);

  const article = (await (await request.get(`/api/article/${articleId}`, { headers: bearer(token ?? '') })).json()) as ApiEnvelope<Article>;
  await expect(page.getByText(article.data.title).first()).toBeVisible();
  const confirm = button(page, ArticleMessages.confirm);
  await expect(confirm).toBeVisible();
  await saveScreenshot(page, 'auth-forced-article');

  // The menu cannot take him away before he confirms, and says why; where he was going is now 我发起的.
  await openFromSideMenu(page, '审批', '我发起的');
  await expect(message(page, ArticleMessages.readFirst)).toBeVisible();
  await expect(page).toHaveURL((current) => current.pathname === `/dashboard/preview-artical/${articleId}`);
  await expect(confirm).toBeVisible();
  await saveScreenshot(page, 'auth-forced-article-menu-refused');

  await confirm.click();

  await expect(page).toHaveURL((current) => current.pathname === '/office/approval/mine');
  await expect(page.getByRole('heading', { name: '我发起的' })).toBeVisible();
  expect((await apiForceView(request, token ?? '')).forceView).not.toBe(1);

  // A later navigation asks for forced articles again (SPEC §2) and now stays where it is.
  const forceAsked = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/article/force/view');
  await page.goto('/dashboard');
  await forceAsked;
  await expect(page.getByText('张三').first()).toBeVisible();
  await expect(page).toHaveURL((current) => current.pathname === '/dashboard');
  await saveScreenshot(page, 'auth-dashboard-after-forced-article');
});
