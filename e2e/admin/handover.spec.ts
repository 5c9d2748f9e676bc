import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { AdminUserMessages, HandoverMessages, HandoverTexts, TaskMoveSkipLabels, type BillListRow, type Paged } from '@osp/shared';
import { apiSignIn, signInViaApi } from '../support/api';
import { createDept, createPerson, nameTag, setDeptLeader, type OwnPerson } from '../support/people';
import { saveScreenshot } from '../support/screenshots';
import { button, dialog, message } from '../support/ui';
import { getData, outingForm, sendData, submitBill, templateIdOf, uniqueTitle } from '../bills/bill-helpers';

/*
 * 离职交接 (docs/admin-users.md): an administrator hands a leaving department leader's to-dos and drafts to a
 * colleague from 用户管理; the colleague's own request cannot go to them and stays, listed; disabling the leaver,
 * who still holds it, offers the handover again, to a second colleague, and disables once nothing is left. The
 * journey makes its own department and people, so the boxes it reads hold only its own bills.
 */

async function boxOf(request: APIRequestContext, person: OwnPerson, box: 'todo' | 'draft') {
  const token = await apiSignIn(request, person.username, person.password);
  const rows = (await getData<Paged<BillListRow>>(request, token, `/api/bills?box=${box}&per_page=100`)).list;
  return new Map(rows.map((row) => [row.id, row.on_behalf_of ?? null]));
}

async function pickPerson(page: Page, scope: Locator, name: string) {
  await scope.locator('.ant-select').click();
  await page.keyboard.type(name);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: name }).click();
}

test('[ADMIN-USERS] an administrator hands a leaver’s work over, then disabling them offers the handover of what was left', async ({
  page,
  request,
}) => {
  const tag = nameTag();
  const adminToken = await apiSignIn(request, 'admin');
  const deptId = await createDept(request, adminToken, `交接部${tag}`);
  const leaver = await createPerson(request, `离职主管${tag}`, { adminToken, deptId });
  await setDeptLeader(request, adminToken, deptId, leaver.id);
  const receiver = await createPerson(request, `接手人${tag}`, { adminToken, deptId });
  const second = await createPerson(request, `二号接手${tag}`, { adminToken, deptId });
  const initiator = await createPerson(request, `申请人${tag}`, { adminToken, deptId });
  const moved = await submitBill(request, initiator, '外出申请', uniqueTitle('交接待办'), outingForm('家中有事'));
  const receiversOwn = await submitBill(request, receiver, '外出申请', uniqueTitle('接手人请假'), outingForm('看病'));
  const leaverToken = await apiSignIn(request, leaver.username, leaver.password);
  const templateId = await templateIdOf(request, leaverToken, '外出申请');
  const draft = await sendData<{ id: number }>(request, leaverToken, 'POST', '/api/bills', {
    template_id: templateId,
    title: uniqueTitle('交接草稿'),
    form: outingForm('草稿'),
  });

  await signInViaApi(page, 'admin');
  await page.goto('/system/users');
  const search = page.getByRole('searchbox', { name: '搜索用户' });
  await search.fill(leaver.username);
  await search.press('Enter');
  const row = page.locator('.users-table tbody tr').filter({ hasText: leaver.username });
  await expect(page.locator('.users-table tbody tr')).toHaveCount(1);

  // 更多 → 离职交接: what the leaver holds, a receiver, 移交.
  await row.getByRole('button', { name: `更多操作 ${leaver.username}` }).click();
  await page.getByRole('menuitem', { name: HandoverTexts.action }).click();
  const handover = dialog(page, HandoverTexts.title(leaver.name));
  await expect(handover.getByText(HandoverTexts.openTasksValue(2, 2))).toBeVisible();
  await expect(handover.getByText(HandoverTexts.draftsValue(1))).toBeVisible();
  await pickPerson(page, handover, receiver.name);
  await button(handover, HandoverTexts.submit).click();
  await expect(message(page, HandoverMessages.done(receiver.name, 1, 1, 0))).toBeVisible();

  // The receiver's own request stayed with the leaver, and the dialog says so and stays open.
  await expect(handover.getByText(HandoverTexts.skippedTitle)).toBeVisible();
  await expect(handover.getByText(`${receiversOwn.title}：${TaskMoveSkipLabels.initiator}`)).toBeVisible();
  await expect(handover.getByText(HandoverTexts.openTasksValue(1, 1))).toBeVisible();
  await saveScreenshot(page, 'admin-users-handover-1440');
  await page.screenshot({ path: '/tmp/e2e-handover-skipped.png', fullPage: true, animations: 'disabled' });
  expect((await boxOf(request, receiver, 'todo')).get(moved.id)).toBe(`代离职主管${tag}审批`);
  expect([...(await boxOf(request, receiver, 'draft')).keys()]).toEqual([draft.id]);
  await button(handover, '取消').click();
  await expect(handover).toBeHidden();

  // 禁用 while a to-do is left: the handover is offered first; 移交并禁用 moves it and disables.
  await row.getByRole('button', { name: `更多操作 ${leaver.username}` }).click();
  await page.getByRole('menuitem', { name: '禁用' }).click();
  const disabling = dialog(page, HandoverTexts.disableTitle(leaver.name));
  await expect(disabling.getByText(HandoverMessages.confirmDisableWithTasks(leaver.name, 1))).toBeVisible();
  await expect(button(disabling, HandoverTexts.disableOnly)).toBeVisible();
  await pickPerson(page, disabling, second.name);
  await page.screenshot({ path: '/tmp/e2e-handover-disable.png', fullPage: true, animations: 'disabled' });
  await button(disabling, HandoverTexts.submitAndDisable).click();
  await expect(message(page, HandoverMessages.done(second.name, 1, 0, 0))).toBeVisible();
  await expect(message(page, AdminUserMessages.disabled)).toBeVisible();
  await expect(disabling).toBeHidden();
  await expect(row).toContainText('禁用');
  expect((await boxOf(request, second, 'todo')).get(receiversOwn.id)).toBe(`代离职主管${tag}审批`);
});
