import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { callerOf, requireSignIn } from '../auth/auth.hook';
import { ok } from '../../http/envelope';
import { listOperations } from './syslog.service';

export function syslogRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance): Promise<void> {
    requireSignIn(app, ctx);
    app.get('/api/syslog', async (request) => ok(await listOperations(ctx, callerOf(request), request.query)));
  };
}
