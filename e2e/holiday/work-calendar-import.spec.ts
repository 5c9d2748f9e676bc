import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import {
  HolidayAdminTexts,
  WorkCalendarImportMessages,
  WorkCalendarImportTexts,
  WorkCalendarMessages,
  type ApiEnvelope,
  type WorkCalendarYear,
} from '@osp/shared';
import { apiSignIn, bearer, signInViaApi } from '../support/api';
import { saveScreenshot } from '../support/screenshots';
import { button, dialog, message, openFromSideMenu } from '../support/ui';

/*
 * 工作日历's xlsx import (issue 17): the administrator, with an unsaved row on 工作日历, is asked before importing;
 * downloads the template, fills it for a far year no other journey uses with one bad row (a make-up workday on a
 * Tuesday) and sees that row named with its reason and nothing changed; corrects it, imports, and sees the year's rows
 * on the page.
 */

// Made-up days of 2049, not an official schedule: 10-01 is a Friday, 10-04 a Monday, 10-05 a Tuesday, 10-09 a Saturday.
const YEAR = 2049;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

test('[HOLIDAY] HR imports a year of the work calendar from the template (a bad row changes nothing and is named)', async ({
  page,
  request,
}) => {
  const token = await apiSignIn(request, 'admin');
  const yearOnServer = async () =>
    ((await (await request.get(`/api/holiday/calendar?year=${YEAR}`, { headers: bearer(token) })).json()) as ApiEnvelope<WorkCalendarYear>)
      .data.entries;
  const before = await yearOnServer();

  await signInViaApi(page, 'admin');
  await page.goto('/dashboard');
  await openFromSideMenu(page, '假期管理', HolidayAdminTexts.calendarTitle);
  await expect(page.getByRole('heading', { name: HolidayAdminTexts.calendarTitle })).toBeVisible();
  const calendar = page.getByRole('table', { name: HolidayAdminTexts.calendarTitle });

  const downloading = page.waitForEvent('download');
  await button(page, WorkCalendarImportTexts.template).click();
  const template = await downloading;
  expect(template.suggestedFilename()).toBe(WorkCalendarImportTexts.templateFilename);
  // Filled in as HR would: the example rows replaced by the year's (a typed date is a date cell in Excel).
  const fill = async (rows: (string | Date)[][]) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await template.path());
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([undefined, '日期', '类型', '名称']);
    sheet?.spliceRows(2, 2, ...rows);
    return Buffer.from(await workbook.xlsx.writeBuffer());
  };

  // An unsaved row: importing asks first.
  await button(page, HolidayAdminTexts.addEntry).click();
  await expect(page.getByText(HolidayAdminTexts.unsaved)).toBeVisible();
  await button(page, WorkCalendarImportTexts.import).click();
  const ask = dialog(page, WorkCalendarImportTexts.discardTitle);
  await expect(ask).toBeVisible();
  await button(ask, WorkCalendarImportTexts.discardOk).click();

  const importDialog = dialog(page, WorkCalendarImportTexts.dialogTitle);
  await expect(importDialog).toBeVisible();
  const yearField = importDialog.getByRole('spinbutton', { name: WorkCalendarImportTexts.year });
  await yearField.fill(String(YEAR));
  const fileInput = importDialog.locator('input[type="file"]');
  await fileInput.setInputFiles({
    name: '2049年节假日.xlsx',
    mimeType: XLSX,
    buffer: await fill([
      [new Date(Date.UTC(YEAR, 9, 1)), '节假日', '国庆节'],
      ['2049-10-05', '调休上班', '国庆节调休'],
      ['2049-10-04', '节假日', '国庆节'],
    ]),
  });
  await button(importDialog, WorkCalendarImportTexts.start).click();
  await expect(importDialog.getByText(WorkCalendarImportMessages.failed(1, YEAR))).toBeVisible();
  const badRows = importDialog.getByRole('table', { name: WorkCalendarImportTexts.dialogTitle }).locator('tbody tr.ant-table-row');
  await expect(badRows).toHaveCount(1);
  await expect(badRows.first()).toContainText(WorkCalendarImportTexts.rowNumber(3));
  await expect(badRows.first()).toContainText('2049-10-05');
  await expect(badRows.first()).toContainText(WorkCalendarMessages.workdayOnWeekday('2049-10-05'));
  await saveScreenshot(page, 'work-calendar-import-refused');

  // Nothing changed: not the year on the server, not the unsaved row on the page behind the dialog.
  expect(await yearOnServer()).toEqual(before);
  await expect(page.getByText(HolidayAdminTexts.unsaved)).toBeVisible();

  await fileInput.setInputFiles({
    name: '2049年节假日.xlsx',
    mimeType: XLSX,
    buffer: await fill([
      [new Date(Date.UTC(YEAR, 9, 1)), '节假日', '国庆节'],
      ['2049-10-09', '调休上班', '国庆节调休'],
      ['2049-10-04', '节假日', '国庆节'],
    ]),
  });
  await button(importDialog, WorkCalendarImportTexts.start).click();
  await expect(message(page, WorkCalendarImportMessages.imported(YEAR, 2, 1))).toBeVisible();
  await expect(importDialog).toBeHidden();

  // The page shows the imported year as saved: its three rows, the unsaved row gone.
  await expect(
    page
      .locator('.ant-select')
      .filter({ has: page.getByLabel(HolidayAdminTexts.year, { exact: true }) })
      .filter({ visible: true }),
  ).toContainText(`${YEAR}`);
  await expect(page.getByText(HolidayAdminTexts.summary(2, 1), { exact: true })).toBeVisible();
  await expect(page.getByText(HolidayAdminTexts.unsaved)).toBeHidden();
  const names = calendar.getByRole('textbox', { name: HolidayAdminTexts.columnEntryName });
  await expect(names).toHaveCount(3);
  const days = calendar.getByRole('textbox', { name: HolidayAdminTexts.columnDay });
  await expect(days.nth(0)).toHaveValue('2049-10-01');
  await expect(days.nth(1)).toHaveValue('2049-10-04');
  await expect(days.nth(2)).toHaveValue('2049-10-09');
  await expect(names.nth(2)).toHaveValue('国庆节调休');
  await saveScreenshot(page, 'work-calendar-import-done');

  expect(await yearOnServer()).toEqual([
    { day: '2049-10-01', kind: 'holiday', name: '国庆节' },
    { day: '2049-10-04', kind: 'holiday', name: '国庆节' },
    { day: '2049-10-09', kind: 'workday', name: '国庆节调休' },
  ]);
});
