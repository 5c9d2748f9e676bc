import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  BillEditTexts,
  SurveyAdminMessages,
  SurveyAdminTexts,
  SurveyApiMessages,
  SurveyDesignerTexts,
  SurveyMessages,
  SurveyTexts,
  SortTexts,
  SURVEY_STATUS_LABELS,
  type ApiEnvelope,
  type SurveyDetail,
  type SurveyTargetView,
} from '@osp/shared';
import { apiSignIn, bearer, signInViaApi } from '../support/api';
import { createDept, createPerson, nameTag, uniqueSuffix } from '../support/people';
import { saveScreenshot } from '../support/screenshots';
import { button } from '../support/ui';

/*
 * 问卷管理 and the designer (issue 16): an administrator creates a survey, adds a single choice, a multiple choice with
 * an exclusive option, a short text checked as a mobile number and a rating; a save with an empty question title is
 * refused and the message shows at that question; a rule (answer A of the single choice shows the rating), a
 * department of the journey's own as the target (one person in it), save, release, and the list shows it 收集中.
 */

async function call<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const body = (await (await request.get(path, { headers: bearer(token) })).json()) as ApiEnvelope<T>;
  expect(body.status_code, `GET ${path}: ${body.message}`).toBe(0);
  return body.data;
}

const T = SurveyDesignerTexts;

function toast(page: Page, text: string): Locator {
  return page.locator('.ant-message-notice').filter({ hasText: text }).first();
}

function editor(page: Page): Locator {
  return page.locator('.survey-designer__editor');
}

async function addQuestion(page: Page, type: keyof typeof SurveyTexts.questionTypes, title: string): Promise<void> {
  await page.getByRole('button', { name: T.paletteAdd(SurveyTexts.questionTypes[type]) }).click();
  const titleBox = editor(page).getByLabel(T.fieldQuestionTitle, { exact: true });
  await expect(titleBox).toHaveValue(SurveyTexts.questionTypes[type]);
  await titleBox.fill(title);
}

/** A call that changes something, expected to succeed; its data. */
async function send<R>(request: APIRequestContext, token: string, method: 'post' | 'put', path: string, body?: unknown): Promise<R> {
  const answer = (await (await request[method](path, { headers: bearer(token), data: body ?? {} })).json()) as ApiEnvelope<R>;
  expect(answer.status_code, `${method} ${path}: ${answer.message}`).toBe(0);
  return answer.data;
}

/** The titles of the questions on one page of the canvas, in order. */
function pageTitles(page: Page, pageNo: number, pages: number): Locator {
  return page.getByRole('region', { name: T.pageLabel(pageNo, pages) }).locator('.survey-canvas__title');
}

/**
 * Drags a question by its handle with the mouse, as a person does: press, a little travel to start the drag, then on
 * to the middle of `target` in small steps, and let go.
 */
async function dragQuestion(page: Page, title: string, target: Locator): Promise<void> {
  const from = await page.getByRole('button', { name: SortTexts.dragHandle(title), exact: true }).boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error(`nothing to drag ${title} onto`);
  const x = from.x + from.width / 2;
  const y = from.y + from.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + 12, { steps: 4 });
  await expect(page.locator('.survey-canvas__question--dragged')).toBeVisible();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 24 });
  await page.mouse.up();
  await expect(page.locator('.survey-canvas__question--dragged')).toHaveCount(0);
}

async function pick(page: Page, control: Locator, option: string): Promise<void> {
  await control.click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
}

test('[SURVEYS] 问卷管理: design a four-question survey with a rule and a department target, a refused save at its question, release', async ({
  page,
  request,
}) => {
  // Four questions, a refused save, a rule, a target, the preview and a release: about twice an ordinary journey.
  test.slow();
  const tag = nameTag();
  const adminToken = await apiSignIn(request, 'admin');
  const deptName = `问卷部${tag}`;
  const deptId = await createDept(request, adminToken, deptName);
  await createPerson(request, `答卷人${tag}`, { deptId, adminToken });
  const title = `员工满意度调查${tag}`;

  await signInViaApi(page, 'admin');
  await page.goto(T.managePath);
  await button(page, T.newSurvey).click();
  const dialog = page.getByRole('dialog').filter({ hasText: T.createDialog });
  await dialog.getByLabel(T.fieldName, { exact: true }).fill(title);
  await button(dialog, T.create).click();
  await expect(page).toHaveURL((url) => url.pathname.startsWith(`${T.editPath}/`));
  await expect(page.locator('.survey-designer__title')).toHaveText(title);

  // 1. Four questions.
  await addQuestion(page, 'single', '您对工作环境满意吗');
  await editor(page).getByLabel(T.optionPlaceholder(1), { exact: true }).fill('满意');
  await editor(page).getByLabel(T.optionPlaceholder(2), { exact: true }).fill('不满意');

  await addQuestion(page, 'multiple', '您使用过哪些福利');
  await editor(page).getByLabel(T.optionPlaceholder(1), { exact: true }).fill('食堂');
  await editor(page).getByLabel(T.optionPlaceholder(2), { exact: true }).fill('班车');
  await button(editor(page), T.addOption).click();
  await editor(page).getByLabel(T.optionPlaceholder(3), { exact: true }).fill('以上都没有');
  await editor(page).locator('.survey-label-list__row').nth(2).getByRole('checkbox', { name: T.exclusive }).check();

  await addQuestion(page, 'text', '您的手机号');
  await pick(page, editor(page).getByLabel(T.fieldValidator, { exact: true }), SurveyTexts.textValidators.mobile);

  await addQuestion(page, 'rating', '请为食堂打分');
  await expect(page.locator('.survey-canvas__question')).toHaveCount(4);

  // 2. A question without a title: the server refuses the save and the message stands at that question.
  await page.locator('.survey-canvas__question').first().locator('.survey-canvas__select').click();
  await editor(page).getByLabel(T.fieldQuestionTitle, { exact: true }).fill('');
  await page.getByRole('button', { name: T.save, exact: true }).click();
  const refused = page.locator('.survey-canvas__question--invalid');
  await expect(refused).toHaveCount(1);
  await expect(refused).toContainText(SurveyMessages.questionTitleRequired);
  await expect(editor(page)).toContainText(SurveyMessages.questionTitleRequired);
  await saveScreenshot(page, 'survey-designer-refused');
  await editor(page).getByLabel(T.fieldQuestionTitle, { exact: true }).fill('您对工作环境满意吗');
  await page.getByRole('button', { name: T.save, exact: true }).click();
  await expect(toast(page, SurveyApiMessages.saved)).toBeVisible();
  await expect(refused).toHaveCount(0);

  // 3. A rule: 满意 on the first question shows the rating.
  await page.getByRole('tab', { name: T.tabRules }).click();
  await button(page, T.addRule).click();
  const rule = page.locator('.survey-rules__rule').first();
  await rule.getByRole('button', { name: new RegExp(`${T.addCondition}$`) }).click();
  await pick(page, rule.locator('.survey-rules__compare').getByLabel(T.pickQuestion, { exact: true }), '您对工作环境满意吗');
  await pick(page, rule.locator('.survey-rules__compare').getByLabel(T.pickOperator, { exact: true }), SurveyTexts.operators.equals);
  await pick(page, rule.locator('.survey-rules__compare').getByLabel(T.pickValue, { exact: true }), '满意');
  await button(rule, T.addAction).click();
  await pick(page, rule.locator('.survey-rules__action').getByLabel(T.pickQuestion, { exact: true }), '请为食堂打分');
  await expect(rule.locator('.ant-alert-error')).toHaveCount(0);
  await saveScreenshot(page, 'survey-designer-rule');

  // 4. A release with nobody to ask is refused in the server's words, and the 填写范围 tab opens; then the department of
  // the journey's own as the target: one person.
  await button(page, T.saveAndRelease).click();
  await expect(toast(page, SurveyApiMessages.noTargets)).toBeVisible();
  await expect(page.locator('.survey-designer__problems')).toContainText(SurveyApiMessages.noTargets);
  await expect(page.getByRole('tab', { name: T.tabTargets })).toHaveAttribute('aria-selected', 'true');
  const depts = page.locator('.survey-targets').getByLabel(T.targetDepts, { exact: true });
  await depts.click();
  await depts.fill(deptName);
  await page.locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper').filter({ hasText: deptName }).click();
  await page.keyboard.press('Escape');
  await button(page, T.saveTargets).click();
  await expect(page.getByTestId('survey-resolved-count')).toHaveText(T.resolvedCount(1));
  await expect(
    page
      .locator('.survey-targets')
      .getByRole('row')
      .filter({ hasText: `答卷人${tag}` }),
  ).toBeVisible();

  // 5. The live preview as a respondent sees it: the rating shows once 满意 is picked.
  await button(page, T.preview).click();
  const preview = page.getByRole('dialog').filter({ hasText: T.previewTitle });
  await expect(preview.getByText('您使用过哪些福利')).toBeVisible();
  await expect(preview.getByText('请为食堂打分')).toHaveCount(0);
  await preview.getByText('满意', { exact: true }).click();
  await expect(preview.getByText('请为食堂打分')).toBeVisible();
  await preview.getByText(T.previewPhone, { exact: true }).click();
  await saveScreenshot(page, 'survey-designer-preview-phone');
  await page.keyboard.press('Escape');
  await expect(preview).toHaveCount(0);

  // 6. Released, and 收集中 on the list.
  await button(page, T.release).click();
  await expect(toast(page, SurveyApiMessages.released)).toBeVisible();
  await expect(page.locator('.survey-designer__head')).toContainText(SURVEY_STATUS_LABELS[1]);
  const surveyId = Number(new URL(page.url()).pathname.split('/').pop());
  const stored = await call<SurveyDetail>(request, adminToken, `/api/surveys/${surveyId}`);
  const questions = stored.definition.pages.flatMap((p) => p.questions);
  expect(questions.map((q) => q.type)).toEqual(['single', 'multiple', 'text', 'rating']);
  const multiple = questions[1];
  expect(multiple?.type === 'multiple' && multiple.options.map((o) => [o.label, o.exclusive === true])).toEqual([
    ['食堂', false],
    ['班车', false],
    ['以上都没有', true],
  ]);
  expect(questions[2]?.type === 'text' && questions[2].validator).toEqual({ kind: 'mobile' });
  const single = questions[0];
  expect(stored.definition.rules).toEqual([
    {
      id: expect.any(String) as unknown,
      when: {
        kind: 'group',
        op: 'and',
        items: [
          { kind: 'compare', questionId: single?.id, operator: 'equals', value: single?.type === 'single' ? single.options[0]?.id : '' },
        ],
      },
      actions: [{ type: 'show_question', questionId: questions[3]?.id }],
    },
  ]);
  expect(stored.targets).toEqual([{ kind: 'dept', ref_id: deptId, exclude: 0, name: deptName }]);
  expect(stored.version_no).toBe(1);
  await page.getByRole('tab', { name: T.tabDesign }).click();
  await saveScreenshot(page, 'survey-designer-released');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: T.paletteAdd(SurveyTexts.questionTypes.single) })).toBeVisible();
  await saveScreenshot(page, 'survey-designer-phone');
  await page.setViewportSize({ width: 1440, height: 900 });

  await button(page, T.back).click();
  await expect(page).toHaveURL((url) => url.pathname === T.managePath);
  await page.getByRole('searchbox', { name: T.search }).fill(title);
  await page.getByRole('searchbox', { name: T.search }).press('Enter');
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(SURVEY_STATUS_LABELS[1]);
  await expect(row).toContainText(T.completionOf(0, 1, 0));
  await saveScreenshot(page, 'survey-manage-list');
});

test('[SURVEYS] 评价 designer: a score dimension, a rating counted towards it, the leave guard over unsaved changes', async ({
  page,
  request,
}) => {
  const tag = nameTag();
  const adminToken = await apiSignIn(request, 'admin');
  const title = `领导力评价${tag}`;
  const created = await request.post('/api/surveys', { headers: bearer(adminToken), data: { kind: 'evaluation', name: title } });
  const { data } = (await created.json()) as ApiEnvelope<{ id: number }>;

  await signInViaApi(page, 'admin');
  await page.goto(`${T.editPath}/${data.id}`);
  await expect(page.locator('.survey-designer__title')).toHaveText(title);
  await page.getByRole('tab', { name: T.tabSettings }).click();
  await button(page, T.addDimension).click();
  await page.getByLabel(T.dimensionPlaceholder(1), { exact: true }).fill('沟通能力');
  await page.getByRole('tab', { name: T.tabDesign }).click();
  await addQuestion(page, 'rating', '上级的沟通是否清楚');
  await pick(page, editor(page).getByLabel(T.fieldDimension, { exact: true }), '沟通能力');

  // Leaving with unsaved changes asks first; staying keeps them.
  await button(page, T.back).click();
  const leave = page.locator('.ant-modal-confirm').filter({ hasText: BillEditTexts.leaveTitle });
  await expect(leave).toBeVisible();
  await button(leave, BillEditTexts.stayCancel).click();
  await expect(page).toHaveURL((url) => url.pathname === `${T.editPath}/${data.id}`);

  await page.getByRole('button', { name: T.save, exact: true }).click();
  await expect(toast(page, SurveyApiMessages.saved)).toBeVisible();
  const stored = await call<SurveyDetail>(request, adminToken, `/api/surveys/${data.id}`);
  expect(stored.definition.dimensions.map((d) => d.title)).toEqual(['沟通能力']);
  const rating = stored.definition.pages[0]?.questions[0];
  expect(rating?.type === 'rating' && rating.dimensionId).toBe(stored.definition.dimensions[0]?.id);
  await saveScreenshot(page, 'survey-designer-evaluation');
});

test('[SURVEYS] 问卷管理 row actions: pause, end, move the deadline, copy, delete, and a delete refused once answered', async ({
  page,
  request,
}) => {
  const tag = nameTag();
  const adminToken = await apiSignIn(request, 'admin');
  const deptId = await createDept(request, adminToken, `行动部${tag}`);
  const person = await createPerson(request, `答卷人${tag}`, { deptId, adminToken });
  const title = `食堂意见征集${tag}`;
  const send = async <R>(method: 'post' | 'put', path: string, token: string, body?: unknown): Promise<R> => {
    const answer = (await (await request[method](path, { headers: bearer(token), data: body ?? {} })).json()) as ApiEnvelope<R>;
    expect(answer.status_code, `${method} ${path}: ${answer.message}`).toBe(0);
    return answer.data;
  };
  const { id } = await send<{ id: number }>('post', '/api/surveys', adminToken, { kind: 'survey', name: title });
  const detail = await call<SurveyDetail>(request, adminToken, `/api/surveys/${id}`);
  const question = { id: 'q0000000001', type: 'text', title: '您的建议', required: true, validator: { kind: 'none' } };
  const definition = { ...detail.definition, pages: [{ id: detail.definition.pages[0]?.id ?? 'p000000001', questions: [question] }] };
  await send('put', `/api/surveys/${id}`, adminToken, { definition });
  await send('post', '/api/survey/target', adminToken, { survey_id: id, targets: [{ kind: 'dept', ref_id: deptId }] });
  await send('post', `/api/surveys/${id}/release`, adminToken);

  await signInViaApi(page, 'admin');
  await page.goto(T.managePath);
  await page.getByRole('searchbox', { name: T.search }).fill(title);
  await page.getByRole('searchbox', { name: T.search }).press('Enter');
  const row = page.getByRole('row').filter({ hasText: title }).filter({ hasNotText: SurveyAdminTexts.copySuffix });
  await expect(row).toContainText(SURVEY_STATUS_LABELS[1]);

  // 暂停收集, then 发布 again, then 结束.
  await button(row, T.unrelease).click();
  await button(page.locator('.ant-popconfirm'), T.unrelease).click();
  await expect(row).toContainText(SURVEY_STATUS_LABELS[0]);
  await button(row, T.release).click();
  await button(page.locator('.ant-popconfirm'), T.release).click();
  await expect(row).toContainText(SURVEY_STATUS_LABELS[1]);
  await button(row, T.close).click();
  await button(page.locator('.ant-popconfirm'), T.close).click();
  await expect(row).toContainText(SURVEY_STATUS_LABELS[2]);

  // 修改截止时间: a day next year.
  const year = new Date().getFullYear() + 1;
  await button(row, T.changeDeadline).click();
  const deadline = page.getByRole('dialog').filter({ hasText: T.deadlineDialogOf(title) });
  await deadline.getByLabel(T.columnDeadline).fill(`${year}-06-30 18:00`);
  await deadline.getByLabel(T.columnDeadline).press('Enter');
  await button(deadline, T.ok).click();
  await expect(deadline).toHaveCount(0);
  await expect(row).toContainText(`${year}-06-30 18:00`);

  // 复制 opens the copy's designer; the copy is deleted from the list.
  await button(row, T.replicate).click();
  await button(page.locator('.ant-popconfirm'), T.replicate).click();
  await expect(page.locator('.survey-designer__title')).toHaveText(`${title}${SurveyAdminTexts.copySuffix}`);
  await button(page, T.back).click();
  await page.getByRole('searchbox', { name: T.search }).fill(title);
  await page.getByRole('searchbox', { name: T.search }).press('Enter');
  const copy = page.getByRole('row').filter({ hasText: `${title}${SurveyAdminTexts.copySuffix}` });
  await expect(copy).toContainText(SURVEY_STATUS_LABELS[0]);
  await button(copy, T.remove).click();
  await button(page.locator('.ant-popconfirm'), T.remove).click();
  await expect(toast(page, SurveyApiMessages.deleted)).toBeVisible();
  await expect(copy).toHaveCount(0);

  // Answered once (collecting again through its new deadline), the original cannot be deleted: the server says why.
  await button(row, T.release).click();
  await button(page.locator('.ant-popconfirm'), T.release).click();
  await expect(row).toContainText(SURVEY_STATUS_LABELS[1]);
  const personToken = await apiSignIn(request, person.username, person.password);
  const form = await call<{ version_id: number }>(request, personToken, `/api/survey/${id}/fill`);
  await send('post', `/api/survey/${id}/fill`, personToken, { version_id: form.version_id, answers: { [question.id]: '多些素菜' } });
  await page.getByRole('searchbox', { name: T.search }).press('Enter');
  await expect(row).toContainText(T.completionOf(1, 1, 100));
  await button(row, T.remove).click();
  await button(page.locator('.ant-popconfirm'), T.remove).click();
  await expect(toast(page, SurveyApiMessages.deleteAnswered(1))).toBeVisible();
  await expect(row).toHaveCount(1);
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, 'survey-manage-phone');
});

test('[SURVEYS] designer: drag questions onto the next page and onto an empty page (mouse and keyboard); ids and rules kept after a save', async ({
  page,
  request,
}) => {
  // Three drags, a save and a reload: a long journey on a busy machine.
  test.slow();
  const tag = nameTag();
  const adminToken = await apiSignIn(request, 'admin');
  const title = `分页拖动${tag}`;
  const { id } = await send<{ id: number }>(request, adminToken, 'post', '/api/surveys', { kind: 'survey', name: title });
  const detail = await call<SurveyDetail>(request, adminToken, `/api/surveys/${id}`);
  // Page 1: 您的工号, 您的建议; page 2: 您对食堂满意吗, shown once 您的工号 is answered; page 3 empty.
  const workNo = { id: 'qWorkNo0001', type: 'text', title: '您的工号', required: false, validator: { kind: 'none' } };
  const advice = { id: 'qAdvice0001', type: 'textarea', title: '您的建议', required: false };
  const canteen = {
    id: 'qCanteen001',
    type: 'single',
    title: '您对食堂满意吗',
    required: false,
    options: [
      { id: 'oYes0000001', label: '满意' },
      { id: 'oNo00000001', label: '不满意' },
    ],
  };
  const rule = {
    id: 'rShowCanteen',
    when: { kind: 'group', op: 'and', items: [{ kind: 'compare', questionId: workNo.id, operator: 'answered' }] },
    actions: [{ type: 'show_question', questionId: canteen.id }],
  };
  const definition = {
    ...detail.definition,
    pages: [
      { id: 'pFirst00001', questions: [workNo, advice] },
      { id: 'pSecond0001', questions: [canteen] },
      { id: 'pThird00001', questions: [] },
    ],
    rules: [rule],
  };
  await send(request, adminToken, 'put', `/api/surveys/${id}`, { definition });

  await signInViaApi(page, 'admin');
  await page.goto(`${T.editPath}/${id}`);
  await expect(page.locator('.survey-designer__title')).toHaveText(title);
  await expect(pageTitles(page, 1, 3)).toHaveText([workNo.title, advice.title]);
  await expect(pageTitles(page, 2, 3)).toHaveText([canteen.title]);

  // 您的工号 onto the head of page 2: it lands first there, above 您对食堂满意吗 (still before the question its rule shows).
  await dragQuestion(page, workNo.title, page.getByText(T.pageLabel(2, 3), { exact: true }));
  await expect(pageTitles(page, 1, 3)).toHaveText([advice.title]);
  await expect(pageTitles(page, 2, 3)).toHaveText([workNo.title, canteen.title]);
  await expect(page.getByText(T.unsaved)).toBeVisible();

  // 您对食堂满意吗 onto the empty page 3 (after 您的工号 still): it is the page's only question.
  const thirdPage = page.getByRole('region', { name: T.pageLabel(3, 3) });
  await dragQuestion(page, canteen.title, thirdPage.getByText(T.emptyPage));
  await expect(pageTitles(page, 3, 3)).toHaveText([canteen.title]);
  await expect(thirdPage.getByText(T.emptyPage)).toHaveCount(0);
  await expect(pageTitles(page, 2, 3)).toHaveText([workNo.title]);
  await expect(pageTitles(page, 1, 3)).toHaveText([advice.title]);
  await saveScreenshot(page, 'survey-designer-dragged');

  await page.getByRole('button', { name: T.save, exact: true }).click();
  await expect(toast(page, SurveyApiMessages.saved)).toBeVisible();
  await page.reload();
  await expect(page.locator('.survey-designer__title')).toHaveText(title);
  await expect(pageTitles(page, 1, 3)).toHaveText([advice.title]);
  await expect(pageTitles(page, 2, 3)).toHaveText([workNo.title]);
  await expect(pageTitles(page, 3, 3)).toHaveText([canteen.title]);

  // Stored: the same pages and questions (ids and all), moved; the rule as it was.
  const stored = await call<SurveyDetail>(request, adminToken, `/api/surveys/${id}`);
  expect(stored.definition.pages).toEqual([
    { id: 'pFirst00001', questions: [advice] },
    { id: 'pSecond0001', questions: [workNo] },
    { id: 'pThird00001', questions: [canteen] },
  ]);
  expect(stored.definition.rules).toEqual([rule]);

  // The keyboard drags across pages too: space picks 您的建议 up, the down arrow takes it onto page 2, space drops it.
  await page.getByRole('button', { name: SortTexts.dragHandle(advice.title), exact: true }).focus();
  await page.keyboard.press('Space');
  await expect(page.locator('.survey-canvas__question--dragged')).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(pageTitles(page, 2, 3)).toHaveText([advice.title, workNo.title]);
  await page.keyboard.press('Space');
  await expect(page.locator('.survey-canvas__question--dragged')).toHaveCount(0);
  await expect(page.getByRole('region', { name: T.pageLabel(1, 3) })).toContainText(T.emptyPage);
  await expect(pageTitles(page, 2, 3)).toHaveText([advice.title, workNo.title]);
  await expect(page.getByText(T.unsaved)).toBeVisible();
  // What a screen reader was told.
  await expect(page.getByRole('status').filter({ hasText: T.dragDroppedPlace(advice.title, 2, 1) })).toBeAttached();
});

test('[SURVEYS] 填写范围: exclude a department and a role besides the people; kept after a save and a reload', async ({
  page,
  request,
}) => {
  const tag = nameTag();
  const adminToken = await apiSignIn(request, 'admin');
  // 范围部 holds 甲 and 乙 (乙 holds the journey's role) and its sub-department 外派组 holds 丙: 3 people, 1 once
  // 外派组 and the role are excluded.
  const deptName = `范围部${tag}`;
  const deptId = await createDept(request, adminToken, deptName);
  const subName = `外派组${tag}`;
  const sub = await send<{ id: number }>(request, adminToken, 'post', '/api/admin/depts', { name: subName, parent_id: deptId });
  const roleKey = `survey_skip_${uniqueSuffix()}`;
  const roleName = `免填角色${tag}`;
  const role = await send<{ id: number }>(request, adminToken, 'post', '/api/admin/roles', {
    key: roleKey,
    name: roleName,
    permissions: [],
  });
  await createPerson(request, `甲${tag}`, { deptId, adminToken });
  await createPerson(request, `乙${tag}`, { deptId, roles: ['staff', roleKey], adminToken });
  await createPerson(request, `丙${tag}`, { deptId: sub.id, adminToken });
  const title = `范围排除${tag}`;
  const { id } = await send<{ id: number }>(request, adminToken, 'post', '/api/surveys', { kind: 'survey', name: title });
  await send(request, adminToken, 'post', '/api/survey/target', { survey_id: id, targets: [{ kind: 'dept', ref_id: deptId }] });

  await signInViaApi(page, 'admin');
  await page.goto(`${T.editPath}/${id}`);
  await page.getByRole('tab', { name: T.tabTargets }).click();
  const targets = page.locator('.survey-targets');
  await expect(page.getByTestId('survey-resolved-count')).toHaveText(T.resolvedCount(3));
  const field = (label: string) => targets.locator('.ant-form-item').filter({ has: page.getByText(label, { exact: true }) });
  await expect(field(T.targetDepts)).toContainText(deptName);

  const excludedDepts = targets.getByLabel(T.targetExcludedDepts, { exact: true });
  await excludedDepts.click();
  await excludedDepts.fill(subName);
  await page.locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper').filter({ hasText: subName }).click();
  await page.keyboard.press('Escape');
  const excludedRoles = targets.getByLabel(T.targetExcludedRoles, { exact: true });
  await excludedRoles.click();
  await excludedRoles.fill(roleName);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: roleName }).click();
  await page.keyboard.press('Escape');
  await button(page, T.saveTargets).click();
  await expect(toast(page, SurveyAdminMessages.targetsSaved)).toBeVisible();
  await expect(page.getByTestId('survey-resolved-count')).toHaveText(T.resolvedCount(1));
  await expect(targets.getByRole('row').filter({ hasText: `甲${tag}` })).toBeVisible();
  await saveScreenshot(page, 'survey-designer-exclusions');

  // After a reload the form shows every kind of exclusion, and the targets hold them.
  await page.reload();
  await page.getByRole('tab', { name: T.tabTargets }).click();
  await expect(field(T.targetExcludedDepts)).toContainText(subName);
  await expect(field(T.targetExcludedRoles)).toContainText(roleName);
  await expect(field(T.targetDepts)).toContainText(deptName);
  await expect(page.getByTestId('survey-resolved-count')).toHaveText(T.resolvedCount(1));
  const stored = await call<SurveyTargetView[]>(request, adminToken, `/api/survey/target?survey_id=${id}`);
  expect(stored).toEqual(
    expect.arrayContaining([
      { kind: 'dept', ref_id: deptId, exclude: 0, name: deptName },
      { kind: 'dept', ref_id: sub.id, exclude: 1, name: subName },
      { kind: 'role', ref_id: role.id, exclude: 1, name: roleName },
    ]),
  );
  expect(stored).toHaveLength(3);

  // A save from the form with nothing changed keeps them all.
  await button(page, T.saveTargets).click();
  await expect(toast(page, SurveyAdminMessages.targetsSaved)).toBeVisible();
  expect(await call<SurveyTargetView[]>(request, adminToken, `/api/survey/target?survey_id=${id}`)).toEqual(stored);
});
