import { expect, test } from '@playwright/test';
import { HolidayAdminTexts, LeaveTexts, type ApiEnvelope, type WorkCalendarYear } from '@osp/shared';
import { agreeOnDetail } from '../bills/bill-helpers';
import { apiSignIn, bearer, signInViaApi } from '../support/api';
import { createPerson, nameTag } from '../support/people';
import { saveScreenshot } from '../support/screenshots';
import { button, chooseUserMenuItem, dialog, openFromSideMenu } from '../support/ui';
import type { APIRequestContext, Locator, Page } from '@playwright/test';

/*
 * Asking for leave (issue 17): a new colleague in 技术部 (led by 李四) with 5 days of annual leave this year opens 请假申请
 * from 发起审批, which brings them to 申请请假; asks from a Thursday to the next Tuesday noon — across a weekend and a
 * public holiday on the Monday — and the form shows 2.5 days; after submitting, the profile dialog and HR's 假期额度 show
 * 2.5 days applying; 李四 approves; 我的假期 shows them used and the leave approved.
 */

const DAY_MS = 86_400_000;
const thisYear = Number(new Intl.DateTimeFormat('en', { timeZone: 'Asia/Shanghai', year: 'numeric' }).format(new Date()));
const dayAt = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The first Thursday from January 8th of this year, its Friday, the Monday after (the holiday) and the Tuesday. */
function leaveDays() {
  let thursday = Date.UTC(thisYear, 0, 8);
  while (new Date(thursday).getUTCDay() !== 4) thursday += DAY_MS;
  return { start: dayAt(thursday), monday: dayAt(thursday + 4 * DAY_MS), end: dayAt(thursday + 5 * DAY_MS) };
}

async function data<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await response.json()) as ApiEnvelope<T>;
  expect(body.status_code, body.message).toBe(0);
  return body.data;
}

/** Makes `day` a public holiday of this year's calendar, keeping whatever else the year holds. */
async function ensureHoliday(request: APIRequestContext, adminToken: string, day: string): Promise<void> {
  const year = await data<WorkCalendarYear>(await request.get(`/api/holiday/calendar?year=${thisYear}`, { headers: bearer(adminToken) }));
  if (year.entries.some((entry) => entry.day === day && entry.kind === 'holiday')) return;
  const entries = [...year.entries.filter((entry) => entry.day !== day), { day, kind: 'holiday' as const, name: '测试假日' }];
  await data(await request.put(`/api/holiday/calendar/${thisYear}`, { headers: bearer(adminToken), data: { entries } }));
}

/** An option of the select now open (kept-alive pages keep their lists in the document, hidden). */
const shownOption = (page: Page, title: string) =>
  page.getByTitle(title, { exact: true }).and(page.locator('.ant-select-item')).filter({ visible: true });

async function choose(page: Page, select: Locator, option: string): Promise<void> {
  await select.click();
  await shownOption(page, option).click();
}

async function typeDay(page: Page, label: string, day: string): Promise<void> {
  const input = page.getByRole('textbox', { name: label, exact: true });
  await input.click();
  await input.fill(day);
  await input.press('Enter');
  await expect(input).toHaveValue(day);
}

/** A statistic of the holiday summary (总天数, 已休天数, 申请中天数, 可用天数) in `scope`. */
const statistic = (scope: Locator, title: string) => scope.locator('.ant-statistic').filter({ hasText: title });

test('[LEAVE] a colleague asks 2.5 days of annual leave across a weekend and a holiday; the balance moves as 李四 approves', async ({
  page,
  browser,
  request,
}) => {
  const adminToken = await apiSignIn(request, 'admin');
  const person = await createPerson(request, `年假${nameTag()}`, { adminToken });
  await data(
    await request.patch(`/api/holiday/stats/${person.id}/change`, {
      headers: bearer(adminToken),
      data: { year: thisYear, delta: 5, reason: '年度额度' },
    }),
  );
  const days = leaveDays();
  await ensureHoliday(request, adminToken, days.monday);

  await signInViaApi(page, person.username, { password: person.password });
  await page.goto('/office/approval');
  // The 请假 template is asked for on the leave form, which keeps the balance.
  await page.getByRole('button', { name: '请假申请', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${LeaveTexts.newPath}$`));
  const form = page.locator('.leave-request');
  await expect(form.getByText(LeaveTexts.newTitle, { exact: true })).toBeVisible();

  await choose(page, form.locator('.ant-select').filter({ has: page.locator('#leave-request_leave_type_id') }), '年假');
  await typeDay(page, LeaveTexts.start, days.start);
  await typeDay(page, LeaveTexts.end, days.end);
  await choose(page, form.locator('.ant-select').filter({ has: page.getByLabel(`${LeaveTexts.end}时段`) }), '上午');
  await expect(page.getByTestId('leave-days')).toHaveText(LeaveTexts.daysValue(2.5));
  await expect(form.getByText(LeaveTexts.balance(thisYear, 5, 5, 0, 0))).toBeVisible();
  await form.getByLabel(LeaveTexts.reason).fill('回老家探亲');
  await saveScreenshot(page, 'leave-request-form');
  await button(form, LeaveTexts.submit).click();

  await expect(page.getByText(LeaveTexts.submitted)).toBeVisible();
  await expect(page).toHaveURL(/\/office\/approval\/detail\?/);
  const billId = new URL(page.url()).searchParams.get('billID');
  expect(billId).toBeTruthy();
  await expect(page.getByText('2.5').first()).toBeVisible();

  await chooseUserMenuItem(page, person.name, '个人信息');
  const profile = dialog(page, '个人信息');
  await expect(statistic(profile, '申请中天数')).toContainText('2.5');
  await expect(statistic(profile, '可用天数')).toContainText('2.5');

  // HR sees the days applying on 假期额度.
  const hrContext = await browser.newContext();
  const hr = await hrContext.newPage();
  await signInViaApi(hr, 'admin');
  await hr.goto('/dashboard');
  await openFromSideMenu(hr, '假期管理', HolidayAdminTexts.statsTitle);
  await hr.getByRole('searchbox', { name: HolidayAdminTexts.keyword }).fill(person.username);
  await hr.getByRole('searchbox', { name: HolidayAdminTexts.keyword }).press('Enter');
  const row = hr.getByRole('table').getByRole('row').filter({ hasText: person.name });
  // 申请中 and 可用 are both 2.5.
  await expect(row.getByRole('cell', { name: '2.5', exact: true })).toHaveCount(2);
  await saveScreenshot(hr, 'leave-request-hr-stats');
  await hrContext.close();

  // 李四 approves from the bill.
  const leaderContext = await browser.newContext();
  const leader = await leaderContext.newPage();
  await signInViaApi(leader, 'lisi');
  await leader.goto(`/office/approval/detail?from=todo&billID=${billId}`);
  await agreeOnDetail(leader);
  await leaderContext.close();

  await page.goto(LeaveTexts.minePath);
  await expect(page.getByRole('heading', { name: LeaveTexts.mineTitle })).toBeVisible();
  await expect(statistic(page.locator('.admin-page'), '已休天数')).toContainText('2.5');
  await expect(statistic(page.locator('.admin-page'), '申请中天数')).toContainText('0');
  const record = page.getByRole('row').filter({ hasText: days.start });
  await expect(record).toContainText('已通过');
  await expect(record).toContainText('2.5');
  await saveScreenshot(page, 'leave-mine');
});
