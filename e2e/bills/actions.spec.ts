import { expect, test } from '@playwright/test';
import { ApprovalMessages, type ApiEnvelope, type BillDetail, type BillListRow, type Paged } from '@osp/shared';
import { bearer, signInViaApi } from '../support/api';
import { createPerson, nameTag } from '../support/people';
import { button, message } from '../support/ui';
import { submitBill, uniqueTitle } from './bill-helpers';

/*
 * SPEC §4 bill actions on the detail page (docs/approval-api.md): 复制 opens the edit page of a new draft
 * with the form carried over; 关注 / 取消关注 toggles and the bill shows in 我关注的 (box=tracked).
 */

test('[BILLS] a colleague copies a submitted bill from its detail page into a new draft, and follows it', async ({ page, request }) => {
  // The initiator and the bill are the journey's own: following it and copying it touch no one else's boxes.
  const initiator = await createPerson(request, `报销员${nameTag()}`);
  const source = await submitBill(request, initiator, '费用报销', uniqueTitle('市内交通报销'), {
    category: '交通费',
    expense_items: [{ desc: '客户现场往返打车', date: '2026-03-02', amount: '126.00' }],
  });
  const { token } = await signInViaApi(page, initiator.username, { password: initiator.password });

  await page.goto(`/office/approval/detail?from=mine&billID=${source.id}&origin=list&status=doing`);
  await expect(page.locator('.bill-summary__title')).toHaveText(source.title);

  // 关注 toggles to 取消关注 and back; the server keeps the state.
  await button(page, '关注').click();
  await expect(message(page, ApprovalMessages.tracked)).toBeVisible();
  await expect(button(page, '取消关注')).toBeVisible();
  const tracked = await page.request.get('/api/bills?box=tracked&per_page=100', { headers: bearer(token) });
  expect(((await tracked.json()) as ApiEnvelope<Paged<BillListRow>>).data.list.map((b) => b.id)).toContain(source.id);

  await button(page, '复制').click();
  await expect(message(page, ApprovalMessages.replicated)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/office/approval/edit\\?billID=(\\d+)&templateID=${source.template.id}`));
  const copyId = Number(new URL(page.url()).searchParams.get('billID'));
  expect(copyId).not.toBe(source.id);
  const copy = await page.request.get(`/api/bills/${copyId}`, { headers: bearer(token) });
  const detail = ((await copy.json()) as ApiEnvelope<BillDetail>).data;
  expect(detail).toMatchObject({ status: 'draft', title: source.title, template: { id: source.template.id } });

  // 我关注的 in the side menu lists the followed bill.
  await page.locator('.app-sider').getByRole('menuitem', { name: '我关注的' }).click();
  await expect(page.getByRole('heading', { name: '我关注的' })).toBeVisible();
  await expect(page.locator('.bill-table tbody tr:visible').filter({ hasText: `编号 ${source.id}` })).toHaveCount(1);
});
