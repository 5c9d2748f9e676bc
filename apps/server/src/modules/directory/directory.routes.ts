import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { requireSignIn } from '../auth/auth.hook';
import { ok } from '../../http/envelope';
import * as directory from './directory.service';

export function directoryRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance): Promise<void> {
    requireSignIn(app, ctx);
    app.get('/api/depts', async () => ok(await directory.getDeptTree(ctx)));
    app.get('/api/depts/users', async (request) => ok(await directory.listDeptUsers(ctx, request.query)));
  };
}
