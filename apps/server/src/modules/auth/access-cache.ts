import type { MenuRow } from '../menus/menus.repo';
import type { SessionWithAccess } from './auth.repo';

/**
 * Keeps what every signed-in request needs — the session with its user's row, roles and
 * permissions, and the menu rows — in memory, so that most requests run no query at all
 * (docs/performance.md).
 *
 * Correctness rests on one rule: **every write that changes a user, a department, a role, a
 * permission grant, a session or a menu calls `changed()` after it commits**. `changed()` empties
 * this process's cache and, on PostgreSQL, tells every other server process to empty theirs
 * (NOTIFY, see `AccessChannel`), so a disabled user, a revoked token or a withdrawn permission takes
 * effect on the very next request anywhere (DESIGN §9: several processes may share one database).
 *
 * Two races are closed here rather than left to callers:
 * - a lookup that began before a change and ends after it must not store what it read: each
 *   lookup notes the generation it started in and `remember*` refuses a stale one;
 * - while the channel to the other processes is down, a change made elsewhere would go unseen, so
 *   the cache stops answering until the channel is back (`setShared(false)`).
 */
export class AccessCache {
  private generation = 0;
  private readonly sessions = new Map<string, SessionWithAccess>();
  private menuRows: MenuRow[] | null = null;
  /** Answers computed from the cached rows alone, e.g. a permission set's menu as JSON. */
  private readonly derivedValues = new Map<string, string>();
  private isUsable: boolean;
  private broadcast: () => Promise<void> = async () => {};
  /** PostgreSQL: the server process of the LISTEN connection, for operators and tests. */
  channelBackendPid: number | undefined;

  constructor(
    private readonly isEnabled: boolean,
    private readonly maxSessions = 10_000,
  ) {
    this.isUsable = isEnabled;
  }

  /** Whether the cache answers at all (enabled, and on PostgreSQL the change channel is up). */
  get isActive(): boolean {
    return this.isUsable;
  }

  /** The generation a lookup starts in; pass it back to `rememberSession`/`rememberMenuRows`. */
  get currentGeneration(): number {
    return this.generation;
  }

  session(tokenHash: string): SessionWithAccess | undefined {
    return this.isUsable ? this.sessions.get(tokenHash) : undefined;
  }

  rememberSession(tokenHash: string, session: SessionWithAccess, startedIn: number): void {
    if (!this.isUsable || startedIn !== this.generation) return;
    if (this.sessions.size >= this.maxSessions) {
      // The oldest entry goes first; it is simply looked up again when next used.
      const oldest = this.sessions.keys().next().value;
      if (oldest !== undefined) this.sessions.delete(oldest);
    }
    this.sessions.set(tokenHash, session);
  }

  /** A session's sliding expiry moved on (the once-a-minute touch): keep the copy in step. */
  touched(tokenHash: string, lastSeenAt: string, expiresAt: string): void {
    const session = this.sessions.get(tokenHash);
    if (session) this.sessions.set(tokenHash, { ...session, last_seen_at: lastSeenAt, expires_at: expiresAt });
  }

  forget(tokenHash: string): void {
    this.sessions.delete(tokenHash);
  }

  menus(): MenuRow[] | null {
    return this.isUsable ? this.menuRows : null;
  }

  rememberMenuRows(rows: MenuRow[], startedIn: number): void {
    if (this.isUsable && startedIn === this.generation) this.menuRows = rows;
  }

  /** A value computed only from what this cache holds, under a key naming its inputs. */
  derived(key: string): string | undefined {
    return this.isUsable ? this.derivedValues.get(key) : undefined;
  }

  rememberDerived(key: string, value: string, startedIn: number): void {
    if (!this.isUsable || startedIn !== this.generation) return;
    // One key per permission set or per session: bounded like the sessions, oldest out first.
    if (this.derivedValues.size >= this.maxSessions) {
      const oldest = this.derivedValues.keys().next().value;
      if (oldest !== undefined) this.derivedValues.delete(oldest);
    }
    this.derivedValues.set(key, value);
  }

  /** Call after committing any change to users, departments, roles, grants, sessions or menus. */
  async changed(): Promise<void> {
    this.clearLocal();
    await this.broadcast();
  }

  /** Empties this process's copy only: what a notification from another process does. */
  clearLocal(): void {
    this.generation += 1;
    this.sessions.clear();
    this.menuRows = null;
    this.derivedValues.clear();
  }

  /** Wires `changed()` to the other processes (PostgreSQL NOTIFY). */
  setBroadcast(broadcast: () => Promise<void>): void {
    this.broadcast = broadcast;
  }

  /** The channel to the other processes went down (false) or came back (true). */
  setShared(isShared: boolean): void {
    this.clearLocal();
    this.isUsable = this.isEnabled && isShared;
  }
}
