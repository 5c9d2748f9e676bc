import type { AppContext } from '../../context';
import { nowIso, type Db } from '../../db/index';
import type { TableWrite } from '../../db/write-watch';
import { KeptAnswers } from '../../lib/kept-answers';
import { findNextWindowEdge } from './articles.repo';

/**
 * The tables an answer of the staff list or the home page's card is made of, besides the directory's (whose changes
 * empty the access cache, which this follows): any committed write to them empties every answer in every process.
 * Reminders change nothing a reader's list shows.
 */
const ANSWER_TABLES = new Set([
  'articles',
  'article_types',
  'article_audience',
  'article_audience_rules',
  'article_files',
  'article_views',
  'article_view_confirms',
]);

export function isArticleAnswerWrite(write: TableWrite): boolean {
  return ANSWER_TABLES.has(write.table);
}

/**
 * The readers' answers of `GET /api/employ/article` (unsearched pages) and `GET /api/dashboard/article`, kept as the
 * JSON sent (issue 15's bench goal: these answers with no statement per request; docs/performance.md "Articles kept
 * per reader"). An answer is given again while all of these hold:
 * - no committed write to the articles' tables since (the write watch, wired in app.ts, whatever code wrote; on
 *   PostgreSQL every other process is told through the access cache's channel, and nothing is answered from here
 *   while that channel is down — the access cache's own rule);
 * - the access cache has not changed since (the reader's department, roles, a department's parent: who may read what);
 * - no publish window has opened or closed since: the answers of a generation are good until the next `published_at`
 *   or `expire_at` after the moment they were computed from (one indexed look-up per generation).
 * A view or a confirmation is a write to the articles' tables, so opening an article empties every reader's answers:
 * simple and right, and at worst each reader's next list is read from the database.
 *
 * Races: each lookup notes both generations it started in, and an answer computed across a change is not kept.
 */
export class ArticleAnswers {
  private generation = 0;
  /** The access cache's generation these answers were computed in: a change there (who may read what) empties them. */
  private accessGeneration: number | undefined;
  private readonly kept: KeptAnswers;
  /** Until when (ms) this generation's answers hold; undefined until asked. */
  private validUntil: number | undefined;
  private broadcast: () => Promise<void> = async () => {};

  constructor(
    private readonly isEnabled: boolean,
    /** Bound on the JSON kept, in bytes; the reader used longest ago goes first. */
    maxBytes = 16_000_000,
  ) {
    this.kept = new KeptAnswers(maxBytes);
  }

  async answer(ctx: AppContext, userId: number, key: string, compute: () => Promise<Buffer>): Promise<Buffer> {
    if (!this.isEnabled || !ctx.access.isActive) return compute();
    const accessGeneration = ctx.access.currentGeneration;
    if (this.accessGeneration !== accessGeneration) this.clearLocal(accessGeneration);
    const startedIn = this.generation;
    if (this.validUntil === undefined) {
      const edge = await findNextWindowEdge(ctx.db, nowIso());
      if (startedIn === this.generation && accessGeneration === ctx.access.currentGeneration) {
        this.validUntil = edge === null ? Number.POSITIVE_INFINITY : Date.parse(edge);
      }
    }
    if (this.validUntil !== undefined && Date.now() >= this.validUntil) this.clearLocal(accessGeneration);
    const kept = this.kept.get(userId, key);
    if (kept !== undefined) return kept;
    const startedAt = this.generation;
    const json = await compute();
    // Kept only if nothing changed while it was computed (and the window edge is known for its generation).
    if (startedAt === this.generation && accessGeneration === ctx.access.currentGeneration && this.validUntil !== undefined) {
      this.kept.put(userId, key, json);
    }
    return json;
  }

  /** After a committed write to the articles' tables: empties this process's answers and tells the others. */
  async changed(): Promise<void> {
    this.clearLocal(this.accessGeneration);
    await this.broadcast();
  }

  /** Empties this process's answers only: what a message from another process does. */
  clearLocal(accessGeneration = this.accessGeneration): void {
    this.generation += 1;
    this.accessGeneration = accessGeneration;
    this.validUntil = undefined;
    this.kept.clear();
  }

  setBroadcast(broadcast: () => Promise<void>): void {
    this.broadcast = broadcast;
  }
}

const stores = new WeakMap<Db, ArticleAnswers>();

/** The answers of this app's database (one store per server process; tests open many apps). */
export function articleAnswers(ctx: AppContext): ArticleAnswers {
  let store = stores.get(ctx.db);
  if (!store) {
    store = new ArticleAnswers(ctx.config.session.accessCache);
    stores.set(ctx.db, store);
  }
  return store;
}
