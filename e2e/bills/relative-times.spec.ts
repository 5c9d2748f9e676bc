import { expect, test } from '@playwright/test';
import { dateTimeText, type BillHistoryEntry } from '@osp/shared';
import { saveScreenshot } from '../support/screenshots';
import { agreeAs } from './approval-cast';
import { actAs, detailUrl, getData, listRow, oneStepPair, submitTo } from './bill-helpers';

/*
 * Issue 15, SPEC §9: a time that happened lately reads 刚刚 / N 分钟前, with the exact time (Asia/Shanghai) as its
 * title, and stays true while the page stays open (the app's one clock, docs/decisions.md "Relative times"); a
 * handler's decision says how long it took (耗时). The page's clock is Playwright's, started at the moment the bill was
 * sent, so 刚刚 does not depend on how long the sign-in took, and two minutes pass in a moment.
 */

const EXACT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;

test('[BILLS] a bill sent just now reads 刚刚, then 2 分钟前 without a reload; its history says when and how long the approver took, 消息通知 when the result came', async ({
  page,
  request,
}) => {
  const { tag, approver, initiator, initiatorToken, templateId } = await oneStepPair(request, '相对时间');
  const bill = await submitTo(request, initiatorToken, templateId, `${tag}报销`);
  const sentAt = bill.released_at ?? '';
  await page.clock.install({ time: new Date(sentAt) });

  // 我发起的: 提交时间 is 刚刚, and the exact time is there on hover.
  await actAs(page, initiator, '/office/approval/mine');
  const row = listRow(page, bill.title);
  const sent = row.locator('time').first();
  await expect(sent).toHaveText('刚刚');
  await expect(sent).toHaveAttribute('title', dateTimeText(sentAt));
  await expect(sent).toHaveAttribute('title', EXACT);
  await expect(sent).toHaveAttribute('datetime', sentAt);
  await saveScreenshot(page, 'bills-relative-time-mine-1440');

  // Two minutes later, on the same page: the row reads 2 分钟前 by itself.
  await page.clock.fastForward(120_000);
  await expect(sent).toHaveText('2 分钟前');
  await expect(sent).toHaveAttribute('title', dateTimeText(sentAt));

  // The approver agrees; the initiator's history shows when (exact on hover) and how long it took them.
  await agreeAs(request, approver, bill.id, '同意');
  const history = await getData<BillHistoryEntry[]>(request, initiatorToken, `/api/bills/${bill.id}/history`);
  const agreed = history.find((entry) => entry.action === 'agree');
  expect(agreed?.task_arrived_at).toBeTruthy();
  await page.goto(detailUrl(bill.id));
  const entry = page.locator('.history-entry').filter({ hasText: approver.name });
  await expect(entry.locator('time')).toHaveText(/^(刚刚|\d+ 分钟前)$/);
  await expect(entry.locator('time')).toHaveAttribute('title', dateTimeText(agreed?.at));
  await expect(entry.locator('.history-entry__took')).toHaveText(/^ · 耗时 \d+ (秒|分钟)$/);
  // The release is nobody's decision on a task: no 耗时.
  const release = page.locator('.history-entry').filter({ has: page.locator('.history-entry__action', { hasText: '提交' }) });
  await expect(release.locator('time')).toHaveAttribute('title', dateTimeText(sentAt));
  await expect(release.locator('.history-entry__took')).toHaveCount(0);
  await entry.scrollIntoViewIfNeeded();
  await entry.hover();
  await saveScreenshot(page, 'bills-relative-time-history-1440');

  // 消息通知 says when the result came the same way.
  await page.goto('/notifications');
  const notice = page.locator('.notice-list__item').filter({ hasText: bill.title });
  await expect(notice.locator('time')).toHaveText(/^(刚刚|\d+ 分钟前)$/);
  await expect(notice.locator('time')).toHaveAttribute('title', EXACT);
});
