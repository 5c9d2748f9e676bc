import { expect, test } from '@playwright/test';
import {
  APPROVER_DEDUP_LABELS,
  ApprovalMessages,
  BillEditTexts,
  EngineMessages,
  FlowDesignerTexts,
  type BillDetail,
  type TemplateDetail,
  type TemplateGroup,
} from '@osp/shared';
import { apiSignIn, signInViaApi } from '../support/api';
import { createPerson, nameTag } from '../support/people';
import { saveScreenshot } from '../support/screenshots';
import { button, closeDrawer, message } from '../support/ui';
import { actAs, agreeOnDetail, detailUrl, formItem, getData, sendData } from '../bills/bill-helpers';

/*
 * Issue 14 (自动去重): one person at two steps that are not in a row. An administrator chooses 审批人去重 ·
 * 多次出现时仅审批第一次 in the flow designer's 流程设置 and publishes; the initiator's form shows the third step
 * agreed for in advance; the person agrees once, and the bill is done after the colleague between.
 */

test.slow();

test('[TEMPLATES] 审批人去重 多次出现时仅审批第一次: chosen in 流程设置, foreseen on the form, and the repeated approver decides once', async ({
  page,
  request,
}) => {
  const tag = nameTag();
  const adminToken = await apiSignIn(request, 'admin');
  const reviewer = await createPerson(request, `复核人${tag}`, { adminToken });
  const middle = await createPerson(request, `会计${tag}`, { adminToken });
  const initiator = await createPerson(request, `申请人${tag}`, { adminToken });
  const groups = await getData<TemplateGroup[]>(request, adminToken, '/api/template/groups');
  const node = (id: string, name: string, userId: number) => ({
    id,
    name,
    type: 'approve',
    steps: [{ id: `${id}s`, name, type: 'orsign', source: { kind: 'users', userIds: [userId] } }],
  });
  const template = await sendData<TemplateDetail>(request, adminToken, 'POST', '/api/templates', {
    group_id: groups[0]?.id,
    name: `三级复核${tag}`,
    status: 1,
    form_schema: { fields: [{ key: 'reason', type: 'text', label: '事由', required: true }] },
    flow: {
      nodes: [
        { id: 'start', type: 'start', name: '发起', steps: [] },
        node('first', '初审', reviewer.id),
        node('middle', '会计审核', middle.id),
        node('final', '终审', reviewer.id),
        { id: 'end', type: 'end', name: '结束', steps: [] },
      ],
      links: [
        { id: 'a', from: 'start', to: 'first' },
        { id: 'b', from: 'first', to: 'middle' },
        { id: 'c', from: 'middle', to: 'final' },
        { id: 'd', from: 'final', to: 'end' },
      ],
      settings: {},
    },
  });

  // The administrator: 不去重 by default; 多次出现时仅审批第一次 chosen and published.
  await signInViaApi(page, 'admin');
  await page.goto(`/office/templates/design?templateID=${template.id}`);
  await page.getByRole('tab', { name: '流程设计' }).click();
  await button(page, FlowDesignerTexts.settings).click();
  const settings = page.getByRole('dialog', { name: FlowDesignerTexts.settings });
  const choice = settings.getByRole('radiogroup', { name: FlowDesignerTexts.approverDedup });
  await expect(choice.getByRole('radio', { name: APPROVER_DEDUP_LABELS.none })).toBeChecked();
  await choice.getByRole('radio', { name: APPROVER_DEDUP_LABELS.first }).check();
  await saveScreenshot(page, 'templates-approver-dedup-setting-1440');
  await closeDrawer(settings);
  await button(page, '发布').click();
  await button(page.getByRole('dialog', { name: '发布模板？' }), '发布').click();
  await expect(message(page, ApprovalMessages.templatePublished)).toBeVisible();

  // The initiator sees before 提交 that 终审 will not ask the reviewer again.
  await actAs(page, initiator, `/office/approval/edit?templateID=${template.id}`);
  const pathNode = (name: string) => page.locator('.bill-path').locator(`[data-node="${name}"]`);
  await expect(pathNode('初审')).toContainText(reviewer.name);
  await expect(pathNode('会计审核')).toContainText(middle.name);
  await expect(pathNode('终审')).toContainText(BillEditTexts.pathAutoAgree);
  await expect(pathNode('终审')).toContainText(BillEditTexts.pathAgreedEarlier);
  await expect(pathNode('终审')).not.toContainText(reviewer.name);
  await saveScreenshot(page, 'bills-form-path-agreed-earlier-1440');
  await formItem(page, '事由').locator('input').fill('年度审计费用');
  await button(page.locator('.bill-edit__actions'), '提交').click();
  await expect(page.getByText(ApprovalMessages.released)).toBeVisible();
  const billId = Number(new URL(page.url()).searchParams.get('billID'));
  expect(billId).toBeGreaterThan(0);

  // The reviewer agrees 初审; the accountant agrees 会计审核; the bill is then done: 终审 was agreed for.
  await actAs(page, reviewer, detailUrl(billId, 'todo'));
  await agreeOnDetail(page);
  const middleToken = await apiSignIn(request, middle.username, middle.password);
  await actAs(page, middle, detailUrl(billId, 'todo'));
  await agreeOnDetail(page);
  const bill = await getData<BillDetail>(request, middleToken, `/api/bills/${billId}`);
  expect(bill.status).toBe('done');

  await actAs(page, initiator, detailUrl(billId));
  await expect(page.locator('.bill-summary__status')).toHaveText('已完成');
  await expect(page.locator('.history-entry').filter({ hasText: EngineMessages.autoAgreedEarlier })).toContainText(reviewer.name);
  await saveScreenshot(page, 'bills-history-agreed-earlier-1440');
});
