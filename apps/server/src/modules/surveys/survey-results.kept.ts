import type { AppContext } from '../../context';
import type { Db } from '../../db/index';
import { StampedAnswers } from '../../lib/kept-answers';

/**
 * A survey's result summary kept as the JSON answered until its results stamp moves (issue 16: the summary of 100,000
 * responses in < 300 ms at 50 connections on PostgreSQL; docs/performance.md "Surveys: the summary kept").
 *
 * The stamp names everything the summary is made of:
 * - the counters and texts: the sum of the survey's changes cell (survey-counters.ts), moved in the transaction of
 *   every write that counts a response, read with the survey's row (survey-results.repo.ts findSurveyForResults);
 * - the definition: the released version's id (versions are never edited; a survey never released is not kept);
 * - the department names a department question shows: the access cache's generation, which moves with any write to
 *   departments here and, on PostgreSQL, in any process (so nothing is kept while that cache is off).
 * StampedAnswers' rules (lib/kept-answers.ts, as for the todo box) make it safe: the stamp is read before the summary
 * is computed, and an answer is kept only under the stamp it was computed under, so a write committed meanwhile leaves
 * a stamp the next request does not find. Every process keeps its own and reads the same stamps: nothing needs telling.
 */
export class KeptSummaries {
  private readonly kept: StampedAnswers;

  constructor(
    private readonly isEnabled: boolean,
    /** Bound on the JSON kept, in bytes: a summary of 20 questions with 50 texts each is some 25 KB. */
    maxBytes = 32_000_000,
  ) {
    this.kept = new StampedAnswers(maxBytes);
  }

  /** The survey's summary under `key` (the person rated, or all): from memory while `stamp` holds, else computed. */
  async answer(surveyId: number, stamp: string | undefined, key: string, compute: () => Promise<Buffer>): Promise<Buffer> {
    if (!this.isEnabled || stamp === undefined) return compute();
    return this.kept.answer(surveyId, stamp, key, compute);
  }
}

/** The stamp a summary is kept under, or undefined when it may not be kept (see KeptSummaries). */
export function summaryStamp(
  ctx: AppContext,
  row: { version_id: number | null; result_changes: number | string | null },
  accessGeneration: number,
): string | undefined {
  if (row.version_id === null || !ctx.access.isActive) return undefined;
  return `${row.version_id}:${Number(row.result_changes ?? 0)}:${accessGeneration}`;
}

const caches = new WeakMap<Db, KeptSummaries>();

/** The kept summaries of this app's database (one per server process; tests open many apps). */
export function keptSummaries(ctx: AppContext): KeptSummaries {
  let cache = caches.get(ctx.db);
  if (!cache) {
    cache = new KeptSummaries(ctx.config.session.accessCache);
    caches.set(ctx.db, cache);
  }
  return cache;
}
