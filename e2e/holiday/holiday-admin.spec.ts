import { expect, test } from '@playwright/test';
import { HolidayAdminMessages, HolidayAdminTexts, WorkCalendarMessages, type ApiEnvelope, type WorkCalendarYear } from '@osp/shared';
import { apiSignIn, bearer, signInViaApi } from '../support/api';
import { createPerson, nameTag } from '../support/people';
import { saveScreenshot } from '../support/screenshots';
import { button, buttonName, closeDrawer, dialog, openFromSideMenu } from '../support/ui';
import type { Locator, Page } from '@playwright/test';

/*
 * HR's leave pages (issue 17): the administrator finds a new colleague of the journey's own on 假期额度 by name, gives
 * them days for next year with a reason, is refused taking away more than they have at the field, and reads the
 * 调整记录; then on 工作日历 enters a holiday and a make-up workday for next year, is refused a make-up day on a
 * weekday at its row with nothing lost, corrects it and finds the year saved after a reload.
 */

/** 调整 and not 调整记录 beside it (antd spaces two-character labels, so the name is matched loosely, but whole). */
const onlyButton = (scope: Locator, text: string) => scope.getByRole('button', { name: new RegExp(`^${buttonName(text).source}$`) });

/** An option of the select now open (kept-alive pages keep their lists in the document, hidden). */
const shownOption = (page: Page, title: string) =>
  page.getByTitle(title, { exact: true }).and(page.locator('.ant-select-item')).filter({ visible: true });

/** The shown page's 年度 select set to `year` (a role query skips the kept-alive pages, hidden). */
async function pickYear(page: Page, year: number): Promise<void> {
  // The select's box, not its input: the input is not always laid out where a click lands.
  const select = page
    .locator('.ant-select')
    .filter({ has: page.getByLabel(HolidayAdminTexts.year, { exact: true }) })
    .filter({ visible: true });
  await select.click();
  await shownOption(page, `${year}${HolidayAdminTexts.yearSuffix}`).click();
  await expect(select).toContainText(`${year}`);
}

const nextYear = Number(new Intl.DateTimeFormat('en', { timeZone: 'Asia/Shanghai', year: 'numeric' }).format(new Date())) + 1;

test("[HOLIDAY] HR adjusts a balance with a reason and keeps next year's work calendar", async ({ page, request }) => {
  const person = await createPerson(request, `休假${nameTag()}`);
  await signInViaApi(page, 'admin');
  await page.goto('/dashboard');

  await openFromSideMenu(page, '假期管理', HolidayAdminTexts.statsTitle);
  await expect(page.getByRole('heading', { name: HolidayAdminTexts.statsTitle })).toBeVisible();
  await pickYear(page, nextYear);
  await page.getByRole('searchbox', { name: HolidayAdminTexts.keyword }).fill(person.username);
  await page.getByRole('searchbox', { name: HolidayAdminTexts.keyword }).press('Enter');
  const table = page.getByRole('table');
  const row = table.getByRole('row').filter({ hasText: person.name });
  await expect(row).toHaveCount(1);

  await onlyButton(row, HolidayAdminTexts.change).click();
  const change = dialog(page, HolidayAdminTexts.changeTitle(person.name, nextYear));
  await change.getByLabel(HolidayAdminTexts.delta).fill('5.5');
  await change.getByLabel(HolidayAdminTexts.reason).fill('入职满一年');
  await expect(change.getByText(HolidayAdminTexts.after(5.5))).toBeVisible();
  await button(change, HolidayAdminTexts.confirm).click();
  await expect(page.getByText(HolidayAdminMessages.changed)).toBeVisible();
  await expect(row.getByRole('cell', { name: '5.5' })).toHaveCount(2);

  // Taking away more than there is: refused at the field, the dialog keeps what was typed.
  await onlyButton(row, HolidayAdminTexts.change).click();
  await change.getByLabel(HolidayAdminTexts.delta).fill('-6');
  await change.getByLabel(HolidayAdminTexts.reason).fill('录入有误');
  await button(change, HolidayAdminTexts.confirm).click();
  await expect(change.locator('.ant-form-item-explain-error').getByText(HolidayAdminMessages.belowUsed(-0.5, 0, 0))).toBeVisible();
  await expect(change.getByLabel(HolidayAdminTexts.reason)).toHaveValue('录入有误');
  await saveScreenshot(page, 'holiday-change-refused');
  await button(change, '取消').click();

  await button(row, HolidayAdminTexts.history).click();
  const drawer = page.getByRole('dialog', { name: HolidayAdminTexts.historyTitle(person.name, nextYear) });
  await expect(drawer.getByText('入职满一年')).toBeVisible();
  await expect(drawer.getByText(HolidayAdminTexts.historyLine(0, 5.5))).toBeVisible();
  await saveScreenshot(page, 'holiday-history');
  await closeDrawer(drawer);

  // 工作日历 for next year: a holiday, a make-up day on a weekday (refused at its row), corrected to a Sunday.
  // The 假期管理 group is open already: its other page is one click.
  await page.locator('.app-sider').getByRole('menuitem', { name: HolidayAdminTexts.calendarTitle }).click();
  // The page is loaded with its route: until its heading shows, 假期额度 (kept alive) is the page in view.
  await expect(page.getByRole('heading', { name: HolidayAdminTexts.calendarTitle })).toBeVisible();
  await pickYear(page, nextYear);
  const calendar = page.getByRole('table', { name: HolidayAdminTexts.calendarTitle });
  // Whatever an earlier run saved for next year goes first: the journey keeps its own rows only.
  for (let count = await calendar.getByRole('button', { name: HolidayAdminTexts.remove }).count(); count > 0; count -= 1) {
    await calendar.getByRole('button', { name: HolidayAdminTexts.remove }).first().click();
  }
  // 10-01 of next year, and a weekday near it for the refused make-up day.
  const holiday = `${nextYear}-10-01`;
  const weekday =
    [...Array(7).keys()]
      .map((i) => `${nextYear}-10-${String(12 + i).padStart(2, '0')}`)
      .find((day) => ![0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay())) ?? '';
  const sunday =
    [...Array(7).keys()]
      .map((i) => `${nextYear}-09-${String(20 + i).padStart(2, '0')}`)
      .find((day) => new Date(`${day}T00:00:00Z`).getUTCDay() === 0) ?? '';

  const fillRow = async (index: number, day: string, kind: 'holiday' | 'workday', name: string) => {
    const rowAt = calendar.locator('tbody tr.ant-table-row').nth(index);
    const picker = rowAt.getByRole('textbox', { name: HolidayAdminTexts.columnDay });
    await picker.click();
    await picker.fill(day);
    await picker.press('Enter');
    if (kind === 'workday') {
      await rowAt.getByRole('combobox', { name: HolidayAdminTexts.columnKind }).click();
      await shownOption(page, HolidayAdminTexts.kinds.workday).click();
    }
    await rowAt.getByRole('textbox', { name: HolidayAdminTexts.columnEntryName }).fill(name);
  };
  await button(page, HolidayAdminTexts.addEntry).click();
  await fillRow(0, holiday, 'holiday', '国庆节');
  await button(page, HolidayAdminTexts.addEntry).click();
  await fillRow(1, weekday, 'workday', '国庆调休');
  await button(page, HolidayAdminTexts.save).click();
  await expect(calendar.getByText(WorkCalendarMessages.workdayOnWeekday(weekday))).toBeVisible();
  await expect(calendar.getByRole('textbox', { name: HolidayAdminTexts.columnEntryName }).nth(1)).toHaveValue('国庆调休');
  await saveScreenshot(page, 'holiday-calendar-refused');

  const picker = calendar.locator('tbody tr.ant-table-row').nth(1).getByRole('textbox', { name: HolidayAdminTexts.columnDay });
  await picker.click();
  await picker.fill(sunday);
  await picker.press('Enter');
  await button(page, HolidayAdminTexts.save).click();
  await expect(page.getByText(WorkCalendarMessages.saved)).toBeVisible();
  await expect(page.getByText(HolidayAdminTexts.summary(1, 1))).toBeVisible();

  const token = await apiSignIn(request, 'admin');
  const saved = (await (
    await request.get(`/api/holiday/calendar?year=${nextYear}`, { headers: bearer(token) })
  ).json()) as ApiEnvelope<WorkCalendarYear>;
  expect(saved.data.entries).toEqual([
    { day: sunday, kind: 'workday', name: '国庆调休' },
    { day: holiday, kind: 'holiday', name: '国庆节' },
  ]);
  await page.reload();
  await pickYear(page, nextYear);
  await expect(calendar.getByRole('textbox', { name: HolidayAdminTexts.columnEntryName })).toHaveCount(2);
  await saveScreenshot(page, 'holiday-calendar');
});
