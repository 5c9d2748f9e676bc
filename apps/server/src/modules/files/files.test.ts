import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  ARCHIVE_FILE_NAME,
  ATTACHMENT_ID_PATTERN,
  FileMessages,
  FormValueMessages,
  validateBillForm,
  type BillDetail,
  type FileCard,
  type FileLimits,
  type FormSchema,
  type ValidatedForm,
} from '@osp/shared';
import JSZip from 'jszip';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filenameOf } from '../../../../web/src/api/content-disposition';
import { startTestServer, userId, type TestServer } from '../../../test/harness';
import type { Caller } from '../../context';
import { ValidationError } from '../../http/errors';
import { linearGraph, makeTemplate, Tokens } from '../bills/test-support';
import { attachmentCards, attachmentIdsOf, checkAttachments, linkAttachments } from './attachments.service';
import { cleanFileName } from './files.service';

const MAX_BYTES = 64 * 1024;

let server: TestServer;
let tokens: Tokens;

beforeAll(async () => {
  server = await startTestServer((config) => {
    config.files.maxBytes = MAX_BYTES;
  });
  tokens = new Tokens(server);
});
afterAll(async () => server.close());

function form(content: Buffer | string, filename: string, field = 'file') {
  const data = new FormData();
  data.append(field, new Blob([content]), filename);
  return data;
}

async function upload(username: string, content: Buffer | string, filename: string) {
  return server.call<FileCard>('POST', '/api/files', { token: await tokens.get(username), raw: form(content, filename) });
}

async function uploaded(username: string, content: Buffer | string, filename: string): Promise<FileCard> {
  const result = await upload(username, content, filename);
  expect(result.body.status_code, result.body.message).toBe(0);
  return result.body.data;
}

async function download(username: string, id: string) {
  return fetch(`${server.baseUrl}/api/files/download/${id}`, { headers: { authorization: `Bearer ${await tokens.get(username)}` } });
}

/** Every stored file under uploadsDir/files, as paths relative to it. */
async function storedFiles(): Promise<string[]> {
  const root = path.join(server.config.uploadsDir, 'files');
  try {
    return (await fs.readdir(root, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile())
      .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
      .sort();
  } catch {
    return [];
  }
}

async function fileRows(): Promise<number> {
  const row = await server.db
    .selectFrom('files')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function callerOf(username: string): Promise<Caller> {
  const id = await userId(server.db, username);
  return { userId: id, username, sessionId: 0, roles: [], permissions: [], user: { id, username } as Caller['user'] };
}

const ATTACHMENT_FORM: FormSchema = {
  fields: [
    { key: 'reason', type: 'text', label: '事由', required: true },
    { key: 'files', type: 'attachment', label: '附件', required: false },
    { key: 'more', type: 'attachment', label: '补充材料', required: false },
  ],
};

function validated(values: Record<string, unknown>): ValidatedForm {
  const check = validateBillForm(ATTACHMENT_FORM, { reason: '出差', ...values }, 'draft');
  if (!check.ok) throw new Error(JSON.stringify(check.errors));
  return check.form;
}

/** A bill of 张三 on a template whose one approval step is 李四's, with `files` in its form. */
async function billWithFiles(fileIds: string[], release: boolean): Promise<BillDetail> {
  const admin = await tokens.get('admin');
  const templateId = await makeTemplate(
    server,
    admin,
    linearGraph([[{ type: 'orsign', userIds: [await userId(server.db, 'lisi')] }]]),
    ATTACHMENT_FORM,
  );
  const token = await tokens.get('zhangsan');
  const draft = await server.call<BillDetail>('POST', '/api/bills', {
    token,
    body: { template_id: templateId, form: { reason: '出差', files: fileIds } },
  });
  expect(draft.body.status_code, draft.body.message).toBe(0);
  if (!release) return draft.body.data;
  const released = await server.call<BillDetail>('POST', `/api/bills/${draft.body.data.id}/release`, { token, body: {} });
  expect(released.body.status_code, released.body.message).toBe(0);
  return released.body.data;
}

describe('POST /api/files', () => {
  it('stores an upload as it came, under a random id, with a Chinese name, its size, sniffed type and hash', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 200, g: 0, b: 0 } } })
      .png()
      .toBuffer();
    // Named .txt: the type comes from the bytes, not the name.
    const result = await upload('zhangsan', png, '发票扫描件.txt');
    expect(result.body).toMatchObject({ status_code: 0, message: FileMessages.uploaded });
    const card = result.body.data;
    expect(card).toEqual({
      id: expect.stringMatching(ATTACHMENT_ID_PATTERN) as string,
      name: '发票扫描件.txt',
      size: png.length,
      mime: 'image/png',
    });
    expect(card.id).toHaveLength(24);

    const row = await server.db.selectFrom('files').selectAll().where('id', '=', card.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      uploader_id: await userId(server.db, 'zhangsan'),
      sha256: createHash('sha256').update(png).digest('hex'),
      storage_path: `files/${card.id.slice(0, 2)}/${card.id}`,
    });
    const stored = await fs.readFile(path.join(server.config.uploadsDir, row.storage_path));
    expect(stored.equals(png)).toBe(true);

    const text = await uploaded('zhangsan', '<html><script>alert(1)</script></html>', '说明.html');
    expect(text).toMatchObject({ name: '说明.html', mime: 'application/octet-stream' });
  });

  it('gives every upload its own id, even of the same bytes and name', async () => {
    const first = await uploaded('zhangsan', 'same', 'a.txt');
    const second = await uploaded('zhangsan', 'same', 'a.txt');
    expect(first.id).not.toBe(second.id);
  });

  it('refuses an empty file and a file over the limit, with their messages, storing nothing', async () => {
    const filesBefore = await storedFiles();
    const rowsBefore = await fileRows();

    const empty = await upload('zhangsan', '', '空文件.txt');
    expect(empty.body).toMatchObject({ status_code: 422, message: FileMessages.empty, data: { errors: { file: [FileMessages.empty] } } });

    const big = await upload('zhangsan', Buffer.alloc(MAX_BYTES + 1, 1), '大文件.bin');
    expect(big.body).toMatchObject({ status_code: 422, message: FileMessages.tooLarge(MAX_BYTES) });
    expect(big.body.message).toBe('文件不能超过64KB');

    expect(await storedFiles()).toEqual(filesBefore);
    expect(await fileRows()).toBe(rowsBefore);
    // Exactly at the limit is fine.
    expect((await uploaded('zhangsan', Buffer.alloc(MAX_BYTES, 1), '刚好.bin')).size).toBe(MAX_BYTES);
  });

  it('needs sign-in and a multipart part named file', async () => {
    const anonymous = await server.call('POST', '/api/files', { raw: form('x', 'a.txt') });
    expect(anonymous.status).toBe(401);
    const token = await tokens.get('zhangsan');
    const wrongField = await server.call('POST', '/api/files', { token, raw: form('x', 'a.txt', 'attachment') });
    expect(wrongField.body).toMatchObject({ status_code: 422, message: FileMessages.noFile });
    const notMultipart = await server.call('POST', '/api/files', { token, body: { file: 'x' } });
    expect(notMultipart.body).toMatchObject({ status_code: 422, message: FileMessages.noFile });
  });

  it('keeps only the last part of a client path and drops control and bidi characters from names', () => {
    expect(cleanFileName('C:\\Users\\张三\\报销单.xlsx')).toBe('报销单.xlsx');
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('发票\u202Efdp.exe')).toBe('发票fdp.exe');
    expect(cleanFileName('..')).toBe('附件');
    const long = `${'长'.repeat(200)}.pdf`;
    expect(cleanFileName(long)).toBe(`${'长'.repeat(116)}.pdf`);
  });

  it('tells the limits', async () => {
    const result = await server.call<FileLimits>('GET', '/api/files/limits', { token: await tokens.get('zhangsan') });
    expect(result.body.data).toEqual({ max_bytes: MAX_BYTES, max_count: 20 });
  });
});

describe('GET /api/files/download/{id}', () => {
  it('serves the uploader the bytes as an attachment under the Chinese name, never to be sniffed', async () => {
    const card = await uploaded('zhangsan', '报销说明 v2 (final)', '报销说明（终稿）.txt');
    const response = await download('zhangsan', card.id);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const disposition = response.headers.get('content-disposition') ?? '';
    expect(disposition).toMatch(/^attachment; filename\*=UTF-8''/);
    expect(disposition).toContain('filename="file.txt"');
    // The web app's reader gets the name back (RFC 6266).
    expect(filenameOf(disposition)).toBe('报销说明（终稿）.txt');
    expect(await response.text()).toBe('报销说明 v2 (final)');
    // SPEC §7's object and watermark parameters are accepted; a text file is served unmarked (files.watermark.test.ts).
    const withParams = await fetch(`${server.baseUrl}/api/files/download/${card.id}?object=x&watermark=1`, {
      headers: { authorization: `Bearer ${await tokens.get('zhangsan')}` },
    });
    expect(await withParams.text()).toBe('报销说明 v2 (final)');
  });

  it('refuses a stranger with 403 and its message', async () => {
    const card = await uploaded('zhangsan', 'private', '私人.txt');
    const response = await download('wangwu', card.id);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ status_code: 403, message: FileMessages.forbidden });
    const meta = await server.call('GET', `/api/files/${card.id}`, { token: await tokens.get('wangwu') });
    expect(meta.status).toBe(403);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['AAAAAAAAAAAAAAAAAAAAAAAA', '..%2F..%2Fosp.sqlite', 'a.b']) {
      const response = await download('zhangsan', id);
      expect(await response.json()).toMatchObject({ status_code: 404, message: FileMessages.notFound });
    }
  });

  it('answers 401 without a token', async () => {
    const card = await uploaded('zhangsan', 'x', 'x.txt');
    expect((await fetch(`${server.baseUrl}/api/files/download/${card.id}`)).status).toBe(401);
  });

  it("lets a bill's readers download the files its form names, and no one else", async () => {
    const card = await uploaded('zhangsan', '合同扫描件', '合同.pdf');
    const draft = await billWithFiles([card.id], false);
    // A draft is its initiator's alone: the future handler may not read it yet.
    expect((await download('lisi', card.id)).status).toBe(403);

    const bill = await billWithFiles([card.id], true);
    expect(bill.id).not.toBe(draft.id);
    const byHandler = await download('lisi', card.id);
    expect(byHandler.status).toBe(200);
    expect(await byHandler.text()).toBe('合同扫描件');
    const meta = await server.call<FileCard>('GET', `/api/files/${card.id}`, { token: await tokens.get('lisi') });
    expect(meta.body.data).toEqual(card);
    // Not a handler, nor shared with: refused.
    expect((await download('wangwu', card.id)).status).toBe(403);
    // A bill administrator reads every bill, so its files too.
    expect((await download('admin', card.id)).status).toBe(200);
  });
});

describe('POST /api/files/archive/download', () => {
  it('zips the files as 附件.zip, each under its name, same names told apart', async () => {
    const a = await uploaded('zhangsan', '第一份', '发票.pdf');
    const b = await uploaded('zhangsan', '第二份', '发票.pdf');
    const c = await uploaded('zhangsan', '清单', '明细.xlsx');
    const response = await fetch(`${server.baseUrl}/api/files/archive/download`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await tokens.get('zhangsan')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ids: [a.id, b.id, c.id, a.id] }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(filenameOf(response.headers.get('content-disposition') ?? '')).toBe(ARCHIVE_FILE_NAME);
    const zip = await JSZip.loadAsync(Buffer.from(await response.arrayBuffer()));
    expect(Object.keys(zip.files)).toEqual(['发票.pdf', '发票 (2).pdf', '明细.xlsx']);
    expect(await zip.file('发票.pdf')?.async('string')).toBe('第一份');
    expect(await zip.file('发票 (2).pdf')?.async('string')).toBe('第二份');
    expect(await zip.file('明细.xlsx')?.async('string')).toBe('清单');
  });

  it('refuses the whole archive when one file is not the caller’s to download, or unknown, or none is asked', async () => {
    const own = await uploaded('wangwu', 'mine', 'mine.txt');
    const other = await uploaded('zhangsan', 'theirs', 'theirs.txt');
    const token = await tokens.get('wangwu');
    const forbidden = await server.call('POST', '/api/files/archive/download', { token, body: { ids: [own.id, other.id] } });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toBe(FileMessages.forbidden);
    const unknown = await server.call('POST', '/api/files/archive/download', {
      token,
      body: { ids: [own.id, 'AAAAAAAAAAAAAAAAAAAAAAAA'] },
    });
    expect(unknown.body).toMatchObject({ status_code: 404, message: FileMessages.notFound });
    const none = await server.call('POST', '/api/files/archive/download', { token, body: { ids: [] } });
    expect(none.body).toMatchObject({ status_code: 422, message: FileMessages.archiveEmpty });
  });
});

describe('attachments of bills (for the bills service)', () => {
  it('checkAttachments takes the caller’s own uploads and refuses another user’s file at its field', async () => {
    const mine = await uploaded('zhangsan', 'mine', 'mine.txt');
    const theirs = await uploaded('wangwu', 'theirs', 'theirs.txt');
    const zhangsan = await callerOf('zhangsan');
    await expect(checkAttachments(server.db, zhangsan, ATTACHMENT_FORM, validated({ files: [mine.id] }))).resolves.toBeUndefined();

    const refused = checkAttachments(server.db, zhangsan, ATTACHMENT_FORM, validated({ files: [mine.id], more: [theirs.id] }));
    await expect(refused).rejects.toBeInstanceOf(ValidationError);
    await expect(refused).rejects.toMatchObject({
      message: FileMessages.attachmentUnknown('补充材料'),
      data: { errors: { 'form.more': [FileMessages.attachmentUnknown('补充材料')] } },
    });
    const unknown = checkAttachments(server.db, zhangsan, ATTACHMENT_FORM, validated({ files: ['AAAAAAAAAAAAAAAAAAAAAAAA'] }));
    await expect(unknown).rejects.toMatchObject({ data: { errors: { 'form.files': [FileMessages.attachmentUnknown('附件')] } } });
  });

  it('checkAttachments keeps a file already on the bill being edited, whoever uploaded it', async () => {
    const theirs = await uploaded('wangwu', 'theirs', 'theirs.txt');
    const bill = await billWithFiles([], false);
    const zhangsan = await callerOf('zhangsan');
    const form = validated({ files: [theirs.id] });
    await expect(checkAttachments(server.db, zhangsan, ATTACHMENT_FORM, form, bill.id)).rejects.toBeInstanceOf(ValidationError);
    await linkAttachments(server.db, bill.id, ATTACHMENT_FORM, form);
    await expect(checkAttachments(server.db, zhangsan, ATTACHMENT_FORM, form, bill.id)).resolves.toBeUndefined();
  });

  it('linkAttachments replaces the bill’s links; attachmentCards names the files', async () => {
    const a = await uploaded('zhangsan', 'a', '甲.txt');
    const b = await uploaded('zhangsan', 'b', '乙.txt');
    const bill = await billWithFiles([a.id], false);
    const links = () => server.db.selectFrom('bill_files').select('file_id').where('bill_id', '=', bill.id).orderBy('file_id').execute();
    expect((await links()).map((r) => r.file_id)).toEqual([a.id]);
    const form = validated({ files: [b.id], more: [a.id, b.id] });
    await linkAttachments(server.db, bill.id, ATTACHMENT_FORM, form);
    expect((await links()).map((r) => r.file_id)).toEqual([a.id, b.id].sort());
    await linkAttachments(server.db, bill.id, ATTACHMENT_FORM, validated({}));
    expect(await links()).toEqual([]);

    expect(attachmentIdsOf(ATTACHMENT_FORM, form.values)).toEqual([b.id, a.id]);
    const cards = await attachmentCards(server.db, [a.id, b.id, 'AAAAAAAAAAAAAAAAAAAAAAAA']);
    expect(Object.fromEntries(cards)).toEqual({ [a.id]: a, [b.id]: b });
  });
});

describe('attachments through the bills API', () => {
  it('a bill takes its initiator’s uploads, refuses anyone else’s at the field, shows the files and keeps its links current', async () => {
    const admin = await tokens.get('admin');
    const lisi = await userId(server.db, 'lisi');
    const templateId = await makeTemplate(server, admin, linearGraph([[{ type: 'orsign', userIds: [lisi] }]]), ATTACHMENT_FORM);
    const token = await tokens.get('zhangsan');
    const mine = await uploaded('zhangsan', '发票', '发票.pdf');
    const theirs = await uploaded('lisi', '别人的', '别人的.pdf');
    const billsBefore = await server.db
      .selectFrom('bills')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();

    const refused = await server.call('POST', '/api/bills', {
      token,
      body: { template_id: templateId, form: { reason: '报销', files: [mine.id, theirs.id] } },
    });
    expect(refused.body).toMatchObject({ status_code: 422, data: { errors: { 'form.files': [FileMessages.attachmentUnknown('附件')] } } });
    const billsAfter = await server.db
      .selectFrom('bills')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(billsAfter.n)).toBe(Number(billsBefore.n));

    const draft = await server.call<BillDetail>('POST', '/api/bills', {
      token,
      body: { template_id: templateId, form: { reason: '报销', files: [mine.id] } },
    });
    expect(draft.body.status_code, draft.body.message).toBe(0);
    expect(draft.body.data.attachments).toEqual({ [mine.id]: mine });
    const links = () => server.db.selectFrom('bill_files').select('file_id').where('bill_id', '=', draft.body.data.id).execute();
    expect((await links()).map((l) => l.file_id)).toEqual([mine.id]);

    // A refused file and a refused colleague are reported together, each at its field.
    const withPeople = await makeTemplate(server, admin, linearGraph([[{ type: 'orsign', userIds: [lisi] }]]), {
      fields: [...ATTACHMENT_FORM.fields, { key: 'colleague', type: 'user', label: '同行人', required: false }],
    });
    const both = await server.call('POST', '/api/bills', {
      token,
      body: { template_id: withPeople, form: { reason: '报销', files: [theirs.id], colleague: 987654 } },
    });
    expect(both.body).toMatchObject({
      status_code: 422,
      data: { errors: { 'form.files': [FileMessages.attachmentUnknown('附件')], 'form.colleague': [FormValueMessages.user('同行人')] } },
    });

    // Editing in another user's file is refused as well, and changes nothing.
    const editRefused = await server.call('PUT', `/api/bills/${draft.body.data.id}`, {
      token,
      body: { form: { reason: '报销', files: [theirs.id] } },
    });
    expect(editRefused.body.status_code).toBe(422);
    expect((await links()).map((l) => l.file_id)).toEqual([mine.id]);

    const released = await server.call<BillDetail>('POST', `/api/bills/${draft.body.data.id}/release`, { token, body: {} });
    expect(released.body.status_code, released.body.message).toBe(0);
    // The handler reads the bill, so the file: the link was written by the bill's own save.
    expect((await download('lisi', mine.id)).status).toBe(200);
    expect(
      (await server.call<BillDetail>('GET', `/api/bills/${draft.body.data.id}`, { token: await tokens.get('lisi') })).body.data.attachments,
    ).toEqual({
      [mine.id]: mine,
    });
  });
});
