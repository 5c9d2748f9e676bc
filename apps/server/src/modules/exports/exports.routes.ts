import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import { BILL_EXPORT_TOKEN_PATTERN, billExportCookieName, SESSION_TOKEN_COOKIE, StatusCode } from '@osp/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { attachmentDisposition } from '../../lib/content-disposition';
import { callerOf } from '../auth/auth.hook';
import { authenticate } from '../auth/auth.service';
import { exportBills } from './exports.service';
import { XLSX_MIME } from './exports.sheet';

/**
 * GET /api/export/bills (SPEC §7 "Files and export", §9 the export mask; docs/approval-api.md "Export").
 *
 * The web app downloads the file by pointing a hidden frame at this address, so that the browser streams it to
 * disk as it comes (a fetch would hold the whole file in the page); a frame sends no Authorization header, so
 * here, and only here, the session token is also taken from the web app's own session cookie (SameSite=Strict:
 * no other site's page can send it, docs/web-contract.md). The answer to a request with `token` sets the
 * readiness cookie the web app polls each second while its mask shows: `0` when the file follows, otherwise the
 * envelope's status_code, so the mask never waits for a file that will not come.
 */
export function exportsRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance): Promise<void> {
    asFrameDownloadScope(app, ctx);
    app.get('/api/export/bills', async (request, reply) => {
      const file = await exportBills(ctx, callerOf(request), request.query);
      return reply.type(XLSX_MIME).header('content-disposition', attachmentDisposition(file.filename)).send(file.body);
    });
  };
}

/**
 * Makes `app` (a Fastify scope of its own) a scope of downloads through a hidden frame, as the one above: the session
 * from the Authorization header or the session cookie, and the readiness cookie on every answer to a request with
 * `token`. The articles' read log export is the other such scope.
 */
export function asFrameDownloadScope(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('onRequest', async (request) => {
    request.caller = await authenticate(ctx, request.headers.authorization ?? cookieBearer(request.headers));
  });
  app.addHook('onSend', async (request, reply, payload) => {
    setReadyCookie(request, reply, payload);
    return payload;
  });
}

/**
 * `Bearer <token>` from the session cookie, or undefined. The cookie's value is the token as the server issued it
 * (base64url, which js-cookie writes unencoded), so one name=value pair is all there is to read.
 */
function cookieBearer(headers: IncomingHttpHeaders): string | undefined {
  const prefix = `${SESSION_TOKEN_COOKIE}=`;
  const pair = headers.cookie
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(prefix));
  const token = pair?.slice(prefix.length);
  return token && /^[A-Za-z0-9_-]{1,128}$/.test(token) ? `Bearer ${token}` : undefined;
}

/** The export's outcome for the web app: 0 when the answer is the file, else the envelope's status_code. */
function outcomeOf(reply: FastifyReply, payload: unknown): number {
  if (payload instanceof Readable) return StatusCode.ok;
  if (typeof payload === 'string') {
    try {
      const body: unknown = JSON.parse(payload);
      if (typeof body === 'object' && body !== null && 'status_code' in body && typeof body.status_code === 'number')
        return body.status_code;
    } catch {
      // Not an envelope: the HTTP status below says what happened.
    }
  }
  return reply.statusCode >= 400 ? reply.statusCode : StatusCode.badRequest;
}

function setReadyCookie(request: FastifyRequest, reply: FastifyReply, payload: unknown): void {
  const query = request.query as Record<string, unknown> | undefined;
  const token = query?.token;
  if (typeof token !== 'string' || !BILL_EXPORT_TOKEN_PATTERN.test(token)) return;
  // The name and value are ours alone (a checked token, a number): nothing here needs a cookie library's escaping.
  const attributes = ['Path=/', 'Max-Age=60', 'SameSite=Strict', ...(request.protocol === 'https' ? ['Secure'] : [])];
  reply.header('set-cookie', [`${billExportCookieName(token)}=${outcomeOf(reply, payload)}`, ...attributes].join('; '));
}
