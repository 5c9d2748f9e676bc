import { PasswordMessages, ProfileMessages } from '@osp/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { callerOf, requireSignIn } from '../auth/auth.hook';
import { JSON_CONTENT_TYPE, ok } from '../../http/envelope';
import { clientOf } from '../security-log/security-log.service';
import * as users from './users.service';

export function usersRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance): Promise<void> {
    requireSignIn(app, ctx);
    app.get('/api/user/profile', async (request, reply) => reply.type(JSON_CONTENT_TYPE).send(users.profileJson(callerOf(request))));
    app.get('/api/person', async (request) => ok(await users.getPerson(ctx, callerOf(request))));
    app.put('/api/person', async (request) => ok(await users.updatePerson(ctx, callerOf(request), request.body), ProfileMessages.updated));
    app.patch('/api/password/change', async (request) => {
      await users.changePassword(ctx, callerOf(request), request.body, clientOf(request));
      return ok(null, PasswordMessages.changed);
    });
  };
}
