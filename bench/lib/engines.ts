/**
 * A fresh database per engine and run: a temporary folder for SQLite, freshly created databases for
 * PostgreSQL (so that the OSP server seeds its demo company on first start).
 */
import path from 'node:path';
import pg from 'pg';
import type { BenchConfig, EngineName } from './config';
import { makeTempDir, onCleanup, removeTempDir } from './processes';

export interface EngineSetup {
  engine: EngineName;
  /** Environment of bench/servers/one-row.ts. */
  oneRowEnv: Record<string, string>;
  /** Environment of the OSP server (apps/server/src/main.ts), without PORT and LOG_LEVEL. */
  ospEnv: Record<string, string>;
  dispose: () => Promise<void>;
}

export type EnginePreparation = { ok: true; setup: EngineSetup } | { ok: false; reason: string };

const OSP_DB = 'osp_bench';
const BASELINE_DB = 'osp_bench_baseline';

function prepareSqlite(config: BenchConfig): EngineSetup {
  const dir = makeTempDir('osp-bench-sqlite', config.sqliteDir || undefined);
  return {
    engine: 'sqlite',
    oneRowEnv: { BENCH_ENGINE: 'sqlite', BENCH_SQLITE_FILE: path.join(dir, 'one-row.sqlite') },
    ospEnv: { DATA_DIR: path.join(dir, 'osp') },
    dispose: async () => removeTempDir(dir),
  };
}

async function withAdmin<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: `${serverUrl}/postgres`, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function recreate(client: pg.Client, names: readonly string[]): Promise<void> {
  for (const name of names) {
    // WITH (FORCE) (PostgreSQL 13+) ends sessions a killed server may have left behind.
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  }
}

async function preparePostgres(config: BenchConfig): Promise<EnginePreparation> {
  try {
    await withAdmin(config.pgUrl, (client) => recreate(client, [OSP_DB, BASELINE_DB]));
  } catch (error) {
    return {
      ok: false,
      reason: `PostgreSQL is unreachable at ${config.pgUrl} (${error instanceof Error ? error.message : String(error)})`,
    };
  }
  const drop = () =>
    withAdmin(config.pgUrl, async (client) => {
      for (const name of [OSP_DB, BASELINE_DB]) await client.query(`drop database if exists ${name} with (force)`);
    });
  const unregister = onCleanup(drop);
  const dataDir = makeTempDir('osp-bench-pg');
  return {
    ok: true,
    setup: {
      engine: 'postgres',
      oneRowEnv: { BENCH_ENGINE: 'postgres', BENCH_DATABASE_URL: `${config.pgUrl}/${BASELINE_DB}` },
      // The OSP server still keeps uploads under DATA_DIR; give it a folder of its own.
      ospEnv: { DATABASE_URL: `${config.pgUrl}/${OSP_DB}`, OSP_DEMO: '1', DATA_DIR: dataDir },
      dispose: async () => {
        unregister();
        removeTempDir(dataDir);
        await drop();
      },
    },
  };
}

export async function prepareEngine(engine: EngineName, config: BenchConfig): Promise<EnginePreparation> {
  return engine === 'sqlite' ? { ok: true, setup: prepareSqlite(config) } : preparePostgres(config);
}
