import type { TableWrite } from '../../db/write-watch';
import type { MenuRow } from '../menus/menus.service';
import type { SessionWithAccess } from './auth.repo';

/** The tables whose rows this cache mirrors (sessions aside, see below): any write to them empties it. */
const MIRRORED_TABLES = new Set(['users', 'depts', 'roles', 'role_permissions', 'user_roles', 'menus']);
/** The once-a-minute touch of a session, which `touched()` keeps in step without emptying anything. */
const SESSION_TOUCH = new Set(['last_seen_at', 'expires_at']);

/**
 * Whether a committed write makes this cache stale. A new session is not cached yet, and its touch is
 * followed by `touched()`; revoking or deleting one is a change. app.ts wires this to db/write-watch.ts.
 */
export function isAccessWrite(write: TableWrite): boolean {
  if (MIRRORED_TABLES.has(write.table)) return true;
  if (write.table !== 'sessions') return false;
  if (write.kind === 'insert') return false;
  return write.kind === 'delete' || write.columns.some((column) => !SESSION_TOUCH.has(column));
}

/**
 * Keeps what every signed-in request needs — the session with its user's row, roles and
 * permissions, and the menu rows — in memory, so that most requests run no query at all
 * (docs/performance.md).
 *
 * Correctness rests on one rule: **every committed write that changes a user, a department, a role, a
 * permission grant, a session or a menu calls `changed()`**. No service has to remember it: the database
 * handle reports such writes after they commit (db/write-watch.ts, `isAccessWrite` below, wired in
 * app.ts), whichever code made them. `changed()` empties
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
  /** Directory rows other modules read on most requests (the department tree), under a key naming them. */
  private readonly values = new Map<string, unknown>();
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

  /**
   * A value kept under `key` until the next change. The caller names the type it stored under that key;
   * keys are constants of the one module that stores them (e.g. directory.service's DEPT_ROWS).
   */
  value<T>(key: string): T | undefined {
    // Written only by rememberValue under the same key and type, by the module owning the key.
    return this.isUsable ? (this.values.get(key) as T | undefined) : undefined;
  }

  rememberValue<T>(key: string, value: T, startedIn: number): void {
    if (this.isUsable && startedIn === this.generation) this.values.set(key, value);
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
    this.values.clear();
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

/** The class under another name, so the augmentation below can say "the context's cache is this class". */
type AccessCacheClass = AccessCache;

declare module '../../context' {
  // Merged into the kernel's AccessCache: services that ask more of the cache than changed() get this
  // class's members through ctx.access without the kernel importing this module.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging adds the class's members
  interface AccessCache extends AccessCacheClass {}
}
