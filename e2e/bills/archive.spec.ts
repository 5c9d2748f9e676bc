import { expect, test } from '@playwright/test';
import { ApprovalMessages, ArchiveTexts } from '@osp/shared';
import { createPerson, nameTag } from '../support/people';
import { saveScreenshot } from '../support/screenshots';
import { button, message } from '../support/ui';
import { actAs, detailUrl, outingForm, submitBill, uniqueTitle } from './bill-helpers';

/*
 * 归档 (issue 13): the demo 外出申请 passes 人事备案, an archive node, after 部门负责人审批. When 李四 agrees, the bill is
 * filed under an archive number, which its initiator reads on the detail page and in the history.
 */

test('[BILLS] an approved leave request is filed by 人事备案: its initiator reads the archive number', async ({ page }) => {
  const initiator = await createPerson(page.request, `归档人${nameTag()}`);
  const title = uniqueTitle('归档请假');
  const bill = await submitBill(page.request, initiator, '外出申请', title, outingForm('参加家人婚礼'));

  // Not filed while in approval.
  await actAs(page, initiator, detailUrl(bill.id));
  await expect(page.locator('.bill-summary__title')).toHaveText(title);
  await expect(page.locator('.bill-summary__archive')).toHaveCount(0);

  // 李四 agrees on the detail page.
  await actAs(page, 'lisi', detailUrl(bill.id, 'todo'));
  await button(page.locator('.bill-actions'), '同意').click();
  const agree = page.getByRole('dialog').filter({ hasText: title });
  await button(agree, '同意').click();
  await expect(message(page, ApprovalMessages.agreed)).toBeVisible();

  // The initiator sees it 已完成, with its number, and 归档 in the history with the same number.
  await actAs(page, initiator, detailUrl(bill.id));
  await expect(page.locator('.bill-summary__status')).toHaveText('已完成');
  const archiveNo = page.locator('.bill-summary__archive');
  await expect(archiveNo).toHaveText(/^GD\d{10}$/);
  await expect(page.locator('.bill-summary__facts')).toContainText(ArchiveTexts.archiveNo);
  const filed = page.locator('.history-entry').filter({ has: page.locator('.history-entry__action', { hasText: '归档' }) });
  await expect(filed.locator('.history-entry__comment')).toHaveText(`归档编号：${await archiveNo.innerText()}`);
  await saveScreenshot(page, 'bills-archived-1440');
});
