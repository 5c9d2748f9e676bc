import { ArticleTypeMessages } from '@osp/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { actorOf, callerOf, requireSignIn } from '../auth/auth.hook';
import { ok } from '../../http/envelope';
import * as types from './article-types.service';

/** SPEC §7 /api/articletype[/{id}] (issue 15), and the order of the types (docs/articles-api.md). */
export function articleTypesRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance): Promise<void> {
    requireSignIn(app, ctx);
    app.get('/api/articletype', async (request) => ok(await types.listArticleTypes(ctx, callerOf(request))));
    app.post('/api/articletype', async (request) =>
      ok(await types.createArticleType(ctx, actorOf(request), request.body), ArticleTypeMessages.saved),
    );
    // A static segment: find-my-way prefers it to /:id, whatever the order of registration.
    app.post('/api/articletype/sort', async (request) =>
      ok(await types.sortArticleTypes(ctx, actorOf(request), request.body), ArticleTypeMessages.sorted),
    );
    app.get('/api/articletype/:id', async (request) => ok(await types.getArticleType(ctx, callerOf(request), request.params)));
    app.put('/api/articletype/:id', async (request) =>
      ok(await types.renameArticleType(ctx, actorOf(request), request.params, request.body), ArticleTypeMessages.saved),
    );
    app.delete('/api/articletype/:id', async (request) => {
      await types.deleteArticleType(ctx, actorOf(request), request.params);
      return ok(null, ArticleTypeMessages.deleted);
    });
  };
}
