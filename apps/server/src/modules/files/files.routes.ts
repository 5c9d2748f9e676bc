import { AvatarMessages, CommonMessages, StatusCode } from '@osp/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { callerOf, requireSignIn } from '../../http/auth-hook';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { readAvatar, saveAvatar } from './avatar.service';

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
        const file = await request.file({ limits: { fileSize: ctx.config.avatar.maxBytes, files: 1 } });
        if (!file || file.fieldname !== 'file') throw new AppError(StatusCode.invalid, AvatarMessages.notImage);
        let content: Buffer;
        try {
          content = await file.toBuffer();
        } catch {
          throw new AppError(StatusCode.invalid, AvatarMessages.tooLarge(ctx.config.avatar.maxBytes));
        }
        return ok(await saveAvatar(ctx, caller, content), AvatarMessages.success);
      });
    });
  };
}
