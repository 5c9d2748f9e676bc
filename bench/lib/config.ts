import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: servers are started from here so that `--import tsx` resolves. */
export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type EngineName = 'sqlite' | 'postgres';

export interface BenchConfig {
  /** Seconds per measured run. */
  duration: number;
  /** Measured runs per target; the median is reported. */
  runs: number;
  connections: number;
  /** Seconds of discarded load before the measured runs. */
  warmup: number;
  engines: EngineName[];
  /** Server URL of PostgreSQL without a database name; databases osp_bench* are created under it. */
  pgUrl: string;
  /** OSP's LOG_LEVEL during the measurement (production default: info). */
  ospLogLevel: string;
  /** Write docs/performance.md (results/latest.json is always written). */
  writeDocs: boolean;
  /** Free text put into the report, e.g. "shared the machine with a test run". */
  note: string;
}

function positiveInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number, got "${raw}"`);
  return value;
}

function engines(): EngineName[] {
  const raw = process.env.BENCH_ENGINES ?? 'sqlite,postgres';
  const names = raw
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '');
  const result: EngineName[] = [];
  for (const name of names) {
    if (name !== 'sqlite' && name !== 'postgres') throw new Error(`BENCH_ENGINES: unknown engine "${name}" (use sqlite, postgres)`);
    if (!result.includes(name)) result.push(name);
  }
  if (result.length === 0) throw new Error('BENCH_ENGINES names no engine');
  return result;
}

export function loadBenchConfig(): BenchConfig {
  return {
    duration: positiveInt('BENCH_DURATION', 10),
    runs: positiveInt('BENCH_RUNS', 3),
    connections: positiveInt('BENCH_CONNECTIONS', 50),
    warmup: positiveInt('BENCH_WARMUP', 2),
    engines: engines(),
    pgUrl: (process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/+$/, ''),
    ospLogLevel: process.env.BENCH_OSP_LOG_LEVEL ?? 'info',
    writeDocs: !['0', 'false', 'no', 'off'].includes((process.env.BENCH_DOCS ?? '1').toLowerCase()),
    note: process.env.BENCH_NOTE ?? '',
  };
}
