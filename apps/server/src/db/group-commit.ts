import type { ControlledTransaction } from 'kysely';
import { engineOf, type Db } from './index';
import type { Database } from './schema';

/**
 * Group commit: on SQLite, writes that arrive together share one transaction and so one COMMIT.
 *
 * SQLite runs WAL with `synchronous = FULL` (DESIGN §5a): every COMMIT writes and fsyncs the WAL, and better-sqlite3
 * does it on the event loop's thread. With one transaction a survey submit, the COMMIT was about half of a submit's
 * time, and the fill stopped near 400 answers a second on the benchmark machine (docs/performance.md "Surveys: group
 * commit"). Here each write runs in a savepoint of a transaction shared with the writes queued in the same turn of the
 * event loop, and the one COMMIT makes them all durable; only then is any of them answered. So nothing is
 * acknowledged before it is on disk, exactly as with a transaction of its own. Sums that the writes add to shared
 * rows can wait for the end of the group (`atCommit`) and be written once.
 *
 * Each write stands alone: one that throws is rolled back to its savepoint and rejected with its own error, the others
 * go on. A failure of the transaction itself (the savepoint cannot be rolled back, the COMMIT fails — a full disk, an
 * I/O error) rolls everything back and rejects every write of the group with that error, so none is answered as stored.
 *
 * PostgreSQL commits concurrent transactions on connections of their own and flushes its WAL for them together
 * already; there a write is simply a transaction.
 *
 * A write must use only the handle it is given (never `ctx.db`: on SQLite the group holds the one connection), and
 * must not open a transaction of its own.
 */
export function groupCommit<T>(db: Db, write: (trx: Db) => Promise<T>): Promise<T> {
  if (engineOf(db) === 'postgres') return db.transaction().execute(write);
  let group = groups.get(db);
  if (!group) {
    group = new CommitGroup(db);
    groups.set(db, group);
  }
  return group.add(write);
}

/**
 * Work a write leaves to the end of its group, merged with the same work of the group's other writes and done once,
 * just before the COMMIT. Only for work whose order does not matter and that no write reads back inside the group —
 * sums such as result counters: forty submits adding 1 to the same counter rows become one statement adding 40.
 */
export interface CommitWork<T> {
  /** Does the items' work (all of a group's, or one write's where there is no group); runs in the transaction. */
  run: (trx: Db, items: T[]) => Promise<void>;
}

/**
 * Hands `items` to `work` for the end of the group `trx` belongs to; outside a group (PostgreSQL, any other
 * transaction) the work is done at once. A write that fails takes its items with it: they join the group's only when
 * the write succeeded.
 */
export async function atCommit<T>(trx: Db, work: CommitWork<T>, items: T[]): Promise<void> {
  const staged = stagedFor.get(trx);
  if (!staged) return work.run(trx, items);
  const list = staged.get(work as CommitWork<unknown>) ?? [];
  list.push(...items);
  staged.set(work as CommitWork<unknown>, list);
}

type Staged = Map<CommitWork<unknown>, unknown[]>;

/** The items each group write's handle has staged so far. */
const stagedFor = new WeakMap<Db, Staged>();

/** At most this many writes share a COMMIT: the first of them waits for all the others' statements. */
const GROUP_MAX = 64;

interface QueuedWrite {
  write: (trx: Db) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

const groups = new WeakMap<Db, CommitGroup>();

class CommitGroup {
  private queue: QueuedWrite[] = [];
  private scheduled = false;
  private running = false;

  constructor(private readonly db: Db) {}

  add<T>(write: (trx: Db) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ write, resolve: resolve as (value: unknown) => void, reject });
      this.schedule();
    });
  }

  /**
   * Runs after the current turn's I/O callbacks (setImmediate), so requests read from the sockets in the same turn
   * queue their writes first and share the COMMIT; no timer is waited on.
   */
  private schedule(): void {
    if (this.scheduled || this.running || this.queue.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.running = true;
    const batch = this.queue.splice(0, GROUP_MAX);
    try {
      const outcomes = await this.commit(batch);
      batch.forEach((queued, i) => {
        const outcome = outcomes[i];
        if (outcome?.ok) queued.resolve(outcome.value);
        else queued.reject(outcome ? outcome.error : new Error('group commit lost a write'));
      });
    } catch (error) {
      for (const queued of batch) queued.reject(error);
    } finally {
      this.running = false;
      this.schedule();
    }
  }

  /** Runs the writes in one transaction, each in a savepoint; throws (after a rollback) when the transaction fails. */
  private async commit(batch: QueuedWrite[]): Promise<Outcome[]> {
    const trx: ControlledTransaction<Database> = await this.db.startTransaction().execute();
    const outcomes: Outcome[] = [];
    const groupWork: Staged = new Map();
    try {
      for (const queued of batch) {
        const inSavepoint = await trx.savepoint('group_write').execute();
        const staged: Staged = new Map();
        stagedFor.set(inSavepoint, staged);
        try {
          outcomes.push({ ok: true, value: await queued.write(inSavepoint) });
          for (const [work, items] of staged) {
            const list = groupWork.get(work);
            if (list) list.push(...items);
            else groupWork.set(work, items);
          }
        } catch (error) {
          // A savepoint that cannot be rolled back means the transaction is gone (SQLite ends it on an I/O error):
          // the group fails with the write's own error, which says why (a 503, not a "no such savepoint").
          const rolledBack = await inSavepoint
            .rollbackToSavepoint('group_write')
            .execute()
            .then(
              () => true,
              () => false,
            );
          if (!rolledBack) throw error instanceof Error ? error : new Error(String(error));
          outcomes.push({ ok: false, error });
        }
        await inSavepoint.releaseSavepoint('group_write').execute();
      }
      for (const [work, items] of groupWork) await work.run(trx, items);
      await trx.commit().execute();
      return outcomes;
    } catch (error) {
      if (!trx.isCommitted && !trx.isRolledBack)
        await trx
          .rollback()
          .execute()
          .catch(() => undefined);
      throw error;
    }
  }
}
