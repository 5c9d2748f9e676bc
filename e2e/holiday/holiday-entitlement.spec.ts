import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  HOLIDAY_ENTITLEMENT_REASON,
  HolidayAdminTexts,
  HolidayEntitlementMessages,
  HolidayEntitlementTexts,
  type ApiEnvelope,
  type HolidayStatsDetail,
} from '@osp/shared';
import { bearer, signInViaApi } from '../support/api';
import { createPerson, nameTag } from '../support/people';
import { saveScreenshot } from '../support/screenshots';
import { button, closeDrawer, confirmation, dialog, message, openFromSideMenu } from '../support/ui';

/*
 * 年度发放 (issue 17): the administrator gives three colleagues of the journey's own a 参加工作日期 — two through the
 * API, one in the preview — and one of them unused days of the year before; on 假期额度 → 年度发放 for 2047 (a year no
 * other journey uses) the preview shows each person's 工龄, statutory days, carry-over and totals, the one without a
 * date flagged; after 确认发放 the list shows the new totals of 2047 and 调整记录 the 年度发放 entry. Other people's
 * rows (the demo company, other journeys' people) are in the same preview: the journey reads its own by name.
 */

const YEAR = 2047;
const words = HolidayEntitlementTexts;

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['put']>>, what: string): Promise<T> {
  expect(response.status(), what).toBe(200);
  const body = (await response.json()) as ApiEnvelope<T>;
  expect(body.status_code, `${what}: ${body.message}`).toBe(0);
  return body.data;
}

/** The cells of a table row as read, in column order. */
const cells = (row: Locator) => row.getByRole('cell');

/**
 * 确认发放 and its confirmation. Other journeys add people meanwhile, which makes the preview stale: the server refuses
 * it with a message and the dialog reads the preview again, so HR confirms again — as the journey does.
 */
async function confirmApply(page: Page, panel: Locator): Promise<void> {
  const applied = page.getByText(new RegExp(`^已完成 ${YEAR} 年度发放`)).first();
  const stale = page.getByText(HolidayEntitlementMessages.stale).first();
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    await expect(button(panel, words.apply)).toBeEnabled();
    await button(panel, words.apply).click();
    const confirm = confirmation(page, words.apply);
    await confirm.ok.click();
    await expect(applied.or(stale)).toBeVisible();
    if (await applied.isVisible()) return;
    // Refused as stale: the toast goes, the preview is read again, and HR confirms again.
    await expect(stale).toBeHidden();
  }
  await expect(applied).toBeVisible();
}

test('[HOLIDAY] HR previews the yearly entitlement by seniority and carry-over, sets a missing 参加工作日期, and applies it', async ({
  page,
  request,
}) => {
  const tag = nameTag();
  const senior = await createPerson(request, `年假${tag}甲`);
  const token = senior.adminToken;
  const junior = await createPerson(request, `年假${tag}乙`, { adminToken: token });
  const undated = await createPerson(request, `年假${tag}丙`, { adminToken: token });
  const headers = bearer(token);
  // 甲: 11 years at 2047-01-01 (10 days) and 8 unused days of 2046 (5 carried); 乙: 1 year (5 days); 丙: no date yet.
  await ok(await request.put(`/api/holiday/profiles/${senior.id}`, { headers, data: { work_start_day: '2036-01-01' } }), 'senior');
  await ok(await request.put(`/api/holiday/profiles/${junior.id}`, { headers, data: { work_start_day: '2045-03-01' } }), 'junior');
  await ok(
    await request.patch(`/api/holiday/stats/${senior.id}/change`, { headers, data: { year: YEAR - 1, delta: 8, reason: '上年额度' } }),
    'senior 2046',
  );

  await signInViaApi(page, 'admin');
  await page.goto('/dashboard');
  await openFromSideMenu(page, '假期管理', HolidayAdminTexts.statsTitle);
  await expect(page.getByRole('heading', { name: HolidayAdminTexts.statsTitle })).toBeVisible();
  await button(page, words.open).click();
  const issue = dialog(page, words.title);
  await issue.getByRole('spinbutton', { name: words.year }).fill(String(YEAR));
  await expect(issue.getByTestId('entitlement-rules')).toHaveText(
    '满 1 年 5 天，满 10 年 10 天，满 20 年 15 天；结转上限 5 天，有效期至当年 03-31',
  );
  await issue.getByRole('searchbox', { name: words.filter }).fill(tag);
  const table = issue.getByRole('table', { name: words.title });
  const rowOf = (name: string) => table.getByRole('row').filter({ hasText: name });

  // 姓名, 部门, 参加工作日期, 工龄, 法定天数, 结转, 当前总天数, 发放后, 变化, 提示.
  await expect(cells(rowOf(senior.name))).toHaveText([
    senior.name,
    /.+/,
    /^2036-01-01/,
    '11 年',
    '10',
    '5（至 2047-03-31）',
    '0',
    '15',
    '+15',
    '',
  ]);
  await expect(cells(rowOf(junior.name))).toHaveText([junior.name, /.+/, /^2045-03-01/, '1 年', '5', '0', '0', '5', '+5', '']);
  await expect(cells(rowOf(undated.name))).toHaveText([
    undated.name,
    /.+/,
    new RegExp(`^${words.none}`),
    '—',
    '0',
    '0',
    '0',
    '0',
    '0',
    HolidayEntitlementMessages.noWorkStart,
  ]);
  await expect(rowOf(undated.name)).toHaveClass(/holiday-entitlement__flagged/);
  await saveScreenshot(page, 'holiday-entitlement-preview');

  // 丙's date, from the row: the preview reads again with 26 years, 15 days.
  await rowOf(undated.name)
    .getByRole('button', { name: `${words.setWorkStart}${undated.name}的${words.workStart}` })
    .click();
  const dated = dialog(page, words.workStartTitle(undated.name));
  const picker = dated.getByRole('textbox', { name: words.workStart });
  await picker.click();
  await picker.fill('2020-07-01');
  await expect(button(dated, words.saveWorkStart)).toBeEnabled();
  // Enter takes the typed day and saves it (the form's one field).
  await picker.press('Enter');
  await expect(message(page, HolidayEntitlementMessages.workStartSaved)).toBeVisible();
  await expect(dated).toBeHidden();
  await expect(cells(rowOf(undated.name))).toHaveText([undated.name, /.+/, /^2020-07-01/, '26 年', '15', '0', '0', '15', '+15', '']);

  await confirmApply(page, issue);
  // The preview is read again: nothing more to give the journey's people.
  await expect(cells(rowOf(senior.name)).nth(8)).toHaveText('0');
  await expect(cells(rowOf(senior.name)).nth(6)).toHaveText('15');
  await saveScreenshot(page, 'holiday-entitlement-applied');

  // The rules, as HR would change them (not changed here: other journeys' years keep the statutory scale).
  await button(issue, words.editRules).click();
  const rules = dialog(page, words.rulesTitle);
  await expect(rules.getByRole('spinbutton', { name: `${words.tierDays} 3` })).toHaveValue('15');
  await expect(rules.getByRole('textbox', { name: words.carryUntil })).toHaveValue('03-31');
  await saveScreenshot(page, 'holiday-entitlement-rules');
  await button(rules, '取消').click();
  await expect(rules).toBeHidden();

  // 结转过期: 甲's carried days are usable until March 31st, 2047 — not due.
  await issue.getByRole('tab', { name: words.expiryTab }).click();
  const expiry = issue.getByRole('table', { name: words.expiryTab });
  await expect(cells(expiry.getByRole('row').filter({ hasText: senior.name }))).toHaveText([
    senior.name,
    /.+/,
    '5',
    '2047-03-31',
    '0',
    '15',
    '0',
    '15',
    `${words.states.not_due}${HolidayEntitlementMessages.notDue('2047-03-31')}`,
  ]);
  await saveScreenshot(page, 'holiday-entitlement-expiry');
  await page.keyboard.press('Escape');
  await expect(issue).toBeHidden();

  // The list shows 2047 now: the journey's three people with their totals.
  const search = page.getByRole('searchbox', { name: HolidayAdminTexts.keyword });
  await search.fill(tag);
  await search.press('Enter');
  const list = page.getByRole('table', { name: HolidayAdminTexts.statsTitle });
  const listed = (name: string) => list.getByRole('row').filter({ hasText: name });
  for (const [person, total] of [
    [senior, '15'],
    [junior, '5'],
    [undated, '15'],
  ] as const) {
    // 姓名, 用户名, 部门, 总天数, 已用, 申请中, 可用.
    await expect(cells(listed(person.name)).nth(3)).toHaveText(total);
    await expect(cells(listed(person.name)).nth(6)).toHaveText(total);
  }

  await button(listed(senior.name), HolidayAdminTexts.history).click();
  const drawer = page.getByRole('dialog', { name: HolidayAdminTexts.historyTitle(senior.name, YEAR) });
  await expect(drawer.getByText(HOLIDAY_ENTITLEMENT_REASON, { exact: true })).toBeVisible();
  await expect(drawer.getByText(HolidayAdminTexts.historyLine(0, 15))).toBeVisible();
  await saveScreenshot(page, 'holiday-entitlement-history');
  await closeDrawer(drawer);

  // The carried days left 2046.
  const before = await ok<HolidayStatsDetail>(
    await request.get(`/api/holiday/stats/${senior.id}?year=${YEAR - 1}`, { headers }),
    'senior 2046 after',
  );
  expect(before.total_day).toBe(3);
  expect(before.changes[0]?.reason).toBe(`结转至 ${YEAR} 年`);
});
