import type { AppContext } from '../../context';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/index';
import type { TableWrite } from '../../db/write-watch';
import { StampedAnswers } from '../../lib/kept-answers';
import { readBoxStamp } from './bills-box.repo';

/**
 * A person's 待办 pages and dashboard counts, kept as the JSON answered (UTF-8, sent as it is) until their box stamp
 * moves (issue 13: the todo page at ≤ 150 µs of server CPU; docs/performance.md "The todo page kept per person").
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
 * Every server process keeps its own, and all read the same stamps, so a change made through one is seen by all. On
 * PostgreSQL a process that hears the access cache's channel is told whose stamps moved instead, and reads none
 * (hearChanges). `OSP_ACCESS_CACHE=0` turns this off with the access cache.
 */

/** The prefix of the notifications migration 0039's triggers send on the access cache's channel (PostgreSQL). */
export const BOX_PAYLOAD = 'box:';
/** The prefix of a process's own marker, sent after each of its commits that may move a stamp (see hearChanges). */
export const BOX_SYNC_PAYLOAD = 'box-sync:';

const TABLES_MOVING_STAMPS = new Set(['bill_tasks', 'bills', 'bill_shares']);
const NAMED_TABLES = new Set(['templates', 'users', 'depts']);

/** Whether a committed write may have moved someone's stamp (migration 0039's triggers, seen from the write watch). */
export function isBoxWrite(write: TableWrite): boolean {
  if (TABLES_MOVING_STAMPS.has(write.table)) return true;
  return NAMED_TABLES.has(write.table) && write.kind === 'update' && write.columns.includes('name');
}

export class BillBoxCache {
  /** The answers kept, and the stamp each person's were computed under. */
  private readonly kept: StampedAnswers;
  private isHearing = false;
  private sendMarker: (marker: string) => Promise<void> = async () => {};
  /** How many notifications named each person, and everyone (see hearChanges). */
  private readonly heardOf = new Map<number, number>();
  private heardOfEveryone = 0;
  /** This process's markers: its own name among the processes, the last one sent after a commit, the last one heard back. */
  private readonly markerName = randomUUID();
  private markerSent = 0;
  private markerHeard = 0;

  constructor(
    private readonly isEnabled: boolean,
    /** Bound on the JSON kept, in bytes: some 2,000 todo pages of 20. */
    maxBytes = 16_000_000,
  ) {
    this.kept = new StampedAnswers(maxBytes);
  }

  /** The answer under `key` for this person: from memory while their stamp has not moved, else `compute()`d. */
  async answer(ctx: AppContext, userId: number, key: string, compute: () => Promise<Buffer>): Promise<Buffer> {
    if (!this.isEnabled) return compute();
    const isHeard = this.isHearing && ctx.access.isActive && this.markerHeard >= this.markerSent;
    const stamp = isHeard ? this.heardStamp(ctx, userId) : await readBoxStamp(ctx.db, userId);
    return this.kept.answer(userId, stamp, key, compute);
  }

  /**
   * PostgreSQL: this process hears on the access cache's channel whose stamps moved (migration 0039 sends `box:<ids>`
   * at each commit that moves any). While it does, a person's stamp is kept here — what was heard of them, of everyone,
   * and the access cache's generation, which moves when the channel goes down and comes back (what was missed
   * meanwhile) — and no statement is run. While it does not, the stamp is read from the database.
   *
   * A notification arrives after its commit, so a person whose own request just committed could be answered before
   * hearing of it. So after each of its own commits that may move a stamp (afterLocalWrite, from the write watch) the
   * process sends a marker of its own on the channel, and reads stamps from the database until it hears that marker
   * back: notifications arrive in commit order, so by then it has heard every `box:` of its earlier commits.
   */
  hearChanges(sendMarker: (marker: string) => Promise<void>): void {
    this.isHearing = true;
    this.sendMarker = sendMarker;
  }

  /** After a commit of this process that may have moved a stamp (isBoxWrite). Never fails the request that wrote. */
  async afterLocalWrite(): Promise<void> {
    if (!this.isHearing) return;
    const marker = ++this.markerSent;
    try {
      await this.sendMarker(`${BOX_SYNC_PAYLOAD}${this.markerName}:${marker}`);
    } catch {
      // Not sent (the database went away): stamps are read from the database until a later marker is heard back.
    }
  }

  /** A notification on the channel: whether it was one of these (a `box:` list or a marker). */
  heard(payload: string): boolean {
    if (payload.startsWith(BOX_SYNC_PAYLOAD)) {
      const [name, marker] = payload.slice(BOX_SYNC_PAYLOAD.length).split(':');
      if (name === this.markerName) this.markerHeard = Math.max(this.markerHeard, Number(marker) || 0);
      return true;
    }
    if (!payload.startsWith(BOX_PAYLOAD)) return false;
    // The ids ('*' for everyone; 0 is the names every answer shows).
    for (const id of payload.slice(BOX_PAYLOAD.length).split(',')) {
      const person = Number(id);
      if (id === '*' || person === 0) this.heardOfEveryone += 1;
      else if (Number.isInteger(person)) this.heardOf.set(person, (this.heardOf.get(person) ?? 0) + 1);
    }
    return true;
  }

  private heardStamp(ctx: AppContext, userId: number): string {
    return `heard:${this.heardOf.get(userId) ?? 0}:${this.heardOfEveryone}:${ctx.access.currentGeneration}`;
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
