import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { callerOf, requireSignIn } from '../auth/auth.hook';
import { MENU_VERSION_HEADER } from './menus.hook';
import { userMenu } from './menus.service';
import { JSON_CONTENT_TYPE } from '../../http/envelope';

export function menusRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance): Promise<void> {
    requireSignIn(app, ctx);
    // The version is the hash of this very body, whatever changed since the request began.
    app.get('/api/user/menu', async (request, reply) => {
      const { json, version } = await userMenu(ctx, callerOf(request));
      return reply.header(MENU_VERSION_HEADER, version).type(JSON_CONTENT_TYPE).send(json);
    });
  };
}
