import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  ApprovalMessages,
  TemplateAdminTexts,
  TemplateDesignTexts,
  type ApiEnvelope,
  type DeptUser,
  type Paged,
  type TemplateDetail,
  type TemplateGroup,
  type TemplateSummary,
} from '@osp/shared';
import { apiSignIn, bearer, signInViaApi } from '../support/api';
import { saveScreenshot } from '../support/screenshots';
import { button, dialog, expectDashboardLoaded, message, openFromSideMenu } from '../support/ui';
import { actAs, getData, sendData, userIdOf } from '../bills/bill-helpers';
import { createPerson, nameTag } from '../support/people';

/*
 * 模板管理 (issue 5): groups (create, rename, order by keyboard drag and 上移, delete only when empty),
 * templates (copy, enable, order, move to a group, delete only when no bill uses them) and who may
 * start a template (发起人范围 in the designer's 基础设置), each checked through the API as well.
 * Demo facts (the demo seed): groups 人事行政, 财务 (费用报销 and 采购申请, with demo bills of 费用报销),
 * IT服务 (报修, 工单); 王五 is in 财务部, and the journey's own colleague in 技术部 (siblings under the company).
 */

// These journeys read and reorder the one list of template groups (the first asserts the whole list and
// renumbers every group's sort) and count the templates of 财务, where the third adds one for a while: they
// run one after another, and no other file makes groups or puts templates into 财务.
test.describe.configure({ mode: 'default' });

const VIEWPORTS = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } } as const;
const ALL_TEMPLATES = '/api/templates?all=1&per_page=500';

/** A name no earlier run or other journey uses (group names are at most 30 characters). */
function uniqueName(prefix: string): string {
  return `${prefix}${Date.now() % 1_000_000}${Math.floor(Math.random() * 100)}`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A message made by `make(count)`, whatever the count. */
function withAnyCount(make: (count: number) => string): RegExp {
  const marker = 987_654_321;
  const [before = '', after = ''] = make(marker).split(String(marker));
  return new RegExp(`^${escapeRegExp(before)}\\d+${escapeRegExp(after)}$`);
}

/** A toast of the app (success or refusal), by its text. */
function toast(page: Page, text: string | RegExp): Locator {
  return page.locator('.ant-message-notice').filter({ hasText: text }).first();
}

/** Waits until earlier toasts have gone, so that a screenshot shows the page itself. */
async function toastsGone(page: Page): Promise<void> {
  await expect(page.locator('.ant-message-notice')).toHaveCount(0);
}

function groupList(scope: Page | Locator): Locator {
  return scope.getByRole('list', { name: TemplateAdminTexts.groups });
}

function groupRow(scope: Page | Locator, name: string): Locator {
  return groupList(scope).getByRole('listitem', { name, exact: true });
}

function templateList(page: Page): Locator {
  return page.getByRole('list', { name: TemplateAdminTexts.title });
}

function templateRow(page: Page, name: string): Locator {
  return templateList(page).getByRole('listitem', { name, exact: true });
}

/** The names a sortable list shows, top to bottom (each row is named by its group or template). */
async function namesIn(list: Locator): Promise<string[]> {
  return list.getByRole('listitem').evaluateAll((items) => items.map((item) => item.getAttribute('aria-label') ?? ''));
}

/** Chooses an entry of the open ⋯ menu and waits until the menu has gone. */
async function chooseMenuItem(page: Page, name: string): Promise<void> {
  await page.locator('.ant-dropdown:visible').getByRole('menuitem', { name }).click();
  await expect(page.locator('.ant-dropdown:visible')).toHaveCount(0);
}

async function openGroupMenu(scope: Page | Locator, name: string): Promise<void> {
  await groupRow(scope, name)
    .getByRole('button', { name: `${TemplateAdminTexts.more}：${name}` })
    .click();
}

async function openTemplateMenu(page: Page, name: string): Promise<void> {
  await templateRow(page, name).getByRole('button', { name: TemplateAdminTexts.more, exact: true }).click();
}

/** Shows one group's templates (1440 px: the group panel's row). */
async function selectGroup(page: Page, name: string): Promise<void> {
  await groupRow(page, name)
    .getByRole('button', { name: new RegExp(`^${escapeRegExp(name)}\\s*\\d+$`) })
    .click();
  await expect(page.locator('.ant-card-head-title', { hasText: new RegExp(`^${escapeRegExp(name)}$`) })).toBeVisible();
}

async function groupsOf(request: APIRequestContext, token: string): Promise<TemplateGroup[]> {
  return getData<TemplateGroup[]>(request, token, '/api/template/groups');
}

async function groupNamed(request: APIRequestContext, token: string, name: string): Promise<TemplateGroup | undefined> {
  return (await groupsOf(request, token)).find((group) => group.name === name);
}

/** The templates of a group in the order the server keeps (sort, then id). */
async function templatesOfGroup(request: APIRequestContext, token: string, groupId: number): Promise<TemplateSummary[]> {
  const all = await getData<Paged<TemplateSummary>>(request, token, ALL_TEMPLATES);
  return all.list.filter((template) => template.group_id === groupId).sort((a, b) => a.sort - b.sort || a.id - b.id);
}

/** The envelope of a call that may be refused (the helpers of bill-helpers expect success). */
async function callRaw<T>(
  request: APIRequestContext,
  token: string,
  method: string,
  url: string,
  data?: unknown,
): Promise<{ http: number; body: ApiEnvelope<T> }> {
  const response = await request.fetch(url, { method, headers: bearer(token), data });
  return { http: response.status(), body: (await response.json()) as ApiEnvelope<T> };
}

/** Cleans up after a journey that stopped half-way; what is already gone is ignored. */
async function deleteQuietly(request: APIRequestContext, token: string, url: string): Promise<void> {
  await request.delete(url, { headers: bearer(token) });
}

test('[TEMPLATES] 模板管理 groups: create, rename, order by keyboard drag and 上移, delete an empty one; a group with templates cannot be deleted', async ({
  page,
  request,
}) => {
  const first = uniqueName('合同类');
  const renamed = uniqueName('合同审批');
  const second = uniqueName('资产类');
  await page.setViewportSize(VIEWPORTS.desktop);
  const { token, user } = await signInViaApi(page, 'admin');

  try {
    // 1. The page from the side menu.
    await page.goto('/dashboard');
    await expectDashboardLoaded(page, user.name);
    await openFromSideMenu(page, '审批', TemplateAdminTexts.title);
    await expect(page).toHaveURL((url) => url.pathname === '/office/templates');
    await expect(page.getByRole('heading', { name: TemplateAdminTexts.title })).toBeVisible();
    await expect(groupRow(page, '财务')).toBeVisible();
    const demoOrder = (await groupsOf(request, token)).map((group) => group.name);

    // 2. Two new groups; each goes last and is selected once created.
    for (const name of [first, second]) {
      await button(page, TemplateAdminTexts.newGroup).click();
      const create = dialog(page, TemplateAdminTexts.newGroup);
      // Empty each time: nothing typed for the previous group is left in the field.
      await expect(create.getByLabel(TemplateAdminTexts.groupName)).toHaveValue('');
      await create.getByLabel(TemplateAdminTexts.groupName).fill(name);
      await button(create, '创建').click();
      await expect(create).toBeHidden();
      await expect(toast(page, ApprovalMessages.saved)).toBeVisible();
      await expect(groupRow(page, name)).toBeVisible();
      await expect(page.locator('.ant-card-head-title', { hasText: name })).toBeVisible();
      await expect(page.getByText(TemplateAdminTexts.noTemplates)).toBeVisible();
    }
    expect((await groupsOf(request, token)).map((group) => group.name)).toEqual([...demoOrder, first, second]);

    // 3. Rename the first.
    await openGroupMenu(page, first);
    await chooseMenuItem(page, TemplateAdminTexts.renameGroup);
    const rename = dialog(page, TemplateAdminTexts.renameGroup);
    // The group's own name, not the one typed into 新建分组 just before.
    await expect(rename.getByLabel(TemplateAdminTexts.groupName)).toHaveValue(first);
    await rename.getByLabel(TemplateAdminTexts.groupName).fill(renamed);
    await button(rename, '保存').click();
    await expect(rename).toBeHidden();
    await expect(groupRow(page, renamed)).toBeVisible();
    await expect(groupRow(page, first)).toHaveCount(0);
    expect(await groupNamed(request, token, first)).toBeUndefined();
    expect(await groupNamed(request, token, renamed)).toBeDefined();

    // 4. A keyboard drag: the second group's handle, space, arrow up, space — it now comes before the renamed one.
    const handle = groupRow(page, second).getByRole('button', { name: TemplateAdminTexts.dragHandle(second) });
    await handle.focus();
    await page.keyboard.press('Space');
    // Picked up: the handle is pressed, and the screen reader hears where the group is.
    await expect(handle).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText(TemplateAdminTexts.dragOver(second, demoOrder.length + 2))).toBeAttached();
    await page.keyboard.press('ArrowUp');
    await expect(page.getByText(TemplateAdminTexts.dragOver(second, demoOrder.length + 1))).toBeAttached();
    await page.keyboard.press('Space');
    await expect(page.getByText(TemplateAdminTexts.dragDropped(second, demoOrder.length + 1))).toBeAttached();
    await expect(toast(page, TemplateAdminTexts.sorted)).toBeVisible();
    await expect.poll(() => namesIn(groupList(page))).toEqual([...demoOrder, second, renamed]);
    await expect.poll(async () => (await groupsOf(request, token)).map((group) => group.name)).toEqual([...demoOrder, second, renamed]);

    // 5. 上移 from the renamed group's ⋯ menu puts it back in front.
    await openGroupMenu(page, renamed);
    await chooseMenuItem(page, TemplateAdminTexts.moveUp);
    await expect.poll(() => namesIn(groupList(page))).toEqual([...demoOrder, renamed, second]);
    await expect.poll(async () => (await groupsOf(request, token)).map((group) => group.name)).toEqual([...demoOrder, renamed, second]);
    const stored = await groupsOf(request, token);
    expect(stored.map((group) => group.sort)).toEqual(stored.map((_group, index) => (index + 1) * 10));
    await selectGroup(page, '财务');
    await expect(templateRow(page, '费用报销')).toBeVisible();
    await toastsGone(page);
    await saveScreenshot(page, 'templates-admin-1440');

    // 6. A phone: the groups are a select, and 管理分组 opens them in a drawer, where the second one is deleted.
    await page.setViewportSize(VIEWPORTS.phone);
    const select = page.getByRole('combobox', { name: TemplateAdminTexts.groups });
    await expect(select).toBeVisible();
    // The select names each group with its count; the renamed one is empty.
    await select.click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: `${renamed}（0）` }).click();
    await expect(page.getByText(TemplateAdminTexts.noTemplates)).toBeVisible();
    await select.click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^财务（\d+）$/ }).click();
    await expect(templateRow(page, '采购申请')).toBeVisible();
    await expect(templateRow(page, '费用报销').getByRole('switch')).toBeInViewport();
    await toastsGone(page);
    await saveScreenshot(page, 'templates-admin-390');
    await button(page, TemplateAdminTexts.manageGroups).click();
    const drawer = dialog(page, TemplateAdminTexts.manageGroups);
    await expect(groupRow(drawer, second)).toBeVisible();
    await expect(groupRow(drawer, renamed)).toBeVisible();
    await saveScreenshot(page, 'templates-admin-groups-390');
    await openGroupMenu(drawer, second);
    await chooseMenuItem(page, TemplateAdminTexts.remove);
    const confirmDelete = dialog(page, TemplateAdminTexts.deleteGroupConfirm(second));
    await button(confirmDelete, TemplateAdminTexts.remove).click();
    await expect(toast(page, ApprovalMessages.deleted)).toBeVisible();
    await expect(groupRow(drawer, second)).toHaveCount(0);
    expect(await groupNamed(request, token, second)).toBeUndefined();

    // 7. Back at 1440 px: a demo group holding templates offers no 删除 (its tooltip says why), and the server refuses it too.
    await page.setViewportSize(VIEWPORTS.desktop);
    await expect(groupRow(page, '财务')).toBeVisible();
    const finance = await groupNamed(request, token, '财务');
    const financeCount = (await templatesOfGroup(request, token, finance?.id ?? 0)).length;
    expect(financeCount).toBeGreaterThan(0);
    await openGroupMenu(page, '财务');
    const financeDelete = page.locator('.ant-dropdown:visible').getByRole('menuitem', { name: TemplateAdminTexts.remove });
    await expect(financeDelete).toHaveAttribute('aria-disabled', 'true');
    await expect(financeDelete.locator(`[title="${ApprovalMessages.groupNotEmpty(financeCount)}"]`)).toBeAttached();
    await page.keyboard.press('Escape');
    await expect(page.locator('.ant-dropdown:visible')).toHaveCount(0);
    const refused = await callRaw<null>(request, token, 'DELETE', `/api/template/groups/${finance?.id}`);
    expect(refused.body.status_code).not.toBe(0);
    expect(refused.body.message).toBe(ApprovalMessages.groupNotEmpty(financeCount));
    expect(await groupNamed(request, token, '财务')).toBeDefined();

    // 8. The renamed group, still empty, goes.
    await openGroupMenu(page, renamed);
    await chooseMenuItem(page, TemplateAdminTexts.remove);
    await button(dialog(page, TemplateAdminTexts.deleteGroupConfirm(renamed)), TemplateAdminTexts.remove).click();
    await expect(toast(page, ApprovalMessages.deleted)).toBeVisible();
    await expect(groupRow(page, renamed)).toHaveCount(0);
    expect((await groupsOf(request, token)).map((group) => group.name)).toEqual(demoOrder);
  } finally {
    for (const name of [first, renamed, second]) {
      const left = await groupNamed(request, token, name);
      if (left) await deleteQuietly(request, token, `/api/template/groups/${left.id}`);
    }
  }
});

test('[TEMPLATES] 模板管理 templates: a copy starts disabled, is enabled without a new version, moves up, moves to another group and is deleted; a template with bills is kept', async ({
  page,
  request,
}) => {
  const target = uniqueName('复制目标');
  await page.setViewportSize(VIEWPORTS.desktop);
  const { token } = await signInViaApi(page, 'admin');
  // Last in the list (a group without a sort would come first, where other journeys pick their group).
  const lastSort = Math.max(...(await groupsOf(request, token)).map((group) => group.sort));
  const targetGroup = await sendData<TemplateGroup>(request, token, 'POST', '/api/template/groups', { name: target, sort: lastSort + 10 });
  const itGroup = await groupNamed(request, token, 'IT服务');
  expect(itGroup, 'the demo group IT服务').toBeDefined();
  const itGroupId = itGroup?.id ?? 0;
  const source = (await templatesOfGroup(request, token, itGroupId)).find((template) => template.name === '工单');
  expect(source, 'the demo template 工单').toBeDefined();
  let copyId: number | null = null;

  try {
    await page.goto('/office/templates');
    await expect(page.getByRole('heading', { name: TemplateAdminTexts.title })).toBeVisible();
    await selectGroup(page, 'IT服务');
    await expect(templateRow(page, '工单')).toBeVisible();

    // 1. 复制: the copy comes last in the same group, disabled.
    const copied = page.waitForResponse(
      (response) => response.request().method() === 'POST' && response.url().endsWith(`/api/templates/${source?.id}/copy`),
    );
    await templateRow(page, '工单').getByRole('button', { name: TemplateAdminTexts.copy, exact: true }).click();
    const copy = ((await (await copied).json()) as ApiEnvelope<TemplateDetail>).data;
    copyId = copy.id;
    await expect(toast(page, ApprovalMessages.templateCopied(copy.name))).toBeVisible();
    const copyRow = templateRow(page, copy.name);
    await expect(copyRow).toBeVisible();
    const copySwitch = copyRow.getByRole('switch', { name: TemplateAdminTexts.toggleLabel(copy.name) });
    await expect(copySwitch).not.toBeChecked();
    await expect(copyRow.getByText(TemplateAdminTexts.disabled, { exact: true })).toBeVisible();
    const before = await getData<TemplateDetail>(request, token, `/api/templates/${copy.id}`);
    expect(before).toMatchObject({ status: 0, group_id: itGroupId, has_unpublished: false });
    expect(before.version_no).toBeGreaterThan(0);
    const inGroup = (await templatesOfGroup(request, token, itGroupId)).map((template) => template.id);
    expect(inGroup.at(-1)).toBe(copy.id);

    // 2. Its switch enables it; that is not a publication.
    await copySwitch.click();
    await expect(toast(page, TemplateAdminTexts.statusSaved(true))).toBeVisible();
    await expect(copySwitch).toBeChecked();
    await expect(copyRow.getByText(TemplateAdminTexts.enabled, { exact: true })).toBeVisible();
    await expect.poll(async () => (await getData<TemplateDetail>(request, token, `/api/templates/${copy.id}`)).status).toBe(1);
    const enabled = await getData<TemplateDetail>(request, token, `/api/templates/${copy.id}`);
    expect(enabled.version_no).toBe(before.version_no);
    expect(enabled.version_id).toBe(before.version_id);
    expect(enabled.has_unpublished).toBe(false);

    // 3. 上移 within the group: the order the list shows is the order the server keeps.
    await openTemplateMenu(page, copy.name);
    await chooseMenuItem(page, TemplateAdminTexts.moveUp);
    await expect(toast(page, TemplateAdminTexts.sorted)).toBeVisible();
    const expected = [...inGroup];
    expected.splice(expected.length - 2, 2, copy.id, inGroup.at(-2) ?? 0);
    await expect.poll(async () => (await templatesOfGroup(request, token, itGroupId)).map((template) => template.id)).toEqual(expected);
    const namesById = new Map((await templatesOfGroup(request, token, itGroupId)).map((template) => [template.id, template.name]));
    await expect.poll(() => namesIn(templateList(page))).toEqual(expected.map((id) => namesById.get(id)));

    // 4. 移动到分组: into the new group, where it is the only one.
    await openTemplateMenu(page, copy.name);
    await chooseMenuItem(page, TemplateAdminTexts.moveToGroup);
    const move = dialog(page, TemplateAdminTexts.moveTitle(copy.name));
    await move.getByLabel(TemplateAdminTexts.moveTarget).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: target }).click();
    await button(move, '移动').click();
    await expect(move).toBeHidden();
    await expect(toast(page, TemplateAdminTexts.moved(target))).toBeVisible();
    await expect(templateRow(page, copy.name)).toHaveCount(0);
    await expect
      .poll(async () => (await getData<TemplateDetail>(request, token, `/api/templates/${copy.id}`)).group_id)
      .toBe(targetGroup.id);
    expect((await templatesOfGroup(request, token, targetGroup.id)).map((template) => template.id)).toEqual([copy.id]);
    await selectGroup(page, target);
    await expect(templateRow(page, copy.name)).toBeVisible();
    await expect(groupRow(page, target)).toContainText('1');

    // 5. Delete the copy (no bill uses it).
    await openTemplateMenu(page, copy.name);
    await chooseMenuItem(page, TemplateAdminTexts.remove);
    const confirmCopy = dialog(page, TemplateAdminTexts.deleteTemplateConfirm(copy.name));
    await expect(confirmCopy).toContainText(TemplateAdminTexts.deleteTemplateHint);
    await button(confirmCopy, TemplateAdminTexts.remove).click();
    await expect(toast(page, ApprovalMessages.deleted)).toBeVisible();
    await expect(templateRow(page, copy.name)).toHaveCount(0);
    await expect(page.getByText(TemplateAdminTexts.noTemplates)).toBeVisible();
    const gone = await callRaw<TemplateDetail>(request, token, 'GET', `/api/templates/${copy.id}`);
    expect(gone.body.status_code).not.toBe(0);
    expect(gone.body.message).toBe(ApprovalMessages.templateNotFound);
    copyId = null;

    // 6. 费用报销 has demo bills: the server refuses, and the template stays.
    await selectGroup(page, '财务');
    await openTemplateMenu(page, '费用报销');
    await chooseMenuItem(page, TemplateAdminTexts.remove);
    await button(dialog(page, TemplateAdminTexts.deleteTemplateConfirm('费用报销')), TemplateAdminTexts.remove).click();
    await expect(toast(page, withAnyCount(ApprovalMessages.templateInUse))).toBeVisible();
    await saveScreenshot(page, 'templates-admin-delete-refused-1440');
    await expect(templateRow(page, '费用报销')).toBeVisible();
    const finance = await groupNamed(request, token, '财务');
    expect((await templatesOfGroup(request, token, finance?.id ?? 0)).map((template) => template.name)).toContain('费用报销');
  } finally {
    if (copyId !== null) await deleteQuietly(request, token, `/api/templates/${copyId}`);
    await deleteQuietly(request, token, `/api/template/groups/${targetGroup.id}`);
  }
});

test('[TEMPLATES] 发起人范围 limited to 财务部 in the designer: 王五 may start the template, a 技术部 colleague neither sees it nor may start it', async ({
  page,
  request,
}) => {
  const templateName = uniqueName('财务专用申请');
  const adminToken = await apiSignIn(request, 'admin');
  // The 技术部 colleague is the journey's own (the demo's 张三 is the forced-article journey's).
  const colleague = await createPerson(request, `技术员${nameTag()}`, { adminToken });
  const users = await getData<DeptUser[]>(request, adminToken, '/api/depts/users');
  const wangwu = users.find((candidate) => candidate.username === 'wangwu');
  expect(wangwu?.dept_name).toBe('财务部');
  expect(users.find((candidate) => candidate.id === colleague.id)?.dept_name).toBe('技术部');
  const financeDeptId = wangwu?.dept_id ?? 0;
  const groups = await groupsOf(request, adminToken);
  const created = await sendData<TemplateDetail>(request, adminToken, 'POST', '/api/templates', {
    group_id: groups.find((group) => group.name === '财务')?.id,
    name: templateName,
    status: 1,
    form_schema: { fields: [{ key: 'reason', type: 'text', label: '申请事由', required: true }] },
    flow: {
      nodes: [
        { id: 'start', type: 'start', name: '发起', steps: [] },
        {
          id: 'review',
          name: '财务经理审批',
          type: 'approve',
          steps: [
            {
              id: 's1',
              name: '财务经理',
              type: 'orsign',
              source: { kind: 'users', userIds: [await userIdOf(request, adminToken, 'wangwu')] },
            },
          ],
        },
        { id: 'end', type: 'end', name: '结束', steps: [] },
      ],
      links: [
        { id: 'a', from: 'start', to: 'review' },
        { id: 'b', from: 'review', to: 'end' },
      ],
      settings: {},
    },
  });
  const colleagueToken = await apiSignIn(request, colleague.username, colleague.password);
  // Open to everyone so far: the colleague's 发起审批 list names it.
  const openList = await getData<Paged<TemplateSummary>>(request, colleagueToken, '/api/templates?per_page=100');
  expect(openList.list.map((template) => template.name)).toContain(templateName);

  try {
    // 1. The designer's 基础设置: 发起人范围 → 部门 = 财务部 only.
    await page.setViewportSize(VIEWPORTS.desktop);
    await signInViaApi(page, 'admin');
    await page.goto(`/office/templates/design?templateID=${created.id}`);
    await expect(page.getByRole('tab', { name: TemplateDesignTexts.basicTab, selected: true })).toBeVisible();
    await expect(page.getByLabel(TemplateAdminTexts.templateName, { exact: true })).toHaveValue(templateName);
    await expect(page.getByText(TemplateDesignTexts.starters, { exact: true })).toBeVisible();
    const depts = page.getByLabel(TemplateDesignTexts.starterDepts, { exact: true });
    await depts.click();
    await depts.fill('财务部');
    await page
      .locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper')
      .filter({ hasText: /^财务部$/ })
      .click();
    await depts.press('Escape');
    await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
    const chosen = page.locator('.template-design__starters .ant-select-selection-item');
    await expect(chosen).toHaveText(['财务部']);
    await expect(page.getByText(TemplateDesignTexts.unsaved, { exact: true })).toBeVisible();
    // The page scrolls inside the layout, so a full-page screenshot shows the viewport: bring 发起人范围 into it.
    const starters = page.locator('.template-design__starters');
    await starters.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'templates-design-basic-1440');
    await page.setViewportSize(VIEWPORTS.phone);
    await starters.scrollIntoViewIfNeeded();
    await expect(depts).toBeInViewport();
    await expect(chosen).toHaveText(['财务部']);
    await saveScreenshot(page, 'templates-design-basic-390');
    await page.setViewportSize(VIEWPORTS.desktop);

    // 2. 发布. Starters are administration, not content: the version stays.
    await button(page, TemplateDesignTexts.publish).click();
    await button(dialog(page, TemplateDesignTexts.publishTitle), TemplateDesignTexts.publish).click();
    await expect(message(page, ApprovalMessages.templatePublished)).toBeVisible();
    await expect(page.getByText(TemplateDesignTexts.unsaved, { exact: true })).toHaveCount(0);
    const saved = await getData<TemplateDetail>(request, adminToken, `/api/templates/${created.id}`);
    expect(saved.starters).toEqual({ dept_ids: [financeDeptId], role_ids: [], user_ids: [] });
    expect(saved.version_no).toBe(created.version_no);

    // 3. 王五 (财务部) sees it on 发起审批.
    await actAs(page, 'wangwu', '/office/approval');
    await expect(page.getByRole('heading', { name: '发起审批' })).toBeVisible();
    await expect(page.getByRole('button', { name: templateName, exact: true })).toBeVisible();

    // 4. The colleague (技术部) does not, and the server refuses his draft.
    await actAs(page, colleague, '/office/approval');
    await expect(page.getByRole('heading', { name: '发起审批' })).toBeVisible();
    await expect(page.getByRole('button', { name: '请假申请', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: templateName, exact: true })).toHaveCount(0);
    const refused = await request.post('/api/bills', {
      headers: bearer(colleagueToken),
      data: { template_id: created.id, title: '技术部同事试图发起', form: { reason: '报销' } },
    });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as ApiEnvelope<null>).message).toBe(ApprovalMessages.notStarter);
    const limitedList = await getData<Paged<TemplateSummary>>(request, colleagueToken, '/api/templates?per_page=100');
    expect(limitedList.list.map((template) => template.name)).not.toContain(templateName);
  } finally {
    await deleteQuietly(request, adminToken, `/api/templates/${created.id}`);
  }
});
