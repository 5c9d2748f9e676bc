import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  ApprovalMessages,
  BillEditTexts,
  FlowDesignerTexts,
  INITIATOR_APPROVES_LABELS,
  type BillDetail,
  type BillFlowView,
  type Paged,
  type TemplateDetail,
  type TemplateGroup,
} from '@osp/shared';
import { apiSignIn, signInViaApi } from '../support/api';
import { saveScreenshot } from '../support/screenshots';
import { button, closeDrawer, message } from '../support/ui';
import { formItem, getData, sendData, userIdOf } from '../bills/bill-helpers';

/*
 * Issue 11, item 3 (发起人审批时): an administrator finds the setting in the flow designer's 流程设置 (自动跳过 by
 * default), sees in 预览 that 王五's own bill skips the step that names him and leaves him out of the 财务审核 job
 * step, switches to 转交直属上级, sees his leader 陈七 take his place, and publishes; 王五's bill then goes to 陈七.
 * Demo people: 王五 leads 财务部 (under 星河科技, led by 陈七); the job 财务审核 holds 王五 and 孙浩.
 */

test.slow();

async function chooseOption(page: Page, select: Locator, option: string): Promise<void> {
  await select.click();
  await select.fill(option);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

test('[TEMPLATES] 发起人审批时: the designer shows the initiator’s step skipped or handed to the leader, and the published flow follows it', async ({
  page,
  request,
}) => {
  const admin = await apiSignIn(request, 'admin');
  const wangwu = await userIdOf(request, admin, 'wangwu');
  const jobs = await getData<Paged<{ id: number; name: string }>>(request, admin, '/api/jobs?per_page=100');
  const financeJob = jobs.list.find((j) => j.name === '财务审核')?.id;
  const groups = await getData<TemplateGroup[]>(request, admin, '/api/template/groups');
  const templateName = `付款复核${Date.now() % 100_000}`;
  const created = await sendData<TemplateDetail>(request, admin, 'POST', '/api/templates', {
    group_id: groups[0]?.id,
    name: templateName,
    form_schema: { fields: [{ key: 'reason', type: 'text', label: '付款事由', required: true }] },
    flow: {
      nodes: [
        { id: 'start', type: 'start', name: '发起', steps: [] },
        {
          id: 'review',
          type: 'approve',
          name: '付款复核',
          steps: [
            { id: 'r1', name: '王五复核', type: 'orsign', source: { kind: 'users', userIds: [wangwu] } },
            { id: 'r2', name: '财务审核', type: 'orsign', source: { kind: 'job', jobId: financeJob } },
          ],
        },
        { id: 'end', type: 'end', name: '结束', steps: [] },
      ],
      links: [
        { id: 'a', from: 'start', to: 'review' },
        { id: 'b', from: 'review', to: 'end' },
      ],
      // Stored without the setting: it means 自动跳过.
      settings: {},
    },
  });

  await signInViaApi(page, 'admin');
  await page.goto(`/office/templates/design?templateID=${created.id}`);
  await page.getByRole('tab', { name: '流程设计' }).click();
  await expect(page.getByTestId('flow-node-review')).toBeVisible();

  // 流程设置: 发起人审批时, 自动跳过 chosen.
  await button(page, FlowDesignerTexts.settings).click();
  const settings = page.getByRole('dialog', { name: FlowDesignerTexts.settings });
  const choice = settings.getByRole('radiogroup', { name: FlowDesignerTexts.initiatorApproves });
  await expect(choice.getByRole('radio', { name: INITIATOR_APPROVES_LABELS.skip })).toBeChecked();
  await expect(choice.getByRole('radio', { name: INITIATOR_APPROVES_LABELS.self })).not.toBeChecked();
  await saveScreenshot(page, 'templates-initiator-setting-1440');
  await closeDrawer(settings);

  // 预览 as 王五: his step passes by itself, the job step asks 孙浩 only.
  await button(page, FlowDesignerTexts.preview).click();
  const preview = page.getByRole('dialog', { name: FlowDesignerTexts.previewTitle });
  await chooseOption(page, preview.getByLabel(FlowDesignerTexts.previewInitiator, { exact: true }), '王五');
  const path = preview.getByRole('list', { name: FlowDesignerTexts.previewServer });
  const ownStep = path.locator('.fd-path__step', { hasText: '王五复核' });
  const jobStep = path.locator('.fd-path__step', { hasText: '财务审核' });
  await expect(ownStep).toContainText(FlowDesignerTexts.noteInitiatorSkipped);
  await expect(ownStep).toContainText(FlowDesignerTexts.noteStepPasses);
  await expect(jobStep).toContainText('孙浩');
  await expect(jobStep).not.toContainText('王五');
  await saveScreenshot(page, 'templates-initiator-preview-skip-1440');
  await closeDrawer(preview);

  // 转交直属上级: 陈七 takes 王五's place in both steps.
  await button(page, FlowDesignerTexts.settings).click();
  await settings.getByRole('radio', { name: INITIATOR_APPROVES_LABELS.leader }).check();
  await closeDrawer(settings);
  await button(page, FlowDesignerTexts.preview).click();
  await expect(ownStep).toContainText('陈七');
  await expect(ownStep).toContainText(FlowDesignerTexts.noteInitiatorLeader);
  await expect(jobStep).toContainText('陈七');
  await expect(jobStep).toContainText('孙浩');
  await saveScreenshot(page, 'templates-initiator-preview-leader-1440');
  await closeDrawer(preview);

  await button(page, '发布').click();
  await button(page.getByRole('dialog', { name: '发布模板？' }), '发布').click();
  await expect(message(page, ApprovalMessages.templatePublished)).toBeVisible();

  // 王五's bill on the published flow: 陈七 decides his step; he never gets a task on his own bill.
  const wangwuToken = await apiSignIn(request, 'wangwu');
  const draft = await sendData<BillDetail>(request, wangwuToken, 'POST', '/api/bills', {
    template_id: created.id,
    form: { reason: '供应商付款' },
  });
  await sendData<BillDetail>(request, wangwuToken, 'POST', `/api/bills/${draft.id}/release`, {});
  const flow = await getData<BillFlowView>(request, wangwuToken, `/oa/flow/${draft.id}`);
  const steps = flow.flowNodes.find((n) => n.flowNodeName === '付款复核')?.flowNodeSteps ?? [];
  // 财务审核 is not reached yet: the popover shows whom it will ask, as the preview did (陈七 in 王五's place, 孙浩), predicted.
  expect(steps.map((s) => s.handlers.map((h) => h.name))).toEqual([['陈七'], ['陈七', '孙浩']]);
  expect(steps.map((s) => s.predicted)).toEqual([false, true]);
  expect(steps[0]?.stepStatusText).toBe('等待陈七审批');
});

test('[TEMPLATES] 发起人自选 does not offer the initiator: 王五 cannot pick himself for his own 工单', async ({ page }) => {
  await signInViaApi(page, 'wangwu');
  await page.goto('/office/approval');
  await page.getByRole('button', { name: '工单', exact: true }).click();
  await expect(page.getByRole('heading', { name: BillEditTexts.newTitle('工单') })).toBeVisible();
  // 发起人自选 is picked on the form's 审批流程, at its step.
  const approvers = page.locator('.bill-path');
  const input = formItem(approvers, BillEditTexts.chooseApprovers('处理人', '处理')).getByRole('combobox');
  await input.click();
  await input.fill('王五');
  const dropdown = page.locator('.ant-select-dropdown:visible');
  await expect(dropdown).toBeVisible();
  await expect(dropdown.locator('.ant-select-item-option')).toHaveCount(0);
  await saveScreenshot(page, 'bills-chosen-without-initiator-1440');
  await input.fill('孙浩');
  await expect(dropdown.locator('.ant-select-item-option', { hasText: '孙浩' })).toHaveCount(1);
});
