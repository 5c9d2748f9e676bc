import type { MultipartFile } from '@fastify/multipart';
import { FileMessages, StatusCode } from '@osp/shared';
import type { FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import { AppError } from '../http/errors';

/**
 * Reading an upload (issue 11, item 6). A body cut short, a boundary that matches nothing, a part
 * header busboy cannot read: each is the caller's malformed request, answered 400 with a message
 * that says nothing was stored — never the masked 500 of a server fault.
 */

export class MalformedUploadError extends AppError {
  constructor() {
    super(StatusCode.badRequest, FileMessages.malformed);
  }
}

/** @fastify/multipart's mark of a part past `limits.fileSize` (toBuffer with throwFileSizeLimit). */
export function isFileTooLarge(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';
}

export interface FilePartOptions {
  fileSize: number;
  fields: number;
  /** false: a longer part is cut and marked `truncated` instead of throwing when read. */
  throwFileSizeLimit: boolean;
}

/**
 * The first part named `file`, or undefined when the body is not multipart or holds no such part.
 * Whatever @fastify/multipart throws here comes from the body it parsed (no disk is touched yet).
 */
export async function filePartOf(request: FastifyRequest, options: FilePartOptions): Promise<MultipartFile | undefined> {
  if (!request.isMultipart()) return undefined;
  let part: MultipartFile | undefined;
  try {
    // @fastify/multipart reads throwFileSizeLimit from these options, though its types omit it there.
    part = await request.file({
      limits: { fileSize: options.fileSize, files: 1, fields: options.fields },
      throwFileSizeLimit: options.throwFileSizeLimit,
    });
  } catch {
    throw new MalformedUploadError();
  }
  if (!part || part.fieldname !== 'file') return undefined;
  return part;
}

/**
 * Whether a stream has failed, remembered from its first 'error': a write that fails because the
 * upload broke off is the caller's malformed body, while one that fails at the disk is our fault.
 */
export function watchFailure(stream: Readable): () => boolean {
  let failed = false;
  stream.once('error', () => {
    failed = true;
  });
  return () => failed;
}

export interface UploadedFile {
  /** The `file` part's content; undefined when the form has none, or it was too large. */
  file?: Buffer;
  isFileTooLarge: boolean;
}

/**
 * The `file` part of a one-file form (an xlsx import) read into memory, at most `maxBytes`: a longer file is cut and
 * marked too large for the service to word (busboy stops at the limit instead of throwing). Other parts are drained.
 */
export async function readFilePart(request: FastifyRequest, maxBytes: number): Promise<UploadedFile> {
  const upload: UploadedFile = { isFileTooLarge: false };
  if (!request.isMultipart()) return upload;
  // @fastify/multipart reads throwFileSizeLimit from these options, though its types omit it there.
  const options = { limits: { fileSize: maxBytes, files: 1, fields: 5, fieldSize: 1024 }, throwFileSizeLimit: false };
  try {
    for await (const part of request.parts(options)) {
      if (part.type !== 'file') continue;
      const content = await part.toBuffer();
      if (part.file.truncated) upload.isFileTooLarge = true;
      else if (part.fieldname === 'file') upload.file = content;
    }
  } catch {
    throw new MalformedUploadError();
  }
  return upload;
}
