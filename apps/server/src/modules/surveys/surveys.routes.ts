import { SurveyAdminMessages, SurveyApiMessages } from '@osp/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { actorOf, callerOf, requireSignIn } from '../auth/auth.hook';
import * as people from './surveys.people';
import * as rules from './surveys.rules';
import * as surveys from './surveys.service';

/**
 * SPEC §7 Survey, the administration part (issue 16, docs/surveys-api.md "Administration"): /api/surveys and the
 * /api/survey status, target and people calls, all for holders of survey_admin. Filling and results register their
 * own routes (survey-fill, survey-results).
 */
export function surveysAdminRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance): Promise<void> {
    requireSignIn(app, ctx);
    app.get('/api/surveys', async (request) => ok(await surveys.findSurveys(ctx, callerOf(request), request.query)));
    app.post('/api/surveys', async (request) =>
      ok(await surveys.createSurvey(ctx, actorOf(request), request.body), SurveyApiMessages.saved),
    );
    app.get('/api/surveys/:id', async (request) => ok(await surveys.getSurvey(ctx, callerOf(request), request.params)));
    app.put('/api/surveys/:id', async (request) =>
      ok(await surveys.saveSurvey(ctx, actorOf(request), request.params, request.body), SurveyApiMessages.saved),
    );
    app.delete('/api/surveys/:id', async (request) => {
      await surveys.deleteSurvey(ctx, actorOf(request), request.params);
      return ok(null, SurveyApiMessages.deleted);
    });
    app.get('/api/surveys/:id/preview', async (request) => ok(await surveys.previewSurvey(ctx, callerOf(request), request.params)));
    app.post('/api/surveys/:id/release', async (request) =>
      ok(await surveys.releaseSurvey(ctx, actorOf(request), request.params), SurveyApiMessages.released),
    );
    app.post('/api/surveys/:id/unrelease', async (request) =>
      ok(await surveys.unreleaseSurvey(ctx, actorOf(request), request.params), SurveyApiMessages.unreleased),
    );
    app.post('/api/surveys/:id/replication', async (request) =>
      ok(await surveys.replicateSurvey(ctx, actorOf(request), request.params), SurveyAdminMessages.replicated),
    );
    app.put('/api/survey/:id', async (request) =>
      ok(await surveys.changeSurveyStatus(ctx, actorOf(request), request.params, request.body), SurveyAdminMessages.statusChanged),
    );

    app.get('/api/surveys/:id/rules', async (request) => ok(await rules.listRules(ctx, callerOf(request), request.params)));
    app.post('/api/surveys/:id/rules', async (request) =>
      ok(await rules.addRule(ctx, actorOf(request), request.params, request.body), SurveyApiMessages.saved),
    );
    app.put('/api/surveys/:id/rules', async (request) =>
      ok(await rules.updateRule(ctx, actorOf(request), request.params, request.body), SurveyApiMessages.saved),
    );
    app.delete('/api/surveys/:id/rules', async (request) =>
      ok(await rules.deleteRule(ctx, actorOf(request), request.params, request.query), SurveyApiMessages.deleted),
    );

    // Static segments: find-my-way prefers them to /api/survey/:id whatever the order of registration.
    app.post('/api/survey/target', async (request) =>
      ok(await people.saveTargets(ctx, actorOf(request), request.body), SurveyAdminMessages.targetsSaved),
    );
    app.get('/api/survey/target', async (request) => ok(await people.listTargets(ctx, callerOf(request), request.query)));
    app.get('/api/survey/targetid', async (request) => ok(await people.targetUserIds(ctx, callerOf(request), request.query)));
    app.get('/api/survey/roles', async (request) => ok(await people.listTargetRoles(ctx, callerOf(request))));
    app.get('/api/survey/person', async (request) => ok(await people.findPeople(ctx, callerOf(request), request.query)));
  };
}
