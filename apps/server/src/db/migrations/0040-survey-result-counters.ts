import { sumSurveyCells, surveyAnswerTexts, tallySurveyAnswers, type SurveyAnswers, type SurveyDefinition } from '@osp/shared';
import { sql, type Kysely } from 'kysely';
import type { ColumnKit } from './columns';

/**
 * A survey's results kept as counters (issue 16, docs/surveys-api.md "Results kept as counters"): the results page of
 * 100,000 responses reads sums, never the responses.
 *
 * - `survey_result_cells`: per survey, question, cell (packages/shared survey-tally.ts names them) and person rated
 *   (0: none), the number of answers counted there (`n`) and the sum of their values (`total`). A submit adds its
 *   cells in its transaction; an editable resubmit takes the old answers' cells away and adds the new ones. The key
 *   starts with the survey and the question so that the results' `group by` and a number question's first values read
 *   it in order; a filter by the person rated scans the survey's cells.
 * - `survey_result_texts`: each text, long-text and date answer, so the results list the latest 50 of a question by
 *   an index instead of reading every response.
 *
 * Existing responses are counted here, each with the version it answers.
 */
export function surveyResultCounters(kit: ColumnKit) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('survey_result_cells')
        .addColumn('survey_id', 'integer', (c) => c.notNull().references('surveys.id').onDelete('cascade'))
        .addColumn('question_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('cell', 'varchar(80)', (c) => c.notNull())
        .addColumn('ratee_id', 'integer', (c) => c.notNull())
        .addColumn('n', 'integer', (c) => c.notNull())
        .addColumn('total', kit.double, (c) => c.notNull())
        .addPrimaryKeyConstraint('survey_result_cells_pk', ['survey_id', 'question_id', 'cell', 'ratee_id'])
        .execute();
      await db.schema
        .createTable('survey_result_texts')
        .addColumn('survey_id', 'integer', (c) => c.notNull().references('surveys.id').onDelete('cascade'))
        .addColumn('question_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('response_id', 'integer', (c) => c.notNull().references('survey_responses.id').onDelete('cascade'))
        .addColumn('ratee_id', 'integer', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('submitted_at', kit.timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('survey_result_texts_pk', ['survey_id', 'question_id', 'response_id'])
        .execute();
      await db.schema
        .createIndex('survey_result_texts_ratee_idx')
        .on('survey_result_texts')
        .columns(['survey_id', 'ratee_id', 'question_id', 'response_id'])
        .execute();
      await countExistingResponses(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await db.schema.dropTable('survey_result_texts').execute();
      await db.schema.dropTable('survey_result_cells').execute();
    },
  };
}

interface ResponseRow {
  id: number;
  survey_id: number;
  ratee_id: number;
  answers: string;
  submitted_at: string | Date;
  definition: string;
}

/** Counts every response there is, a page at a time, each tallied with the version it answers. */
async function countExistingResponses(db: Kysely<unknown>): Promise<void> {
  const PAGE = 500;
  let after = 0;
  for (;;) {
    const { rows } = await sql<ResponseRow>`select r.id, r.survey_id, r.ratee_id, r.answers, r.submitted_at, v.definition
      from survey_responses r join survey_versions v on v.id = r.version_id
      where r.id > ${after} order by r.id limit ${PAGE}`.execute(db);
    if (rows.length === 0) return;
    after = rows[rows.length - 1]?.id ?? after;
    const bySurvey = new Map<string, { survey: number; ratee: number; cells: ReturnType<typeof tallySurveyAnswers> }>();
    for (const row of rows) {
      const definition = JSON.parse(row.definition) as SurveyDefinition;
      const answers = JSON.parse(row.answers) as SurveyAnswers;
      const key = `${row.survey_id}:${row.ratee_id}`;
      const entry = bySurvey.get(key) ?? { survey: row.survey_id, ratee: row.ratee_id, cells: [] };
      entry.cells.push(...tallySurveyAnswers(definition, answers));
      bySurvey.set(key, entry);
      const submittedAt = row.submitted_at instanceof Date ? row.submitted_at.toISOString() : row.submitted_at;
      for (const text of surveyAnswerTexts(definition, answers)) {
        await sql`insert into survey_result_texts (survey_id, question_id, response_id, ratee_id, text, submitted_at)
          values (${row.survey_id}, ${text.question_id}, ${row.id}, ${row.ratee_id}, ${text.text}, ${submittedAt})`.execute(db);
      }
    }
    for (const { survey, ratee, cells } of bySurvey.values()) {
      for (const [questionId, byCell] of sumSurveyCells(cells)) {
        for (const [cell, sums] of byCell) {
          await sql`insert into survey_result_cells (survey_id, question_id, cell, ratee_id, n, total)
            values (${survey}, ${questionId}, ${cell}, ${ratee}, ${sums.count}, ${sums.sum})
            on conflict (survey_id, question_id, cell, ratee_id)
            do update set n = survey_result_cells.n + excluded.n, total = survey_result_cells.total + excluded.total`.execute(db);
        }
      }
    }
  }
}
