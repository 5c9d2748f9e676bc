import { expect, test } from '@playwright/test';
import { RelatedMessages, RelatedTexts } from '@osp/shared';
import { createPerson, nameTag } from '../support/people';
import { saveScreenshot } from '../support/screenshots';
import { button, dialog, message } from '../support/ui';
import { actAs, detailUrl, formItem, outingForm, submitBill, uniqueTitle } from './bill-helpers';

/*
 * 关联审批 (issue 13, /api/relatedbusiness): an initiator links a bill to an earlier one of theirs; the handler sees
 * the link and opens the linked bill; the linked bill shows who links to it.
 */

test('[BILLS] an initiator links a leave request to an earlier one; 李四 sees it both ways and opens it', async ({ page }) => {
  const initiator = await createPerson(page.request, `关联人${nameTag()}`);
  const earlierTitle = uniqueTitle('上周请假');
  const laterTitle = uniqueTitle('本周续假');
  const earlier = await submitBill(page.request, initiator, '外出申请', earlierTitle, outingForm('上周家中有事'));
  const later = await submitBill(page.request, initiator, '外出申请', laterTitle, outingForm('续假处理家事'));

  await actAs(page, initiator, detailUrl(later.id));
  const card = page.locator('.bill-related');
  await expect(card.getByText(RelatedTexts.empty)).toBeVisible();
  await button(card, RelatedTexts.add).click();
  const addDialog = dialog(page, RelatedTexts.add);

  // Nothing chosen: refused at the field.
  await button(addDialog.locator('.ant-modal-footer'), RelatedTexts.add).click();
  await expect(formItem(addDialog, RelatedTexts.title).locator('.ant-form-item-explain-error')).toHaveText(RelatedMessages.relatedRequired);

  // The earlier bill found by its title; the bill itself is not offered.
  const picker = formItem(addDialog, RelatedTexts.title).getByRole('combobox');
  await picker.click();
  await picker.fill(earlierTitle);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: earlierTitle }).click();
  await picker.fill(laterTitle);
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: laterTitle })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await button(addDialog.locator('.ant-modal-footer'), RelatedTexts.add).click();
  await expect(message(page, RelatedMessages.linked)).toBeVisible();
  await expect(addDialog).toBeHidden();
  await expect(card.getByRole('link', { name: earlierTitle })).toBeVisible();
  await saveScreenshot(page, 'bills-related-1440');

  // 李四 handles both: the link shows on the later bill and opens the earlier one, which shows who links to it.
  await actAs(page, 'lisi', detailUrl(later.id, 'todo'));
  await expect(card.getByRole('link', { name: earlierTitle })).toBeVisible();
  await expect(button(card, RelatedTexts.add)).toHaveCount(0);
  await expect(button(card, RelatedTexts.remove)).toHaveCount(0);
  await card.getByRole('link', { name: earlierTitle }).click();
  await expect(page.locator('.bill-summary__title')).toHaveText(earlierTitle);
  await expect(card.getByText(RelatedTexts.linkedFrom)).toBeVisible();
  await expect(card.getByRole('link', { name: laterTitle })).toBeVisible();

  // The initiator removes the link; the earlier bill no longer shows it.
  await actAs(page, initiator, detailUrl(later.id));
  await button(card.locator('.ant-list-item').filter({ hasText: earlierTitle }), RelatedTexts.remove).click();
  await expect(message(page, RelatedMessages.unlinked)).toBeVisible();
  await expect(card.getByText(RelatedTexts.empty)).toBeVisible();
  await page.goto(detailUrl(earlier.id));
  await expect(page.locator('.bill-summary__title')).toHaveText(earlierTitle);
  await expect(card.getByText(RelatedTexts.empty)).toBeVisible();
  await expect(card.getByText(RelatedTexts.linkedFrom)).toHaveCount(0);
});
