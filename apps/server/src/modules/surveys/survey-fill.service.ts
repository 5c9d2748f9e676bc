import {
  effectiveSurveyStatus,
  SurveyApiMessages,
  SurveyFillMessages,
  SurveyFillZ,
  SurveyIdParamZ,
  SurveyStatus,
  surveyAnswerFieldErrors,
  surveyAnswerPointReason,
  surveyPickList,
  surveyQuestions,
  validateSubmission,
  type FieldErrors,
  type MySurveyItem,
  type SurveyAnswers,
  type SurveyAssignmentState,
  type SurveyDefinition,
  type SurveyDraftResult,
  type SurveyFillForm,
  type SurveyKind,
  type SurveySubmitResult,
} from '@osp/shared';
import { z } from 'zod';
import type { AppContext, Caller } from '../../context';
import { groupCommit } from '../../db/group-commit';
import { nowIso, type Db } from '../../db/index';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../http/errors';
import { parse } from '../../http/validate';
import { deptRows } from '../directory/directory.service';
import { claimUploadsForResponse, uploadedFiles } from '../files/attachments.service';
import { awardOnce, awardValue } from '../points/points.service';
import { countResponse, recountResponse } from './survey-counters';
import { releasedDefinition } from './survey-versions';
import * as repo from './survey-fill.repo';

/**
 * Filling a survey (issue 16, docs/surveys-api.md "Filling"): the released version to answer, the server-side draft,
 * and the submit — re-checked with the shared evaluator against the version it answers, files and departments
 * checked here, one response per person decided by the database.
 */

/** The day on the company's calendar (Asia/Shanghai, DESIGN §4), for a date limit of 'today'. */
function companyDay(now: number): string {
  return new Date(now + 8 * 3600_000).toISOString().slice(0, 10);
}

/** The longest time to answer kept: a form left open for weeks says nothing about how long the questions take. */
const DURATION_MAX_SECONDS = 7 * 24 * 3600;

export interface ReleasedSurvey {
  id: number;
  kind: SurveyKind;
  name: string;
  deadline: string | null;
  versionId: number;
  definition: SurveyDefinition;
}

/** The survey and its released version's definition (undefined before the first release), or undefined when unknown. */
export async function releasedRow(ctx: AppContext, id: number) {
  const row = await repo.findReleasedSurvey(ctx.db, id);
  if (!row) return undefined;
  const definition = row.version_id === null ? undefined : await releasedDefinition(ctx.db, row.version_id);
  return { ...row, definition };
}

/** The survey as a respondent may answer it now, or the refusal: unknown, never released or paused, closed. */
export async function releasedSurvey(ctx: AppContext, id: number, notFound: string = SurveyApiMessages.notFound): Promise<ReleasedSurvey> {
  return answerable(await releasedRow(ctx, id), notFound);
}

/** The refusals the signed-in fill and the public link share, in their order. */
export function answerable(row: Awaited<ReturnType<typeof releasedRow>>, notFound: string): ReleasedSurvey {
  if (!row) throw new NotFoundError(notFound);
  const status = effectiveSurveyStatus(row.status, row.deadline, new Date());
  if (row.version_id === null || row.definition === undefined || status === SurveyStatus.draft) {
    throw new ConflictError(SurveyApiMessages.fillNotReleased);
  }
  if (status === SurveyStatus.closed) throw new ConflictError(SurveyApiMessages.fillClosed);
  return {
    id: row.id,
    kind: row.kind === 'evaluation' ? 'evaluation' : 'survey',
    name: row.name,
    deadline: row.deadline,
    versionId: row.version_id,
    definition: row.definition,
  };
}

/** Answers kept for a newer version: those whose question is still in it (the form starts from them). */
function answersFor(definition: SurveyDefinition, answers: SurveyAnswers): SurveyAnswers {
  const ids = new Set(surveyQuestions(definition).map((q) => q.question.id));
  return Object.fromEntries(Object.entries(answers).filter(([id]) => ids.has(id)));
}

/** The largest id an integer column holds: a larger ratee id names nobody (and must not reach PostgreSQL). */
const ID_MAX = 2_147_483_647;

const RateeQueryZ = z.object({ ratee_id: z.coerce.number().int().min(0).max(ID_MAX).default(0) });

/** Whom the caller may answer about: their assignment, or (a public-link survey, a plain survey) nobody's. */
async function assignmentOf(ctx: AppContext, survey: ReleasedSurvey, caller: Caller, rateeId: number) {
  if (rateeId > ID_MAX) throw new ForbiddenError(SurveyApiMessages.fillNotTargeted);
  const assignment = await repo.findAssignment(ctx.db, survey.id, caller.userId, rateeId);
  if (!assignment && !(survey.definition.settings.publicLink && rateeId === 0)) throw new ForbiddenError(SurveyApiMessages.fillNotTargeted);
  return assignment ?? null;
}

const onceKeyOf = (userId: number, rateeId: number) => `u:${userId}:${rateeId}`;

/** The definition of the version a stored response answers (versions are never edited). */
async function definitionOfVersion(db: Db, survey: ReleasedSurvey, versionId: number): Promise<SurveyDefinition> {
  if (versionId === survey.versionId) return survey.definition;
  const stored = await repo.versionDefinition(db, versionId);
  // A response's version_id is a foreign key, so this cannot happen; counting with another version would miscount.
  if (stored === undefined) throw new Error(`survey ${survey.id}: version ${versionId} of a stored response is missing`);
  return JSON.parse(stored) as SurveyDefinition;
}

/** The file ids a submission answers with, over every file question. */
function answeredFileIds(definition: SurveyDefinition, answers: SurveyAnswers): string[] {
  return surveyQuestions(definition).flatMap(({ question }) => (question.type === 'file' ? surveyPickList(answers[question.id]) : []));
}

/** Whether a second submit replaces the first: a named survey, one response a person, editable until the deadline. */
function isReplaceable(definition: SurveyDefinition): boolean {
  const { anonymous, onePerPerson, editableUntilDeadline } = definition.settings;
  return !anonymous && onePerPerson && editableUntilDeadline;
}

/** GET /api/survey/mine: collecting surveys I still have to answer first (nearest deadline first), then the rest. */
export async function findMySurveys(ctx: AppContext, caller: Caller): Promise<MySurveyItem[]> {
  const now = new Date();
  const items = (await repo.myAssignments(ctx.db, caller.userId)).map((row): MySurveyItem => ({
    survey_id: row.survey_id,
    kind: row.kind === 'evaluation' ? 'evaluation' : 'survey',
    name: row.name,
    deadline: row.deadline,
    status: effectiveSurveyStatus(row.status, row.deadline, now),
    state: row.state as SurveyAssignmentState,
    ratee_id: row.ratee_id,
    ratee_name: row.ratee_id === 0 ? null : row.ratee_name,
  }));
  const waiting = (item: MySurveyItem) => item.status === SurveyStatus.collecting && item.state !== 'submitted';
  const deadline = (item: MySurveyItem) => (item.deadline === null ? Infinity : Date.parse(item.deadline));
  return items.sort((a, b) => Number(waiting(b)) - Number(waiting(a)) || deadline(a) - deadline(b));
}

/** GET /api/survey/{id}/fill?ratee_id=: the form, with my draft or (editable surveys) my submitted answers. */
export async function getFillForm(ctx: AppContext, caller: Caller, params: unknown, query: unknown): Promise<SurveyFillForm> {
  const { id } = parse(SurveyIdParamZ, params);
  const { ratee_id: rateeId } = parse(RateeQueryZ, query);
  const survey = await releasedSurvey(ctx, id);
  const assignment = await assignmentOf(ctx, survey, caller, rateeId);
  const settings = survey.definition.settings;
  let answers: SurveyAnswers | null = null;
  const submitted = assignment?.state === 'submitted';
  if (submitted && settings.onePerPerson && !isReplaceable(survey.definition)) throw new ConflictError(SurveyApiMessages.fillAlready);
  // A draft is always the latest: a submit deletes it, so one that exists was saved after (an editable survey's changes).
  const draft = await repo.findDraft(ctx.db, survey.id, caller.userId, rateeId);
  if (draft) answers = answersFor(survey.definition, JSON.parse(draft.answers) as SurveyAnswers);
  else if (submitted && isReplaceable(survey.definition)) {
    const response = await repo.findResponseByKey(ctx.db, survey.id, onceKeyOf(caller.userId, rateeId));
    if (response) answers = answersFor(survey.definition, JSON.parse(response.answers) as SurveyAnswers);
  }
  const ratee = rateeId === 0 ? undefined : await repo.userName(ctx.db, rateeId);
  return {
    survey_id: survey.id,
    kind: survey.kind,
    name: survey.name,
    deadline: survey.deadline,
    version_id: survey.versionId,
    definition: survey.definition,
    state: assignment ? (assignment.state as SurveyAssignmentState) : null,
    answers,
    ratee_id: rateeId,
    ratee_name: ratee?.name ?? null,
  };
}

/** PUT /api/survey/{id}/draft: unchecked answers kept for later, for people asked to answer (pending → draft). */
export async function saveDraft(ctx: AppContext, caller: Caller, params: unknown, body: unknown): Promise<SurveyDraftResult> {
  const { id } = parse(SurveyIdParamZ, params);
  const input = parse(SurveyFillZ, body);
  const survey = await releasedSurvey(ctx, id);
  if (input.version_id !== survey.versionId) throw new ConflictError(SurveyApiMessages.fillVersionChanged);
  const assignment = input.ratee_id > ID_MAX ? undefined : await repo.findAssignment(ctx.db, survey.id, caller.userId, input.ratee_id);
  if (!assignment) throw new ForbiddenError(SurveyApiMessages.fillNotTargeted);
  if (assignment.state === 'submitted' && !isReplaceable(survey.definition)) throw new ConflictError(SurveyApiMessages.fillAlready);
  const now = nowIso();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.saveDraft(trx, {
      survey_id: survey.id,
      user_id: caller.userId,
      ratee_id: input.ratee_id,
      version_id: survey.versionId,
      answers: JSON.stringify(input.answers),
      updated_at: now,
    });
    await repo.markDraft(trx, assignment.id);
  });
  return { survey_id: survey.id, updated_at: now };
}

/** Seconds from when the form was opened; null when unknown, in the future or absurd. */
export function durationOf(startedAt: string | undefined, now: number): number | null {
  if (!startedAt) return null;
  const started = Date.parse(startedAt);
  if (Number.isNaN(started) || started > now) return null;
  return Math.min(Math.round((now - started) / 1000), DURATION_MAX_SECONDS);
}

/**
 * The checks the shared evaluator leaves to the server: every file answer is the person's own upload (or, on an
 * editable resubmit, one their response holds already), every department answer exists. A public fill's files
 * (`uploader` null) are checked against the survey's link by survey-public.service's submitPublic (`shareFileErrors`).
 */
async function serverChecks(
  ctx: AppContext,
  definition: SurveyDefinition,
  answers: SurveyAnswers,
  uploader: number | null,
  earlier: SurveyAnswers | null,
): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const questions = surveyQuestions(definition).map((q) => q.question);
  const fileQuestions = uploader === null ? [] : questions.filter((q) => q.type === 'file' && Array.isArray(answers[q.id]));
  if (fileQuestions.length > 0) {
    const ids = fileQuestions.flatMap((q) => answers[q.id] as string[]);
    const files = await uploadedFiles(ctx.db, ids);
    const kept = new Set(earlier ? Object.values(earlier).flatMap((v) => (Array.isArray(v) ? v : [])) : []);
    for (const question of fileQuestions) {
      const mine = (answers[question.id] as string[]).every((fileId) => files.get(fileId)?.uploader_id === uploader || kept.has(fileId));
      if (!mine) errors[`answers.${question.id}`] = [SurveyFillMessages.fileNotYours(question.title)];
    }
  }
  const deptQuestions = questions.filter((q) => q.type === 'department' && typeof answers[q.id] === 'number');
  if (deptQuestions.length > 0) {
    const known = new Set((await deptRows(ctx)).map((d) => d.id));
    for (const question of deptQuestions) {
      if (!known.has(answers[question.id] as number)) errors[`answers.${question.id}`] = [SurveyFillMessages.deptMissing(question.title)];
    }
  }
  return errors;
}

/** The clean answers of a submission, or the 422 naming every question refused (nothing is stored). */
export async function checkedAnswers(
  ctx: AppContext,
  survey: ReleasedSurvey,
  raw: Record<string, unknown>,
  uploader: number | null,
  earlier: SurveyAnswers | null,
  now: number,
): Promise<SurveyAnswers> {
  const checked = validateSubmission(survey.definition, raw, { today: companyDay(now) });
  if (!checked.ok) throw new ValidationError(surveyAnswerFieldErrors(checked.errors));
  const errors = await serverChecks(ctx, survey.definition, checked.answers, uploader, earlier);
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return checked.answers;
}

/**
 * POST /api/survey/{id}/fill. A named survey's response carries the person (and, one response a person, the once_key
 * the unique key guards: a second submit is refused, or replaces the first when the survey is editable). An anonymous
 * survey's carries no user id, and its assignment is moved to 'submitted' in the same transaction, only if it was not
 * already: that update is its "once". Points: named surveys only (docs/surveys-api.md "Points").
 */
export async function submitSurvey(ctx: AppContext, caller: Caller, params: unknown, body: unknown): Promise<SurveySubmitResult> {
  const { id } = parse(SurveyIdParamZ, params);
  const input = parse(SurveyFillZ, body);
  const survey = await releasedSurvey(ctx, id);
  if (input.version_id !== survey.versionId) throw new ConflictError(SurveyApiMessages.fillVersionChanged);
  const rateeId = input.ratee_id;
  const assignment = await assignmentOf(ctx, survey, caller, rateeId);
  const { anonymous, onePerPerson } = survey.definition.settings;
  const replaceable = isReplaceable(survey.definition);
  if (assignment?.state === 'submitted' && onePerPerson && !replaceable) throw new ConflictError(SurveyApiMessages.fillAlready);

  const onceKey = !anonymous && onePerPerson ? onceKeyOf(caller.userId, rateeId) : null;
  const earlier = replaceable && onceKey ? await repo.findResponseByKey(ctx.db, survey.id, onceKey) : undefined;
  const now = Date.now();
  const answers = await checkedAnswers(
    ctx,
    survey,
    input.answers,
    caller.userId,
    earlier ? (JSON.parse(earlier.answers) as SurveyAnswers) : null,
    now,
  );
  const at = new Date(now).toISOString();
  const duration = durationOf(input.started_at, now);
  const deptId = caller.user.dept_id;
  // Read before the transaction: on SQLite the transaction holds the one connection.
  const points = anonymous ? 0 : await awardValue(ctx, 'survey_answer');

  // Submits arriving together share one COMMIT on SQLite (db/group-commit.ts): each is still answered only once durable.
  const result = await groupCommit(ctx.db, async (trx) => {
    let replaced = false;
    if (anonymous) {
      if (assignment && !(await repo.markSubmitted(trx, assignment.id, null, onePerPerson)))
        throw new ConflictError(SurveyApiMessages.fillAlready);
    } else if (assignment) {
      await repo.markSubmitted(trx, assignment.id, at, false);
    }
    const insertedId = await repo.insertResponse(trx, {
      survey_id: survey.id,
      version_id: survey.versionId,
      user_id: anonymous ? null : caller.userId,
      ratee_id: rateeId,
      once_key: onceKey,
      respondent_name: null,
      dept_id: deptId,
      answers: JSON.stringify(answers),
      duration_seconds: duration,
      submitted_at: at,
      updated_at: at,
    });
    let responseId: number;
    if (insertedId === null) {
      // The once_key is taken: an earlier submit, or one that committed while this one ran.
      const existing = onceKey ? await repo.findResponseByKey(trx, survey.id, onceKey, true) : undefined;
      if (!replaceable || !existing) throw new ConflictError(SurveyApiMessages.fillAlready);
      responseId = existing.id;
      await repo.replaceResponse(trx, existing.id, {
        version_id: survey.versionId,
        answers: JSON.stringify(answers),
        duration_seconds: duration,
        dept_id: deptId,
        updated_at: at,
      });
      await recountResponse(
        trx,
        { surveyId: survey.id, rateeId, responseId: existing.id, submittedAt: existing.submitted_at },
        { definition: await definitionOfVersion(trx, survey, existing.version_id), answers: JSON.parse(existing.answers) as SurveyAnswers },
        { definition: survey.definition, answers },
      );
      replaced = true;
    } else {
      responseId = insertedId;
      await countResponse(trx, { surveyId: survey.id, rateeId, responseId, submittedAt: at }, survey.definition, answers);
    }
    // The uploads answered become the response's: its survey's administrators may download them.
    await claimUploadsForResponse(trx, { uploaderId: caller.userId, responseId, anonymous }, answeredFileIds(survey.definition, answers));
    await repo.deleteDraft(trx, survey.id, caller.userId, rateeId);
    const awarded =
      !anonymous &&
      (await awardOnce(trx, {
        userId: caller.userId,
        points,
        reason: surveyAnswerPointReason(survey.name),
        sourceKind: 'survey_answer',
        sourceId: survey.id,
      }));
    return { replaced, points: awarded ? points : 0 };
  });
  return { survey_id: survey.id, ...result };
}
