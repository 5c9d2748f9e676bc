import { inflateSync, crc32 } from 'node:zlib';
import {
  FILE_OBJECT_MAX,
  FileMessages,
  StatusCode,
  WATERMARK_MAX_BYTES,
  WATERMARK_MAX_PDF_PAGES,
  type BillDetail,
  type FileCard,
  type FormSchema,
} from '@osp/shared';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, StandardFonts, degrees, type PDFPage } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, userId, type TestServer } from '../../../test/harness';
import { AppError } from '../../http/errors';
import { linearGraph, makeTemplate, Tokens } from '../bills/test-support';
import { WATERMARK_LIMITS, WatermarkQueue, watermark, watermarkTextOf } from './files.watermark';

/*
 * GET /api/files/download/{id}?watermark=1 (docs/files.md, "Watermarks"): the viewer's name and the time over
 * images and every page of a PDF; everything else, and every download without the flag, as stored.
 */

let server: TestServer;
let tokens: Tokens;

beforeAll(async () => {
  server = await startTestServer((config) => {
    // Room for a file just over the watermark limit.
    config.files.maxBytes = WATERMARK_MAX_BYTES + 1024 * 1024;
  });
  tokens = new Tokens(server);
});
afterAll(async () => server.close());

async function uploaded(username: string, content: Buffer | string, filename: string): Promise<FileCard> {
  const data = new FormData();
  data.append('file', new Blob([content]), filename);
  const result = await server.call<FileCard>('POST', '/api/files', { token: await tokens.get(username), raw: data });
  expect(result.body.status_code, result.body.message).toBe(0);
  return result.body.data;
}

async function download(username: string, id: string, query = '') {
  return fetch(`${server.baseUrl}/api/files/download/${id}${query}`, {
    headers: { authorization: `Bearer ${await tokens.get(username)}` },
  });
}

async function bytesOf(response: Response): Promise<Buffer> {
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

/** A picture with detail everywhere: colour bands, a circle and noise-free edges, so any change shows. */
function scene(width: number, height: number) {
  return sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
        `<rect width="${width}" height="${height}" fill="#f4efe4"/>` +
        `<rect width="${width / 2}" height="${height / 3}" fill="#1d39c4"/>` +
        `<rect y="${(height * 2) / 3}" width="${width}" height="${height / 3}" fill="#262626"/>` +
        `<circle cx="${width * 0.7}" cy="${height / 2}" r="${height / 5}" fill="#d4380d"/>` +
        `</svg>`,
    ),
  );
}

/** Decoded RGBA pixels and the size of the first frame, or of all frames stacked for an animation. */
async function pixelsOf(content: Buffer, animated = false) {
  const { data, info } = await sharp(content, { animated }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The share of pixels whose colour moved by more than a rounding step. */
function changedShare(a: Buffer, b: Buffer): number {
  expect(a.length).toBe(b.length);
  let changed = 0;
  for (let i = 0; i < a.length; i += 4) {
    const delta = Math.abs(a[i]! - b[i]!) + Math.abs(a[i + 1]! - b[i + 1]!) + Math.abs(a[i + 2]! - b[i + 2]!);
    if (delta > 24) changed++;
  }
  return changed / (a.length / 4);
}

/** The PNG with its header saying width × height: the decompression bomb's trick of a small file declaring a huge picture. */
function withDeclaredSize(png: Buffer, width: number, height: number): Buffer {
  const patched = Buffer.from(png);
  // Signature (8), IHDR length (4) and type (4), then width and height; the chunk's CRC follows its 13 data bytes.
  patched.writeUInt32BE(width, 16);
  patched.writeUInt32BE(height, 20);
  patched.writeUInt32BE(crc32(patched.subarray(12, 29)), 29);
  return patched;
}

async function samplePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const sizes: [number, number][] = [
    [595.28, 841.89],
    [792, 612],
    [420, 595],
  ];
  sizes.forEach(([width, height], i) => {
    const page = doc.addPage([width, height]);
    page.drawText(`Contract page ${i + 1}`, { x: 50, y: height - 80, size: 18, font });
  });
  doc.getPage(2).setRotation(degrees(90));
  return Buffer.from(await doc.save());
}

/** Every content stream of a page, inflated and joined: what the page draws. */
function pageOperators(doc: PDFDocument, page: PDFPage): string {
  const contents = page.node.Contents();
  const refs = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
  return refs
    .map((ref) => {
      const stream = ref instanceof PDFRef ? doc.context.lookup(ref) : ref;
      if (!(stream instanceof PDFRawStream)) return '';
      const isFlate = stream.dict.get(PDFName.of('Filter')) === PDFName.of('FlateDecode');
      return (isFlate ? inflateSync(stream.contents) : Buffer.from(stream.contents)).toString('latin1');
    })
    .join('\n');
}

/** The names a page's resources give to image XObjects. */
function imageNamesOf(doc: PDFDocument, page: PDFPage): string[] {
  const xObjects = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
  if (!xObjects) return [];
  return xObjects
    .entries()
    .filter(([, ref]) => {
      const stream = doc.context.lookup(ref);
      return stream instanceof PDFRawStream && stream.dict.get(PDFName.of('Subtype')) === PDFName.of('Image');
    })
    .map(([name]) => name.asString());
}

/** The real text a page's operators show (`<hex> Tj`, how pdf-lib writes a standard font). */
function shownTexts(operators: string): string[] {
  return [...operators.matchAll(/<([0-9A-Fa-f]+)> Tj/g)].map((m) => Buffer.from(m[1]!, 'hex').toString('latin1'));
}

/** Asserts every page of `marked` draws an image XObject and writes `<username> <time within a minute of now>`. */
async function expectMarkedPdf(marked: Buffer, original: Buffer, username: string) {
  const before = await PDFDocument.load(original);
  const after = await PDFDocument.load(marked);
  expect(after.getPageCount()).toBe(before.getPageCount());
  after.getPages().forEach((page, i) => {
    const source = before.getPage(i);
    expect(page.getSize()).toEqual(source.getSize());
    expect(page.getRotation()).toEqual(source.getRotation());
    const operators = pageOperators(after, page);
    const images = imageNamesOf(after, page);
    expect(images.length, `page ${i + 1} has an image XObject`).toBeGreaterThan(0);
    const drawn = [...operators.matchAll(/\/(\S+) Do/g)].map((m) => m[1]);
    expect(
      drawn.some((name) => images.includes(`/${name}`)),
      `page ${i + 1} draws the tile`,
    ).toBe(true);
    // The page's own text is still there, and the viewer's line has joined it.
    const texts = shownTexts(operators);
    expect(texts).toContain(`Contract page ${i + 1}`);
    const footer = texts.find((t) => t.startsWith(`${username} `));
    expect(footer, `page ${i + 1} names ${username}`).toMatch(/^\S+ \d{4}-\d\d-\d\d \d\d:\d\d$/);
    const stamped = new Date(`${footer!.slice(username.length + 1).replace(' ', 'T')}:00+08:00`).getTime();
    expect(Math.abs(stamped - Date.now())).toBeLessThan(2 * 60_000);
  });
}

const ATTACHMENT_FORM: FormSchema = {
  fields: [
    { key: 'reason', type: 'text', label: '事由', required: true },
    { key: 'files', type: 'attachment', label: '附件', required: false },
  ],
};

/** A released bill of 张三 holding `fileIds`, whose one approval step is 李四's. */
async function releasedBillWith(fileIds: string[]): Promise<BillDetail> {
  const templateId = await makeTemplate(
    server,
    await tokens.get('admin'),
    linearGraph([[{ type: 'orsign', userIds: [await userId(server.db, 'lisi')] }]]),
    ATTACHMENT_FORM,
  );
  const token = await tokens.get('zhangsan');
  const draft = await server.call<BillDetail>('POST', '/api/bills', {
    token,
    body: { template_id: templateId, form: { reason: '合同审批', files: fileIds } },
  });
  expect(draft.body.status_code, draft.body.message).toBe(0);
  const released = await server.call<BillDetail>('POST', `/api/bills/${draft.body.data.id}/release`, { token, body: {} });
  expect(released.body.status_code, released.body.message).toBe(0);
  return released.body.data;
}

describe('the watermark text', () => {
  it('names the viewer by name and username, at the minute in Asia/Shanghai', () => {
    const at = new Date(Date.UTC(2026, 10, 25, 2, 30, 59));
    expect(watermarkTextOf({ name: '张三', username: 'zhangsan' }, at)).toEqual({
      lines: ['张三 zhangsan', '2026-11-25 10:30'],
      footer: 'zhangsan 2026-11-25 10:30',
    });
    // Late evening UTC is the next morning in Shanghai; a name equal to the username is said once.
    expect(watermarkTextOf({ name: 'admin', username: 'admin' }, new Date(Date.UTC(2026, 11, 31, 16, 5))).lines).toEqual([
      'admin',
      '2027-01-01 00:05',
    ]);
  });
});

describe('the watermark drawing', () => {
  it('draws Chinese with a CJK font, not as boxes', async () => {
    // Without a CJK font each character becomes the same box (its code in hex), so a one-stroke character
    // would take as much ink as a dense one; with the font, 一 takes a fraction of 龘's ink.
    const blank = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const inkOf = async (line: string) => {
      const copy = await watermark(blank, 'image/png', { lines: [line, ''], footer: '' });
      if (!copy) throw new Error('a PNG is always marked');
      return (await sharp(copy).raw().toBuffer()).filter((value) => value < 230).length;
    };
    const [thin, dense] = await Promise.all([inkOf('一一一'), inkOf('龘龘龘')]);
    expect(thin).toBeGreaterThan(0);
    expect(thin / dense).toBeLessThan(0.5);
  });
});

describe('GET /api/files/download/{id}?watermark=1 on images', () => {
  it('marks a PNG for its viewer: same size and format, visibly different pixels; never cached; the plain download unchanged', async () => {
    const original = await scene(640, 480).png().toBuffer();
    const card = await uploaded('zhangsan', original, '现场照片.png');

    const plain = await download('zhangsan', card.id);
    expect(plain.headers.get('x-watermark')).toBeNull();
    expect((await bytesOf(plain)).equals(original)).toBe(true);

    const response = await download('zhangsan', card.id, '?object=any&watermark=1');
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('x-watermark')).toBe('1');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment;/);
    const marked = await bytesOf(response);
    expect(Number(response.headers.get('content-length'))).toBe(marked.length);
    expect(marked.equals(original)).toBe(false);

    const [a, b] = await Promise.all([pixelsOf(original), pixelsOf(marked)]);
    expect({ width: b.width, height: b.height }).toEqual({ width: 640, height: 480 });
    const share = changedShare(a.data, b.data);
    // Tiled over the whole picture, yet faint: it marks, it does not hide.
    expect(share).toBeGreaterThan(0.01);
    expect(share).toBeLessThan(0.5);
    // Every quarter of the picture carries some of it.
    const quarters = [0, 1, 2, 3].map((q) => {
      const rows = (row: number) => (q < 2 ? row < 240 : row >= 240);
      const cols = (col: number) => (q % 2 === 0 ? col < 320 : col >= 320);
      let changed = 0;
      for (let i = 0; i < a.data.length; i += 4) {
        const pixel = i / 4;
        if (!rows(Math.floor(pixel / 640)) || !cols(pixel % 640)) continue;
        if (Math.abs(a.data[i]! - b.data[i]!) + Math.abs(a.data[i + 1]! - b.data[i + 1]!) > 24) changed++;
      }
      return changed;
    });
    expect(quarters.every((n) => n > 100)).toBe(true);

    // `true` is the flag's other spelling.
    expect((await download('zhangsan', card.id, '?watermark=true')).headers.get('x-watermark')).toBe('1');
  });

  it('keeps JPEG, WebP and GIF in their format and size; marks every frame of an animation', async () => {
    for (const [format, mime] of [
      ['jpeg', 'image/jpeg'],
      ['webp', 'image/webp'],
    ] as const) {
      const original = await scene(500, 300).toFormat(format).toBuffer();
      const card = await uploaded('zhangsan', original, `照片.${format}`);
      const response = await download('zhangsan', card.id, '?watermark=1');
      expect(response.headers.get('content-type')).toBe(mime);
      const marked = await bytesOf(response);
      expect((await sharp(marked).metadata()).format).toBe(format);
      const [a, b] = await Promise.all([pixelsOf(original), pixelsOf(marked)]);
      expect([b.width, b.height]).toEqual([500, 300]);
      expect(changedShare(a.data, b.data)).toBeGreaterThan(0.01);
    }

    const frames = await Promise.all(
      ['#cf1322', '#389e0d', '#0958d9'].map((colour) =>
        sharp({ create: { width: 240, height: 160, channels: 3, background: colour } })
          .png()
          .toBuffer(),
      ),
    );
    const gif = await sharp(frames, { join: { animated: true } })
      .gif({ delay: [200, 200, 200], loop: 0 })
      .toBuffer();
    const card = await uploaded('zhangsan', gif, '动图.gif');
    const response = await download('zhangsan', card.id, '?watermark=1');
    expect(response.headers.get('content-type')).toBe('image/gif');
    const marked = await bytesOf(response);
    const meta = await sharp(marked, { animated: true }).metadata();
    expect({ format: meta.format, width: meta.width, pageHeight: meta.pageHeight, pages: meta.pages, delay: meta.delay }).toEqual({
      format: 'gif',
      width: 240,
      pageHeight: 160,
      pages: 3,
      delay: [200, 200, 200],
    });
    const [a, b] = await Promise.all([pixelsOf(gif, true), pixelsOf(marked, true)]);
    const frameBytes = 240 * 160 * 4;
    for (let frame = 0; frame < 3; frame++) {
      const slice = (data: Buffer) => data.subarray(frame * frameBytes, (frame + 1) * frameBytes);
      expect(changedShare(slice(a.data), slice(b.data)), `frame ${frame + 1}`).toBeGreaterThan(0.01);
    }
  });

  it('turns a photo upright by its EXIF orientation, since the marked copy drops the EXIF', async () => {
    const original = await scene(300, 200).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const card = await uploaded('zhangsan', original, '竖拍.jpg');
    const marked = await bytesOf(await download('zhangsan', card.id, '?watermark=1'));
    const meta = await sharp(marked).metadata();
    expect([meta.width, meta.height, meta.orientation ?? 1]).toEqual([200, 300, 1]);
  });

  it('answers a broken or oversized image with a clear 422, never a 500, and still serves it unmarked', async () => {
    const png = await scene(64, 48).png().toBuffer();
    const jpeg = await scene(640, 480).jpeg().toBuffer();
    const cases: [Buffer, string, string][] = [
      // The header is sound, the pixel data cut off half way.
      [png.subarray(0, Math.floor(png.length / 2)), '截断.png', FileMessages.watermarkImageBroken],
      [jpeg.subarray(0, Math.floor(jpeg.length / 2)), '截断.jpg', FileMessages.watermarkImageBroken],
      // A few kilobytes declaring 20000 × 20000 pixels: refused from the header, before anything is decoded.
      [withDeclaredSize(png, 20_000, 20_000), '炸弹.png', FileMessages.watermarkTooManyPixels],
    ];
    for (const [content, name, message] of cases) {
      const card = await uploaded('zhangsan', content, name);
      expect(card.mime).toBe(name.endsWith('.png') ? 'image/png' : 'image/jpeg');
      const response = await download('zhangsan', card.id, '?watermark=1');
      expect(response.status, name).toBe(200);
      expect(await response.json(), name).toMatchObject({ status_code: StatusCode.invalid, message });
      expect((await bytesOf(await download('zhangsan', card.id))).equals(content), name).toBe(true);
    }
  });

  it('escapes the viewer’s name into the drawing: markup in a name is text, not SVG', async () => {
    const original = await scene(200, 200).png().toBuffer();
    const text = { lines: ['<b>"赵&钱"</b> x\'y', '2026-11-25 10:30'] as [string, string], footer: 'x 2026-11-25 10:30' };
    const marked = await watermark(original, 'image/png', text);
    expect(marked && changedShare((await pixelsOf(original)).data, (await pixelsOf(marked)).data)).toBeGreaterThan(0.01);
  });
});

describe('GET /api/files/download/{id}?watermark=1 on PDFs', () => {
  it('marks every page with the tile and the viewer’s line of real text, keeping pages, sizes and rotation', async () => {
    const original = await samplePdf();
    const card = await uploaded('zhangsan', original, '合同.pdf');
    expect(card.mime).toBe('application/pdf');
    const response = await download('zhangsan', card.id, '?watermark=1');
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('x-watermark')).toBe('1');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const marked = await bytesOf(response);
    expect(marked.equals(original)).toBe(false);
    await expectMarkedPdf(marked, original, 'zhangsan');
    // The plain download is the stored file.
    expect((await bytesOf(await download('zhangsan', card.id))).equals(original)).toBe(true);
  });

  it('names whoever views it: a bill’s handler gets his own name; a stranger is refused 403 as before', async () => {
    const original = await samplePdf();
    const card = await uploaded('zhangsan', original, '采购合同.pdf');
    await releasedBillWith([card.id]);
    await expectMarkedPdf(await bytesOf(await download('lisi', card.id, '?watermark=1')), original, 'lisi');

    const refused = await download('wangwu', card.id, '?watermark=1');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ status_code: 403, message: FileMessages.forbidden });
    expect((await fetch(`${server.baseUrl}/api/files/download/${card.id}?watermark=1`)).status).toBe(401);
  });

  it('answers a broken or encrypted PDF with a clear 422', async () => {
    const encrypted = await PDFDocument.create();
    encrypted.addPage();
    // What an encrypted file carries in its trailer; pdf-lib cannot decrypt, and would write a damaged copy.
    encrypted.context.trailerInfo.Encrypt = encrypted.context.obj({ Filter: 'Standard', V: 2, R: 3 });
    const cases: [Buffer, string][] = [
      [Buffer.from('%PDF-1.4\n% 只有文件头\n'), FileMessages.watermarkPdfBroken],
      [(await samplePdf()).subarray(0, 400), FileMessages.watermarkPdfBroken],
      [Buffer.from(await encrypted.save()), FileMessages.watermarkPdfEncrypted],
    ];
    for (const [content, message] of cases) {
      const card = await uploaded('zhangsan', content, '坏的.pdf');
      expect(card.mime).toBe('application/pdf');
      const response = await download('zhangsan', card.id, '?watermark=1');
      expect(await response.json()).toMatchObject({ status_code: StatusCode.invalid, message });
    }
  });

  it('refuses a PDF past its page limit or its time with a 422', async () => {
    const text = watermarkTextOf({ name: '张三', username: 'zhangsan' }, new Date());
    const pdf = await samplePdf();
    // A deadline already passed: the first page's check stops it.
    const slow = watermark(pdf, 'application/pdf', text, { limits: { ...WATERMARK_LIMITS, timeoutMs: -1 } });
    await expect(slow).rejects.toBeInstanceOf(AppError);
    await expect(slow).rejects.toMatchObject({ code: StatusCode.invalid, message: FileMessages.watermarkTooComplex });
    const long = watermark(pdf, 'application/pdf', text, { limits: { ...WATERMARK_LIMITS, maxPdfPages: 2 } });
    await expect(long).rejects.toMatchObject({ code: StatusCode.invalid, message: FileMessages.watermarkTooManyPages });
    expect(WATERMARK_LIMITS.maxPdfPages).toBe(WATERMARK_MAX_PDF_PAGES);
  });

  it('keeps the page limit on the server: a PDF of more pages is refused over HTTP and still served unmarked', async () => {
    const doc = await PDFDocument.create();
    for (let i = 0; i <= WATERMARK_MAX_PDF_PAGES; i++) doc.addPage([200, 200]);
    const long = Buffer.from(await doc.save());
    const card = await uploaded('zhangsan', long, '长文档.pdf');
    const response = await download('zhangsan', card.id, '?watermark=1');
    expect(await response.json()).toMatchObject({ status_code: StatusCode.invalid, message: FileMessages.watermarkTooManyPages });
    expect((await bytesOf(await download('zhangsan', card.id))).equals(long)).toBe(true);
  });
});

describe('GET /api/files/download/{id}: other types, sizes and the query', () => {
  it('serves a type it does not mark unchanged, and refuses a flag that is not 0 or 1', async () => {
    const card = await uploaded('zhangsan', '会议纪要全文', '纪要.txt');
    const response = await download('zhangsan', card.id, '?watermark=1');
    expect(response.headers.get('x-watermark')).toBeNull();
    expect(await response.text()).toBe('会议纪要全文');
    expect(await (await download('zhangsan', card.id, '?watermark=0')).text()).toBe('会议纪要全文');

    for (const query of ['?watermark=yes', '?watermark=2', '?watermark=1&watermark=1']) {
      const refused = await download('zhangsan', card.id, query);
      expect(refused.status, query).toBe(200);
      expect(await refused.json(), query).toMatchObject({
        status_code: StatusCode.invalid,
        message: FileMessages.watermarkFlag,
        data: { errors: { watermark: [FileMessages.watermarkFlag] } },
      });
    }
  });

  it('accepts SPEC’s `object` as one short string and refuses anything else with a 422', async () => {
    const card = await uploaded('zhangsan', '周报', '周报.txt');
    expect(await (await download('zhangsan', card.id, '?object=attachments%2F2026%2F周报.txt&watermark=0')).text()).toBe('周报');
    for (const query of [`?object=${'a'.repeat(FILE_OBJECT_MAX + 1)}`, '?object=a&object=b&watermark=1']) {
      const refused = await download('zhangsan', card.id, query);
      expect(await refused.json(), query).toMatchObject({
        status_code: StatusCode.invalid,
        message: FileMessages.objectInvalid,
        data: { errors: { object: [FileMessages.objectInvalid] } },
      });
    }
    // A stranger learns nothing from a well-formed query: 403 as without one.
    expect((await download('wangwu', card.id, '?object=x&watermark=1')).status).toBe(403);
  });

  it('refuses to mark a file over the watermark size limit and still serves it unmarked', async () => {
    // A PNG signature is enough for the sniffed type; the size is checked before a byte is read.
    const big = Buffer.concat([(await scene(16, 16).png().toBuffer()).subarray(0, 16), Buffer.alloc(WATERMARK_MAX_BYTES + 1 - 16)]);
    const card = await uploaded('zhangsan', big, '超大.png');
    expect(card.mime).toBe('image/png');
    const response = await download('zhangsan', card.id, '?watermark=1');
    expect(await response.json()).toMatchObject({ status_code: StatusCode.invalid, message: FileMessages.watermarkTooLarge });
    const plain = await bytesOf(await download('zhangsan', card.id));
    expect(plain.length).toBe(big.length);
  });
});

describe('the watermark queue', () => {
  it('runs at most its size of jobs at once, the rest in turn', async () => {
    const queue = new WatermarkQueue(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const job = (n: number) =>
      queue.run(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running--;
        order.push(n);
        if (n === 3) throw new Error('a failing job frees its turn too');
        return n;
      });
    const results = await Promise.allSettled([1, 2, 3, 4, 5].map(job));
    expect(most).toBe(2);
    expect(order.sort()).toEqual([1, 2, 3, 4, 5]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
  });
});
