import { ApprovalMessages } from '@osp/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { actorOf, callerOf, requireSignIn } from '../auth/auth.hook';
import { ok } from '../../http/envelope';
import * as jobs from './jobs.service';

/** SPEC §7 jobs (roles) with members, and the templates that use a job. */
export function jobsRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance): Promise<void> {
    requireSignIn(app, ctx);
    app.get('/api/jobs', async (request) => ok(await jobs.listJobs(ctx, callerOf(request), request.query)));
    app.post('/api/jobs', async (request) => ok(await jobs.createJob(ctx, actorOf(request), request.body), ApprovalMessages.saved));
    app.get('/api/jobs/:id', async (request) => ok(await jobs.getJob(ctx, callerOf(request), request.params)));
    app.put('/api/jobs/:id', async (request) =>
      ok(await jobs.updateJob(ctx, actorOf(request), request.params, request.body), ApprovalMessages.saved),
    );
    app.delete('/api/jobs/:id', async (request) => {
      await jobs.deleteJob(ctx, actorOf(request), request.params);
      return ok(null, ApprovalMessages.deleted);
    });
    app.get('/api/jobs/:id/templates', async (request) => ok(await jobs.jobTemplates(ctx, callerOf(request), request.params)));
    app.get('/api/jobs/:id/members', async (request) => ok(await jobs.listMembers(ctx, callerOf(request), request.params)));
    app.post('/api/jobs/:id/members', async (request) =>
      ok(await jobs.addMember(ctx, actorOf(request), request.params, request.body), ApprovalMessages.saved),
    );
    app.put('/api/jobs/:id/members/:uuid', async (request) =>
      ok(await jobs.updateMember(ctx, actorOf(request), request.params, request.body), ApprovalMessages.saved),
    );
    app.delete('/api/jobs/:id/members/:uuid', async (request) => {
      await jobs.removeMember(ctx, actorOf(request), request.params);
      return ok(null, ApprovalMessages.deleted);
    });
  };
}
