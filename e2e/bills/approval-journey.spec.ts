import { expect, test, type Locator, type Page } from '@playwright/test';
import { ApprovalMessages, EngineMessages, type ApiEnvelope, type DashboardCounts } from '@osp/shared';
import { bearer, signInViaApi } from '../support/api';
import { saveScreenshot } from '../support/screenshots';
import { button, dialog, message, openPrintPage } from '../support/ui';
import { createApprovalCast, submitDemoBills } from './approval-cast';
import { actAs } from './bill-helpers';

/*
 * Issue 4's approval journey through the pages: the four boxes, the bill detail with its actions, the
 * flow popover and node dialog with SPEC §4's texts (asserted character for character), and the print page.
 * The demo's 费用报销 (demo-approval.ts) puts a bill over 5000 through 部门负责人审批 (the department leader,
 * 或签) and 财务审核 (a job of two finance people, 或签), then 财务归档 (archive). Each journey runs it on a
 * company of its own (approval-cast.ts): copies of 费用报销 and 用章申请 whose handlers are its own people, so
 * that the header's 待我审批 count and the boxes hold only its bills.
 */

/** One node of the open popover (or of the detail page's flow card), by its name. */
function flowNode(scope: Locator, name: string): Locator {
  return scope.locator('.flow-node').filter({ has: scope.page().locator('.flow-node__name', { hasText: new RegExp(`^${name}$`) }) });
}

interface StepExpectation {
  name: string;
  /** Every step shows its count; a step not reached yet counts whom it would ask (预计 N人). null: no count shown. */
  count: string | null;
  modes: string[];
  status: string;
}

/** A node's SPEC §4 texts: its label (发起审批, 结束审批 or none) and each step's name, count, mode and status. */
async function expectNode(scope: Locator, name: string, label: string, steps: StepExpectation[] = []): Promise<void> {
  const node = flowNode(scope, name);
  await expect(node).toHaveCount(1);
  if (label === '') await expect(node.locator('.flow-node__label')).toHaveCount(0);
  else await expect(node.locator('.flow-node__label')).toHaveText(label);
  const lines = node.locator('.flow-step');
  await expect(lines).toHaveCount(steps.length);
  for (const [index, step] of steps.entries()) {
    const line = lines.nth(index);
    await expect(line.locator('.flow-step__name')).toHaveText(step.name);
    if (step.count === null) await expect(line.locator('.flow-step__count')).toHaveCount(0);
    else await expect(line.locator('.flow-step__count')).toHaveText(step.count);
    await expect(line.locator('.flow-step__mode')).toHaveText(step.modes);
    await expect(line.locator('.flow-status')).toHaveText(step.status);
  }
}

/** Opens the flow popover from a bill's status tag (lists) or the 审批流程 button (detail). */
async function openPopover(page: Page, trigger: Locator): Promise<Locator> {
  await trigger.click();
  const popover = page.locator('.flow-popover-overlay').filter({ has: page.locator('.flow-node') });
  await expect(popover).toBeVisible();
  return popover;
}

async function closePopover(page: Page, popover: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  // Kept-alive lists stay in the page, hidden: click the heading that shows.
  if (await popover.isVisible()) await page.locator('.bill-list__heading:visible, .bill-summary__title:visible').first().click();
  await expect(popover).toBeHidden();
}

function listRow(page: Page, text: string): Locator {
  return page.locator('.bill-table tbody tr').filter({ hasText: text });
}

async function todoCount(page: Page, token: string): Promise<number> {
  const response = await page.request.get('/api/dashboard', { headers: bearer(token) });
  const body = (await response.json()) as ApiEnvelope<DashboardCounts>;
  expect(body.status_code, body.message).toBe(0);
  return body.data.todo;
}

/** From 待我审批 to the bill's detail page, by its unique title. */
async function openFromTodo(page: Page, title: string): Promise<void> {
  await expect(page.getByRole('heading', { name: '待我审批' })).toBeVisible();
  const row = listRow(page, title);
  await expect(row).toHaveCount(1);
  await row.locator('td', { hasText: title }).click(); // the first cell of 待我审批 selects the row for 批量同意
  await expect(page.locator('.bill-summary__title')).toHaveText(title);
}

/** The detail page's flow popover (审批流程 button). */
async function detailPopover(page: Page): Promise<Locator> {
  return openPopover(page, page.locator('.bill-summary').getByRole('button', { name: /审批流程/ }));
}

/** A handler's decision through the dialog; the comment is optional on agree. */
async function decide(page: Page, action: '同意' | '驳回', comment?: string): Promise<void> {
  await button(page.locator('.bill-actions'), action).click();
  const box = dialog(page, new RegExp(`^${action} · `));
  await expect(box).toBeVisible();
  if (comment !== undefined) await box.getByLabel(/审批意见/).fill(comment);
  await box
    .locator('.ant-modal-footer')
    .getByRole('button', { name: new RegExp(action.split('').join('\\s*')) })
    .click();
  await expect(box).toBeHidden();
}

const EXPENSE_DONE_LEADER: StepExpectation = { name: '部门负责人', count: '1人', modes: ['或签'], status: '已审批' };

test('[BILLS] a finance handler works from 待我审批: the header count, the flow popover and node dialog of a bill, its detail', async ({
  page,
  request,
}) => {
  const cast = await createApprovalCast(request);
  const titles = await submitDemoBills(request, cast);
  const { financeA, financeB, leader } = cast;
  const { token } = await signInViaApi(page, financeA.username, { password: financeA.password });
  const todo = await todoCount(page, token);
  expect(todo).toBeGreaterThan(0);
  await page.goto('/dashboard');

  // The header's count leads to 待我审批; the dashboard shows the same count.
  const badge = page.getByRole('link', { name: `待我审批（${todo}）` });
  await expect(badge).toBeVisible();
  await expect(page.locator('.approval-tile').first()).toContainText(String(todo));
  await saveScreenshot(page, 'bills-dashboard-1440');
  await badge.click();
  await expect(page).toHaveURL((url) => url.pathname === '/office/approval/todo');
  await expect(page.getByRole('heading', { name: '待我审批' })).toBeVisible();
  await expect(page.getByText(`共 ${todo} 条`)).toBeVisible();

  // Filters: keyword and template narrow the box to the initiator's 费用报销 waiting at 财务审核.
  await page.getByRole('searchbox', { name: '搜索单据' }).fill(cast.initiator.name);
  await page.getByRole('searchbox', { name: '搜索单据' }).press('Enter');
  await page.getByLabel('按模板筛选').click();
  await page.locator('.ant-select-item-option', { hasText: new RegExp(`^${cast.expenseTemplate.name}$`) }).click();
  const row = listRow(page, titles.expense);
  await expect(page.locator('.bill-table tbody tr.bill-table__row')).toHaveCount(1);
  await expect(row).toContainText('财务审核');
  await saveScreenshot(page, 'bills-todo-1440');

  // The flow popover: SPEC §4 texts node by node.
  const popover = await openPopover(page, row.locator('.bill-status-tag'));
  await expectNode(popover, '发起', '发起审批');
  await expectNode(popover, '部门负责人审批', '', [EXPENSE_DONE_LEADER]);
  await expectNode(popover, '财务审核', '', [
    { name: '财务审核', count: '2人', modes: ['或签'], status: `等待${financeA.name}、${financeB.name}等人审批` },
  ]);
  await expectNode(popover, '财务归档', '');
  await expectNode(popover, '结束', '结束审批');
  await saveScreenshot(page, 'bills-popover-1440');

  // The node dialog: the step in full, with both handlers waiting.
  await flowNode(popover, '财务审核').locator('.flow-node__body').click();
  const nodeDialog = dialog(page, '财务审核');
  await expect(nodeDialog).toBeVisible();
  await expect(nodeDialog.locator('.ant-descriptions-item').filter({ hasText: '审批人数' })).toContainText('2人');
  // How the two decide and where they come from: two different things (issue 14).
  await expect(nodeDialog.locator('.ant-descriptions-item').filter({ hasText: '审批方式' })).toContainText('或签（一人同意即可）');
  await expect(nodeDialog.locator('.ant-descriptions-item').filter({ hasText: '审批类型' })).toContainText('审批岗位');
  await expect(nodeDialog.getByRole('row').filter({ hasText: financeA.name })).toContainText('待处理');
  await expect(nodeDialog.getByRole('row').filter({ hasText: financeB.name })).toContainText('待处理');
  await saveScreenshot(page, 'bills-node-dialog-1440');
  await page.keyboard.press('Escape');
  await expect(nodeDialog).toBeHidden();

  // The detail: form with its items and total in words, the handler's four actions, the history.
  await row.locator('td', { hasText: titles.expense }).click(); // the first cell of 待我审批 selects the row for 批量同意
  await expect(page).toHaveURL(/\/office\/approval\/detail\?from=todo&billID=\d+&origin=list&status=doing/);
  await expect(page.locator('.bill-summary__title')).toHaveText(titles.expense);
  await expect(page.getByText('北京—上海往返高铁')).toBeVisible();
  await expect(page.getByText('陆仟捌佰元整').first()).toBeVisible();
  for (const action of ['同意', '驳回', '退回', '转交']) await expect(button(page, action)).toBeVisible();
  await expect(button(page, '撤回')).toHaveCount(0);
  await expect(page.locator('.history-entry').filter({ hasText: leader.name })).toContainText('情况属实');
  await saveScreenshot(page, 'bills-detail-todo-1440');

  // A 会签 step where the co-signer has agreed: the finance handler alone is awaited.
  await page.goto('/office/approval/todo');
  const sealRow = listRow(page, titles.seal);
  await expect(sealRow).toHaveCount(1);
  const sealPopover = await openPopover(page, sealRow.locator('.bill-status-tag'));
  await expectNode(sealPopover, '用章会签', '', [
    { name: '行政与财务', count: '2人', modes: ['会签'], status: `等待${financeA.name}审批` },
  ]);
  await expectNode(sealPopover, '用印登记', '');
  await closePopover(page, sealPopover);
});

test('[BILLS] at 390 px: the initiator reads 我发起的 as cards, the flow drawer, the detail and the print page', async ({
  browser,
  request,
}) => {
  const cast = await createApprovalCast(request);
  const titles = await submitDemoBills(request, cast);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    await signInViaApi(page, cast.initiator.username, { password: cast.initiator.password });
    await page.goto('/office/approval/mine');
    await expect(page.getByRole('heading', { name: '我发起的' })).toBeVisible();
    const card = page.locator('.bill-card').filter({ hasText: titles.expense }).filter({ hasText: '财务审核' });
    await expect(card).toHaveCount(1);
    await saveScreenshot(page, 'bills-mine-390');

    // On a phone the status tag opens the flow in a drawer from the bottom (a popover would run off the screen).
    await card.locator('.bill-status-tag').click();
    const drawer = page.locator('.flow-drawer .ant-drawer-section').filter({ has: page.locator('.flow-node') });
    await expect(drawer).toBeVisible();
    await expectNode(drawer, '财务审核', '', [
      { name: '财务审核', count: '2人', modes: ['或签'], status: `等待${cast.financeA.name}、${cast.financeB.name}等人审批` },
    ]);
    await saveScreenshot(page, 'bills-flow-drawer-390');
    await flowNode(drawer, '部门负责人审批').locator('.flow-node__body').click();
    const nodeDialog = dialog(page, '部门负责人审批');
    await expect(nodeDialog.getByText('情况属实')).toBeVisible();
    await saveScreenshot(page, 'bills-node-dialog-390');
    await page.keyboard.press('Escape');
    await expect(nodeDialog).toBeHidden();

    await card.locator('.bill-card__meta').first().click();
    await expect(page.locator('.bill-summary__title')).toHaveText(titles.expense);
    // The initiator of a bill in progress may withdraw it; he is no handler.
    await expect(button(page, '撤回')).toBeVisible();
    await expect(button(page, '同意')).toHaveCount(0);
    await saveScreenshot(page, 'bills-detail-390');
    await page.locator('.bill-detail__flow').scrollIntoViewIfNeeded();
    await expect(page.locator('.bill-detail__flow .flow-node')).toHaveCount(5);
    await saveScreenshot(page, 'bills-detail-flow-390');

    await page.goto('/office/approval/draft');
    await expect(page.getByRole('heading', { name: '草稿箱' })).toBeVisible();
    await expect(page.locator('.bill-card').first()).toBeVisible();
    await saveScreenshot(page, 'bills-draft-390');
  } finally {
    await context.close();
  }
});

test('[BILLS] the issue 4 journey: 费用报销 of 6,000 is agreed, rejected by finance, resubmitted and approved, then printed', async ({
  page,
  request,
}) => {
  // The whole issue-4 story in one test: five sign-ins and a dozen pages take close to a minute on a 2-core machine.
  test.slow();
  const cast = await createApprovalCast(request);
  const { initiator, leader, financeA, financeB } = cast;
  const title = `客户拜访费用报销 ${Date.now().toString(36)}`;
  const startNode = (scope: Locator) => expectNode(scope, '发起', '发起审批');
  const endNode = (scope: Locator) => expectNode(scope, '结束', '结束审批');

  // 1. The initiator starts 费用报销 from 发起审批 and fills two items worth 6,000 in all.
  await actAs(page, initiator, '/office/approval');
  await page.getByRole('button', { name: cast.expenseTemplate.name, exact: true }).click();
  await expect(page).toHaveURL(/\/office\/approval\/edit\?templateID=\d+/);
  await page.getByLabel('标题').fill(title);
  await page.locator('.ant-form-item').filter({ hasText: '报销类别' }).locator('.ant-select').click();
  await page.locator('.ant-select-item-option', { hasText: '差旅费' }).click();
  const items: [string, string, string][] = [
    ['杭州客户拜访往返高铁', '2026-11-02', '2500.00'],
    ['杭州客户拜访住宿 3 晚', '2026-11-03', '3500.00'],
  ];
  for (const [index, [desc, date, amount]] of items.entries()) {
    await button(page, '添加一行').click();
    const row = page.getByTestId('items-row-expense_items').nth(index);
    await row.getByLabel('费用说明').fill(desc);
    await row.getByLabel('发生日期').fill(date);
    await row.getByLabel('发生日期').press('Enter');
    await row.getByLabel('金额（元）').fill(amount);
  }
  await expect(page.getByTestId('items-total-expense_items')).toContainText('6,000.00');
  await button(page.locator('.bill-edit__actions'), '提交').click();
  await expect(message(page, ApprovalMessages.released)).toBeVisible();
  await expect(page.locator('.bill-summary__title')).toHaveText(title);
  const billUrl = page.url();

  // At 部门负责人审批: the leader alone is awaited; 财务审核 (over 5000) is on the route, not reached yet: the two
  // finance people it will ask are shown, marked 预计.
  let popover = await detailPopover(page);
  await startNode(popover);
  await expectNode(popover, '部门负责人审批', '', [
    { name: '部门负责人', count: '1人', modes: ['或签'], status: `等待${leader.name}审批` },
  ]);
  await expectNode(popover, '财务审核', '', [{ name: '财务审核', count: '预计 2人', modes: ['或签'], status: '待审批' }]);
  await expect(flowNode(popover, '财务审核').locator('.flow-avatar--predicted')).toHaveCount(2);
  await expectNode(popover, '财务归档', '');
  await endNode(popover);
  await closePopover(page, popover);

  // 2. The leader agrees from 待我审批; his header count drops by one.
  const leaderToken = await actAs(page, leader, '/office/approval/todo');
  const leaderTodo = await todoCount(page, leaderToken);
  await expect(page.getByRole('link', { name: `待我审批（${leaderTodo}）` })).toBeVisible();
  await openFromTodo(page, title);
  await decide(page, '同意', '客户拜访属实');
  await expect(message(page, ApprovalMessages.agreed)).toBeVisible();
  await expect(page.locator('.bill-actions')).not.toContainText('同意');
  // The header's count (the side menu's 待我审批 is a link of the same name when the count is 0).
  await expect(
    page.getByRole('banner').getByRole('link', { name: leaderTodo > 1 ? `待我审批（${leaderTodo - 1}）` : '待我审批', exact: true }),
  ).toBeVisible();
  popover = await detailPopover(page);
  await expectNode(popover, '部门负责人审批', '', [EXPENSE_DONE_LEADER]);
  await expectNode(popover, '财务审核', '', [
    { name: '财务审核', count: '2人', modes: ['或签'], status: `等待${financeA.name}、${financeB.name}等人审批` },
  ]);
  await closePopover(page, popover);

  // 3. The first finance handler rejects: first without a comment (the server's message at the field), then with one.
  await actAs(page, financeA, '/office/approval/todo');
  await openFromTodo(page, title);
  await button(page.locator('.bill-actions'), '驳回').click();
  const reject = dialog(page, /^驳回 · /);
  await reject
    .locator('.ant-modal-footer')
    .getByRole('button', { name: /驳\s*回/ })
    .click();
  await expect(reject.locator('.ant-form-item-explain-error')).toHaveText(EngineMessages.commentRequired);
  await saveScreenshot(page, 'bills-reject-comment-required-1440');
  await reject.getByLabel(/审批意见/).fill('住宿发票抬头有误，请更正后重新提交');
  await reject
    .locator('.ant-modal-footer')
    .getByRole('button', { name: /驳\s*回/ })
    .click();
  await expect(message(page, ApprovalMessages.rejected)).toBeVisible();
  await expect(page.locator('.bill-summary__status')).toHaveText('已驳回');
  popover = await detailPopover(page);
  await expectNode(popover, '财务审核', '', [{ name: '财务审核', count: '2人', modes: ['或签'], status: '已退回' }]);
  await closePopover(page, popover);

  // 4. The initiator finds it rejected in 我发起的, edits and resubmits.
  await actAs(page, initiator, '/office/approval/mine');
  const mineRow = listRow(page, title);
  await expect(mineRow.locator('.bill-status-tag')).toHaveText('已驳回');
  await mineRow.locator('td').first().click();
  await expect(page.locator('.history-entry').filter({ hasText: financeA.name })).toContainText('住宿发票抬头有误，请更正后重新提交');
  await button(page.locator('.bill-actions'), '修改后重新提交').click();
  await expect(page).toHaveURL(/\/office\/approval\/edit\?billID=\d+&templateID=\d+/);
  await page.getByLabel('备注').fill('已更正住宿发票抬头');
  await button(page.locator('.bill-edit__actions'), '重新提交').click();
  await expect(message(page, ApprovalMessages.resubmitted)).toBeVisible();
  await expect(page.locator('.bill-summary__status')).toHaveText('审批中');
  popover = await detailPopover(page);
  await expectNode(popover, '部门负责人审批', '', [
    { name: '部门负责人', count: '1人', modes: ['或签'], status: `等待${leader.name}审批` },
  ]);
  await closePopover(page, popover);

  // 5. The leader and the first finance handler agree; it ends 已完成 with every step 已审批, the second (not needed) greyed.
  await actAs(page, leader, '/office/approval/todo');
  await openFromTodo(page, title);
  await decide(page, '同意');
  await expect(message(page, ApprovalMessages.agreed)).toBeVisible();
  await actAs(page, financeA, '/office/approval/todo');
  await openFromTodo(page, title);
  await decide(page, '同意', '发票已核对');
  await expect(message(page, ApprovalMessages.agreed)).toBeVisible();
  await expect(page.locator('.bill-summary__status')).toHaveText('已完成');
  // The address opened from 待我审批 said status=doing; it now says where the bill is (issue 14).
  await expect(page).toHaveURL(/[?&]status=done(&|$)/);
  popover = await detailPopover(page);
  await startNode(popover);
  await expectNode(popover, '部门负责人审批', '', [EXPENSE_DONE_LEADER]);
  await expectNode(popover, '财务审核', '', [{ name: '财务审核', count: '2人', modes: ['或签'], status: '已审批' }]);
  await expectNode(popover, '财务归档', '');
  await endNode(popover);
  const finance = flowNode(popover, '财务审核');
  await expect(finance.locator('.flow-avatar--greyed')).toHaveCount(1);
  await expect(finance.locator('.flow-step__handler').filter({ hasText: financeB.name }).locator('.flow-avatar--greyed')).toHaveCount(1);
  await expect(finance.locator('.flow-step__handler').filter({ hasText: financeA.name }).locator('.flow-avatar--agreed')).toHaveCount(1);
  await saveScreenshot(page, 'bills-popover-done-1440');
  await closePopover(page, popover);
  await page.locator('.bill-detail__flow').getByRole('button', { name: '查看节点 财务审核' }).click();
  const financeDialog = dialog(page, '财务审核');
  await expect(financeDialog.getByRole('row').filter({ hasText: financeB.name })).toContainText('无需处理');
  await expect(financeDialog.getByRole('row').filter({ hasText: financeA.name })).toContainText('发票已核对');
  await saveScreenshot(page, 'bills-node-dialog-done-1440');
  await page.keyboard.press('Escape');

  // 6. The initiator prints it: A4 page with the form and the whole approval record.
  await actAs(page, initiator, billUrl);
  await expect(page.locator('.bill-summary__status')).toHaveText('已完成');
  await saveScreenshot(page, 'bills-detail-done-1440');
  const printPage = await openPrintPage(page);
  await expect(printPage).toHaveURL(/\/print\?from=detail&billID=\d+&templateID=\d+/);
  await expect(printPage.getByRole('heading', { level: 1 })).toHaveText(title);
  const record = printPage.locator('.bill-print__record tbody tr');
  const expected: [string, string, string][] = [
    [initiator.name, '提交', ''],
    [leader.name, '同意', '客户拜访属实'],
    [financeA.name, '驳回', '住宿发票抬头有误，请更正后重新提交'],
    [initiator.name, '重新提交', ''],
    [leader.name, '同意', ''],
    [financeA.name, '同意', '发票已核对'],
    // The flow's 财务归档 files the approved bill under its number (issue 13).
    ['系统', '归档', `归档编号：${await page.locator('.bill-summary__archive').innerText()}`],
  ];
  await expect(record).toHaveCount(expected.length);
  for (const [index, [who, action, comment]] of expected.entries()) {
    const cells = record.nth(index).locator('td');
    await expect(cells.nth(2)).toHaveText(who);
    await expect(cells.nth(3)).toHaveText(action);
    await expect(cells.nth(4)).toHaveText(comment);
  }
  await expect(printPage.getByText('杭州客户拜访住宿 3 晚')).toBeVisible();
  await expect(printPage.getByRole('button', { name: /打\s*印/ })).toBeVisible();
  await saveScreenshot(printPage, 'bills-print-1440');
  // Printed, the toolbar disappears.
  await printPage.emulateMedia({ media: 'print' });
  await expect(printPage.getByRole('button', { name: /打\s*印/ })).toBeHidden();
  await printPage.emulateMedia({ media: 'screen' });
  await printPage.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(printPage, 'bills-print-390');
  await printPage.close();
});
