import { ArticleMessages } from '@osp/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { callerOf, requireSignIn } from '../auth/auth.hook';
import { ok } from '../../http/envelope';
import * as articles from './articles.service';

export function articlesRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance): Promise<void> {
    requireSignIn(app, ctx);
    // Registered before /api/article/:id so that "force" is never read as an id.
    app.get('/api/article/force/view', async (request) => ok(await articles.getForceView(ctx, callerOf(request))));
    app.get('/api/article/:id', async (request) => ok(await articles.getArticle(ctx, callerOf(request), request.params)));
    app.post('/api/article/:id/view/confirm', async (request) =>
      ok(await articles.confirmArticle(ctx, callerOf(request), request.params), ArticleMessages.confirmed),
    );
  };
}
