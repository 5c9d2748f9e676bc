import { CommonMessages } from '@osp/shared';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';

export function healthRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance): Promise<void> {
    app.get('/api/health', async (request, reply) => {
      try {
        await sql`select 1`.execute(ctx.db);
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
