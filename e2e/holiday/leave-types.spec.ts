import { expect, test } from '@playwright/test';
import { LeaveMessages, LeaveTexts, LeaveTypeMessages, LeaveTypeTexts } from '@osp/shared';
import { signInViaApi } from '../support/api';
import { createPerson, nameTag } from '../support/people';
import { saveScreenshot } from '../support/screenshots';
import { button, dialog, openFromSideMenu } from '../support/ui';
import type { Locator, Page } from '@playwright/test';

/*
 * HR's leave types (issue 17): the administrator adds a type of the journey's own on 请假类型 — whole days only —
 * is refused its name a second time at the field, and a colleague then finds it on 申请请假, where an afternoon start
 * is refused by the type's rule before anything is sent; switched off, it is gone from the form.
 */

const shownOption = (page: Page, title: string) =>
  page.getByTitle(title, { exact: true }).and(page.locator('.ant-select-item')).filter({ visible: true });

async function choose(page: Page, select: Locator, option: string): Promise<void> {
  await select.click();
  await shownOption(page, option).click();
}

test('[LEAVE] HR adds a whole-day leave type; a colleague asks for it and is told to take whole days; switched off it is gone', async ({
  page,
  browser,
  request,
}) => {
  const typeName = `探亲${nameTag()}`;
  const person = await createPerson(request, `探亲人${nameTag()}`);

  await signInViaApi(page, 'admin');
  await page.goto('/dashboard');
  await openFromSideMenu(page, '假期管理', LeaveTypeTexts.title);
  await expect(page.getByRole('heading', { name: LeaveTypeTexts.title })).toBeVisible();
  await button(page.locator('.admin-page').filter({ visible: true }), LeaveTypeTexts.add).click();
  const create = dialog(page, LeaveTypeTexts.createTitle);
  await create.getByLabel(LeaveTypeTexts.name).fill(typeName);
  await create.getByRole('switch', { name: LeaveTypeTexts.half }).click();
  await create.getByLabel(LeaveTypeTexts.attachment).fill('3');
  await button(create, LeaveTypeTexts.save).click();
  await expect(page.getByText(LeaveTypeMessages.created)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: typeName });
  await expect(row).toContainText(LeaveTypeTexts.attachmentOver(3));
  await expect(row).toContainText(LeaveTypeTexts.enabled);

  // The same name again is refused at the field, nothing added.
  await button(page.locator('.admin-page').filter({ visible: true }), LeaveTypeTexts.add).click();
  const again = dialog(page, LeaveTypeTexts.createTitle);
  await again.getByLabel(LeaveTypeTexts.name).fill(typeName);
  await button(again, LeaveTypeTexts.save).click();
  await expect(again.getByText(LeaveTypeMessages.nameTaken(typeName))).toBeVisible();
  await again.getByRole('button', { name: /取\s*消/ }).click();
  await expect(page.getByRole('row').filter({ hasText: typeName })).toHaveCount(1);
  await saveScreenshot(page, 'leave-types');

  // The colleague finds it on 申请请假; an afternoon start breaks its whole-day rule.
  const colleagueContext = await browser.newContext();
  const colleague = await colleagueContext.newPage();
  await signInViaApi(colleague, person.username, { password: person.password });
  await colleague.goto(LeaveTexts.newPath);
  const form = colleague.locator('.leave-request');
  const typeSelect = form.locator('.ant-select').filter({ has: colleague.locator('#leave-request_leave_type_id') });
  await choose(colleague, typeSelect, typeName);
  for (const [label, day] of [
    [LeaveTexts.start, '2046-03-05'],
    [LeaveTexts.end, '2046-03-06'],
  ] as const) {
    const input = colleague.getByRole('textbox', { name: label, exact: true });
    await input.click();
    await input.fill(day);
    await input.press('Enter');
  }
  await choose(colleague, form.locator('.ant-select').filter({ has: colleague.getByLabel(`${LeaveTexts.start}时段`) }), '下午');
  await expect(colleague.getByTestId('leave-days')).toHaveText(LeaveTexts.daysValue(1.5));
  await expect(form.getByText(LeaveMessages.halfNotAllowed(typeName))).toBeVisible();
  await saveScreenshot(colleague, 'leave-types-form');

  // HR switches it off: a fresh form no longer offers it.
  await row.getByRole('button', { name: `${LeaveTypeTexts.edit}「${typeName}」` }).click();
  const edit = dialog(page, LeaveTypeTexts.editTitle(typeName));
  await expect(edit.getByLabel(LeaveTypeTexts.name)).toBeDisabled();
  await edit.getByRole('switch', { name: LeaveTypeTexts.enabledLabel }).click();
  await button(edit, LeaveTypeTexts.save).click();
  await expect(page.getByText(LeaveTypeMessages.saved)).toBeVisible();
  await expect(row).toContainText(LeaveTypeTexts.disabled);

  await colleague.reload();
  await form
    .locator('.ant-select')
    .filter({ has: colleague.locator('#leave-request_leave_type_id') })
    .click();
  await expect(shownOption(colleague, '年假')).toBeVisible();
  await expect(shownOption(colleague, typeName)).toHaveCount(0);
  await colleagueContext.close();
});
