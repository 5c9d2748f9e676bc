import type { AppContext } from '../../context';
import type { Db } from '../../db/index';
import { readBoxStamp } from './bills-box.repo';

/**
 * A person's 待办 pages and dashboard counts, kept as the JSON answered (UTF-8, sent as it is) until their box stamp moves (issue 13: the todo
 * page at ≤ 150 µs of server CPU; docs/performance.md "The todo page kept per person").
 *
 * The stamp (bills-box.repo.ts) is moved by the database itself, in the transaction of any write that may change what
 * these answers show: the person's tasks, a bill they hold a pending task on or started, a share to them, a template's,
 * person's or department's name (migration 0039 lists them). So a request reads the stamp — one indexed row — and
 * answers from memory when it is the stamp the answer was computed under. Three rules make that safe:
 * - the stamp is read **before** the answer is computed: a write committed in between moves the stamp past the one
 *   stored with the answer, so the next request computes again (a stale answer is never stored under a newer stamp);
 * - an answer only goes into the entry of the stamp it was computed under; a different stamp replaces the entry;
 * - only answers made of those tables alone are kept: the todo box unfiltered (any page, size and order) and the
 *   dashboard counts. Other boxes show bills through tables the triggers do not watch for that person (a decided
 *   task's bill moving on, a tracked bill) and are computed every time.
 *
 * Every server process keeps its own, and all read the same stamps, so a change made through one is seen by all.
 * `OSP_ACCESS_CACHE=0` turns this off with the access cache.
 */
export class BillBoxCache {
  private readonly people = new Map<number, { stamp: string; answers: Map<string, Buffer> }>();
  private bytes = 0;

  constructor(
    private readonly isEnabled: boolean,
    /** Bound on the JSON kept, in bytes: some 2,000 todo pages of 20. */
    private readonly maxBytes = 16_000_000,
  ) {}

  /** The answer under `key` for this person: from memory while their stamp has not moved, else `compute()`d. */
  async answer(db: Db, userId: number, key: string, compute: () => Promise<Buffer>): Promise<Buffer> {
    if (!this.isEnabled) return compute();
    const stamp = await readBoxStamp(db, userId);
    const entry = this.people.get(userId);
    if (entry?.stamp === stamp) {
      const kept = entry.answers.get(key);
      if (kept !== undefined) {
        // Most recently used last: the person used longest ago goes first when over the bound.
        this.people.delete(userId);
        this.people.set(userId, entry);
        return kept;
      }
    }
    const json = await compute();
    this.remember(userId, stamp, key, json);
    return json;
  }

  private remember(userId: number, stamp: string, key: string, json: Buffer): void {
    let entry = this.people.get(userId);
    if (entry?.stamp !== stamp) {
      if (entry) this.drop(userId);
      entry = { stamp, answers: new Map() };
    } else {
      this.people.delete(userId);
    }
    this.people.set(userId, entry);
    this.bytes -= entry.answers.get(key)?.length ?? 0;
    entry.answers.set(key, json);
    this.bytes += json.length;
    for (const oldest of this.people.keys()) {
      if (this.bytes <= this.maxBytes || oldest === userId) break;
      this.drop(oldest);
    }
  }

  private drop(userId: number): void {
    const entry = this.people.get(userId);
    if (!entry) return;
    for (const json of entry.answers.values()) this.bytes -= json.length;
    this.people.delete(userId);
  }
}

const caches = new WeakMap<Db, BillBoxCache>();

/** The cache of this app's database (one per server process; tests open many apps). */
export function billBoxCache(ctx: AppContext): BillBoxCache {
  let cache = caches.get(ctx.db);
  if (!cache) {
    cache = new BillBoxCache(ctx.config.session.accessCache);
    caches.set(ctx.db, cache);
  }
  return cache;
}
