import { AuthorizationCheckZ, CommonMessages, LoginZ } from '@osp/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { callerOf, requireSignIn } from './auth.hook';
import { ok } from '../../http/envelope';
import { parse } from '../../http/validate';
import { clientOf } from '../security-log/security-log.service';
import * as auth from './auth.service';
import { createCaptcha } from './captcha';

export function authRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance): Promise<void> {
    const signIn = async (request: FastifyRequest) => ok(await auth.login(ctx, parse(LoginZ, request.body), clientOf(request)));
    app.post('/api/authorizations', signIn);
    // SPEC §7 names the "main API" login call too; it is the same contract on the same server.
    app.post('/account/AccountAction.php', signIn);

    app.post('/api/authorizations/check', async (request) => {
      const input = parse(AuthorizationCheckZ, request.body);
      return ok(await auth.checkAuthorization(ctx, request.headers.authorization, input.username, request.ip));
    });

    app.post('/api/authorizations/captcha', async (request) => ok(await createCaptcha(ctx, request.ip)));

    await app.register(async (scope) => {
      requireSignIn(scope, ctx);
      scope.delete('/api/authorizations/current', async (request) => {
        await auth.logout(ctx, callerOf(request), clientOf(request));
        return ok(null, CommonMessages.loggedOut);
      });
    });
  };
}
