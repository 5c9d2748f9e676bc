import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import {
  ApprovalMessages,
  BillEditTexts,
  TemplateDesignTexts,
  type BillDetail,
  type BillFlowView,
  type BillListRow,
  type Paged,
  type TemplateDetail,
  type TemplateGroup,
} from '@osp/shared';
import { apiSignIn, signInViaApi } from '../support/api';
import { saveScreenshot } from '../support/screenshots';
import { button, closeDrawer, message } from '../support/ui';
import { getData, sendData } from '../bills/bill-helpers';
import { createPerson, nameTag, type OwnPerson } from '../support/people';

/*
 * Issue 5's proof: an administrator builds a template in the browser — four fields including a money
 * field, a condition branch on that field, two approve nodes with different step types (直属主管 或签,
 * then the job 财务审核 会签 for 5000 and more) — previews it, publishes it; a 技术部 colleague (a person of the
 * journey's own) submits one bill on each side of the condition from 发起审批; each reaches the right handlers; a
 * later edit of the template (threshold raised to 10000, published) leaves the bills in progress on the version
 * they pinned. Demo people (the demo seed): 技术部's leader is 李四; the job 财务审核 holds 王五 and 孙浩.
 */

test.slow();

const VIEWPORTS = { desktop: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } } as const;

/** A field card of the form designer's canvas. */
function fieldCard(page: Page, key: string): Locator {
  return page.getByTestId(`form-field-${key}`);
}

/** One choice of the designer's 设计 / 表单预览 switch (antd Segmented: the radio itself is hidden, its label takes the click). */
function segment(page: Page, text: string): Locator {
  return page.locator('.ant-segmented-item-label', { hasText: new RegExp(`^${text}$`) });
}

/** The property panel (a side panel at 1440 px, a drawer on a phone). */
function properties(page: Page): Locator {
  return page.locator('.form-designer-props:visible').first();
}

async function chooseOption(page: Page, select: Locator, option: string): Promise<void> {
  await select.click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

/** Adds a field from the palette and names it; returns its key as the designer made it (or as set). */
async function addField(page: Page, type: string, label: string, key: string, required: boolean): Promise<void> {
  await page.getByTestId(`palette-${type}`).click();
  const panel = properties(page);
  await panel.getByLabel('字段名称', { exact: true }).fill(label);
  await panel.getByLabel('字段标识', { exact: true }).fill(key);
  if (required) await panel.getByLabel('必填', { exact: true }).check();
  await expect(fieldCard(page, key)).toContainText(label);
}

async function bearerOf(page: Page): Promise<string> {
  const cookies = await page.context().cookies();
  const token = cookies.find((c) => c.name === 'osp_token')?.value;
  expect(token, 'the session token cookie').toBeDefined();
  return token ?? '';
}

/** The initiator writes and submits a bill of the new template from 发起审批; returns its id. */
async function submitFromStartPage(
  browser: Browser,
  initiator: OwnPerson,
  templateName: string,
  title: string,
  amount: string,
): Promise<number> {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
  const page = await context.newPage();
  try {
    await signInViaApi(page, initiator.username, { password: initiator.password });
    await page.goto('/office/approval');
    await page.getByRole('button', { name: templateName, exact: true }).click();
    await page.getByLabel(BillEditTexts.titleLabel).fill(title);
    await page.getByLabel('采购事由', { exact: true }).fill(`${title}：部门用品`);
    await page.getByLabel('采购金额', { exact: true }).fill(amount);
    await chooseOption(page, page.getByLabel('采购类别', { exact: true }), '设备');
    await button(page, BillEditTexts.submit).click();
    await expect(message(page, ApprovalMessages.released)).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/office/approval/detail');
    return Number(new URL(page.url()).searchParams.get('billID'));
  } finally {
    await context.close();
  }
}

/** The node names of a bill's flow as the popover shows them, with the handlers of each. */
async function flowOf(page: Page, token: string, billId: number): Promise<{ name: string; handlers: string[] }[]> {
  const flow = await getData<BillFlowView>(page.request, token, `/oa/flow/${billId}`);
  return flow.flowNodes.map((node) => ({
    name: node.flowNodeName,
    handlers: node.flowNodeSteps.flatMap((step) => step.handlers.map((h) => h.name)),
  }));
}

test('[TEMPLATES] an administrator designs, previews and publishes a template; a colleague’s bills follow its branches; a later edit leaves them alone', async ({
  page,
  browser,
  request,
}) => {
  const templateName = `设备采购${Date.now() % 100_000}`;
  const initiator = await createPerson(request, `采购员${nameTag()}`);
  await page.setViewportSize(VIEWPORTS.desktop);
  await signInViaApi(page, 'admin');

  // 1. 模板管理 → 新建模板 → the designer.
  await page.goto('/office/templates');
  await button(page, '新建模板').click();
  const create = page.getByRole('dialog', { name: '新建模板' });
  await create.getByLabel('模板名称').fill(templateName);
  await chooseOption(page, create.getByLabel('所属分组'), '人事行政');
  await button(create, '创建并设计').click();
  await expect(page).toHaveURL((url) => url.pathname === '/office/templates/design' && url.searchParams.has('templateID'));
  const templateId = Number(new URL(page.url()).searchParams.get('templateID'));
  await expect(page.getByText(templateName).first()).toBeVisible();

  // 2. The form: four fields, one of them money.
  await page.getByRole('tab', { name: '表单设计' }).click();
  await addField(page, 'text', '采购事由', 'reason', true);
  await addField(page, 'money', '采购金额', 'amount', true);
  await addField(page, 'select', '采购类别', 'category', true);
  const panel = properties(page);
  await panel.getByLabel('选项 1', { exact: true }).fill('办公用品');
  await button(panel, '添加选项').click();
  await panel.getByLabel('选项 2', { exact: true }).fill('设备');
  await addField(page, 'textarea', '备注', 'note', false);
  await panel.getByLabel('说明', { exact: true }).fill('如有报价单请写明供应商');
  await expect(page.locator('[data-testid^="form-field-"]')).toHaveCount(4);
  await saveScreenshot(page, 'templates-form-designer-1440');
  // The live preview renders the form as the bill edit page will.
  await segment(page, '表单预览').click();
  await expect(page.getByLabel('采购金额', { exact: true })).toBeVisible();
  await expect(page.getByText('如有报价单请写明供应商')).toBeVisible();
  await saveScreenshot(page, 'templates-form-preview-1440');
  await segment(page, '设计').click();
  await page.setViewportSize(VIEWPORTS.phone);
  await expect(fieldCard(page, 'amount')).toBeVisible();
  await saveScreenshot(page, 'templates-form-designer-390');
  await page.setViewportSize(VIEWPORTS.desktop);

  // 3. The flow: 直属主管审批 (或签), then 采购金额 ≥ 5000 → 财务审核 (the job, 会签), else straight on to the end.
  await page.getByRole('tab', { name: '流程设计' }).click();
  await expect(page.getByRole('button', { name: '编辑节点「直属主管审批」' })).toBeVisible();
  await page.getByRole('button', { name: '在「直属主管审批」之后添加' }).click();
  await page.getByRole('menuitem', { name: '条件分支' }).click();
  await page.getByRole('button', { name: '编辑分支「条件1」' }).click();
  const branch = page.getByRole('dialog', { name: /编辑分支/ });
  await button(branch, '添加条件').first().click();
  await chooseOption(page, branch.getByLabel('条件字段'), '采购金额');
  await chooseOption(page, branch.getByLabel('条件', { exact: true }), '大于等于');
  await branch.getByLabel('值', { exact: true }).fill('5000');
  await closeDrawer(branch);
  await expect(page.getByRole('button', { name: '编辑分支「条件1」' })).toContainText('5000');

  await page.getByRole('button', { name: '在「条件1」之后添加' }).click();
  await page.getByRole('menuitem', { name: '审批节点' }).click();
  const node = page.getByRole('dialog', { name: /编辑节点/ });
  await node.getByLabel('节点名称').fill('财务审核');
  await node.getByLabel('步骤名称').fill('财务会签');
  await chooseOption(page, node.getByLabel('审批方式'), '会签');
  await chooseOption(page, node.getByLabel('审批人来源'), '审批岗位');
  await chooseOption(page, node.getByLabel('岗位', { exact: true }), '财务审核');
  await closeDrawer(node);
  await expect(page.getByRole('button', { name: '编辑节点「财务审核」' })).toBeVisible();
  await saveScreenshot(page, 'templates-flow-designer-1440');

  // 4. 预览 on both sides of the condition: the path and who would approve.
  await button(page, '预览').click();
  const preview = page.getByRole('dialog', { name: '流程预览' });
  const amount = preview.getByLabel('采购金额');
  await amount.fill('8000');
  const path = preview.getByRole('list', { name: '审批路径' });
  await expect(path).toContainText('财务审核');
  await expect(path).toContainText('王五');
  await expect(path).toContainText('孙浩');
  await saveScreenshot(page, 'templates-flow-preview-1440');
  await amount.fill('3000');
  await expect(path).not.toContainText('财务审核');
  await expect(path).toContainText('直属主管审批');
  await closeDrawer(preview);
  await page.setViewportSize(VIEWPORTS.phone);
  await expect(page.getByRole('button', { name: '编辑节点「财务审核」' })).toBeVisible();
  await saveScreenshot(page, 'templates-flow-designer-390');
  await page.setViewportSize(VIEWPORTS.desktop);

  // 5. 发布.
  await button(page, '发布').click();
  await button(page.getByRole('dialog', { name: '发布模板？' }), '发布').click();
  await expect(message(page, ApprovalMessages.templatePublished)).toBeVisible();
  await expect(page.getByText('已发布 v1')).toBeVisible();

  // 6. The colleague submits one bill on each side of the condition.
  const big = await submitFromStartPage(browser, initiator, templateName, '采购服务器', '8000');
  const small = await submitFromStartPage(browser, initiator, templateName, '采购文具', '300');
  const admin = await bearerOf(page);
  expect((await flowOf(page, admin, big)).map((n) => n.name)).toEqual(['发起', '直属主管审批', '财务审核', '结束']);
  expect((await flowOf(page, admin, small)).map((n) => n.name)).toEqual(['发起', '直属主管审批', '结束']);
  // Both wait for 李四, the colleague's department leader.
  const lisi = await apiSignIn(page.request, 'lisi');
  const lisiTodo = await getData<Paged<BillListRow>>(page.request, lisi, '/api/bills?box=todo&per_page=100');
  expect(lisiTodo.list.map((row) => row.id)).toEqual(expect.arrayContaining([big, small]));

  // 7. The administrator raises the threshold to 10000 and publishes again.
  await page.reload();
  await page.getByRole('tab', { name: '流程设计' }).click();
  await page.getByRole('button', { name: '编辑分支「条件1」' }).click();
  await branch.getByLabel('值', { exact: true }).fill('10000');
  await closeDrawer(branch);
  await expect(page.getByText(/当前版本 v1，已有 2 张单据使用（其中 2 张审批中）/)).toBeVisible();
  await button(page, '发布').click();
  await button(page.getByRole('dialog', { name: '发布模板？' }), '发布').click();
  await expect(message(page, ApprovalMessages.templatePublished)).toBeVisible();
  await expect(page.getByText('已发布 v2')).toBeVisible();

  // 8. 李四 agrees both: the 8000 bill still goes to 财务审核 (its pinned version says ≥ 5000), the 300 one is done.
  for (const id of [big, small]) {
    const bill = await getData<BillDetail>(page.request, lisi, `/api/bills/${id}`);
    expect(bill.my_task?.node_name).toBe('直属主管审批');
    await sendData(page.request, lisi, 'POST', `/api/bills/flownode/${bill.my_task?.id}/agree`, { comment: '同意' });
  }
  const bigNow = await getData<BillDetail>(page.request, admin, `/api/bills/${big}`);
  expect(bigNow.status).toBe('doing');
  expect(bigNow.current_node).toBe('财务审核');
  const wangwu = await apiSignIn(page.request, 'wangwu');
  const wangwuTodo = await getData<Paged<BillListRow>>(page.request, wangwu, '/api/bills?box=todo&per_page=100');
  expect(wangwuTodo.list.map((row) => row.id)).toContain(big);
  expect((await flowOf(page, admin, big)).find((n) => n.name === '财务审核')?.handlers).toEqual(expect.arrayContaining(['王五', '孙浩']));
  expect((await getData<BillDetail>(page.request, admin, `/api/bills/${small}`)).status).toBe('done');
  const template = await getData<{ version_no: number }>(page.request, admin, `/api/templates/${templateId}`);
  expect(template.version_no).toBe(2);
});

test('[TEMPLATES] a save the server refuses marks the faulty node with its message, and nothing is lost', async ({ page, request }) => {
  // A 会签 step of a person who is disabled while the administrator has the designer open.
  const guest = await createPerson(request, '临时审批人');
  const groups = await getData<TemplateGroup[]>(request, guest.adminToken, '/api/template/groups');
  const created = await sendData<TemplateDetail>(request, guest.adminToken, 'POST', '/api/templates', {
    group_id: groups[0]?.id,
    name: `用章申请${Date.now() % 100_000}`,
    form_schema: { fields: [{ key: 'reason', type: 'text', label: '用章事由', required: true }] },
    flow: {
      nodes: [
        { id: 'start', type: 'start', name: '发起', steps: [] },
        {
          id: 'seal',
          type: 'approve',
          name: '用章审批',
          steps: [{ id: 's1', name: '印章管理员', type: 'group_all', source: { kind: 'users', userIds: [guest.id] } }],
        },
        { id: 'end', type: 'end', name: '结束', steps: [] },
      ],
      links: [
        { id: 'a', from: 'start', to: 'seal' },
        { id: 'b', from: 'seal', to: 'end' },
      ],
      settings: {},
    },
  });
  await page.setViewportSize(VIEWPORTS.desktop);
  await signInViaApi(page, 'admin');
  await page.goto(`/office/templates/design?templateID=${created.id}`);
  await page.getByRole('tab', { name: '流程设计' }).click();
  await expect(page.getByTestId('flow-node-seal')).toBeVisible();
  // An edit of the administrator's that must survive the refusal.
  await page.getByRole('tab', { name: '基础设置' }).click();
  await page.getByLabel('说明', { exact: true }).fill('合同、证明用章');

  await sendData(request, guest.adminToken, 'PATCH', `/api/admin/users/${guest.id}/status`, { status: 0 });
  await button(page, '保存').click();
  const refusal = ApprovalMessages.usersMissing(['临时审批人']);
  await expect(message(page, refusal)).toBeVisible();
  // The designer switches to 流程设计 and marks the node with the server's message.
  await expect(page.getByRole('tab', { name: '流程设计', selected: true })).toBeVisible();
  const node = page.getByTestId('flow-node-seal');
  await expect(node).toHaveClass(/fd-node--error/);
  await expect(node.getByLabel('有问题')).toBeVisible();
  await expect(page.getByText(refusal).last()).toBeVisible();
  await saveScreenshot(page, 'templates-flow-refused-1440');
  // Nothing changed on the server, and what was typed is still in the page.
  const stored = await getData<TemplateDetail>(request, guest.adminToken, `/api/templates/${created.id}`);
  expect(stored.description).toBe('');
  await page.getByRole('tab', { name: '基础设置' }).click();
  await expect(page.getByLabel('说明', { exact: true })).toHaveValue('合同、证明用章');
});

test('[TEMPLATES] unsaved design work survives a reload: the designer offers it back, and 保存 drops the copy', async ({
  page,
  request,
}) => {
  const admin = await apiSignIn(request, 'admin');
  const groups = await getData<TemplateGroup[]>(request, admin, '/api/template/groups');
  const templateName = `会议室预订${Date.now() % 100_000}`;
  const created = await sendData<TemplateDetail>(request, admin, 'POST', '/api/templates', {
    group_id: groups[0]?.id,
    name: templateName,
    form_schema: { fields: [{ key: 'topic', type: 'text', label: '会议主题', required: true }] },
    flow: {
      nodes: [
        { id: 'start', type: 'start', name: '发起', steps: [] },
        {
          id: 'leader',
          type: 'approve',
          name: '主管审批',
          steps: [{ id: 's1', name: '直属主管', type: 'orsign', source: { kind: 'leader', levels: 1 } }],
        },
        { id: 'end', type: 'end', name: '结束', steps: [] },
      ],
      links: [
        { id: 'a', from: 'start', to: 'leader' },
        { id: 'b', from: 'leader', to: 'end' },
      ],
      settings: {},
    },
  });
  await page.setViewportSize(VIEWPORTS.desktop);
  await signInViaApi(page, 'admin');
  await page.goto(`/office/templates/design?templateID=${created.id}`);
  await page.getByRole('tab', { name: '表单设计' }).click();
  await expect(fieldCard(page, 'topic')).toBeVisible();

  // A field added and named, not saved.
  await page.getByTestId('palette-number').click();
  await properties(page).getByLabel('字段名称', { exact: true }).fill('参会人数');
  const added = page.locator('[data-testid^="form-field-"]', { hasText: '参会人数' });
  await expect(added).toBeVisible();
  await expect(page.getByText(TemplateDesignTexts.unsaved, { exact: true })).toBeVisible();
  await expect.poll(() => page.evaluate(() => Object.values(sessionStorage).join())).toContain('参会人数');
  // Meanwhile the template changes on the server (another administrator's 保存).
  const stored = await getData<TemplateDetail>(request, admin, `/api/templates/${created.id}`);
  await sendData(request, admin, 'PUT', `/api/templates/${created.id}`, {
    group_id: stored.group_id,
    name: stored.name,
    description: '仅限工作日',
    icon: stored.icon,
    status: stored.status,
    form_schema: stored.form_schema,
    flow: stored.flow,
    starters: stored.starters,
    publish: false,
  });

  // The leave guard's own prompt (beforeunload) is answered 离开: the copy in the tab is what keeps the work.
  page.on('dialog', (dialog) => void dialog.accept());
  await page.reload();
  const offer = page.getByRole('alert').filter({ hasText: '未保存的修改' });
  await expect(offer).toBeVisible();
  await expect(offer).toContainText(TemplateDesignTexts.localCopyBaseChanged);
  await expect(page.getByText(TemplateDesignTexts.unsaved, { exact: true })).toHaveCount(0);
  await saveScreenshot(page, 'templates-design-local-copy-1440');
  await button(offer, TemplateDesignTexts.localCopyRestore).click();
  await expect(message(page, TemplateDesignTexts.localCopyRestored)).toBeVisible();
  await expect(offer).toBeHidden();
  await expect(page.getByText(TemplateDesignTexts.unsaved, { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: '表单设计' }).click();
  await expect(added).toBeVisible();
  await expect(fieldCard(page, 'topic')).toBeVisible();

  // Saved, the copy is gone: a reload offers nothing.
  await button(page, TemplateDesignTexts.save).click();
  await expect(message(page, ApprovalMessages.draftSaved)).toBeVisible();
  const saved = await getData<TemplateDetail>(request, admin, `/api/templates/${created.id}`);
  expect(saved.form_schema.fields.map((field) => field.label)).toEqual(['会议主题', '参会人数']);
  await page.reload();
  await expect(page.getByRole('heading', { name: templateName })).toBeVisible();
  await expect(page.getByText(TemplateDesignTexts.unsaved, { exact: true })).toHaveCount(0);
  await expect(page.getByRole('alert').filter({ hasText: '未保存的修改' })).toHaveCount(0);
  expect(await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('osp.template-design.')))).toEqual([]);
});
