import {
  ATTACHMENT_ID_PATTERN,
  effectiveSurveyStatus,
  SurveyApiMessages,
  SurveyIdParamZ,
  SurveyPublicFillZ,
  SurveyStatus,
  surveyQuestions,
  type FieldErrors,
  type FileCard,
  type SurveyAnswers,
  type SurveyDefinition,
  type SurveyFillForm,
  type SurveyPublicDept,
  type SurveyQuestion,
  type SurveySubmitResult,
} from '@osp/shared';
import type { AppContext } from '../../context';
import { groupCommit } from '../../db/group-commit';
import type { Db } from '../../db/index';
import { ConflictError, NotFoundError, ValidationError } from '../../http/errors';
import { parse } from '../../http/validate';
import { deptRows } from '../directory/directory.service';
import { claimForResponse, shareFilesFree } from '../files/attachments.service';
import { uploadShareFile, type UploadPart } from '../files/files.service';
import * as repo from './survey-fill.repo';
import { countResponse } from './survey-counters';
import { answerable, checkedAnswers, durationOf, releasedRow, type ReleasedSurvey } from './survey-fill.service';
import { releasedDefinition } from './survey-versions';

/**
 * The public link (issue 16, docs/surveys-api.md "Public department tree" and "Public uploads"): the form and the
 * submit, the department tree of a department question, uploads for a file question, and — at the public submit — the
 * check and the claim of those uploads. Nobody is signed in, so every call first asks whether this survey
 * takes such an answer through its link now; anything else answers the public link's one 404.
 */

type ShareQuestionType = Extract<SurveyQuestion['type'], 'department' | 'file'>;

const notPublic = () => new NotFoundError(SurveyApiMessages.fillNotPublic);

/**
 * The survey whose link takes answers of `type` now: a well-formed id of a survey released with a public link, collecting
 * (not paused, closed or past its deadline), whose released version asks such a question. Else the 404 of an unknown
 * survey, whatever the reason: a guessed id learns nothing, and an upload is refused before its body is read.
 */
async function shareTaking(
  ctx: AppContext,
  params: unknown,
  type: ShareQuestionType,
): Promise<{ id: number; definition: SurveyDefinition }> {
  const parsed = SurveyIdParamZ.safeParse(params);
  if (!parsed.success) throw notPublic();
  const row = await repo.findReleasedSurvey(ctx.db, parsed.data.id);
  if (!row || row.version_id === null) throw notPublic();
  if (effectiveSurveyStatus(row.status, row.deadline, new Date()) !== SurveyStatus.collecting) throw notPublic();
  const definition = await releasedDefinition(ctx.db, row.version_id);
  if (!definition?.settings.publicLink) throw notPublic();
  if (!surveyQuestions(definition).some(({ question }) => question.type === type)) throw notPublic();
  return { id: row.id, definition };
}

/** GET /api/publish/share/{id}/depts: every department as the picker needs it — id, name, parent — and nothing else. */
export async function getShareDepts(ctx: AppContext, params: unknown): Promise<SurveyPublicDept[]> {
  await shareTaking(ctx, params, 'department');
  return (await deptRows(ctx)).map((d) => ({ id: d.id, name: d.name, parent_id: d.parent_id }));
}

/**
 * POST /api/publish/share/{id}/files: one file through the link (the files module's limits, sniffing and storage). The
 * survey is checked first; `readPart` reads the multipart body only then.
 */
export async function uploadShareFileFor(
  ctx: AppContext,
  params: unknown,
  readPart: () => Promise<UploadPart | undefined>,
): Promise<FileCard> {
  const survey = await shareTaking(ctx, params, 'file');
  return uploadShareFile(ctx, survey.id, await readPart());
}

/** The file ids each file question's raw answer holds, for the answers shaped as ids (the evaluator refuses the rest). */
function fileAnswers(
  definition: SurveyDefinition,
  answers: Readonly<Record<string, unknown>>,
): { question: SurveyQuestion; ids: string[] }[] {
  return surveyQuestions(definition)
    .map(({ question }) => ({ question, value: answers[question.id] }))
    .filter(({ question, value }) => question.type === 'file' && Array.isArray(value))
    .map(({ question, value }) => ({ question, ids: value as unknown[] }))
    .filter((entry): entry is { question: SurveyQuestion; ids: string[] } =>
      entry.ids.every((id) => typeof id === 'string' && ATTACHMENT_ID_PATTERN.test(id)),
    );
}

/**
 * The public submit's file check: every file of a file question was uploaded through this survey's link and is
 * answered by no response yet, and no file stands in two questions. `answers.<question id>` → shareFileRefused.
 */
export async function shareFileErrors(
  ctx: AppContext,
  surveyId: number,
  definition: SurveyDefinition,
  answers: Readonly<Record<string, unknown>>,
): Promise<FieldErrors> {
  const entries = fileAnswers(definition, answers);
  if (entries.length === 0) return {};
  const free = await shareFilesFree(
    ctx.db,
    surveyId,
    entries.flatMap((e) => e.ids),
  );
  const errors: FieldErrors = {};
  const seen = new Set<string>();
  for (const { question, ids } of entries) {
    if (!ids.every((id) => free.has(id) && !seen.has(id)))
      errors[`answers.${question.id}`] = [SurveyApiMessages.shareFileRefused(question.title)];
    for (const id of ids) seen.add(id);
  }
  return errors;
}

/**
 * Runs the answers' other checks with `errors` found already, so that a refusal names every question at once: a 422 of
 * `check` gets them added (its own message for a question wins), and a `check` that passes is refused with them.
 */
export async function withFieldErrors<T>(errors: FieldErrors, check: () => Promise<T>): Promise<T> {
  const hasErrors = Object.keys(errors).length > 0;
  let result: T;
  try {
    result = await check();
  } catch (error) {
    const found = error instanceof ValidationError ? (error.data as { errors?: FieldErrors } | null)?.errors : undefined;
    if (hasErrors && found)
      throw new ValidationError({ ...found, ...Object.fromEntries(Object.entries(errors).filter(([k]) => !(k in found))) });
    throw error;
  }
  if (hasErrors) throw new ValidationError(errors);
  return result;
}

/**
 * Claims the files of a public response in its transaction, question by question: a file another response claimed in
 * the meantime (two submits naming one upload) fails the claim, and the 422 naming the question rolls the response back.
 */
export async function claimShareFilesFor(
  trx: Db,
  surveyId: number,
  definition: SurveyDefinition,
  responseId: number,
  answers: SurveyAnswers,
): Promise<void> {
  const errors: FieldErrors = {};
  for (const { question, ids } of fileAnswers(definition, answers)) {
    if (!(await claimForResponse(trx, surveyId, responseId, ids)))
      errors[`answers.${question.id}`] = [SurveyApiMessages.shareFileRefused(question.title)];
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

/** GET /api/publish/share/{id} (no sign-in): the released version of a survey with a public link. */
export async function getPublicForm(ctx: AppContext, params: unknown): Promise<SurveyFillForm> {
  const id = parse(SurveyIdParamZ, params).id;
  const survey = await publicSurvey(ctx, id);
  return {
    survey_id: survey.id,
    kind: survey.kind,
    name: survey.name,
    deadline: survey.deadline,
    version_id: survey.versionId,
    definition: survey.definition,
    state: null,
    answers: null,
    ratee_id: 0,
    ratee_name: null,
  };
}

/** Unknown and not public answer the same 404: a guessed id learns nothing. */
async function publicSurvey(ctx: AppContext, id: number): Promise<ReleasedSurvey> {
  const row = await releasedRow(ctx, id);
  if (!row?.definition?.settings.publicLink) throw new NotFoundError(SurveyApiMessages.fillNotPublic);
  return answerable(row, SurveyApiMessages.fillNotPublic);
}

/**
 * POST /api/publish/share/{id} (no sign-in): a response with no user id; a named survey asks the respondent's name.
 * Nothing identifies a public respondent, so "one response a person" cannot hold here (docs/surveys-api.md).
 */
export async function submitPublic(ctx: AppContext, params: unknown, body: unknown): Promise<SurveySubmitResult> {
  const id = parse(SurveyIdParamZ, params).id;
  const input = parse(SurveyPublicFillZ, body);
  const survey = await publicSurvey(ctx, id);
  if (input.version_id !== survey.versionId) throw new ConflictError(SurveyApiMessages.fillVersionChanged);
  const named = !survey.definition.settings.anonymous;
  const name = input.name?.trim() ?? '';
  if (named && name === '') throw new ValidationError({ name: [SurveyApiMessages.respondentNameRequired] });
  const now = Date.now();
  // Files must have come through this survey's link, unused (docs/surveys-api.md "Public uploads"); named with the rest.
  const fileErrors = await shareFileErrors(ctx, survey.id, survey.definition, input.answers);
  const answers = await withFieldErrors(fileErrors, () => checkedAnswers(ctx, survey, input.answers, null, null, now));
  const at = new Date(now).toISOString();
  await groupCommit(ctx.db, async (trx) => {
    const responseId = await repo.insertResponse(trx, {
      survey_id: survey.id,
      version_id: survey.versionId,
      user_id: null,
      ratee_id: 0,
      once_key: null,
      respondent_name: named ? name : null,
      dept_id: null,
      answers: JSON.stringify(answers),
      duration_seconds: durationOf(input.started_at, now),
      submitted_at: at,
      updated_at: at,
    });
    // The claim of its files: of two responses naming one upload, the second finds it taken and rolls back.
    if (responseId !== null) await claimShareFilesFor(trx, survey.id, survey.definition, responseId, answers);
    // No once_key: the insert always stores a row.
    if (responseId !== null)
      await countResponse(trx, { surveyId: survey.id, rateeId: 0, responseId, submittedAt: at }, survey.definition, answers);
  });
  return { survey_id: survey.id, replaced: false, points: 0 };
}
