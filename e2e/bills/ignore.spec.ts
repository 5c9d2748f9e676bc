import { expect, test } from '@playwright/test';
import { ApprovalMessages, BillPageMessages, type BillDetail, type BillIgnoreResult, type BillListRow, type Paged } from '@osp/shared';
import { apiSignIn } from '../support/api';
import { createPerson, nameTag } from '../support/people';
import { saveScreenshot } from '../support/screenshots';
import { button, message } from '../support/ui';
import { actAs, detailUrl, getData, outingForm, listRow, searchBox, sendData, submitBill, uniqueTitle } from './bill-helpers';

/*
 * PATCH /api/bills/{id}/ignore (SPEC §4/§7, docs/approval-api.md): 移出 takes a bill out of the caller's 我关注的 and
 * 抄送我的, and touches nothing else — not the bill, not their reading of it. The journey makes its own initiator and
 * reader (技术部 colleagues: the 外出申请 goes to 李四), so that both boxes hold only what it puts there.
 */

test('[BILLS] a colleague takes a shared, followed bill out of 我关注的 with 移出; they can still read it, and the bill goes on', async ({
  page,
  request,
}) => {
  const tag = nameTag();
  const title = uniqueTitle('事假抄送');
  const initiator = await createPerson(request, `请假人${tag}`);
  const reader = await createPerson(request, `同事${tag}`);
  const bill = await submitBill(request, initiator, '外出申请', title, outingForm('家中有事需处理'));

  // The initiator shares it with the colleague, who follows it from its detail page.
  const initiatorToken = await apiSignIn(request, initiator.username, initiator.password);
  await sendData(request, initiatorToken, 'PATCH', `/api/bills/${bill.id}/share`, { user_ids: [reader.id] });
  const readerToken = await actAs(page, reader, detailUrl(bill.id));
  await expect(page.locator('.bill-summary__title')).toHaveText(title);
  await button(page.locator('.bill-actions'), '关注').click();
  await expect(message(page, ApprovalMessages.tracked)).toBeVisible();
  const boxOf = async (box: 'tracked' | 'shared') =>
    (await getData<Paged<BillListRow>>(request, readerToken, `/api/bills?box=${box}&per_page=100`)).list.map((b) => b.id);
  expect(await boxOf('tracked')).toContain(bill.id);
  expect(await boxOf('shared')).toContain(bill.id);

  // 我关注的 lists it with 移出 on its row; the row does not open the bill when 移出 is pressed.
  await page.goto('/office/approval/tracked');
  await expect(page.getByRole('heading', { name: '我关注的' })).toBeVisible();
  await searchBox(page, title);
  const row = listRow(page, title);
  await expect(row).toHaveCount(1);
  await saveScreenshot(page, 'bills-tracked-ignore-1440');
  await button(row, '移出').click();
  await expect(message(page, ApprovalMessages.ignored)).toBeVisible();
  await expect(page).toHaveURL(/\/office\/approval\/tracked/);
  await expect(listRow(page, title)).toHaveCount(0);
  await expect(page.getByText(BillPageMessages.emptyBox('tracked'))).toBeVisible();

  // Out of both boxes (抄送我的 too), not out of reach: the share still lets them read it, no longer followed.
  expect(await boxOf('tracked')).not.toContain(bill.id);
  expect(await boxOf('shared')).not.toContain(bill.id);
  await page.goto(detailUrl(bill.id));
  await expect(page.locator('.bill-summary__title')).toHaveText(title);
  await expect(button(page.locator('.bill-actions'), '关注')).toBeVisible();
  await expect(button(page.locator('.bill-actions'), '取消关注')).toHaveCount(0);

  // A second 移出 changes nothing and is no error.
  const again = await sendData<BillIgnoreResult>(request, readerToken, 'PATCH', `/api/bills/${bill.id}/ignore`, undefined);
  expect(again).toEqual({ bill_id: bill.id, removed_from: [] });

  // The bill itself goes on as it was: still at 李四, same version.
  const now = await getData<BillDetail>(request, initiatorToken, `/api/bills/${bill.id}`);
  expect(now).toMatchObject({ status: 'doing', current_node: '部门负责人审批', version: bill.version });
});
