import { CommonMessages } from '@osp/shared';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';

/** Readiness answers within this even while the database hangs, so an orchestrator's probe is not held. */
const HEALTH_TIMEOUT_MS = 2_000;

function withinTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`database did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export function healthRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance): Promise<void> {
    app.get('/api/health', async (request, reply) => {
      try {
        await withinTimeout(sql`select 1`.execute(ctx.db), HEALTH_TIMEOUT_MS);
        return ok({ database: 'up', engine: ctx.engine });
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply
          .status(503)
          .send({ status_code: 503, message: CommonMessages.databaseDown, data: { database: 'down', engine: ctx.engine } });
      }
    });
  };
}
