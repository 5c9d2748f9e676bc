import { expect, test } from '@playwright/test';
import {
  ApprovalMessages,
  BatchApproveMessages,
  BatchApproveTexts,
  BillPageMessages,
  EngineMessages,
  FlowDesignerTexts,
  TemplateDesignTexts,
  type BillDetail,
  type TemplateDetail,
} from '@osp/shared';
import { apiSignIn } from '../support/api';
import { createPerson, nameTag } from '../support/people';
import { saveScreenshot } from '../support/screenshots';
import { button, message } from '../support/ui';
import { actAs, detailUrl, formItem, getData, listRow, oneStepTemplate, submitTo } from './bill-helpers';

/*
 * Issue 13, 批量审批 (docs/approval-api.md, "Batch approval"): an approver chooses rows in 待我审批 and agrees them
 * in one go. Five bills are agreed; a sixth, whose step asks for a comment on agree (同意时须填写审批意见), is
 * skipped with that reason and stays for its detail page. The journey makes its own approver, initiator and two
 * templates, so that the approver's 待我审批 and its count hold only these six bills.
 */

test('[BILLS] an approver agrees five bills at once from 待我审批; one whose step asks for a comment is skipped with the reason', async ({
  page,
  request,
}) => {
  const tag = nameTag();
  const adminToken = await apiSignIn(request, 'admin');
  const approver = await createPerson(request, `审批人${tag}`, { adminToken });
  const initiator = await createPerson(request, `申请人${tag}`, { adminToken });
  const plainTemplate = await oneStepTemplate(request, adminToken, `批量报销${tag}`, approver, false);
  const commentTemplate = await oneStepTemplate(request, adminToken, `须填意见${tag}`, approver, true);

  const initiatorToken = await apiSignIn(request, initiator.username, initiator.password);
  const plain: BillDetail[] = [];
  for (let i = 1; i <= 5; i++) plain.push(await submitTo(request, initiatorToken, plainTemplate, `${tag}差旅报销${i}`));
  const needsComment = await submitTo(request, initiatorToken, commentTemplate, `${tag}合同付款`);
  const all = [...plain, needsComment];

  // The approver's 待我审批 holds the six, and the header counts them.
  const approverToken = await actAs(page, approver, '/office/approval/todo');
  await expect(page.getByRole('heading', { name: '待我审批' })).toBeVisible();
  await expect(page.getByText(BillPageMessages.total(6))).toBeVisible();
  await expect(page.getByRole('link', { name: '待我审批（6）' })).toBeVisible();
  const batchButton = button(page.locator('.bill-batch'), BatchApproveTexts.button);
  await expect(batchButton).toBeDisabled();

  // They choose every row; a click on a checkbox does not open the bill.
  for (const bill of all) await page.getByRole('checkbox', { name: BatchApproveTexts.selectRow(bill.title) }).check();
  await expect(page).toHaveURL(/\/office\/approval\/todo/);
  await expect(page.getByText(BatchApproveTexts.selected(6))).toBeVisible();
  await saveScreenshot(page, 'bills-batch-chosen-1440');

  // The confirmation: the count, the hint, an optional comment left empty.
  await batchButton.click();
  const confirm = page.getByRole('dialog', { name: BatchApproveTexts.confirmTitle(6) });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByText(BatchApproveTexts.confirmHint)).toBeVisible();
  await expect(formItem(confirm, BatchApproveTexts.commentLabel)).toBeVisible();
  await button(confirm, BatchApproveTexts.confirmOk).click();

  // Each bill's result: five agreed, the sixth skipped with the reason its step gives.
  const results = page.getByRole('dialog', { name: BatchApproveTexts.resultTitle });
  await expect(results).toBeVisible();
  await expect(results.getByText(BatchApproveMessages.summary({ approved: 5, skipped: 1, failed: 0 }))).toBeVisible();
  const rows = results.locator('.bill-batch__results .ant-list-item');
  await expect(rows).toHaveCount(6);
  for (const bill of plain) {
    const row = rows.filter({ hasText: bill.title });
    // The server's 已同意 and the tag say the same: the row shows it once.
    expect(ApprovalMessages.agreed).toBe(BatchApproveTexts.resultLabels.approved);
    await expect(row.getByText(ApprovalMessages.agreed, { exact: true })).toHaveCount(1);
    await expect(row.locator('.ant-tag')).toHaveText(BatchApproveTexts.resultLabels.approved);
  }
  const skipped = rows.filter({ hasText: needsComment.title });
  await expect(skipped.locator('.ant-tag')).toHaveText(BatchApproveTexts.resultLabels.skipped);
  await expect(skipped.getByText(BatchApproveMessages.needsInput(EngineMessages.commentRequired))).toBeVisible();
  await saveScreenshot(page, 'bills-batch-results-1440');
  await button(results, BatchApproveTexts.resultClose).click();
  await expect(results).toBeHidden();

  // The list and the header's count follow at once: only the skipped bill is left, and nothing is chosen.
  await expect(page.getByText(BillPageMessages.total(1))).toBeVisible();
  await expect(listRow(page, needsComment.title)).toHaveCount(1);
  for (const bill of plain) await expect(listRow(page, bill.title)).toHaveCount(0);
  await expect(page.getByRole('link', { name: '待我审批（1）' })).toBeVisible();
  await expect(batchButton).toBeDisabled();
  for (const bill of plain) {
    expect(await getData<BillDetail>(request, initiatorToken, `/api/bills/${bill.id}`)).toMatchObject({ status: 'done' });
  }
  expect(await getData<BillDetail>(request, approverToken, `/api/bills/${needsComment.id}`)).toMatchObject({
    status: 'doing',
    version: needsComment.version,
    my_task: { comment_required: true },
  });

  // On its detail page 同意 asks for the comment; with it the bill is agreed.
  await page.goto(detailUrl(needsComment.id, 'todo'));
  await expect(page.locator('.bill-summary__title')).toHaveText(needsComment.title);
  await button(page.locator('.bill-actions'), '同意').click();
  const agree = page.getByRole('dialog').filter({ hasText: needsComment.title });
  const comment = formItem(agree, BillPageMessages.commentLabel);
  await expect(comment).toBeVisible();
  await expect(comment.locator('.ant-form-item-required')).toHaveCount(1);
  await saveScreenshot(page, 'bills-batch-agree-needs-comment-1440');
  await comment.locator('textarea').fill('合同金额与付款计划一致');
  await button(agree, '同意').click();
  await expect(message(page, ApprovalMessages.agreed)).toBeVisible();
  expect(await getData<BillDetail>(request, initiatorToken, `/api/bills/${needsComment.id}`)).toMatchObject({ status: 'done' });
});

test('[BILLS] an administrator marks a step 同意时须填写审批意见 in the flow designer, and the saved flow keeps it', async ({
  page,
  request,
}) => {
  const tag = nameTag();
  const adminToken = await apiSignIn(request, 'admin');
  const approver = await createPerson(request, `审批人${tag}`, { adminToken });
  const templateId = await oneStepTemplate(request, adminToken, `意见设置${tag}`, approver, false);

  await actAs(page, 'admin', `/office/templates/design?templateID=${templateId}`);
  await page.getByRole('tab', { name: '流程设计' }).click();
  await page.getByRole('button', { name: '编辑节点「审核」' }).click();
  const node = page.getByRole('dialog', { name: /编辑节点/ });
  const commentRequired = node.getByRole('checkbox', { name: FlowDesignerTexts.commentRequired });
  await expect(commentRequired).not.toBeChecked();
  await expect(node.getByText(FlowDesignerTexts.commentRequiredHint)).toBeVisible();
  await commentRequired.check();
  await saveScreenshot(page, 'bills-batch-designer-comment-1440');
  await node.locator('.ant-drawer-close').click();
  await expect(node).toBeHidden();
  // The node's card says so too.
  await expect(page.getByRole('button', { name: '编辑节点「审核」' })).toContainText(FlowDesignerTexts.commentRequiredShort);
  await button(page.locator('.template-design__actions'), TemplateDesignTexts.publish).click();
  await button(page.getByRole('dialog', { name: /发布模板/ }), TemplateDesignTexts.publish).click();
  await expect(message(page, ApprovalMessages.templatePublished)).toBeVisible();

  const stored = await getData<TemplateDetail>(request, adminToken, `/api/templates/${templateId}`);
  expect(stored.flow?.nodes.find((n) => n.id === 'check')?.steps[0]).toMatchObject({ id: 's1', commentRequired: true });
});
