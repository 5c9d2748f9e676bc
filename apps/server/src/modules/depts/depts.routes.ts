import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { requireSignIn } from '../../http/auth-hook';
import { ok } from '../../http/envelope';
import * as depts from './depts.service';

export function deptsRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance): Promise<void> {
    requireSignIn(app, ctx);
    app.get('/api/depts', async () => ok(await depts.getDeptTree(ctx)));
    app.get('/api/depts/users', async (request) => ok(await depts.listDeptUsers(ctx, request.query)));
  };
}
