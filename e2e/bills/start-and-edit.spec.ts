import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  ApprovalMessages,
  BillEditTexts,
  FormValueMessages,
  type ApiEnvelope,
  type BillDetail,
  type BillListRow,
  type Paged,
  type TemplateSummary,
} from '@osp/shared';
import { bearer, signInViaApi } from '../support/api';
import { createPerson, nameTag } from '../support/people';
import { saveScreenshot } from '../support/screenshots';
import { button, message, openFromSideMenu } from '../support/ui';

/*
 * 发起审批 and the bill edit page (issue 4, Web): a 技术部 colleague stars a template, writes a 费用报销 with
 * two line items (a bad amount is refused at its cell first), saves it as a draft and submits it. The
 * template's schema is in the demo seed (demo-approval.ts). Each journey writes as a person of its own, so
 * that the favourite, the drafts and the bills are nobody else's.
 */

async function getData<T>(request: APIRequestContext, token: string, url: string): Promise<T> {
  const response = await request.get(url, { headers: bearer(token) });
  const body = (await response.json()) as ApiEnvelope<T>;
  expect(body.status_code, body.message).toBe(0);
  return body.data;
}

function card(scope: Page | Locator, name: string): Locator {
  return scope.getByRole('button', { name, exact: true });
}

/** One row of the 费用明细 editor. */
function itemRow(page: Page, index: number): Locator {
  return page.getByTestId('items-row-expense_items').nth(index);
}

async function fillItem(page: Page, index: number, item: { desc: string; date: string; amount: string }): Promise<void> {
  const row = itemRow(page, index);
  await row.getByLabel('费用说明').fill(item.desc);
  const date = row.getByLabel('发生日期');
  await date.click();
  await date.fill(item.date);
  await date.press('Enter');
  await row.getByLabel('金额（元）').fill(item.amount);
}

test('[BILLS] a colleague stars a template, writes a 费用报销 with two items, saves a draft and submits it', async ({ page, request }) => {
  const person = await createPerson(request, `报销新人${nameTag()}`);
  const { token } = await signInViaApi(page, person.username, { password: person.password });
  await page.goto('/dashboard');

  // 审批 → 发起审批 through the side menu.
  const sider = page.locator('.app-sider');
  await openFromSideMenu(page, '审批', '发起审批');
  await expect(page).toHaveURL((url) => url.pathname === '/office/approval');
  await expect(page.getByRole('heading', { name: '发起审批' })).toBeVisible();
  await expect(card(page, '费用报销')).toBeVisible();
  await expect(card(page, '请假申请')).toBeVisible();

  // The star puts 费用报销 under 我的收藏, at the top; the API keeps it.
  const favorites = page.getByRole('region', { name: '我的收藏' });
  await page.getByRole('button', { name: '收藏「费用报销」' }).click();
  await expect(message(page, ApprovalMessages.favorited)).toBeVisible();
  await expect(card(favorites, '费用报销')).toBeVisible();
  const templates = await getData<Paged<TemplateSummary>>(page.request, token, '/api/templates');
  expect(templates.list[0]).toMatchObject({ name: '费用报销', favorite: true });
  await saveScreenshot(page, 'bills-start-1440');

  // The search box narrows the cards.
  const search = page.getByRole('searchbox', { name: '搜索模板' }).or(page.getByPlaceholder('搜索模板名称或说明')).first();
  await search.fill('会议室');
  await expect(card(page, '会议室预定')).toBeVisible();
  await expect(card(page, '费用报销')).toHaveCount(0);
  await search.fill('');
  await expect(card(page, '费用报销')).toBeVisible();

  // Open it.
  await card(favorites, '费用报销').click();
  await expect(page).toHaveURL((url) => url.pathname === '/office/approval/edit' && url.searchParams.has('templateID'));
  await expect(page.getByRole('heading', { name: BillEditTexts.newTitle('费用报销') })).toBeVisible();

  await page.getByLabel('报销类别').click();
  await page.locator('.ant-select-item-option', { hasText: '差旅费' }).click();

  // A bad amount is refused at its cell with the shared message.
  await button(page, '添加一行').click();
  await fillItem(page, 0, { desc: '北京往返高铁', date: '2026-03-02', amount: '12.345' });
  const moneyError = FormValueMessages.money('金额（元）');
  await expect(itemRow(page, 0).getByText(moneyError)).toBeVisible();
  await itemRow(page, 0).getByLabel('金额（元）').fill('3500.00');
  await expect(itemRow(page, 0).getByText(moneyError)).toHaveCount(0);

  await button(page, '添加一行').click();
  await fillItem(page, 1, { desc: '酒店住宿三晚', date: '2026-03-03', amount: '2500' });
  const total = page.getByTestId('items-total-expense_items');
  await expect(total).toContainText('6,000.00');
  await expect(total).toContainText('大写：陆仟元整');

  // Leaving with unsaved input asks first; 继续填写 keeps everything.
  await sider.getByRole('menuitem', { name: '草稿箱' }).click();
  const leave = page.getByRole('dialog').filter({ hasText: BillEditTexts.leaveTitle });
  await expect(leave).toBeVisible();
  await button(leave, BillEditTexts.stayCancel).click();
  await expect(page).toHaveURL((url) => url.pathname === '/office/approval/edit');
  await expect(itemRow(page, 1).getByLabel('金额（元）')).toHaveValue('2500');
  await saveScreenshot(page, 'bills-edit-1440');

  // 保存草稿: a draft with both rows; the address now names it.
  await button(page, BillEditTexts.saveDraft).click();
  await expect(message(page, ApprovalMessages.saved)).toBeVisible();
  await expect(page).toHaveURL((url) => url.searchParams.has('billID'));
  const billId = Number(new URL(page.url()).searchParams.get('billID'));
  const drafts = await getData<Paged<BillListRow>>(page.request, token, '/api/bills?box=draft&per_page=100');
  expect(drafts.list.map((row) => row.id)).toContain(billId);
  const draft = await getData<BillDetail>(page.request, token, `/api/bills/${billId}`);
  expect(draft.status).toBe('draft');
  expect(draft.totals.expense_items).toBe('6000.00');
  expect(draft.items.expense_items).toEqual([
    { desc: '北京往返高铁', date: '2026-03-02', amount: '3500.00' },
    { desc: '酒店住宿三晚', date: '2026-03-03', amount: '2500.00' },
  ]);
  expect(draft.form.category).toBe('差旅费');

  // 提交: the same bill goes into the flow and the page shows its detail.
  await button(page, BillEditTexts.submit).click();
  await expect(message(page, ApprovalMessages.released)).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/office/approval/detail' && url.searchParams.get('billID') === String(billId));
  // The detail page shows the form read only: both items, the total and its amount in words.
  await expect(page.getByTestId('items-total-expense_items')).toContainText('大写：陆仟元整');
  await expect(page.getByText('酒店住宿三晚')).toBeVisible();
  await saveScreenshot(page, 'bills-submitted-detail-1440');
  const submitted = await getData<BillDetail>(page.request, token, `/api/bills/${billId}`);
  expect(submitted.status).toBe('doing');
  expect(submitted.current_node).toBe('部门负责人审批');
  const drafts2 = await getData<Paged<BillListRow>>(page.request, token, '/api/bills?box=draft&per_page=100');
  expect(drafts2.list.map((row) => row.id)).not.toContain(billId);
});

test('[BILLS] 发起审批 and the edit page at 390 px', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const person = await createPerson(request, `报销新人${nameTag()}`);
  await signInViaApi(page, person.username, { password: person.password });
  await page.goto('/office/approval');
  await expect(page.getByRole('heading', { name: '发起审批' })).toBeVisible();
  await expect(card(page, '费用报销')).toBeVisible();
  await saveScreenshot(page, 'bills-start-390');

  await card(page, '费用报销').click();
  await expect(page.getByRole('heading', { name: BillEditTexts.newTitle('费用报销') })).toBeVisible();
  await button(page, '添加一行').click();
  await fillItem(page, 0, { desc: '市内打车', date: '2026-03-05', amount: '86.5' });
  await expect(page.getByTestId('items-total-expense_items')).toContainText('大写：捌拾陆元伍角');

  // Submitting without the required 报销类别 is refused at the field, before any call.
  await button(page, BillEditTexts.submit).click();
  await expect(page.getByText(FormValueMessages.requiredChoice('报销类别'))).toBeVisible();
  await saveScreenshot(page, 'bills-edit-390');
});

test('[BILLS] what was typed survives the browser’s back button: the edit page offers it back', async ({ page, request }) => {
  const person = await createPerson(request, `报销新人${nameTag()}`);
  const { token } = await signInViaApi(page, person.username, { password: person.password });
  const templates = await getData<Paged<TemplateSummary>>(request, token, '/api/templates?per_page=100');
  const expense = templates.list.find((t) => t.name === '费用报销');
  expect(expense).toBeDefined();
  await page.goto('/office/approval');
  await page.goto(`/office/approval/edit?templateID=${expense?.id}`);
  await expect(page.getByText(BillEditTexts.formSection)).toBeVisible();

  await page.getByLabel(BillEditTexts.titleLabel).fill('十一月上海出差报销');
  await button(page, '添加一行').click();
  await fillItem(page, 0, { desc: '上海往返高铁', date: '2026-11-02', amount: '1200.50' });
  // The browser's own back button cannot be held by a BrowserRouter page: the typing must survive it.
  await expect
    .poll(() =>
      page.evaluate(() =>
        Object.keys(sessionStorage)
          .map((key) => sessionStorage.getItem(key) ?? '')
          .join(),
      ),
    )
    .toContain('1200.50');
  await page.goBack();
  await expect(page).toHaveURL((url) => url.pathname === '/office/approval');
  await page.goForward();

  const offer = page.getByRole('alert').filter({ hasText: '未保存的填写内容' });
  await expect(offer).toBeVisible();
  await saveScreenshot(page, 'bills-edit-local-copy-1440');
  await button(offer, BillEditTexts.localCopyRestore).click();
  await expect(message(page, BillEditTexts.localCopyRestored)).toBeVisible();
  await expect(page.getByLabel(BillEditTexts.titleLabel)).toHaveValue('十一月上海出差报销');
  await expect(itemRow(page, 0).getByLabel('费用说明')).toHaveValue('上海往返高铁');
  await expect(itemRow(page, 0).getByLabel('金额（元）')).toHaveValue(/1,?200\.50/);

  // Discarded, it is not offered again.
  await page.reload();
  const again = page.getByRole('alert').filter({ hasText: '未保存的填写内容' });
  await expect(again).toBeVisible();
  await button(again, BillEditTexts.localCopyDiscard).click();
  await page.reload();
  await expect(page.getByText(BillEditTexts.formSection)).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: '未保存的填写内容' })).toHaveCount(0);
});
