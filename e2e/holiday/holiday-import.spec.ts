import { expect, test, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import {
  HolidayAdminTexts,
  HolidayImportMessages,
  HolidayImportTexts,
  type ApiEnvelope,
  type HolidayStatsRow,
  type Paged,
} from '@osp/shared';
import { apiSignIn, bearer, signInViaApi } from '../support/api';
import { createPerson, nameTag, uniqueSuffix } from '../support/people';
import { saveScreenshot } from '../support/screenshots';
import { button, dialog, message, openFromSideMenu } from '../support/ui';

/*
 * HR's balance import and export (issue 17): the administrator downloads the template on 假期额度, fills it for two
 * colleagues of the journey's own with one bad row and sees nothing imported and the bad row named with its reasons,
 * imports the corrected file and sees the totals in the list, then exports the list as filtered and opens the file.
 */

const nextYear = Number(new Intl.DateTimeFormat('en', { timeZone: 'Asia/Shanghai', year: 'numeric' }).format(new Date())) + 1;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The shown page's 年度 select set to `year` (as in holiday-admin.spec.ts). */
async function pickYear(page: Page, year: number): Promise<void> {
  const select = page
    .locator('.ant-select')
    .filter({ has: page.getByLabel(HolidayAdminTexts.year, { exact: true }) })
    .filter({ visible: true });
  await select.click();
  await page
    .getByTitle(`${year}${HolidayAdminTexts.yearSuffix}`, { exact: true })
    .and(page.locator('.ant-select-item'))
    .filter({ visible: true })
    .click();
  await expect(select).toContainText(`${year}`);
}

test('[HOLIDAY] HR imports balances from the template (a bad row imports nothing and is named), then exports them', async ({
  page,
  request,
}) => {
  const tag = nameTag();
  const first = await createPerson(request, `额度${tag}甲`);
  const second = await createPerson(request, `额度${tag}乙`, { adminToken: first.adminToken });
  const stranger = `nobody${uniqueSuffix()}`;
  await signInViaApi(page, 'admin');
  await page.goto('/dashboard');
  await openFromSideMenu(page, '假期管理', HolidayAdminTexts.statsTitle);
  await expect(page.getByRole('heading', { name: HolidayAdminTexts.statsTitle })).toBeVisible();
  await pickYear(page, nextYear);
  const search = page.getByRole('searchbox', { name: HolidayAdminTexts.keyword });
  await search.fill(tag);
  await search.press('Enter');
  const table = page.getByRole('table', { name: HolidayAdminTexts.statsTitle });
  const rowOf = (name: string) => table.getByRole('row').filter({ hasText: name });
  await expect(rowOf(first.name)).toHaveCount(1);
  await expect(rowOf(second.name)).toHaveCount(1);

  const downloading = page.waitForEvent('download');
  await button(page, HolidayImportTexts.template).click();
  const template = await downloading;
  expect(template.suggestedFilename()).toBe(HolidayImportTexts.templateFilename);
  // Filled in as HR would: the example row replaced by the journey's rows.
  const fill = async (rows: (string | number)[][]) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await template.path());
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([undefined, '账号', '姓名', '年份', '总天数']);
    sheet?.spliceRows(2, 1, ...rows);
    return Buffer.from(await workbook.xlsx.writeBuffer());
  };

  await button(page, HolidayImportTexts.import).click();
  const importDialog = dialog(page, HolidayImportTexts.dialogTitle);
  const fileInput = importDialog.locator('input[type="file"]');
  await fileInput.setInputFiles({
    name: '年假.xlsx',
    mimeType: XLSX,
    buffer: await fill([
      [first.username, first.name, nextYear, 5],
      [stranger, '某人', nextYear, 0.3],
      [second.username, second.name, nextYear, 7.5],
    ]),
  });
  await button(importDialog, HolidayImportTexts.start).click();
  await expect(importDialog.getByText(HolidayImportMessages.failed(1))).toBeVisible();
  const badRows = importDialog.getByRole('table', { name: HolidayImportTexts.dialogTitle }).locator('tbody tr.ant-table-row');
  await expect(badRows).toHaveCount(1);
  await expect(badRows.first()).toContainText(HolidayImportTexts.rowNumber(3));
  await expect(badRows.first()).toContainText(HolidayImportMessages.usernameUnknown(stranger));
  await expect(badRows.first()).toContainText(HolidayImportMessages.totalInvalid);
  await saveScreenshot(page, 'holiday-import-refused');

  // Nothing was imported: the good rows of the refused file did not count.
  const token = await apiSignIn(request, 'admin');
  const listed = async () =>
    (
      (await (
        await request.get(`/api/holiday/stats?year=${nextYear}&keyword=${encodeURIComponent(tag)}`, { headers: bearer(token) })
      ).json()) as ApiEnvelope<Paged<HolidayStatsRow>>
    ).data.list.map((r) => [r.username, r.total_day]);
  expect(await listed()).toEqual([
    [first.username, 0],
    [second.username, 0],
  ]);

  await fileInput.setInputFiles({
    name: '年假.xlsx',
    mimeType: XLSX,
    buffer: await fill([
      [first.username, first.name, nextYear, 5],
      [second.username, second.name, nextYear, 7.5],
    ]),
  });
  await button(importDialog, HolidayImportTexts.start).click();
  await expect(message(page, HolidayImportMessages.imported(2, 2))).toBeVisible();
  await expect(importDialog).toBeHidden();
  await expect(rowOf(first.name).getByRole('cell', { name: '5', exact: true })).toHaveCount(2);
  await expect(rowOf(second.name).getByRole('cell', { name: '7.5', exact: true })).toHaveCount(2);
  await saveScreenshot(page, 'holiday-import-done');

  // The export follows the filters on screen and opens as a workbook with the list's rows.
  const exporting = page.waitForEvent('download');
  await button(page, HolidayImportTexts.export).click();
  const exported = await exporting;
  expect(exported.suggestedFilename()).toMatch(new RegExp(`^假期额度_${nextYear}年_\\d{8}\\.xlsx$`));
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await exported.path());
  const rows: unknown[][] = [];
  workbook.worksheets[0]?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  const dept = (await rowOf(first.name).getByRole('cell').nth(2).textContent()) ?? '';
  expect(rows).toEqual([
    ['账号', '姓名', '部门', '年份', '总天数', '已用天数', '申请中天数', '可用天数'],
    [first.username, first.name, dept, nextYear, 5, 0, 0, 5],
    [second.username, second.name, dept, nextYear, 7.5, 0, 0, 7.5],
  ]);
});
