import { expect, test, type Locator } from '@playwright/test';
import { PointTexts, type ApiEnvelope, type PointAdjustResult, type PointRank } from '@osp/shared';
import { apiSignIn, bearer, signInViaApi } from '../support/api';
import { createPerson, nameTag } from '../support/people';
import { saveScreenshot } from '../support/screenshots';

/** Whether ECharts painted anything on the canvas inside `region` (a blank canvas is all transparent). */
async function canvasIsDrawn(region: Locator): Promise<boolean> {
  return region
    .locator('canvas')
    .first()
    .evaluate((canvas: HTMLCanvasElement) => {
      const context = canvas.getContext('2d');
      if (!context || canvas.width === 0 || canvas.height === 0) return false;
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 0) return true;
      return false;
    });
}

test('[POINTS] after an adjustment, a person sees 我的积分 on the dashboard and the chart 我的积分走势 with the ledger on 积分排行', async ({
  page,
  request,
}) => {
  const tag = nameTag();
  const adminToken = await apiSignIn(request, 'admin');
  const person = await createPerson(request, `积分走势${tag}`, { roles: ['staff'], adminToken });
  const reason = `端到端测试：走势${tag}`;
  const adjusted = (await (
    await request.post('/api/points/adjust', { headers: bearer(adminToken), data: { user_id: person.id, points: 18, reason } })
  ).json()) as ApiEnvelope<PointAdjustResult>;
  expect(adjusted.status_code, adjusted.message).toBe(0);

  const { token } = await signInViaApi(page, person.username, { password: person.password });
  // Signing in confirms forced announcements other journeys wrote for everyone: the server's numbers are the truth.
  const month = (await (await request.get('/api/points/rank?period=month', { headers: bearer(token) })).json()) as ApiEnvelope<PointRank>;
  const me = month.data.me;
  expect(me.points).toBeGreaterThanOrEqual(18);
  expect(me.rank).not.toBeNull();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: PointTexts.cardTitle });
  await expect(card).toBeVisible();
  await expect(card).toContainText(PointTexts.cardThisMonth);
  await expect(card).toContainText(String(me.points));
  // Journeys running beside this one may award others points meanwhile: the place shown lies between the server's
  // answers before and after the page read it (this person earns nothing in between, so the place only moves down).
  await expect(card).toContainText(/第 \d+ 名/);
  const after = (await (await request.get('/api/points/rank?period=month', { headers: bearer(token) })).json()) as ApiEnvelope<PointRank>;
  const shown = Number(/第 (\d+) 名/.exec((await card.textContent()) ?? '')?.[1]);
  expect(shown).toBeGreaterThanOrEqual(me.rank ?? 0);
  expect(shown).toBeLessThanOrEqual(after.data.me.rank ?? 0);
  await card.scrollIntoViewIfNeeded();
  // Nothing sticks out of the phone's width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await saveScreenshot(page, 'dashboard-points-card-390');

  await card.getByRole('link', { name: PointTexts.cardMore }).click();
  await expect(page).toHaveURL((url) => url.pathname === PointTexts.rankPath);
  const chart = page.getByRole('region', { name: PointTexts.trendTitle });
  await expect(chart).toContainText(PointTexts.trendTitle);
  await expect(chart.locator('canvas')).toHaveCount(1);
  await expect.poll(() => canvasIsDrawn(chart)).toBe(true);
  const box = await chart.locator('canvas').boundingBox();
  expect(box?.width ?? 0).toBeGreaterThan(200);
  expect(box?.width ?? 0).toBeLessThanOrEqual(390);

  const ledger = page.getByRole('region', { name: PointTexts.ledgerTitle });
  const entry = ledger.locator('.point-ledger__item', { hasText: reason });
  await expect(entry).toContainText('+18');
  await expect(entry).toContainText('管理员调整');
  await expect(entry.locator('time')).toHaveText(/刚刚|分钟前/);
  await chart.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'points-trend-390');

  // On a desktop the chart follows its container's width (it is resized, not drawn once at the phone's size).
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect.poll(async () => (await chart.locator('canvas').boundingBox())?.width ?? 0).toBeGreaterThan(420);
  await expect.poll(() => canvasIsDrawn(chart)).toBe(true);
  await saveScreenshot(page, 'points-trend-1440');
});
