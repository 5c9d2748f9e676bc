import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { BILL_EXPORT_COLUMN_LABELS, BillExportTexts, billExportColumns, CommonMessages } from '@osp/shared';
import { bearer, signInViaApi } from '../support/api';
import { createPerson, nameTag } from '../support/people';
import { saveScreenshot } from '../support/screenshots';
import { button, message } from '../support/ui';
import { listRow, searchBox, submitBill, uniqueTitle } from './bill-helpers';

/*
 * 导出 on a list page (GET /api/export/bills, issue 13): the file holds the bills the list shows, with its filter and
 * order, as typed cells; the SPEC §9 mask 「正在导出......」 covers the page until the file is on its way; the browser
 * names the file from Content-Disposition. The initiator and the bills are the journey's own.
 */

/** 费用报销 of one line, whose table total is the bill's amount. */
function expenseForm(amount: string): Record<string, unknown> {
  return { category: '差旅费', expense_items: [{ desc: '客户现场出差', date: '2026-03-02', amount }] };
}

const mask = (page: Page) => page.locator('.ant-spin-fullscreen').getByText(CommonMessages.exporting);

test('[BILLS] an initiator exports the filtered 我发起的 list and opens the xlsx', async ({ page, request }) => {
  const initiator = await createPerson(request, `报销员${nameTag()}`);
  const prefix = uniqueTitle('导出报销');
  // Submitted one after another: the list (newest change first) shows them in reverse.
  const amounts = ['1234.50', '88.00', '0.35'];
  const bills = [];
  for (const [index, amount] of amounts.entries()) {
    bills.push(await submitBill(request, initiator, '费用报销', `${prefix}-${index + 1}`, expenseForm(amount)));
  }
  // One more that the keyword filter leaves out of the list, and so out of the file.
  await submitBill(request, initiator, '费用报销', uniqueTitle('不在筛选内'), expenseForm('5.00'));

  await signInViaApi(page, initiator.username, { password: initiator.password });
  await page.goto('/office/approval/mine');
  await searchBox(page, prefix);
  for (const bill of bills) await expect(listRow(page, bill.title)).toBeVisible();
  await expect(page.locator('.bill-table tbody tr:visible')).toHaveCount(bills.length);

  // The answer is held until the mask has been seen and photographed, so the screenshot shows it.
  let releaseAnswer = () => {};
  const isReleased = new Promise<void>((resolve) => {
    releaseAnswer = resolve;
  });
  await page.route('**/api/export/bills?**', async (route) => {
    await isReleased;
    await route.continue();
  });
  const downloading = page.waitForEvent('download');
  await button(page, BillExportTexts.button).click();
  await expect(mask(page)).toBeVisible();
  await saveScreenshot(page, 'bills-export-mask-1440');
  releaseAnswer();

  const download = await downloading;
  await expect(mask(page)).toBeHidden();
  await expect(button(page, BillExportTexts.button)).toBeEnabled();
  await saveScreenshot(page, 'bills-export-list-1440');
  expect(download.suggestedFilename()).toMatch(/^我发起的-\d{8}\.xlsx$/);

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0];
  expect(sheet?.name).toBe('我发起的');
  const columns = billExportColumns('mine');
  const header = sheet?.getRow(1);
  expect(columns.map((_, c) => header?.getCell(c + 1).text)).toEqual(columns.map((column) => BILL_EXPORT_COLUMN_LABELS[column]));
  expect(sheet?.rowCount).toBe(bills.length + 1);

  const at = (column: (typeof columns)[number]) => columns.indexOf(column) + 1;
  const newestFirst = [...bills].reverse();
  const newestAmounts = [...amounts].reverse().map(Number);
  newestFirst.forEach((bill, index) => {
    const row = sheet?.getRow(index + 2);
    expect(row?.getCell(at('id')).value).toBe(bill.id);
    expect(row?.getCell(at('title')).value).toBe(bill.title);
    expect(row?.getCell(at('template')).value).toBe('费用报销');
    // Option labels as the list shows them, amounts as numbers a spreadsheet sums, times as dates.
    expect(row?.getCell(at('status')).value).toBe('审批中');
    expect(row?.getCell(at('amount')).value).toBe(newestAmounts[index]);
    expect(row?.getCell(at('created_at')).value).toBeInstanceOf(Date);
  });
  // The columns are as wide as their content: the title column fits the longest title.
  expect(sheet?.getColumn(at('title')).width ?? 0).toBeGreaterThanOrEqual(`${prefix}-1`.length);
});

test('[BILLS] an export after the session ended sends the user to sign in', async ({ page, request }) => {
  const initiator = await createPerson(request, `报销员${nameTag()}`);
  await submitBill(request, initiator, '费用报销', uniqueTitle('会话结束后导出'), expenseForm('12.00'));
  const { token } = await signInViaApi(page, initiator.username, { password: initiator.password });
  await page.goto('/office/approval/mine');
  await expect(button(page, BillExportTexts.button)).toBeEnabled();
  // Signed out elsewhere (another tab, an administrator): the page on screen still offers 导出.
  expect((await page.request.delete('/api/authorizations/current', { headers: bearer(token) })).status()).toBe(200);

  await button(page, BillExportTexts.button).click();
  await expect(message(page, CommonMessages.sessionTimeout)).toBeVisible();
  await expect(page).toHaveURL(/\/login\?redirect=%2Foffice%2Fapproval%2Fmine/);
  await expect(mask(page)).toBeHidden();
});

test.describe('on a phone-wide screen', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('[BILLS] 导出 fits beside the heading of a list on a 390 px screen', async ({ page, request }) => {
    const initiator = await createPerson(request, `报销员${nameTag()}`);
    await submitBill(request, initiator, '费用报销', uniqueTitle('手机上导出'), expenseForm('66.60'));
    await signInViaApi(page, initiator.username, { password: initiator.password });
    await page.goto('/office/approval/mine');
    await expect(page.getByRole('heading', { name: '我发起的' })).toBeVisible();
    await expect(button(page, BillExportTexts.button)).toBeEnabled();
    // No sideways scrolling: the page is as wide as the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await saveScreenshot(page, 'bills-export-list-390');
  });
});
