import { WorkCalendarMessages } from '@osp/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { actorOf, callerOf, requireSignIn } from '../auth/auth.hook';
import { ok } from '../../http/envelope';
import { getMyStats } from './holiday.service';
import { getCalendarYear, putCalendarYear } from './work-calendar.service';

export function holidayRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance): Promise<void> {
    requireSignIn(app, ctx);
    app.get('/api/holiday/my/stats', async (request) => ok(await getMyStats(ctx, callerOf(request))));
    app.get('/api/holiday/calendar', async (request) => ok(await getCalendarYear(ctx, callerOf(request), request.query)));
    app.put('/api/holiday/calendar/:year', async (request) =>
      ok(await putCalendarYear(ctx, actorOf(request), request.params, request.body), WorkCalendarMessages.saved),
    );
  };
}
