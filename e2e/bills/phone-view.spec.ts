import { expect, test, type Locator } from '@playwright/test';
import { BillEditTexts, BillListTexts, EntrustTexts, FileTexts } from '@osp/shared';
import { signInViaApi } from '../support/api';
import { createPerson, nameTag, type OwnPerson } from '../support/people';
import { saveScreenshot } from '../support/screenshots';
import { button, chooseFilesThrough, dialog } from '../support/ui';
import { actAs, detailUrl, formItem, searchBox, submitBill, templateIdOf, uniqueTitle } from './bill-helpers';

/*
 * Issue 14, phones (390 px): the 审批流程 flow opens in a drawer from the bottom, a bill's line items scroll
 * inside their card with the total and its 大写 in view, a date range picks one month at a time, the form's
 * 保存草稿 / 提交 bar sits flush at the bottom, and a box's filters fold behind 筛选; 委托管理's date-and-time range
 * fits too. Each journey writes as a
 * person of its own (in 张三's 技术部, so that 李四 approves), so no one else's bills show.
 */

const PHONE = { width: 390, height: 844 };

/** The box lies across the screen's width: x ≥ 0 and its right edge ≤ 390. */
async function expectAcrossScreen(locator: Locator, what: string): Promise<void> {
  const box = await locator.boundingBox();
  expect(box, `${what} has a size`).not.toBeNull();
  expect(box?.x ?? -1, `${what} starts on the screen`).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? Infinity), `${what} ends on the screen`).toBeLessThanOrEqual(PHONE.width);
}

/** The box lies wholly inside the screen. */
async function expectOnScreen(locator: Locator, what: string): Promise<void> {
  await expectAcrossScreen(locator, what);
  const box = await locator.boundingBox();
  expect(box?.y ?? -1, `${what} starts below the top of the screen`).toBeGreaterThanOrEqual(0);
  expect((box?.y ?? 0) + (box?.height ?? Infinity), `${what} ends above the bottom of the screen`).toBeLessThanOrEqual(PHONE.height);
}

async function bottomOf(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  return (box?.y ?? 0) + (box?.height ?? 0);
}

async function topOf(locator: Locator): Promise<number> {
  return (await locator.boundingBox())?.y ?? 0;
}

/** A 费用报销 with three line items whose descriptions and amounts make the table wider than a phone. */
async function expenseWithItems(request: Parameters<typeof submitBill>[0], initiator: OwnPerson) {
  return submitBill(request, initiator, '费用报销', uniqueTitle('手机上看报销'), {
    category: '差旅费',
    remark: '上海客户项目出差',
    expense_items: [
      { desc: '北京—上海往返高铁二等座（含退改签手续费）', date: '2026-11-02', amount: '1100.00' },
      { desc: '酒店住宿 4 晚（含早餐）', date: '2026-11-02', amount: '2400.00' },
      { desc: '客户招待晚餐', date: '2026-11-03', amount: '3312.56' },
    ],
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('[BILLS] a bill on a phone: the line items with their total and 大写, and the flow in a bottom drawer', async ({
    page,
    request,
  }) => {
    const initiator = await createPerson(request, `手机报销${nameTag()}`);
    const bill = await expenseWithItems(request, initiator);
    await actAs(page, initiator, detailUrl(bill.id));
    await expect(page.locator('.bill-summary__title')).toHaveText(bill.title);

    // The line items scroll sideways inside their card; the total and its 大写 stay whole inside the card.
    const items = page.locator('.bill-items');
    const total = page.getByTestId('items-total-expense_items');
    await total.scrollIntoViewIfNeeded();
    await expect(total).toContainText('¥ 6,812.56');
    await expect(total).toContainText('大写：陆仟捌佰壹拾贰元伍角陆分');
    const card = page.locator('.bill-detail__card').filter({ has: items });
    await expectAcrossScreen(card, 'the form card');
    await expectAcrossScreen(items.locator('.ant-table-wrapper'), 'the line-items table');
    await expectOnScreen(total.locator('.bill-money__amount'), 'the total');
    await expectOnScreen(total.locator('.bill-money__words'), 'the total in words');
    const cardBox = await card.boundingBox();
    const wordsBox = await total.locator('.bill-money__words').boundingBox();
    expect((wordsBox?.x ?? 0) + (wordsBox?.width ?? 0), 'the 大写 line ends inside the card').toBeLessThanOrEqual(
      (cardBox?.x ?? 0) + (cardBox?.width ?? 0),
    );
    const scroller = items.locator('.ant-table-content');
    const { scrollWidth, clientWidth } = await scroller.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
    expect(scrollWidth, 'the table is wider than the card and scrolls inside it').toBeGreaterThan(clientWidth);
    await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect(items.getByRole('cell', { name: '3,312.56' })).toBeInViewport();
    await saveScreenshot(page, 'bills-phone-items');

    // 审批流程 slides up from the bottom with every node's name whole on the screen.
    await page
      .locator('.bill-summary')
      .getByRole('button', { name: /审批流程/ })
      .click();
    const drawer = page.locator('.flow-drawer .ant-drawer-section');
    await expect(drawer.locator('.flow-node')).toHaveCount(5);
    await expect(drawer).toContainText('审批流程 · 费用报销');
    await expect(page.locator('.flow-popover-overlay')).toHaveCount(0);
    // Measured once it has slid up.
    await expect.poll(() => bottomOf(drawer), { message: 'the drawer sits on the bottom of the screen' }).toBeCloseTo(PHONE.height, 0);
    await expectOnScreen(drawer, 'the flow drawer');
    for (const name of ['发起', '部门负责人审批', '财务审核', '财务归档', '结束']) {
      await expectOnScreen(drawer.locator('.flow-node__name', { hasText: new RegExp(`^${name}$`) }), `the node ${name}`);
    }
    await expect(drawer.locator('.flow-avatar[aria-label="李四 待处理"]')).toBeVisible();
    await saveScreenshot(page, 'bills-phone-flow-drawer');

    // A node still opens its dialog; closing it leaves the bill where it was.
    await drawer.locator('.flow-node__body').filter({ hasText: '部门负责人审批' }).click();
    const nodeDialog = dialog(page, /部门负责人审批/);
    await expect(nodeDialog).toBeVisible();
    await expect(drawer).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(nodeDialog).toBeHidden();
    await expect(page).toHaveURL((url) => url.searchParams.get('billID') === String(bill.id));
  });

  test('[BILLS] a box on a phone folds its filters behind 筛选, and a status tag opens the flow without leaving the list', async ({
    page,
    request,
  }) => {
    const initiator = await createPerson(request, `手机筛选${nameTag()}`);
    const bill = await expenseWithItems(request, initiator);
    await actAs(page, initiator, '/office/approval/mine');
    await expect(page.getByRole('heading', { name: '我发起的' })).toBeVisible();

    // Folded: the search and 筛选 in one row, the list right beneath.
    const more = page.getByRole('button', { name: BillListTexts.moreFilters(0), exact: true });
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByLabel(BillListTexts.byTemplate)).toBeHidden();
    await expect(page.getByPlaceholder(BillListTexts.datesPlaceholder[0])).toBeHidden();
    const filters = page.locator('.bill-filters');
    expect((await filters.boundingBox())?.height ?? Infinity, 'the folded filters take one row').toBeLessThanOrEqual(40);
    const card = page.locator('.bill-card').filter({ hasText: bill.title });
    await expect(card).toBeVisible();
    await expectAcrossScreen(filters, 'the filter row');
    await saveScreenshot(page, 'bills-phone-filters-folded');

    // 筛选 unfolds them; a template chosen shows on the button as one active filter.
    await more.click();
    await expect(more).toHaveAttribute('aria-expanded', 'true');
    // Other journeys' templates make a long list: narrowed by typing, as a user would.
    await page.getByLabel(BillListTexts.byTemplate).fill('费用报销');
    await page.locator('.ant-select-dropdown:visible').getByTitle('费用报销', { exact: true }).click();
    const moreActive = page.getByRole('button', { name: BillListTexts.moreFilters(1), exact: true });
    await expect(moreActive).toBeVisible();
    await expectAcrossScreen(page.locator('.bill-filters__dates'), 'the date filter');
    await saveScreenshot(page, 'bills-phone-filters-open');
    await moreActive.click();
    await expect(page.getByLabel(BillListTexts.byTemplate)).toBeHidden();
    await searchBox(page, bill.title);
    await expect(page.locator('.bill-card')).toHaveCount(1);

    // The status tag of a card opens the flow drawer; the list stays.
    await card.locator('.bill-status-tag').click();
    const drawer = page.locator('.flow-drawer .ant-drawer-section');
    await expect(drawer.locator('.flow-node')).toHaveCount(5);
    await expect.poll(() => bottomOf(drawer), { message: 'the drawer has slid up' }).toBeCloseTo(PHONE.height, 0);
    await expectOnScreen(drawer, 'the flow drawer');
    await drawer.locator('.ant-drawer-close').click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL((url) => url.pathname === '/office/approval/mine');
  });

  test('[BILLS] the bill form on a phone: a date range one month at a time, and the action bar flush at the bottom', async ({
    page,
    request,
  }) => {
    const person = await createPerson(request, `手机请假${nameTag()}`);
    const { token } = await signInViaApi(page, person.username, { password: person.password });
    const leaveId = await templateIdOf(request, token, '外出申请');
    await page.goto(`/office/approval/edit?templateID=${leaveId}`);
    await expect(page.getByRole('heading', { name: BillEditTexts.newTitle('外出申请') })).toBeVisible();

    // The bar: on the screen, flush with its bottom edge, opaque.
    const actions = page.locator('.bill-edit__actions');
    await expectOnScreen(actions, 'the action bar');
    expect(await bottomOf(actions), 'the bar sits on the bottom edge').toBeCloseTo(PHONE.height, 0);
    await expect(actions).toHaveCSS('background-color', 'rgb(255, 255, 255)');
    await expectOnScreen(button(actions, BillEditTexts.saveDraft), '保存草稿');
    await expectOnScreen(button(actions, BillEditTexts.submit), '提交');
    await saveScreenshot(page, 'bills-phone-form-actions');

    // Scrolled to the end, the last field ends above the bar.
    await page.locator('.page-slot:visible').evaluate((slot) => slot.scrollTo({ top: slot.scrollHeight }));
    const upload = button(page, FileTexts.upload);
    await expect(upload).toBeInViewport();
    expect(await bottomOf(upload), 'the last field ends above the bar').toBeLessThanOrEqual(await topOf(actions));
    expect(await bottomOf(actions), 'the bar still sits on the bottom edge').toBeCloseTo(PHONE.height, 0);
    await saveScreenshot(page, 'bills-phone-form-end');

    // 外出时间: one month on the screen; the start on the 15th, then the next month, the end on the 3rd.
    const period = formItem(page, '外出时间');
    await period.scrollIntoViewIfNeeded();
    // Picked, not typed: a tap does not bring the phone's keyboard over the month.
    await expect(period.getByPlaceholder('开始日期')).toHaveAttribute('readonly', '');
    await period.getByPlaceholder('开始日期').click();
    const popup = page.locator('.date-range-picker--one-panel:visible');
    await expect(popup.locator('.ant-picker-panel:visible')).toHaveCount(1);
    await expectOnScreen(popup.locator('.ant-picker-panel-container'), 'the date range picker');
    await saveScreenshot(page, 'bills-phone-range-start');
    const panel = popup.locator('.ant-picker-panel:visible');
    await panel.locator('.ant-picker-cell-in-view').getByText('15', { exact: true }).click();
    const next = panel.getByRole('button', { name: '下个月' });
    await expect(next).toBeVisible();
    await next.click();
    await panel.locator('.ant-picker-cell-in-view').getByText('3', { exact: true }).click();
    await expect(popup).toBeHidden();
    const start = await period.getByPlaceholder('开始日期').inputValue();
    const end = await period.getByPlaceholder('结束日期').inputValue();
    expect(start).toMatch(/^\d{4}-\d{2}-15$/);
    expect(end).toMatch(/^\d{4}-\d{2}-03$/);
    expect(end.slice(0, 7), 'the end lies in the month after the start').not.toBe(start.slice(0, 7));

    // The end opens on its own month, marked, still one month wide.
    await period.getByPlaceholder('结束日期').click();
    await expect(popup.locator('.ant-picker-panel:visible')).toHaveCount(1);
    await expect(popup.locator('.ant-picker-panel:visible .ant-picker-cell-range-end')).toHaveText('3');
    await expectOnScreen(popup.locator('.ant-picker-panel-container'), 'the date range picker on the end');
    await saveScreenshot(page, 'bills-phone-range-end');
    await page.keyboard.press('Escape');
    await expect(popup).toBeHidden();
  });

  test('[BILLS] 委托管理 on a phone: the date-and-time range fits the screen, its month and its hour and minute columns', async ({
    page,
    request,
  }) => {
    const person = await createPerson(request, `手机委托${nameTag()}`);
    await actAs(page, person, '/office/approval/entrust');
    await button(page, EntrustTexts.create).click();
    const form = dialog(page, EntrustTexts.create);
    await formItem(form, EntrustTexts.period).getByPlaceholder(EntrustTexts.periodStart).click();
    const popup = page.locator('.date-range-picker--one-panel:visible');
    await expect(popup.locator('.ant-picker-time-panel')).toBeVisible();
    await expect(popup.locator('.ant-picker-date-panel:visible')).toHaveCount(1);
    await expectOnScreen(popup.locator('.ant-picker-panel-container'), 'the date-and-time picker');
    await saveScreenshot(page, 'bills-phone-entrust-range');
  });
});

test('[BILLS] at 1440 px a file just attached shows above the sticky 保存草稿 / 提交 bar', async ({ page, request }) => {
  await page.setViewportSize({ width: 1440, height: 700 });
  const person = await createPerson(request, `附件请假${nameTag()}`);
  const { token } = await signInViaApi(page, person.username, { password: person.password });
  const leaveId = await templateIdOf(request, token, '外出申请');
  await page.goto(`/office/approval/edit?templateID=${leaveId}`);
  await expect(page.getByRole('heading', { name: BillEditTexts.newTitle('外出申请') })).toBeVisible();

  const actions = page.locator('.bill-edit__actions');
  expect(await bottomOf(actions), 'the bar sits on the bottom edge').toBeCloseTo(700, 0);
  // As a user scrolls to it: 上传附件 just above the bar, where the list of files will grow under it.
  const upload = button(page, FileTexts.upload);
  const gap = (await topOf(actions)) - 8 - (await bottomOf(upload));
  await page.locator('.page-slot:visible').evaluate((slot, by) => slot.scrollBy({ top: -by }), gap);
  expect(await bottomOf(upload)).toBeCloseTo((await topOf(actions)) - 8, 0);
  await chooseFilesThrough(upload, [
    { name: '病假证明.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% 病假证明\n') },
    { name: '挂号单.txt', mimeType: 'text/plain', buffer: Buffer.from('挂号费 20 元') },
  ]);
  const last = page.locator('.bill-attachment').getByRole('button', { name: '挂号单.txt', exact: true });
  await expect(last).toBeVisible();
  await expect(last).toBeInViewport();
  expect(await bottomOf(last), 'the file ends above the bar').toBeLessThanOrEqual(await topOf(actions));
  await saveScreenshot(page, 'bills-desktop-attachment-above-bar');
});
