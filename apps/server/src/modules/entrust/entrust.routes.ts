import { ApprovalMessages, EntrustMessages } from '@osp/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { actorOf, callerOf, requireSignIn } from '../auth/auth.hook';
import { ok } from '../../http/envelope';
import * as entrust from './entrust.service';

/**
 * SPEC §7 bill entrusts: POST, GET /api/users/billEntrust; PUT, DELETE /api/users/billEntrust/{id}. Issue 13 adds
 * PATCH …/{id}/end (提前结束) and GET …/templates (the templates an entrust may name), for the 审批委托 page.
 */
export function entrustRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance): Promise<void> {
    requireSignIn(app, ctx);
    app.get('/api/users/billEntrust', async (request) => ok(await entrust.listEntrusts(ctx, callerOf(request), request.query)));
    app.get('/api/users/billEntrust/templates', async (request) => ok(await entrust.listEntrustTemplates(ctx, callerOf(request))));
    app.post('/api/users/billEntrust', async (request) => {
      const created = await entrust.createEntrust(ctx, actorOf(request), request.body);
      const moved = created.moved_tasks;
      return ok(created, moved ? EntrustMessages.savedAndMoved(moved.moved.length, moved.skipped.length) : ApprovalMessages.entrustSaved);
    });
    app.put('/api/users/billEntrust/:id', async (request) =>
      ok(await entrust.updateEntrust(ctx, actorOf(request), request.params, request.body), ApprovalMessages.entrustSaved),
    );
    app.patch('/api/users/billEntrust/:id/end', async (request) =>
      ok(await entrust.endEntrust(ctx, actorOf(request), request.params), EntrustMessages.ended),
    );
    app.delete('/api/users/billEntrust/:id', async (request) => {
      await entrust.deleteEntrust(ctx, actorOf(request), request.params);
      return ok(null, ApprovalMessages.entrustDeleted);
    });
  };
}
