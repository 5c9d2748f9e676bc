import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../../../test/harness';
import { SURVEY_RESULT_CHANGES_CELL } from '../../modules/surveys/survey-counters';
import { seedDemo } from '../../seed/seed';
import { columnKit } from './columns';
import { surveyResultCounters } from './0040-survey-result-counters';

/**
 * Migration 0040 on both engines: an installation with responses from before gets the counters and texts its
 * responses make — the same rows the submit path writes (the demo seed writes them through it).
 */

let opened: TestDb | undefined;
afterEach(async () => {
  await opened?.handle.close();
  await opened?.drop();
  opened = undefined;
});

describe('migration 0040-survey-result-counters', () => {
  it('counts the responses of before as the submit path does, and goes down and up again', async () => {
    opened = await openTestDb();
    await opened.migrate();
    const db = opened.handle.db;
    await seedDemo(db);
    const cells = () =>
      db
        .selectFrom('survey_result_cells')
        .selectAll()
        .orderBy(['survey_id', 'question_id', 'cell', 'ratee_id'])
        .execute()
        .then((rows) => rows.map((r) => ({ ...r, n: Number(r.n), total: Number(r.total) })));
    const texts = () => db.selectFrom('survey_result_texts').selectAll().orderBy(['survey_id', 'question_id', 'response_id']).execute();
    // But the changes cell: no count, the stamp of the kept summaries (survey-counters.ts, added after 0040); a survey
    // without one is kept under 0 until its next counted write.
    const written = { cells: (await cells()).filter((c) => c.cell !== SURVEY_RESULT_CHANGES_CELL), texts: await texts() };
    expect(written.cells.length).toBeGreaterThan(10);
    expect(written.cells.find((c) => c.question_id === '' && c.cell === '')?.n).toBe(5);
    expect(written.texts.length).toBeGreaterThan(0);

    const migration = surveyResultCounters(columnKit(opened.handle.engine));
    const untyped = db as unknown as Kysely<unknown>;
    await migration.down(untyped);
    await migration.up(untyped);
    expect({ cells: await cells(), texts: await texts() }).toEqual(written);
  });
});
