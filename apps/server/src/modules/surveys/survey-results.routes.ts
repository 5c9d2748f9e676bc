import { SurveyResultsMessages } from '@osp/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { JSON_CONTENT_TYPE, ok } from '../../http/envelope';
import { attachmentDisposition } from '../../lib/content-disposition';
import { actorOf, callerOf, requireSignIn } from '../auth/auth.hook';
import { asFrameDownloadScope } from '../exports/exports.routes';
import { XLSX_MIME } from '../exports/exports.sheet';
import { exportSurvey } from './survey-export';
import * as results from './survey-results.service';

/**
 * A survey's results (issue 16, SPEC §7 Survey, docs/surveys-api.md "Results"): for holders of survey_admin, in three
 * sibling scopes — the signed-in calls, the export (session from the header or the cookie, SPEC §9's readiness cookie,
 * as the other exports) and the public results link (no sign-in).
 */
export function surveyResultsRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance): Promise<void> {
    await app.register(exportRoutes(ctx));
    await app.register(publicRoutes(ctx));
    await app.register(signedInRoutes(ctx));
  };
}

function signedInRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance): Promise<void> {
    requireSignIn(app, ctx);
    app.get('/api/surveys/:id/responses', async (request, reply) =>
      reply.type(JSON_CONTENT_TYPE).send(await results.getResultsJson(ctx, callerOf(request), request.params, request.query)),
    );
    app.get('/api/survey/:id/returns', async (request) =>
      ok(await results.getReturns(ctx, callerOf(request), request.params, request.query)),
    );
    app.get('/api/survey/metric', async (request) => ok(await results.getMetric(ctx, callerOf(request), request.query)));
    app.post('/api/survey/:id/remind', async (request) => {
      const { message, ...result } = await results.remindPending(ctx, actorOf(request), request.params);
      return ok(result, message);
    });
    app.post('/api/surveys/:id/result-link', async (request) =>
      ok(await results.createResultLink(ctx, actorOf(request), request.params, request.body), SurveyResultsMessages.resultLinkSaved),
    );
    app.delete('/api/surveys/:id/result-link', async (request) => {
      await results.deleteResultLink(ctx, actorOf(request), request.params);
      return ok(null, SurveyResultsMessages.resultLinkDeleted);
    });
  };
}

function exportRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance): Promise<void> {
    asFrameDownloadScope(app, ctx);
    app.get('/api/survey/exportAs', async (request, reply) => {
      const file = await exportSurvey(ctx, callerOf(request), request.query);
      return reply
        .type(XLSX_MIME)
        .header('content-disposition', attachmentDisposition(file.filename))
        .header('cache-control', 'no-store')
        .send(file.body);
    });
  };
}

/** No sign-in: whoever holds an unexpired token reads the aggregates. */
function publicRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance): Promise<void> {
    app.get('/api/publish/result/:token', async (request) => ok(await results.getPublicResults(ctx, request.params)));
  };
}
