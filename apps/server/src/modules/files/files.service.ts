import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  ARCHIVE_FILE_NAME,
  ATTACHMENTS_MAX,
  FILE_NAME_MAX,
  FileArchiveZ,
  FileDownloadQueryZ,
  FileIdZ,
  FileMessages,
  FileTexts,
  isWatermarkable,
  StatusCode,
  WATERMARK_MAX_BYTES,
  type FileCard,
  type FileLimits,
} from '@osp/shared';
import { fileTypeFromFile } from 'file-type';
import JSZip from 'jszip';
import type { AppContext, Caller } from '../../context';
import { nowIso, type Db } from '../../db/index';
import { AppError, NotFoundError, ValidationError } from '../../http/errors';
import { parse } from '../../http/validate';
import { readableArticleFileIds } from '../articles/articles.files';
import { readableBillIds } from '../bills/bills.access';
import { authorizeDownload, downloadableIds } from './files.policy';
import { billLinksOf, findFile, findFiles, insertFile, type FileRow } from './files.repo';
import { absolutePath, openFile, readStoredFile, removeFile, writeFile, type WrittenFile } from './files.storage';
import { watermark, watermarkQueue, watermarkTextOf } from './files.watermark';
import { MalformedUploadError, watchFailure } from '../../lib/multipart';

/**
 * Uploaded files (SPEC §7 Files, docs/files.md): upload, download, the 全部下载 archive. The bytes are
 * stored as uploaded — no list of dangerous types is trusted to catch everything — and every download
 * is served as `attachment` with `nosniff` (files.routes.ts), so nothing uploaded runs in a browser.
 */

/** The file part of POST /api/files; `content.truncated` is busboy's mark of a part cut at the size limit. */
export interface UploadPart {
  filename: string;
  content: Readable & { truncated?: boolean };
}

export interface Download {
  card: FileCard;
  content: Readable | Buffer;
  /** Bytes sent: the card's size, or the marked copy's. */
  size: number;
  /** True when the content is the copy marked with the viewer's name and the time. */
  isWatermarked: boolean;
}

const OCTET_STREAM = 'application/octet-stream';
/** Characters that may not stand in a file name: controls, and bidi overrides that disguise an extension. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed here
const UNSAFE_NAME_CHARACTERS = /[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g;

/** 144 random bits as base64url: unguessable, and within ATTACHMENT_ID_PATTERN. */
function newFileId(): string {
  return randomBytes(18).toString('base64url');
}

/** The uploader's name without a client path or unsafe characters, cut to FILE_NAME_MAX keeping the extension. */
export function cleanFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  const name = base.replace(UNSAFE_NAME_CHARACTERS, '').trim();
  if (name === '' || /^\.+$/.test(name)) return FileTexts.unnamed;
  const characters = Array.from(name);
  if (characters.length <= FILE_NAME_MAX) return name;
  const extension = /\.[^.\s]{1,16}$/.exec(name)?.[0] ?? '';
  return characters.slice(0, FILE_NAME_MAX - Array.from(extension).length).join('') + extension;
}

function cardOf(row: Pick<FileRow, 'id' | 'name' | 'size' | 'mime'>): FileCard {
  return { id: row.id, name: row.name, size: row.size, mime: row.mime };
}

export function fileLimits(ctx: AppContext): FileLimits {
  return { max_bytes: ctx.config.files.maxBytes, max_count: ATTACHMENTS_MAX };
}

/**
 * The facts files.policy decides on: the bills naming the files and which of those the caller may read; which of
 * the files are in an article the caller may read (asked only for those no readable bill gives).
 */
async function authorizeFileDownload(ctx: AppContext, caller: Caller, files: readonly FileRow[]): Promise<void> {
  const others = files.filter((f) => f.uploader_id !== caller.userId).map((f) => f.id);
  const links = others.length === 0 ? [] : await billLinksOf(ctx.db, others);
  const readable = await readableBillIds(
    ctx.db,
    caller,
    links.map((l) => l.bill_id),
  );
  const byBill = new Set(links.filter((l) => readable.has(l.bill_id)).map((l) => l.file_id));
  const articleFiles = await readableArticleFileIds(
    ctx,
    caller,
    others.filter((id) => !byBill.has(id)),
  );
  authorizeDownload(files, downloadableIds(caller, files, links, readable, articleFiles));
}

/** POST /api/files: stores one upload of a signed-in user and answers its card. */
export async function uploadFile(ctx: AppContext, caller: Caller, part: UploadPart | undefined): Promise<FileCard> {
  return storeUpload(ctx, part, { uploader_id: caller.userId, share_survey_id: null });
}

/**
 * POST /api/publish/share/{id}/files: one upload through a survey's public link, which the surveys module has checked
 * (docs/surveys-api.md "Public uploads"). Nobody is signed in: the file has no uploader and names the survey's share;
 * the same size limit, type sniffing and cleaning as every upload.
 */
export async function uploadShareFile(ctx: AppContext, surveyId: number, part: UploadPart | undefined): Promise<FileCard> {
  return storeUpload(ctx, part, { uploader_id: null, share_survey_id: surveyId });
}

/** Writes the part to disk, checks it, and records it under its owner: a signed-in uploader or a survey's share. */
async function storeUpload(
  ctx: AppContext,
  part: UploadPart | undefined,
  owner: Pick<FileRow, 'uploader_id' | 'share_survey_id'>,
): Promise<FileCard> {
  if (!part) throw new ValidationError({ file: [FileMessages.noFile] });
  const id = newFileId();
  const uploadFailed = watchFailure(part.content);
  let written: WrittenFile;
  try {
    written = await writeFile(ctx.config, id, part.content);
  } catch (error) {
    // writeFile has removed what it wrote; a body that broke off is the caller's, a disk fault ours. A body read
    // whole before the part was handed over (a public upload checks its survey first) may have failed already.
    if (uploadFailed() || part.content.errored) throw new MalformedUploadError();
    throw error;
  }
  const refuse = async (message: string): Promise<never> => {
    await removeFile(ctx.config, written.storagePath);
    throw new ValidationError({ file: [message] });
  };
  if (part.content.truncated) await refuse(FileMessages.tooLarge(ctx.config.files.maxBytes));
  if (written.size === 0) await refuse(FileMessages.empty);
  // The type is read from the bytes; the declared type and the extension are only the uploader's word.
  const mime = (await fileTypeFromFile(absolutePath(ctx.config, written.storagePath)))?.mime ?? OCTET_STREAM;
  const row: FileRow = {
    id,
    name: cleanFileName(part.filename),
    size: written.size,
    mime,
    sha256: written.sha256,
    storage_path: written.storagePath,
    ...owner,
    created_at: nowIso(),
    response_id: null,
  };
  try {
    await insertFile(ctx.db, row);
  } catch (error) {
    await removeFile(ctx.config, written.storagePath);
    throw error;
  }
  return cardOf(row);
}

/** A file the caller may download, by the id in the path; a malformed id is as unknown as a missing one. */
async function requireDownloadable(ctx: AppContext, caller: Caller, params: unknown): Promise<FileRow> {
  const parsed = FileIdZ.safeParse(params);
  const file = parsed.success ? await findFile(ctx.db, parsed.data.id) : undefined;
  if (!file) throw new NotFoundError(FileMessages.notFound);
  await authorizeFileDownload(ctx, caller, [file]);
  return file;
}

async function contentOf(ctx: AppContext, file: FileRow): Promise<Readable> {
  const content = await openFile(ctx.config, file.storage_path);
  if (content) return content;
  ctx.log.error({ fileId: file.id, path: file.storage_path }, 'an uploaded file is missing from disk');
  throw new NotFoundError(FileMessages.notFound);
}

/** GET /api/files/{id}: the card of a file the caller may download (names for a form whose bill has not been saved). */
export async function getFileCard(ctx: AppContext, caller: Caller, params: unknown): Promise<FileCard> {
  return cardOf(await requireDownloadable(ctx, caller, params));
}

/**
 * The copy of a file marked for its viewer, made in memory when the watermark queue gives it a turn
 * (files.watermark.ts); undefined for a type that is not marked.
 */
async function watermarkedCopy(ctx: AppContext, caller: Caller, file: FileRow): Promise<Buffer | undefined> {
  if (!isWatermarkable(file.mime)) return undefined;
  if (file.size > WATERMARK_MAX_BYTES) throw new AppError(StatusCode.invalid, FileMessages.watermarkTooLarge);
  const text = watermarkTextOf(caller.user, new Date());
  return watermarkQueue.run(async () => {
    const content = await readStoredFile(ctx.config, file.storage_path);
    if (!content) {
      ctx.log.error({ fileId: file.id, path: file.storage_path }, 'an uploaded file is missing from disk');
      throw new NotFoundError(FileMessages.notFound);
    }
    return watermark(content, file.mime, text, { log: ctx.log });
  });
}

/**
 * GET /api/files/download/{id}?watermark=1: with the flag, an image or PDF comes as a copy marked with the
 * caller's name and the time; any other type, and every file without the flag, as stored. SPEC's `object`
 * is not read: there is one object per file (docs/files.md).
 */
export async function downloadFile(ctx: AppContext, caller: Caller, params: unknown, query: unknown): Promise<Download> {
  const { watermark: isWatermarkAsked } = parse(FileDownloadQueryZ, query);
  const file = await requireDownloadable(ctx, caller, params);
  const card = cardOf(file);
  const marked = isWatermarkAsked ? await watermarkedCopy(ctx, caller, file) : undefined;
  if (marked) return { card, content: marked, size: marked.length, isWatermarked: true };
  return { card, content: await contentOf(ctx, file), size: file.size, isWatermarked: false };
}

/** `name` unless an earlier entry of the archive took it (Windows compares names without case): then `name (2)`. */
function uniqueNamer(): (name: string) => string {
  const taken = new Set<string>();
  return (name) => {
    const dot = name.lastIndexOf('.');
    const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = name;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${extension}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  };
}

/**
 * POST /api/files/archive/download {ids}: the files as one zip named 附件.zip, in the order asked, each
 * under its own name. One file the caller may not download refuses the whole archive. Entries are stored,
 * not deflated: attachments are mostly PDFs, images and Office files, compressed already.
 */
export async function archiveFiles(ctx: AppContext, caller: Caller, body: unknown): Promise<{ filename: string; content: Readable }> {
  const ids = [...new Set(parse(FileArchiveZ, body).ids)];
  const rows = new Map((await findFiles(ctx.db, ids)).map((row) => [row.id, row]));
  const files = ids.map((id) => rows.get(id));
  if (files.some((f) => f === undefined)) throw new NotFoundError(FileMessages.notFound);
  const found = files as FileRow[];
  await authorizeFileDownload(ctx, caller, found);

  const zip = new JSZip();
  const nameOf = uniqueNamer();
  const opened: Readable[] = [];
  try {
    for (const file of found) {
      const content = await contentOf(ctx, file);
      opened.push(content);
      zip.file(nameOf(file.name), content, { binary: true, date: new Date(file.created_at) });
    }
  } catch (error) {
    for (const stream of opened) stream.destroy();
    throw error;
  }
  // JSZip's stream is a Node Readable (readable-stream), typed as the older NodeJS.ReadableStream.
  const content = zip.generateNodeStream({ streamFiles: true, compression: 'STORE', platform: 'UNIX' }) as unknown as Readable;
  return { filename: ARCHIVE_FILE_NAME, content };
}

/** Which of `ids` are stored files: another module checks a file id it keeps (an article's cover) through this. */
export async function existingFileIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  return new Set((await findFiles(db, ids)).map((f) => f.id));
}
