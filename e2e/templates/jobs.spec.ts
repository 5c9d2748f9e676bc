import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  ApprovalMessages,
  type ApiEnvelope,
  type DeptUser,
  type Job,
  type Paged,
  type TemplateDetail,
  type TemplateGroup,
} from '@osp/shared';
import { bearer, signInViaApi } from '../support/api';
import { createPerson, nameTag } from '../support/people';
import { saveScreenshot } from '../support/screenshots';
import { button, dialog, expectDashboardLoaded, message, openFromSideMenu } from '../support/ui';

async function call<T>(request: APIRequestContext, token: string, method: string, url: string, data?: unknown): Promise<T> {
  const response = await request.fetch(url, { method, headers: bearer(token), data });
  expect(response.status(), `${method} ${url}`).toBe(200);
  const body = (await response.json()) as ApiEnvelope<T>;
  expect(body.status_code, `${method} ${url}: ${body.message}`).toBe(0);
  return body.data;
}

async function findJob(request: APIRequestContext, token: string, name: string): Promise<Job | undefined> {
  const jobs = await call<Paged<Job>>(request, token, 'GET', `/api/jobs?keyword=${encodeURIComponent(name)}&per_page=100`);
  return jobs.list.find((job) => job.name === name);
}

/** A row of the jobs table or of a job's members table, by the name it shows. */
function row(scope: Page | Locator, name: string): Locator {
  // The inner locator is matched inside each row, so it starts from the page, not from the scope.
  const page = 'page' in scope ? scope.page() : scope;
  return scope.getByRole('row').filter({ has: page.getByText(name, { exact: true }) });
}

function membersCard(page: Page, jobName: string): Locator {
  return page.locator('.ant-card').filter({ has: page.getByText(`「${jobName}」的成员`, { exact: true }) });
}

function templatesCard(page: Page): Locator {
  return page.locator('.ant-card').filter({ has: page.getByText('使用该岗位的模板', { exact: true }) });
}

/** Opens the 负责部门 tree of a dialog and clicks departments in it (choosing or un-choosing them). */
async function toggleDepts(page: Page, box: Locator, names: string[]): Promise<void> {
  await box.getByLabel('负责部门').click();
  for (const name of names) {
    await page.locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper', { hasText: name }).click();
  }
  // Closes the tree without Escape, which would close the dialog too.
  await box.locator('.ant-modal-title').click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

async function searchJobs(page: Page, keyword: string): Promise<void> {
  const search = page.getByRole('searchbox', { name: '搜索岗位' }).or(page.getByLabel('搜索岗位'));
  await search.fill(keyword);
  await search.press('Enter');
}

test('[TEMPLATES] an administrator keeps 审批岗位: a new job with 王五 covering departments, the templates using a job, a used job kept', async ({
  page,
  request,
}) => {
  const tag = nameTag();
  const jobName = `合同审核${tag}`;
  // A job in use and the template using it, the journey's own: the demo's 财务审核 gains templates whenever
  // another journey publishes one that asks it.
  const usedJobName = `付款审核${tag}`;
  const usingName = `付款申请${tag}`;
  const { token, user } = await signInViaApi(page, 'admin');
  const usedJob = await call<Job>(request, token, 'POST', '/api/jobs', { name: usedJobName, description: '付款的财务审核' });
  const people = await call<DeptUser[]>(request, token, 'GET', '/api/depts/users');
  for (const username of ['wangwu', 'sunhao']) {
    const member = people.find((person) => person.username === username);
    await call(request, token, 'POST', `/api/jobs/${usedJob.id}/members`, { user_id: member?.id, dept_ids: [] });
  }
  const groups = await call<TemplateGroup[]>(request, token, 'GET', '/api/template/groups');
  const using = await call<TemplateDetail>(request, token, 'POST', '/api/templates', {
    group_id: groups[0]?.id,
    name: usingName,
    // Disabled: nobody's 发起审批 lists it.
    status: 0,
    form_schema: { fields: [{ key: 'reason', type: 'text', label: '付款事由', required: true }] },
    flow: {
      nodes: [
        { id: 'start', type: 'start', name: '发起', steps: [] },
        {
          id: 'pay',
          type: 'approve',
          name: '付款审核',
          steps: [{ id: 's1', name: '付款审核', type: 'orsign', source: { kind: 'job', jobId: usedJob.id } }],
        },
        { id: 'end', type: 'end', name: '结束', steps: [] },
      ],
      links: [
        { id: 'a', from: 'start', to: 'pay' },
        { id: 'b', from: 'pay', to: 'end' },
      ],
      settings: {},
    },
  });

  try {
    // 1. The page from the menu.
    await page.goto('/dashboard');
    await expectDashboardLoaded(page, user.name);
    await openFromSideMenu(page, '审批', '审批岗位');
    await expect(page).toHaveURL((url) => url.pathname === '/office/jobs');
    await expect(page.getByRole('heading', { name: '审批岗位' })).toBeVisible();
    await expect(row(page, '财务审核')).toBeVisible();

    // 2. A new job; once created it is selected, still without members.
    await button(page, '新建岗位').click();
    const create = dialog(page, '新建岗位');
    await create.getByLabel('岗位名称').fill(jobName);
    await create.getByLabel('说明').fill('合同与协议的法务审核');
    await button(create, '创建').click();
    await expect(create).toBeHidden();
    await expect(row(page, jobName)).toBeVisible();
    const members = membersCard(page, jobName);
    await expect(members.getByText('还没有成员，点击「添加成员」添加')).toBeVisible();
    await expect(templatesCard(page).getByText('没有模板的流程使用该岗位')).toBeVisible();

    // 3. 王五 joins it covering 技术部.
    await button(members, '添加成员').click();
    const add = dialog(page, `添加成员到「${jobName}」`);
    await add.getByLabel('成员').click();
    await add.getByLabel('成员').fill('王五');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '王五（财务部）' }).click();
    await toggleDepts(page, add, ['技术部']);
    await button(add, '添加').click();
    await expect(add).toBeHidden();
    const wangwu = row(members, '王五');
    await expect(wangwu.locator('.ant-tag')).toHaveText(['技术部']);
    await expect(row(page, jobName).getByRole('cell', { name: '1', exact: true })).toBeVisible();

    // 4. He now covers 市场部 as well.
    await wangwu.getByRole('button', { name: '修改王五的负责部门' }).click();
    const edit = dialog(page, '修改负责部门');
    await expect(edit.getByLabel('成员')).toHaveValue('王五（财务部）');
    await toggleDepts(page, edit, ['市场部']);
    await button(edit, '保存').click();
    await expect(edit).toBeHidden();
    await expect(wangwu.locator('.ant-tag')).toHaveText(['技术部', '市场部']);
    const saved = await findJob(request, token, jobName);
    expect(saved?.member_count).toBe(1);
    await saveScreenshot(page, 'jobs-1440');

    // 5. The used job: its members cover every department, the template using it links to the designer.
    await searchJobs(page, usedJobName);
    await row(page, usedJobName).click();
    const finance = membersCard(page, usedJobName);
    await expect(row(finance, '王五').locator('.ant-tag')).toHaveText(['全部部门']);
    await expect(row(finance, '孙浩').locator('.ant-tag')).toHaveText(['全部部门']);
    const usedBy = await call<{ id: number; name: string }[]>(request, token, 'GET', `/api/jobs/${usedJob.id}/templates`);
    expect(usedBy.map((template) => template.name)).toEqual([usingName]);
    const link = templatesCard(page).getByRole('link', { name: usingName });
    await expect(link).toHaveAttribute('href', `/office/templates/design?templateID=${using.id}`);
    await saveScreenshot(page, 'jobs-templates-1440');

    // 6. The list counts the template using it, and its 删除 is disabled with the templates named (issue 14).
    const used = row(page, usedJobName);
    await expect(used.getByRole('cell', { name: '1', exact: true })).toBeVisible();
    await expect(used.getByRole('button', { name: `删除${usedJobName}` })).toBeDisabled();
    await used.locator('.job-action').hover();
    await expect(page.getByRole('tooltip')).toHaveText(ApprovalMessages.jobInUse([usingName]));
    await saveScreenshot(page, 'jobs-delete-disabled-1440');
    await page.mouse.move(0, 0);
    await expect(page.getByRole('tooltip')).toBeHidden();
    await expect(page.locator('.ant-popover')).toHaveCount(0);
    expect(await findJob(request, token, usedJobName)).toMatchObject({ template_count: 1, abilities: { delete: false } });

    // 7. The new job, used by no template, goes.
    await searchJobs(page, jobName);
    await row(page, jobName).click();
    await expect(membersCard(page, jobName)).toBeVisible();
    await row(page, jobName)
      .getByRole('button', { name: `删除${jobName}` })
      .click();
    await expect(page.getByText('它的 1 名成员将一并移出。')).toBeVisible();
    await button(page.locator('.ant-popover'), '删除').click();
    await expect(message(page, ApprovalMessages.deleted)).toBeVisible();
    await expect(row(page, jobName)).toHaveCount(0);
    await expect(page.getByText('在左侧选择一个岗位，查看它的成员和使用它的模板')).toBeVisible();
    expect(await findJob(request, token, jobName)).toBeUndefined();
  } finally {
    const left = await findJob(request, token, jobName);
    if (left) await call(request, token, 'DELETE', `/api/jobs/${left.id}`);
    await call(request, token, 'DELETE', `/api/templates/${using.id}`);
    await call(request, token, 'DELETE', `/api/jobs/${usedJob.id}`);
  }
});

test('[TEMPLATES] a staff member has no 审批岗位: not in his menu, and the jobs API refuses his changes', async ({ page, request }) => {
  const staff = await createPerson(request, `员工${nameTag()}`);
  const { token, user } = await signInViaApi(page, staff.username, { password: staff.password });
  await page.goto('/dashboard');
  await expectDashboardLoaded(page, user.name);
  const sider = page.locator('.app-sider');
  await sider.getByRole('menuitem', { name: '审批' }).click();
  await expect(sider.getByRole('menuitem', { name: '发起审批' })).toBeVisible();
  await expect(sider.getByRole('menuitem', { name: '审批岗位' })).toHaveCount(0);

  const response = await request.post('/api/jobs', { headers: bearer(token), data: { name: '员工的岗位', description: '' } });
  expect(response.status()).toBe(403);
});

test.describe('on a phone-wide screen', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('[TEMPLATES] 审批岗位 fits a 390 px screen: the members follow the list', async ({ page }) => {
    await signInViaApi(page, 'admin');
    await page.goto('/office/jobs');
    await expect(page.getByRole('heading', { name: '审批岗位' })).toBeVisible();
    await row(page, '运维值班').click();
    const ops = membersCard(page, '运维值班');
    await expect(ops).toBeInViewport();
    await expect(row(ops, '吴十').locator('.ant-tag')).toHaveText(['技术部']);
    await expect(row(ops, '赵磊').locator('.ant-tag')).toHaveText(['技术部', '市场部']);
    await expect(templatesCard(page).getByRole('link', { name: '报修', exact: true })).toBeVisible();
    await saveScreenshot(page, 'jobs-390');
    await templatesCard(page).scrollIntoViewIfNeeded();
    await expect(templatesCard(page)).toBeInViewport();
    await saveScreenshot(page, 'jobs-templates-390');

    await button(ops, '添加成员').click();
    const add = dialog(page, '添加成员到「运维值班」');
    await expect(add.getByLabel('负责部门')).toBeVisible();
    await saveScreenshot(page, 'jobs-member-dialog-390');
  });
});
