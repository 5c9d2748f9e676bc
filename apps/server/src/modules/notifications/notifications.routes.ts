import { NoticeMessages } from '@osp/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { callerOf, requireSignIn } from '../auth/auth.hook';
import { getNoticeSettings, listNotices, putNoticeSettings, readAllNotices, readNotice, unreadCount } from './notifications.service';

/** In-app notifications: every signed-in user reads and marks their own (docs/notifications.md). */
export function notificationsRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance): Promise<void> {
    requireSignIn(app, ctx);
    app.get('/api/notifications', async (request) => ok(await listNotices(ctx, callerOf(request), request.query)));
    app.get('/api/notifications/count', async (request) => ok(await unreadCount(ctx, callerOf(request))));
    app.get('/api/notifications/settings', async (request) => ok(await getNoticeSettings(ctx, callerOf(request))));
    app.put('/api/notifications/settings', async (request) =>
      ok(await putNoticeSettings(ctx, callerOf(request), request.body), NoticeMessages.settingsSaved),
    );
    app.patch('/api/notifications/read-all', async (request) => ok(await readAllNotices(ctx, callerOf(request)), NoticeMessages.allRead));
    app.patch('/api/notifications/:id/read', async (request) =>
      ok(await readNotice(ctx, callerOf(request), request.params), NoticeMessages.read),
    );
  };
}
