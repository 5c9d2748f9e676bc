import fs from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { FileTexts, type BillDetail, type FileCard } from '@osp/shared';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { apiSignIn, bearer, signInViaApi } from '../support/api';
import { createPerson, nameTag } from '../support/people';
import { saveScreenshot } from '../support/screenshots';
import { sendData, templateIdOf } from './bill-helpers';

/*
 * Watermarked attachments (docs/files.md, "Watermarks"): on a bill's read-only form an image has 查看,
 * which shows the copy marked with the viewer's name and the time (GET /api/files/download/{id}?watermark=1),
 * and a PDF has 水印下载, which saves the marked copy. The stored files stay as they were.
 */

/** A photo-like picture with flat areas and edges, large enough for several watermark tiles. */
function photo(): Promise<Buffer> {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">' +
    '<rect width="800" height="600" fill="#f4efe4"/>' +
    '<rect width="400" height="200" fill="#1d39c4"/>' +
    '<rect y="400" width="800" height="200" fill="#262626"/>' +
    '<circle cx="560" cy="300" r="120" fill="#d4380d"/>' +
    '</svg>';
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function contract(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const n of [1, 2]) doc.addPage([595, 842]).drawText(`Purchase contract, page ${n}`, { x: 60, y: 760, size: 18, font });
  return Buffer.from(await doc.save());
}

async function upload(
  request: APIRequestContext,
  token: string,
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<FileCard> {
  const response = await request.post('/api/files', { headers: bearer(token), multipart: { file } });
  const body = (await response.json()) as { status_code: number; message: string; data: FileCard };
  expect(body.status_code, body.message).toBe(0);
  return body.data;
}

/** The share of pixels whose colour moved by more than a rounding step; both pictures of one size. */
async function changedShare(a: Buffer, b: Buffer): Promise<number> {
  const [x, y] = await Promise.all([a, b].map((image) => sharp(image).removeAlpha().raw().toBuffer()));
  expect(x!.length).toBe(y!.length);
  let changed = 0;
  for (let i = 0; i < x!.length; i += 3) {
    if (Math.abs(x![i]! - y![i]!) + Math.abs(x![i + 1]! - y![i + 1]!) + Math.abs(x![i + 2]! - y![i + 2]!) > 24) changed++;
  }
  return changed / (x!.length / 3);
}

test('[BILLS] a colleague views an image attachment with their name watermarked, and saves a marked PDF', async ({ page, request }) => {
  const person = await createPerson(request, `水印查看人${nameTag()}`);
  const { token } = await signInViaApi(page, person.username, { password: person.password });
  const PHOTO = { name: '现场照片.png', mimeType: 'image/png', buffer: await photo() };
  const CONTRACT = { name: '采购合同.pdf', mimeType: 'application/pdf', buffer: await contract() };
  const image = await upload(page.request, token, PHOTO);
  const pdf = await upload(page.request, token, CONTRACT);
  const templateId = await templateIdOf(page.request, token, '外出申请');
  const bill = await sendData<BillDetail>(page.request, token, 'POST', '/api/bills', {
    template_id: templateId,
    title: `水印附件${nameTag()}`,
    form: { reason: '现场勘查', files: [image.id, pdf.id] },
  });

  await page.goto(`/office/approval/detail?from=draft&billID=${bill.id}`);
  const view = page.locator('.bill-form-view');
  await expect(view.getByRole('button', { name: PHOTO.name, exact: true })).toBeVisible();
  // Only types the server marks get the button: the image 查看, the PDF 水印下载.
  await expect(view.getByRole('button', { name: FileTexts.viewOf(PHOTO.name) })).toBeVisible();
  await expect(view.getByRole('button', { name: FileTexts.viewOf(CONTRACT.name) })).toHaveCount(0);
  await expect(view.getByRole('button', { name: FileTexts.downloadMarkedOf(CONTRACT.name) })).toBeVisible();
  await saveScreenshot(page, 'bills-watermark-detail-1440');

  // 查看: a dialog shows the marked copy.
  await view.getByRole('button', { name: FileTexts.viewOf(PHOTO.name) }).click();
  const dialog = page.getByRole('dialog', { name: FileTexts.viewTitle(PHOTO.name) });
  const picture = dialog.getByRole('img', { name: FileTexts.viewTitle(PHOTO.name) });
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(800);
  // What the dialog shows, read back through a canvas (the CSP lets the page fetch nothing from a blob: URL):
  // the picture at its own size, marked faintly but everywhere.
  const shown = Buffer.from(
    await picture.evaluate((img: HTMLImageElement) => {
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      canvas.getContext('2d')?.drawImage(img, 0, 0);
      return canvas.toDataURL('image/png').split(',')[1] ?? '';
    }),
    'base64',
  );
  const shownMeta = await sharp(shown).metadata();
  expect([shownMeta.width, shownMeta.height]).toEqual([800, 600]);
  const shownShare = await changedShare(PHOTO.buffer, shown);
  expect(shownShare).toBeGreaterThan(0.01);
  expect(shownShare).toBeLessThan(0.5);
  await saveScreenshot(page, 'bills-watermark-view-1440');

  // The same call through the page's request context: a valid PNG of the same size whose bytes differ.
  const response = await page.request.get(`/api/files/download/${image.id}?watermark=1`, { headers: bearer(token) });
  expect(response.headers()['x-watermark']).toBe('1');
  const marked = Buffer.from(await response.body());
  expect(marked.equals(PHOTO.buffer)).toBe(false);
  const meta = await sharp(marked).metadata();
  expect([meta.format, meta.width, meta.height]).toEqual(['png', 800, 600]);
  expect(await changedShare(PHOTO.buffer, marked)).toBeGreaterThan(0.01);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // 水印下载: the PDF saved under its own name, every page kept, the bytes marked.
  const downloading = page.waitForEvent('download');
  await view.getByRole('button', { name: FileTexts.downloadMarkedOf(CONTRACT.name) }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(CONTRACT.name);
  const markedPdf = await fs.readFile(await download.path());
  expect(markedPdf.equals(CONTRACT.buffer)).toBe(false);
  expect((await PDFDocument.load(markedPdf)).getPageCount()).toBe(2);

  // The stored files are unchanged: the plain download is the upload, byte for byte.
  const plain = await page.request.get(`/api/files/download/${image.id}`, { headers: bearer(token) });
  expect(Buffer.from(await plain.body()).equals(PHOTO.buffer)).toBe(true);

  // Someone who may not read the bill is refused the marked copy as the plain one.
  const stranger = await apiSignIn(page.request, 'wangwu');
  const refused = await page.request.get(`/api/files/download/${image.id}?watermark=1`, { headers: bearer(stranger) });
  expect(refused.status()).toBe(403);
});
