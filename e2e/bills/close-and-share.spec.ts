import { expect, test, type Locator, type Page } from '@playwright/test';
import { ApprovalMessages, BillPageMessages, type BillListRow, type Paged } from '@osp/shared';
import { createPerson, nameTag } from '../support/people';
import { saveScreenshot } from '../support/screenshots';
import { button, dialog, message } from '../support/ui';
import { actAs, detailUrl, formItem, getData, outingForm, listRow, searchBox, submitBill, uniqueTitle } from './bill-helpers';

/*
 * Two bill actions that change who sees a bill (issue 4; bills.policy.ts): a bill administrator (admin holds
 * bill_admin) closes a bill still in its flow, which takes the task away from its handler; the initiator shares a
 * submitted bill, which lets a colleague read it who was refused before. Each journey submits its own bill, as a
 * 技术部 colleague of its own (李四 is their department leader).
 */

function explain(item: Locator): Locator {
  return item.locator('.ant-form-item-explain-error');
}

/** The OK button of an antd modal, by its label (antd spaces two-character labels: "关 闭"). */
function okButton(box: Locator, label: string): Locator {
  return button(box.locator('.ant-modal-footer'), label);
}

/** The detail page's 403 for a reader the bill is not for, told once (one toast, not one per call). */
async function expectRefused(page: Page): Promise<void> {
  await expect(page.locator('.ant-result-403').filter({ hasText: ApprovalMessages.billUnavailable })).toBeVisible();
  await expect(page.locator('.ant-message-notice').filter({ hasText: ApprovalMessages.billUnavailable })).toHaveCount(1);
  await expect(page.locator('.bill-summary__title')).toHaveCount(0);
}

test('[BILLS] an administrator closes a bill in progress with a reason: 李四 loses the task, its initiator reads why', async ({
  page,
  request,
}) => {
  const title = uniqueTitle('事假待关闭');
  const reason = '部门调整，该申请改走线下流程';
  const initiator = await createPerson(request, `请假人${nameTag()}`);
  const bill = await submitBill(request, initiator, '外出申请', title, outingForm('家中有事需处理'));
  expect(bill.current_node).toBe('部门负责人审批');

  // 李四 has it waiting.
  const lisiToken = await actAs(page, 'lisi', '/office/approval/todo');
  await expect(page.getByRole('heading', { name: '待我审批' })).toBeVisible();
  await searchBox(page, title);
  await expect(listRow(page, title)).toHaveCount(1);

  // The administrator opens it (readable to bill_admin although no handler) and closes it.
  await actAs(page, 'admin', detailUrl(bill.id, 'done'));
  await expect(page.locator('.bill-summary__title')).toHaveText(title);
  await expect(page.locator('.bill-summary__status')).toHaveText('审批中');
  await button(page.locator('.bill-actions'), '关闭').click();
  const closeDialog = dialog(page, `关闭单据 · ${title}`);
  await expect(closeDialog).toBeVisible();
  await expect(closeDialog.getByText(BillPageMessages.confirmClose)).toBeVisible();

  // Without a reason: refused at the field, and the bill stays as it is.
  await okButton(closeDialog, '关闭').click();
  const reasonItem = formItem(closeDialog, BillPageMessages.closeReason);
  await expect(explain(reasonItem)).toHaveText(ApprovalMessages.closeReasonRequired);
  await saveScreenshot(page, 'bills-close-dialog-1440');
  // Typing a reason takes the refusal away.
  await reasonItem.getByRole('textbox').fill('写了一半');
  await expect(explain(reasonItem)).toHaveCount(0);
  await button(closeDialog.locator('.ant-modal-footer'), '取消').click();
  await expect(closeDialog).toBeHidden();
  await expect(page.locator('.bill-summary__status')).toHaveText('审批中');

  // At 390 px the dialog fits the phone; the reason is given there.
  await page.setViewportSize({ width: 390, height: 844 });
  await button(page.locator('.bill-actions'), '关闭').click();
  await expect(closeDialog).toBeVisible();
  await reasonItem.getByRole('textbox').fill(reason);
  await saveScreenshot(page, 'bills-close-dialog-390');
  await okButton(closeDialog, '关闭').click();
  await expect(message(page, ApprovalMessages.closed)).toBeVisible();
  await expect(closeDialog).toBeHidden();
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(page.locator('.bill-summary__status')).toHaveText('已关闭');
  await expect(button(page.locator('.bill-actions'), '关闭')).toHaveCount(0);

  // 李四's task is gone: not in 待我审批, and the bill offers him no decision.
  await actAs(page, 'lisi', '/office/approval/todo');
  await expect(page.getByRole('heading', { name: '待我审批' })).toBeVisible();
  await searchBox(page, title);
  await expect(page.getByText(BillPageMessages.emptyBox('todo'))).toBeVisible();
  await expect(listRow(page, title)).toHaveCount(0);
  const todo = await getData<Paged<BillListRow>>(page.request, lisiToken, `/api/bills?box=todo&per_page=100`);
  expect(todo.list.map((b) => b.id)).not.toContain(bill.id);
  await page.goto(detailUrl(bill.id, 'todo'));
  await expect(page.locator('.bill-summary__status')).toHaveText('已关闭');
  await expect(button(page.locator('.bill-actions'), '同意')).toHaveCount(0);

  // The initiator sees it 已关闭 in 我发起的, and the reason in its history.
  await actAs(page, initiator, '/office/approval/mine');
  await expect(page.getByRole('heading', { name: '我发起的' })).toBeVisible();
  await searchBox(page, title);
  const row = listRow(page, title);
  await expect(row.locator('.bill-status-tag')).toHaveText('已关闭');
  await row.locator('td').first().click();
  await expect(page.locator('.bill-summary__title')).toHaveText(title);
  await expect(page.locator('.bill-summary__status')).toHaveText('已关闭');
  const closing = page.locator('.history-entry').filter({ hasText: '系统管理员' });
  await expect(closing.locator('.history-entry__action')).toHaveText('关闭');
  await expect(closing.locator('.history-entry__comment')).toHaveText(reason);
  await expect(button(page.locator('.bill-actions'), '撤回')).toHaveCount(0);
  await saveScreenshot(page, 'bills-closed-detail-1440');
});

test('[BILLS] an initiator shares a submitted bill: 刘洋 is refused before and reads it after; 陈静 still is refused', async ({
  page,
  request,
}) => {
  const title = uniqueTitle('打印机报修');
  const initiator = await createPerson(request, `报修人${nameTag()}`);
  const bill = await submitBill(request, initiator, '报修', title, {
    category: '打印机',
    location: '三楼东侧打印间',
    urgency: '一般',
    description: '打印时频繁卡纸，纸盒二无法进纸。',
  });

  // Before the share: 刘洋 (研发组) is neither initiator nor handler.
  await actAs(page, 'liuyang', detailUrl(bill.id));
  await expectRefused(page);
  await saveScreenshot(page, 'bills-share-refused-before-1440');

  // The initiator opens 分享 from the detail page; an empty choice is refused at the field.
  await actAs(page, initiator, detailUrl(bill.id));
  await expect(page.locator('.bill-summary__title')).toHaveText(title);
  await button(page.locator('.bill-actions'), '分享').click();
  const shareDialog = dialog(page, `分享 · ${title}`);
  await expect(shareDialog).toBeVisible();
  await expect(shareDialog.getByText(BillPageMessages.shareHint)).toBeVisible();
  await okButton(shareDialog, '分享').click();
  const shareTo = formItem(shareDialog, BillPageMessages.shareTo);
  await expect(explain(shareTo)).toHaveText(ApprovalMessages.shareUsersRequired);

  // 刘洋 chosen by searching his name.
  const select = shareTo.getByRole('combobox');
  await select.click();
  await select.fill('刘洋');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '刘洋（研发组）' }).click();
  await page.keyboard.press('Escape');
  await expect(shareTo.locator('.ant-select-selection-item')).toHaveText(['刘洋（研发组）']);
  await expect(explain(shareTo)).toHaveCount(0);
  await expect(shareDialog).toBeVisible();
  await saveScreenshot(page, 'bills-share-dialog-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, 'bills-share-dialog-390');
  await page.setViewportSize({ width: 1440, height: 900 });
  await okButton(shareDialog, '分享').click();
  await expect(message(page, ApprovalMessages.shared)).toBeVisible();
  await expect(shareDialog).toBeHidden();

  // After it: 刘洋 reads the bill (form and flow), with nothing to decide.
  await actAs(page, 'liuyang', detailUrl(bill.id));
  await expect(page.locator('.bill-summary__title')).toHaveText(title);
  await expect(page.getByText('三楼东侧打印间')).toBeVisible();
  await expect(page.locator('.bill-detail__flow .flow-node').first()).toBeVisible();
  for (const action of ['同意', '驳回', '分享', '关闭']) await expect(button(page.locator('.bill-actions'), action)).toHaveCount(0);

  // Sharing is with the people chosen, no one else.
  await actAs(page, 'chenjing', detailUrl(bill.id));
  await expectRefused(page);
});
