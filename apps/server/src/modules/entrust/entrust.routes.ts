import { ApprovalMessages } from '@osp/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { actorOf, callerOf, requireSignIn } from '../auth/auth.hook';
import { ok } from '../../http/envelope';
import * as entrust from './entrust.service';

/** SPEC §7 bill entrusts: POST, GET /api/users/billEntrust; PUT, DELETE /api/users/billEntrust/{id}. */
export function entrustRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance): Promise<void> {
    requireSignIn(app, ctx);
    app.get('/api/users/billEntrust', async (request) => ok(await entrust.listEntrusts(ctx, callerOf(request), request.query)));
    app.post('/api/users/billEntrust', async (request) =>
      ok(await entrust.createEntrust(ctx, actorOf(request), request.body), ApprovalMessages.entrustSaved),
    );
    app.put('/api/users/billEntrust/:id', async (request) =>
      ok(await entrust.updateEntrust(ctx, actorOf(request), request.params, request.body), ApprovalMessages.entrustSaved),
    );
    app.delete('/api/users/billEntrust/:id', async (request) => {
      await entrust.deleteEntrust(ctx, actorOf(request), request.params);
      return ok(null, ApprovalMessages.entrustDeleted);
    });
  };
}
