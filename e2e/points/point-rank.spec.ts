import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  PointMessages,
  PointTexts,
  type ApiEnvelope,
  type ArticleType,
  type Paged,
  type PointAdjustResult,
  type PointLedgerEntry,
  type PointRank,
} from '@osp/shared';
import { apiSignIn, bearer, signInViaApi } from '../support/api';
import { createDept, createPerson, nameTag } from '../support/people';
import { saveScreenshot } from '../support/screenshots';

/** An administrator's adjustment through the API (the journey is about the ranking, not about adjusting). */
async function adjust(request: APIRequestContext, adminToken: string, userId: number, points: number): Promise<void> {
  const response = await request.post('/api/points/adjust', {
    headers: bearer(adminToken),
    data: { user_id: userId, points, reason: '端到端测试：季度表彰' },
  });
  const body = (await response.json()) as ApiEnvelope<PointAdjustResult>;
  expect(body.status_code, body.message).toBe(0);
}

/** An administrator writes and publishes a forced-read announcement for one person (under a type of its own). */
async function forcedArticleFor(request: APIRequestContext, adminToken: string, userId: number, tag: string): Promise<string> {
  const call = async <T>(path: string, data: unknown): Promise<T> => {
    const body = (await (await request.post(path, { headers: bearer(adminToken), data })).json()) as ApiEnvelope<T>;
    expect(body.status_code, `${path}: ${body.message}`).toBe(0);
    return body.data;
  };
  const type = await call<ArticleType>('/api/articletype', { name: `积分测试${tag}` });
  const title = `积分测试公告${tag}`;
  const article = await call<{ id: number }>('/api/article', {
    title,
    type_id: type.id,
    content: '<p>请阅读并确认。</p>',
    forceView: 1,
    audience: { dept_ids: [], role_ids: [], user_ids: [userId] },
  });
  await call<unknown>(`/api/article/${article.id}/publish`, {});
  return title;
}

test('[POINTS] a person who confirmed a forced announcement and whose points an administrator raised finds themselves on 积分排行 through the header icon', async ({
  page,
  request,
}) => {
  // A department of the journey's own, so that its ranking holds only the journey's people: two tied, one behind.
  const tag = nameTag();
  const adminToken = await apiSignIn(request, 'admin');
  const deptName = `积分组${tag}`;
  const deptId = await createDept(request, adminToken, deptName);
  const first = await createPerson(request, `甲${tag}`, { deptId, roles: ['staff'], adminToken });
  const tied = await createPerson(request, `乙${tag}`, { deptId, roles: ['staff'], adminToken });
  const behind = await createPerson(request, `丙${tag}`, { deptId, roles: ['staff'], adminToken });
  await adjust(request, adminToken, first.id, 35);
  await adjust(request, adminToken, behind.id, 12);
  // And a forced announcement for 甲 alone, which signing in confirms (support/api.ts) and which earns its points.
  const title = await forcedArticleFor(request, adminToken, first.id, tag);

  // The administrator gives 乙 12 points through the ranking page's 调整积分.
  await signInViaApi(page, 'admin');
  await page.goto('/dashboard');
  await page.getByRole('link', { name: PointTexts.headerIcon, exact: true }).click();
  await page.getByRole('button', { name: PointTexts.adjust }).click();
  const adjustDialog = page.getByRole('dialog', { name: PointTexts.adjust });
  const personField = adjustDialog.getByRole('combobox');
  await personField.click();
  await personField.fill(tied.name);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: tied.name }).click();
  await adjustDialog.getByLabel(PointTexts.adjustPoints).fill('12');
  await adjustDialog.getByLabel(PointTexts.adjustReason).fill('端到端测试：协助新人');
  await saveScreenshot(page, 'points-adjust');
  await adjustDialog.getByRole('button', { name: PointTexts.adjustOk }).click();
  await expect(page.getByText(PointMessages.adjusted(tied.name, 12))).toBeVisible();
  await expect(adjustDialog).toBeHidden();

  const { token } = await signInViaApi(page, first.username, { password: first.password });
  const mine = (await (await request.get('/api/points/mine', { headers: bearer(token) })).json()) as ApiEnvelope<Paged<PointLedgerEntry>>;
  const award = mine.data.list.find((entry) => entry.reason === `确认阅读《${title}》`);
  expect(award, 'the award for confirming the forced article').toMatchObject({ source: 'article_confirm' });
  expect(award?.points).toBeGreaterThan(0);
  // Whatever other journeys' forced articles for everyone added when 甲 signed in: the server's sum.
  const total = mine.data.list.reduce((sum, entry) => sum + entry.points, 0);

  await page.goto('/dashboard');
  await page.getByRole('link', { name: PointTexts.headerIcon, exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/point/rank');
  await expect(page.getByText(PointTexts.title).first()).toBeVisible();

  // The whole company this month: my place is the server's, whoever else earned points in this database.
  const company = (await (await request.get('/api/points/rank?period=month', { headers: bearer(token) })).json()) as ApiEnvelope<PointRank>;
  const myPlace = page.getByRole('status', { name: PointTexts.myPlace });
  await expect(myPlace).toContainText(`${PointTexts.myRank(company.data.me.rank ?? 0)} · ${PointTexts.myPoints(total)}`);

  // Within the journey's department: 甲 first, 乙 and 丙 share second place.
  await page.getByRole('combobox', { name: PointTexts.dept }).click();
  await page.keyboard.type(deptName);
  await page.locator('.ant-select-tree-node-content-wrapper', { hasText: deptName }).click();
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText(first.name);
  await expect(rows.nth(0)).toContainText(String(total));
  await expect(rows.nth(0).locator('.point-rank__top')).toHaveText('1');
  await expect(rows.nth(1).locator('.point-rank__top')).toHaveText('2');
  await expect(rows.nth(2).locator('.point-rank__top')).toHaveText('2');
  await expect(rows.nth(1)).toContainText('12');
  await expect(rows.nth(2)).toContainText('12');
  await expect(rows.filter({ hasText: tied.name })).toHaveCount(1);
  await expect(rows.filter({ hasText: behind.name })).toHaveCount(1);
  await expect(myPlace).toContainText(`${PointTexts.myRank(1)} · ${PointTexts.myPoints(total)}`);
  // 甲 is staff, not an administrator: no 调整积分.
  await expect(page.getByRole('button', { name: PointTexts.adjust })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: PointTexts.title })).toBeVisible();
  await saveScreenshot(page, 'points-rank');

  // The same on a phone: the table still reads, my place above it.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(rows.nth(0)).toContainText(first.name);
  await expect(myPlace).toBeVisible();
  await saveScreenshot(page, 'points-rank-phone');

  // 本年 holds this month's points too.
  await page.getByText(PointTexts.periods.year, { exact: true }).click();
  await expect(rows).toHaveCount(3);
  await expect(myPlace).toContainText(PointTexts.myRank(1));

  // Someone without point_rank has no header icon.
  const outsider = await createPerson(request, `丁${tag}`, { deptId, adminToken });
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInViaApi(page, outsider.username, { password: outsider.password });
  await page.goto('/dashboard');
  await expect(page.getByRole('link', { name: '消息通知', exact: false }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: PointTexts.headerIcon, exact: true })).toHaveCount(0);
  // Nor a page at its address: typed in, it is /404 as an unknown address is.
  await page.goto('/point/rank');
  await expect(page).toHaveURL(/\/404$/);
});
