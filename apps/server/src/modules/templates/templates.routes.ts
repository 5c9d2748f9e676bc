import { ApprovalMessages, CommonMessages } from '@osp/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { actorOf, callerOf, requireSignIn } from '../auth/auth.hook';
import { ok } from '../../http/envelope';
import * as flows from './templates.flow';
import * as groups from './templates.groups';
import * as preview from './templates.preview';
import { copyTemplate } from './templates.copy';
import * as templates from './templates.service';

/**
 * SPEC §7 Templates: groups and their order, templates and their IPTV variant (save or publish, copy),
 * nodes, node links, order, favourites; the designer's flow preview and the roles a starter list may name.
 */
export function templatesRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance): Promise<void> {
    requireSignIn(app, ctx);

    app.get('/api/template/groups', async (request) => ok(await groups.listGroups(ctx, callerOf(request))));
    app.post('/api/template/groups/sort', async (request) =>
      ok(await groups.sortGroups(ctx, actorOf(request), request.body), CommonMessages.success),
    );
    app.get('/api/template/groups/:id', async (request) => ok(await groups.getGroup(ctx, callerOf(request), request.params)));
    app.post('/api/template/groups', async (request) =>
      ok(await groups.createGroup(ctx, actorOf(request), request.body), ApprovalMessages.saved),
    );
    app.put('/api/template/groups/:id', async (request) =>
      ok(await groups.updateGroup(ctx, actorOf(request), request.params, request.body), ApprovalMessages.saved),
    );
    app.delete('/api/template/groups/:id', async (request) => {
      await groups.deleteGroup(ctx, actorOf(request), request.params);
      return ok(null, ApprovalMessages.deleted);
    });
    app.get('/api/template/roles', async (request) => ok(await templates.listStarterRoles(ctx, callerOf(request))));

    // Fixed paths before /api/templates/:id so that "sort", "nodeLinks" and "flow-preview" are never read as ids.
    app.post('/api/templates/sort', async (request) => {
      await groups.sortTemplates(ctx, actorOf(request), request.body);
      return ok(null, CommonMessages.success);
    });
    app.post('/api/templates/flow-preview', async (request) => ok(await preview.previewFlow(ctx, callerOf(request), request.body)));
    app.delete('/api/templates/nodeLinks/:id', async (request) =>
      ok(await flows.deleteLink(ctx, actorOf(request), request.params), ApprovalMessages.deleted),
    );

    for (const [prefix, iptv] of [
      ['/api/templates', false],
      ['/api/iptvtemplates', true],
    ] as const) {
      app.get(prefix, async (request) => ok(await templates.listTemplates(ctx, callerOf(request), request.query, iptv)));
      app.get(`${prefix}/:id`, async (request) =>
        ok(await templates.getTemplate(ctx, callerOf(request), request.params, iptv, request.query)),
      );
      app.post(prefix, async (request) =>
        ok(await templates.createTemplate(ctx, actorOf(request), request.body, iptv), ApprovalMessages.saved),
      );
      app.put(`${prefix}/:id`, async (request) => {
        const saved = await templates.updateTemplate(ctx, actorOf(request), request.params, request.body, iptv);
        return ok(saved, templates.savedMessage(saved));
      });
      app.delete(`${prefix}/:id`, async (request) => {
        await templates.deleteTemplate(ctx, actorOf(request), request.params, iptv);
        return ok(null, ApprovalMessages.deleted);
      });
      app.post(`${prefix}/:id/copy`, async (request) => {
        const copy = await copyTemplate(ctx, actorOf(request), request.params, iptv);
        return ok(copy, ApprovalMessages.templateCopied(copy.name));
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

    app.get('/api/templates/:templateID/nodes', async (request) => ok(await flows.listNodes(ctx, callerOf(request), request.params)));
    app.post('/api/templates/:templateID/nodes', async (request) =>
      ok(await flows.createNode(ctx, actorOf(request), request.params, request.body), ApprovalMessages.saved),
    );
    app.get('/api/templates/:templateID/nodes/:nodeID', async (request) => ok(await flows.getNode(ctx, callerOf(request), request.params)));
    app.put('/api/templates/:templateID/nodes/:nodeID', async (request) =>
      ok(await flows.updateNode(ctx, actorOf(request), request.params, request.body), ApprovalMessages.saved),
    );
    app.delete('/api/templates/:templateID/nodes/:nodeID', async (request) =>
      ok(await flows.deleteNode(ctx, actorOf(request), request.params), ApprovalMessages.deleted),
    );
    app.post('/api/templates/:templateID/nodeLinks', async (request) =>
      ok(await flows.createLink(ctx, actorOf(request), request.params, request.body), ApprovalMessages.saved),
    );
  };
}
