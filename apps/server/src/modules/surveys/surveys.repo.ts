import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../../db/index';
import { containsText } from '../../db/like';
import type { SurveyAssignmentsTable, SurveysTable } from '../../db/schema';

/**
 * The survey administration's SQL (issue 16): the working copy, its released versions, its targets and the
 * assignments a release snapshots. People and departments are read through the directory module, never here.
 */

const SURVEY_COLUMNS = [
  'surveys.id',
  'surveys.kind',
  'surveys.name',
  'surveys.description',
  'surveys.status',
  'surveys.deadline',
  'surveys.version_id',
  'surveys.released_at',
  'surveys.result_token',
  'surveys.result_token_expires_at',
  'surveys.created_by',
  'surveys.created_at',
  'surveys.updated_at',
  'survey_versions.version_no',
] as const;

export interface SurveyFilter {
  keyword?: string | undefined;
  /** The effective status (survey-api effectiveSurveyStatus): a collecting survey past its deadline is closed. */
  status?: number | undefined;
  kind?: string | undefined;
  now: string;
}

/** Every survey, newest first, filtered on the status as it reads at `now`. */
export async function findSurveys(db: Db, filter: SurveyFilter, page: { offset: number; limit: number }) {
  let query = db.selectFrom('surveys');
  if (filter.kind !== undefined) query = query.where('surveys.kind', '=', filter.kind);
  if (filter.keyword) {
    const keyword = filter.keyword;
    query = query.where(() => containsText(sql.ref<string>('surveys.name'), keyword));
  }
  const { now } = filter;
  if (filter.status === 0) query = query.where('surveys.status', '=', 0);
  if (filter.status === 1) {
    query = query
      .where('surveys.status', '=', 1)
      .where((eb) => eb.or([eb('surveys.deadline', 'is', null), eb('surveys.deadline', '>', now)]));
  }
  if (filter.status === 2) {
    query = query.where((eb) =>
      eb.or([
        eb('surveys.status', '=', 2),
        eb.and([eb('surveys.status', '=', 1), eb('surveys.deadline', 'is not', null), eb('surveys.deadline', '<=', now)]),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    query
      .leftJoin('survey_versions', 'survey_versions.id', 'surveys.version_id')
      .select(SURVEY_COLUMNS)
      .orderBy('surveys.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function findSurvey(db: Db, id: number) {
  return db
    .selectFrom('surveys')
    .leftJoin('survey_versions', 'survey_versions.id', 'surveys.version_id')
    .select([...SURVEY_COLUMNS, 'surveys.definition'])
    .where('surveys.id', '=', id)
    .executeTakeFirst();
}

export type SurveyRow = NonNullable<Awaited<ReturnType<typeof findSurvey>>>;

/**
 * Takes the survey's row lock for the rest of the transaction without changing anything (PostgreSQL: the same lock
 * as select … for update; SQLite runs one write transaction at a time anyway). Changes that read the working copy or
 * the targets and write them back call it first, so two at once run one after the other instead of losing one.
 */
export async function lockSurvey(db: Db, id: number): Promise<void> {
  await db
    .updateTable('surveys')
    .set((eb) => ({ status: eb.ref('status') }))
    .where('id', '=', id)
    .execute();
}

/** People asked and those who submitted, per survey (one row per survey that has assignments). */
export async function assignmentCounts(db: Db, surveyIds: readonly number[]): Promise<Map<number, { targeted: number; answered: number }>> {
  if (surveyIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('survey_assignments')
    .select((eb) => [
      'survey_id',
      eb.fn.countAll<number | string>().as('targeted'),
      eb.fn.sum<number | string | null>(eb.case().when('state', '=', 'submitted').then(1).else(0).end()).as('answered'),
    ])
    .where('survey_id', 'in', [...surveyIds])
    .groupBy('survey_id')
    .execute();
  return new Map(rows.map((r) => [r.survey_id, { targeted: Number(r.targeted), answered: Number(r.answered ?? 0) }]));
}

/** Responses per survey, public and anonymous ones included. */
export async function responseCounts(db: Db, surveyIds: readonly number[]): Promise<Map<number, number>> {
  if (surveyIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('survey_responses')
    .select((eb) => ['survey_id', eb.fn.countAll<number | string>().as('n')])
    .where('survey_id', 'in', [...surveyIds])
    .groupBy('survey_id')
    .execute();
  return new Map(rows.map((r) => [r.survey_id, Number(r.n)]));
}

export async function insertSurvey(db: Db, values: Insertable<SurveysTable>): Promise<number> {
  const row = await db.insertInto('surveys').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateSurvey(db: Db, id: number, values: Updateable<SurveysTable>): Promise<void> {
  await db.updateTable('surveys').set(values).where('id', '=', id).execute();
}

/**
 * Moves the survey's status only from one of `from`: false when another request moved it first. On PostgreSQL the
 * update waits for a concurrent one's row lock and then re-reads the status, so of two releases one wins.
 */
export async function moveStatus(db: Db, id: number, from: readonly number[], values: Updateable<SurveysTable>): Promise<boolean> {
  const result = await db
    .updateTable('surveys')
    .set(values)
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Deletes the survey with everything hanging off it, unless a response came in meanwhile (false then). The child
 * rows go explicitly: the foreign keys cascade, but the order keeps survey_responses' version key satisfied.
 */
export async function deleteUnanswered(db: Db, id: number): Promise<boolean> {
  if ((await countResponses(db, id)) > 0) return false;
  await db.deleteFrom('survey_drafts').where('survey_id', '=', id).execute();
  await db.deleteFrom('survey_assignments').where('survey_id', '=', id).execute();
  await db.deleteFrom('survey_targets').where('survey_id', '=', id).execute();
  await db.updateTable('surveys').set({ version_id: null }).where('id', '=', id).execute();
  await db.deleteFrom('survey_versions').where('survey_id', '=', id).execute();
  const result = await db.deleteFrom('surveys').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function countResponses(db: Db, id: number): Promise<number> {
  const row = await db
    .selectFrom('survey_responses')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('survey_id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// ---------- versions ----------

export function findVersion(db: Db, versionId: number) {
  return db.selectFrom('survey_versions').select(['id', 'version_no', 'definition']).where('id', '=', versionId).executeTakeFirst();
}

export async function lastVersionNo(db: Db, surveyId: number): Promise<number> {
  const row = await db
    .selectFrom('survey_versions')
    .select((eb) => eb.fn.max<number | null>('version_no').as('n'))
    .where('survey_id', '=', surveyId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function insertVersion(
  db: Db,
  values: { survey_id: number; version_no: number; definition: string; created_by: number; created_at: string },
): Promise<number> {
  const row = await db.insertInto('survey_versions').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

// ---------- targets ----------

export interface TargetRow {
  kind: string;
  ref_id: number;
  exclude: number;
}

export function targetsOf(db: Db, surveyId: number): Promise<TargetRow[]> {
  return db
    .selectFrom('survey_targets')
    .select(['kind', 'ref_id', 'exclude'])
    .where('survey_id', '=', surveyId)
    .orderBy('exclude')
    .orderBy('kind')
    .orderBy('ref_id')
    .execute();
}

export async function replaceTargets(db: Db, surveyId: number, targets: readonly TargetRow[]): Promise<void> {
  await db.deleteFrom('survey_targets').where('survey_id', '=', surveyId).execute();
  for (let start = 0; start < targets.length; start += INSERT_CHUNK) {
    const chunk = targets.slice(start, start + INSERT_CHUNK).map((t) => ({ survey_id: surveyId, ...t }));
    await db.insertInto('survey_targets').values(chunk).execute();
  }
}

// ---------- assignments ----------

/**
 * Rows per insert: SQLite takes at most 32,766 bound values a statement and PostgreSQL 65,535; a target is
 * 4 values and an assignment 5.
 */
const INSERT_CHUNK = 1000;

export function assignmentsOf(db: Db, surveyId: number) {
  return db
    .selectFrom('survey_assignments')
    .select(['user_id', 'ratee_id', 'state', 'submitted_at', 'reminded_at'])
    .where('survey_id', '=', surveyId)
    .orderBy('id')
    .execute();
}

/**
 * Adds the assignments not there yet; an existing one (its state, draft, reminders) stays as it is. The unique key
 * (survey, user, ratee) decides, so two releases at once cannot assign a person twice. Returns how many were added.
 */
export async function insertAssignments(db: Db, rows: readonly Insertable<SurveyAssignmentsTable>[]): Promise<number> {
  let added = 0;
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    const result = await db
      .insertInto('survey_assignments')
      .values(rows.slice(start, start + INSERT_CHUNK))
      .onConflict((oc) => oc.columns(['survey_id', 'user_id', 'ratee_id']).doNothing())
      .executeTakeFirst();
    added += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return added;
}
