import { expect, test, type Page } from '@playwright/test';
import { ApprovalMessages, BillEditTexts, NextBillTexts, type TemplateDetail, type TemplateGroup } from '@osp/shared';
import { apiSignIn } from '../support/api';
import { createPerson, nameTag } from '../support/people';
import { saveScreenshot } from '../support/screenshots';
import { button } from '../support/ui';
import { actAs, agreeOnDetail, formItem, getData, listRow, oneStepPair, sendData, submitTo, templateIdOf } from './bill-helpers';

/*
 * Issue 14, "The bill form and the approver's flow": the form shows who will approve before 提交 and follows the
 * form as it is typed (外出天数 over 3 brings 总经理审批), 外出天数 is counted from 外出时间 and refused at its field
 * when it claims more days than the range holds; an approver who decides goes on to the next bill of 待我审批, with
 * the way back. Each journey writes as people of its own.
 */

const pathCard = (page: Page) => page.locator('.bill-path');
const pathNode = (page: Page, name: string) => pathCard(page).locator(`[data-node="${name}"]`);

/** Types a range into the antd RangePicker of `label` (start, Enter, end, Enter). */
async function chooseRange(page: Page, label: string, from: string, to: string): Promise<void> {
  const item = formItem(page, label);
  const start = item.getByPlaceholder('开始日期');
  await start.click();
  await start.fill(from);
  await start.press('Enter');
  const end = item.getByPlaceholder('结束日期');
  await end.fill(to);
  await end.press('Enter');
  await expect(end).toHaveValue(to);
}

test('[BILLS] the leave form shows its approvers before 提交, follows 外出天数 over the 总经理 threshold, and counts the days', async ({
  page,
  request,
}) => {
  // In 张三's 技术部: 李四 leads it; 总经理 陈七 joins when the leave is over 3 days.
  const person = await createPerson(request, `请假人${nameTag()}`);
  const token = await apiSignIn(request, person.username, person.password);
  const leaveId = await templateIdOf(request, token, '外出申请');
  await actAs(page, person, `/office/approval/edit?templateID=${leaveId}`);

  // Before anything is typed the path is there: the initiator, the leader, the HR filing, the end.
  await expect(pathCard(page).getByText(BillEditTexts.pathInitiator(person.name))).toBeVisible();
  await expect(pathNode(page, '部门负责人审批')).toContainText('李四');
  await expect(pathNode(page, '人事备案')).toContainText('归档');
  await expect(pathNode(page, '总经理审批')).toHaveCount(0);

  await formItem(page, '外出类型').locator('.ant-select').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^出差$/ }).click();

  // Monday to Tuesday: 2 days counted, no 总经理.
  const days = formItem(page, '外出天数').getByRole('spinbutton');
  await chooseRange(page, '外出时间', '2026-12-07', '2026-12-08');
  await expect(days).toHaveValue('2');
  await expect(pathNode(page, '总经理审批')).toHaveCount(0);

  // Monday to the next Monday: 6 weekdays, over 3 — the path now passes 总经理 陈七.
  await chooseRange(page, '外出时间', '2026-12-07', '2026-12-14');
  await expect(days).toHaveValue('6');
  await expect(pathNode(page, '总经理审批')).toContainText('陈七');
  await saveScreenshot(page, 'bills-form-path-gm-1440');

  // More days than the range holds is refused at the field, as the server would.
  await days.fill('10');
  await days.blur();
  await expect(formItem(page, '外出天数')).toContainText('「外出天数」不能超过「外出时间」的天数（共 8 天）');

  // A half day less than counted is fine, and 3 days or fewer drops 总经理 again.
  await days.fill('2.5');
  await days.blur();
  await expect(formItem(page, '外出天数').locator('.ant-form-item-explain-error')).toHaveCount(0);
  await expect(pathNode(page, '总经理审批')).toHaveCount(0);
  await days.fill('4.5');
  await days.blur();
  await expect(pathNode(page, '总经理审批')).toContainText('陈七');

  await formItem(page, '外出事由').locator('textarea').fill('家中有事');

  // The half day survives the browser's back button: restored with its range, it is not counted over.
  await expect.poll(() => page.evaluate(() => Object.values(sessionStorage).join())).toContain('4.5');
  await page.goBack();
  await page.goForward();
  const offer = page.getByRole('alert').filter({ hasText: '未保存的填写内容' });
  await button(offer, BillEditTexts.localCopyRestore).click();
  await expect(formItem(page, '外出时间').getByPlaceholder('结束日期')).toHaveValue('2026-12-14');
  await expect(days).toHaveValue('4.5');
  await expect(pathNode(page, '总经理审批')).toContainText('陈七');

  await button(page.locator('.bill-edit__actions'), '提交').click();
  await expect(page.getByText(ApprovalMessages.released)).toBeVisible();
  await expect(page.locator('.bill-summary__status')).toHaveText('审批中');
});

test('[BILLS] after agreeing the approver lands on the next bill of 待我审批, and can go back to the one just decided', async ({
  page,
  request,
}) => {
  const { tag, approver, initiatorToken, templateId: template } = await oneStepPair(request, '连续审批');
  const first = await submitTo(request, initiatorToken, template, `${tag}先到的报销`);
  const second = await submitTo(request, initiatorToken, template, `${tag}后到的报销`);

  await actAs(page, approver, '/office/approval/todo');
  await listRow(page, first.title).locator('td', { hasText: first.title }).click();
  await expect(page.locator('.bill-summary__title')).toHaveText(first.title);

  await agreeOnDetail(page);

  // The next bill, saying what was decided, with the way back.
  await expect(page.locator('.bill-summary__title')).toHaveText(second.title);
  const handled = page.locator('.bill-detail__handled');
  await expect(handled).toContainText(NextBillTexts.handled('同意', first.title));
  await saveScreenshot(page, 'bills-next-after-agree-1440');
  await handled.getByRole('link', { name: NextBillTexts.backToHandled }).click();
  await expect(page.locator('.bill-summary__title')).toHaveText(first.title);
  await expect(page.locator('.bill-summary__status')).toHaveText('已完成');
  await page.goBack();
  await expect(page.locator('.bill-summary__title')).toHaveText(second.title);

  // The last one: nothing left, the page stays on it and says so.
  await agreeOnDetail(page);
  await expect(page.getByText(NextBillTexts.allDone)).toBeVisible();
  await expect(page.locator('.bill-summary__title')).toHaveText(second.title);
  await expect(page.locator('.bill-summary__status')).toHaveText('已完成');
});

test('[BILLS] one approver at two steps in a row is shown once on the form’s path when the flow agrees for them', async ({
  page,
  request,
}) => {
  const tag = nameTag();
  const adminToken = await apiSignIn(request, 'admin');
  const approver = await createPerson(request, `复核人${tag}`, { adminToken });
  const initiator = await createPerson(request, `申请人${tag}`, { adminToken });
  const groups = await getData<TemplateGroup[]>(request, adminToken, '/api/template/groups');
  const step = (id: string, name: string) => ({
    id,
    name,
    type: 'approve',
    steps: [{ id: `${id}s`, name, type: 'orsign', source: { kind: 'users', userIds: [approver.id] } }],
  });
  const template = await sendData<TemplateDetail>(request, adminToken, 'POST', '/api/templates', {
    group_id: groups[0]?.id,
    name: `两级复核${tag}`,
    status: 1,
    form_schema: { fields: [{ key: 'reason', type: 'text', label: '事由', required: true }] },
    flow: {
      nodes: [
        { id: 'start', type: 'start', name: '发起', steps: [] },
        step('first', '初审'),
        step('second', '复审'),
        { id: 'end', type: 'end', name: '结束', steps: [] },
      ],
      links: [
        { id: 'a', from: 'start', to: 'first' },
        { id: 'b', from: 'first', to: 'second' },
        { id: 'c', from: 'second', to: 'end' },
      ],
      settings: { approverDedup: 'consecutive' },
    },
  });

  await actAs(page, initiator, `/office/approval/edit?templateID=${template.id}`);
  await expect(pathNode(page, '初审')).toContainText(approver.name);
  await expect(pathNode(page, '复审')).toContainText(BillEditTexts.pathAutoAgree);
  await expect(pathNode(page, '复审')).toContainText(BillEditTexts.pathSameAsBefore);
  await expect(pathNode(page, '复审')).not.toContainText(approver.name);
  await saveScreenshot(page, 'bills-form-path-auto-agree-1440');
});
