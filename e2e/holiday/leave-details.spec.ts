import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  LEAVE_STATUS_LABELS,
  LeaveRecordsTexts,
  type ApiEnvelope,
  type BillDetail,
  type LeaveStartInput,
  type LeaveStartResult,
  type LeaveType,
} from '@osp/shared';
import { apiSignIn, bearer, signInViaApi } from '../support/api';
import { createPerson, nameTag, type OwnPerson } from '../support/people';
import { saveScreenshot } from '../support/screenshots';
import { openFromSideMenu } from '../support/ui';

/*
 * 请假记录 (issue 17): a colleague of 技术部 made by the journey asks for 事假 in March 2045 through the API — one
 * request waiting for approval, one that 李四, the department's leader, agrees. 李四 opens 请假记录 from the side
 * menu, switches to 我的团队, finds both with their days and statuses, and sees the colleague on the team calendar
 * of that month on the right days and halves with the type, the request in approval marked 审批中. The colleague
 * sees their own records only, with no 我的团队 to choose. Each journey has its own person, so the dates never clash.
 */

async function dataOf<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  expect(response.status(), `${what}: HTTP ${response.status()}`).toBe(200);
  const body = (await response.json()) as ApiEnvelope<T>;
  expect(body.status_code, `${what}: ${body.message}`).toBe(0);
  return body.data;
}

/** The person asks for 事假 (no balance needed) over a span of half days; returns the request and its bill. */
async function askLeave(
  request: APIRequestContext,
  person: OwnPerson,
  span: Pick<LeaveStartInput, 'start_day' | 'start_half' | 'end_day' | 'end_half'>,
  reason: string,
): Promise<LeaveStartResult> {
  const token = await apiSignIn(request, person.username, person.password);
  const types = await dataOf<LeaveType[]>(await request.get('/api/holiday/leave-types', { headers: bearer(token) }), 'leave types');
  const personal = types.find((type) => type.name === '事假');
  expect(personal, 'the 事假 leave type').toBeTruthy();
  const body: LeaveStartInput = { leave_type_id: personal?.id ?? 0, ...span, reason };
  return dataOf<LeaveStartResult>(
    await request.post('/api/holiday/leave', { headers: bearer(token), data: body }),
    'POST /api/holiday/leave',
  );
}

/** 李四 agrees the 请假 bill's step that waits for him (the department leader's). */
async function agreeAsLeader(request: APIRequestContext, billId: number): Promise<void> {
  const token = await apiSignIn(request, 'lisi');
  const bill = await dataOf<BillDetail>(await request.get(`/api/bills/${billId}`, { headers: bearer(token) }), `bill ${billId}`);
  expect(bill.my_task, `李四's task on bill ${billId}`).not.toBeNull();
  await dataOf<unknown>(
    await request.post(`/api/bills/flownode/${bill.my_task?.id}/agree`, { headers: bearer(token), data: { comment: '同意' } }),
    `agree bill ${billId}`,
  );
}

async function openLeaveDetails(page: Page): Promise<void> {
  await page.goto('/dashboard');
  await openFromSideMenu(page, '假期管理', LeaveRecordsTexts.title);
  await expect(page.getByRole('heading', { name: LeaveRecordsTexts.title })).toBeVisible();
}

/** The team calendar of a month, typed into its month picker. */
async function showMonth(page: Page, month: string): Promise<void> {
  await page.getByRole('tab', { name: LeaveRecordsTexts.tabCalendar }).click();
  const picker = page.getByRole('textbox', { name: LeaveRecordsTexts.month });
  await picker.click();
  await picker.fill(month);
  await picker.press('Enter');
  await expect(picker).toHaveValue(month);
}

/** A day's cell of the month grid, by the full date its name starts with. */
function dayCell(page: Page, year: number, month: number, day: number, weekday: string) {
  return page
    .getByRole('table', { name: LeaveRecordsTexts.calendarCaption(year, month) })
    .getByRole('cell', { name: new RegExp(`^${LeaveRecordsTexts.dayLabel(year, month, day, weekday)}`) });
}

test("[HOLIDAY] a department leader finds the team's leave on 请假记录 and on the team calendar", async ({ page, request }) => {
  const person = await createPerson(request, `请假${nameTag()}`);
  // Monday afternoon to Wednesday: 2.5 days, in approval; Friday the 10th, agreed by 李四.
  const waiting = await askLeave(
    request,
    person,
    { start_day: '2045-03-06', start_half: 'pm', end_day: '2045-03-08', end_half: 'pm' },
    '家中装修',
  );
  const agreed = await askLeave(
    request,
    person,
    { start_day: '2045-03-10', start_half: 'am', end_day: '2045-03-10', end_half: 'pm' },
    '陪家人就医',
  );
  expect([waiting.leave.days, agreed.leave.days]).toEqual([2.5, 1]);
  await agreeAsLeader(request, agreed.bill_id);

  await signInViaApi(page, 'lisi');
  await openLeaveDetails(page);
  // antd Segmented: the radio itself is hidden, its label takes the click.
  await page.getByRole('radiogroup', { name: LeaveRecordsTexts.scope }).getByText(LeaveRecordsTexts.scopes.team, { exact: true }).click();
  await expect(page.getByRole('radio', { name: LeaveRecordsTexts.scopes.team })).toBeChecked();
  const search = page.getByRole('searchbox', { name: LeaveRecordsTexts.keyword });
  await search.fill(person.name);
  await search.press('Enter');
  const table = page.getByRole('table', { name: LeaveRecordsTexts.tabRecords });
  const rows = table.getByRole('row').filter({ hasText: person.name });
  await expect(rows).toHaveCount(2);
  // Newest first.
  const agreedRow = rows.nth(0);
  await expect(agreedRow).toContainText('2045-03-10 上午 至 2045-03-10 下午');
  await expect(agreedRow.getByRole('cell', { name: '1', exact: true })).toBeVisible();
  await expect(agreedRow).toContainText(LEAVE_STATUS_LABELS.approved);
  const waitingRow = rows.nth(1);
  await expect(waitingRow).toContainText('事假');
  await expect(waitingRow).toContainText('2045-03-06 下午 至 2045-03-08 下午');
  await expect(waitingRow.getByRole('cell', { name: '2.5', exact: true })).toBeVisible();
  await expect(waitingRow).toContainText(LEAVE_STATUS_LABELS.applying);
  await expect(waitingRow.getByRole('link', { name: LeaveRecordsTexts.openBill })).toHaveAttribute(
    'href',
    new RegExp(`billID=${waiting.bill_id}&`),
  );
  await saveScreenshot(page, 'leave-details-records');

  await showMonth(page, '2045-03');
  // Monday the 6th: the afternoon only, in approval; Tuesday whole; Wednesday whole; Thursday nobody; Friday agreed.
  await expect(dayCell(page, 2045, 3, 6, '星期一')).toContainText(`${person.name} 下午 事假（${LEAVE_STATUS_LABELS.applying}）`);
  await expect(dayCell(page, 2045, 3, 7, '星期二')).toContainText(`${person.name} 事假（${LEAVE_STATUS_LABELS.applying}）`);
  await expect(dayCell(page, 2045, 3, 9, '星期四')).not.toContainText(person.name);
  await expect(dayCell(page, 2045, 3, 10, '星期五')).toContainText(`${person.name} 事假`);
  await expect(dayCell(page, 2045, 3, 10, '星期五')).not.toContainText(LEAVE_STATUS_LABELS.applying);
  await saveScreenshot(page, 'leave-details-calendar');

  // The month before has none of it.
  await page.getByRole('button', { name: LeaveRecordsTexts.previousMonth }).click();
  await expect(page.getByRole('textbox', { name: LeaveRecordsTexts.month })).toHaveValue('2045-02');
  await expect(page.getByRole('table', { name: LeaveRecordsTexts.calendarCaption(2045, 2) })).not.toContainText(person.name);
});

test('[HOLIDAY] a colleague sees only their own leave on 请假记录, without 我的团队', async ({ page, request }) => {
  const person = await createPerson(request, `请假${nameTag()}`);
  await askLeave(request, person, { start_day: '2045-04-10', start_half: 'am', end_day: '2045-04-10', end_half: 'am' }, '办理证件');

  await signInViaApi(page, person.username, { password: person.password });
  await openLeaveDetails(page);
  const table = page.getByRole('table', { name: LeaveRecordsTexts.tabRecords });
  await expect(table.getByRole('row').filter({ hasText: '2045-04-10 上午 至 2045-04-10 上午' })).toHaveCount(1);
  await expect(table.getByRole('row').filter({ hasText: '0.5' })).toContainText(LEAVE_STATUS_LABELS.applying);
  await expect(table.getByRole('columnheader', { name: LeaveRecordsTexts.columnName })).toHaveCount(0);
  await expect(page.getByRole('radio', { name: LeaveRecordsTexts.scopes.team })).toHaveCount(0);
  await expect(page.getByRole('searchbox', { name: LeaveRecordsTexts.keyword })).toHaveCount(0);

  await showMonth(page, '2045-04');
  await expect(dayCell(page, 2045, 4, 10, '星期一')).toContainText(`${person.name} 上午 事假（${LEAVE_STATUS_LABELS.applying}）`);
  await expect(page.getByRole('combobox', { name: LeaveRecordsTexts.dept })).toHaveCount(0);

  // On a phone the month is a list of the days someone is away.
  await page.setViewportSize({ width: 390, height: 844 });
  const days = page.getByRole('list', { name: LeaveRecordsTexts.calendarCaption(2045, 4) });
  await expect(days.getByRole('listitem').filter({ hasText: LeaveRecordsTexts.dayLabel(2045, 4, 10, '星期一') })).toContainText(
    `${person.name} 上午 事假（${LEAVE_STATUS_LABELS.applying}）`,
  );
  await saveScreenshot(page, 'leave-details-phone');
});
