import { AvatarMessages, CommonMessages, FileMessages, StatusCode } from '@osp/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import type { AppContext } from '../../context';
import { callerOf, requireSignIn } from '../auth/auth.hook';
import { attachmentDisposition } from '../../lib/content-disposition';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { readAvatar, saveAvatar } from './avatar.service';
import * as files from './files.service';
import { filePartOf, isFileTooLarge, MalformedUploadError } from '../../lib/multipart';

/**
 * A download: always `attachment` (the browser saves it, never renders it on our origin) and `nosniff`
 * (the declared type is the one used), whatever was uploaded (docs/files.md). Never cached: a watermarked
 * copy names its viewer, and a file's readers change as its bill moves on.
 */
function sendDownload(reply: FastifyReply, filename: string, mime: string, content: Readable | Buffer, size?: number) {
  reply
    .header('content-type', mime)
    .header('content-disposition', attachmentDisposition(filename))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store');
  if (size !== undefined) reply.header('content-length', size);
  return reply.send(content);
}

/** The `file` part of POST /api/files, size-limited; busboy cuts a longer part and marks it truncated. */
async function uploadPartOf(ctx: AppContext, request: FastifyRequest): Promise<files.UploadPart | undefined> {
  const part = await filePartOf(request, { fileSize: ctx.config.files.maxBytes, fields: 5, throwFileSizeLimit: false });
  return part && { filename: part.filename, content: part.file };
}

export function filesRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance): Promise<void> {
    // Avatars are shown by <img>, which sends no bearer header; their names are random UUIDs.
    app.get<{ Params: { name: string } }>('/api/file/avatar/:name', async (request, reply) => {
      const content = await readAvatar(ctx, request.params.name);
      if (!content) return reply.status(404).send({ status_code: StatusCode.notFound, message: CommonMessages.fileNotFound, data: null });
      return reply
        .header('content-type', 'image/png')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-disposition', 'inline; filename="avatar.png"')
        .send(content);
    });

    await app.register(async (scope) => {
      requireSignIn(scope, ctx);
      scope.post('/api/file/user/avatar', async (request) => {
        const caller = callerOf(request);
        const file = await filePartOf(request, { fileSize: ctx.config.avatar.maxBytes, fields: 10, throwFileSizeLimit: true });
        if (!file) throw new AppError(StatusCode.invalid, AvatarMessages.notImage);
        let content: Buffer;
        try {
          content = await file.toBuffer();
        } catch (error) {
          if (isFileTooLarge(error)) throw new AppError(StatusCode.invalid, AvatarMessages.tooLarge(ctx.config.avatar.maxBytes));
          throw new MalformedUploadError();
        }
        return ok(await saveAvatar(ctx, caller, content), AvatarMessages.success);
      });

      // SPEC §7 Files: bill attachments (docs/files.md).
      scope.post('/api/files', async (request) => {
        const card = await files.uploadFile(ctx, callerOf(request), await uploadPartOf(ctx, request));
        return ok(card, FileMessages.uploaded);
      });
      scope.get('/api/files/limits', async () => ok(files.fileLimits(ctx)));
      scope.get('/api/files/download/:id', async (request, reply) => {
        const download = await files.downloadFile(ctx, callerOf(request), request.params, request.query);
        // Tells a client that asked for a watermark whether this type got one (docs/files.md).
        if (download.isWatermarked) reply.header('x-watermark', '1');
        return sendDownload(reply, download.card.name, download.card.mime, download.content, download.size);
      });
      scope.post('/api/files/archive/download', async (request, reply) => {
        const { filename, content } = await files.archiveFiles(ctx, callerOf(request), request.body);
        return sendDownload(reply, filename, 'application/zip', content);
      });
      scope.get('/api/files/:id', async (request) => ok(await files.getFileCard(ctx, callerOf(request), request.params)));
    });
  };
}
