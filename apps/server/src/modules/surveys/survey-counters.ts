import {
  compareCells,
  sumSurveyCells,
  SURVEY_RESPONSES_QUESTION,
  surveyAnswerTexts,
  surveyTextQuestionIds,
  tallySurveyAnswers,
  type SurveyAnswers,
  type SurveyDefinition,
  type SurveyTallyCell,
} from '@osp/shared';
import { atCommit, type CommitWork } from '../../db/group-commit';
import type { Db } from '../../db/index';
import * as repo from './survey-fill.repo';

/**
 * The result counters (docs/surveys-api.md "Results kept as counters") follow every response in the transaction that
 * stores it (at its end, in a group commit): a new response adds its cells and texts; an editable resubmit takes the
 * old answers' away and adds the new ones. Every writer of `survey_responses` goes through here, so the counters are
 * the responses' sums.
 */

/**
 * A cell of question '' no answer makes: every counted write adds 1 to it (a new response, an editable resubmit), in the
 * same transaction as the cells and texts it changes. Its sum over a survey is the survey's results stamp: the
 * summary kept by survey-results.kept.ts is right while the stamp has not moved. Never part of the results.
 */
export const SURVEY_RESULT_CHANGES_CELL = '#changes';

const resultsChanged = (): SurveyTallyCell => ({
  question_id: SURVEY_RESPONSES_QUESTION,
  cell: SURVEY_RESULT_CHANGES_CELL,
  count: 1,
  sum: 0,
});

export interface CountedResponse {
  surveyId: number;
  rateeId: number;
  responseId: number;
  submittedAt: string;
}

function summed(cells: readonly SurveyTallyCell[]): SurveyTallyCell[] {
  const out: SurveyTallyCell[] = [];
  for (const [questionId, byCell] of sumSurveyCells(cells)) {
    for (const [cell, sums] of byCell) {
      // A resubmit giving the same answer moves nothing: no row is touched, so no lock is taken for it.
      if (sums.count !== 0 || sums.sum !== 0) out.push({ question_id: questionId, cell, count: sums.count, sum: sums.sum });
    }
  }
  return out.sort(compareCells);
}

interface CellDelta {
  surveyId: number;
  rateeId: number;
  cell: SurveyTallyCell;
}

/**
 * The cells' additions wait for the end of a group commit (db/group-commit.ts): a group's submits to one survey touch
 * the same few hundred counter rows, so they are summed and written in one statement. Texts are not deferred: an
 * editable resubmit deletes its response's texts and must find them.
 */
const cellAdditions: CommitWork<CellDelta> = {
  async run(trx, deltas) {
    const bySurvey = new Map<string, { surveyId: number; rateeId: number; cells: SurveyTallyCell[] }>();
    for (const { surveyId, rateeId, cell } of deltas) {
      const key = `${surveyId}:${rateeId}`;
      const entry = bySurvey.get(key) ?? { surveyId, rateeId, cells: [] };
      entry.cells.push(cell);
      bySurvey.set(key, entry);
    }
    for (const { surveyId, rateeId, cells } of bySurvey.values()) await repo.addResultCells(trx, surveyId, rateeId, summed(cells));
  },
};

function addCells(trx: Db, response: CountedResponse, cells: readonly SurveyTallyCell[]): Promise<void> {
  return atCommit(
    trx,
    cellAdditions,
    cells.map((cell) => ({ surveyId: response.surveyId, rateeId: response.rateeId, cell })),
  );
}

async function insertTexts(trx: Db, response: CountedResponse, definition: SurveyDefinition, answers: SurveyAnswers): Promise<void> {
  await repo.insertResultTexts(
    trx,
    surveyAnswerTexts(definition, answers).map((t) => ({
      survey_id: response.surveyId,
      question_id: t.question_id,
      response_id: response.responseId,
      ratee_id: response.rateeId,
      text: t.text,
      submitted_at: response.submittedAt,
    })),
  );
}

/** A new response: its cells added, its texts kept. `definition` is the version it answers. */
export async function countResponse(
  trx: Db,
  response: CountedResponse,
  definition: SurveyDefinition,
  answers: SurveyAnswers,
): Promise<void> {
  await addCells(trx, response, [...tallySurveyAnswers(definition, answers), resultsChanged()]);
  await insertTexts(trx, response, definition, answers);
}

/** An editable resubmit: the cells of the answers it replaces (read with the version they answered) give way to the new. */
export async function recountResponse(
  trx: Db,
  response: CountedResponse,
  before: { definition: SurveyDefinition; answers: SurveyAnswers },
  after: { definition: SurveyDefinition; answers: SurveyAnswers },
): Promise<void> {
  const removed = tallySurveyAnswers(before.definition, before.answers).map((c) => ({ ...c, count: -c.count, sum: -c.sum }));
  // The stamp moves whether or not the answers changed: a resubmit is rare, and comparing would be one more rule.
  await addCells(trx, response, [...removed, ...tallySurveyAnswers(after.definition, after.answers), resultsChanged()]);
  await repo.deleteResultTexts(trx, response.surveyId, surveyTextQuestionIds(before.definition), response.responseId);
  await insertTexts(trx, response, after.definition, after.answers);
}
