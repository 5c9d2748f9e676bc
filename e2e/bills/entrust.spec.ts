import { expect, test } from '@playwright/test';
import { EntrustMessages, EntrustTexts, TaskMoveSkipLabels, type BillListRow, type Paged } from '@osp/shared';
import { apiSignIn } from '../support/api';
import { createDept, createPerson, nameTag, setDeptLeader, type OwnPerson } from '../support/people';
import { saveScreenshot } from '../support/screenshots';
import { button, dialog, message } from '../support/ui';
import { actAs, formItem, getData, outingForm, sendData, submitBill, uniqueTitle } from './bill-helpers';

/*
 * 委托管理 (/office/approval/entrust, docs/approval-api.md "Entrust page and task moves"): a department leader going
 * away entrusts their 外出申请 approvals to a colleague with 同时移交当前待办, sees what moved and what stayed (the
 * colleague's own request), ends the entrust early, and the colleague sees it under 委托给我的. The journey makes its
 * own department, so the leader's 待我审批 holds only its own bills.
 */

const todoOf = async (request: Parameters<typeof apiSignIn>[0], person: OwnPerson) => {
  const token = await apiSignIn(request, person.username, person.password);
  const rows = (await getData<Paged<BillListRow>>(request, token, '/api/bills?box=todo&per_page=100')).list;
  return new Map(rows.map((row) => [row.id, row.on_behalf_of ?? null]));
};

test('[BILLS] a leader entrusts approvals with 同时移交当前待办, sees what moved, and ends the entrust early', async ({
  page,
  request,
}) => {
  const tag = nameTag();
  const adminToken = await apiSignIn(request, 'admin');
  const deptId = await createDept(request, adminToken, `委托部${tag}`);
  const leader = await createPerson(request, `主管${tag}`, { adminToken, deptId });
  await setDeptLeader(request, adminToken, deptId, leader.id);
  const delegate = await createPerson(request, `代理${tag}`, { adminToken, deptId });
  const initiator = await createPerson(request, `申请人${tag}`, { adminToken, deptId });
  const moved = await submitBill(request, initiator, '外出申请', uniqueTitle('委托移交'), outingForm('家中有事'));
  // The delegate's own request stays with the leader: nobody approves their own bill.
  const delegatesOwn = await submitBill(request, delegate, '外出申请', uniqueTitle('本人申请'), outingForm('看病'));
  expect([...(await todoOf(request, leader)).keys()].sort()).toEqual([moved.id, delegatesOwn.id].sort());

  await actAs(page, leader, '/office/approval/entrust');
  await expect(page.getByRole('heading', { name: EntrustTexts.pageTitle })).toBeVisible();
  await expect(page.getByText(EntrustTexts.emptyGiven)).toBeVisible();
  await button(page, EntrustTexts.create).click();
  const form = dialog(page, EntrustTexts.create);
  await formItem(form, EntrustTexts.delegate).locator('.ant-select').click();
  await page.keyboard.type(`代理${tag}`);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: `代理${tag}` }).click();
  await formItem(form, EntrustTexts.templates).locator('.ant-select').click();
  await page.keyboard.type('外出申请');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^外出申请$/ }).click();
  await page.keyboard.press('Escape');
  await formItem(form, EntrustTexts.reason).locator('textarea').fill('出差一周');
  await form.getByRole('checkbox', { name: EntrustTexts.moveOpenTasks }).check();
  await saveScreenshot(page, 'bills-entrust-create-1440');
  await page.screenshot({ path: '/tmp/e2e-entrust-create.png', fullPage: true, animations: 'disabled' });
  await button(form, EntrustTexts.submitCreate).click();

  // The toast counts what moved; the report names the bill that stayed, and why.
  await expect(message(page, EntrustMessages.savedAndMoved(1, 1))).toBeVisible();
  const report = dialog(page, EntrustTexts.moveReportTitle);
  await expect(report).toBeVisible();
  await expect(report.getByText(delegatesOwn.title)).toBeVisible();
  await expect(report.getByText(TaskMoveSkipLabels.initiator)).toBeVisible();
  await button(report, '确定').click();
  await expect(report).toBeHidden();

  const row = page.locator('.entrust-table tbody tr').filter({ hasText: `代理${tag}` });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('外出申请')).toBeVisible();
  await expect(row.getByText('生效中')).toBeVisible();
  await expect(row.getByText('出差一周')).toBeVisible();
  await saveScreenshot(page, 'bills-entrust-list-1440');
  await page.screenshot({ path: '/tmp/e2e-entrust-list.png', fullPage: true, animations: 'disabled' });

  // The moved bill waits for the delegate as 代 主管 审批; the delegate's own stays with the leader.
  expect((await todoOf(request, delegate)).get(moved.id)).toBe(`代主管${tag}审批`);
  expect([...(await todoOf(request, leader)).keys()]).toEqual([delegatesOwn.id]);

  // 提前结束: confirmed, it stays listed as 已结束 with nothing more to do.
  await button(row, EntrustTexts.end).click();
  await button(page.locator('.ant-popconfirm').filter({ hasText: EntrustTexts.endConfirm }), '确定').click();
  await expect(message(page, EntrustMessages.ended)).toBeVisible();
  await expect(row.getByText('已结束')).toBeVisible();
  await expect(button(row, EntrustTexts.end)).toHaveCount(0);
  await expect(button(row, EntrustTexts.modify)).toHaveCount(0);

  // The delegate sees it under 委托给我的, read only; the bill moved under it is still theirs to decide.
  await actAs(page, delegate, '/office/approval/entrust');
  await page.getByRole('tab', { name: EntrustTexts.received }).click();
  const received = page.locator('.entrust-table tbody tr').filter({ hasText: `主管${tag}` });
  await expect(received.getByText('已结束')).toBeVisible();
  await expect(received.getByRole('button')).toHaveCount(0);
  expect((await todoOf(request, delegate)).has(moved.id)).toBe(true);
  await page.screenshot({ path: '/tmp/e2e-entrust-received.png', fullPage: true, animations: 'disabled' });
});

test.describe('on a phone-wide screen', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('[BILLS] 委托管理 and its dialog fit a 390 px screen', async ({ page, request }) => {
    const tag = nameTag();
    const owner = await createPerson(request, `外出人${tag}`);
    const delegate = await createPerson(request, `代办人${tag}`);
    const ownerToken = await apiSignIn(request, owner.username, owner.password);
    await sendData(request, ownerToken, 'POST', '/api/users/billEntrust', {
      delegate_id: delegate.id,
      start_at: new Date(Date.now() - 3_600_000).toISOString(),
      end_at: new Date(Date.now() + 48 * 3_600_000).toISOString(),
      reason: '年假',
    });

    await actAs(page, owner, '/office/approval/entrust');
    const row = page.locator('.entrust-table tbody tr').filter({ hasText: `代办人${tag}` });
    await expect(row.getByText('生效中')).toBeVisible();
    await expect(row.getByText(EntrustTexts.allTemplates)).toBeVisible();
    await expect(button(row, EntrustTexts.end)).toBeInViewport();
    // The page itself does not scroll sideways; the table scrolls inside its own frame.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await saveScreenshot(page, 'bills-entrust-390');
    await page.screenshot({ path: '/tmp/e2e-entrust-390.png', fullPage: true, animations: 'disabled' });

    await button(page, EntrustTexts.create).click();
    const form = dialog(page, EntrustTexts.create);
    await expect(form.getByRole('checkbox', { name: EntrustTexts.moveOpenTasks })).toBeVisible();
    await page.screenshot({ path: '/tmp/e2e-entrust-dialog-390.png', fullPage: true, animations: 'disabled' });
    // A second period overlapping the first is refused at its field, and nothing is saved.
    await formItem(form, EntrustTexts.delegate).locator('.ant-select').click();
    await page.keyboard.type(`代办人${tag}`);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: `代办人${tag}` }).click();
    await button(form, EntrustTexts.submitCreate).click();
    await expect(formItem(form, EntrustTexts.period).getByText(/重叠，同一时间只能委托给一个人/)).toBeVisible();
    await button(form, '取消').click();
    await expect(page.locator('.entrust-table tbody tr.ant-table-row')).toHaveCount(1);
  });
});
