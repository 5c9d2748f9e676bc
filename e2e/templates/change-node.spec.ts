import { expect, test } from '@playwright/test';
import {
  ApprovalMessages,
  ChangeMessages,
  FIELD_ACCESS_LABELS,
  FieldAccessTexts,
  type ApiEnvelope,
  type BillDetail,
  type TemplateDetail,
  type TemplateGroup,
} from '@osp/shared';
import { apiSignIn, bearer, signInViaApi } from '../support/api';
import { createPerson, nameTag } from '../support/people';
import { saveScreenshot } from '../support/screenshots';
import { button, closeDrawer, message, openPrintPage } from '../support/ui';
import { actAs, detailUrl, formItem, getData, sendData, uniqueTitle } from '../bills/bill-helpers';

/*
 * 变更节点 (issue 13): an administrator opens the change node 财务核对 of a new template in the flow designer and sets its
 * field permissions — 金额 可编辑, 内部备注 隐藏 — and publishes. A bill reaches the node; its handler sees 内部备注 nowhere,
 * edits 金额 (and only 金额: 事由 is not offered, and the server refuses it), saves, and agrees. The history shows
 * 金额 old → new, for the handler and the initiator alike.
 */

test.slow();

test('[TEMPLATES] a change-node handler edits an allowed field and cannot edit another; the history shows old → new', async ({
  page,
  request,
}) => {
  const admin = await apiSignIn(request, 'admin');
  const tag = nameTag();
  const [initiator, handler] = await Promise.all([
    createPerson(request, `变更发起${tag}`, { adminToken: admin }),
    createPerson(request, `财务核对${tag}`, { adminToken: admin }),
  ]);
  const groups = await getData<TemplateGroup[]>(request, admin, '/api/template/groups');
  const templateName = `采购变更${tag}`;
  const template = await sendData<TemplateDetail>(request, admin, 'POST', '/api/templates', {
    group_id: groups[0]?.id,
    name: templateName,
    form_schema: {
      fields: [
        { key: 'reason', type: 'text', label: '采购事由', required: true },
        { key: 'amount', type: 'money', label: '采购金额', required: true },
        { key: 'note', type: 'text', label: '内部备注', required: false },
      ],
    },
    flow: {
      nodes: [
        { id: 'start', type: 'start', name: '发起', steps: [] },
        {
          id: 'chg',
          type: 'change',
          name: '财务核对',
          steps: [{ id: 'chg-1', name: '核对金额', type: 'orsign', source: { kind: 'users', userIds: [handler.id] } }],
        },
        { id: 'end', type: 'end', name: '结束', steps: [] },
      ],
      links: [
        { id: 'a', from: 'start', to: 'chg' },
        { id: 'b', from: 'chg', to: 'end' },
      ],
      settings: {},
    },
  });

  // The administrator sets the node's field permissions in the designer.
  await signInViaApi(page, 'admin');
  await page.goto(`/office/templates/design?templateID=${template.id}`);
  await page.getByRole('tab', { name: '流程设计' }).click();
  await page.getByTestId('flow-node-chg').getByRole('button', { name: '编辑节点「财务核对」' }).click();
  const drawer = page.getByRole('dialog', { name: /财务核对/ });
  const permissions = drawer.getByRole('region', { name: FieldAccessTexts.title });
  const amount = permissions.getByRole('radiogroup', { name: FieldAccessTexts.fieldLabel('采购金额') });
  await expect(amount.getByRole('radio', { name: FIELD_ACCESS_LABELS.read })).toBeChecked();
  // Button-style radios: the visible part is the label.
  await amount.getByText(FIELD_ACCESS_LABELS.edit, { exact: true }).click();
  const note = permissions.getByRole('radiogroup', { name: FieldAccessTexts.fieldLabel('内部备注') });
  await note.getByText(FIELD_ACCESS_LABELS.hidden, { exact: true }).click();
  await expect(note.getByRole('radio', { name: FIELD_ACCESS_LABELS.hidden })).toBeChecked();
  await expect(amount.getByRole('radio', { name: FIELD_ACCESS_LABELS.edit })).toBeChecked();
  await saveScreenshot(page, 'templates-change-node-permissions-1440');
  await closeDrawer(drawer);
  await expect(page.getByTestId('flow-node-chg')).toContainText('办理人可修改：采购金额');
  await button(page, '发布').click();
  await button(page.getByRole('dialog', { name: '发布模板？' }), '发布').click();
  await expect(message(page, ApprovalMessages.templatePublished)).toBeVisible();
  // Read back after a reload: the working copy kept them.
  await page.reload();
  await page.getByRole('tab', { name: '流程设计' }).click();
  await expect(page.getByTestId('flow-node-chg')).toContainText('办理人可修改：采购金额');

  // A bill reaches the change node at once.
  const initiatorToken = await apiSignIn(request, initiator.username, initiator.password);
  const title = uniqueTitle('采购显示器');
  const draft = await sendData<BillDetail>(request, initiatorToken, 'POST', '/api/bills', {
    template_id: template.id,
    title,
    form: { reason: '采购显示器两台', amount: '1200.00', note: '供应商返点 3%' },
  });
  await sendData<BillDetail>(request, initiatorToken, 'POST', `/api/bills/${draft.id}/release`, { version: draft.version });

  // The handler: 内部备注 is nowhere on the page; only 采购金额 is offered for editing.
  await actAs(page, handler, detailUrl(draft.id, 'todo'));
  const card = page.locator('.bill-change');
  await expect(card).toContainText(ChangeMessages.cardTitle);
  await expect(page.getByText('供应商返点 3%')).toHaveCount(0);
  await expect(page.locator('.bill-detail__form')).not.toContainText('内部备注');
  await expect(formItem(card, '采购事由')).toHaveCount(0);
  const amountInput = formItem(card, '采购金额').getByRole('textbox');
  await expect(amountInput).toHaveValue('1200.00');
  await amountInput.fill('1080.00');
  await formItem(card, ChangeMessages.commentLabel).getByRole('textbox').fill('按发票金额调整');
  await button(card, ChangeMessages.save).click();
  await expect(message(page, ChangeMessages.saved)).toBeVisible();
  const entry = page.locator('.history-entry').filter({ has: page.locator('.history-entry__action', { hasText: '变更' }) });
  await expect(entry.locator('.history-entry__changes')).toHaveText('采购金额：1200.00 → 1080.00');
  await expect(entry.locator('.history-entry__comment')).toHaveText('按发票金额调整');
  await expect(page.locator('.bill-detail__form')).toContainText('1,080.00');
  await saveScreenshot(page, 'bills-change-node-saved-1440');

  // On a phone the card and its field fit the screen, and the history's old → new wraps inside its card.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(amountInput).toBeVisible();
  for (const part of [card, amountInput, entry.locator('.history-entry__changes')]) {
    const box = await part.boundingBox();
    expect(box, 'laid out').not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  }
  await card.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'bills-change-node-card-390');
  await page.setViewportSize({ width: 1440, height: 900 });

  // 采购事由 is not theirs to edit: the server refuses it by name, and nothing changes.
  const handlerToken = await apiSignIn(request, handler.username, handler.password);
  const refused = (await (
    await request.patch(`/api/bills/${draft.id}/change`, { headers: bearer(handlerToken), data: { form: { reason: '改成采购笔记本' } } })
  ).json()) as ApiEnvelope<{ errors: Record<string, string[]> }>;
  expect(refused.status_code).toBe(422);
  expect(refused.data.errors['form.reason']).toEqual([ChangeMessages.fieldNotEditable('采购事由')]);

  // They agree: the bill is done. The initiator reads the whole form, 内部备注 included, and the change in the history.
  await button(page.locator('.bill-actions'), '同意').click();
  const agree = page.getByRole('dialog').filter({ hasText: title });
  await button(agree, '同意').click();
  await expect(message(page, ApprovalMessages.agreed)).toBeVisible();
  await actAs(page, initiator, detailUrl(draft.id));
  await expect(page.locator('.bill-summary__status')).toHaveText('已完成');
  await expect(page.locator('.bill-detail__form')).toContainText('供应商返点 3%');
  await expect(page.locator('.bill-detail__form')).toContainText('采购显示器两台');
  await expect(entry.locator('.history-entry__changes')).toHaveText('采购金额：1200.00 → 1080.00');
  await expect(page.locator('.bill-change')).toHaveCount(0);
  await entry.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'bills-change-node-history-1440');

  // The printed record carries the change as the history does: old → new above the handler's note.
  const printPage = await openPrintPage(page);
  const changeRow = printPage
    .locator('.bill-print__record tbody tr')
    .filter({ has: printPage.locator('td:nth-child(4)', { hasText: /^变更$/ }) });
  await expect(changeRow).toHaveCount(1);
  await expect(changeRow.locator('.history-entry__changes')).toHaveText('采购金额：1200.00 → 1080.00');
  await expect(changeRow.locator('td').nth(4)).toHaveText('采购金额：1200.00 → 1080.00按发票金额调整');
  await saveScreenshot(printPage, 'bills-change-node-print-1440');
});
