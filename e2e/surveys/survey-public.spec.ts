import fs from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  SURVEY_SETTINGS_DEFAULT,
  SurveyFillTexts,
  SurveyResultTexts,
  type ApiEnvelope,
  type Paged,
  type SurveyDefinition,
  type SurveyReturn,
} from '@osp/shared';
import { apiSignIn, bearer, signInViaApi } from '../support/api';
import { nameTag } from '../support/people';
import { saveScreenshot } from '../support/screenshots';
import { samplePng } from '../support/images';
import { button, buttonName, chooseFilesThrough } from '../support/ui';

/*
 * A public survey with a required department question and a required file question (issue 16, docs/surveys-api.md
 * "Public department tree" and "Public uploads"): a signed-out visitor picks a department from the link's own tree,
 * uploads a file through the link, submits; the administrator sees the response and downloads the file.
 */

async function adminCall<T>(
  request: APIRequestContext,
  token: string,
  method: 'post' | 'put' | 'get',
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await request[method](path, { headers: bearer(token), ...(data === undefined ? {} : { data }) });
  const body = (await response.json()) as ApiEnvelope<T>;
  expect(body.status_code, `${method.toUpperCase()} ${path}: ${body.message}`).toBe(0);
  return body.data;
}

function definition(title: string): SurveyDefinition {
  return {
    kind: 'survey',
    title,
    description: '请选择部门并上传证明材料',
    settings: { ...SURVEY_SETTINGS_DEFAULT, publicLink: true },
    dimensions: [],
    pages: [
      {
        id: 'page1',
        questions: [
          { id: 'q_dept', type: 'department', title: '所在部门', required: true },
          { id: 'q_file', type: 'file', title: '证明材料', required: true, maxFiles: 2 },
        ],
      },
    ],
    rules: [],
  };
}

function question(page: Page, title: string): Locator {
  return page.locator('section.survey-question', { has: page.getByRole('heading', { name: title }) });
}

test('[SURVEYS] a signed-out visitor answers a department and a file question on the public link, and the administrator gets both', async ({
  browser,
  page,
  request,
}) => {
  const tag = nameTag();
  const adminToken = await apiSignIn(request, 'admin');
  const title = `公开材料收集${tag}`;
  const { id } = await adminCall<{ id: number }>(request, adminToken, 'post', '/api/surveys', { name: title });
  await adminCall(request, adminToken, 'put', `/api/surveys/${id}`, { definition: definition(title) });
  await adminCall(request, adminToken, 'post', `/api/surveys/${id}/release`, {});

  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const visitor = await context.newPage();
  await visitor.goto(`/survey/survey-share/${id}`);
  await expect(visitor.getByRole('heading', { name: title })).toBeVisible();
  // Neither question asks to sign in any more.
  await expect(visitor.getByText(SurveyFillTexts.deptNeedSignIn)).toHaveCount(0);
  await expect(visitor.getByText(SurveyFillTexts.filesNeedSignIn)).toHaveCount(0);

  await visitor.getByLabel(SurveyFillTexts.respondentName).fill(`访客${tag}`);
  await question(visitor, '所在部门').locator('.ant-select').click();
  await visitor.keyboard.type('技术');
  await visitor.locator('.ant-cascader-menu-item', { hasText: '技术部' }).first().click();
  await expect(question(visitor, '所在部门')).toContainText('技术部');

  // The upload's answer names the file id the response will carry (the administrator downloads it below).
  const uploaded = visitor.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(`/api/publish/share/${id}/files`));
  await chooseFilesThrough(question(visitor, '证明材料').getByRole('button', { name: buttonName(SurveyFillTexts.shareUpload) }), {
    name: '在职证明.png',
    mimeType: 'image/png',
    buffer: await samplePng(),
  });
  const fileId = ((await (await uploaded).json()) as { data: { id: string } }).data.id;
  await expect(question(visitor, '证明材料').getByText('在职证明.png')).toBeVisible();
  await expect(question(visitor, '证明材料').getByRole('button', { name: SurveyFillTexts.shareFileRemove('在职证明.png') })).toBeVisible();
  await saveScreenshot(visitor, 'survey-share-public-dept-file-390');

  await button(visitor, SurveyFillTexts.submit).click();
  await expect(visitor).toHaveURL(/\/survey\/success\?from=share$/);
  await expect(visitor.getByText(SurveyFillTexts.successTitle)).toBeVisible();
  await context.close();

  // The administrator: the response in 答卷明细, with the department's name.
  await signInViaApi(page, 'admin');
  await page.goto(SurveyResultTexts.pathOf(id));
  await page.getByRole('tab', { name: SurveyResultTexts.tabReturns, exact: true }).click();
  const returns = page.getByTestId('survey-returns');
  await returns
    .getByRole('row', { name: new RegExp(`访客${tag}`) })
    .getByRole('button', { name: SurveyResultTexts.view })
    .click();
  const drawer = page.getByRole('dialog', { name: SurveyResultTexts.answersTitle(`访客${tag}`) });
  await expect(drawer).toContainText('技术部');
  // The file by its name, not its id, downloaded from the drawer as it was uploaded.
  const fileButton = drawer.getByRole('button', { name: '在职证明.png', exact: true });
  await expect(fileButton).toBeVisible();
  await saveScreenshot(page, 'survey-share-public-admin-return-1440');
  const downloading = page.waitForEvent('download');
  await fileButton.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('在职证明.png');
  expect(Buffer.compare(await fs.readFile(await download.path()), await samplePng())).toBe(0);

  // The returns answer the file's name and card; the id is the upload's.
  const paged = await adminCall<Paged<SurveyReturn>>(request, adminToken, 'get', `/api/survey/${id}/returns`);
  expect(paged.list[0]?.answers.q_file).toBe('在职证明.png');
  expect(fileId).toMatch(/^[A-Za-z0-9_-]{24}$/);
  expect(paged.list[0]?.files.q_file?.map((card) => card.id)).toEqual([fileId]);
});
