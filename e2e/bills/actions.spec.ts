import { expect, test } from '@playwright/test';
import { ApprovalMessages, type ApiEnvelope, type BillDetail, type BillListRow, type Paged } from '@osp/shared';
import { bearer, signInViaApi } from '../support/api';
import { button, message } from '../support/ui';

/*
 * SPEC §4 bill actions on the detail page (docs/approval-api.md): 复制 opens the edit page of a new draft
 * with the form carried over; 关注 / 取消关注 toggles and the bill shows in 我关注的 (box=tracked).
 */

test('[BILLS] 张三 copies a submitted bill from its detail page into a new draft, and follows it', async ({ page }) => {
  const { token } = await signInViaApi(page, 'zhangsan');
  const mine = await page.request.get('/api/bills?box=mine&status=doing&per_page=100', { headers: bearer(token) });
  const list = (await mine.json()) as ApiEnvelope<Paged<BillListRow>>;
  const source = list.data.list.find((b) => b.template_name === '费用报销') ?? list.data.list[0];
  expect(source, 'a doing bill of 张三 in the demo data').toBeDefined();
  if (!source) return;

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
  await expect(page).toHaveURL(new RegExp(`/office/approval/edit\\?billID=(\\d+)&templateID=${source.template_id}`));
  const copyId = Number(new URL(page.url()).searchParams.get('billID'));
  expect(copyId).not.toBe(source.id);
  const copy = await page.request.get(`/api/bills/${copyId}`, { headers: bearer(token) });
  const detail = ((await copy.json()) as ApiEnvelope<BillDetail>).data;
  expect(detail).toMatchObject({ status: 'draft', title: source.title, template: { id: source.template_id } });

  // 我关注的 in the side menu lists the followed bill.
  await page.locator('.app-sider').getByRole('menuitem', { name: '我关注的' }).click();
  await expect(page.getByRole('heading', { name: '我关注的' })).toBeVisible();
  await expect(page.locator('.bill-table tbody tr:visible').filter({ hasText: `编号 ${source.id}` })).toHaveCount(1);
});
