import { expect, test, type Locator, type Page } from '@playwright/test';
import { FlowViewTexts, type BillDetail, type TemplateDetail, type TemplateGroup } from '@osp/shared';
import { apiSignIn } from '../support/api';
import { createDept, createPerson, nameTag, setDeptLeader } from '../support/people';
import { saveScreenshot } from '../support/screenshots';
import { dialog } from '../support/ui';
import { agreeAs } from './approval-cast';
import { actAs, detailUrl, getData, openDetailPopover, sendData, uniqueTitle } from './bill-helpers';

/*
 * SPEC §2: the bill flow popover shows each step with its approvers — also the steps the bill has not reached yet,
 * whose approvers are known (GET /oa/flow/{id} predicts them as the engine resolves them; docs/approval-api.md). The
 * journey makes its own company: a department with its leader and an initiator in it, two reviewers, and a template
 * 主管审批 (the department leader) → 复核会签 (both reviewers), so that nobody else's work shows.
 */

/** One node of the open popover by its name. */
function flowNode(scope: Locator, name: string): Locator {
  return scope.locator('.flow-node').filter({ has: scope.page().locator('.flow-node__name', { hasText: new RegExp(`^${name}$`) }) });
}

/** A handler's avatar by its accessible name (name and state: 「李四 待处理」, 「孙浩 预计」). */
function avatar(scope: Locator, label: string): Locator {
  return scope.locator(`.flow-avatar[aria-label="${label}"]`);
}

async function closePopover(page: Page, popover: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  if (await popover.isVisible()) await page.locator('.bill-summary__title').click();
  await expect(popover).toBeHidden();
}

test('[BILLS] the flow popover names who will approve the steps ahead, marked 预计, and they are the ones then asked', async ({
  page,
  request,
}) => {
  const tag = nameTag();
  const adminToken = await apiSignIn(request, 'admin');
  const deptId = await createDept(request, adminToken, `预计部${tag}`);
  const leader = await createPerson(request, `主管${tag}`, { adminToken, deptId });
  await setDeptLeader(request, adminToken, deptId, leader.id);
  const initiator = await createPerson(request, `申请人${tag}`, { adminToken, deptId });
  const reviewerA = await createPerson(request, `复核甲${tag}`, { adminToken, colleague: 'wangwu' });
  const reviewerB = await createPerson(request, `复核乙${tag}`, { adminToken, colleague: 'wangwu' });

  const groups = await getData<TemplateGroup[]>(request, adminToken, '/api/template/groups');
  const template = await sendData<TemplateDetail>(request, adminToken, 'POST', '/api/templates', {
    group_id: groups[0]?.id ?? 0,
    name: `预计审批人${tag}`,
    status: 1,
    form_schema: { fields: [{ key: 'reason', type: 'text', label: '事由', required: true }] },
    flow: {
      nodes: [
        { id: 'start', type: 'start', name: '发起', steps: [] },
        {
          id: 'lead',
          type: 'approve',
          name: '主管审批',
          steps: [{ id: 'lead1', name: '直属主管', type: 'orsign', source: { kind: 'leader', levels: 1 } }],
        },
        {
          id: 'review',
          type: 'approve',
          name: '复核会签',
          steps: [{ id: 'review1', name: '复核', type: 'joinsign', source: { kind: 'users', userIds: [reviewerA.id, reviewerB.id] } }],
        },
        { id: 'end', type: 'end', name: '结束', steps: [] },
      ],
      links: [
        { id: 'a', from: 'start', to: 'lead' },
        { id: 'b', from: 'lead', to: 'review' },
        { id: 'c', from: 'review', to: 'end' },
      ],
      settings: {},
    },
  });

  const title = uniqueTitle('预计审批人');
  const initiatorToken = await apiSignIn(request, initiator.username, initiator.password);
  const draft = await sendData<BillDetail>(request, initiatorToken, 'POST', '/api/bills', {
    template_id: template.id,
    title,
    form: { reason: '采购测试设备' },
  });
  const bill = await sendData<BillDetail>(request, initiatorToken, 'POST', `/api/bills/${draft.id}/release`, { version: draft.version });
  expect(bill.current_node).toBe('主管审批');

  // The initiator opens the popover: the leader is waited for; the reviewers, not asked yet, are shown as 预计.
  await actAs(page, initiator, detailUrl(bill.id, 'mine'));
  await expect(page.locator('.bill-summary__title')).toHaveText(title);
  let popover = await openDetailPopover(page);
  const lead = flowNode(popover, '主管审批');
  await expect(lead.locator('.flow-step__count')).toHaveText('1人');
  await expect(lead.locator('.flow-status')).toHaveText(`等待${leader.name}审批`);
  await expect(avatar(lead, `${leader.name} 待处理`)).toBeVisible();
  await expect(lead.locator('.flow-step--predicted')).toHaveCount(0);
  const review = flowNode(popover, '复核会签');
  await expect(review.locator('.flow-step--predicted')).toHaveCount(1);
  await expect(review.locator('.flow-step__count')).toHaveText(`${FlowViewTexts.predicted} 2人`);
  await expect(review.locator('.flow-status')).toHaveText('待审批');
  await expect(review.locator('.flow-avatar--predicted')).toHaveCount(2);
  await expect(avatar(review, `${reviewerA.name} ${FlowViewTexts.predicted}`)).toBeVisible();
  await expect(avatar(review, `${reviewerB.name} ${FlowViewTexts.predicted}`)).toBeVisible();
  await expect(review.locator('.flow-step__handler-name')).toHaveText([reviewerA.name, reviewerB.name]);
  await saveScreenshot(page, 'bills-flow-predicted-1440');

  // The node dialog says the same in full: the count, why they are 预计, and each one's state.
  await review.locator('.flow-node__body').click();
  const nodeDialog = dialog(page, '复核会签');
  await expect(nodeDialog).toBeVisible();
  await expect(nodeDialog.getByText(FlowViewTexts.predictedHint)).toBeVisible();
  await expect(nodeDialog.locator('.ant-descriptions-item').filter({ hasText: '审批人数' })).toContainText(
    `${FlowViewTexts.predicted} 2人`,
  );
  await expect(nodeDialog.locator('.flow-handler-state--predicted')).toHaveText([FlowViewTexts.predicted, FlowViewTexts.predicted]);
  await saveScreenshot(page, 'bills-flow-predicted-dialog-1440');
  await page.keyboard.press('Escape');
  await expect(nodeDialog).toBeHidden();

  // Once the leader agrees, the reviewers shown are the ones asked: the same two, now waited for.
  await agreeAs(request, leader, bill.id, '同意');
  await page.reload();
  await expect(page.locator('.bill-summary__title')).toHaveText(title);
  popover = await openDetailPopover(page);
  const asked = flowNode(popover, '复核会签');
  await expect(asked.locator('.flow-step__count')).toHaveText('2人');
  await expect(asked.locator('.flow-step--predicted')).toHaveCount(0);
  await expect(asked.locator('.flow-avatar--predicted')).toHaveCount(0);
  await expect(avatar(asked, `${reviewerA.name} 待处理`)).toBeVisible();
  await expect(avatar(asked, `${reviewerB.name} 待处理`)).toBeVisible();
  await closePopover(page, popover);
});
