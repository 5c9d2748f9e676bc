import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { callerOf, requireSignIn } from '../auth/auth.hook';
import { ok } from '../../http/envelope';
import { getMyStats } from './holiday.service';

export function holidayRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance): Promise<void> {
    requireSignIn(app, ctx);
    app.get('/api/holiday/my/stats', async (request) => ok(await getMyStats(ctx, callerOf(request))));
  };
}
