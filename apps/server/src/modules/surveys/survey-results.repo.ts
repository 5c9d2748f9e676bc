import { SURVEY_NUMBER_CELL_PREFIX, SURVEY_RESPONSES_QUESTION, UserStatus } from '@osp/shared';
import type { Db } from '../../db/index';
import type { SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import { SURVEY_RESULT_CHANGES_CELL } from './survey-counters';

/**
 * What the results read (issue 16, docs/surveys-api.md "Results"): the responses, the people asked and their state,
 * reminders, and the public results link's token.
 */

/**
 * The survey with the id of its released version, and its working copy only before the first release (null after:
 * the results read the released version, kept parsed by survey-versions.ts; the copy is tens of KB a request).
 */
export function findSurveyForResults(db: Db, id: number) {
  return db
    .selectFrom('surveys')
    .select((eb) => [
      'id',
      'kind',
      'name',
      'status',
      'deadline',
      'version_id',
      'result_token',
      'result_token_expires_at',
      eb.case().when('version_id', 'is', null).then(eb.ref('definition')).else(null).end().as('definition'),
      // The results stamp (survey-counters.ts), read with the row: the kept summary is checked without a statement more.
      eb
        .selectFrom('survey_result_cells as c')
        .select((c) => c.fn.sum<number | string | null>('c.n').as('n'))
        .whereRef('c.survey_id', '=', 'surveys.id')
        .where('c.question_id', '=', SURVEY_RESPONSES_QUESTION)
        .where('c.cell', '=', SURVEY_RESULT_CHANGES_CELL)
        .as('result_changes'),
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}
export type ResultsSurveyRow = NonNullable<Awaited<ReturnType<typeof findSurveyForResults>>>;

export function findSurveyIdByResultToken(db: Db, token: string) {
  return db.selectFrom('surveys').select(['id', 'result_token_expires_at']).where('result_token', '=', token).executeTakeFirst();
}

export async function setResultToken(db: Db, id: number, token: string | null, expiresAt: string | null): Promise<void> {
  await db.updateTable('surveys').set({ result_token: token, result_token_expires_at: expiresAt }).where('id', '=', id).execute();
}

/**
 * The result counters summed by question and cell (over every person rated, or about one), but for number questions'
 * values: a number can take as many values as there are responses, so `numberCells` reads those apart.
 */
export async function resultCells(db: Db, surveyId: number, rateeId: number | undefined) {
  let query = db
    .selectFrom('survey_result_cells')
    .select((eb) => ['question_id', 'cell', eb.fn.sum<number | string>('n').as('n'), eb.fn.sum<number | string>('total').as('total')])
    .where('survey_id', '=', surveyId)
    .where((eb) => eb.or([eb('cell', '<', SURVEY_NUMBER_CELL_PREFIX), eb('cell', '>=', NUMBER_CELLS_END)]))
    .where('cell', '<>', SURVEY_RESULT_CHANGES_CELL);
  if (rateeId !== undefined) query = query.where('ratee_id', '=', rateeId);
  const rows = await query.groupBy(['question_id', 'cell']).execute();
  return rows.map((r) => ({ question_id: r.question_id, cell: r.cell, count: Number(r.n), sum: Number(r.total) }));
}

/** The character after ':' — the end of the range of cells named 'n:…'. */
const NUMBER_CELLS_END = 'n;';

/**
 * One statement of a branch per question, joined by `union all` (none without questions): on PostgreSQL each statement
 * is a round trip to the server (docs/performance.md "Surveys"). SQLite takes a branch's order and limit only inside a
 * subquery, so each branch is wrapped in one.
 */
function unionPerQuestion<Q extends SelectQueryBuilder<Database, never, object>>(
  questionIds: readonly string[],
  branch: (questionId: string) => Q,
): Q | undefined {
  const [first, ...rest] = questionIds;
  if (first === undefined) return undefined;
  return rest.reduce((query, questionId) => query.unionAll(branch(questionId)) as Q, branch(first));
}

/**
 * The number questions' values that someone gave, at most `limit` a question (in the key's order: the results need a
 * count). One statement for every question (unionPerQuestion), each branch reading its question's range of the key.
 */
export async function numberCells(db: Db, surveyId: number, questionIds: readonly string[], rateeId: number | undefined, limit: number) {
  const branch = (questionId: string) => {
    let query = db
      .selectFrom('survey_result_cells')
      .select((eb) => ['question_id', 'cell', eb.fn.sum<number | string>('n').as('n')])
      .where('survey_id', '=', surveyId)
      .where('question_id', '=', questionId)
      .where('cell', '>=', SURVEY_NUMBER_CELL_PREFIX)
      .where('cell', '<', NUMBER_CELLS_END);
    if (rateeId !== undefined) query = query.where('ratee_id', '=', rateeId);
    const bounded = query
      .groupBy(['question_id', 'cell'])
      .having((eb) => eb.fn.sum('n'), '>', 0)
      .orderBy('cell')
      .limit(limit);
    return db.selectFrom(bounded.as('b')).selectAll();
  };
  const rows = (await unionPerQuestion(questionIds, branch)?.execute()) ?? [];
  return rows.map((r) => ({ question_id: r.question_id, cell: r.cell, count: Number(r.n), sum: 0 }));
}

/** The text questions' latest answers, at most `limit` a question, the newest response first; one statement. */
export async function latestTexts(db: Db, surveyId: number, questionIds: readonly string[], rateeId: number | undefined, limit: number) {
  const branch = (questionId: string) => {
    let query = db
      .selectFrom('survey_result_texts')
      .select(['question_id', 'text', 'submitted_at', 'response_id'])
      .where('survey_id', '=', surveyId);
    if (rateeId !== undefined) query = query.where('ratee_id', '=', rateeId);
    const bounded = query.where('question_id', '=', questionId).orderBy('response_id', 'desc').limit(limit);
    return db.selectFrom(bounded.as('b')).selectAll();
  };
  const rows = (await unionPerQuestion(questionIds, branch)?.execute()) ?? [];
  // A union keeps no order: each question's rows are put back newest first.
  const byQuestion = new Map<string, { text: string; submitted_at: string; response_id: number }[]>(questionIds.map((q) => [q, []]));
  for (const row of rows) byQuestion.get(row.question_id)?.push(row);
  return new Map(
    [...byQuestion].map(([q, list]) => [
      q,
      list.sort((a, b) => b.response_id - a.response_id).map(({ text, submitted_at }) => ({ text, submitted_at })),
    ]),
  );
}

/** The responses as the cross-tab reads them (all of the survey's, or those about one person rated). */
export function responsesForResults(db: Db, surveyId: number, rateeId: number | undefined) {
  let query = db.selectFrom('survey_responses').select(['answers', 'dept_id', 'submitted_at']).where('survey_id', '=', surveyId);
  if (rateeId !== undefined) query = query.where('ratee_id', '=', rateeId);
  return query.orderBy('id').execute();
}

function returnsQuery(db: Db, surveyId: number, rateeId: number | undefined) {
  let query = db.selectFrom('survey_responses as r').where('r.survey_id', '=', surveyId);
  if (rateeId !== undefined) query = query.where('r.ratee_id', '=', rateeId);
  return query;
}

/** One page of responses with who gave them (a named survey's), their department and the person rated; the newest first. */
export async function pageReturns(db: Db, surveyId: number, rateeId: number | undefined, page: { offset: number; limit: number }) {
  const [rows, count] = await Promise.all([
    returnsQuery(db, surveyId, rateeId)
      .leftJoin('users as u', 'u.id', 'r.user_id')
      .leftJoin('depts as d', 'd.id', 'r.dept_id')
      .leftJoin('users as t', 't.id', 'r.ratee_id')
      .select([
        'r.id',
        'r.user_id',
        'r.respondent_name',
        'u.name as user_name',
        'd.name as dept_name',
        'r.ratee_id',
        't.name as ratee_name',
        'r.answers',
        'r.submitted_at',
        'r.duration_seconds',
      ])
      .orderBy('r.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    returnsQuery(db, surveyId, rateeId)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
export type ReturnRow = Awaited<ReturnType<typeof pageReturns>>['rows'][number];

/** The export's rows after `afterId`, oldest first, `limit` at a time (keyset paging: the export streams them). */
export function exportRows(db: Db, surveyId: number, rateeId: number | undefined, afterId: number, limit: number) {
  return returnsQuery(db, surveyId, rateeId)
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('depts as d', 'd.id', 'r.dept_id')
    .leftJoin('users as t', 't.id', 'r.ratee_id')
    .select([
      'r.id',
      'r.respondent_name',
      'u.name as user_name',
      'd.name as dept_name',
      'r.ratee_id',
      't.name as ratee_name',
      'r.answers',
      'r.submitted_at',
      'r.duration_seconds',
    ])
    .where('r.id', '>', afterId)
    .orderBy('r.id')
    .limit(limit)
    .execute();
}
export type ExportRow = Awaited<ReturnType<typeof exportRows>>[number];

/** Everyone asked, with their department as it is now and their progress. */
export function assignmentsForMetric(db: Db, surveyId: number) {
  return db
    .selectFrom('survey_assignments as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .leftJoin('depts as d', 'd.id', 'u.dept_id')
    .select(['a.user_id', 'a.state', 'a.reminded_at', 'u.name', 'u.dept_id', 'd.name as dept_name'])
    .where('a.survey_id', '=', surveyId)
    .orderBy('a.id')
    .execute();
}

/** The number of responses and their median time to answer (the middle one of those that know it). */
export async function responseTimes(db: Db, surveyId: number): Promise<{ responses: number; median: number | null }> {
  const counts = await db
    .selectFrom('survey_responses')
    .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.count<number | string>('duration_seconds').as('timed')])
    .where('survey_id', '=', surveyId)
    .executeTakeFirstOrThrow();
  const timed = Number(counts.timed);
  if (timed === 0) return { responses: Number(counts.n), median: null };
  const middle = await db
    .selectFrom('survey_responses')
    .select('duration_seconds')
    .where('survey_id', '=', surveyId)
    .where('duration_seconds', 'is not', null)
    .orderBy('duration_seconds')
    .offset(Math.floor((timed - 1) / 2))
    .limit(timed % 2 === 0 ? 2 : 1)
    .execute();
  const values = middle.map((r) => Number(r.duration_seconds));
  return { responses: Number(counts.n), median: Math.round(values.reduce((a, b) => a + b, 0) / values.length) };
}

/**
 * Takes today's reminder of every active person asked who has not submitted and was not reminded since `dayStart`,
 * but the one reminding (nobody is told of their own doing): the update is the claim, so two reminders at once reach
 * each person once. Returns the people claimed.
 */
export async function claimReminders(db: Db, surveyId: number, remindedBy: number, dayStart: string, now: string): Promise<number[]> {
  const rows = await db
    .updateTable('survey_assignments')
    .set((eb) => ({ reminded_at: now, remind_count: eb('remind_count', '+', 1) }))
    .where('survey_id', '=', surveyId)
    .where('state', '<>', 'submitted')
    .where('user_id', '<>', remindedBy)
    .where((eb) => eb.or([eb('reminded_at', 'is', null), eb('reminded_at', '<', dayStart)]))
    .where('user_id', 'in', (eb) => eb.selectFrom('users').select('id').where('status', '=', UserStatus.active))
    .returning('user_id')
    .execute();
  return rows.map((r) => r.user_id).sort((a, b) => a - b);
}
