import { HandoverMessages } from '@osp/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { actorOf, callerOf, requireSignIn } from '../auth/auth.hook';
import { ok } from '../../http/envelope';
import * as handover from './handover.service';

/**
 * 离职交接 under 用户管理 (sys_user): GET what a handover of the person would move (the disable confirmation's count),
 * POST {to_user_id} to move it. Ids in paths that are not numbers become NaN, answered as "not found".
 */
type WithId = { Params: { id: string } };

export function handoverRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance): Promise<void> {
    requireSignIn(app, ctx);
    app.get<WithId>('/api/admin/users/:id/handover', async (request) =>
      ok(await handover.getHandoverSummary(ctx, callerOf(request), Number(request.params.id))),
    );
    app.post<WithId>('/api/admin/users/:id/handover', async (request) => {
      const result = await handover.handOver(ctx, actorOf(request), Number(request.params.id), request.body);
      const moved = result.tasks.moved.length + result.drafts + result.entrusts;
      return ok(
        result,
        moved === 0 && result.tasks.skipped.length === 0
          ? HandoverMessages.nothing
          : HandoverMessages.done(result.to_name, result.tasks.moved.length, result.drafts, result.entrusts),
      );
    });
  };
}
