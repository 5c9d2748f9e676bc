import {
  FileMessages,
  SURVEY_PUBLIC_FILLS_PER_MINUTE,
  SURVEY_PUBLIC_UPLOADS_PER_MINUTE,
  SurveyApiMessages,
  SurveyFillMessages,
  SurveyIdParamZ,
} from '@osp/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { TooManyError } from '../../http/errors';
import { filePartOf } from '../../lib/multipart';
import { RateWindow } from '../../lib/rate-window';
import { callerOf, requireSignIn } from '../auth/auth.hook';
import * as fill from './survey-fill.service';
import * as share from './survey-public.service';

/**
 * Filling surveys (issue 16, SPEC §7 Survey, docs/surveys-api.md "Filling"): 我的问卷, the form, the draft and the
 * submit for signed-in people; the public link's form and submit (SPEC §2: /survey/survey-share is public) without.
 */
export function surveyFillRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance): Promise<void> {
    await app.register(publicRoutes(ctx));
    await app.register(signedInRoutes(ctx));
  };
}

function signedInRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance): Promise<void> {
    requireSignIn(app, ctx);
    app.get('/api/survey/mine', async (request) => ok(await fill.findMySurveys(ctx, callerOf(request))));
    app.get('/api/survey/:id/fill', async (request) => ok(await fill.getFillForm(ctx, callerOf(request), request.params, request.query)));
    app.put('/api/survey/:id/draft', async (request) =>
      ok(await fill.saveDraft(ctx, callerOf(request), request.params, request.body), SurveyFillMessages.draftSaved),
    );
    app.post('/api/survey/:id/fill', async (request) =>
      ok(await fill.submitSurvey(ctx, callerOf(request), request.params, request.body), SurveyApiMessages.submitted),
    );
  };
}

/** No sign-in hook in this scope: whoever has the link may read and answer a survey that allows it. */
function publicRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance): Promise<void> {
    app.get('/api/publish/share/:id', async (request) => ok(await share.getPublicForm(ctx, request.params)));
    // Nobody to count on a public link: each address gets SURVEY_PUBLIC_FILLS_PER_MINUTE submissions a minute per survey.
    const submissions = new RateWindow(SURVEY_PUBLIC_FILLS_PER_MINUTE, 60_000);
    app.post('/api/publish/share/:id', async (request) => {
      // A malformed id is counted under 0 and then refused by the service like any other.
      const survey = SurveyIdParamZ.safeParse(request.params);
      if (!submissions.take(`${request.ip} ${survey.success ? survey.data.id : 0}`))
        throw new TooManyError(SurveyApiMessages.publicTooMany);
      return ok(await share.submitPublic(ctx, request.params, request.body), SurveyApiMessages.submitted);
    });
    // A department question's tree and a file question's uploads (docs/surveys-api.md "Public uploads").
    app.get('/api/publish/share/:id/depts', async (request) => ok(await share.getShareDepts(ctx, request.params)));
    // Anonymous uploads fill a disk: each address gets SURVEY_PUBLIC_UPLOADS_PER_MINUTE a minute per survey, counted first.
    const uploads = new RateWindow(SURVEY_PUBLIC_UPLOADS_PER_MINUTE, 60_000);
    app.post('/api/publish/share/:id/files', async (request) => {
      const survey = SurveyIdParamZ.safeParse(request.params);
      if (!uploads.take(`${request.ip} ${survey.success ? survey.data.id : 0}`))
        throw new TooManyError(SurveyApiMessages.publicUploadTooMany);
      const readPart = async () => {
        const part = await filePartOf(request, { fileSize: ctx.config.files.maxBytes, fields: 5, throwFileSizeLimit: false });
        return part && { filename: part.filename, content: part.file };
      };
      return ok(await share.uploadShareFileFor(ctx, request.params, readPart), FileMessages.uploaded);
    });
  };
}
