import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  SURVEY_SETTINGS_DEFAULT,
  SurveyApiMessages,
  SurveyFillTexts,
  SurveyMessages,
  type ApiEnvelope,
  type Paged,
  type SurveyDefinition,
  type SurveyListItem,
} from '@osp/shared';
import { apiSignIn, bearer, signInViaApi } from '../support/api';
import { createPerson, nameTag } from '../support/people';
import { saveScreenshot } from '../support/screenshots';
import { button, openFromSideMenu } from '../support/ui';

/*
 * The respondent's journeys (issue 16): a targeted person fills a released survey from 我的问卷 with a rule, a draft
 * and a reload between; someone not targeted is refused; a public survey is filled on a phone without signing in.
 * Each journey makes its own survey through the administrators' API.
 */

async function adminCall<T>(request: APIRequestContext, token: string, method: 'post' | 'put' | 'get', path: string, data?: unknown): Promise<T> {
  const response = await request[method](path, { headers: bearer(token), ...(data === undefined ? {} : { data }) });
  const body = (await response.json()) as ApiEnvelope<T>;
  expect(body.status_code, `${method.toUpperCase()} ${path}: ${body.message}`).toBe(0);
  return body.data;
}

/**
 * Page 1: 喜欢现在的工作吗 (required) and 为什么 (shown, and required, only for 不喜欢); page 2: a rating (required) and a
 * multiple choice with "none of these".
 */
function definition(title: string, settings: Partial<SurveyDefinition['settings']> = {}): SurveyDefinition {
  return {
    kind: 'survey',
    title,
    description: '请如实填写，大约需要一分钟',
    settings: { ...SURVEY_SETTINGS_DEFAULT, ...settings },
    dimensions: [],
    pages: [
      {
        id: 'page1',
        title: '工作感受',
        questions: [
          {
            id: 'q_like',
            type: 'single',
            title: '喜欢现在的工作吗',
            required: true,
            options: [
              { id: 'o_yes', label: '喜欢' },
              { id: 'o_no', label: '不喜欢' },
            ],
          },
          { id: 'q_why', type: 'text', title: '为什么不喜欢', required: true, validator: { kind: 'none' } },
        ],
      },
      {
        id: 'page2',
        title: '评分',
        questions: [
          { id: 'q_score', type: 'rating', title: '给公司打分', required: true, stars: 5 },
          {
            id: 'q_perks',
            type: 'multiple',
            title: '希望增加的福利',
            required: false,
            maxPicks: 2,
            options: [
              { id: 'o_gym', label: '健身房' },
              { id: 'o_meal', label: '午餐补贴' },
              { id: 'o_bus', label: '班车' },
              { id: 'o_none', label: '以上都不需要', exclusive: true },
            ],
          },
        ],
      },
    ],
    rules: [
      {
        id: 'r_why',
        when: { kind: 'group', op: 'and', items: [{ kind: 'compare', questionId: 'q_like', operator: 'equals', value: 'o_no' }] },
        actions: [{ type: 'show_question', questionId: 'q_why' }],
      },
    ],
  };
}

/** A survey saved, aimed at `userIds` (none: public link only) and released; its id. */
async function releasedSurvey(request: APIRequestContext, adminToken: string, survey: SurveyDefinition, userIds: number[]): Promise<number> {
  const { id } = await adminCall<{ id: number }>(request, adminToken, 'post', '/api/surveys', { name: survey.title });
  await adminCall(request, adminToken, 'put', `/api/surveys/${id}`, { definition: survey });
  if (userIds.length > 0) {
    await adminCall(request, adminToken, 'post', '/api/survey/target', {
      survey_id: id,
      targets: userIds.map((ref_id) => ({ kind: 'user', ref_id })),
    });
  }
  await adminCall(request, adminToken, 'post', `/api/surveys/${id}/release`, {});
  return id;
}

function question(page: Page, title: string): Locator {
  return page.locator('section.survey-question', { has: page.getByRole('heading', { name: title }) });
}

test('[SURVEYS] a targeted person fills a survey from 我的问卷: a rule shows a question, a draft survives a reload, the submission lands', async ({
  page,
  request,
}) => {
  const tag = nameTag();
  const adminToken = await apiSignIn(request, 'admin');
  const person = await createPerson(request, `答卷人${tag}`, { roles: ['staff'], adminToken });
  const title = `工作满意度调查${tag}`;
  await releasedSurvey(request, adminToken, definition(title), [person.id]);

  await signInViaApi(page, person.username, { password: person.password });
  await page.goto('/dashboard');
  await openFromSideMenu(page, '问卷', SurveyFillTexts.mineTitle);
  const row = page.locator('.ant-list-item', { hasText: title });
  await expect(row.getByText('未填写', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: SurveyFillTexts.fill }).click();

  await expect(page).toHaveURL(/\/survey\/survey-share-check\/\d+$/);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  // 为什么不喜欢 waits for its rule.
  await expect(question(page, '为什么不喜欢')).toHaveCount(0);
  await page.getByRole('radio', { name: '不喜欢', exact: true }).check();
  const why = question(page, '为什么不喜欢');
  await expect(why).toBeVisible();
  await expect(why.getByLabel(SurveyFillTexts.required)).toBeVisible();
  // 下一页 checks the page: the question the rule showed must be answered.
  await button(page, SurveyFillTexts.next).click();
  await expect(why.getByRole('alert')).toHaveText(SurveyMessages.answerRequired('为什么不喜欢'));
  await why.getByRole('textbox').fill('通勤太远');
  await expect(why.getByRole('alert')).toHaveCount(0);

  await button(page, SurveyFillTexts.saveDraft).click();
  await expect(page.getByText(/已于 .+ 暂存/)).toBeVisible();

  await page.reload();
  await expect(page.getByRole('radio', { name: '不喜欢', exact: true })).toBeChecked();
  await expect(question(page, '为什么不喜欢').getByRole('textbox')).toHaveValue('通勤太远');
  await button(page, SurveyFillTexts.next).click();
  await expect(page.getByText(SurveyFillTexts.pageOf(2, 2))).toBeVisible();

  // 提交 checks every page: the rating is required.
  await button(page, SurveyFillTexts.submit).click();
  const score = question(page, '给公司打分');
  await expect(score.getByRole('alert')).toHaveText(SurveyMessages.answerRequired('给公司打分'));
  await score.locator('.ant-rate-star').nth(3).click();
  // "None of these" pushes the other picks out.
  const perks = question(page, '希望增加的福利');
  await perks.getByRole('checkbox', { name: '健身房' }).check();
  await perks.getByRole('checkbox', { name: '班车' }).check();
  await expect(perks.getByRole('checkbox', { name: '午餐补贴' })).toBeDisabled();
  await perks.getByRole('checkbox', { name: /以上都不需要/ }).check();
  await expect(perks.getByRole('checkbox', { name: '健身房' })).not.toBeChecked();
  await perks.getByRole('checkbox', { name: /以上都不需要/ }).uncheck();
  await perks.getByRole('checkbox', { name: '午餐补贴' }).check();
  await saveScreenshot(page, 'survey-fill-page2');

  await button(page, SurveyFillTexts.submit).click();
  await expect(page).toHaveURL(/\/survey\/success\?from=mine$/);
  await expect(page.getByText(SurveyFillTexts.successTitle)).toBeVisible();
  await saveScreenshot(page, 'survey-fill-success');
  await page.getByRole('button', { name: SurveyFillTexts.backToMine }).click();
  await expect(page.locator('.ant-list-item', { hasText: title }).getByText('已提交', { exact: true })).toBeVisible();
  await saveScreenshot(page, 'survey-fill-mine');

  // Opening it again says it was answered (the survey cannot be changed after submitting).
  await page.locator('.ant-list-item', { hasText: title }).getByRole('link', { name: title }).click();
  await expect(page.locator('.ant-result').getByRole('alert')).toHaveText(SurveyApiMessages.fillAlready);
});

test('[SURVEYS] a person the survey is not aimed at is told so in place of the form', async ({ page, request }) => {
  const tag = nameTag();
  const adminToken = await apiSignIn(request, 'admin');
  const asked = await createPerson(request, `被邀请${tag}`, { roles: ['staff'], adminToken });
  const outsider = await createPerson(request, `局外人${tag}`, { roles: ['staff'], adminToken });
  const id = await releasedSurvey(request, adminToken, definition(`部门调查${tag}`), [asked.id]);

  await signInViaApi(page, outsider.username, { password: outsider.password });
  await page.goto(`/survey/survey-share-check/${id}`);
  await expect(page.getByText(SurveyFillTexts.cannotFill)).toBeVisible();
  await expect(page.locator('.ant-result').getByRole('alert')).toHaveText(SurveyApiMessages.fillNotTargeted);
  await expect(page.locator('.survey-form')).toHaveCount(0);
  await saveScreenshot(page, 'survey-fill-not-targeted');
});

test('[SURVEYS] a public survey is filled on a phone without signing in, with the respondent\'s name', async ({ browser, request }) => {
  const tag = nameTag();
  const adminToken = await apiSignIn(request, 'admin');
  const title = `访客调查${tag}`;
  const id = await releasedSurvey(request, adminToken, definition(title, { publicLink: true }), []);

  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto(`/survey/survey-share/${id}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByLabel(SurveyFillTexts.respondentName)).toBeVisible();
  // Large targets: a choice row is at least 44 px high and nearly the screen's width.
  const choice = page.locator('.survey-choices .ant-radio-wrapper', { hasText: '不喜欢' });
  const box = await choice.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  expect(box?.width ?? 0).toBeGreaterThan(300);
  await saveScreenshot(page, 'survey-share-390-page1');

  await page.getByRole('radio', { name: '喜欢', exact: true }).check();
  await expect(question(page, '为什么不喜欢')).toHaveCount(0);
  await button(page, SurveyFillTexts.next).click();
  await question(page, '给公司打分').locator('.ant-rate-star').nth(4).click();
  // No name: refused before sending.
  await button(page, SurveyFillTexts.submit).click();
  await expect(page.getByText(SurveyApiMessages.respondentNameRequired)).toBeVisible();
  await page.getByLabel(SurveyFillTexts.respondentName).fill(`访客${tag}`);
  await button(page, SurveyFillTexts.submit).click();
  await expect(page).toHaveURL(/\/survey\/success\?from=share$/);
  await expect(page.getByText(SurveyFillTexts.successTitle)).toBeVisible();
  await expect(page.getByRole('button', { name: SurveyFillTexts.backToMine })).toHaveCount(0);
  await saveScreenshot(page, 'survey-share-390-success');
  await context.close();

  const list = await adminCall<Paged<SurveyListItem>>(request, adminToken, 'get', `/api/surveys?keyword=${encodeURIComponent(title)}`);
  expect(list.list.find((row) => row.id === id)?.responses).toBe(1);
});
