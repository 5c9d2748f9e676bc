import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  ApprovalMessages,
  BillEditTexts,
  EngineMessages,
  FormValueMessages,
  type BillDetail,
  type BillListRow,
  type Paged,
} from '@osp/shared';
import { signInViaApi } from '../support/api';
import { createPerson, nameTag } from '../support/people';
import { saveScreenshot } from '../support/screenshots';
import { button, message } from '../support/ui';
import {
  actAs,
  formItem,
  getData,
  listRow,
  openDetailPopover,
  searchBox,
  sendData,
  templateIdOf,
  uniqueTitle,
  userIdOf,
} from './bill-helpers';

/*
 * The edit page's two kinds of refusal that only the server can give (issue 4, Web: "approvers chosen where the
 * flow asks", "every server message shown at its field"):
 * - 工单's 处理 step takes its handler from the initiator (`chosen`, apps/server/src/seed/demo-approval.ts):
 *   the client cannot know which steps the route passes, so an empty choice is refused by the engine at release;
 * - a 参会人 who is disabled after the page loaded its people list passes every client check and is refused by
 *   the server's reference check (bills.service.ts checkReferences), at the field, with nothing saved.
 */

const PICKER_LABEL = BillEditTexts.chooseApprovers('处理人', '处理');

function explain(item: Locator): Locator {
  return item.locator('.ant-form-item-explain-error');
}

/** Opens an antd select inside a form item, types to search where it can and clicks the option that reads `option`. */
async function pick(page: Page, item: Locator, option: string, search?: string): Promise<void> {
  const input = item.getByRole('combobox');
  await input.click();
  if (search !== undefined) await input.fill(search);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).click();
}

async function fillTicket(page: Page, title: string): Promise<void> {
  await page.getByLabel(BillEditTexts.titleLabel).fill(title);
  await pick(page, formItem(page, '所属系统'), 'VPN');
  await page.getByLabel('工单主题').fill('开通 VPN 账号');
  await page.getByLabel('详细说明').fill('下周起居家办公，需要访问内网代码仓库。');
}

test('[BILLS] an initiator must pick the 工单 handler: refused at the picker without one, sent to 李四 with one', async ({
  page,
  request,
}) => {
  const title = uniqueTitle('VPN 工单');
  // A 技术部 colleague of the journey's own writes the bill (the demo's 张三 is the forced-article journey's).
  const initiator = await createPerson(request, `工单发起人${nameTag()}`);
  const { token } = await signInViaApi(page, initiator.username, { password: initiator.password });
  await page.goto('/office/approval');
  await page.getByRole('button', { name: '工单', exact: true }).click();
  await expect(page.getByRole('heading', { name: BillEditTexts.newTitle('工单') })).toBeVisible();

  // The picker card names the node and step the initiator chooses for.
  // 发起人自选 is picked on the form's 审批流程, at its step.
  const approvers = page.locator('.bill-path');
  await expect(approvers).toBeVisible();
  const picker = formItem(approvers, PICKER_LABEL);
  await expect(picker).toBeVisible();
  await fillTicket(page, title);

  // 提交 with nobody chosen: the engine's message under the picker; the bill stays the initiator's draft.
  await button(page.locator('.bill-edit__actions'), BillEditTexts.submit).click();
  await expect(explain(picker)).toHaveText(EngineMessages.chosenMissing('处理人'));
  await expect(message(page, EngineMessages.chosenMissing('处理人'))).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/office/approval/edit' && url.searchParams.has('billID'));
  const billId = Number(new URL(page.url()).searchParams.get('billID'));
  expect((await getData<BillDetail>(page.request, token, `/api/bills/${billId}`)).status).toBe('draft');
  await saveScreenshot(page, 'bills-picker-refused-1440');

  // 李四 chosen: the message goes, the bill goes to him.
  await pick(page, picker, '李四（技术部）', '李四');
  await expect(page.locator('.ant-select-dropdown:visible')).toBeVisible();
  await saveScreenshot(page, 'bills-picker-open-1440');
  await page.keyboard.press('Escape');
  await expect(picker.locator('.ant-select-selection-item')).toHaveText(['李四（技术部）']);
  await expect(explain(picker)).toHaveCount(0);
  await button(page.locator('.bill-edit__actions'), BillEditTexts.submit).click();
  await expect(message(page, ApprovalMessages.released)).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/office/approval/detail' && url.searchParams.get('billID') === String(billId));
  await expect(page.locator('.bill-summary__status')).toHaveText('审批中');
  const lisiId = await userIdOf(page.request, token, 'lisi');
  const released = await getData<BillDetail>(page.request, token, `/api/bills/${billId}`);
  expect(released).toMatchObject({ status: 'doing', current_node: '处理' });
  expect(Object.values(released.chosen_handlers)).toEqual([[lisiId]]);

  // The detail's flow popover names him at 处理.
  const popover = await openDetailPopover(page);
  const handle = popover.locator('.flow-node').filter({ has: page.locator('.flow-node__name', { hasText: /^处理$/ }) });
  await expect(handle.locator('.flow-step__name')).toHaveText('处理人');
  await expect(handle.locator('.flow-status')).toHaveText('等待李四审批');
  await saveScreenshot(page, 'bills-picker-popover-1440');
  await page.keyboard.press('Escape');

  // 李四 finds it in 待我审批, at 处理, and may decide it.
  await actAs(page, 'lisi', '/office/approval/todo');
  await expect(page.getByRole('heading', { name: '待我审批' })).toBeVisible();
  await searchBox(page, title);
  const row = listRow(page, title);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('处理');
  await row.locator('td', { hasText: title }).click(); // the first cell of 待我审批 selects the row for 批量同意
  await expect(page.locator('.bill-summary__title')).toHaveText(title);
  await expect(button(page.locator('.bill-actions'), '同意')).toBeVisible();
});

test('[BILLS] the approver picker at 390 px', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const initiator = await createPerson(request, `工单发起人${nameTag()}`);
  const { token } = await signInViaApi(page, initiator.username, { password: initiator.password });
  await page.goto(`/office/approval/edit?templateID=${await templateIdOf(page.request, token, '工单')}`);
  await expect(page.getByRole('heading', { name: BillEditTexts.newTitle('工单') })).toBeVisible();
  const picker = formItem(page, PICKER_LABEL);
  await pick(page, picker, '李四（技术部）', '李四');
  await pick(page, picker, '王五（财务部）', '王五');
  await page.keyboard.press('Escape');
  await expect(picker.locator('.ant-select-selection-item')).toHaveText(['李四（技术部）', '王五（财务部）']);
  await picker.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'bills-picker-390');
});

test('[BILLS] a 参会人 disabled while the initiator writes is refused by the server at its field, and the saved draft is unchanged', async ({
  page,
  request,
}) => {
  // A person of our own, so that disabling them touches no other journey.
  const guestName = `外聘顾问${Date.now().toString(36).slice(-4).toUpperCase()}`;
  const guest = await createPerson(request, guestName);
  const initiator = await createPerson(request, `会议发起人${nameTag()}`, { adminToken: guest.adminToken });
  const title = uniqueTitle('季度复盘会');
  const { token } = await signInViaApi(page, initiator.username, { password: initiator.password });
  const lisiId = await userIdOf(page.request, token, 'lisi');
  await page.goto(`/office/approval/edit?templateID=${await templateIdOf(page.request, token, '会议室预定')}`);
  await expect(page.getByRole('heading', { name: BillEditTexts.newTitle('会议室预定') })).toBeVisible();

  await page.getByLabel(BillEditTexts.titleLabel).fill(title);
  await pick(page, formItem(page, '会议室'), '二号会议室');
  const date = formItem(page, '日期').locator('input');
  await date.click();
  await date.fill('2026-06-08');
  await date.press('Enter');
  await page.getByLabel('时间段').fill('14:00-15:30');
  await page.getByLabel('会议主题').fill('第二季度复盘');
  const attendees = formItem(page, '参会人');
  await pick(page, attendees, '李四（技术部）', '李四');
  await page.keyboard.press('Escape');

  await button(page.locator('.bill-edit__actions'), BillEditTexts.saveDraft).click();
  await expect(message(page, ApprovalMessages.saved)).toBeVisible();
  await expect(page).toHaveURL((url) => url.searchParams.has('billID'));
  const billId = Number(new URL(page.url()).searchParams.get('billID'));
  const saved = await getData<BillDetail>(page.request, token, `/api/bills/${billId}`);
  expect(saved.form.attendees).toEqual([lisiId]);

  // The guest is in the list the page loaded; the administrator disables them before the initiator saves.
  await pick(page, attendees, guestName, guestName);
  await page.keyboard.press('Escape');
  await expect(attendees.locator('.ant-select-selection-item')).toHaveCount(2);
  await sendData(request, guest.adminToken, 'PATCH', `/api/admin/users/${guest.id}/status`, { status: 0 });

  const refusal = FormValueMessages.user('参会人');
  await button(page.locator('.bill-edit__actions'), BillEditTexts.saveDraft).click();
  await expect(explain(attendees)).toHaveText(refusal);
  await expect(message(page, refusal)).toBeVisible();
  await saveScreenshot(page, 'bills-server-422-at-field-1440');
  const afterSave = await getData<BillDetail>(page.request, token, `/api/bills/${billId}`);
  expect(afterSave.version).toBe(saved.version);
  expect(afterSave.form.attendees).toEqual([lisiId]);

  // 提交 is refused the same way, and the bill does not enter the flow.
  await button(page.locator('.bill-edit__actions'), BillEditTexts.submit).click();
  await expect(explain(attendees)).toHaveText(refusal);
  await expect(page).toHaveURL((url) => url.pathname === '/office/approval/edit');
  const afterSubmit = await getData<BillDetail>(page.request, token, `/api/bills/${billId}`);
  expect(afterSubmit).toMatchObject({ status: 'draft', version: saved.version });
  expect(afterSubmit.form.attendees).toEqual([lisiId]);

  // Reloaded, the page shows what was saved: 李四 alone.
  await page.reload();
  await expect(page.getByLabel(BillEditTexts.titleLabel)).toHaveValue(title);
  await expect(formItem(page, '参会人').locator('.ant-select-selection-item')).toHaveText(['李四（技术部）']);
  // No second draft came of the refusals.
  const drafts = await getData<Paged<BillListRow>>(page.request, token, '/api/bills?box=draft&per_page=100');
  expect(drafts.list.filter((b) => b.title === title)).toHaveLength(1);
});
