import { randomBytes } from 'node:crypto';
import {
  crossTabulate,
  sumSurveyCells,
  SURVEY_NUMBER_VALUES_MAX,
  SURVEY_TEXT_LIMIT_DEFAULT,
  surveyResultsFromTallies,
  surveyTextQuestionIds,
  type SurveyTallies,
  effectiveSurveyStatus,
  SurveyApiMessages,
  SurveyIdParamZ,
  SurveyIdQueryZ,
  SurveyResultLinkZ,
  SurveyResultsLogTexts,
  SurveyResultsMessages,
  SurveyResultsQueryZ,
  SurveyReturnsQueryZ,
  SurveyStatus,
  surveyAnswerText,
  surveyCompletion,
  surveyPickList,
  surveyQuestions,
  type Paged,
  type FileCard,
  type SurveyQuestion,
  type SurveyAnswers,
  type SurveyCrossTab,
  type SurveyDefinition,
  type SurveyMetric,
  type SurveyMetricDept,
  type SurveyPublicResults,
  type SurveyRemindResult,
  type SurveyResultLink,
  type SurveyResponseForResults,
  type SurveyResults,
  type SurveyResultsOptions,
  type SurveyReturn,
  type SurveyAssignmentState,
} from '@osp/shared';
import { z } from 'zod';
import type { Actor, AppContext, Caller } from '../../context';
import { ok } from '../../http/envelope';
import { ConflictError, NotFoundError, ValidationError } from '../../http/errors';
import { parse } from '../../http/validate';
import { deptRows } from '../directory/directory.service';
import { uploadedFiles } from '../files/attachments.service';
import { notify } from '../notifications/notifications.service';
import { recordOperation } from '../syslog/syslog.service';
import { authorizeSurveyAdmin } from './surveys.policy';
import { keptSummaries, summaryStamp } from './survey-results.kept';
import * as repo from './survey-results.repo';
import { releasedDefinition } from './survey-versions';

/**
 * A survey's results (issue 16, docs/surveys-api.md "Results"), for holders of survey_admin: the aggregates and the
 * cross-tab (packages/shared survey-results.ts), each person's return (named surveys only), collection metrics, 提醒,
 * and the public results link (aggregates only, through an unguessable token with an expiry).
 */

export interface ResultsSurvey {
  id: number;
  name: string;
  kind: string;
  status: SurveyStatus;
  /** The version released last, or the working copy of a survey never released (it has no responses). */
  definition: SurveyDefinition;
  row: repo.ResultsSurveyRow;
}

/** The version released last, or the working copy of a survey never released (accepted by SurveyDefinitionZ when saved). */
async function definitionForResults(ctx: AppContext, row: repo.ResultsSurveyRow): Promise<SurveyDefinition> {
  const released = row.version_id === null ? undefined : await releasedDefinition(ctx.db, row.version_id);
  if (released) return released;
  // A version id names a version (a foreign key); the copy comes only with a survey never released.
  if (row.definition === null) throw new Error(`survey ${row.id}: released version ${row.version_id} is missing`);
  return JSON.parse(row.definition) as SurveyDefinition;
}

export async function resultsSurvey(ctx: AppContext, id: number, notFound: string = SurveyApiMessages.notFound): Promise<ResultsSurvey> {
  const row = await repo.findSurveyForResults(ctx.db, id);
  if (!row) throw new NotFoundError(notFound);
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    status: effectiveSurveyStatus(row.status, row.deadline, new Date()),
    definition: await definitionForResults(ctx, row),
    row,
  };
}

export async function deptNames(ctx: AppContext): Promise<Map<number, string>> {
  return new Map((await deptRows(ctx)).map((d) => [d.id, d.name]));
}

function optionsOf(definition: SurveyDefinition, depts: ReadonlyMap<number, string>): SurveyResultsOptions {
  return { anonymous: definition.settings.anonymous, minCount: definition.settings.anonymousMinCount, depts };
}

async function responsesOf(ctx: AppContext, surveyId: number, rateeId: number | undefined): Promise<SurveyResponseForResults[]> {
  const rows = await repo.responsesForResults(ctx.db, surveyId, rateeId);
  return rows.map((r) => ({ answers: JSON.parse(r.answers) as SurveyAnswers, dept_id: r.dept_id, submitted_at: r.submitted_at }));
}

/**
 * The survey's counters (docs/surveys-api.md "Results kept as counters"): one summed read of the cells, a bounded read
 * of each number question's values, and each text question's latest texts by an index — never the responses.
 */
async function talliesOf(ctx: AppContext, survey: ResultsSurvey, rateeId: number | undefined, textLimit: number): Promise<SurveyTallies> {
  const numbers = surveyQuestions(survey.definition)
    .filter((q) => q.question.type === 'number')
    .map((q) => q.question.id);
  const texts = textLimit === 0 ? [] : surveyTextQuestionIds(survey.definition);
  const [cells, numberCells, latest] = await Promise.all([
    repo.resultCells(ctx.db, survey.id, rateeId),
    repo.numberCells(ctx.db, survey.id, numbers, rateeId, SURVEY_NUMBER_VALUES_MAX + 1),
    repo.latestTexts(ctx.db, survey.id, texts, rateeId, textLimit),
  ]);
  return { cells: sumSurveyCells([...cells, ...numberCells]), texts: latest };
}

/**
 * GET /api/surveys/{id}/responses?ratee_id= as the JSON answered: every question's aggregate (SurveyResults), kept
 * until the survey's results stamp moves (survey-results.kept.ts); with `question` and `cross` (another question's id,
 * or 'dept'), the cross-tab of the one by the other instead (SurveyCrossTab), computed every time.
 */
export async function getResultsJson(ctx: AppContext, caller: Caller, params: unknown, query: unknown): Promise<Buffer> {
  authorizeSurveyAdmin(caller);
  const { id } = parse(SurveyIdParamZ, params);
  const input = parse(SurveyResultsQueryZ, query);
  // Before anything is read: a department renamed from here on moves it past the stamp the summary is kept under.
  const generation = ctx.access.currentGeneration;
  const survey = await resultsSurvey(ctx, id);
  const json = async (answer: SurveyResults | SurveyCrossTab) => Buffer.from(JSON.stringify(ok(answer)));
  if (input.question === undefined && input.cross === undefined) {
    return keptSummaries(ctx).answer(survey.id, summaryStamp(ctx, survey.row, generation), `ratee:${input.ratee_id ?? '*'}`, async () => {
      const options = optionsOf(survey.definition, await deptNames(ctx));
      return json(
        surveyResultsFromTallies(survey.definition, await talliesOf(ctx, survey, input.ratee_id, SURVEY_TEXT_LIMIT_DEFAULT), options),
      );
    });
  }
  // A cross-tab pairs two answers of each response: no counter holds that, so it reads the responses (docs say when).
  const options = optionsOf(survey.definition, await deptNames(ctx));
  const responses = await responsesOf(ctx, id, input.ratee_id);
  const table = crossTabulate(survey.definition, responses, input.question ?? '', input.cross ?? '', options);
  if (typeof table === 'string') throw new ValidationError({ cross: [table] });
  return json(table);
}

/** GET /api/survey/{id}/returns: each response with who gave it and its answers as text; never for an anonymous survey. */
export async function getReturns(ctx: AppContext, caller: Caller, params: unknown, query: unknown): Promise<Paged<SurveyReturn>> {
  authorizeSurveyAdmin(caller);
  const { id } = parse(SurveyIdParamZ, params);
  const input = parse(SurveyReturnsQueryZ, query);
  const survey = await resultsSurvey(ctx, id);
  if (survey.definition.settings.anonymous) throw new ConflictError(SurveyApiMessages.resultsAnonymous);
  const { rows, total } = await repo.pageReturns(ctx.db, id, input.ratee_id, {
    offset: (input.page - 1) * input.per_page,
    limit: input.per_page,
  });
  const depts = await deptNames(ctx);
  const questions = surveyQuestions(survey.definition).map((q) => q.question);
  const parsed = rows.map((row) => JSON.parse(row.answers) as SurveyAnswers);
  const cards = await answerFiles(ctx, questions, parsed);
  const files = new Map([...cards].map(([id, card]) => [id, card.name]));
  const list = rows.map((row, i): SurveyReturn => {
    const answers = parsed[i] ?? {};
    const texts: Record<string, string> = {};
    const fileRefs: SurveyReturn['files'] = {};
    for (const question of questions) {
      if (!Object.hasOwn(answers, question.id)) continue;
      texts[question.id] = surveyAnswerText(question, answers[question.id], depts, files);
      if (question.type === 'file') {
        const known = surveyPickList(answers[question.id]).flatMap((id) => cards.get(id) ?? []);
        if (known.length > 0) fileRefs[question.id] = known;
      }
    }
    return {
      response_id: row.id,
      user_id: row.user_id,
      name: row.user_name ?? row.respondent_name,
      dept_name: row.dept_name,
      ratee_id: row.ratee_id,
      ratee_name: row.ratee_id === 0 ? null : row.ratee_name,
      submitted_at: row.submitted_at,
      duration_seconds: row.duration_seconds,
      answers: texts,
      files: fileRefs,
    };
  });
  return { list, total, page: input.page, per_page: input.per_page };
}

/** The cards of the files the answers name (file questions), so returns and the export show names, not ids. */
async function answerFiles(
  ctx: AppContext,
  questions: readonly SurveyQuestion[],
  answers: readonly SurveyAnswers[],
): Promise<Map<string, FileCard>> {
  const fileQuestions = questions.filter((q) => q.type === 'file').map((q) => q.id);
  if (fileQuestions.length === 0) return new Map();
  const ids = answers.flatMap((a) => fileQuestions.flatMap((id) => surveyPickList(a[id])));
  if (ids.length === 0) return new Map();
  return new Map([...(await uploadedFiles(ctx.db, ids)).values()].map(({ id, name, size, mime }) => [id, { id, name, size, mime }]));
}

/** The names of the files the answers name, by id. */
export async function fileNames(
  ctx: AppContext,
  questions: readonly SurveyQuestion[],
  answers: readonly SurveyAnswers[],
): Promise<Map<string, string>> {
  return new Map([...(await answerFiles(ctx, questions, answers))].map(([id, card]) => [id, card.name]));
}

const byName = new Intl.Collator('zh-CN');

/** GET /api/survey/metric?survey_id=: targeted, answered, completion, median time to answer, and per department. */
export async function getMetric(ctx: AppContext, caller: Caller, query: unknown): Promise<SurveyMetric> {
  authorizeSurveyAdmin(caller);
  const { survey_id: id } = parse(SurveyIdQueryZ, query);
  await resultsSurvey(ctx, id);
  const [assignments, times] = await Promise.all([repo.assignmentsForMetric(ctx.db, id), repo.responseTimes(ctx.db, id)]);
  const depts = new Map<number | null, SurveyMetricDept>();
  // Two assignments of one person (an evaluation of several people) count as two: each is an answer asked for.
  for (const a of assignments) {
    let dept = depts.get(a.dept_id);
    if (!dept) {
      dept = { dept_id: a.dept_id, dept_name: a.dept_name ?? '', targeted: 0, answered: 0, completion: null, pending: [] };
      depts.set(a.dept_id, dept);
    }
    dept.targeted++;
    if (a.state === 'submitted') dept.answered++;
    else if (!dept.pending.some((p) => p.user_id === a.user_id)) {
      dept.pending.push({ user_id: a.user_id, name: a.name, state: a.state as SurveyAssignmentState, reminded_at: a.reminded_at });
    }
  }
  const list = [...depts.values()].map((d) => ({ ...d, completion: surveyCompletion(d.answered, d.targeted) }));
  list.sort((a, b) => (a.completion ?? 0) - (b.completion ?? 0) || byName.compare(a.dept_name, b.dept_name));
  for (const d of list) d.pending.sort((a, b) => byName.compare(a.name, b.name));
  const answered = assignments.filter((a) => a.state === 'submitted').length;
  return {
    survey_id: id,
    targeted: assignments.length,
    answered,
    completion: surveyCompletion(answered, assignments.length),
    responses: times.responses,
    median_seconds: times.median,
    depts: list,
  };
}

/** The instant the company's day (Asia/Shanghai, DESIGN §4) holding `now` began. */
function companyDayStart(now: number): string {
  const offset = 8 * 3600_000;
  const day = new Date(now + offset).toISOString().slice(0, 10);
  return new Date(Date.parse(`${day}T00:00:00.000Z`) - offset).toISOString();
}

/**
 * POST /api/survey/{id}/remind: a notice (kind `survey`) to every active person asked who has not submitted, at most
 * once a company day each. Claiming the day's reminder is the assignment update, in the notices' transaction.
 */
export async function remindPending(ctx: AppContext, actor: Actor, params: unknown): Promise<SurveyRemindResult & { message: string }> {
  authorizeSurveyAdmin(actor.caller);
  const { id } = parse(SurveyIdParamZ, params);
  const survey = await resultsSurvey(ctx, id);
  if (survey.status === SurveyStatus.draft) throw new ConflictError(SurveyApiMessages.notReleased);
  if (survey.status === SurveyStatus.closed) throw new ConflictError(SurveyApiMessages.fillClosed);
  const now = Date.now();
  const at = new Date(now).toISOString();
  const reminded = await ctx.db.transaction().execute(async (trx) => {
    const people = await repo.claimReminders(trx, id, actor.caller.userId, companyDayStart(now), at);
    if (people.length === 0) return 0;
    await notify(
      trx,
      people.map((userId) => ({ userId, kind: 'survey' as const, billId: null, actorId: actor.caller.userId, detail: survey.name, at })),
    );
    await recordOperation(trx, actor, {
      itemType: 'survey',
      itemId: id,
      action: 'remind',
      summary: SurveyResultsLogTexts.remind(survey.name, people.length),
      after: { user_count: people.length, user_ids: people },
    });
    return people.length;
  });
  return { reminded, message: reminded === 0 ? SurveyApiMessages.remindNone : SurveyResultsMessages.reminded(reminded) };
}

const RESULT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/** POST /api/surveys/{id}/result-link {days}: a new token (the old link stops working) that ends after `days`. */
export async function createResultLink(ctx: AppContext, actor: Actor, params: unknown, body: unknown): Promise<SurveyResultLink> {
  authorizeSurveyAdmin(actor.caller);
  const { id } = parse(SurveyIdParamZ, params);
  const { days } = parse(SurveyResultLinkZ, body);
  const survey = await resultsSurvey(ctx, id);
  if (survey.row.version_id === null) throw new ConflictError(SurveyApiMessages.notReleased);
  // 24 random bytes: 192 bits, written in 32 base64url characters.
  const token = randomBytes(24).toString('base64url');
  const expiresAt = new Date(Date.now() + days * 86_400_000).toISOString();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.setResultToken(trx, id, token, expiresAt);
    await recordOperation(trx, actor, {
      itemType: 'survey',
      itemId: id,
      action: 'result_link',
      summary: SurveyResultsLogTexts.resultLinkOpened(survey.name, days),
      after: { expires_at: expiresAt },
    });
  });
  return { token, expires_at: expiresAt };
}

/** DELETE /api/surveys/{id}/result-link: the link stops working at once. */
export async function deleteResultLink(ctx: AppContext, actor: Actor, params: unknown): Promise<void> {
  authorizeSurveyAdmin(actor.caller);
  const { id } = parse(SurveyIdParamZ, params);
  const survey = await resultsSurvey(ctx, id);
  await ctx.db.transaction().execute(async (trx) => {
    await repo.setResultToken(trx, id, null, null);
    await recordOperation(trx, actor, {
      itemType: 'survey',
      itemId: id,
      action: 'result_link',
      summary: SurveyResultsLogTexts.resultLinkClosed(survey.name),
      after: { expires_at: null },
    });
  });
}

const TokenParamZ = z.object({ token: z.string() });

/**
 * GET /api/publish/result/{token} (no sign-in): aggregates only. No text answers, and small cells hidden as in an
 * anonymous survey whatever the survey's setting: whoever holds the link is not an administrator. A wrong, revoked and
 * expired token answer the same 404.
 */
export async function getPublicResults(ctx: AppContext, params: unknown): Promise<SurveyPublicResults> {
  const { token } = parse(TokenParamZ, params);
  const invalid = new NotFoundError(SurveyApiMessages.resultLinkInvalid);
  if (!RESULT_TOKEN_PATTERN.test(token)) throw invalid;
  const found = await repo.findSurveyIdByResultToken(ctx.db, token);
  if (!found?.result_token_expires_at || Date.parse(found.result_token_expires_at) <= Date.now()) throw invalid;
  const survey = await resultsSurvey(ctx, found.id, SurveyApiMessages.resultLinkInvalid);
  const options = { ...optionsOf(survey.definition, await deptNames(ctx)), anonymous: true, textLimit: 0 };
  const tallies = await talliesOf(ctx, survey, undefined, 0);
  return { survey_id: survey.id, name: survey.name, results: surveyResultsFromTallies(survey.definition, tallies, options) };
}
