import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { optionalCaller } from '../auth/auth.hook';
import { ok } from '../../http/envelope';
import { getSettings } from './settings.service';

export function settingsRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance): Promise<void> {
    app.get('/api/settings', async (request) => ok(await getSettings(ctx, await optionalCaller(ctx, request))));
  };
}
