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
  /** A file whose name could not be loaded (deleted, or not readable by this user). */
  unnamed: '附件',
  failed: '上传失败',
} as const;

export const FileIdZ = z.object({ id: z.string().regex(ATTACHMENT_ID_PATTERN, FileMessages.idInvalid) });

/** POST /api/files/archive/download. */
export const FileArchiveZ = z.object({
  ids: z
    .array(z.string().regex(ATTACHMENT_ID_PATTERN, FileMessages.idInvalid), { error: FileMessages.archiveEmpty })
    .min(1, FileMessages.archiveEmpty)
    .max(ARCHIVE_FILES_MAX, FileMessages.archiveTooMany),
});
export type FileArchive = z.infer<typeof FileArchiveZ>;
