import { expect, test, type Page } from '@playwright/test';
import { ApprovalMessages, BILL_STATUS_LABELS, NextBillTexts } from '@osp/shared';
import { BASE_URL } from '../support/env';
import { saveScreenshot } from '../support/screenshots';
import { button } from '../support/ui';
import { actAs, agreeOnDetail, formItem, listRow, oneStepPair, submitTo } from './bill-helpers';

/*
 * Issue 14's proof of live data, as two people spend a morning, each in a browser of their own that is never
 * reloaded after signing in: the approver keeps 待我审批 open while the initiator submits through the form; within a
 * minute the badge and the list show the bill; the approver agrees and lands on the next bill; the initiator's
 * 我发起的, reached through the menu, says 已完成. The approver's clock is Playwright's, so a minute passes at once.
 */

const sideMenu = (page: Page) => page.locator('.app-sider');
const todoLink = (page: Page, n: number) => page.getByRole('link', { name: `待我审批（${n}）` });

test('[BILLS] two people, two browsers, no reloads: a bill submitted reaches the open 待我审批, is agreed, and shows 已完成', async ({
  page,
  browser,
  request,
}) => {
  // Two people's browsers and a minute of polling: longer than one person's journey. test.slow() scales the
  // configured limit rather than naming a smaller one (a fixed 150 s undercut the config's when it was raised).
  test.slow();
  const { tag, approver, initiator, initiatorToken, templateId: template } = await oneStepPair(request, '日常报销');
  const morning = await submitTo(request, initiatorToken, template, `${tag}早上的报销`);

  // The approver's browser: 待我审批 open, one bill in it.
  await page.clock.install();
  await actAs(page, approver, '/office/approval/todo');
  await expect(listRow(page, morning.title)).toHaveCount(1);
  await expect(todoLink(page, 1)).toBeVisible();

  // The initiator's browser: a bill written and submitted through the form.
  const initiatorContext = await browser.newContext({
    baseURL: BASE_URL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1440, height: 900 },
  });
  const initiatorPage = await initiatorContext.newPage();
  const title = `${tag}下午的报销`;
  await actAs(initiatorPage, initiator, `/office/approval/edit?templateID=${template}`);
  await formItem(initiatorPage, '标题').locator('input').fill(title);
  await formItem(initiatorPage, '事由').locator('input').fill('客户拜访打车');
  await expect(initiatorPage.locator('.bill-path')).toContainText(approver.name);
  await button(initiatorPage.locator('.bill-edit__actions'), '提交').click();
  await expect(initiatorPage.getByText(ApprovalMessages.released)).toBeVisible();
  await expect(initiatorPage.locator('.bill-summary__status')).toHaveText(BILL_STATUS_LABELS.doing);
  // A look at 我发起的 (审批中), then on to 草稿箱: the list page stays kept, hidden.
  await sideMenu(initiatorPage).getByRole('menuitem', { name: '我发起的' }).click();
  await expect(listRow(initiatorPage, title).getByText(BILL_STATUS_LABELS.doing)).toBeVisible();
  await sideMenu(initiatorPage).getByRole('menuitem', { name: '草稿箱' }).click();
  await expect(initiatorPage.getByRole('heading', { name: '草稿箱' })).toBeVisible();

  // Within a minute the approver's badge and list show it, without a reload. The page's clock jumps a minute ahead
  // (fastForward, not runFor: the poll's request must not see its own time-out pass in the same jump).
  await page.clock.fastForward(61_000);
  await expect(todoLink(page, 2)).toBeVisible();
  await expect(listRow(page, title)).toHaveCount(1);

  // The approver agrees the morning's bill and lands on the afternoon's, then agrees that too.
  await listRow(page, morning.title).locator('td', { hasText: morning.title }).click();
  await expect(page.locator('.bill-summary__title')).toHaveText(morning.title);
  await agreeOnDetail(page);
  await expect(page.locator('.bill-summary__title')).toHaveText(title);
  await expect(page.locator('.bill-detail__handled')).toContainText(NextBillTexts.handled('同意', morning.title));
  await agreeOnDetail(page);
  await expect(page.getByText(NextBillTexts.allDone)).toBeVisible();
  await expect(page.locator('.bill-summary__status')).toHaveText(BILL_STATUS_LABELS.done);
  await expect(page.getByRole('banner').getByRole('link', { name: '待我审批', exact: true })).toBeVisible();

  // The initiator comes back to the kept 我发起的 through the menu: both say 已完成.
  await sideMenu(initiatorPage).getByRole('menuitem', { name: '我发起的' }).click();
  await expect(listRow(initiatorPage, title).getByText(BILL_STATUS_LABELS.done)).toBeVisible();
  await expect(listRow(initiatorPage, morning.title).getByText(BILL_STATUS_LABELS.done)).toBeVisible();
  await saveScreenshot(initiatorPage, 'bills-working-day-mine-1440');
  await initiatorContext.close();
});
