import { expect, test, type Locator, type Page } from '@playwright/test';
import { ApprovalMessages, BillPageMessages, NoticeMessages, NoticePageTexts, ShareMessages } from '@osp/shared';
import { apiSignIn } from '../support/api';
import { createDept, createPerson, nameTag, setDeptLeader, type OwnPerson } from '../support/people';
import { saveScreenshot } from '../support/screenshots';
import { button, dialog, message } from '../support/ui';
import { actAs, detailUrl, formItem, outingForm, listRow, searchBox, submitBill, uniqueTitle } from './bill-helpers';

/*
 * 抄送我的 with its read state, the header's bell and 催办 (issue 13). Each journey makes a department of its own
 * with a leader, an initiator and a colleague, so the counts on the bell and the menu are the journey's alone.
 */

interface Team {
  deptName: string;
  leader: OwnPerson;
  initiator: OwnPerson;
  colleague: OwnPerson;
}

async function makeTeam(page: Page): Promise<Team> {
  const request = page.request;
  const adminToken = await apiSignIn(request, 'admin');
  const tag = nameTag();
  const deptName = `协作组${tag}`;
  const deptId = await createDept(request, adminToken, deptName);
  const leader = await createPerson(request, `组长${tag}`, { deptId, adminToken });
  await setDeptLeader(request, adminToken, deptId, leader.id);
  const initiator = await createPerson(request, `申请人${tag}`, { deptId, adminToken });
  const colleague = await createPerson(request, `同事${tag}`, { deptId, adminToken });
  return { deptName, leader, initiator, colleague };
}

function bell(page: Page): Locator {
  return page.locator('.app-header').getByRole('link', { name: /^消息通知/ });
}

function sharedMenuItem(page: Page): Locator {
  return page.locator('.app-sider').getByRole('menuitem', { name: /抄送我的/ });
}

function noticeRow(page: Page, text: string): Locator {
  return page.locator('.notice-list__item').filter({ hasText: text });
}

test('[BILLS] a bill shared with a department is 待阅 for a colleague until opened, then 已阅; the sharer takes it back', async ({
  page,
}) => {
  const team = await makeTeam(page);
  const title = uniqueTitle('年假共享');
  const bill = await submitBill(page.request, team.initiator, '外出申请', title, outingForm('回老家探亲'));

  // The initiator shares with the whole department (the colleague and the leader are in it).
  await actAs(page, team.initiator, detailUrl(bill.id));
  await expect(page.locator('.bill-summary__title')).toHaveText(title);
  await button(page.locator('.bill-actions'), '分享').click();
  const shareDialog = dialog(page, `分享 · ${title}`);
  await expect(shareDialog.getByText(BillPageMessages.noShares)).toBeVisible();
  const depts = formItem(shareDialog, BillPageMessages.shareToDepts).getByRole('combobox');
  await depts.click();
  await depts.fill(team.deptName);
  await page.locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper', { hasText: team.deptName }).click();
  await page.keyboard.press('Escape');
  await button(shareDialog.locator('.ant-modal-footer'), '分享').click();
  await expect(message(page, ApprovalMessages.shared)).toBeVisible();
  await expect(shareDialog).toBeHidden();

  // The colleague: one unread on the bell and beside 抄送我的, the row 待阅.
  await actAs(page, team.colleague, '/office/approval/shared');
  await expect(bell(page)).toHaveAccessibleName(NoticePageTexts.bell(1));
  await expect(sharedMenuItem(page)).toContainText('1');
  await searchBox(page, title);
  const row = listRow(page, title);
  await expect(row.locator('.bill-share-tag')).toContainText('待阅');
  await expect(row).toContainText(team.initiator.name);
  await saveScreenshot(page, 'bills-shared-unread-1440');

  // Opening it marks it read: back in the box it is 已阅 and the menu has no count any more.
  await row.locator('td').first().click();
  await expect(page.locator('.bill-summary__title')).toHaveText(title);
  await page.goto('/office/approval/shared');
  await searchBox(page, title);
  await expect(listRow(page, title).locator('.bill-share-tag')).toContainText('已阅');
  await expect(sharedMenuItem(page).locator('.ant-badge')).toHaveCount(0);

  // The bell's page tells who shared what; opening the notice marks it read.
  await bell(page).click();
  await expect(page.locator('.notice-page').getByText(NoticePageTexts.title, { exact: true })).toBeVisible();
  const notice = noticeRow(page, `${team.initiator.name} 分享了「${title}」给您`);
  await expect(notice).toHaveClass(/notice-list__item--unread/);
  await saveScreenshot(page, 'notifications-page-1440');
  await notice.getByRole('button').click();
  await expect(page.locator('.bill-summary__title')).toHaveText(title);
  await expect(bell(page)).toHaveAccessibleName(NoticePageTexts.bell(0));

  // The initiator sees who has read it, and takes the colleague's share back.
  await actAs(page, team.initiator, detailUrl(bill.id));
  await button(page.locator('.bill-actions'), '分享').click();
  const shares = shareDialog.getByRole('region', { name: BillPageMessages.sharedWith });
  const colleagueEntry = shares.locator('.ant-list-item').filter({ hasText: team.colleague.name });
  await expect(colleagueEntry).toContainText('已阅');
  await expect(shares.locator('.ant-list-item').filter({ hasText: team.leader.name })).toContainText('待阅');
  await saveScreenshot(page, 'bills-share-dialog-read-state-1440');
  await button(colleagueEntry, '取消分享').click();
  await expect(message(page, ShareMessages.unshared)).toBeVisible();
  await expect(colleagueEntry).toHaveCount(0);

  // The colleague can no longer open it.
  await actAs(page, team.colleague, detailUrl(bill.id));
  await expect(page.locator('.ant-result-403').filter({ hasText: ApprovalMessages.billUnavailable })).toBeVisible();
});

test('[BILLS] the initiator urges the handler, once an hour: the urge rings the handler’s bell', async ({ page }) => {
  const team = await makeTeam(page);
  const title = uniqueTitle('催办请假');
  const bill = await submitBill(page.request, team.initiator, '外出申请', title, outingForm('孩子生病需要陪护'));
  expect(bill.current_node).toBe('部门负责人审批');

  await actAs(page, team.initiator, detailUrl(bill.id));
  await button(page.locator('.bill-actions'), '催办').click();
  await expect(page.getByText(BillPageMessages.confirmUrge)).toBeVisible();
  await button(page.locator('.ant-modal-confirm'), '催办').click();
  await expect(message(page, NoticeMessages.urged)).toBeVisible();

  // A second urge within the hour is refused with the time of the next chance.
  await button(page.locator('.bill-actions'), '催办').click();
  await button(page.locator('.ant-modal-confirm'), '催办').click();
  await expect(page.getByText(/^每张单据一小时内只能催办一次，请于 \d{2}:\d{2} 后再试$/).first()).toBeVisible();

  // The leader's bell: the task and the urge, both unread.
  await actAs(page, team.leader, '/dashboard');
  await expect(bell(page)).toHaveAccessibleName(NoticePageTexts.bell(2));
  await bell(page).click();
  await expect(noticeRow(page, `${team.initiator.name} 催办「${title}」，请尽快审批`)).toBeVisible();
  await expect(noticeRow(page, `「${title}」待您审批（部门负责人审批）`)).toBeVisible();
  await page.locator('.ant-segmented').getByText(NoticePageTexts.unread, { exact: true }).click();
  await expect(page.locator('.notice-list__item')).toHaveCount(2);
  // This server has no SMTP settings: the mail switch says why it is off.
  await expect(page.locator('.notice-mail').getByRole('switch')).toBeDisabled();
  await expect(page.getByText(NoticePageTexts.mailUnavailable)).toBeVisible();
  await saveScreenshot(page, 'notifications-urge-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, 'notifications-urge-390');
  await page.setViewportSize({ width: 1440, height: 900 });

  // 全部标为已读 empties the unread tab and the bell.
  await button(page, NoticePageTexts.readAll).click();
  await expect(message(page, NoticeMessages.allRead)).toBeVisible();
  await expect(page.getByText(NoticePageTexts.emptyUnread)).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName(NoticePageTexts.bell(0));

  // The urge opens the bill in the leader's 待我审批, where he can decide.
  await page.locator('.ant-segmented').getByText(NoticePageTexts.all, { exact: true }).click();
  await noticeRow(page, `${team.initiator.name} 催办「${title}」`).getByRole('button').click();
  await expect(page.locator('.bill-summary__title')).toHaveText(title);
  await expect(button(page.locator('.bill-actions'), '同意')).toBeVisible();
});
