import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { createHash } from 'node:crypto';
import {
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  type PostgresPool,
  type PostgresPoolClient,
  type SqliteDatabase,
} from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { WriteWatch } from './write-watch';

export type Db = Kysely<Database>;
export type Engine = 'sqlite' | 'postgres';

/** The engine behind a handle or a transaction, for the few statements whose SQL differs. */
export function engineOf(db: Db): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

// timestamptz (1184) and timestamp (1114) come back as ISO text, the same as SQLite stores them, so
// no service has to care which engine it runs on.
pg.types.setTypeParser(1184, (value) => new Date(value).toISOString());
pg.types.setTypeParser(1114, (value) => new Date(`${value}Z`).toISOString());
// count(*) is int8: fits a JS number for any table this product will hold.
pg.types.setTypeParser(20, (value) => Number(value));
// numeric is used for day counts, which are small decimals.
pg.types.setTypeParser(1700, (value) => Number(value));

export interface DbHandle {
  db: Db;
  engine: Engine;
  /** PostgreSQL only: the connection string, for a LISTEN connection of its own (db/notifications.ts). */
  postgresUrl?: string;
  /** Committed writes, for listeners such as the access cache (db/write-watch.ts). */
  writes: WriteWatch;
  close: () => Promise<void>;
}

export interface DbOptions {
  databaseUrl: string;
  sqliteFile: string;
  /** PostgreSQL only: the schema to work in (tests give each file its own). */
  pgSchema?: string;
  poolSize?: number;
  /** PostgreSQL only: how long a request waits for a connection (default 3 s). */
  connectTimeoutMs?: number;
  /** A connection failed (idle in the pool or in use): logged, never fatal. */
  onPoolError?: (error: Error) => void;
}

/**
 * Settings of every PostgreSQL session. `jit = off`: PostgreSQL compiles a statement whose estimated cost passes
 * `jit_above_cost`, and the articles' audience rule (OR-ed EXISTS) lifts the estimates of their counts past it —
 * compiling took 48–66 ms a request for a 5–15 ms statement (docs/performance.md "Articles at 10,000"). OSP's
 * statements are short; none gains from it.
 */
function sessionSettings(schema: string | undefined): string {
  return ['-c jit=off', ...(schema ? [`-c search_path=${schema}`] : [])].join(' ');
}

export function openDb(options: DbOptions): DbHandle {
  if (options.databaseUrl.startsWith('postgres')) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      // While the database is unreachable a request fails within this, as a 503, instead of hanging.
      connectionTimeoutMillis: options.connectTimeoutMs ?? 3_000,
      options: sessionSettings(options.pgSchema),
    });
    // An idle client losing its connection must not take the process down (DESIGN §5a).
    pool.on('error', (error) => options.onPoolError?.(error));
    const writes = new WriteWatch();
    const db = new Kysely<Database>({
      dialect: writes.wrap(new PostgresDialect({ pool: withNamedStatements(pool, options.onPoolError) })),
    });
    return { db, engine: 'postgres', postgresUrl: options.databaseUrl, writes, close: () => db.destroy() };
  }
  if (options.sqliteFile !== ':memory:') fs.mkdirSync(path.dirname(options.sqliteFile), { recursive: true });
  const sqlite = new SQLite(options.sqliteFile);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const writes = new WriteWatch();
  const db = new Kysely<Database>({ dialect: writes.wrap(new SqliteDialect({ database: withStatementCache(sqlite) })) });
  return { db, engine: 'sqlite', writes, close: () => db.destroy() };
}

/** SQL texts that run on every request (registered by preparedQuery), by their statement name. */
const namedStatements = new Map<string, string>();

/** Marks a query text as hot: on PostgreSQL it then runs as a named prepared statement. */
export function nameStatement(sql: string): void {
  if (!namedStatements.has(sql)) namedStatements.set(sql, `osp_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`);
}

/**
 * PostgreSQL parses and plans an unnamed statement on every call. pg keeps a named statement
 * parsed on each connection, so the hot queries skip that work; every other query (whose text may
 * vary, e.g. IN lists) stays unnamed, so the statements kept per connection stay few.
 */
function withNamedStatements(pool: pg.Pool, onClientError: (error: Error) => void = () => {}): PostgresPool {
  return {
    end: () => pool.end(),
    connect: async () => {
      const client = await pool.connect();
      // pg-pool listens for errors only on idle clients: a connection that dies while checked out (the
      // backend terminated, a restart, a failover) emits 'error' with no listener, which ends the process.
      // Heard here, the failing query rejects as usual, and the client is handed back broken so the pool
      // discards it instead of lending it again.
      let failure: Error | undefined;
      const onError = (error: Error) => {
        failure = error;
        onClientError(error);
      };
      client.on('error', onError);
      const wrapped = {
        release: () => {
          client.removeListener('error', onError);
          client.release(failure);
        },
        query: (sqlOrCursor: unknown, parameters?: readonly unknown[]) => {
          if (typeof sqlOrCursor === 'string') {
            const name = namedStatements.get(sqlOrCursor);
            if (name) return client.query({ name, text: sqlOrCursor, values: [...(parameters ?? [])] });
            return client.query(sqlOrCursor, [...(parameters ?? [])]);
          }
          // A cursor (streamed query): pg takes it as is.
          return client.query(sqlOrCursor as pg.Submittable);
        },
      };
      // The two query overloads of Kysely's client type cannot be written as one function type.
      return wrapped as unknown as PostgresPoolClient;
    },
  };
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver prepares every query afresh, which was a fifth of the CPU of a signed-in
 * request (docs/performance.md). Statements are reused by SQL text instead. Safe because Kysely
 * runs one query at a time on its single connection and the server streams no query results.
 */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare: (sql: string) => {
      let statement = statements.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        if (statements.size >= STATEMENT_CACHE_SIZE) {
          const oldest = statements.keys().next().value;
          if (oldest !== undefined) statements.delete(oldest);
        }
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

const UNAVAILABLE_CODES = new Set([
  // PostgreSQL: the server shut down or terminated this backend, or cannot take connections now.
  '57P01',
  '57P02',
  '57P03',
  '53300',
  // Node's socket errors on the way to the database.
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  // SQLite: another process holds the file past busy_timeout, or the disk failed under it.
  'SQLITE_BUSY',
  'SQLITE_IOERR',
  'SQLITE_CANTOPEN',
  'SQLITE_FULL',
]);

/**
 * Whether a failure means "the database cannot be reached right now" (answered 503, retried by the
 * client later) rather than a fault of this request or of the code (500). PostgreSQL class 08 is the
 * connection-exception class; pg's own messages cover a socket that closed under a query and a pool
 * that could not connect in time.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08') || code.startsWith('SQLITE_IOERR_'))) return true;
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly|Client was closed and is not queryable/i.test(
    error.message,
  );
}

export function nowIso(): string {
  return new Date().toISOString();
}
