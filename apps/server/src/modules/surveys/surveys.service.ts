import {
  SURVEY_SETTINGS_DEFAULT,
  SURVEY_TITLE_MAX,
  SurveyAdminMessages,
  surveyCompletion,
  SurveyAdminTexts,
  SurveyApiMessages,
  SurveyCreateZ,
  SurveyDefinitionZ,
  SurveyIdParamZ,
  SurveyListQueryZ,
  SurveySaveZ,
  SurveyStatus,
  SurveyStatusChangeZ,
  effectiveSurveyStatus,
  newSurveyId,
  toFieldErrors,
  type FieldErrors,
  type Paged,
  type SurveyDefinition,
  type SurveyDetail,
  type SurveyKind,
  type SurveyListItem,
} from '@osp/shared';
import type { Actor, AppContext, Caller } from '../../context';
import type { Db } from '../../db/index';
import { nowIso } from '../../db/index';
import { ConflictError, NotFoundError, ValidationError } from '../../http/errors';
import { parse } from '../../http/validate';
import { personRows } from '../directory/directory.service';
import { recordOperation } from '../syslog/syslog.service';
import { authorizeSurveyAdmin } from './surveys.policy';
import * as repo from './surveys.repo';
import { resolveAssignments, targetViews } from './surveys.targets';

/**
 * Survey administration (issue 16, docs/surveys-api.md "Administration"): /api/surveys and the /api/survey
 * status, target and people calls, for holders of `survey_admin`. The working copy (`surveys.definition`) is edited
 * freely; a release freezes it into a version (reused when nothing changed) and snapshots the targets into
 * assignments. Every write logs one row of item type `survey` in the same transaction.
 */

export const ITEM_TYPE = 'survey';

function statusOf(value: number): SurveyStatus {
  return value === SurveyStatus.collecting
    ? SurveyStatus.collecting
    : value === SurveyStatus.closed
      ? SurveyStatus.closed
      : SurveyStatus.draft;
}

export function kindOf(value: string): SurveyKind {
  return value === 'evaluation' ? 'evaluation' : 'survey';
}

/**
 * The stored working copy. Only this module writes the column, from a definition it built (create) or parsed
 * (save, rules, release); a save-in-progress may still fail SurveyDefinitionZ, so it is not parsed here.
 */
export function workingCopy(row: { definition: string }): SurveyDefinition {
  return JSON.parse(row.definition) as SurveyDefinition;
}

/** A definition's problems as 422 field errors under `definition.` (the designer shows them at their fields). */
function definitionErrors(errors: FieldErrors): FieldErrors {
  // '_' is toFieldErrors' name for the value itself (a definition that is no object at all).
  return Object.fromEntries(
    Object.entries(errors).map(([field, messages]) => [field === '_' ? 'definition' : `definition.${field}`, messages]),
  );
}

/** The definition parsed, or the 422 that names every problem; the JSON of the parse is the canonical text. */
export function checkDefinition(input: unknown): SurveyDefinition {
  const result = SurveyDefinitionZ.safeParse(input);
  if (!result.success) throw new ValidationError(definitionErrors(toFieldErrors(result.error)));
  return result.data;
}

/** Whether the body names a field at all: an absent deadline leaves it as it is, a null or '' clears it. */
function hasField(body: unknown, field: string): boolean {
  return typeof body === 'object' && body !== null && field in body;
}

export async function requireSurvey(db: Db, id: number): Promise<repo.SurveyRow> {
  const row = await repo.findSurvey(db, id);
  if (!row) throw new NotFoundError(SurveyApiMessages.notFound);
  return row;
}

/** The survey to change, read after taking its row lock (repo.lockSurvey): a concurrent change waits for this one. */
export async function requireSurveyForUpdate(db: Db, id: number): Promise<repo.SurveyRow> {
  await repo.lockSurvey(db, id);
  return requireSurvey(db, id);
}

/** What the operation log keeps of a working copy (sizes, not a second copy of the definition). */
function facts(row: { name: string; kind: string; deadline: string | null }, definition: SurveyDefinition) {
  return {
    name: row.name,
    kind: row.kind,
    deadline: row.deadline,
    pages: definition.pages.length,
    questions: definition.pages.reduce((n, page) => n + page.questions.length, 0),
    rules: definition.rules.length,
    settings: definition.settings,
  };
}

// ---------- list, create, read ----------

export async function findSurveys(ctx: AppContext, caller: Caller, query: unknown): Promise<Paged<SurveyListItem>> {
  authorizeSurveyAdmin(caller);
  const input = parse(SurveyListQueryZ, query);
  const now = nowIso();
  const { rows, total } = await repo.findSurveys(
    ctx.db,
    { keyword: input.keyword, status: input.status, kind: input.kind, now },
    { offset: (input.page - 1) * input.per_page, limit: input.per_page },
  );
  const ids = rows.map((r) => r.id);
  const creators = [...new Set(rows.flatMap((r) => (r.created_by === null ? [] : [r.created_by])))];
  const [assigned, responses, people] = await Promise.all([
    repo.assignmentCounts(ctx.db, ids),
    repo.responseCounts(ctx.db, ids),
    personRows(ctx.db, creators),
  ]);
  const nameOf = new Map(people.map((p) => [p.id, p.name]));
  const nowDate = new Date(now);
  const list = rows.map((row): SurveyListItem => {
    const counts = assigned.get(row.id) ?? { targeted: 0, answered: 0 };
    return {
      id: row.id,
      kind: kindOf(row.kind),
      name: row.name,
      status: effectiveSurveyStatus(row.status, row.deadline, nowDate),
      deadline: row.deadline,
      version_no: row.version_no ?? 0,
      targeted: counts.targeted,
      answered: counts.answered,
      completion: surveyCompletion(counts.answered, counts.targeted),
      responses: responses.get(row.id) ?? 0,
      created_by_name: row.created_by === null ? null : (nameOf.get(row.created_by) ?? null),
      updated_at: row.updated_at,
    };
  });
  return { list, total, page: input.page, per_page: input.per_page };
}

/** POST /api/surveys: status 0, one empty page, the default settings. */
export async function createSurvey(ctx: AppContext, actor: Actor, body: unknown): Promise<{ id: number }> {
  authorizeSurveyAdmin(actor.caller);
  const input = parse(SurveyCreateZ, body);
  const definition: SurveyDefinition = {
    kind: input.kind,
    title: input.name,
    ...(input.description === '' ? {} : { description: input.description }),
    settings: { ...SURVEY_SETTINGS_DEFAULT },
    dimensions: [],
    pages: [{ id: newSurveyId(), questions: [] }],
    rules: [],
  };
  const id = await ctx.db.transaction().execute(async (trx) => {
    const now = nowIso();
    const values = { kind: input.kind, name: input.name, description: input.description, deadline: input.deadline };
    const created = await repo.insertSurvey(trx, {
      ...values,
      status: SurveyStatus.draft,
      definition: JSON.stringify(definition),
      created_by: actor.caller.userId,
      created_at: now,
      updated_at: now,
    });
    await recordOperation(trx, actor, {
      itemType: ITEM_TYPE,
      itemId: created,
      action: 'create',
      summary: SurveyAdminTexts.log.create(input.name),
      after: facts(values, definition),
    });
    return created;
  });
  return { id };
}

async function detailOf(ctx: AppContext, db: Db, row: repo.SurveyRow): Promise<SurveyDetail> {
  const now = nowIso();
  const [responses, targets, version] = await Promise.all([
    repo.countResponses(db, row.id),
    repo.targetsOf(db, row.id),
    row.version_id === null ? Promise.resolve(undefined) : repo.findVersion(db, row.version_id),
  ]);
  const linkLives = row.result_token !== null && row.result_token_expires_at !== null && row.result_token_expires_at > now;
  return {
    id: row.id,
    kind: kindOf(row.kind),
    name: row.name,
    description: row.description,
    status: effectiveSurveyStatus(row.status, row.deadline, new Date(now)),
    stored_status: statusOf(row.status),
    deadline: row.deadline,
    definition: workingCopy(row),
    version_no: row.version_no ?? 0,
    released_at: row.released_at,
    // Never released: the working copy differs from the nothing released so far.
    changed_since_release: version === undefined || version.definition !== row.definition,
    responses,
    targets: await targetViews(ctx, db, targets),
    result_link:
      linkLives && row.result_token !== null && row.result_token_expires_at !== null
        ? { token: row.result_token, expires_at: row.result_token_expires_at }
        : null,
    updated_at: row.updated_at,
  };
}

export async function getSurvey(ctx: AppContext, caller: Caller, params: unknown): Promise<SurveyDetail> {
  authorizeSurveyAdmin(caller);
  const { id } = parse(SurveyIdParamZ, params);
  return detailOf(ctx, ctx.db, await requireSurvey(ctx.db, id));
}

/** GET /api/surveys/{id}/preview: the working copy as a respondent would see it. */
export async function previewSurvey(
  ctx: AppContext,
  caller: Caller,
  params: unknown,
): Promise<{ id: number; kind: SurveyKind; name: string; definition: SurveyDefinition }> {
  authorizeSurveyAdmin(caller);
  const { id } = parse(SurveyIdParamZ, params);
  const row = await requireSurvey(ctx.db, id);
  return { id: row.id, kind: kindOf(row.kind), name: row.name, definition: workingCopy(row) };
}

// ---------- save, delete ----------

/**
 * PUT /api/surveys/{id}: the working copy, checked whole; its title and description are the survey's name and
 * description. A released survey keeps its kind: its answers were given to a survey of that kind.
 */
export async function saveSurvey(ctx: AppContext, actor: Actor, params: unknown, body: unknown): Promise<SurveyDetail> {
  authorizeSurveyAdmin(actor.caller);
  const { id } = parse(SurveyIdParamZ, params);
  const input = parse(SurveySaveZ, body);
  const definition = checkDefinition(input.definition);
  const deadline = hasField(body, 'deadline') ? input.deadline : undefined;
  return ctx.db.transaction().execute(async (trx) => {
    const before = await requireSurveyForUpdate(trx, id);
    if (before.version_id !== null && definition.kind !== before.kind) {
      throw new ValidationError({ 'definition.kind': [SurveyAdminMessages.kindLocked] });
    }
    const values = {
      kind: definition.kind,
      name: definition.title,
      description: definition.description ?? '',
      deadline: deadline === undefined ? before.deadline : deadline,
    };
    await repo.updateSurvey(trx, id, { ...values, definition: JSON.stringify(definition), updated_at: nowIso() });
    await recordOperation(trx, actor, {
      itemType: ITEM_TYPE,
      itemId: id,
      action: 'update',
      summary: SurveyAdminTexts.log.update(definition.title),
      before: facts(before, workingCopy(before)),
      after: facts(values, definition),
    });
    return detailOf(ctx, trx, await requireSurvey(trx, id));
  });
}

/** DELETE /api/surveys/{id}: refused once anybody has answered (their answers would go with it; close it instead). */
export async function deleteSurvey(ctx: AppContext, actor: Actor, params: unknown): Promise<void> {
  authorizeSurveyAdmin(actor.caller);
  const { id } = parse(SurveyIdParamZ, params);
  await ctx.db.transaction().execute(async (trx) => {
    const row = await requireSurveyForUpdate(trx, id);
    const answered = await repo.countResponses(trx, id);
    if (answered > 0 || !(await repo.deleteUnanswered(trx, id))) {
      throw new ConflictError(SurveyApiMessages.deleteAnswered(Math.max(answered, 1)));
    }
    await recordOperation(trx, actor, {
      itemType: ITEM_TYPE,
      itemId: id,
      action: 'delete',
      summary: SurveyAdminTexts.log.delete(row.name),
      before: { ...facts(row, workingCopy(row)), status: row.status, version_no: row.version_no ?? 0 },
    });
  });
}

// ---------- release, unrelease, status ----------

interface Released {
  versionId: number;
  versionNo: number;
  /** Whether this release froze a new version (false: the working copy equals the last one, which is reused). */
  newVersion: boolean;
  /** Assignments added by this release; existing ones stay as they were. */
  added: number;
}

/**
 * The release rules, inside the caller's transaction: the working copy passes SurveyDefinitionZ, the deadline (if
 * any) lies ahead, someone is asked (or the public link is on), then status 1, a version (new only when the
 * definition changed), and the assignments of whoever the targets name now that were not assigned yet. Nobody is
 * unassigned: a person asked keeps their state, draft and answers.
 */
async function releaseIn(ctx: AppContext, trx: Db, actor: Actor, row: repo.SurveyRow, now: string): Promise<Released> {
  if (row.status === SurveyStatus.collecting) throw new ConflictError(SurveyApiMessages.alreadyReleased);
  const definition = checkDefinition(workingCopy(row));
  if (row.deadline !== null && row.deadline <= now) throw new ValidationError({ deadline: [SurveyApiMessages.deadlinePassed] });
  const targets = await repo.targetsOf(trx, row.id);
  const includes = targets.some((t) => t.exclude === 0);
  if (!includes && !definition.settings.publicLink) throw new ValidationError({ targets: [SurveyApiMessages.noTargets] });
  const assignments = includes ? await resolveAssignments(ctx, trx, definition.kind, targets) : [];
  if (includes && assignments.length === 0) throw new ValidationError({ targets: [SurveyApiMessages.targetsEmpty] });

  // The conditional move first: of two releases at once, the second waits here and then finds status 1.
  if (!(await repo.moveStatus(trx, row.id, [SurveyStatus.draft, SurveyStatus.closed], { status: SurveyStatus.collecting }))) {
    throw new ConflictError(SurveyApiMessages.alreadyReleased);
  }
  const canonical = JSON.stringify(definition);
  const last = row.version_id === null ? undefined : await repo.findVersion(trx, row.version_id);
  let versionId: number;
  let versionNo: number;
  const newVersion = last === undefined || last.definition !== canonical;
  if (last !== undefined && !newVersion) {
    versionId = last.id;
    versionNo = last.version_no;
  } else {
    versionNo = (await repo.lastVersionNo(trx, row.id)) + 1;
    versionId = await repo.insertVersion(trx, {
      survey_id: row.id,
      version_no: versionNo,
      definition: canonical,
      created_by: actor.caller.userId,
      created_at: now,
    });
  }
  await repo.updateSurvey(trx, row.id, {
    version_id: versionId,
    released_at: now,
    updated_at: now,
    definition: canonical,
    kind: definition.kind,
    name: definition.title,
    description: definition.description ?? '',
  });
  const added = await repo.insertAssignments(
    trx,
    assignments.map((a) => ({ survey_id: row.id, user_id: a.userId, ratee_id: a.rateeId, state: 'pending', assigned_at: now })),
  );
  return { versionId, versionNo, newVersion, added };
}

/** POST /api/surveys/{id}/release. */
export async function releaseSurvey(ctx: AppContext, actor: Actor, params: unknown): Promise<SurveyDetail> {
  authorizeSurveyAdmin(actor.caller);
  const { id } = parse(SurveyIdParamZ, params);
  return ctx.db.transaction().execute(async (trx) => {
    const row = await requireSurveyForUpdate(trx, id);
    const released = await releaseIn(ctx, trx, actor, row, nowIso());
    await recordOperation(trx, actor, {
      itemType: ITEM_TYPE,
      itemId: id,
      action: 'release',
      summary: SurveyAdminTexts.log.release(row.name, released.versionNo),
      before: { status: row.status, version_no: row.version_no ?? 0 },
      after: {
        status: SurveyStatus.collecting,
        version_no: released.versionNo,
        new_version: released.newVersion,
        assigned: released.added,
      },
    });
    return detailOf(ctx, trx, await requireSurvey(trx, id));
  });
}

/** POST /api/surveys/{id}/unrelease: back to 0; answers and assignments are kept, filling is refused meanwhile. */
export async function unreleaseSurvey(ctx: AppContext, actor: Actor, params: unknown): Promise<SurveyDetail> {
  authorizeSurveyAdmin(actor.caller);
  const { id } = parse(SurveyIdParamZ, params);
  return ctx.db.transaction().execute(async (trx) => {
    const row = await requireSurveyForUpdate(trx, id);
    const now = nowIso();
    if (!(await repo.moveStatus(trx, id, [SurveyStatus.collecting], { status: SurveyStatus.draft, updated_at: now }))) {
      throw new ConflictError(SurveyApiMessages.notReleased);
    }
    await recordOperation(trx, actor, {
      itemType: ITEM_TYPE,
      itemId: id,
      action: 'unrelease',
      summary: SurveyAdminTexts.log.unrelease(row.name),
      before: { status: row.status },
      after: { status: SurveyStatus.draft },
    });
    return detailOf(ctx, trx, await requireSurvey(trx, id));
  });
}

/**
 * PUT /api/survey/{id}: the status and/or the deadline, each change logged with its old and new value. Moving to 1
 * is a release (its rules apply); while collecting, the deadline must lie ahead (to end a survey, move it to 2). The
 * deadline is applied first, so one call may reopen a survey closed by its deadline with a new one.
 */
export async function changeSurveyStatus(ctx: AppContext, actor: Actor, params: unknown, body: unknown): Promise<SurveyDetail> {
  authorizeSurveyAdmin(actor.caller);
  const { id } = parse(SurveyIdParamZ, params);
  const input = parse(SurveyStatusChangeZ, body);
  const deadlineGiven = hasField(body, 'deadline');
  return ctx.db.transaction().execute(async (trx) => {
    let row = await requireSurveyForUpdate(trx, id);
    const now = nowIso();
    const to = input.status;
    if (deadlineGiven && input.deadline !== row.deadline) {
      const collecting = (to ?? row.status) === SurveyStatus.collecting;
      if (collecting && input.deadline !== null && input.deadline <= now) {
        throw new ValidationError({ deadline: [SurveyApiMessages.deadlinePassed] });
      }
      await repo.updateSurvey(trx, id, { deadline: input.deadline, updated_at: now });
      await recordOperation(trx, actor, {
        itemType: ITEM_TYPE,
        itemId: id,
        action: 'change_deadline',
        summary: SurveyAdminTexts.log.deadline(row.name),
        before: { deadline: row.deadline },
        after: { deadline: input.deadline },
      });
      row = await requireSurvey(trx, id);
    }
    if (to !== undefined && to !== row.status) {
      const after: Record<string, unknown> = { status: to };
      if (to === SurveyStatus.collecting) {
        const released = await releaseIn(ctx, trx, actor, row, now);
        Object.assign(after, { version_no: released.versionNo, new_version: released.newVersion, assigned: released.added });
      } else if (!(await repo.moveStatus(trx, id, [row.status], { status: to, updated_at: now }))) {
        // Another administrator moved it between the read and this update.
        throw new ConflictError(SurveyApiMessages.statusInvalid);
      }
      await recordOperation(trx, actor, {
        itemType: ITEM_TYPE,
        itemId: id,
        action: 'change_status',
        summary: SurveyAdminTexts.log.status(row.name),
        before: { status: row.status },
        after,
      });
    }
    return detailOf(ctx, trx, await requireSurvey(trx, id));
  });
}

/**
 * POST /api/surveys/{id}/replication: a new survey at status 0 with the same definition (its title carrying the
 * copy's name) and targets; no versions, assignments or answers, and no deadline (the original's has likely passed).
 */
export async function replicateSurvey(ctx: AppContext, actor: Actor, params: unknown): Promise<{ id: number }> {
  authorizeSurveyAdmin(actor.caller);
  const { id } = parse(SurveyIdParamZ, params);
  return ctx.db.transaction().execute(async (trx) => {
    const row = await requireSurvey(trx, id);
    const suffix = SurveyAdminTexts.copySuffix;
    const name = `${[...row.name].slice(0, SURVEY_TITLE_MAX - [...suffix].length).join('')}${suffix}`;
    const definition = { ...workingCopy(row), title: name };
    const now = nowIso();
    const values = { kind: row.kind, name, description: row.description, deadline: null };
    const copyId = await repo.insertSurvey(trx, {
      ...values,
      status: SurveyStatus.draft,
      definition: JSON.stringify(definition),
      created_by: actor.caller.userId,
      created_at: now,
      updated_at: now,
    });
    const targets = await repo.targetsOf(trx, id);
    await repo.replaceTargets(trx, copyId, targets);
    await recordOperation(trx, actor, {
      itemType: ITEM_TYPE,
      itemId: copyId,
      action: 'create',
      summary: SurveyAdminTexts.log.replicatedFrom(name, id),
      after: { ...facts(values, definition), copied_from: id, targets: targets.length },
    });
    await recordOperation(trx, actor, {
      itemType: ITEM_TYPE,
      itemId: id,
      action: 'replicate',
      summary: SurveyAdminTexts.log.replicate(row.name, copyId),
      after: { copy_id: copyId },
    });
    return { id: copyId };
  });
}
