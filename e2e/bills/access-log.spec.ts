import { expect, test, type Locator, type Page } from '@playwright/test';
import { BillAccessLogMessages, BillAccessLogTexts, type ApiEnvelope, type BillAccessLogEntry, type Paged } from '@osp/shared';
import { apiSignIn, bearer } from '../support/api';
import { createPerson, nameTag } from '../support/people';
import { saveScreenshot } from '../support/screenshots';
import { actAs, detailUrl, getData, outingForm, sendData, submitBill, uniqueTitle, userIdOf } from './bill-helpers';

/*
 * 访问记录 (issue 13; docs/approval-api.md "Access log"): opening a bill's detail records who opened it, when and from
 * which address; the initiator and bill administrators read that in a 访问记录 tab beside the form, nobody else sees
 * the tab. The journey submits its own bill as a 技术部 colleague of its own (李四 is their department leader, so he
 * handles it) and shares it with a second person of its own.
 */

function accessTab(page: Page): Locator {
  return page.getByRole('tab', { name: BillAccessLogTexts.tab });
}

function logRow(page: Page, name: string): Locator {
  return page.locator('.access-log__table tbody tr:visible').filter({ hasText: name });
}

/** What the tab shows for an ISO time: the company's clock, to the second. */
function shanghaiTime(iso: string): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  }).format(new Date(iso));
}

/** A reader who may not see the log: the bill's form, and no tab beside it. */
async function expectNoAccessTab(page: Page, title: string): Promise<void> {
  await expect(page.locator('.bill-summary__title')).toHaveText(title);
  await expect(page.locator('.bill-detail__form').getByText(BillAccessLogTexts.formTab, { exact: true })).toBeVisible();
  await expect(accessTab(page)).toHaveCount(0);
}

test('[BILLS] the initiator reads who opened the bill in 访问记录; a colleague it was shared with and its handler see no tab', async ({
  page,
  request,
}) => {
  const title = uniqueTitle('事假访问记录');
  const initiator = await createPerson(request, `申请人${nameTag()}`);
  const colleague = await createPerson(request, `同事${nameTag()}`, { adminToken: initiator.adminToken });
  const bill = await submitBill(request, initiator, '外出申请', title, outingForm('陪家人看病'));
  const initiatorToken = await apiSignIn(request, initiator.username, initiator.password);
  await sendData(request, initiatorToken, 'PATCH', `/api/bills/${bill.id}/share`, { user_ids: [colleague.id] });

  // The colleague it was shared with opens it: they read it, but who else did is not theirs to see.
  const colleagueToken = await actAs(page, colleague, detailUrl(bill.id));
  await expectNoAccessTab(page, title);
  const refused = await request.get(`/api/bills/access/log?bill_id=${bill.id}`, { headers: bearer(colleagueToken) });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as ApiEnvelope<unknown>).message).toBe(BillAccessLogMessages.forbidden);

  // Its handler (李四, department leader) opens it too, and sees no tab either.
  await actAs(page, 'lisi', detailUrl(bill.id, 'todo'));
  await expectNoAccessTab(page, title);

  // The initiator opens the tab: both opens, newest first, with department, time and address; the initiator's own
  // opens are not there.
  await actAs(page, initiator, detailUrl(bill.id));
  await expect(page.locator('.bill-summary__title')).toHaveText(title);
  await accessTab(page).click();
  await expect(page.getByText(BillAccessLogTexts.hint)).toBeVisible();
  const rows = page.locator('.access-log__table tbody tr:visible').filter({ hasText: '技术部' });
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('李四');
  await expect(rows.nth(1)).toContainText(colleague.name);

  const log = await getData<Paged<BillAccessLogEntry>>(request, initiatorToken, `/api/bills/access/log?bill_id=${bill.id}`);
  expect(log.list.map((entry) => entry.user_id)).toEqual([await userIdOf(request, initiatorToken, 'lisi'), colleague.id]);
  const opened = log.list[1];
  if (!opened) throw new Error('no open of the colleague in the log');
  // The browser came over the loopback, as the server saw it.
  expect(opened.ip).toMatch(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/);
  const cells = logRow(page, colleague.name).locator('td');
  await expect(cells).toHaveText([colleague.name, '技术部', shanghaiTime(opened.opened_at), opened.ip]);
  await saveScreenshot(page, 'bills-access-log-1440');

  // On a phone each open is one line: who and when, then department and address.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(logRow(page, colleague.name)).toContainText(`技术部 · ${opened.ip}`);
  await saveScreenshot(page, 'bills-access-log-390');
  await page.setViewportSize({ width: 1440, height: 900 });

  // A bill administrator (admin holds bill_admin) has the tab too, and the form is one click away.
  await actAs(page, 'admin', detailUrl(bill.id, 'done'));
  await accessTab(page).click();
  await expect(logRow(page, colleague.name)).toBeVisible();
  await expect(logRow(page, '系统管理员')).toBeVisible();
  await page.getByRole('tab', { name: BillAccessLogTexts.formTab }).click();
  await expect(page.getByText('陪家人看病')).toBeVisible();
});
