import { ApprovalMessages, CommonMessages } from '@osp/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { actorOf, callerOf, requireSignIn } from '../../http/auth-hook';
import { ok } from '../../http/envelope';
import * as templates from './templates.service';

/** SPEC §7 Templates: groups, templates and their IPTV variant, nodes, node links, order, favourites. */
export function templatesRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance): Promise<void> {
    requireSignIn(app, ctx);

    app.get('/api/template/groups', async (request) => ok(await templates.listGroups(ctx, callerOf(request))));
    app.get('/api/template/groups/:id', async (request) => ok(await templates.getGroup(ctx, callerOf(request), request.params)));
    app.post('/api/template/groups', async (request) =>
      ok(await templates.createGroup(ctx, actorOf(request), request.body), ApprovalMessages.saved),
    );
    app.put('/api/template/groups/:id', async (request) =>
      ok(await templates.updateGroup(ctx, actorOf(request), request.params, request.body), ApprovalMessages.saved),
    );
    app.delete('/api/template/groups/:id', async (request) => {
      await templates.deleteGroup(ctx, actorOf(request), request.params);
      return ok(null, ApprovalMessages.deleted);
    });

    // Fixed paths before /api/templates/:id so that "sort" and "nodeLinks" are never read as ids.
    app.post('/api/templates/sort', async (request) => {
      await templates.sortTemplates(ctx, actorOf(request), request.body);
      return ok(null, CommonMessages.success);
    });
    app.delete('/api/templates/nodeLinks/:id', async (request) =>
      ok(await templates.deleteLink(ctx, actorOf(request), request.params), ApprovalMessages.deleted),
    );

    for (const [prefix, iptv] of [
      ['/api/templates', false],
      ['/api/iptvtemplates', true],
    ] as const) {
      app.get(prefix, async (request) => ok(await templates.listTemplates(ctx, callerOf(request), request.query, iptv)));
      app.get(`${prefix}/:id`, async (request) => ok(await templates.getTemplate(ctx, callerOf(request), request.params, iptv)));
      app.post(prefix, async (request) =>
        ok(await templates.createTemplate(ctx, actorOf(request), request.body, iptv), ApprovalMessages.saved),
      );
      app.put(`${prefix}/:id`, async (request) =>
        ok(await templates.updateTemplate(ctx, actorOf(request), request.params, request.body, iptv), ApprovalMessages.saved),
      );
      app.delete(`${prefix}/:id`, async (request) => {
        await templates.deleteTemplate(ctx, actorOf(request), request.params, iptv);
        return ok(null, ApprovalMessages.deleted);
      });
      app.post(`${prefix}/:id/favorite`, async (request) => {
        await templates.setFavorite(ctx, callerOf(request), request.params, true);
        return ok(null, ApprovalMessages.favorited);
      });
      app.post(`${prefix}/:id/unfavorite`, async (request) => {
        await templates.setFavorite(ctx, callerOf(request), request.params, false);
        return ok(null, ApprovalMessages.unfavorited);
      });
    }

    app.get('/api/templates/:templateID/nodes', async (request) => ok(await templates.listNodes(ctx, callerOf(request), request.params)));
    app.post('/api/templates/:templateID/nodes', async (request) =>
      ok(await templates.createNode(ctx, actorOf(request), request.params, request.body), ApprovalMessages.saved),
    );
    app.get('/api/templates/:templateID/nodes/:nodeID', async (request) =>
      ok(await templates.getNode(ctx, callerOf(request), request.params)),
    );
    app.put('/api/templates/:templateID/nodes/:nodeID', async (request) =>
      ok(await templates.updateNode(ctx, actorOf(request), request.params, request.body), ApprovalMessages.saved),
    );
    app.delete('/api/templates/:templateID/nodes/:nodeID', async (request) =>
      ok(await templates.deleteNode(ctx, actorOf(request), request.params), ApprovalMessages.deleted),
    );
    app.post('/api/templates/:templateID/nodeLinks', async (request) =>
      ok(await templates.createLink(ctx, actorOf(request), request.params, request.body), ApprovalMessages.saved),
    );
  };
}
