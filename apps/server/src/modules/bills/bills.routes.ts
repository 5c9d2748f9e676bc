import { ApprovalMessages, ChangeMessages, NoticeMessages, RelatedMessages, ShareMessages } from '@osp/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { callerOf, requireSignIn } from '../auth/auth.hook';
import { JSON_CONTENT_TYPE, ok } from '../../http/envelope';
import { clientOf } from '../security-log/security-log.service';
import * as accessLog from './bills.access-log';
import * as actions from './bills.actions';
import * as batch from './bills.batch';
import * as lists from './bills.list';
import * as bills from './bills.service';
import * as related from './bills.related';
import { urgeBill } from './bills.urge';
import { changeBill } from './bills.change';
import { previewBillPath } from './bills.path-preview';

/** SPEC §7 Bills, GET /oa/flow/{id} and GET /api/dashboard. docs/approval-api.md describes each. */
export function billsRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance): Promise<void> {
    requireSignIn(app, ctx);

    // Both answer JSON text, kept per person while nothing they show has changed (bills.box-cache.ts).
    app.get('/api/dashboard', async (request, reply) =>
      reply.type(JSON_CONTENT_TYPE).send(await lists.dashboardJson(ctx, callerOf(request))),
    );
    app.get('/api/bills', async (request, reply) =>
      reply.type(JSON_CONTENT_TYPE).send(await lists.listBillsJson(ctx, callerOf(request), request.query)),
    );
    app.post('/api/bills', async (request) => ok(await bills.createBill(ctx, callerOf(request), request.body), ApprovalMessages.saved));
    app.post('/api/bills/shares', async (request) =>
      ok(await actions.shareBills(ctx, callerOf(request), request.body), ApprovalMessages.shared),
    );
    // Before /api/bills/:id: "path-preview" is a fixed path, never an id.
    app.post('/api/bills/path-preview', async (request) => ok(await previewBillPath(ctx, callerOf(request), request.body)));
    app.post('/api/bills/batch/approve', async (request) => {
      const { result, message } = await batch.approveBills(ctx, callerOf(request), request.body);
      return ok(result, message);
    });

    app.get('/api/bills/access/log', async (request) => ok(await accessLog.findBillAccessLog(ctx, callerOf(request), request.query)));

    app.get('/api/relatedbusiness', async (request) => ok(await related.getRelatedBusiness(ctx, callerOf(request), request.query)));
    app.post('/api/relatedbusiness', async (request) =>
      ok(await related.linkBills(ctx, callerOf(request), request.body), RelatedMessages.linked),
    );
    app.delete('/api/relatedbusiness/:bill_id/:related_id', async (request) =>
      ok(await related.unlinkBill(ctx, callerOf(request), request.params), RelatedMessages.unlinked),
    );

    // Task operations: registered before /api/bills/:id so that "flownode" is never read as an id.
    app.get('/api/bills/flownode/:id', async (request) => ok(await bills.getTask(ctx, callerOf(request), request.params)));
    const operate = async (request: FastifyRequest) => {
      const { result, message } = await bills.operate(ctx, callerOf(request), request.params, request.body);
      return ok(result, message);
    };
    // SPEC §7 "any method /api/bills/flownode/{id}": the operation named in the body (docs/approval-api.md).
    const operateNamed = async (request: FastifyRequest) => {
      const { result, message } = await bills.operateNamedInBody(ctx, callerOf(request), request.params, request.body);
      return ok(result, message);
    };
    app.post('/api/bills/flownode/:id', operateNamed);
    app.put('/api/bills/flownode/:id', operateNamed);
    app.patch('/api/bills/flownode/:id', operateNamed);
    app.post('/api/bills/flownode/:id/:operType', operate);
    app.put('/api/bills/flownode/:id/:operType', operate);
    app.patch('/api/bills/flownode/:id/:operType', operate);

    // Opening a bill is recorded for its 访问记录 (bills.access-log.ts); the reads after an action are not opens.
    app.get('/api/bills/:id', async (request) => ok(await accessLog.openBill(ctx, callerOf(request), request.params, clientOf(request))));
    app.put('/api/bills/:id', async (request) =>
      ok(await bills.updateBill(ctx, callerOf(request), request.params, request.body), ApprovalMessages.saved),
    );
    app.delete('/api/bills/:id', async (request) => {
      await bills.deleteBill(ctx, callerOf(request), request.params);
      return ok(null, ApprovalMessages.deleted);
    });
    app.get('/api/bills/:id/items', async (request) => ok(await bills.getItems(ctx, callerOf(request), request.params)));
    app.post('/api/bills/:id/items', async (request) =>
      ok(await bills.addItemRow(ctx, callerOf(request), request.params, request.body), ApprovalMessages.saved),
    );
    app.delete('/api/bills/:id/items', async (request) =>
      ok(await bills.removeItemRow(ctx, callerOf(request), request.params, request.query), ApprovalMessages.saved),
    );
    app.put('/api/bills/:id/items', async (request) =>
      ok(await bills.putItems(ctx, callerOf(request), request.params, request.body), ApprovalMessages.saved),
    );
    app.post('/api/bills/:id/release', async (request) => {
      const detail = await bills.releaseBill(ctx, callerOf(request), request.params, request.body);
      return ok(detail, detail.resubmitted ? ApprovalMessages.resubmitted : ApprovalMessages.released);
    });
    app.patch('/api/bills/:id/returned', async (request) => {
      await bills.withdrawBill(ctx, callerOf(request), request.params, request.body);
      return ok(await bills.getBill(ctx, callerOf(request), request.params), ApprovalMessages.withdrawn);
    });
    app.patch('/api/bills/:id/abandon', async (request) => {
      await bills.abandonBill(ctx, callerOf(request), request.params, request.body);
      return ok(await bills.getBill(ctx, callerOf(request), request.params), ApprovalMessages.abandoned);
    });
    app.patch('/api/bills/:id/replication', async (request) =>
      ok(await actions.replicateBill(ctx, callerOf(request), request.params, request.body), ApprovalMessages.replicated),
    );
    app.patch('/api/bills/:id/close', async (request) => {
      await actions.closeBill(ctx, callerOf(request), request.params, request.body);
      return ok(await bills.getBill(ctx, callerOf(request), request.params), ApprovalMessages.closed);
    });
    app.patch('/api/bills/:id/track', async (request) =>
      ok(await actions.trackBill(ctx, callerOf(request), request.params, true), ApprovalMessages.tracked),
    );
    app.patch('/api/bills/:id/untrack', async (request) =>
      ok(await actions.trackBill(ctx, callerOf(request), request.params, false), ApprovalMessages.untracked),
    );
    app.patch('/api/bills/:id/ignore', async (request) => {
      const { result, message } = await actions.ignoreBill(ctx, callerOf(request), request.params);
      return ok(result, message);
    });
    app.patch('/api/bills/:id/share', async (request) =>
      ok(await actions.shareBill(ctx, callerOf(request), request.params, request.body), ApprovalMessages.shared),
    );
    app.patch('/api/bills/:id/unshare', async (request) =>
      ok(await actions.unshareBill(ctx, callerOf(request), request.params, request.body), ShareMessages.unshared),
    );
    app.patch('/api/bills/:id/change', async (request) =>
      ok(await changeBill(ctx, callerOf(request), request.params, request.body), ChangeMessages.saved),
    );
    app.patch('/api/bills/:id/urge', async (request) => ok(await urgeBill(ctx, callerOf(request), request.params), NoticeMessages.urged));
    app.get('/api/bills/:id/shares', async (request) => ok(await actions.listShares(ctx, callerOf(request), request.params)));
    app.get('/api/bills/:id/history', async (request) => ok(await bills.getHistory(ctx, callerOf(request), request.params)));
    app.get('/api/bills/:id/histories', async (request) => ok(await bills.getRecord(ctx, callerOf(request), request.params)));
    app.get('/oa/flow/:id', async (request) => ok(await bills.getFlow(ctx, callerOf(request), request.params)));
  };
}
