import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { callerOf, requireSignIn } from '../../http/auth-hook';
import { ok } from '../../http/envelope';
import { getUserMenu } from './menus.service';

export function menusRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance): Promise<void> {
    requireSignIn(app, ctx);
    app.get('/api/user/menu', async (request) => ok(await getUserMenu(ctx, callerOf(request))));
  };
}
