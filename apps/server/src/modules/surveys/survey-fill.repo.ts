import type { SurveyTallyCell } from '@osp/shared';
import { sql, type Insertable } from 'kysely';
import { engineOf, type Db } from '../../db/index';
import type { SurveyResponsesTable } from '../../db/schema';

/**
 * The respondent's tables (issue 16, docs/surveys-api.md "Filling"): the released version a person answers, their
 * assignment, their server-side draft and their response. The database decides "one response per person": a named
 * survey's `once_key` is unique per survey; an anonymous one's assignment moves to 'submitted' at most once.
 */

/** The survey and the id of the version released last (null before the first release; its definition: survey-versions.ts). */
export function findReleasedSurvey(db: Db, id: number) {
  return db
    .selectFrom('surveys')
    .select(['id', 'kind', 'name', 'status', 'deadline', 'version_id'])
    .where('id', '=', id)
    .executeTakeFirst();
}
export type ReleasedSurveyRow = NonNullable<Awaited<ReturnType<typeof findReleasedSurvey>>>;

export function findAssignment(db: Db, surveyId: number, userId: number, rateeId: number) {
  return db
    .selectFrom('survey_assignments')
    .select(['id', 'state', 'submitted_at'])
    .where('survey_id', '=', surveyId)
    .where('user_id', '=', userId)
    .where('ratee_id', '=', rateeId)
    .executeTakeFirst();
}

/** My assignments of surveys released at least once, with the survey and the person rated. */
export function myAssignments(db: Db, userId: number) {
  return db
    .selectFrom('survey_assignments as a')
    .innerJoin('surveys as s', 's.id', 'a.survey_id')
    .leftJoin('users as r', 'r.id', 'a.ratee_id')
    .select(['a.survey_id', 'a.ratee_id', 'a.state', 's.kind', 's.name', 's.status', 's.deadline', 'r.name as ratee_name'])
    .where('a.user_id', '=', userId)
    .where('s.version_id', 'is not', null)
    .orderBy('a.id', 'desc')
    .limit(500)
    .execute();
}

export function userName(db: Db, userId: number) {
  return db.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirst();
}

export function findDraft(db: Db, surveyId: number, userId: number, rateeId: number) {
  return db
    .selectFrom('survey_drafts')
    .select(['answers', 'version_id', 'updated_at'])
    .where('survey_id', '=', surveyId)
    .where('user_id', '=', userId)
    .where('ratee_id', '=', rateeId)
    .executeTakeFirst();
}

export async function saveDraft(
  db: Db,
  row: { survey_id: number; user_id: number; ratee_id: number; version_id: number; answers: string; updated_at: string },
): Promise<void> {
  await db
    .insertInto('survey_drafts')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['survey_id', 'user_id', 'ratee_id'])
        .doUpdateSet({ version_id: row.version_id, answers: row.answers, updated_at: row.updated_at }),
    )
    .execute();
}

export async function deleteDraft(db: Db, surveyId: number, userId: number, rateeId: number): Promise<void> {
  await db
    .deleteFrom('survey_drafts')
    .where('survey_id', '=', surveyId)
    .where('user_id', '=', userId)
    .where('ratee_id', '=', rateeId)
    .execute();
}

/** pending → draft; a submitted assignment keeps its state. */
export async function markDraft(db: Db, assignmentId: number): Promise<void> {
  await db
    .updateTable('survey_assignments')
    .set({ state: 'draft' })
    .where('id', '=', assignmentId)
    .where('state', '=', 'pending')
    .execute();
}

/**
 * Moves the assignment to 'submitted'. With `once`, only if it is not submitted already: of two submits at once the
 * second finds no row to move (PostgreSQL re-reads the row after the first commits; SQLite runs one at a time).
 */
export async function markSubmitted(db: Db, assignmentId: number, submittedAt: string | null, once: boolean): Promise<boolean> {
  let query = db.updateTable('survey_assignments').set({ state: 'submitted', submitted_at: submittedAt }).where('id', '=', assignmentId);
  if (once) query = query.where('state', '<>', 'submitted');
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Inserts the response unless its once_key is taken (the unique key decides); the new id, or null when taken. */
export async function insertResponse(db: Db, row: Insertable<SurveyResponsesTable>): Promise<number | null> {
  const inserted = await db
    .insertInto('survey_responses')
    .values(row)
    .onConflict((oc) => oc.columns(['survey_id', 'once_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id ?? null;
}

/**
 * The response a once_key names. With `lock` (inside a transaction), PostgreSQL holds the row until commit: an
 * editable resubmit takes its old answers' counters away, and two resubmits at once must not both take the same ones.
 */
export function findResponseByKey(db: Db, surveyId: number, onceKey: string, lock = false) {
  const query = db
    .selectFrom('survey_responses')
    .select(['id', 'answers', 'version_id', 'submitted_at'])
    .where('survey_id', '=', surveyId)
    .where('once_key', '=', onceKey);
  return (lock && engineOf(db) === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

export async function versionDefinition(db: Db, versionId: number): Promise<string | undefined> {
  const row = await db.selectFrom('survey_versions').select('definition').where('id', '=', versionId).executeTakeFirst();
  return row?.definition;
}

/** Rows a statement carries at most: 6 values each, far below either engine's limit of parameters. */
const CELLS_PER_STATEMENT = 500;

/**
 * Adds to the result counters (a negative count takes away). `cells` come summed (one row a cell) and in one order
 * (survey-tally.ts), so on PostgreSQL two submits lock the shared cells in the same order and never deadlock.
 */
export async function addResultCells(db: Db, surveyId: number, rateeId: number, cells: readonly SurveyTallyCell[]): Promise<void> {
  for (let at = 0; at < cells.length; at += CELLS_PER_STATEMENT) {
    const rows = cells.slice(at, at + CELLS_PER_STATEMENT).map((c) => ({
      survey_id: surveyId,
      question_id: c.question_id,
      cell: c.cell,
      ratee_id: rateeId,
      n: c.count,
      total: c.sum,
    }));
    await db
      .insertInto('survey_result_cells')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['survey_id', 'question_id', 'cell', 'ratee_id']).doUpdateSet({
          n: sql<number>`survey_result_cells.n + excluded.n`,
          total: sql<number>`survey_result_cells.total + excluded.total`,
        }),
      )
      .execute();
  }
}

/** Keeps a response's text answers for the results' lists. */
export async function insertResultTexts(
  db: Db,
  rows: readonly { survey_id: number; question_id: string; response_id: number; ratee_id: number; text: string; submitted_at: string }[],
): Promise<void> {
  if (rows.length > 0)
    await db
      .insertInto('survey_result_texts')
      .values([...rows])
      .execute();
}

/** Takes a response's texts away; `questionIds` (the text questions of the version it answered) keep it to key lookups. */
export async function deleteResultTexts(db: Db, surveyId: number, questionIds: readonly string[], responseId: number): Promise<void> {
  if (questionIds.length === 0) return;
  await db
    .deleteFrom('survey_result_texts')
    .where('survey_id', '=', surveyId)
    .where('question_id', 'in', [...questionIds])
    .where('response_id', '=', responseId)
    .execute();
}

/** The editable resubmit: the answers replace those of before, in the same row. */
export async function replaceResponse(
  db: Db,
  id: number,
  values: { version_id: number; answers: string; duration_seconds: number | null; dept_id: number | null; updated_at: string },
): Promise<void> {
  await db.updateTable('survey_responses').set(values).where('id', '=', id).execute();
}

/**
 * A released survey made in one go — the survey, its version and its assignments — for tests that need one without
 * the administration's release (survey-test-support.ts). The version is the survey's released one.
 */
export async function insertReleasedSurvey(
  db: Db,
  input: {
    name: string;
    kind: string;
    definition: string;
    status: number;
    deadline: string | null;
    createdBy: number;
    assignments: readonly { userId: number; rateeId: number }[];
    at: string;
  },
): Promise<{ surveyId: number; versionId: number }> {
  return db.transaction().execute(async (trx) => {
    const survey = await trx
      .insertInto('surveys')
      .values({
        kind: input.kind,
        name: input.name,
        status: input.status,
        deadline: input.deadline,
        definition: input.definition,
        created_by: input.createdBy,
        created_at: input.at,
        updated_at: input.at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const version = await trx
      .insertInto('survey_versions')
      .values({ survey_id: survey.id, version_no: 1, definition: input.definition, created_by: input.createdBy, created_at: input.at })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.updateTable('surveys').set({ version_id: version.id, released_at: input.at }).where('id', '=', survey.id).execute();
    if (input.assignments.length > 0) {
      await trx
        .insertInto('survey_assignments')
        .values(input.assignments.map((a) => ({ survey_id: survey.id, user_id: a.userId, ratee_id: a.rateeId, assigned_at: input.at })))
        .execute();
    }
    return { surveyId: survey.id, versionId: version.id };
  });
}
