import { ArticleAdminMessages, ArticleMessages } from '@osp/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { actorOf, callerOf, requireSignIn } from '../auth/auth.hook';
import { JSON_CONTENT_TYPE, ok } from '../../http/envelope';
import * as admin from './articles.admin';
import { listAudienceRoles } from './articles.audience';
import { getReadLog } from './articles.read-log';
import { articleReadLogExportRoutes } from './articles.read-log.routes';
import { remindUnread } from './articles.remind';
import * as articles from './articles.service';

/**
 * SPEC §7 Articles (issue 15, docs/articles-api.md): /api/article for holders of article_admin (GET /api/article/{id}
 * answers them the whole article, everyone else the reader's view), the forced-read gate, and /api/employ/article.
 */
export function articlesRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance): Promise<void> {
    // Side by side, not nested: the read log's export takes the session from the header or the cookie, in its own scope.
    await app.register(articleReadLogExportRoutes(ctx));
    await app.register(signedInRoutes(ctx));
  };
}

function signedInRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance): Promise<void> {
    requireSignIn(app, ctx);
    // Static segments: find-my-way prefers them to /:id whatever the order of registration.
    app.get('/api/article/force/view', async (request) => ok(await articles.getForceView(ctx, callerOf(request))));
    app.get('/api/article/roles', async (request) => ok(await listAudienceRoles(ctx, callerOf(request))));
    app.get('/api/article', async (request) => ok(await admin.findAdminArticles(ctx, callerOf(request), request.query)));
    app.post('/api/article', async (request) =>
      ok(await admin.createArticle(ctx, actorOf(request), request.body), ArticleAdminMessages.saved),
    );
    app.get('/api/article/:id', async (request) => ok(await articles.getArticle(ctx, callerOf(request), request.params)));
    app.put('/api/article/:id', async (request) =>
      ok(await admin.updateArticle(ctx, actorOf(request), request.params, request.body), ArticleAdminMessages.saved),
    );
    app.delete('/api/article/:id', async (request) => {
      await admin.deleteArticle(ctx, actorOf(request), request.params);
      return ok(null, ArticleAdminMessages.deleted);
    });
    app.post('/api/article/:id/publish', async (request) =>
      ok(await admin.moveArticle(ctx, actorOf(request), request.params, 'publish'), ArticleAdminMessages.published),
    );
    app.post('/api/article/:id/withdraw', async (request) =>
      ok(await admin.moveArticle(ctx, actorOf(request), request.params, 'withdraw'), ArticleAdminMessages.withdrawn),
    );
    app.get('/api/article/view/log', async (request) => ok(await getReadLog(ctx, callerOf(request), request.query)));
    app.post('/api/article/:id/view/remind', async (request) => {
      const { result, message } = await remindUnread(ctx, actorOf(request), request.params);
      return ok(result, message);
    });
    app.post('/api/article/:id/view/confirm', async (request) =>
      ok(await articles.confirmArticle(ctx, callerOf(request), request.params), ArticleMessages.confirmed),
    );
    // Both answer JSON text, kept per reader while nothing they show has changed (articles.answers.ts).
    app.get('/api/dashboard/article', async (request, reply) =>
      reply.type(JSON_CONTENT_TYPE).send(await articles.findDashboardArticlesJson(ctx, callerOf(request))),
    );
    app.get('/api/employ/article', async (request, reply) =>
      reply.type(JSON_CONTENT_TYPE).send(await articles.findEmployArticlesJson(ctx, callerOf(request), request.query)),
    );
    app.get('/api/employ/article/:id', async (request) => ok(await articles.getEmployArticle(ctx, callerOf(request), request.params)));
  };
}
