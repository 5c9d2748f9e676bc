import { RecoveryMessages } from '@osp/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { createMailer } from '../../lib/mailer';
import * as passwordReset from './password-reset.service';

function clientOf(request: FastifyRequest): passwordReset.ClientInfo {
  const service = request.headers.service;
  return { ip: request.ip, service: typeof service === 'string' ? service.slice(0, 64) : '' };
}

/** SPEC §7 /api/password/reset: public, the e-mailed link is the proof of who is asking. */
export function passwordResetRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance): Promise<void> {
    const mailer = createMailer(ctx);
    app.addHook('onClose', async () => {
      // Mails already promised to someone go out before the server stops.
      await passwordReset.settleResetMail();
      mailer.close();
    });

    app.post('/api/password/reset', async (request) => {
      const requested = await passwordReset.requestReset(ctx, mailer, request.body, clientOf(request));
      return ok(requested, RecoveryMessages.requested(requested.ttl_minutes));
    });
    app.get('/api/password/reset', async (request) => ok(await passwordReset.checkResetLink(ctx, request.query)));
    app.put('/api/password/reset', async (request) => {
      await passwordReset.resetPassword(ctx, request.body, clientOf(request));
      return ok(null, RecoveryMessages.resetDone);
    });
  };
}
