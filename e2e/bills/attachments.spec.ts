import fs from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Download, type Page } from '@playwright/test';
import {
  ApprovalMessages,
  ARCHIVE_FILE_NAME,
  BillEditTexts,
  FileTexts,
  type ApiEnvelope,
  type BillDetail,
  type FileCard,
  type Paged,
  type TemplateSummary,
} from '@osp/shared';
import { apiSignIn, bearer, signInViaApi } from '../support/api';
import { createPerson, nameTag } from '../support/people';
import { saveScreenshot } from '../support/screenshots';
import { button, chooseFilesThrough, message, type ChosenFile } from '../support/ui';

/*
 * Bill attachments (docs/files.md): the 附件 field of the demo 外出申请 uploads at once (POST /api/files);
 * the draft keeps the ids, and the names come back after a reload; the read-only form lists them as
 * downloads (fetched with the bearer header) with 全部下载 for a zip named 附件.zip.
 */

const CERTIFICATE = { name: '病假证明（市第一医院）.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% 病假证明\n') };
const RECEIPT = { name: '挂号单.txt', mimeType: 'text/plain', buffer: Buffer.from('挂号费 20 元') };

async function getData<T>(request: APIRequestContext, token: string, url: string): Promise<T> {
  const body = (await (await request.get(url, { headers: bearer(token) })).json()) as ApiEnvelope<T>;
  expect(body.status_code, `GET ${url}: ${body.message}`).toBe(0);
  return body.data;
}

async function templateIdOf(request: APIRequestContext, token: string, name: string): Promise<number> {
  const templates = await getData<Paged<TemplateSummary>>(request, token, '/api/templates?per_page=100');
  const template = templates.list.find((t) => t.name === name);
  expect(template, `demo template ${name}`).toBeDefined();
  return template?.id ?? 0;
}

async function pickFiles(page: Page, files: ChosenFile[]): Promise<void> {
  await chooseFilesThrough(button(page, FileTexts.upload), files);
}

function fileLink(page: Page, name: string) {
  return page.locator('.bill-attachment').getByRole('button', { name, exact: true });
}

async function contentOf(download: Download): Promise<Buffer> {
  const file = await download.path();
  return fs.readFile(file);
}

test('[BILLS] a colleague attaches files to a 外出申请, saves the draft, and finds them after a reload', async ({ page, request }) => {
  const person = await createPerson(request, `请假人${nameTag()}`);
  const { token } = await signInViaApi(page, person.username, { password: person.password });
  const templateId = await templateIdOf(page.request, token, '外出申请');
  await page.goto(`/office/approval/edit?templateID=${templateId}`);
  await expect(page.getByRole('heading', { name: BillEditTexts.newTitle('外出申请') })).toBeVisible();

  // Two files at once, plus an empty one that is refused in the browser with its name.
  await pickFiles(page, [CERTIFICATE, RECEIPT, { name: '空白.txt', mimeType: 'text/plain', buffer: Buffer.alloc(0) }]);
  await expect(fileLink(page, CERTIFICATE.name)).toBeVisible();
  await expect(fileLink(page, RECEIPT.name)).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: FileTexts.empty('空白.txt') })).toBeVisible();
  // Above the sticky 保存草稿/提交 bar.
  await page.locator('.bill-attachment').evaluate((field) => field.scrollIntoView({ block: 'center' }));
  await saveScreenshot(page, 'bills-attachments-edit-1440');
  await page.getByRole('button', { name: `${FileTexts.remove} 空白.txt` }).click();
  await expect(page.getByText(FileTexts.empty('空白.txt'))).toHaveCount(0);

  // 保存草稿: the draft holds both ids, in the order they were picked.
  await button(page, BillEditTexts.saveDraft).click();
  await expect(message(page, ApprovalMessages.saved)).toBeVisible();
  await expect(page).toHaveURL((url) => url.searchParams.has('billID'));
  const billId = Number(new URL(page.url()).searchParams.get('billID'));
  const draft = await getData<BillDetail>(page.request, token, `/api/bills/${billId}`);
  const ids = draft.form.files as string[];
  expect(ids).toHaveLength(2);
  const cards = await Promise.all(ids.map((id) => getData<FileCard>(page.request, token, `/api/files/${id}`)));
  expect(cards.map((c) => c.name).sort()).toEqual([CERTIFICATE.name, RECEIPT.name].sort());

  // After a reload the edit page lists them by name again, and a name downloads the file.
  await page.reload();
  await expect(page.getByRole('heading', { name: BillEditTexts.editTitle('外出申请') })).toBeVisible();
  await expect(fileLink(page, CERTIFICATE.name)).toBeVisible();
  await expect(fileLink(page, RECEIPT.name)).toBeVisible();
  const downloading = page.waitForEvent('download');
  await fileLink(page, CERTIFICATE.name).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(CERTIFICATE.name);
  expect((await contentOf(download)).equals(CERTIFICATE.buffer)).toBe(true);

  // 删除 takes a file off the form; saved, the draft holds the other one only.
  await page.getByRole('button', { name: `${FileTexts.remove} ${RECEIPT.name}` }).click();
  await expect(fileLink(page, RECEIPT.name)).toHaveCount(0);
  await button(page, BillEditTexts.saveDraft).click();
  await expect(message(page, ApprovalMessages.saved)).toBeVisible();
  const saved = await getData<BillDetail>(page.request, token, `/api/bills/${billId}`);
  expect(saved.form.files).toEqual([cards.find((c) => c.name === CERTIFICATE.name)?.id]);
});

test('[BILLS] the read-only form lists the attachments as downloads, with 全部下载 as 附件.zip', async ({ page, request }) => {
  const person = await createPerson(request, `请假人${nameTag()}`);
  const { token } = await signInViaApi(page, person.username, { password: person.password });
  const templateId = await templateIdOf(page.request, token, '外出申请');
  // The files and the draft are made through the API; the page is what is under test.
  const ids: string[] = [];
  for (const file of [CERTIFICATE, RECEIPT]) {
    const response = await page.request.post('/api/files', { headers: bearer(token), multipart: { file } });
    const body = (await response.json()) as { status_code: number; data: FileCard };
    expect(body.status_code).toBe(0);
    ids.push(body.data.id);
  }
  const created = await page.request.post('/api/bills', {
    headers: bearer(token),
    data: { template_id: templateId, title: '附件下载测试', form: { reason: '看病', files: ids } },
  });
  const bill = ((await created.json()) as { data: BillDetail }).data;

  await page.goto(`/office/approval/detail?from=draft&billID=${bill.id}`);
  const view = page.locator('.bill-form-view');
  await expect(view.getByRole('button', { name: CERTIFICATE.name, exact: true })).toBeVisible();
  await expect(view.getByRole('button', { name: RECEIPT.name, exact: true })).toBeVisible();
  await saveScreenshot(page, 'bills-attachments-detail-1440');

  const downloading = page.waitForEvent('download');
  await button(view, FileTexts.downloadAll).click();
  const archive = await downloading;
  expect(archive.suggestedFilename()).toBe(ARCHIVE_FILE_NAME);
  // A zip: the local file header's signature, then the first entry under its UTF-8 name.
  const zip = await contentOf(archive);
  expect(zip.subarray(0, 4).toString('hex')).toBe('504b0304');
  expect(zip.includes(Buffer.from(CERTIFICATE.name))).toBe(true);
  expect(zip.includes(Buffer.from(RECEIPT.name))).toBe(true);

  // A stranger is refused the file with the server's message (SPEC §8: a JSON answer to a download).
  const stranger = await apiSignIn(page.request, 'wangwu');
  const refused = await page.request.get(`/api/files/download/${ids[0]}`, { headers: bearer(stranger) });
  expect(refused.status()).toBe(403);
});
