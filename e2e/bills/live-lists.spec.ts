import { expect, test, type Page } from '@playwright/test';
import { BILL_STATUS_LABELS, BillPageMessages, CommonMessages, CommonTexts, EntrustTexts, NoticePageTexts } from '@osp/shared';
import { createPerson, nameTag } from '../support/people';
import { saveScreenshot } from '../support/screenshots';
import { button } from '../support/ui';
import { agreeAs } from './approval-cast';
import { actAs, listRow, oneStepPair, sendData, submitTo } from './bill-helpers';

/*
 * Issue 14, "Live data": kept-alive lists (SPEC §2) are current when shown again, the header's 待我审批 count and
 * the lists follow within a minute while a page stays open (the counts' and the bell's polls, docs/decisions.md
 * "Live lists"), a list that could not be read says so with 重试 rather than "nothing here", and the dashboard asks
 * for its counts once. The journey makes its own approver, initiator and template, so the counts are its own.
 * The page's clock is Playwright's: a minute of polling passes in a moment (fastForward: a jump that ran every timer on
 * the way would also run the poll's request time-out, and abort it).
 */

const sideMenu = (page: Page) => page.locator('.app-sider');
const todoLink = (page: Page, n: number) => page.getByRole('link', { name: `待我审批（${n}）` });

test('[BILLS] lists shown again and left open stay current, a failed list says so with 重试, the dashboard asks once', async ({
  page,
  request,
}) => {
  const { tag, approver, initiator, initiatorToken, templateId: template } = await oneStepPair(request, '实时报销');
  await page.clock.install();

  // 待我审批 holds two bills; the header counts them.
  const first = await submitTo(request, initiatorToken, template, `${tag}报销一`);
  const second = await submitTo(request, initiatorToken, template, `${tag}报销二`);
  await actAs(page, approver, '/office/approval/todo');
  await expect(listRow(page, second.title)).toHaveCount(1);
  await expect(todoLink(page, 2)).toBeVisible();

  // The menu's pages are links named by their labels: Ctrl+click opens 我已审批 in a new tab and this one stays.
  const doneLink = sideMenu(page).getByRole('link', { name: '我已审批', exact: true });
  await expect(doneLink).toHaveAttribute('href', '/office/approval/done');
  await expect(sideMenu(page).getByRole('menuitem', { name: '我已审批', exact: true })).toBeVisible();
  const [tab] = await Promise.all([page.context().waitForEvent('page'), doneLink.click({ modifiers: ['ControlOrMeta'] })]);
  await expect(tab).toHaveURL(/\/office\/approval\/done$/);
  await tab.close();
  await expect(page).toHaveURL(/\/office\/approval\/todo$/);

  // Away on 我已审批, the initiator withdraws the second (which tells the approver nothing); back through the menu,
  // the kept page no longer lists it, without a reload, and the header follows the list.
  await sideMenu(page).getByRole('menuitem', { name: '我已审批' }).click();
  await expect(page.getByRole('heading', { name: '我已审批' })).toBeVisible();
  await sendData(request, initiatorToken, 'PATCH', `/api/bills/${second.id}/returned`, { version: second.version });
  await sideMenu(page).getByRole('menuitem', { name: '待我审批' }).click();
  await expect(listRow(page, second.title)).toHaveCount(0);
  await expect(listRow(page, first.title)).toHaveCount(1);
  await expect(page.getByText(BillPageMessages.total(1))).toBeVisible();
  await expect(todoLink(page, 1)).toBeVisible();

  // Staying on the page: a third bill shows within a minute, on the badge and in the list.
  const third = await submitTo(request, initiatorToken, template, `${tag}报销三`);
  await page.clock.fastForward(61_000);
  await expect(todoLink(page, 2)).toBeVisible();
  await expect(listRow(page, third.title)).toHaveCount(1);
  await expect(page.getByText(BillPageMessages.total(2))).toBeVisible();
  await saveScreenshot(page, 'bills-live-todo-1440');

  // The initiator watches 我发起的; the approver agrees the first bill meanwhile: within a minute it says 已完成.
  await actAs(page, initiator, '/office/approval/mine');
  const mine = listRow(page, first.title);
  await expect(mine.getByText(BILL_STATUS_LABELS.doing)).toBeVisible();
  await agreeAs(request, approver, first.id, '同意');
  await page.clock.fastForward(61_000);
  await expect(mine.getByText(BILL_STATUS_LABELS.done)).toBeVisible();

  // A list that cannot be read: the reason and 重试, never 「我关注的」中暂无单据.
  await sendData(request, initiatorToken, 'PATCH', `/api/bills/${third.id}/track`, {});
  await page.route(/\/api\/bills\?.*box=tracked/, (route) => route.abort('connectionrefused'));
  await sideMenu(page).getByRole('menuitem', { name: '我关注的' }).click();
  const failed = page.getByRole('alert').filter({ hasText: CommonTexts.loadFailed });
  await expect(failed).toBeVisible();
  await expect(failed.getByText(CommonMessages.networkDown)).toBeVisible();
  await expect(page.getByText(BillPageMessages.emptyBox('tracked'))).toHaveCount(0);
  await saveScreenshot(page, 'bills-list-load-failed-1440');
  await page.unroute(/\/api\/bills\?.*box=tracked/);
  await button(failed, CommonTexts.retry).click();
  await expect(listRow(page, third.title)).toHaveCount(1);
  await expect(failed).toHaveCount(0);

  // The dashboard, the header and the menu read the counts once.
  const countReads: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/dashboard') countReads.push(r.url());
  });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: new RegExp(initiator.name) })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(countReads).toHaveLength(1);
});

test('[NOTICES] 消息通知 that cannot be read says so with 重试, not 暂无通知', async ({ page, request }) => {
  const person = await createPerson(request, `读消息${nameTag()}`);
  await page.route(/\/api\/notifications\?/, (route) => route.abort('connectionrefused'));
  await actAs(page, person, '/notifications');
  const failed = page.getByRole('alert').filter({ hasText: CommonTexts.loadFailed });
  await expect(failed).toBeVisible();
  await expect(failed.getByText(CommonMessages.networkDown)).toBeVisible();
  await expect(page.getByText(NoticePageTexts.empty)).toHaveCount(0);
  await page.unroute(/\/api\/notifications\?/);
  await button(failed, CommonTexts.retry).click();
  await expect(page.getByText(NoticePageTexts.empty)).toBeVisible();
  await expect(failed).toHaveCount(0);
});

test('[BILLS] 委托管理 that cannot be read says so with 重试, not 您还没有委托他人审批', async ({ page, request }) => {
  const person = await createPerson(request, `委托人${nameTag()}`);
  await page.route(/\/api\/users\/billEntrust/, (route) => route.abort('connectionrefused'));
  await actAs(page, person, '/office/approval/entrust');
  const failed = page.getByRole('alert').filter({ hasText: CommonTexts.loadFailed }).first();
  await expect(failed).toBeVisible();
  await expect(page.getByText(EntrustTexts.emptyGiven)).toHaveCount(0);
  await page.unroute(/\/api\/users\/billEntrust/);
  await button(failed, CommonTexts.retry).click();
  await expect(page.getByText(EntrustTexts.emptyGiven)).toBeVisible();
});
