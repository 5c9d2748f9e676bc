import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { callerOf, requireSignIn } from '../auth/auth.hook';
import { ok } from '../../http/envelope';
import { listSecurityEvents } from './security-log.service';

export function securityLogRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance): Promise<void> {
    requireSignIn(app, ctx);
    app.get('/api/security/events', async (request) => ok(await listSecurityEvents(ctx, callerOf(request), request.query)));
  };
}
