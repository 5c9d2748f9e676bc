import { expect, test } from '@playwright/test';
import { BillEditTexts, BillStartTexts, type ApiEnvelope, type Paged, type TemplateSummary } from '@osp/shared';
import { bearer, signInViaApi } from '../support/api';
import { createPerson, nameTag } from '../support/people';
import { saveScreenshot } from '../support/screenshots';
import { button, expectDashboardLoaded } from '../support/ui';

/** Issue 14: the home page uses the room the collapsed menu leaves, and 发起审批 is one click from it. */
test('[DASHBOARD] fills its width with the menu collapsed, and 发起审批 opens the template list', async ({ page, request }) => {
  const person = await createPerson(request, `工作台${nameTag()}`);
  const { user } = await signInViaApi(page, person.username, { password: person.password });
  await page.goto('/dashboard');
  await expectDashboardLoaded(page, user.name);

  // The cards take the whole content width (its padding aside), with the menu open and collapsed.
  const spare = () =>
    page.locator('.dashboard').evaluate((dashboard) => {
      const parent = dashboard.parentElement;
      if (!parent) return Number.NaN;
      const style = getComputedStyle(parent);
      const inner = parent.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return inner - dashboard.getBoundingClientRect().width;
    });
  expect(await spare()).toBeLessThanOrEqual(1);
  const expandedWidth = (await page.locator('.dashboard').boundingBox())?.width ?? 0;
  await button(page, '收起菜单').click();
  await expect(button(page, '展开菜单')).toBeVisible();
  await expect.poll(async () => (await page.locator('.dashboard').boundingBox())?.width ?? 0).toBeGreaterThan(expandedWidth + 100);
  expect(await spare()).toBeLessThanOrEqual(1);
  const shortcut = page.locator('.dashboard').getByRole('link', { name: BillStartTexts.title });
  await expect(shortcut).toBeVisible();
  await expect(shortcut).toHaveAttribute('href', '/office/approval');
  await saveScreenshot(page, 'dashboard-collapsed-1440');

  await shortcut.click();
  await expect(page).toHaveURL((url) => url.pathname === '/office/approval');
  await expect(page.getByRole('heading', { name: BillStartTexts.title })).toBeVisible();
});

test.describe('on a phone-wide screen', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('[DASHBOARD] 发起审批 fits beside 我的审批 at 390 px', async ({ page, request }) => {
    const person = await createPerson(request, `工作台${nameTag()}`);
    const { user } = await signInViaApi(page, person.username, { password: person.password });
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: new RegExp(user.name) })).toBeVisible();
    const shortcut = page.locator('.dashboard').getByRole('link', { name: BillStartTexts.title });
    await expect(shortcut).toBeInViewport({ ratio: 1 });
    await saveScreenshot(page, 'dashboard-390');
  });
});

/** Issue 15: the home page's 常用审批 offers the templates I starred, and 抄送未读 counts what was shared with me. */
test('[DASHBOARD] a starred template is one click from a new bill on the home page; 抄送未读 leads to 抄送我的', async ({
  page,
  request,
}) => {
  const person = await createPerson(request, `常用${nameTag()}`);
  const { token, user } = await signInViaApi(page, person.username, { password: person.password });
  await page.goto('/dashboard');
  await expectDashboardLoaded(page, user.name);
  const favorites = page.locator('.dashboard-favorites');
  await expect(favorites.getByText(BillStartTexts.favoritesEmpty)).toBeVisible();
  const shared = page.locator('.approval-tile', { hasText: '抄送未读' });
  await expect(shared).toContainText('0');
  await expect(shared).toHaveAttribute('href', '/office/approval/shared');

  // Starred on 发起审批 (here through its call), the template shows on the card.
  const templates = (await (await request.get('/api/templates?per_page=500', { headers: bearer(token) })).json()) as ApiEnvelope<
    Paged<TemplateSummary>
  >;
  // An ordinary template: one bound to a module (请假) opens that module's page instead (docs/leave.md).
  const template = templates.data.list.find(
    (candidate) => candidate.startable && candidate.is_iptv === 0 && candidate.subject_kind === null,
  );
  expect(template, 'a template this person may start').toBeDefined();
  if (!template) return;
  const starred = (await (
    await request.post(`/api/templates/${template.id}/favorite`, { headers: bearer(token) })
  ).json()) as ApiEnvelope<unknown>;
  expect(starred.status_code, starred.message).toBe(0);
  await page.reload();
  const quickStart = favorites.getByRole('link', { name: template.name });
  await expect(quickStart).toBeVisible();
  await saveScreenshot(page, 'dashboard-favorites-1440');

  await quickStart.click();
  await expect(page).toHaveURL(
    (url) => url.pathname === '/office/approval/edit' && url.searchParams.get('templateID') === String(template.id),
  );
  await expect(page.getByText(BillEditTexts.newTitle(template.name))).toBeVisible();
});
