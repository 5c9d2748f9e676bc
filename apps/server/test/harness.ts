import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { ApiEnvelope } from '@osp/shared';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDb, type Db, type DbHandle, type Engine } from '../src/db/index';
import { migrateToLatest } from '../src/db/migrate';
import { seedDemo } from '../src/seed/seed';
import { DEMO_PASSWORD } from '../src/seed/demo-company';

/** Which database this run of the suite uses: vitest's projects set it (vitest.config.ts). */
export const TEST_ENGINE: Engine = process.env.OSP_TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/osp_test';

export interface TestServer {
  app: FastifyInstance;
  db: Db;
  config: Config;
  baseUrl: string;
  /** Calls the API over real HTTP and returns the status and the parsed envelope. */
  call: <T = unknown>(method: string, url: string, options?: CallOptions) => Promise<CallResult<T>>;
  /**
   * For tests that change users, grants, sessions or menus straight in the database: what every
   * service does after such a change (modules/auth/access-cache.ts).
   */
  accessChanged: () => Promise<void>;
  /** Signs a demo user in and returns the bearer token. */
  signIn: (username: string, password?: string) => Promise<string>;
  /** PostgreSQL runs: the schema this server works in, so a second server process can share it. */
  pgSchema?: string;
  close: () => Promise<void>;
}

type RawBody = NonNullable<Parameters<typeof fetch>[1]>['body'];

export interface CallOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** A raw body (multipart, malformed JSON); sent as is. */
  raw?: RawBody;
}

export interface CallResult<T> {
  status: number;
  body: ApiEnvelope<T>;
  headers: Headers;
}

/** A database of its own for a test file: SQLite in memory, or a PostgreSQL schema dropped by `drop`. */
export interface TestDb {
  handle: DbHandle;
  drop: () => Promise<void>;
  /** Every migration, asked again when a neighbouring test file's schema vanished under the migrator (see below). */
  migrate: () => Promise<void>;
  pgSchema?: string;
}

export async function openTestDb(): Promise<TestDb> {
  if (TEST_ENGINE === 'sqlite') {
    const handle = openDb({ databaseUrl: '', sqliteFile: ':memory:' });
    return { handle, drop: async () => {}, migrate: () => migrateTestDb(handle, undefined) };
  }
  // Each test file works in a schema of its own, so files can run in parallel on one database.
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const handle = openDb({ databaseUrl: TEST_DATABASE_URL, sqliteFile: '', pgSchema: schema, poolSize: 20 });
  return {
    handle,
    pgSchema: schema,
    migrate: () => migrateTestDb(handle, schema),
    drop: async () => {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    },
  };
}

/**
 * Kysely's migrator asks its introspector for the tables of every schema (pg_get_serial_sequence on each), and test
 * files running side by side drop their own schemas when they end: one dropped in between fails that look-up with
 * "schema … does not exist" (3F000) for a schema that is not ours. The migrator is idempotent, so it is asked again.
 */
async function migrateTestDb(handle: Parameters<typeof migrateToLatest>[0], pgSchema: string | undefined): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await migrateToLatest(handle);
      return;
    } catch (error) {
      const cause = error instanceof Error ? error.cause : undefined;
      const code = typeof cause === 'object' && cause !== null && 'code' in cause ? cause.code : undefined;
      const isOtherSchemaGone = code === '3F000' && pgSchema !== undefined && !String(cause).includes(pgSchema);
      if (!isOtherSchemaGone || attempt >= 5) throw error;
    }
  }
}

/** A real server on a random port with the demo company, on the engine of this run. */
export async function startTestServer(overrides: (config: Config) => void = () => {}): Promise<TestServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'osp-test-'));
  const config = loadConfig();
  config.dataDir = dataDir;
  config.uploadsDir = path.join(dataDir, 'uploads');
  config.webDist = path.join(dataDir, 'no-web');
  overrides(config);

  const { handle, drop, pgSchema, migrate } = await openTestDb();
  await migrate();
  await seedDemo(handle.db);
  const app = await buildApp({ config, database: handle, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('test server has no port');
  const baseUrl = `http://127.0.0.1:${address.port}`;

  const call = async <T>(method: string, url: string, options: CallOptions = {}): Promise<CallResult<T>> => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: RawBody = options.raw;
    if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const response = await fetch(`${baseUrl}${url}`, { method, headers, body });
    const text = await response.text();
    let parsed: ApiEnvelope<T>;
    try {
      parsed = JSON.parse(text) as ApiEnvelope<T>;
    } catch {
      parsed = { status_code: -1, message: text, data: undefined as T };
    }
    return { status: response.status, body: parsed, headers: response.headers };
  };

  const signIn = async (username: string, password = DEMO_PASSWORD) => {
    const result = await call<{ token: string }>('POST', '/api/authorizations', { body: { username, password } });
    if (result.body.status_code !== 0) throw new Error(`sign-in of ${username} failed: ${result.body.message}`);
    return result.body.data.token;
  };

  return {
    app,
    db: handle.db,
    config,
    baseUrl,
    call,
    accessChanged: () => app.accessCache.changed(),
    pgSchema,
    signIn,
    close: async () => {
      await app.close();
      await handle.close();
      await drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export async function userId(db: Db, username: string): Promise<number> {
  const row = await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
  return row.id;
}
