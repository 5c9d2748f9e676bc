import { escapeHtml } from '../common/html';
import { z } from 'zod';
import { ATTACHMENT_ID_PATTERN } from '../bills/form';

/**
 * Uploaded files (SPEC §7 Files): bill attachments are uploaded first (POST /api/files) and the bill's
 * form holds their ids. docs/files.md has the decisions (storage, limits, who may download).
 */

/** The upload limit unless the server's FILE_MAX_BYTES says otherwise (GET /api/files/limits tells the web app). */
export const FILE_MAX_BYTES_DEFAULT = 20 * 1024 * 1024;
/** Files in one 全部下载 archive: every attachment field of a bill at most, with room to spare. */
export const ARCHIVE_FILES_MAX = 100;
/** SPEC §7: the archive is "named as attachments". */
export const ARCHIVE_FILE_NAME = '附件.zip';
/** Longest file name kept (characters); longer names are cut before the extension. */
export const FILE_NAME_MAX = 120;

/** A file as the API shows it: the upload answer, GET /api/files/{id} and BillDetail.attachments. */
export interface FileCard {
  id: string;
  name: string;
  size: number;
  mime: string;
}

export interface FileLimits {
  max_bytes: number;
  /** Attachments one field may hold. */
  max_count: number;
}

/**
 * Types that `GET /api/files/download/{id}?watermark=1` marks with the viewer's name and the time
 * (docs/files.md): raster images a browser shows and the server re-encodes in the same format, and PDFs
 * (every page). Any other type is served unchanged. The web app offers 查看 (images) and 水印下载 (PDFs) for exactly these.
 */
export const WATERMARK_IMAGE_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];
export const WATERMARK_PDF_TYPE = 'application/pdf';
/** Largest image marked, counting every frame of an animation: about a 48-megapixel photo (8000×6000) and a little more. */
export const WATERMARK_MAX_PIXELS = 50_000_000;
/**
 * Largest file marked, whatever FILE_MAX_BYTES allows to upload: a marked copy is made in memory, and
 * pdf-lib holds a whole PDF parsed (docs/files.md, "Watermarks"). The default upload limit, so by default
 * every image or PDF a bill holds can be marked.
 */
export const WATERMARK_MAX_BYTES = 20 * 1024 * 1024;
/** Most pages of a PDF marked: a few seconds of work, the longest stall of the event loop a third of a second (docs/files.md). */
export const WATERMARK_MAX_PDF_PAGES = 1000;

export function isWatermarkable(mime: string): boolean {
  return mime === WATERMARK_PDF_TYPE || WATERMARK_IMAGE_TYPES.includes(mime);
}

/** 1536 → "1.5KB": sizes in messages and lists. */
export function formatFileSize(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const text = unit === 0 ? String(value) : value.toFixed(1).replace(/\.0$/, '');
  return `${text}${units[unit]}`;
}

export const FileMessages = {
  uploaded: '上传成功',
  noFile: '请选择要上传的文件',
  /** A multipart body cut short, with a boundary that does not match, or otherwise unreadable: nothing was stored. */
  malformed: '上传的内容不完整或格式不正确，未保存，请重新上传',
  empty: '不能上传空文件',
  tooLarge: (maxBytes: number) => `文件不能超过${formatFileSize(maxBytes)}`,
  notFound: '文件不存在或已被删除',
  forbidden: '您没有权限下载该文件',
  idInvalid: '文件编号不正确',
  watermarkFlag: '水印参数只能是0或1',
  objectInvalid: '文件对象参数不正确',
  watermarkTooLarge: `文件超过${formatFileSize(WATERMARK_MAX_BYTES)}，无法加水印查看，请直接下载`,
  watermarkTooManyPixels: `图片超过${WATERMARK_MAX_PIXELS / 10_000}万像素，无法加水印查看，请直接下载`,
  watermarkTooManyPages: `PDF文件超过${WATERMARK_MAX_PDF_PAGES}页，无法加水印查看，请直接下载`,
  watermarkImageBroken: '图片已损坏或无法识别，无法加水印查看',
  watermarkPdfBroken: 'PDF文件已损坏或无法识别，无法加水印查看',
  watermarkPdfEncrypted: 'PDF文件已加密，无法加水印查看，请直接下载',
  watermarkTooComplex: '文件过大或过于复杂，无法及时加水印，请稍后重试或直接下载',
  archiveEmpty: '请选择要下载的附件',
  archiveTooMany: `一次最多下载${ARCHIVE_FILES_MAX}个附件`,
  /** At the bill's attachment field: an id that is nobody's upload, or someone else's not yet on this bill. */
  attachmentUnknown: (label: string) => `「${escapeHtml(label)}」中有附件不存在或不是您上传的，请重新上传`,
} as const;

/** Labels of the attachment editor and of the read-only list. */
export const FileTexts = {
  upload: '上传附件',
  uploading: '上传中…',
  hint: (maxCount: number, maxBytes: number | undefined) =>
    maxBytes === undefined ? `最多 ${maxCount} 个文件` : `最多 ${maxCount} 个文件，单个文件不超过 ${formatFileSize(maxBytes)}`,
  tooLarge: (name: string, maxBytes: number) => `「${name}」超过 ${formatFileSize(maxBytes)}，未上传`,
  empty: (name: string) => `「${name}」是空文件，未上传`,
  countFull: (maxCount: number) => `最多上传 ${maxCount} 个附件`,
  remove: '删除',
  downloadAll: '全部下载',
  /** Shows an image marked with the viewer's name and the time (watermark=1). */
  view: '查看',
  viewOf: (name: string) => `查看 ${name}`,
  viewTitle: (name: string) => `${name}（已加水印）`,
  /** Saves a PDF marked with the viewer's name and the time: a PDF cannot be shown inside the page (docs/files.md). */
  downloadMarked: '水印下载',
  downloadMarkedOf: (name: string) => `水印下载 ${name}`,
  /** A file whose name could not be loaded (deleted, or not readable by this user). */
  unnamed: '附件',
  failed: '上传失败',
} as const;

export const FileIdZ = z.object({ id: z.string().regex(ATTACHMENT_ID_PATTERN, FileMessages.idInvalid) });

/** Longest `object` accepted: a storage key of the old system, never longer than a path. */
export const FILE_OBJECT_MAX = 512;

/**
 * The query of GET /api/files/download/{id}: `watermark` 1 (or true) asks for the marked copy. SPEC §7's
 * `object` is checked (one short string) and not read: there is one stored object per file, nothing to
 * choose between.
 */
export const FileDownloadQueryZ = z.object({
  object: z.string({ error: FileMessages.objectInvalid }).max(FILE_OBJECT_MAX, FileMessages.objectInvalid).optional(),
  watermark: z
    .enum(['0', '1', 'true', 'false', ''], { error: FileMessages.watermarkFlag })
    .optional()
    .transform((flag) => flag === '1' || flag === 'true'),
});
export type FileDownloadQuery = z.infer<typeof FileDownloadQueryZ>;

/** POST /api/files/archive/download. */
export const FileArchiveZ = z.object({
  ids: z
    .array(z.string().regex(ATTACHMENT_ID_PATTERN, FileMessages.idInvalid), { error: FileMessages.archiveEmpty })
    .min(1, FileMessages.archiveEmpty)
    .max(ARCHIVE_FILES_MAX, FileMessages.archiveTooMany),
});
export type FileArchive = z.infer<typeof FileArchiveZ>;
