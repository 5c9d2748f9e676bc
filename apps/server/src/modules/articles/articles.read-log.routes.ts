import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { attachmentDisposition } from '../../lib/content-disposition';
import { callerOf } from '../auth/auth.hook';
import { asFrameDownloadScope } from '../exports/exports.routes';
import { XLSX_MIME } from '../exports/exports.sheet';
import { exportReadLog } from './articles.read-log-export';

/**
 * GET /api/article/view/log/export (docs/articles-api.md "Export"). Its own scope: the web app downloads the file
 * through a hidden frame, which sends the session cookie and no Authorization header, so — as GET /api/export/bills —
 * the token is taken from either, and every answer to a request with `token` sets the SPEC §9 readiness cookie the
 * web app's mask polls (exports.routes asFrameDownloadScope). A sibling of articles.routes' signed-in scope, whose
 * header-only sign-in hook is not this scope's.
 */
export function articleReadLogExportRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance): Promise<void> {
    asFrameDownloadScope(app, ctx);
    app.get('/api/article/view/log/export', async (request, reply) => {
      const file = await exportReadLog(ctx, callerOf(request), request.query);
      return reply
        .type(XLSX_MIME)
        .header('content-disposition', attachmentDisposition(file.filename))
        .header('cache-control', 'no-store')
        .send(file.body);
    });
  };
}
