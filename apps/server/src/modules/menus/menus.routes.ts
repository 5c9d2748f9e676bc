import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { callerOf, requireSignIn } from '../auth/auth.hook';
import { userMenuJson } from './menus.service';

export function menusRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance): Promise<void> {
    requireSignIn(app, ctx);
    app.get('/api/user/menu', async (request, reply) =>
      reply.type('application/json; charset=utf-8').send(await userMenuJson(ctx, callerOf(request))),
    );
  };
}
