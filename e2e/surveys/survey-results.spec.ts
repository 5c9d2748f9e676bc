import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import {
  DashboardTexts,
  SURVEY_SETTINGS_DEFAULT,
  SurveyExportTexts,
  SurveyResultTexts,
  SurveyResultsMessages,
  type ApiEnvelope,
  type SurveyDefinition,
  type SurveyFillForm,
} from '@osp/shared';
import { apiSignIn, bearer, signInViaApi, switchPersonViaApi } from '../support/api';
import { createDept, createPerson, nameTag, setDeptLeader } from '../support/people';
import { saveScreenshot } from '../support/screenshots';
import { button, confirmation, message } from '../support/ui';

/** A call whose answer must be a success: the set-up is not what the journey is about. */
async function call<T>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await request.fetch(path, { method, headers: bearer(token), ...(data === undefined ? {} : { data }) });
  const body = (await response.json()) as ApiEnvelope<T>;
  expect(body.status_code, `${method} ${path}: ${body.message}`).toBe(0);
  return body.data;
}

/** Markup in what designers and respondents type is shown as text, never run (issue 16 proof). */
const XSS = '<img src=x onerror="window.__surveyXss=1">';

/** Five questions the results draw differently: a choice, an NPS, a matrix, a rating and a text. */
function definitionOf(title: string): SurveyDefinition {
  return {
    kind: 'survey',
    title,
    settings: { ...SURVEY_SETTINGS_DEFAULT },
    dimensions: [],
    pages: [
      {
        id: 'page1',
        questions: [
          {
            id: 'q_like',
            type: 'single',
            title: '喜欢现在的工作吗',
            required: true,
            options: [
              { id: 'o_yes', label: '非常喜欢' },
              { id: 'o_no', label: `不太喜欢${XSS}` },
            ],
          },
          { id: 'q_nps', type: 'nps', title: '您会向朋友推荐公司吗', required: false },
          {
            id: 'q_matrix',
            type: 'matrix',
            title: '各项满意度',
            required: false,
            mode: 'single',
            rows: [
              { id: 'r_food', label: '食堂' },
              { id: 'r_room', label: '办公环境' },
            ],
            columns: [
              { id: 'c_good', label: '满意' },
              { id: 'c_bad', label: '不满意' },
            ],
          },
          { id: 'q_score', type: 'rating', title: '给公司打分', required: false, stars: 5 },
          { id: 'q_why', type: 'textarea', title: '还有什么建议', required: false },
        ],
      },
    ],
    rules: [],
  };
}

async function fill(request: APIRequestContext, username: string, password: string, surveyId: number, answers: Record<string, unknown>) {
  const token = await apiSignIn(request, username, password);
  const form = await call<SurveyFillForm>(request, token, 'GET', `/api/survey/${surveyId}/fill`);
  await call(request, token, 'POST', `/api/survey/${surveyId}/fill`, {
    version_id: form.version_id,
    answers,
    started_at: new Date(Date.now() - 95_000).toISOString(),
  });
}

function tab(page: Page, name: string): Locator {
  return page.getByRole('tab', { name, exact: true });
}

/** One question's card in 统计, by its id. */
function questionCard(page: Page, questionId: string): Locator {
  return page.getByTestId(`survey-result-${questionId}`);
}

test('[SURVEYS] the administrator reads a released survey’s results, reminds, exports and shares them; a targeted person sees it waiting on the dashboard', async ({
  page,
  request,
}) => {
  const tag = nameTag();
  const adminToken = await apiSignIn(request, 'admin');
  const deptName = `问卷部${tag}`;
  const deptId = await createDept(request, adminToken, deptName);
  const first = await createPerson(request, `答卷甲${tag}`, { adminToken, deptId, roles: ['staff'] });
  const second = await createPerson(request, `答卷乙${tag}`, { adminToken, deptId, roles: ['staff'] });
  const late = await createPerson(request, `未填丙${tag}`, { adminToken, deptId, roles: ['staff'] });

  // A named survey for the department, released, answered by two of its three people.
  const title = `员工满意度调查${tag}`;
  const { id } = await call<{ id: number }>(request, adminToken, 'POST', '/api/surveys', { name: title });
  const deadline = new Date(Date.now() + 3 * 24 * 3600_000).toISOString();
  await call(request, adminToken, 'PUT', `/api/surveys/${id}`, { definition: definitionOf(title), deadline });
  await call(request, adminToken, 'POST', '/api/survey/target', { survey_id: id, targets: [{ kind: 'dept', ref_id: deptId, exclude: 0 }] });
  await call(request, adminToken, 'POST', `/api/surveys/${id}/release`);
  await fill(request, first.username, first.password, id, {
    q_like: 'o_yes',
    q_nps: 10,
    q_matrix: { r_food: 'c_good', r_room: 'c_good' },
    q_score: 5,
    q_why: '希望多组织团建',
  });
  await fill(request, second.username, second.password, id, {
    q_like: 'o_yes',
    q_nps: 6,
    q_matrix: { r_food: 'c_bad', r_room: 'c_good' },
    q_score: 3,
    q_why: `好${XSS}`,
  });

  // The person who has not answered finds it on the dashboard, with its deadline, linking to where it is filled.
  await signInViaApi(page, late.username, { password: late.password });
  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: DashboardTexts.surveysTitle });
  await expect(card.getByRole('link', { name: title })).toHaveAttribute('href', `/survey/survey-share-check/${id}`);
  await expect(card.getByText(/后截止/)).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'survey-results-dashboard-card-1440');
  await page.setViewportSize({ width: 390, height: 844 });
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByRole('link', { name: title })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await saveScreenshot(page, 'survey-results-dashboard-card-390');
  await page.setViewportSize({ width: 1440, height: 900 });

  // The administrator opens the results: metrics, the charts with their counts, the cross-tab.
  await switchPersonViaApi(page, 'admin');
  await page.goto(SurveyResultTexts.pathOf(id));
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  const metrics = page.getByTestId('survey-result-metrics');
  await expect(metrics).toContainText(`${SurveyResultTexts.targeted}3`);
  await expect(metrics).toContainText(`${SurveyResultTexts.answered}2`);
  await expect(metrics).toContainText('66%');
  const like = questionCard(page, 'q_like');
  await expect(like).toContainText(SurveyResultTexts.questionAnswered(2));
  await expect(like.getByRole('row', { name: /非常喜欢/ })).toContainText('100%');
  await expect(like.getByRole('row', { name: /不太喜欢/ })).toContainText('0');
  await expect(like.locator('.survey-result-chart canvas')).toBeVisible();
  const nps = questionCard(page, 'q_nps');
  await expect(nps).toContainText(SurveyResultTexts.nps);
  // One promoter (10) and one detractor (6): 50 % − 50 % = 0.
  await expect(nps.locator('.ant-statistic').first()).toContainText('0');
  await expect(questionCard(page, 'q_matrix').getByRole('row', { name: /办公环境/ })).toContainText('2');
  await expect(questionCard(page, 'q_score')).toContainText('4 / 5');
  await expect(questionCard(page, 'q_why')).toContainText('希望多组织团建');
  await expect(questionCard(page, 'q_why')).toContainText(`好${XSS}`);
  await expect(like.getByRole('row', { name: /不太喜欢/ })).toContainText(XSS);
  const cross = page.getByTestId('survey-cross-tab');
  await expect(cross.getByRole('columnheader', { name: deptName })).toBeVisible();
  await expect(cross.getByRole('row', { name: /非常喜欢/ })).toContainText('2');
  // By another question instead: the rating's stars as columns (3 and 5 once each, then the total).
  await cross.getByRole('combobox', { name: SurveyResultTexts.crossPick }).click();
  await page.locator('.ant-select-item-option', { hasText: '4. 给公司打分' }).click();
  await expect(cross.getByRole('columnheader', { name: '5', exact: true })).toBeVisible();
  await expect(cross.getByRole('row', { name: /非常喜欢/ })).toContainText('001012');
  await saveScreenshot(page, 'survey-results-stats-1440');

  // 部门完成情况: the department at 66 %, the one who has not answered, and 提醒.
  await tab(page, SurveyResultTexts.tabDepts).click();
  await expect(page.getByTestId('survey-dept-completion').getByRole('row', { name: new RegExp(deptName) })).toContainText('66%');
  await expect(page.getByTestId('survey-pending-people')).toContainText(late.name);
  await expect(page.getByTestId('survey-pending-people')).not.toContainText(first.name);
  await button(page, SurveyResultTexts.remind).click();
  const ask = confirmation(page, SurveyResultTexts.remindTitle(1));
  await expect(ask.box).toBeVisible();
  await ask.box.getByRole('button', { name: /提\s*醒/ }).click();
  await expect(message(page, SurveyResultsMessages.reminded(1))).toBeVisible();
  // Once a day each: with everyone reminded today the button is off.
  await expect(button(page, SurveyResultTexts.remind)).toBeDisabled();
  await saveScreenshot(page, 'survey-results-depts-1440');

  // 答卷明细: each response, one opened with its answers as labels.
  await tab(page, SurveyResultTexts.tabReturns).click();
  const returns = page.getByTestId('survey-returns');
  await returns
    .getByRole('row', { name: new RegExp(first.name) })
    .getByRole('button', { name: SurveyResultTexts.view })
    .click();
  const drawer = page.getByRole('dialog', { name: SurveyResultTexts.answersTitle(first.name) });
  await expect(drawer).toContainText('非常喜欢');
  await expect(drawer).toContainText('食堂：满意');
  await saveScreenshot(page, 'survey-results-return-1440');
  expect(await page.evaluate(() => (window as unknown as { __surveyXss?: number }).__surveyXss)).toBeUndefined();
  await drawer.locator('.ant-drawer-close').click();

  // 导出 with the personal columns: option labels, the respondents' names.
  await tab(page, SurveyResultTexts.tabExport).click();
  const downloading = page.waitForEvent('download');
  await button(page, SurveyResultTexts.exportAll).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${title}-答卷-.*\\.xlsx$`));
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const rows: string[][] = [];
  workbook.worksheets[0]?.eachRow((row) => rows.push(Array.from({ length: row.cellCount }, (_, c) => row.getCell(c + 1).text)));
  expect(rows[0]).toContain(SurveyExportTexts.name);
  expect(rows[0]).toContain('喜欢现在的工作吗');
  const firstRow = rows.find((row) => row.includes(first.name));
  expect(firstRow, `the first respondent's row in ${JSON.stringify(rows)}`).toBeDefined();
  expect(firstRow).toContain('非常喜欢');
  expect(rows.length).toBe(3);

  // Without the personal columns: nobody's name.
  const plainDownloading = page.waitForEvent('download');
  await button(page, SurveyResultTexts.exportPlain).click();
  const plain = new ExcelJS.Workbook();
  await plain.xlsx.readFile(await (await plainDownloading).path());
  const plainText = JSON.stringify(plain.worksheets[0]?.getSheetValues());
  expect(plainText).not.toContain(first.name);
  expect(plainText).toContain('非常喜欢');

  // 公开结果链接: made for 7 days, then opened signed out: the aggregates, nothing personal, small counts hidden.
  await button(page, SurveyResultTexts.linkCreate).click();
  const linkField = page.getByTestId('survey-result-link').getByRole('textbox', { name: SurveyResultTexts.linkTitle });
  await expect(linkField).toHaveValue(/\/survey\/survey-result\/\d+\?token=/);
  await saveScreenshot(page, 'survey-results-export-1440');
  const link = await linkField.inputValue();
  await page.setViewportSize({ width: 390, height: 844 });
  await tab(page, SurveyResultTexts.tabStats).click();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await saveScreenshot(page, 'survey-results-stats-390');

  await page.goto('about:blank');
  await page.context().clearCookies();
  await page.goto(link);
  await expect(page.getByText(SurveyResultTexts.publicNote)).toBeVisible();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  const publicLike = questionCard(page, 'q_like');
  await expect(publicLike).toContainText(SurveyResultTexts.questionAnswered(2));
  // Two people are fewer than the minimum count (5): the link hides the cell as an anonymous survey would.
  await expect(publicLike.getByRole('row', { name: /非常喜欢/ })).toContainText(SurveyResultTexts.hidden);
  await expect(questionCard(page, 'q_why')).toContainText(SurveyResultTexts.publicNoTexts);
  await expect(publicLike).toContainText(XSS);
  await expect(page.getByText('希望多组织团建')).toHaveCount(0);
  await expect(page.getByRole('tab', { name: SurveyResultTexts.tabReturns })).toHaveCount(0);
  await expect(page.getByText(first.name)).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await saveScreenshot(page, 'survey-results-public-390');
  expect(await page.evaluate(() => (window as unknown as { __surveyXss?: number }).__surveyXss)).toBeUndefined();

  // Signed out without a token: a way to sign in, no results; a made-up token: the link is invalid.
  await page.goto(SurveyResultTexts.pathOf(id));
  await expect(page.getByText(SurveyResultTexts.signInNeeded)).toBeVisible();
  await page.goto(`${SurveyResultTexts.pathOf(id)}?token=${'x'.repeat(32)}`);
  await expect(page.locator('.ant-result-title')).toBeVisible();
  await expect(page.getByText(title)).toHaveCount(0);
});

/** An evaluation: one rating of the leader, counted towards one dimension. */
function evaluationOf(title: string): SurveyDefinition {
  return {
    kind: 'evaluation',
    title,
    settings: { ...SURVEY_SETTINGS_DEFAULT },
    dimensions: [{ id: 'd_lead', title: '领导力' }],
    pages: [
      { id: 'page1', questions: [{ id: 'q_lead', type: 'rating', title: '领导能力', required: true, stars: 5, dimensionId: 'd_lead' }] },
    ],
    rules: [],
  };
}

test('[SURVEYS] an evaluation round: members rate their leaders; the results show each leader’s scores apart', async ({
  page,
  request,
}) => {
  const tag = nameTag();
  const adminToken = await apiSignIn(request, 'admin');
  const teams = [];
  for (const [letter, scores] of [
    ['甲', [5, 4]],
    ['乙', [2, 1]],
  ] as const) {
    const deptId = await createDept(request, adminToken, `评价${letter}组${tag}`);
    const leader = await createPerson(request, `${letter}组长${tag}`, { adminToken, deptId, roles: ['staff'] });
    await setDeptLeader(request, adminToken, deptId, leader.id);
    const members = [
      await createPerson(request, `${letter}组员一${tag}`, { adminToken, deptId, roles: ['staff'] }),
      await createPerson(request, `${letter}组员二${tag}`, { adminToken, deptId, roles: ['staff'] }),
    ];
    teams.push({ deptId, leader, members, scores });
  }
  const title = `组长评价${tag}`;
  const { id } = await call<{ id: number }>(request, adminToken, 'POST', '/api/surveys', { name: title, kind: 'evaluation' });
  await call(request, adminToken, 'PUT', `/api/surveys/${id}`, { definition: evaluationOf(title) });
  await call(request, adminToken, 'POST', '/api/survey/target', {
    survey_id: id,
    targets: teams.flatMap((team) => team.members.map((m) => ({ kind: 'user', ref_id: m.id, exclude: 0 }))),
  });
  await call(request, adminToken, 'POST', `/api/surveys/${id}/release`);

  // A member who has not rated yet sees it waiting, linked to 待我评价.
  const waiting = teams[1]?.members[1];
  if (!waiting) throw new Error('no member');
  await signInViaApi(page, waiting.username, { password: waiting.password });
  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: DashboardTexts.surveysTitle });
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByRole('link', { name: title })).toHaveAttribute('href', '/feedback/pending');
  await expect(card).toContainText(DashboardTexts.surveysRatee(teams[1]?.leader.name ?? ''));

  for (const team of teams) {
    for (const [index, member] of team.members.entries()) {
      if (member === waiting) continue;
      const token = await apiSignIn(request, member.username, member.password);
      const form = await call<SurveyFillForm>(request, token, 'GET', `/api/survey/${id}/fill?ratee_id=${team.leader.id}`);
      await call(request, token, 'POST', `/api/survey/${id}/fill`, {
        version_id: form.version_id,
        ratee_id: team.leader.id,
        answers: { q_lead: team.scores[index] },
      });
    }
  }

  // All leaders together: 5, 4 and 2 → 3.67; 甲组长 alone: 4.5; 乙组长 alone: 2.
  await switchPersonViaApi(page, 'admin');
  await page.goto(SurveyResultTexts.pathOf(id));
  const lead = questionCard(page, 'q_lead');
  await expect(lead).toContainText(SurveyResultTexts.questionAnswered(3));
  await expect(lead).toContainText('3.67 / 5');
  await expect(page.getByTestId('survey-result-dimensions').getByRole('row', { name: /领导力/ })).toContainText('3.67');
  const picker = page.getByRole('combobox', { name: SurveyResultTexts.ratee });
  await picker.click();
  await page.locator('.ant-select-item-option', { hasText: teams[0]?.leader.name ?? '' }).click();
  await expect(lead).toContainText(SurveyResultTexts.questionAnswered(2));
  await expect(lead).toContainText('4.5 / 5');
  await expect(page.getByTestId('survey-result-dimensions').getByRole('row', { name: /领导力/ })).toContainText('4.5');
  await saveScreenshot(page, 'survey-results-evaluation-1440');
  await picker.click();
  await page.locator('.ant-select-item-option', { hasText: teams[1]?.leader.name ?? '' }).click();
  await expect(lead).toContainText(SurveyResultTexts.questionAnswered(1));
  await expect(lead).toContainText('2 / 5');

  // 答卷明细 follows the ratee: only the one response about 乙组长.
  await tab(page, SurveyResultTexts.tabReturns).click();
  const returns = page.getByTestId('survey-returns');
  await expect(returns.locator('tbody tr.ant-table-row')).toHaveCount(1);
  await expect(returns).toContainText(teams[1]?.leader.name ?? '');
});

test('[SURVEYS] an anonymous survey’s results hide small counts and every person; someone without survey_admin is refused', async ({
  page,
  request,
}) => {
  const tag = nameTag();
  const adminToken = await apiSignIn(request, 'admin');
  const deptId = await createDept(request, adminToken, `匿名部${tag}`);
  const people = [
    await createPerson(request, `匿名甲${tag}`, { adminToken, deptId, roles: ['staff'] }),
    await createPerson(request, `匿名乙${tag}`, { adminToken, deptId, roles: ['staff'] }),
  ];
  const title = `匿名调查${tag}`;
  const { id } = await call<{ id: number }>(request, adminToken, 'POST', '/api/surveys', { name: title });
  const definition = definitionOf(title);
  await call(request, adminToken, 'PUT', `/api/surveys/${id}`, {
    definition: { ...definition, settings: { ...definition.settings, anonymous: true } },
  });
  await call(request, adminToken, 'POST', '/api/survey/target', { survey_id: id, targets: [{ kind: 'dept', ref_id: deptId, exclude: 0 }] });
  await call(request, adminToken, 'POST', `/api/surveys/${id}/release`);
  for (const person of people) await fill(request, person.username, person.password, id, { q_like: 'o_yes', q_why: `匿名建议${tag}` });

  // A colleague without survey_admin: refused, nothing shown.
  const [first] = people;
  if (!first) throw new Error('no person');
  await signInViaApi(page, first.username, { password: first.password });
  await page.goto(SurveyResultTexts.pathOf(id));
  await expect(page.getByText(SurveyResultTexts.forbidden)).toBeVisible();
  await expect(page.getByText(title)).toHaveCount(0);

  // The administrator: two answers are fewer than five, so the counts and the texts are hidden; no returns, no names.
  await switchPersonViaApi(page, 'admin');
  await page.goto(SurveyResultTexts.pathOf(id));
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  const like = questionCard(page, 'q_like');
  await expect(like).toContainText(SurveyResultTexts.questionAnswered(2));
  await expect(like.getByRole('row', { name: /非常喜欢/ })).toContainText(SurveyResultTexts.hidden);
  await expect(page.getByText(`匿名建议${tag}`)).toHaveCount(0);
  await saveScreenshot(page, 'survey-results-anonymous-1440');
  await tab(page, SurveyResultTexts.tabReturns).click();
  await expect(page.getByText(SurveyResultTexts.returnsAnonymous)).toBeVisible();
  await tab(page, SurveyResultTexts.tabExport).click();
  await expect(button(page, SurveyResultTexts.exportPlain)).toBeVisible();
  await expect(button(page, SurveyResultTexts.exportAll)).toHaveCount(0);
  await expect(page.getByText(SurveyResultTexts.exportAnonymousHint)).toBeVisible();
});
