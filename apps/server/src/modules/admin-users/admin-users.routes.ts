import { AdminUserMessages, USER_IMPORT_MAX_BYTES, UserImportMessages } from '@osp/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { actorOf, callerOf, requireSignIn } from '../auth/auth.hook';
import { ok } from '../../http/envelope';
import { MalformedUploadError } from '../../lib/multipart';
import * as users from './admin-users.service';
import * as sessions from './user-sessions.service';
import { exportUsers, importTemplate, importUsers, type ImportUpload, type XlsxFile } from './user-import.service';
import { attachmentDisposition, XLSX_MIME } from './user-xlsx';

/**
 * 系统管理 → 用户管理 (permission sys_user; docs/admin-users.md lists every path). Ids in paths
 * that are not numbers become NaN, which the services answer as "not found".
 */
type WithId = { Params: { id: string } };
type WithSession = { Params: { id: string; sessionId: string } };

const BASE = '/api/admin/users';

function sendXlsx(reply: FastifyReply, file: XlsxFile) {
  return reply
    .header('content-type', XLSX_MIME)
    .header('content-disposition', attachmentDisposition(file.filename, file.asciiFilename))
    .header('cache-control', 'no-store')
    .send(file.content);
}

/** The import form: the `file` part (size-limited) and the `passwd` field. */
async function readImportUpload(request: FastifyRequest): Promise<ImportUpload> {
  const upload: ImportUpload = { isFileTooLarge: false, fields: {} };
  if (!request.isMultipart()) return upload;
  // Without throwing, busboy stops at the limit and marks the part truncated; the service words it.
  // @fastify/multipart reads throwFileSizeLimit from these options, though its types omit it there.
  const options = { limits: { fileSize: USER_IMPORT_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024 }, throwFileSizeLimit: false };
  const parts = request.parts(options);
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        if (part.file.truncated) upload.isFileTooLarge = true;
        else if (part.fieldname === 'file') upload.file = content;
      } else if (typeof part.value === 'string') {
        upload.fields[part.fieldname] = part.value;
      }
    }
  } catch {
    // A body cut short or with a boundary that matches nothing: the caller's malformed request (issue 11, item 6).
    throw new MalformedUploadError();
  }
  return upload;
}

export function adminUsersRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance): Promise<void> {
    requireSignIn(app, ctx);

    app.get(BASE, async (request) => ok(await users.findUsers(ctx, callerOf(request), request.query)));
    app.post(BASE, async (request) => ok(await users.createUser(ctx, actorOf(request), request.body), AdminUserMessages.created));
    app.get(`${BASE}/role-options`, async (request) => ok(await users.listRoleOptions(ctx, callerOf(request))));
    app.get(`${BASE}/import-template`, async (request, reply) => sendXlsx(reply, await importTemplate(callerOf(request))));
    app.get(`${BASE}/export`, async (request, reply) => sendXlsx(reply, await exportUsers(ctx, callerOf(request), request.query)));
    app.post(`${BASE}/import`, async (request) => {
      const result = await importUsers(ctx, actorOf(request), () => readImportUpload(request));
      return ok(result, UserImportMessages.imported(result.imported));
    });

    app.get<WithId>(`${BASE}/:id`, async (request) => ok(await users.getUser(ctx, callerOf(request), Number(request.params.id))));
    app.put<WithId>(`${BASE}/:id`, async (request) =>
      ok(await users.updateUser(ctx, actorOf(request), Number(request.params.id), request.body), AdminUserMessages.updated),
    );
    app.patch<WithId>(`${BASE}/:id/status`, async (request) => {
      const user = await users.setUserStatus(ctx, actorOf(request), Number(request.params.id), request.body);
      return ok(user, user.status === 1 ? AdminUserMessages.enabled : AdminUserMessages.disabled);
    });
    app.put<WithId>(`${BASE}/:id/password`, async (request) => {
      await users.resetPassword(ctx, actorOf(request), Number(request.params.id), request.body);
      return ok(null, AdminUserMessages.passwordReset);
    });
    app.put<WithId>(`${BASE}/:id/roles`, async (request) =>
      ok(await users.assignRoles(ctx, actorOf(request), Number(request.params.id), request.body), AdminUserMessages.rolesAssigned),
    );

    app.get<WithId>(`${BASE}/:id/sessions`, async (request) =>
      ok(await sessions.listUserSessions(ctx, callerOf(request), Number(request.params.id))),
    );
    app.delete<WithId>(`${BASE}/:id/sessions`, async (request) => {
      const revoked = await sessions.revokeAllUserSessions(ctx, actorOf(request), Number(request.params.id));
      return ok({ revoked }, AdminUserMessages.sessionsRevoked(revoked));
    });
    app.delete<WithSession>(`${BASE}/:id/sessions/:sessionId`, async (request) => {
      await sessions.revokeUserSession(ctx, actorOf(request), Number(request.params.id), Number(request.params.sessionId));
      return ok(null, AdminUserMessages.sessionRevoked);
    });
  };
}
