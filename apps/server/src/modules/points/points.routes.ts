import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { actorOf, callerOf, requireSignIn } from '../auth/auth.hook';
import { ok } from '../../http/envelope';
import * as points from './points.service';

/** 积分排行 (issue 15): the ranking, my ledger, and administrators' adjustments (docs/points-api.md). */
export function pointsRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance): Promise<void> {
    requireSignIn(app, ctx);
    app.get('/api/points/rank', async (request) => ok(await points.getRank(ctx, callerOf(request), request.query)));
    app.get('/api/points/trend', async (request) => ok(await points.getTrend(ctx, callerOf(request), request.query)));
    app.get('/api/points/mine', async (request) => ok(await points.findMyPoints(ctx, callerOf(request), request.query)));
    app.post('/api/points/adjust', async (request) => {
      const { message, ...result } = await points.adjustPoints(ctx, actorOf(request), request.body);
      return ok(result, message);
    });
  };
}
